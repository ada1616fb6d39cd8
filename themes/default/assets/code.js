/* scalesite: a Copy button on each code block.
 *
 * Loaded (by layouts/base.html) only on pages with a code block. Each
 * block the Markdown renderer wrapped in <div class="code-block"> (and any
 * other <pre><code> in the page, which is wrapped here) gets a button that
 * copies the code's text, line numbers left out. The copy needs no
 * network: the Clipboard API where the page may use it (https, or
 * localhost), else the selection copied with document.execCommand('copy'),
 * else the code is selected for the reader to copy. What happened is said
 * on the button and in a status region a screen reader announces.
 *
 * Plain ES2019, no inline script: the site's Content-Security-Policy
 * allows none.
 */
(function () {
  'use strict';
  if (typeof document === 'undefined') return;

  var status;

  // say announces text in the page's status region; the same message twice
  // is changed a little, so that it is announced again.
  function say(text) {
    if (!status) {
      status = document.createElement('div');
      status.className = 'code-status';
      status.setAttribute('role', 'status');
      document.body.appendChild(status);
    }
    status.textContent = status.textContent === text ? text + '\u00a0' : text;
  }

  // codeText is the text of a block as the reader sees it, without the
  // line numbers Chroma writes for ```lang {linenos=true}.
  function codeText(block) {
    var copy = block.cloneNode(true);
    var drop = copy.querySelectorAll('.ln, .lnt, .code-copy');
    for (var i = 0; i < drop.length; i++) drop[i].remove();
    var codes = copy.querySelectorAll('code');
    var out = '';
    for (var j = 0; j < codes.length; j++) out += codes[j].textContent;
    return out;
  }

  // copyBySelection copies text with the older execCommand, through a
  // text area off the screen; it reports whether the browser did.
  function copyBySelection(text) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'code-scratch';
    document.body.appendChild(area);
    var active = document.activeElement;
    area.select();
    var ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (e) {
      ok = false;
    }
    area.remove();
    if (active && active.focus) active.focus();
    return ok;
  }

  // selectCode selects the code of a block, for the reader to copy by hand.
  function selectCode(block) {
    var code = block.querySelector('pre code') || block.querySelector('pre');
    var sel = window.getSelection && window.getSelection();
    if (!code || !sel) return;
    var range = document.createRange();
    range.selectNodeContents(code);
    sel.removeAllRanges();
    sel.addRange(range);
  }

  function done(button, block, ok) {
    clearTimeout(button.scalesiteTimer);
    if (ok) {
      button.textContent = 'Copied';
      button.setAttribute('data-copied', '');
      say('Code copied to the clipboard.');
    } else {
      selectCode(block);
      button.textContent = 'Copy';
      say('Could not copy: the code is selected, copy it with ' + (/Mac|iP/.test(navigator.platform || '') ? '\u2318C' : 'Ctrl+C') + '.');
    }
    button.scalesiteTimer = setTimeout(function () {
      button.textContent = 'Copy';
      button.removeAttribute('data-copied');
    }, 2000);
  }

  function copy(button, block) {
    var text = codeText(block);
    var clip = window.isSecureContext && navigator.clipboard && navigator.clipboard.writeText;
    if (!clip) {
      done(button, block, copyBySelection(text));
      return;
    }
    navigator.clipboard.writeText(text).then(
      function () { done(button, block, true); },
      function () { done(button, block, copyBySelection(text)); });
  }

  function setUp() {
    var pres = document.querySelectorAll('main pre');
    for (var i = 0; i < pres.length; i++) {
      var pre = pres[i];
      if (pre.closest('.scalesite-chart')) continue;
      var block = pre.closest('.code-block');
      if (!block) {
        block = document.createElement('div');
        block.className = 'code-block';
        pre.parentNode.insertBefore(block, pre);
        block.appendChild(pre);
      }
      if (block.querySelector('.code-copy')) continue;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'code-copy';
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code');
      button.addEventListener('click', copy.bind(null, button, block));
      block.insertBefore(button, block.firstChild);
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', setUp);
  } else {
    setUp();
  }
})();

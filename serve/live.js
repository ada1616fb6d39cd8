/*
 * scalesite live preview. Served only by `scalesite serve` and added to its
 * pages only: never part of a built site.
 *
 * It listens to the server's event stream. A page whose charts alone changed
 * updates them in place (hidden series, zoom and scroll stay); any other
 * change shows the page's new version at the same scroll position (its main
 * content brought to the new version node by node, or a reload when its
 * stylesheets or scripts changed). A build
 * error shows an overlay with the file, line, column and message; the next
 * good build removes it. When the server restarts, the page reloads.
 *
 * window.scalesiteLive says what it has done, for tests and tools to wait on
 * rather than guess: connected() is a Promise that resolves once the event
 * stream has said hello (from then on every save reaches the page), and
 * hellos, changes and errors count the events received.
 */
(function () {
  'use strict';
  var here = normalize(location.pathname);
  var scrollKey = 'scalesite-scroll:' + here;
  var serverKey = 'scalesite-server';
  var saidHello;
  var helloPromise = new Promise(function (resolve) { saidHello = resolve; });
  var live = window.scalesiteLive = {
    connected: function () { return helloPromise; },
    hellos: 0, changes: 0, errors: 0
  };

  function normalize(p) {
    if (/\/index\.html$/.test(p)) p = p.slice(0, -'index.html'.length);
    return p;
  }

  function reload() {
    try { sessionStorage.setItem(scrollKey, String(window.scrollY)); } catch (e) { /* private mode */ }
    location.reload();
  }

  // Return to where the reader was before a reload.
  function restoreScroll() {
    var y = null;
    try { y = sessionStorage.getItem(scrollKey); sessionStorage.removeItem(scrollKey); } catch (e) { /* ignore */ }
    if (y !== null) window.scrollTo(0, Number(y));
  }
  if (document.readyState === 'complete') restoreScroll();
  else window.addEventListener('load', restoreScroll);

  // The error overlay: plain text only. Its colours are its own, set on
  // each element with the properties a page's stylesheet may set (the
  // theme gives pre a pale background in the light scheme, which under
  // the overlay's pale text could not be read): e2e's
  // TestErrorScreenContrast checks them against WCAG AA in both schemes.
  var overlay = null;
  function showError(text) {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'scalesite-error-overlay';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText = 'position:fixed;left:0;right:0;top:0;z-index:2147483647;max-height:60vh;overflow:auto;' +
        'margin:0;padding:16px 20px;background:#2b0d0d;color:#ffd9d9;border-bottom:3px solid #e5484d;' +
        'font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;box-shadow:0 4px 24px rgba(0,0,0,.35)';
      var title = document.createElement('div');
      title.style.cssText = 'font-weight:700;color:#fff;background:transparent;margin:0 0 6px;padding:0;border:0;' +
        'font-family:system-ui,sans-serif;font-size:14px';
      title.textContent = 'scalesite: the last save did not build. The page shows the last good version.';
      var pre = document.createElement('pre');
      pre.style.cssText = 'margin:0;padding:0;border:0;border-radius:0;background:transparent;color:inherit;' +
        'overflow:visible;white-space:pre-wrap;word-break:break-word;font:inherit';
      overlay.appendChild(title);
      overlay.appendChild(pre);
    }
    overlay.lastChild.textContent = text;
    if (!overlay.parentNode) document.documentElement.appendChild(overlay);
  }
  function hideError() {
    if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
  }

  function fetchPage() {
    return fetch(location.pathname + location.search, { cache: 'no-store' }).then(function (r) {
      return r.text();
    }).then(function (html) {
      return new DOMParser().parseFromString(html, 'text/html');
    });
  }

  // assetsOf lists a document's stylesheets and scripts: while they stay the
  // same, a new version of the page can be swapped in without a reload.
  function assetsOf(doc) {
    var out = [];
    var els = doc.querySelectorAll('head link[rel="stylesheet"], head script[src]');
    for (var i = 0; i < els.length; i++) out.push(els[i].getAttribute('href') || els[i].getAttribute('src'));
    return out.join('\n');
  }

  // refresh shows the page's new version in place (the scroll position
  // stays, and nothing is downloaded again) when it uses the same
  // stylesheets and scripts; otherwise the page reloads. Its <main> is
  // brought to the new version node by node (morph): what did not change
  // stays as it is, so that the browser lays out and paints again only what
  // did. A title saved redraws one entry of a listing of fifty, not the
  // fifty (BENCHMARKS.md, issue 22: its layout took 20-40 ms).
  function refresh() {
    return fetchPage().then(function (doc) {
      var main = document.querySelector('main'), fresh = doc.querySelector('main');
      if (!main || !fresh || assetsOf(doc) !== assetsOf(document)) return reload();
      var y = window.scrollY;
      // Charts whose option did not change stay as they are: no redraw,
      // and their hidden series and zoom stay.
      var keep = {};
      var figs = main.querySelectorAll('figure.scalesite-chart');
      for (var i = 0; i < figs.length; i++) {
        var s = figs[i].querySelector('script.scalesite-option');
        if (s) keep[s.getAttribute('data-chart')] = { fig: figs[i], text: s.textContent };
      }
      var changed = { charts: 0 };
      morph(main, fresh, keep, changed);
      document.title = doc.title;
      window.scrollTo(0, y);
      // New and changed charts are drawn after the text has been painted.
      if (window.scalesite && changed.charts) setTimeout(function () { window.scalesite.mount(document); }, 0);
      if (!window.scalesite && fresh.querySelector('figure.scalesite-chart')) return reload(); // the page's first chart: load the chart scripts
      window.__scalesiteUpdated = (window.__scalesiteUpdated || 0) + 1;
    }).catch(reload);
  }

  function isChart(n) {
    return n.nodeType === 1 && n.nodeName === 'FIGURE' && n.classList.contains('scalesite-chart');
  }

  // imported returns node n of the new version, made this document's, with
  // each chart in it the one in keep with the same option (taken out of
  // keep), or else counted in changed.charts, to be drawn.
  function imported(n, keep, changed) {
    var out = document.importNode(n, true);
    if (out.nodeType !== 1) return out;
    var figs = isChart(out) ? [out] : out.querySelectorAll('figure.scalesite-chart');
    for (var i = 0; i < figs.length; i++) {
      var s = figs[i].querySelector('script.scalesite-option');
      var id = s && s.getAttribute('data-chart');
      var k = id && keep[id];
      if (k && k.text === s.textContent) {
        delete keep[id];
        if (figs[i] === out) return k.fig;
        figs[i].replaceWith(k.fig);
      } else {
        changed.charts++;
      }
    }
    return out;
  }

  // after returns n's next sibling that is not white space, or null.
  function after(n) {
    n = n.nextSibling;
    while (n && n.nodeType === 3 && !/\S/.test(n.nodeValue)) n = n.nextSibling;
    return n;
  }

  // morph makes the children (and attributes) of the live element a those
  // of b, from the new version of the page, keeping every node of a that is
  // already right. A chart is taken whole (imported): the one on the page
  // with the same option, moved here if it was elsewhere, or the new one.
  function morph(a, b, keep, changed) {
    if (a.nodeType === 1) {
      var i, at;
      for (i = a.attributes.length - 1; i >= 0; i--) {
        at = a.attributes[i];
        if (!b.hasAttribute(at.name)) a.removeAttribute(at.name);
      }
      for (i = 0; i < b.attributes.length; i++) {
        at = b.attributes[i];
        if (a.getAttribute(at.name) !== at.value) a.setAttribute(at.name, at.value);
      }
    }
    var ac = a.firstChild, bc = b.firstChild;
    while (bc) {
      var nb = bc.nextSibling;
      if (isChart(bc)) {
        var put = imported(bc, keep, changed);
        if (put !== ac) a.insertBefore(put, ac); // a kept chart is moved
        else ac = ac.nextSibling;
      } else if (ac && !isChart(ac) && ac.nodeType === bc.nodeType && ac.nodeName === bc.nodeName) {
        if (ac.nodeType === 1 && !ac.isEqualNode(bc)) {
          // One element added or taken out (a new page at the top of a
          // listing): the rest is moved along, not rewritten.
          var ahead = after(bc);
          if (ahead && ahead.isEqualNode(ac)) {
            a.insertBefore(imported(bc, keep, changed), ac);
            bc = nb;
            continue;
          }
          ahead = after(ac);
          if (ahead && !isChart(ahead) && ahead.isEqualNode(bc)) {
            while (ac !== ahead) {
              var gone = ac;
              ac = ac.nextSibling;
              a.removeChild(gone);
            }
            continue;
          }
          morph(ac, bc, keep, changed);
        } else if (ac.nodeType !== 1 && ac.nodeValue !== bc.nodeValue) {
          ac.nodeValue = bc.nodeValue;
        }
        ac = ac.nextSibling;
      } else {
        a.insertBefore(imported(bc, keep, changed), ac);
      }
      bc = nb;
    }
    while (ac) {
      var next = ac.nextSibling;
      a.removeChild(ac);
      ac = next;
    }
  }

  // Update the charts of this page from its new version, in place.
  function updateCharts() {
    return fetchPage().then(function (doc) {
      var fresh = doc.querySelectorAll('script.scalesite-option');
      var current = document.querySelectorAll('script.scalesite-option');
      if (!window.scalesite || fresh.length !== current.length) return reload();
      for (var i = 0; i < fresh.length; i++) {
        var id = fresh[i].getAttribute('data-chart');
        if (current[i].getAttribute('data-chart') !== id) return reload();
      }
      for (var k = 0; k < fresh.length; k++) {
        var cid = fresh[k].getAttribute('data-chart');
        var text = fresh[k].textContent;
        if (current[k].textContent === text) continue;
        current[k].textContent = text;
        var el = document.getElementById(cid), nel = doc.getElementById(cid);
        if (el && nel) {
          if (nel.getAttribute('aria-label') !== null) el.setAttribute('aria-label', nel.getAttribute('aria-label'));
          if (nel.style.height) el.style.height = nel.style.height;
          // the chart's data table (export.js' toolbar stays as it is)
          var fig = el.closest('figure'), nfig = nel.closest('figure');
          var table = fig && fig.querySelector('.scalesite-data'), ntable = nfig && nfig.querySelector('.scalesite-data');
          if (table && ntable) {
            var copy = document.importNode(ntable, true);
            copy.open = table.open;
            table.replaceWith(copy);
          }
        }
        window.scalesite.update(cid, JSON.parse(text));
      }
      window.__scalesiteUpdated = (window.__scalesiteUpdated || 0) + 1;
    }).catch(reload);
  }

  function onEvent(e) {
    var ev;
    try { ev = JSON.parse(e.data); } catch (err) { return; }
    if (ev.type === 'hello') {
      live.hellos++;
      var seen = null;
      try { seen = sessionStorage.getItem(serverKey); sessionStorage.setItem(serverKey, ev.server); } catch (err) { /* ignore */ }
      if (seen && seen !== ev.server) return reload(); // the server restarted
      if (ev.error) showError(ev.error); else hideError();
      saidHello();
      return;
    }
    if (ev.type === 'error') {
      live.errors++;
      return showError(ev.error);
    }
    if (ev.type !== 'change') return;
    live.changes++;
    hideError();
    var rl = ev.reload || [], ch = ev.charts || [];
    if (rl.indexOf('*') >= 0) return reload();
    if (rl.indexOf(here) >= 0) return refresh();
    if (ch.indexOf(here) >= 0) updateCharts();
  }

  // The browser reconnects by itself after a dropped stream, but gives up
  // for good on some failures (a refused connection while the server
  // restarts, in some browsers): then a new stream is opened every second.
  //
  // A page put in the back/forward cache closes its stream: an open one
  // would hold one of the six connections a browser allows per host, and
  // after six pages the next request would wait for a free one. The page
  // opens a new stream when it is shown again from the cache.
  var source = null;
  function connect() {
    var mine = new EventSource('/__scalesite/events');
    source = mine;
    mine.onmessage = onEvent;
    mine.onerror = function () {
      if (mine.readyState === 2 && source === mine) { // CLOSED, not by pagehide
        setTimeout(connect, 1000);
      }
    };
  }
  if (window.EventSource) {
    connect();
    window.addEventListener('pagehide', function () {
      if (source) { var s = source; source = null; s.close(); }
    });
    window.addEventListener('pageshow', function (e) {
      if (e.persisted && !source) connect();
    });
  }
})();

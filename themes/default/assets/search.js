/* scalesite: the search page.
 *
 * Loaded by layouts/base.html on the search page only (layouts/search.html).
 * It reads the site's search index, one JSON file written at build time
 * (render/search.go: each page's title, address, description, tags and
 * section headings), from the site itself, and searches it in the browser:
 * no server, no other host.
 *
 * A page matches when every word of the query begins a word of its title,
 * tags, headings or description, in any case and with or without accents;
 * pages are ranked by where their words match (title first, description
 * last). Each result links to the page and to its matching sections. The
 * query is kept in the address (?q=...), so a search can be linked to.
 *
 * A title or heading with TeX has its markup in the index too ("html"),
 * typeset by KaTeX at build time as the pages' formulas are; it is shown
 * by copying that markup node by node, keeping only the elements and
 * attributes KaTeX writes (typeset), so that nothing in the index becomes
 * code. Its words are searched in their plain form.
 *
 * Plain ES2019; the results are built as DOM nodes, never from HTML text.
 */
(function () {
  'use strict';
  if (typeof document === 'undefined') return;

  var input = document.getElementById('search-query');
  if (!input) return;
  var form = input.form;
  var status = document.querySelector('.search-status');
  var list = document.querySelector('.search-results');
  var pages = null; // the index, once read
  var failed = false;
  var maxResults = 50;
  var maxSections = 4;
  var weights = { title: 8, tags: 5, headings: 3, description: 2 };
  var marks = /[\u0300-\u036f]/g;
  var wordChar = /[\p{L}\p{N}]/u;

  // fold lowers the case of text and drops its accents, one code point at a
  // time, and says where each folded character came from in text.
  function fold(text) {
    var out = '';
    var from = [];
    var i = 0;
    for (var ch of text) {
      var f = ch.toLowerCase().normalize('NFD').replace(marks, '');
      for (var k = 0; k < f.length; k++) from.push(i);
      out += f;
      i += ch.length;
    }
    from.push(i);
    return { text: out, from: from };
  }

  function terms(query) {
    return fold(query).text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }

  // starts lists where term begins a word of folded text.
  function starts(folded, term) {
    var at = [];
    var i = folded.indexOf(term);
    while (i >= 0) {
      if (i === 0 || !wordChar.test(folded.charAt(i - 1))) at.push(i);
      i = folded.indexOf(term, i + 1);
    }
    return at;
  }

  function prepare(index) {
    return (index.pages || []).map(function (p, order) {
      return {
        page: p,
        order: order,
        title: fold(p.title || '').text,
        tags: fold((p.tags || []).join(' ')).text,
        description: fold(p.description || '').text,
        headings: (p.headings || []).map(function (h) { return fold(h.text).text; })
      };
    });
  }

  // score is 0 for a page some term matches nowhere in, and more the
  // weightier the fields the terms match in.
  function score(entry, ts) {
    var total = 0;
    for (var i = 0; i < ts.length; i++) {
      var best = 0;
      if (starts(entry.title, ts[i]).length) best = weights.title;
      else if (starts(entry.tags, ts[i]).length) best = weights.tags;
      else if (entry.headings.some(function (h) { return starts(h, ts[i]).length > 0; })) best = weights.headings;
      else if (starts(entry.description, ts[i]).length) best = weights.description;
      if (!best) return 0;
      total += best;
    }
    return total;
  }

  // What typeset markup may hold: KaTeX's HTML (spans), MathML and the
  // SVG of its stretchy signs; and the attributes those carry.
  // The three namespaces are read from what the HTML parser gives <svg>
  // and <math>, so that the script names no address.
  var nsDoc = new DOMParser().parseFromString('<svg></svg><math></math>', 'text/html').body;
  var htmlNS = nsDoc.namespaceURI;
  var svgNS = nsDoc.firstChild.namespaceURI;
  var mathNS = nsDoc.lastChild.namespaceURI;
  var svgTags = { svg: 1, path: 1, line: 1, rect: 1, g: 1 };
  var attrOK = /^(class|style|aria-hidden|width|height|viewBox|preserveAspectRatio|d|x|y|x1|x2|y1|y2|stroke-width|encoding|mathvariant|stretchy|fence|separator|lspace|rspace|accent|accentunder|minsize|maxsize|movablelimits|columnalign|columnspacing|rowspacing|displaystyle|scriptlevel|linethickness|notation|form|largeop|symmetric|depth|voffset)$/;

  // typeset appends markup to el: the elements KaTeX writes, copied with
  // the attributes it gives them; text as text, the words terms match
  // outside formulas in <mark>; anything else left out.
  function typeset(el, markup, ts) {
    var doc = new DOMParser().parseFromString('<!DOCTYPE html><body>' + markup, 'text/html');
    (function copy(from, to, formula) {
      for (var n = from.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 3) {
          if (formula) to.appendChild(document.createTextNode(n.data));
          else marked(to, n.data, ts);
          continue;
        }
        if (n.nodeType !== 1) continue;
        var ns = n.namespaceURI;
        var tag = n.localName;
        if (!(ns === htmlNS && tag === 'span' || ns === mathNS || ns === svgNS && svgTags[tag])) continue;
        var c = document.createElementNS(ns, tag);
        for (var i = 0; i < n.attributes.length; i++) {
          var a = n.attributes[i];
          if (!a.namespaceURI && attrOK.test(a.name)) c.setAttribute(a.name, a.value);
        }
        copy(n, c, formula || ns !== htmlNS || /(^| )math( |$)/.test(n.getAttribute('class') || ''));
        to.appendChild(c);
      }
    })(doc.body, el, false);
    return el;
  }

  // shown appends a title or heading to el: typeset when it has markup,
  // else its text with the words that terms match in <mark>.
  function shown(el, text, markup, ts) {
    return markup ? typeset(el, markup, ts) : marked(el, text, ts);
  }

  // marked appends text to el with the words that terms match in <mark>.
  function marked(el, text, ts) {
    var f = fold(text);
    var ranges = [];
    ts.forEach(function (t) {
      starts(f.text, t).forEach(function (i) { ranges.push([f.from[i], f.from[i + t.length]]); });
    });
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var pos = 0;
    ranges.forEach(function (r) {
      if (r[0] < pos) return;
      if (r[0] > pos) el.appendChild(document.createTextNode(text.slice(pos, r[0])));
      var m = document.createElement('mark');
      m.textContent = text.slice(r[0], r[1]);
      el.appendChild(m);
      pos = r[1];
    });
    if (pos < text.length) el.appendChild(document.createTextNode(text.slice(pos)));
    return el;
  }

  function say(text) {
    if (status) status.textContent = text;
  }

  function show(query) {
    list.textContent = '';
    var ts = terms(query);
    if (!ts.length) {
      say('');
      return;
    }
    if (!pages) {
      say(failed ? 'The search index could not be read.' : 'Reading the search index\u2026');
      return;
    }
    var found = pages
      .map(function (e) { return { e: e, score: score(e, ts) }; })
      .filter(function (r) { return r.score > 0; })
      .sort(function (a, b) { return b.score - a.score || a.e.order - b.e.order; });
    var q = '\u201c' + query.trim() + '\u201d';
    say(found.length === 0 ? 'No page matches ' + q + '.'
      : (found.length === 1 ? 'One page matches ' : found.length + ' pages match ') + q +
        (found.length > maxResults ? '; the first ' + maxResults + ' are shown.' : '.'));
    found.slice(0, maxResults).forEach(function (r) {
      var p = r.e.page;
      var li = document.createElement('li');
      li.className = 'search-result';
      var a = document.createElement('a');
      a.className = 'search-title';
      a.href = p.url;
      shown(a, p.title || p.url, p.html, ts);
      li.appendChild(a);
      if (p.description) {
        var d = document.createElement('p');
        d.className = 'search-description';
        li.appendChild(marked(d, p.description, ts));
      }
      var sections = (p.headings || []).filter(function (h, i) {
        return ts.some(function (t) { return starts(r.e.headings[i], t).length > 0; });
      }).slice(0, maxSections);
      if (sections.length) {
        var ul = document.createElement('ul');
        ul.className = 'search-sections';
        sections.forEach(function (h) {
          var sli = document.createElement('li');
          var sa = document.createElement('a');
          sa.href = p.url + '#' + encodeURIComponent(h.id);
          shown(sa, h.text, h.html, ts);
          sli.appendChild(sa);
          ul.appendChild(sli);
        });
        li.appendChild(ul);
      }
      list.appendChild(li);
    });
  }

  function remember(query) {
    if (!window.history || !history.replaceState) return;
    var url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  }

  input.addEventListener('input', function () {
    show(input.value);
    remember(input.value);
  });
  if (form) {
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      show(input.value);
      remember(input.value);
    });
  }

  var initial = new URL(window.location.href).searchParams.get('q');
  if (initial) input.value = initial;
  fetch(input.getAttribute('data-index'), { credentials: 'same-origin' })
    .then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    })
    .then(function (index) { pages = prepare(index); })
    .catch(function () { failed = true; })
    .then(function () {
      document.documentElement.setAttribute('data-search-ready', failed ? 'failed' : 'ready');
      show(input.value);
    });
})();

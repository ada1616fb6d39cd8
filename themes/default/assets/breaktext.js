/* scalesite: chart text broken into lines, pure functions only.
 *
 *   breakText(text, width, measure)    a title or legend entry broken into lines
 *
 * In the browser it adds to window.scalesiteLayout (with ticks.js, labels.js
 * and colors.js); in Node it exports the same functions (module.exports)
 * for tests. Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  /* ---------------------------------------------------------------------
   * Breaking chart text into lines
   * ------------------------------------------------------------------- */

  // Superscripts and subscripts: TeX in chart text becomes them
  // (internal/plaintex), and a line must never start with one, which would
  // leave "a · C" on one line and its exponent "ᵇ" alone on the next.
  // ECharts' own wrapping breaks before any character outside its Latin
  // ranges, these included, so the site breaks the texts itself.
  var SCRIPTS = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c\u207d\u207e\u2071\u207f' +
    '\u1d43\u1d47\u1d9c\u1d48\u1d49\u1da0\u1d4d\u02b0\u02b2\u1d4f\u02e1\u1d50\u1d52\u1d56\u02b3\u02e2\u1d57\u1d58\u1d5b\u02b7\u02e3\u02b8\u1dbb' +
    '\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208c\u208d\u208e' +
    '\u2090\u2091\u2095\u1d62\u2c7c\u2096\u2097\u2098\u2099\u2092\u209a\u1d63\u209b\u209c\u1d64\u1d65\u2093' +
    '\u1d2c\u1d2e\u1d30\u1d31\u1d33\u1d34\u1d35\u1d36\u1d37\u1d38\u1d39\u1d3a\u1d3c\u1d3e\u1d3f\u1d40\u1d41\u1d42' +
    '\u2032\u2033'; // primes go with what they follow (x′)

  function isDigitish(ch) {
    return (ch >= '0' && ch <= '9') || ch === '.' || ch === ',';
  }

  // canSplit says whether a word too long for a line may be split between
  // a and b, the last character of one line and the first of the next:
  // never before a script or a combining mark, nor inside a surrogate
  // pair or a scripted decimal; with strict, nor inside a number (0.0992, 1,024) either, which
  // only a number wider than a line breaks.
  function canSplit(a, b, strict) {
    var cb = b.charCodeAt(0);
    if (cb >= 0xdc00 && cb <= 0xdfff) return false;
    if (SCRIPTS.indexOf(b) >= 0 || (cb >= 0x300 && cb <= 0x36f) || b === '\u2060') return false;
    // the dot of a scripted decimal (C⁰·⁵) stays in its exponent
    if (b === '\u00b7' && SCRIPTS.indexOf(a) >= 0) return false;
    return !strict || !(isDigitish(a) && isDigitish(b));
  }

  // splitAt is where to split word w, too wide for width: the last place
  // that fits where a strict split is allowed, else the last that fits
  // where any is, else the first allowed place past the width (a word that
  // ends in scripts is drawn wider than the line, not torn from them); 0
  // when the word has no place to split at all.
  function splitAt(w, width, measure) {
    var strict = -1;
    var loose = -1;
    var k = 1;
    for (; k < w.length; k++) {
      if (measure(w.slice(0, k)) > width) break;
      if (canSplit(w.charAt(k - 1), w.charAt(k), true)) strict = k;
      if (canSplit(w.charAt(k - 1), w.charAt(k), false)) loose = k;
    }
    if (strict > 0) return strict;
    if (loose > 0) return loose;
    for (; k < w.length; k++) {
      if (canSplit(w.charAt(k - 1), w.charAt(k), false)) return k;
    }
    return 0;
  }

  // breakText breaks text into lines no wider than width, as measured by
  // measure(string) -> px: at spaces (U+0020; a no-break space holds), and
  // a word wider than a line where canSplit allows, at the last place that
  // fits (a word with no such place, a number wider than a line, is split
  // where it must rather than drawn past the edge). Newlines are kept.
  // An empty text has no lines.
  function breakText(text, width, measure) {
    var out = [];
    if (text == null || String(text) === '') return out;
    String(text).split('\n').forEach(function (para) {
      var words = para.split(' ');
      var line = '';
      var i = 0;
      while (i < words.length) {
        var w = words[i];
        var next = line ? line + ' ' + w : w;
        if (measure(next) <= width || (!line && w === '')) {
          line = next;
          i++;
          continue;
        }
        if (line) { // the word starts the next line
          out.push(line);
          line = '';
          continue;
        }
        // one word wider than a line
        var cut = splitAt(w, width, measure);
        if (cut <= 0) { // no place to split it
          line = w;
          i++;
          continue;
        }
        out.push(w.slice(0, cut));
        words[i] = w.slice(cut);
      }
      out.push(line);
    });
    return out;
  }

  var api = {
    breakText: breakText
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteLayout = window.scalesiteLayout || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();

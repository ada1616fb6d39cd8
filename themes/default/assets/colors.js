/* scalesite: series colours that read on the page, pure functions only.
 *
 *   contrast(a, b)                     WCAG 2.x contrast ratio of two colours
 *   readableColor(color, bg, min)      a colour moved in lightness until it
 *                                      reads on a background
 *
 * The series palette itself is chart/style.go's: the option carries each
 * series' colour, and readableColor keeps a colour the spec gave readable.
 *
 * In the browser it adds to window.scalesiteLayout (with ticks.js, labels.js
 * and colors.js); in Node it exports the same functions (module.exports)
 * for tests. Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  /* ---------------------------------------------------------------------
   * Colour
   * ------------------------------------------------------------------- */

  // '#rgb' or '#rrggbb' -> [r, g, b] in 0..255, or null
  function parseHex(c) {
    if (typeof c !== 'string') return null;
    var m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c.trim());
    if (!m) return null;
    var h = m[1];
    if (h.length === 3) h = h.charAt(0) + h.charAt(0) + h.charAt(1) + h.charAt(1) + h.charAt(2) + h.charAt(2);
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }

  function toHex(rgb) {
    var s = '#';
    for (var i = 0; i < 3; i++) {
      var v = Math.max(0, Math.min(255, Math.round(rgb[i])));
      s += (v < 16 ? '0' : '') + v.toString(16);
    }
    return s;
  }

  function toLinear(c) {
    c /= 255;
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }

  function fromLinear(c) {
    var v = c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
    return v * 255;
  }

  // WCAG 2.x relative luminance of [r, g, b]
  function luminance(rgb) {
    return 0.2126 * toLinear(rgb[0]) + 0.7152 * toLinear(rgb[1]) + 0.0722 * toLinear(rgb[2]);
  }

  function ratio(la, lb) {
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
  }

  // contrast('#440154', '#111418') -> WCAG 2.x contrast ratio (1..21), NaN
  // for colours that are not '#rgb' / '#rrggbb'.
  function contrast(a, b) {
    var ra = parseHex(a);
    var rb = parseHex(b);
    if (!ra || !rb) return NaN;
    return ratio(luminance(ra), luminance(rb));
  }

  // OKLab (Björn Ottosson, 2020) from and to linear sRGB
  function linearToOklab(r, g, b) {
    var l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    var m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    var s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return [
      0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
      1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
      0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    ];
  }

  function oklabToLinear(L, a, b) {
    var l = L + 0.3963377774 * a + 0.2158037573 * b;
    var m = L - 0.1055613458 * a - 0.0638541728 * b;
    var s = L - 0.0894841775 * a - 1.2914855480 * b;
    l = l * l * l;
    m = m * m * m;
    s = s * s * s;
    return [
      4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
      -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
      -0.0041960863 * l - 0.7034186147 * m + 1.7076768670 * s
    ];
  }

  function inGamut(lin) {
    return lin[0] >= -1e-7 && lin[0] <= 1 + 1e-7 && lin[1] >= -1e-7 && lin[1] <= 1 + 1e-7 &&
      lin[2] >= -1e-7 && lin[2] <= 1 + 1e-7;
  }

  // The sRGB colour of OKLCH (L, C, h), chroma reduced until it is in gamut.
  function oklchToRgb(L, C, h) {
    var ca = Math.cos(h);
    var sa = Math.sin(h);
    var lin = oklabToLinear(L, C * ca, C * sa);
    if (!inGamut(lin)) {
      var lo = 0;
      var hi = C;
      for (var i = 0; i < 24; i++) {
        var mid = (lo + hi) / 2;
        if (inGamut(oklabToLinear(L, mid * ca, mid * sa))) lo = mid;
        else hi = mid;
      }
      lin = oklabToLinear(L, lo * ca, lo * sa);
    }
    return [fromLinear(Math.max(0, Math.min(1, lin[0]))), fromLinear(Math.max(0, Math.min(1, lin[1]))),
      fromLinear(Math.max(0, Math.min(1, lin[2])))];
  }

  // readableColor(color, background, minContrast = 3) -> '#rrggbb': color
  // itself when it has minContrast against background; otherwise the colour
  // with the same OKLCH hue (and chroma, as far as the gamut allows) whose
  // OKLab lightness moved the least, lighter or darker, to reach it. When
  // neither way reaches it, the end (white or black) with more contrast.
  function readableColor(color, background, minContrast) {
    var rgb = parseHex(color);
    var bg = parseHex(background);
    if (!rgb || !bg) return color;
    var min = isFinite(minContrast) && minContrast > 0 ? +minContrast : 3;
    var lb = luminance(bg);
    if (ratio(luminance(rgb), lb) >= min) return color;
    var lab = linearToOklab(toLinear(rgb[0]), toLinear(rgb[1]), toLinear(rgb[2]));
    var L0 = lab[0];
    var C = Math.sqrt(lab[1] * lab[1] + lab[2] * lab[2]);
    if (C < 1e-4) C = 0; // greys stay grey
    var h = Math.atan2(lab[2], lab[1]);
    function at(L) {
      return toHex(oklchToRgb(L, C, h));
    }
    function passes(hex) {
      return ratio(luminance(parseHex(hex)), lb) >= min;
    }
    var best = null;
    var ends = [1, 0];
    for (var e = 0; e < ends.length; e++) {
      var end = ends[e];
      if (!passes(at(end))) continue;
      var lo = 0; // fraction of the way from L0 to end: fails at lo, passes at hi
      var hi = 1;
      for (var i = 0; i < 30; i++) {
        var mid = (lo + hi) / 2;
        if (passes(at(L0 + (end - L0) * mid))) hi = mid;
        else lo = mid;
      }
      var move = Math.abs(end - L0) * hi;
      if (!best || move < best.move) best = { move: move, hex: at(L0 + (end - L0) * hi) };
    }
    if (best) return best.hex;
    return ratio(1, lb) >= ratio(0, lb) ? '#ffffff' : '#000000';
  }


  var api = {
    contrast: contrast,
    readableColor: readableColor
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteLayout = window.scalesiteLayout || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();

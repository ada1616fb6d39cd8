/* scalesite: formatting for the charts, pure functions only.
 *
 * Tick labels (@auto, @pow, @sci, @si, @percent, @fraction, @plain), and
 * full values for tooltips and zoom sliders. The tooltip, HTML escaping
 * and applyTokens, which swaps the formatter tokens of a chart option for
 * these functions, are tooltip.js' (loaded after this file).
 *
 * In the browser it defines window.scalesiteFormat (which tooltip.js adds
 * to) for site.js; in Node it exports the same object (module.exports)
 * for tests. Plain ES2019: no modules, no eval.
 */
(function () {
  'use strict';

  /* ---------------------------------------------------------------------
   * Number formatting (pure)
   * ------------------------------------------------------------------- */

  var SUPERSCRIPT = {
    '0': '\u2070', '1': '\u00b9', '2': '\u00b2', '3': '\u00b3', '4': '\u2074',
    '5': '\u2075', '6': '\u2076', '7': '\u2077', '8': '\u2078', '9': '\u2079',
    '-': '\u207b'
  };
  var TIMES = '\u00d7';
  var MINUS = '-';

  // Significant digits kept when trimming float noise: tick values come from
  // echarts' interval arithmetic (0.30000000000000004), tooltip values are
  // data as written (up to 15 digits survive a double round trip).
  var TICK_DIGITS = 12;
  var FULL_DIGITS = 15;

  function toNumber(v) {
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && v.trim() !== '') return Number(v);
    return NaN;
  }

  function superscript(n) {
    var s = String(n);
    var out = '';
    for (var i = 0; i < s.length; i++) out += SUPERSCRIPT[s.charAt(i)] || '';
    return out;
  }

  // round to `digits` significant digits, dropping float noise. The sign
  // is kept apart: goja (the build's JavaScript, which draws the static
  // figures) writes a negative value that rounds up to a power of ten
  // wrongly ((-0.9996).toPrecision(3) is ".0.000", a NaN), where browsers
  // write "-1.00".
  function tidy(v, digits) {
    if (v === 0 || !isFinite(v)) return v;
    return v < 0 ? -Number((-v).toPrecision(digits)) : Number(v.toPrecision(digits));
  }

  // decimal(1e21) -> "1000000000000000000000", decimal(1e-7) -> "0.0000001":
  // a number as a decimal string, never in exponent notation.
  function decimal(n) {
    var s = String(n);
    if (s.indexOf('e') < 0) return s; // the pattern below needs an exponent
    var m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
    if (!m) return s;
    var sign = m[1];
    var frac = m[3] || '';
    var digits = (m[2] + frac).replace(/^0+(?=\d)/, '');
    var exp = parseInt(m[4], 10) - frac.length; // n = digits * 10^exp
    if (exp >= 0) return sign + digits + '0'.repeat(exp);
    var point = digits.length + exp;
    if (point > 0) return sign + digits.slice(0, point) + '.' + digits.slice(point);
    return sign + '0.' + '0'.repeat(-point) + digits;
  }

  // group("1234567.5") -> "1,234,567.5"
  function group(s) {
    var neg = s.charAt(0) === '-';
    if (neg) s = s.slice(1);
    var dot = s.indexOf('.');
    var whole = dot < 0 ? s : s.slice(0, dot);
    var frac = dot < 0 ? '' : s.slice(dot);
    whole = digitsOnly(whole) ? groupDigits(whole) : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return (neg ? MINUS : '') + whole + frac;
  }

  // groupDigits is the pattern of group on a string of ASCII digits only
  // (every number's): a comma before each run of three from the right, none
  // at the start. Without a regular expression: tick labels are written
  // many times over where the static figures are drawn.
  function groupDigits(d) {
    var first = d.length % 3 || 3;
    var out = d.slice(0, first);
    for (var i = first; i < d.length; i += 3) out += ',' + d.slice(i, i + 3);
    return out;
  }
  function digitsOnly(s) {
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    return true;
  }

  function special(v) {
    if (isNaN(v)) return '';
    return v > 0 ? '\u221e' : MINUS + '\u221e';
  }

  // number -> "1,234,567.5" with at most `digits` significant digits.
  function plainDigits(v, digits) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    v = tidy(v, digits);
    if (v === 0) return '0'; // also -0
    return group(decimal(v));
  }

  // mantissa and exponent: v = m * 10^e with 1 <= |m| < 10, m rounded to
  // `digits` significant digits. Read from the decimal digits of v itself
  // (toExponential), never as v / 10^e: 10^e is no double past 10^308 and
  // an inexact one below 10^-307 (1e-320 would read 1.00001×10⁻³²⁰).
  function splitExp(v, digits) {
    var d = Math.min(Math.max(Math.round(digits) || 1, 1), 21);
    // the shortest digits that read back as v when they are few enough
    // (1e-320, a subnormal, is 9.99988671826831e-321 to 15 digits)
    var s = Math.abs(v).toExponential();
    if (s.indexOf('e') - (s.indexOf('.') >= 0 ? 1 : 0) > d) s = Math.abs(v).toExponential(d - 1);
    var at = s.indexOf('e');
    return { sign: v < 0 ? MINUS : '', m: Number(s.slice(0, at)), e: parseInt(s.slice(at + 1), 10) };
  }

  // 1e21 -> "10²¹", 1e-3 -> "10⁻³", 1 -> "1", 5e8 -> "5×10⁸"
  function powDigits(v, digits, sep) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    if (v === 0) return '0';
    var p = splitExp(v, digits);
    if (p.m === 1) return p.sign + (p.e === 0 ? '1' : '10' + superscript(p.e));
    if (p.e === 0) return p.sign + decimal(p.m);
    return p.sign + decimal(p.m) + sep + '10' + superscript(p.e);
  }

  // 1e21 -> "1E+21", 5e8 -> "5E+8", 0.0015 -> "1.5E-3"
  function sciDigits(v, digits) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    if (v === 0) return '0';
    var p = splitExp(v, digits);
    return p.sign + decimal(p.m) + 'E' + (p.e < 0 ? '-' : '+') + Math.abs(p.e);
  }

  // SI prefixes, largest first. B (not G) for 10^9, as model sizes are
  // written; below 1 the metric prefixes m, \u00b5, n, p. Nothing beyond T
  // and p: 10^15 is "1,000T", 10^-13 is "0.1p".
  var SI = [
    { f: 1e12, s: 'T' },
    { f: 1e9, s: 'B' },
    { f: 1e6, s: 'M' },
    { f: 1e3, s: 'k' },
    { f: 1, s: '' },
    { f: 1e-3, s: 'm' },
    { f: 1e-6, s: '\u00b5' },
    { f: 1e-9, s: 'n' },
    { f: 1e-12, s: 'p' }
  ];

  // a / f without the float noise of dividing by an inexact 1e-3 .. 1e-12
  function siScale(a, f) {
    return f >= 1 ? a / f : a * Math.round(1 / f);
  }

  // 2.9e9 -> "2.9B", 1.3e8 -> "130M", 7000 -> "7k", 950 -> "950",
  // 0.5 -> "500m", 0.002 -> "2m", 3e-6 -> "3\u00b5", 1e-10 -> "100p"
  function siDigits(v, digits) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    if (v === 0) return '0';
    var sign = v < 0 ? MINUS : '';
    var a = Math.abs(v);
    var r = tidy(a, digits);
    var i = 0;
    // the first unit the value reaches once rounded (999,999 -> 1M); the
    // smallest unit takes whatever is left
    while (i < SI.length - 1 && r < SI[i].f) i++;
    var scaled = tidy(siScale(a, SI[i].f), digits);
    if (scaled >= 1000 && i > 0) {
      i -= 1;
      scaled = tidy(siScale(a, SI[i].f), digits);
    }
    return sign + group(decimal(scaled)) + SI[i].s;
  }

  function round(v, places) {
    return Number(v.toFixed(places));
  }

  // a value already in percent: 45 -> "45%", 45.00000001 -> "45%"
  function percent(v) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    return plainDigits(round(v, 6), TICK_DIGITS) + '%';
  }

  // a fraction: 0.45 -> "45%"
  function fraction(v) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    return percent(v * 100);
  }

  function plain(v) {
    return plainDigits(v, TICK_DIGITS);
  }

  // a year: 2017, never 2,017
  function year(v) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    return decimal(tidy(v, TICK_DIGITS));
  }

  function pow(v) {
    return powDigits(v, 4, TIMES);
  }

  // autoPlain is the one rule of format auto: it writes |v| plainly on a
  // log axis from 0.01 to 10^4, on a linear one from 10^-4 to 10^9 (a
  // number of at most 11 characters), and anything else as a power:
  // 1e100 is 10¹⁰⁰, never 101 digits. (ticks.js writes a whole axis in
  // one form by it; tooltips and slider handles write each value by it.)
  function autoPlain(v, log) {
    var a = Math.abs(toNumber(v));
    if (a === 0 || !isFinite(a)) return true;
    return log ? a >= 0.01 && a < 1e4 : a >= 1e-4 && a < 1e9;
  }

  // auto on a linear axis, value by value
  function auto(v) {
    return autoPlain(v, false) ? plain(v) : pow(v);
  }

  function sci(v) {
    return sciDigits(v, 4);
  }

  function si(v) {
    return siDigits(v, 3);
  }

  // formatDigits writes v in the form of tick format `name` (pow, sci, si,
  // percent, fraction, plain, year; anything else as plain) with `digits`
  // significant digits: the tick labels of a zoomed axis need more than the
  // forms' defaults to tell their ticks apart (ticks.js tickLabels).
  function formatDigits(v, name, digits) {
    v = toNumber(v);
    if (!isFinite(v)) return special(v);
    switch (name) {
      case 'pow':
        return powDigits(v, digits, TIMES);
      case 'sci':
        return sciDigits(v, digits);
      case 'si':
        return siDigits(v, digits);
      case 'percent':
        return plainDigits(digits > TICK_DIGITS ? v : round(v, 6), digits) + '%';
      case 'fraction':
        return formatDigits(v * 100, 'percent', digits);
      case 'year':
        return decimal(tidy(v, digits));
      default:
        return plainDigits(v, digits);
    }
  }

  // tick formatters by token name. "auto" here is the linear-axis form; on a
  // log axis "@auto" resolves to pow (see axisFormat).
  var formatters = {
    auto: auto,
    pow: pow,
    sci: sci,
    si: si,
    percent: percent,
    fraction: fraction,
    plain: plain,
    year: year
  };

  // The format of an axis: the token with "auto" resolved by axis type.
  // Returns null when the axis keeps echarts' own labels.
  function axisFormat(token, axisType) {
    if (typeof token !== 'string' || token.charAt(0) !== '@') return null;
    var name = token.slice(1);
    if (!Object.prototype.hasOwnProperty.call(formatters, name)) return null;
    if (name === 'auto') {
      if (axisType === 'log') return 'pow';
      if (axisType == null || axisType === 'value') return 'auto';
      return null; // category / time axes: echarts' default labels
    }
    return name;
  }

  // A value in full precision, for tooltips: never rounded to the tick format.
  //   pow: 3.14e23 -> "3.14 × 10²³"; si: 1.3e9 -> "1.3B (1,300,000,000)";
  //   percent: 45.2 -> "45.2%"; plain: 1.3e9 -> "1,300,000,000".
  function fullValue(v, format) {
    var n = toNumber(v);
    if (typeof v === 'string' && isNaN(n)) return v; // category values
    if (v == null || isNaN(n)) return '';
    if (!isFinite(n)) return special(n);
    var a = Math.abs(n);
    var readable = a === 0 || (a >= 1e-3 && a < 1e4); // exponents would only hurt here
    switch (format) {
      case 'pow':
        return readable ? plainDigits(n, FULL_DIGITS) : powDigits(n, FULL_DIGITS, ' ' + TIMES + ' ');
      case 'sci':
        return readable ? plainDigits(n, FULL_DIGITS) : sciDigits(n, FULL_DIGITS);
      case 'si':
        if (a === 0 || (a >= 1 && a < 1000)) return plainDigits(n, FULL_DIGITS);
        var full = plainDigits(n, FULL_DIGITS);
        var short = siDigits(n, FULL_DIGITS);
        return short === full ? full : short + ' (' + full + ')';
      case 'percent':
        return plainDigits(n, FULL_DIGITS) + '%';
      case 'fraction':
        return plainDigits(n * 100, FULL_DIGITS) + '%';
      case 'year':
        return decimal(tidy(n, FULL_DIGITS));
      case 'auto':
        return autoPlain(n, false) ? plainDigits(n, FULL_DIGITS) : powDigits(n, FULL_DIGITS, ' ' + TIMES + ' ');
      default:
        return plainDigits(n, FULL_DIGITS);
    }
  }

  // Slider handle labels: short, like ticks, but never with more than 3
  // significant digits (the handles sit at arbitrary values).
  function sliderValue(v, format) {
    switch (format) {
      case 'pow':
        return powDigits(v, 3, TIMES);
      case 'sci':
        return sciDigits(v, 3);
      case 'si':
        return siDigits(v, 3);
      case 'percent':
        return plainDigits(toNumber(v), 3) + '%';
      case 'fraction':
        return plainDigits(toNumber(v) * 100, 3) + '%';
      case 'auto':
        return autoPlain(v, false) ? plainDigits(v, 4) : powDigits(v, 3, TIMES);
      default:
        return plainDigits(v, 4);
    }
  }

  // An axis' unit after a value: "12 ms", "3.1 × 10²³ FLOPs" (a no-break
  // space between them); a unit that is a symbol written against the number
  // attaches: "45%", "3×", "20°".
  function withUnit(text, unit) {
    if (typeof unit !== 'string' || unit === '' || text === '') return text;
    if (/^[%\u2030\u00b0\u2032\u2033\u00d7]/.test(unit) || unit === 'x') return text + unit;
    return text + '\u00a0' + unit;
  }

  // fullValue with the axis' unit: si keeps its full digits in parentheses
  // after the unit, "1.3B FLOPs (1,300,000,000)".
  function fullValueUnit(v, format, unit) {
    var s = fullValue(v, format);
    if (!unit || s === '' || typeof v === 'string' && isNaN(toNumber(v))) return s;
    var open = format === 'si' ? s.indexOf(' (') : -1;
    if (open > 0) return withUnit(s.slice(0, open), unit) + s.slice(open);
    return withUnit(s, unit);
  }

  /* ---------------------------------------------------------------------
   * Helpers
   * ------------------------------------------------------------------- */

  function asArray(x) {
    if (x == null) return [];
    return Array.isArray(x) ? x : [x];
  }

  var api = {
    formatters: formatters,
    formatDigits: formatDigits,
    autoPlain: autoPlain,
    axisFormat: axisFormat,
    fullValue: fullValue,
    fullValueUnit: fullValueUnit,
    withUnit: withUnit,
    sliderValue: sliderValue,
    asArray: asArray
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    window.scalesiteFormat = api;
  }
})();


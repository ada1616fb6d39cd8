/* scalesite: the ticks of an axis, pure functions only.
 *
 *   chooseTicks(lo, hi, pixels, opts)  tick values of an axis from its visible
 *                                      range and pixel length
 *   tickLabel(value, format, log)      the text of one tick
 *   tickLabels(values, format, log)    the texts of an axis' ticks, as
 *                                      precise as their spacing needs
 *
 * Log axes are value axes over log10 of the data: chooseTicks works on
 * exponents and returns exponents; the ticks go to ECharts as
 * axisLabel.customValues / axisTick.customValues. tickLabel reuses the
 * formatters of format.js (load this file after it).
 *
 * In the browser it adds to window.scalesiteLayout (with labels.js, breaktext.js
 * and colors.js); in Node it exports the same functions (module.exports)
 * for tests. Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  /* ---------------------------------------------------------------------
   * Ticks
   * ------------------------------------------------------------------- */

  // Slack at the ends of a range, as a fraction of its span: a tolerance
  // relative to the range, never an absolute one, holds at every magnitude
  // (an absolute 1e-9 let every tick of 1e-10..3e-10 through, and none of
  // 1e-300..3e-300 apart).
  var REL = 1e-9;
  var LOG_DECADE_SPAN = 1.5; // below this many decades: ticks inside decades
  // Minor ticks closer than this become a grey band, not a scale: minors at
  // 2..9 of a decade drop to minors at the decades, and those to none.
  var MINOR_GAP_PX = 6;
  // Labels no denser than one per this many px on average, whatever their
  // size: 26 labels across a desktop chart read as a ruler, not a scale.
  var DEFAULT_SPACING_PX = 80;
  var MAX_DIGITS = 17; // enough to tell any two doubles apart
  var DEFAULT_LABEL_PX = 40;
  var DEFAULT_GAP_PX = 8;
  var MAX_TICKS = 2000;
  var MAX_EXPONENT = 400; // beyond any double: a log axis out there is a caller's bug
  // the exponents of the doubles: log10 of the largest (1.8e308) and of
  // the smallest above 0 (5e-324)
  var LOG_MAX = Math.log10(Number.MAX_VALUE);
  var LOG_MIN = -323.3062153431158;

  // 10^n exactly as a double (10^-3 as 1/1000, the correctly rounded 0.001)
  function pow10(n) {
    return scaled(1, n);
  }

  // m * 10^n, correctly rounded when m is an exact integer or half-integer
  // and 10^|n| is a normal double; below 10^-300 in two steps, as 10^|n| is
  // past the largest double there (1 / 10^320 would be 0, not 1e-320).
  function scaled(m, n) {
    if (n >= 0) return m * Math.pow(10, n);
    if (n >= -300) return m / Math.pow(10, -n);
    return m / 1e300 / Math.pow(10, -n - 300);
  }

  // log10 of a positive value, subnormals included: goja (the build's
  // JavaScript) reads log10(2e-320) as -307.95, so a value below 10^-300
  // is scaled up first.
  function log10(v) {
    return v < 1e-300 ? Math.log10(v * 1e300) - 300 : Math.log10(v);
  }

  // the exponent of a positive value: an integer for exact powers of ten
  function exponentOf(v) {
    var n = Math.round(log10(v));
    return v === pow10(n) ? n : log10(v);
  }

  // The candidates a range offers are built fine to coarse; each has majors
  // (in axis units), raw (the values the labels show) and minors.
  function candidate(major, raw, minor, span, pixels) {
    var gap = Infinity;
    for (var i = 1; i < major.length; i++) {
      var d = (major[i] - major[i - 1]) / span * pixels;
      if (d < gap) gap = d;
    }
    return { major: major, raw: raw, minor: minor, minGap: gap };
  }

  // Linear ticks: multiples of m * 10^e for m in 1, 2, 2.5, 5, finest first.
  // toAxis maps a value to axis units (identity, or log10 for the fallback of
  // narrow log ranges); span and pixels are in axis units.
  function linearCandidates(lo, hi, pixels, maxCount, integer, toAxis, axLo, axHi) {
    var out = [];
    var span = hi - lo;
    // a range past the doubles (10^308.3 on a log axis) or none: no linear ticks
    if (!(span > 0) || !isFinite(span)) return out;
    var mags = [1, 2, 2.5, 5];
    var top = Math.floor(log10(span)) + 1;
    // no step below the smallest double (5e-324): span / maxCount may be 0
    var bottom = Math.max(Math.floor(log10(span / Math.max(maxCount, 1))) - 1, -324);
    var axTol = (axHi - axLo) * REL;
    for (var e = bottom; e <= top; e++) {
      for (var j = 0; j < mags.length; j++) {
        var m = mags[j];
        var step = scaled(m, e);
        // a step past the doubles, or below them, spaces nothing
        if (!(step > 0) || !isFinite(step)) continue;
        if (integer && (step < 1 || (m === 2.5 && e === 0))) continue;
        // ends in whole steps (relative by construction)
        var k0 = Math.ceil(lo / step - REL);
        var k1 = Math.floor(hi / step + REL);
        // past 2^52 steps from 0, k++ no longer moves k (the range is
        // narrower than the doubles there: 1 to 1 + 1e-16)
        if (!(Math.abs(k0) < 4503599627370496 && Math.abs(k1) < 4503599627370496) || k1 - k0 + 1 > maxCount) continue;
        var major = [];
        var raw = [];
        for (var k = k0; k <= k1; k++) {
          var v = scaled(k * m, e);
          if (v === 0) v = 0; // no -0
          var a = toAxis(v);
          if (!isFinite(a) || a < axLo - axTol || a > axHi + axTol) continue;
          major.push(a);
          raw.push(v);
        }
        out.push(candidate(major, raw, [], axHi - axLo, pixels));
      }
    }
    return out;
  }

  // Log ticks every k decades: 10^(k*i); minors at the other decades, or at
  // 2..9 when k = 1 and a decade is wide enough.
  function decadeCandidate(lo, hi, pixels, k) {
    var major = [];
    var raw = [];
    var minor = [];
    var span = hi - lo;
    var tol = span * REL;
    var i0 = Math.ceil(lo - tol);
    var i1 = Math.floor(hi + tol);
    // every k-th decade, from the phase that labels the most of them
    // (10⁻⁵ 10⁻³ 10⁻¹ rather than 10⁻⁴ 10⁻²); multiples of k on a tie
    var phase = 0;
    var best = -1;
    for (var p = 0; p < k; p++) {
      var count = 0;
      for (var j = i0; j <= i1; j++) if ((((j - p) % k) + k) % k === 0) count++;
      if (count > best) {
        best = count;
        phase = p;
      }
    }
    for (var i = i0; i <= i1; i++) {
      if ((((i - phase) % k) + k) % k === 0) {
        major.push(i);
        raw.push(pow10(i));
      } else {
        minor.push(i);
      }
    }
    // minors at 2..9 when the closest two (9 and 10) are far enough apart;
    // decade minors when a decade is; else none
    var perDecade = pixels / span;
    if (perDecade < MINOR_GAP_PX) minor = [];
    if (k === 1 && perDecade * Math.log10(10 / 9) >= MINOR_GAP_PX) {
      for (var n = Math.floor(lo); n <= Math.ceil(hi); n++) {
        for (var m = 2; m <= 9; m++) {
          var e = Math.log10(m) + n;
          if (e >= lo - tol && e <= hi + tol) minor.push(e);
        }
      }
      minor.sort(function (a, b) { return a - b; });
    }
    return candidate(major, raw, minor, span, pixels);
  }

  // Log ticks inside decades: majors at m * 10^n for m in `set`, minors at
  // the other integers m = 2..9.
  function decadeSetCandidate(lo, hi, pixels, set) {
    var major = [];
    var raw = [];
    var minor = [];
    var tol = (hi - lo) * REL;
    for (var n = Math.floor(lo) - 1; n <= Math.ceil(hi); n++) {
      for (var m = 1; m <= 9; m++) {
        var e = m === 1 ? n : Math.log10(m) + n;
        if (e < lo - tol || e > hi + tol) continue;
        if (set.indexOf(m) >= 0) {
          major.push(e);
          raw.push(scaled(m, n));
        } else {
          minor.push(e);
        }
      }
    }
    // no minors closer than MINOR_GAP_PX to one another or a major (the
    // closest pair is always at the top of a decade, 9 and 10)
    if (pixels / (hi - lo) * Math.log10(10 / 9) < MINOR_GAP_PX) minor = [];
    return candidate(major, raw, minor, hi - lo, pixels);
  }

  var DECADE_SETS = [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 5], [1, 2, 5], [1, 3]];

  // The chooser: the finest candidate whose labels fit and that has at least
  // minLabels majors.
  function Chooser(lo, hi, pixels, opts) {
    opts = opts || {};
    this.lo = lo;
    this.hi = hi;
    this.log = !!opts.log;
    this.pixels = pixels;
    this.labelSize = typeof opts.labelSize === 'function' ? opts.labelSize : null;
    this.gap = isFinite(opts.gap) && opts.gap >= 0 ? +opts.gap : DEFAULT_GAP_PX;
    this.minLabels = isFinite(opts.minLabels) && opts.minLabels >= 1 ? Math.floor(opts.minLabels) : 3;
    var spacing = isFinite(opts.spacing) && opts.spacing >= 0 ? +opts.spacing : DEFAULT_SPACING_PX;
    // at most one label per `spacing` px on average (two at least: the ends)
    this.maxLabels = spacing > 0 ? Math.max(2, Math.floor(pixels / spacing + 1e-9) + 1) : Infinity;
    // more can never fit (and no axis shows thousands of labels)
    this.maxCount = Math.min(MAX_TICKS, Math.max(3, Math.floor(pixels / Math.max(this.gap, 1)) + 2));
  }

  // the spacing a candidate's labels need
  Chooser.prototype.need = function (c) {
    if (c.need == null) {
      var size = this.labelSize && c.raw.length ? +this.labelSize(c.raw.slice()) : DEFAULT_LABEL_PX;
      if (!isFinite(size) || size < 0) size = DEFAULT_LABEL_PX;
      c.need = size + this.gap;
    }
    return c.need;
  };

  Chooser.prototype.fits = function (c) {
    if (c.major.length > this.maxLabels) return false;
    return c.major.length < 2 || c.minGap >= this.need(c) - 1e-9;
  };

  // the finest fitting candidate with enough labels, or null. With cover,
  // only one that labels both ends of the axis (coverEnds may add a label
  // at an end to get there).
  Chooser.prototype.select = function (cands, cover) {
    for (var i = 0; i < cands.length; i++) {
      var c = cands[i];
      if (!this.fits(c)) continue;
      if (cover) {
        c = copy(c);
        coverEnds(c, this.lo, this.hi, this, this.log);
        if (!covers(c, this.lo, this.hi)) continue;
      }
      if (c.major.length >= this.minLabels) return c;
    }
    return null;
  };

  // loose: the spacing budget cannot give minLabels nice values (20%..55%
  // in 200 px: 25% 50% or 20% 30% 40% 50%), though it holds that many:
  // enough labels win over the budget, the fewest that fit (on an axis
  // under 320 px; at most 5, as counts of nice steps at most double).
  Chooser.prototype.loose = function (cands) {
    var best = null;
    if (this.maxLabels < this.minLabels) return null; // too short for them anyway
    for (var i = 0; i < cands.length; i++) {
      var c = cands[i];
      var n = c.major.length;
      if (n < this.minLabels || (n >= 2 && c.minGap < this.need(c) - 1e-9)) continue;
      if (best === null || n <= best.major.length) best = c;
    }
    return best;
  };

  function copy(c) {
    return { major: c.major.slice(), raw: c.raw.slice(), minor: c.minor, minGap: c.minGap, need: c.need };
  }

  // covers: the bare stretch at each end of the axis, from the end to its
  // nearest label, is no longer than the step from that label to the next.
  function covers(c, lo, hi) {
    var n = c.major.length;
    if (n < 2) return false;
    var tol = (hi - lo) * REL;
    return c.major[0] - lo <= c.major[1] - c.major[0] + tol &&
      hi - c.major[n - 1] <= c.major[n - 1] - c.major[n - 2] + tol;
  }

  // Nothing fits with enough labels: the candidate with the most labels the
  // length can hold (at least 2 when some candidate has 2), else the one
  // with the fewest labels beyond that.
  Chooser.prototype.fallback = function (cands) {
    var best = null;
    var i, c, n;
    function better(c, n, bestN, more) {
      if (best === null) return true;
      if (n !== bestN) return more ? n > bestN : n < bestN;
      return c.minGap > best.minGap;
    }
    for (i = 0; i < cands.length; i++) {
      c = cands[i];
      n = c.major.length;
      if (n < 2 || n > this.maxLabels) continue;
      var room = Math.min(this.maxLabels, Math.max(2, Math.floor(this.pixels / this.need(c)) + 1));
      if (n <= room && better(c, n, best && best.major.length, true)) best = c;
    }
    if (best) return best;
    for (i = 0; i < cands.length; i++) {
      c = cands[i];
      n = c.major.length;
      if (n >= 2 && better(c, n, best && best.major.length, false)) best = c;
    }
    if (best) return best;
    for (i = 0; i < cands.length; i++) {
      if (cands[i].major.length === 1) return cands[i];
    }
    return null;
  };

  function logTicks(lo, hi, pixels, ch) {
    var span = hi - lo;
    var decades = [];
    // every k decades, k = 1..4, then 5, 6, 8, 10, 12, 15, 20... while the
    // labels are more than the axis' budget (40 decades in 300 px: every 10)
    var steps = [1, 2, 3, 4];
    for (var s = 1; s <= span; s *= 10) steps.push(5 * s, 6 * s, 8 * s, 10 * s, 12 * s, 15 * s, 20 * s, 25 * s, 30 * s, 40 * s);
    for (var k = 0; k < steps.length; k++) {
      var dc = decadeCandidate(lo, hi, pixels, steps[k]);
      decades.push(dc);
      if (steps[k] >= 4 && dc.major.length <= ch.maxLabels) break;
    }
    if (span >= LOG_DECADE_SPAN && decades[0].major.length >= ch.minLabels) {
      // a label every k decades; the coarsest even when it does not fit
      return ch.select(decades, true) || ch.select(decades) || ch.loose(decades) || ch.fallback(decades);
    }
    var sets = [];
    for (var i = 0; i < DECADE_SETS.length; i++) {
      if (span * DECADE_SETS[i].length > ch.maxCount) continue;
      sets.push(decadeSetCandidate(lo, hi, pixels, DECADE_SETS[i]));
    }
    sets.push(decades[0]);
    // very narrow: linear ticks of the values themselves, no minors
    var lin = linearCandidates(pow10Exact(lo), pow10Exact(hi), pixels, ch.maxCount, false,
      exponentOf, lo, hi);
    // labels in the decade that cover the axis, else linear ones that do
    // (1.1..9.5 in 300 px: 2 4 6 8, not 2 3 5 with 5..9.5 bare)
    // 1, 2, 3, 5, 7 only when nothing else gives enough labels (2.2..7.2 in
    // 200 px: 3 5 7, where 3 4 5 6 7 crowd and 3 5 are too few)
    var c = ch.select(sets.concat(lin), true) || ch.select(sets) || ch.select(lin) ||
      ch.loose(sets.concat(lin, [decadeSetCandidate(lo, hi, pixels, [1, 2, 3, 5, 7])]));
    if (c) return c;
    return ch.fallback(sets.concat(lin, decades.slice(1)));
  }

  function pow10Exact(e) {
    return e === Math.round(e) ? pow10(e) : Math.pow(10, e);
  }

  // sortedUnique sorts list and drops each value within tol of one kept
  // before it or of one in exclude (sorted): one tick, however the engine
  // rounded its two ways of writing it. A minor at log10(4) + 3 is the
  // major at log10(4000), which goja (the static figure) makes one ulp
  // smaller than V8 does (3.602059991327962): compared exactly, the figure
  // drew a minor tick and grid line over the major where the live chart
  // drew one.
  function sortedUnique(list, exclude, tol) {
    var out = [];
    var j = 0;
    list.slice().sort(function (a, b) { return a - b; }).forEach(function (v) {
      while (j < exclude.length && exclude[j] < v - tol) j++;
      if (j < exclude.length && exclude[j] <= v + tol) return;
      if (out.length && v - out[out.length - 1] <= tol) return;
      out.push(v);
    });
    return out;
  }

  // roundest(a, b, high) is the value in [a, b] with the fewest
  // significant digits (a multiple of 5, then of 2, on a tie; then the
  // highest if high, else the lowest), or null when a > b.
  function roundest(a, b, high) {
    if (!(a <= b) || !isFinite(a) || !isFinite(b)) return null;
    if (a <= 0 && b >= 0) return 0;
    var top = Math.floor(log10(Math.max(Math.abs(a), Math.abs(b))));
    for (var e = top; e >= top - 16; e--) {
      var k0 = Math.ceil(a / pow10(e));
      var k1 = Math.floor(b / pow10(e));
      var pick = null;
      if (!(Math.abs(k0) < 4503599627370496 && Math.abs(k1) < 4503599627370496)) break; // k++ would not move k
      for (var k = k0; k <= k1 && k - k0 < 20; k++) {
        var v = scaled(k, e);
        if (v < a || v > b) continue;
        var rank = k % 5 === 0 ? 0 : k % 2 === 0 ? 1 : 2;
        if (pick === null || rank < pick.rank || (rank === pick.rank && high)) pick = { v: v, rank: rank };
      }
      if (pick) return pick.v;
    }
    return null;
  }

  // coverEnds labels an end of the axis left bare: when the stretch from an
  // end to the nearest label is wider than the step to the next label (a
  // log axis from 1.3, labelled 2 3 4, leaves the bottom third bare), the
  // roundest value in that stretch with room for its label becomes a major
  // too (1.5), within the axis' label budget.
  function coverEnds(c, lo, hi, ch, log) {
    if (c.major.length < 2 || !(ch.pixels > 0)) return;
    var toAxis = log ? exponentOf : function (v) { return v; };
    var fromAxis = log ? pow10Exact : function (v) { return v; };
    var room = ch.need(c) / ch.pixels * (hi - lo);
    var tol = (hi - lo) * REL;
    var n = c.major.length;
    if (n < ch.maxLabels && c.major[0] - lo > c.major[1] - c.major[0] + tol) {
      var v = roundest(fromAxis(lo), fromAxis(c.major[0] - room), false);
      if (v !== null && toAxis(v) >= lo - tol) {
        c.major.unshift(toAxis(v));
        c.raw.unshift(v);
      }
    }
    n = c.major.length;
    if (n < ch.maxLabels && hi - c.major[n - 1] > c.major[n - 1] - c.major[n - 2] + tol) {
      var w = roundest(fromAxis(c.major[n - 1] + room), fromAxis(hi), true);
      if (w !== null && toAxis(w) <= hi + tol) {
        c.major.push(toAxis(w));
        c.raw.push(w);
      }
    }
  }

  // chooseTicks(lo, hi, pixels, opts) -> {major, minor}
  //   opts.log        lo, hi and the ticks are log10 exponents
  //   opts.labelSize  f(values) -> px one label needs along the axis, for the
  //                   raw values of a candidate's majors (default 40)
  //   opts.gap        px between labels (default 8)
  //   opts.minLabels  fewest majors wanted (default 3)
  //   opts.spacing    px per label at the densest, on average (default 80)
  //   opts.integer    linear axes only: integer steps (years, counts)
  function chooseTicks(lo, hi, pixels, opts) {
    opts = opts || {};
    lo = +lo;
    hi = +hi;
    pixels = +pixels;
    var empty = { major: [], minor: [] };
    if (!isFinite(lo) || !isFinite(hi) || !isFinite(hi - lo) || isNaN(pixels) || pixels === Infinity) return empty;
    if (opts.log && (Math.abs(lo) > MAX_EXPONENT || Math.abs(hi) > MAX_EXPONENT)) return empty;
    if (lo > hi) {
      var t = lo;
      lo = hi;
      hi = t;
    }
    if (!(pixels > 0)) pixels = 0;
    if (opts.log && (hi > LOG_MAX || lo < LOG_MIN)) {
      // a log axis padded past the doubles (data up to 1.7e308 padded to
      // 10^308.4): ticks only where there are numbers, never at 2×10³⁰⁸,
      // which is Infinity; the pixels of the part left
      var clo = Math.max(lo, LOG_MIN), chi = Math.min(hi, LOG_MAX);
      if (!(clo < chi)) return empty;
      pixels *= (chi - clo) / (hi - lo);
      lo = clo;
      hi = chi;
    }
    if (hi - lo <= Math.abs(hi) * 1e-12) return { major: [lo], minor: [] };
    var ch = new Chooser(lo, hi, pixels, opts);
    var c;
    if (opts.log) {
      c = logTicks(lo, hi, pixels, ch);
    } else {
      var lin = linearCandidates(lo, hi, pixels, ch.maxCount, !!opts.integer,
        function (v) { return v; }, lo, hi);
      c = ch.select(lin, true) || ch.select(lin) || ch.loose(lin) || ch.fallback(lin);
    }
    if (!c) return empty;
    coverEnds(c, lo, hi, ch, !!opts.log);
    // ticks a rounding error apart are one tick (the slack of the ends)
    var tol = (hi - lo) * REL;
    var major = sortedUnique(c.major, [], tol);
    // among the fewest subnormals two exponents may be one double (5e-324
    // is also 6e-324): one tick for it
    if (opts.log) major = major.filter(function (v, i) { return i === 0 || pow10Exact(v) !== pow10Exact(major[i - 1]); });
    return { major: major, minor: sortedUnique(c.minor, major, tol) };
  }

  /* ---------------------------------------------------------------------
   * Tick labels
   * ------------------------------------------------------------------- */

  var formatAPI = null;
  function fmt() {
    if (formatAPI) return formatAPI;
    if (typeof module !== 'undefined' && module && module.exports && typeof require === 'function') {
      formatAPI = require('./format.js');
    } else if (typeof window !== 'undefined') {
      formatAPI = window.scalesiteFormat;
    }
    if (!formatAPI) throw new Error('scalesite: ticks.js needs format.js loaded first');
    return formatAPI;
  }

  // Number(v.toPrecision(d)), the sign kept apart: goja (the build's
  // JavaScript, which draws the static figures) writes a negative value
  // that rounds up to a power of ten wrongly ((-0.9996).toPrecision(3) is
  // ".0.000", a NaN), where browsers write "-1.00".
  function toPrecision(v, d) {
    return v < 0 ? -Number((-v).toPrecision(d)) : Number(v.toPrecision(d));
  }

  // a value within 1e-9 relative of a 9-digit value is that value
  function snap(v) {
    if (v === 0 || !isFinite(v)) return v;
    var r = toPrecision(v, 9);
    return Math.abs(v - r) <= 1e-9 * Math.abs(r) ? r : v;
  }

  // tickLabel(value, format, log, unit): the text of a tick at raw value
  // `value` (on a log axis the caller passes 10^exponent), with the axis'
  // tick unit if it has one ("12 ms"). Log axes with auto, pow or sci write
  // 0.01 <= |v| < 10000 plainly (0.2, 10, 2,000) and the rest as powers
  // (2×10⁵) or E notation (2E+5); linear axes with auto write
  // 0.0001 <= |v| < 10^9 plainly (0.0005, 250,000,000) and the rest as
  // powers (10¹⁰⁰, never 101 digits); but an axis writes its ticks in one
  // form: where one of them needs a power, every one is a power (10³ 10⁵
  // 10⁷, never 1,000 10⁵ 10⁷), which tickLabels decides (powers).
  //
  // digits, when given, is the significant digits every form keeps (from
  // tickLabels); without it each form keeps its own (si 3, pow 4, ...).
  function tickLabel(value, format, log, unit, digits, powers) {
    var s = tickText(value, format, log, digits, powers);
    return unit ? fmt().withUnit(s, unit) : s;
  }

  // powerForm reports whether an axis of this format writes its ticks in
  // the plain-or-power forms of tickLabel: a log axis in auto, pow or sci,
  // a linear one in auto.
  function powerForm(format, log) {
    var own = typeof format === 'string' && Object.prototype.hasOwnProperty.call(fmt().formatters, format);
    if (!log) return !own || format === 'auto';
    return !own || format === 'auto' || format === 'pow' || format === 'sci';
  }

  // plainRange reports whether |v| is written plainly (format.js'
  // autoPlain, the one rule of auto).
  function plainRange(v, log) {
    return fmt().autoPlain(v, log);
  }

  function toValue(value) {
    return typeof value === 'number' ? value : (typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);
  }

  function tickText(value, format, log, digits, powers) {
    var v = toValue(value);
    if (isNaN(v)) return '';
    var exact = digits >= 1;
    if (!exact) v = snap(v);
    var F = fmt();
    var own = typeof format === 'string' && Object.prototype.hasOwnProperty.call(F.formatters, format);
    var name = !own || format === 'auto' ? 'plain' : format;
    if (format === 'year') {
      if (!isFinite(v)) return F.formatters.plain(v);
      var y = toPrecision(v, exact ? digits : 12);
      return String(y === 0 ? 0 : y); // 2017, never 2,017
    }
    if (powerForm(format, log)) {
      var a = Math.abs(v);
      if (a === 0 || !isFinite(a) || (!powers && plainRange(v, log))) name = 'plain';
      else name = format === 'sci' ? 'sci' : 'pow';
    }
    return exact ? F.formatDigits(v, name, digits) : F.formatters[name](v);
  }

  // tickLabels(values, format, log, unit) -> {labels, digits, powers}: the labels
  // of an axis' ticks, written with as many significant digits as the
  // narrowest step needs, in every format: zoomed to 30,000..31,000, si
  // writes 30k 30.05k 30.1k, never 30.1k twice. The fewest digits with which
  // every label is its tick's value (to a millionth of the step to its
  // neighbour) and no two neighbours read the same.
  function tickLabels(values, format, log, unit) {
    var vals = [];
    for (var i = 0; i < values.length; i++) vals.push(toValue(values[i]));
    var n = vals.length;
    var tol = vals.map(function (v, j) {
      var g = Infinity;
      if (j > 0) g = Math.min(g, Math.abs(v - vals[j - 1]));
      if (j < n - 1) g = Math.min(g, Math.abs(vals[j + 1] - v));
      // never below the spacing of the doubles there (subnormals: 5e-324)
      return Math.max(isFinite(g) && g > 0 ? g * 1e-6 : Math.abs(v) * 1e-9, 4 * Number.MIN_VALUE);
    });
    // one form an axis: every tick a power where one needs it
    var powers = powerForm(format, log) && vals.some(function (v) { return !plainRange(v, log); });
    // the fewest digits that keep every value: fewer fail whatever the
    // labels read, so they are not written
    var close = function (d) {
      for (var k = 0; k < n; k++) {
        var v = vals[k];
        if (isFinite(v) && v !== 0 && Math.abs(toPrecision(v, d) - v) > tol[k]) return false;
      }
      return true;
    };
    var d = 1;
    while (d < MAX_DIGITS && !close(d)) d++;
    var labels = [];
    for (; d <= MAX_DIGITS; d++) {
      labels = vals.map(function (v) { return tickText(v, format, log, d, powers); });
      var ok = close(d);
      for (var k = 1; k < n && ok; k++) {
        if (labels[k] === labels[k - 1]) ok = false;
      }
      if (ok) break;
    }
    if (d > MAX_DIGITS) d = MAX_DIGITS;
    if (unit) labels = labels.map(function (s) { return fmt().withUnit(s, unit); });
    return { labels: labels, digits: d, powers: powers };
  }


  var api = {
    chooseTicks: chooseTicks,
    tickLabel: tickLabel,
    tickLabels: tickLabels
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteLayout = window.scalesiteLayout || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();

/* scalesite: layout of the charts, pure functions only.
 *
 *   chooseTicks(lo, hi, pixels, opts)  tick values of an axis from its visible
 *                                      range and pixel length
 *   tickLabel(value, format, log)      the text of one tick
 *   placeLabels(items, markers, opts)  greedy placement of point labels
 *   labelRect(item, placement)         the rectangle of a placed label
 *   contrast(a, b)                     WCAG 2.x contrast ratio of two colours
 *   readableColor(color, bg, min)      a colour moved in lightness until it
 *                                      reads on a background
 *   seriesStyles(n, opts)              colour, symbol and dash of n series
 *   palette                            the 10 series colours
 *
 * Log axes are value axes over log10 of the data: chooseTicks works on
 * exponents and returns exponents; the ticks go to ECharts as
 * axisLabel.customValues / axisTick.customValues.
 *
 * In the browser it defines window.scalesiteLayout (load it after format.js,
 * whose formatters tickLabel reuses); in Node it exports the same object
 * (module.exports) for tests. Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  /* ---------------------------------------------------------------------
   * The series palette
   * ------------------------------------------------------------------- */

  // PALETTE: the series colours, in order. The Go side emits the same list
  // (render/style.go, palette); change both together.
  //
  // Tableau 10's hue families (blue, orange, red, teal, green, yellow,
  // purple, pink, brown, grey) tuned into the band where every colour has at
  // least 3:1 contrast (WCAG 2.x, graphics) on BOTH page backgrounds, #ffffff
  // (light) and #111418 (dark): relative luminance 0.121..0.300. Five of the
  // Tableau originals (#f28e2b #76b7b2 #edc948 #ff9da7 #bab0ac) are below
  // 3:1 on white. Contrast on #ffffff / #111418:
  //   #3b75af 4.83 / 3.83   blue
  //   #e5731b 3.09 / 5.98   orange
  //   #c23b3d 5.27 / 3.51   red
  //   #2a9d8f 3.32 / 5.56   teal
  //   #4f9a3f 3.48 / 5.30   green
  //   #b8860b 3.25 / 5.67   yellow (dark goldenrod: no yellow reads on white)
  //   #9a5ea1 4.68 / 3.95   purple
  //   #d4577d 3.85 / 4.80   pink
  //   #8c6d4f 4.76 / 3.88   brown
  //   #6e7c8c 4.26 / 4.33   grey (slate)
  // Smallest OKLab distance between two of them 0.085 (Tableau 10: 0.084);
  // with simulated deuteranopia / protanopia (Machado 2009) 0.028 / 0.016
  // (Tableau 10: 0.007 / 0.009). Checked by themes/layout_test.go.
  var PALETTE = [
    '#3b75af', '#e5731b', '#c23b3d', '#2a9d8f', '#4f9a3f',
    '#b8860b', '#9a5ea1', '#d4577d', '#8c6d4f', '#6e7c8c'
  ];

  // After every colour is used once, series vary in symbol and dash too.
  var SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'emptyCircle', 'emptyRect',
    'emptyTriangle', 'emptyDiamond', 'pin', 'arrow'];
  var DASHES = ['solid', [6, 3], [2, 2], [8, 3, 2, 3]];

  /* ---------------------------------------------------------------------
   * Ticks
   * ------------------------------------------------------------------- */

  var EPS = 1e-9; // slack at the ends of a range (exponents or values)
  var LOG_DECADE_SPAN = 1.5; // below this many decades: ticks inside decades
  var MINOR_DECADE_PX = 25; // minor ticks at 2..9 once a decade is this wide
  var DEFAULT_LABEL_PX = 40;
  var DEFAULT_GAP_PX = 8;
  var MAX_TICKS = 2000;
  var MAX_EXPONENT = 400; // beyond any double: a log axis out there is a caller's bug

  // 10^n exactly as a double (10^-3 as 1/1000, the correctly rounded 0.001)
  function pow10(n) {
    return n >= 0 ? Math.pow(10, n) : 1 / Math.pow(10, -n);
  }

  // m * 10^n, correctly rounded when m is an exact integer or half-integer
  function scaled(m, n) {
    return n >= 0 ? m * Math.pow(10, n) : m / Math.pow(10, -n);
  }

  // the exponent of a positive value: an integer for exact powers of ten
  function exponentOf(v) {
    var n = Math.round(Math.log10(v));
    return v === pow10(n) ? n : Math.log10(v);
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
    var mags = [1, 2, 2.5, 5];
    var top = Math.floor(Math.log10(span)) + 1;
    var bottom = Math.floor(Math.log10(span / Math.max(maxCount, 1))) - 1;
    for (var e = bottom; e <= top; e++) {
      for (var j = 0; j < mags.length; j++) {
        var m = mags[j];
        var step = scaled(m, e);
        if (integer && (step < 1 || (m === 2.5 && e === 0))) continue;
        var k0 = Math.ceil(lo / step - EPS);
        var k1 = Math.floor(hi / step + EPS);
        if (k1 - k0 + 1 > maxCount) continue;
        var major = [];
        var raw = [];
        for (var k = k0; k <= k1; k++) {
          var v = scaled(k * m, e);
          if (v === 0) v = 0; // no -0
          var a = toAxis(v);
          if (a < axLo - EPS || a > axHi + EPS) continue;
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
    var i0 = Math.ceil(lo - EPS);
    var i1 = Math.floor(hi + EPS);
    for (var i = i0; i <= i1; i++) {
      if (((i % k) + k) % k === 0) {
        major.push(i);
        raw.push(pow10(i));
      } else {
        minor.push(i);
      }
    }
    if (k === 1 && pixels / span >= MINOR_DECADE_PX) {
      for (var n = Math.floor(lo); n <= Math.ceil(hi); n++) {
        for (var m = 2; m <= 9; m++) {
          var e = Math.log10(m) + n;
          if (e >= lo - EPS && e <= hi + EPS) minor.push(e);
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
    for (var n = Math.floor(lo) - 1; n <= Math.ceil(hi); n++) {
      for (var m = 1; m <= 9; m++) {
        var e = m === 1 ? n : Math.log10(m) + n;
        if (e < lo - EPS || e > hi + EPS) continue;
        if (set.indexOf(m) >= 0) {
          major.push(e);
          raw.push(scaled(m, n));
        } else {
          minor.push(e);
        }
      }
    }
    return candidate(major, raw, minor, hi - lo, pixels);
  }

  var DECADE_SETS = [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 5], [1, 2, 5], [1, 3]];

  // The chooser: the finest candidate whose labels fit and that has at least
  // minLabels majors.
  function Chooser(pixels, opts) {
    opts = opts || {};
    this.pixels = pixels;
    this.labelSize = typeof opts.labelSize === 'function' ? opts.labelSize : null;
    this.gap = isFinite(opts.gap) && opts.gap >= 0 ? +opts.gap : DEFAULT_GAP_PX;
    this.minLabels = isFinite(opts.minLabels) && opts.minLabels >= 1 ? Math.floor(opts.minLabels) : 3;
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
    return c.major.length < 2 || c.minGap >= this.need(c) - 1e-9;
  };

  // the finest fitting candidate with enough labels, or null
  Chooser.prototype.select = function (cands) {
    for (var i = 0; i < cands.length; i++) {
      var c = cands[i];
      if (c.major.length >= this.minLabels && this.fits(c)) return c;
    }
    return null;
  };

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
      if (n < 2) continue;
      var room = Math.max(2, Math.floor(this.pixels / this.need(c)) + 1);
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
    for (var k = 1; k <= 4; k++) decades.push(decadeCandidate(lo, hi, pixels, k));
    if (span >= LOG_DECADE_SPAN && decades[0].major.length >= ch.minLabels) {
      // a label every k decades, k = 1..4; 4 even when it does not fit
      return ch.select(decades) || ch.fallback(decades);
    }
    var sets = [];
    for (var i = 0; i < DECADE_SETS.length; i++) {
      if (span * DECADE_SETS[i].length > ch.maxCount) continue;
      sets.push(decadeSetCandidate(lo, hi, pixels, DECADE_SETS[i]));
    }
    sets.push(decades[0]);
    var c = ch.select(sets);
    if (c) return c;
    // very narrow: linear ticks of the values themselves, no minors
    var lin = linearCandidates(pow10Exact(lo), pow10Exact(hi), pixels, ch.maxCount, false,
      exponentOf, lo, hi);
    c = ch.select(lin);
    if (c) return c;
    return ch.fallback(sets.concat(lin, decades.slice(1)));
  }

  function pow10Exact(e) {
    return e === Math.round(e) ? pow10(e) : Math.pow(10, e);
  }

  function sortedUnique(list, exclude) {
    var seen = {};
    var i;
    for (i = 0; i < exclude.length; i++) seen[exclude[i]] = true;
    var out = [];
    list.slice().sort(function (a, b) { return a - b; }).forEach(function (v) {
      if (!seen[v]) {
        seen[v] = true;
        out.push(v);
      }
    });
    return out;
  }

  // chooseTicks(lo, hi, pixels, opts) -> {major, minor}
  //   opts.log        lo, hi and the ticks are log10 exponents
  //   opts.labelSize  f(values) -> px one label needs along the axis, for the
  //                   raw values of a candidate's majors (default 40)
  //   opts.gap        px between labels (default 8)
  //   opts.minLabels  fewest majors wanted (default 3)
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
    if (hi - lo <= Math.abs(hi) * 1e-12) return { major: [lo], minor: [] };
    if (!(pixels > 0)) pixels = 0;
    var ch = new Chooser(pixels, opts);
    var c;
    if (opts.log) {
      c = logTicks(lo, hi, pixels, ch);
    } else {
      var lin = linearCandidates(lo, hi, pixels, ch.maxCount, !!opts.integer,
        function (v) { return v; }, lo, hi);
      c = ch.select(lin) || ch.fallback(lin);
    }
    if (!c) return empty;
    var major = sortedUnique(c.major, []);
    return { major: major, minor: sortedUnique(c.minor, major) };
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
    if (!formatAPI) throw new Error('scalesite: layout.js needs format.js loaded first');
    return formatAPI;
  }

  // a value within 1e-9 relative of a 9-digit value is that value
  function snap(v) {
    if (v === 0 || !isFinite(v)) return v;
    var r = Number(v.toPrecision(9));
    return Math.abs(v - r) <= 1e-9 * Math.abs(r) ? r : v;
  }

  // tickLabel(value, format, log): the text of a tick at raw value `value`
  // (on a log axis the caller passes 10^exponent). Log axes with auto, pow
  // or sci write 0.01 <= |v| < 10000 plainly (0.2, 10, 2,000) and the rest
  // as powers (2×10⁵) or E notation (2E+5).
  function tickLabel(value, format, log) {
    var v = typeof value === 'number' ? value : (typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);
    if (isNaN(v)) return '';
    v = snap(v);
    var F = fmt().formatters;
    if (format === 'year') {
      if (!isFinite(v)) return F.plain(v);
      var y = Number(v.toPrecision(12));
      return String(y === 0 ? 0 : y); // 2017, never 2,017
    }
    var own = typeof format === 'string' && Object.prototype.hasOwnProperty.call(F, format);
    if (log && (!own || format === 'auto' || format === 'pow' || format === 'sci')) {
      var a = Math.abs(v);
      if (a === 0 || !isFinite(a) || (a >= 0.01 && a < 10000)) return F.plain(v);
      return format === 'sci' ? F.sci(v) : F.pow(v);
    }
    if (!own || format === 'auto') return F.plain(v);
    return F[format](v);
  }

  /* ---------------------------------------------------------------------
   * Point labels
   * ------------------------------------------------------------------- */

  // Directions, in the order tried: right, left, above, below, then corners.
  var DIRS = [[1, 0], [-1, 0], [0, -1], [0, 1], [1, -1], [-1, -1], [1, 1], [-1, 1]];
  // px from the marker's edge: beside the point first, then farther out
  // with a leader line, as far as a reader still follows one
  var RINGS = [3, 14, 28, 44, 64, 90, 120, 160, 210, 270];
  // far out, the 8 directions leave wide gaps: 24 evenly spaced ones, the
  // 8 first
  var FAR_DIRS = DIRS.slice();
  for (var fd = 0; fd < 24; fd++) {
    if (fd % 3 === 0) continue; // multiples of 45 degrees are in DIRS
    var ang = fd * Math.PI / 12;
    FAR_DIRS.push([Math.round(Math.cos(ang) * 1000) / 1000, Math.round(-Math.sin(ang) * 1000) / 1000]);
  }
  var LABEL_PAD = 2; // px kept free between labels
  var CROWD = 6; // more markers than this near a point make it crowded

  function num(v) {
    return typeof v === 'number' && v > -Infinity && v < Infinity;
  }

  function finite(a, b, c, d) {
    return num(a) && num(b) && num(c) && num(d);
  }

  // does the rectangle (x, y, w, h) cover part of the circle (cx, cy, r)?
  function rectHitsCircle(x, y, w, h, cx, cy, r) {
    var nx = cx < x ? x : cx > x + w ? x + w : cx;
    var ny = cy < y ? y : cy > y + h ? y + h : cy;
    var dx = cx - nx;
    var dy = cy - ny;
    return dx * dx + dy * dy < r * r;
  }

  // The top-left corner of a label in direction dir at `ring` px from the
  // edge of its marker, written to pos.
  function candidatePos(it, r, dir, ring, pos) {
    var dx = dir[0];
    var dy = dir[1];
    var len = Math.sqrt(dx * dx + dy * dy);
    var d = r + ring;
    var ox = dx / len * d;
    var oy = dy / len * d;
    pos.x = dx > 0 ? it.x + ox : dx < 0 ? it.x + ox - it.w : it.x - it.w / 2;
    pos.y = dy > 0 ? it.y + oy : dy < 0 ? it.y + oy - it.h : it.y - it.h / 2;
  }

  // A uniform grid over the region where labels can go. Cell indices are
  // clamped, so shapes beyond the region land in its edge cells.
  function Grid(x0, y0, x1, y1, cell) {
    var cols = Math.floor((x1 - x0) / cell) + 1;
    var rows = Math.floor((y1 - y0) / cell) + 1;
    while (cols * rows > 262144) { // keep the index small for huge regions
      cell *= 2;
      cols = Math.floor((x1 - x0) / cell) + 1;
      rows = Math.floor((y1 - y0) / cell) + 1;
    }
    this.x0 = x0;
    this.y0 = y0;
    this.inv = 1 / cell;
    this.cols = cols;
    this.rows = rows;
  }
  Grid.prototype.cx = function (x) {
    var c = (x - this.x0) * this.inv;
    return c < 1 ? 0 : c >= this.cols ? this.cols - 1 : c | 0;
  };
  Grid.prototype.cy = function (y) {
    var c = (y - this.y0) * this.inv;
    return c < 1 ? 0 : c >= this.rows ? this.rows - 1 : c | 0;
  };

  // The markers, bucketed by the cell of their centre in compressed rows:
  // cell c holds entries start[c] .. start[c+1]-1 of x, y, r. A query
  // widens its box by the largest radius.
  function MarkerIndex(grid, markers) {
    var ncell = grid.cols * grid.rows;
    var n = markers.length;
    var cellOf = new Int32Array(n);
    var px = new Float64Array(n);
    var py = new Float64Array(n);
    var pr = new Float64Array(n);
    var start = new Int32Array(ncell + 1);
    var x0 = grid.x0, y0 = grid.y0, inv = grid.inv, cols = grid.cols, rows = grid.rows;
    var maxR = 0;
    var i, c;
    // each marker read once (its fields may be small integers or doubles)
    for (i = 0; i < n; i++) {
      var m = markers[i];
      cellOf[i] = -1;
      if (!m) continue;
      var x = m.x, y = m.y, r = m.r;
      if (typeof x !== 'number' || typeof y !== 'number' || typeof r !== 'number') continue;
      if (!(r > 0 && r < Infinity && x > -Infinity && x < Infinity && y > -Infinity && y < Infinity)) continue;
      var fx = (x - x0) * inv;
      var fy = (y - y0) * inv;
      c = (fy < 1 ? 0 : fy >= rows ? rows - 1 : fy | 0) * cols + (fx < 1 ? 0 : fx >= cols ? cols - 1 : fx | 0);
      cellOf[i] = c;
      px[i] = x;
      py[i] = y;
      pr[i] = r;
      start[c + 1]++;
      if (r > maxR) maxR = r;
    }
    for (i = 0; i < ncell; i++) start[i + 1] += start[i];
    var fill = start.slice(0, ncell);
    var total = start[ncell];
    var mx = new Float64Array(total);
    var my = new Float64Array(total);
    var mr = new Float64Array(total); // squared radii
    for (i = 0; i < n; i++) {
      c = cellOf[i];
      if (c < 0) continue;
      var slot = fill[c]++;
      mx[slot] = px[i];
      my[slot] = py[i];
      mr[slot] = pr[i] * pr[i];
    }
    this.grid = grid;
    this.start = start;
    this.maxR = maxR;
    this.x = mx;
    this.y = my;
    this.r = mr;
  }
  // does the rectangle cover part of a marker?
  MarkerIndex.prototype.hits = function (x, y, w, h) {
    var g = this.grid;
    var start = this.start;
    var mx = this.x, my = this.y, mr = this.r;
    var R = this.maxR;
    var x1 = x + w, y1 = y + h;
    var a0 = g.cx(x - R), a1 = g.cx(x1 + R), b1 = g.cy(y1 + R);
    for (var cb = g.cy(y - R); cb <= b1; cb++) {
      var row = cb * g.cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        // the cells a0..a1 of a row are contiguous in the arrays
        var cx = mx[k], cy = my[k];
        var dx = cx < x ? x - cx : cx > x1 ? cx - x1 : 0;
        var dy = cy < y ? y - cy : cy > y1 ? cy - y1 : 0;
        if (dx * dx + dy * dy < mr[k]) return true;
      }
    }
    return false;
  };

  // count: how many markers have their centre in the rectangle, up to
  // limit.
  MarkerIndex.prototype.count = function (x, y, w, h, limit) {
    var g = this.grid;
    var start = this.start;
    var n = 0;
    var x1 = x + w, y1 = y + h;
    var a0 = g.cx(x), a1 = g.cx(x1), b1 = g.cy(y1);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      var row = cb * g.cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        if (this.x[k] >= x && this.x[k] <= x1 && this.y[k] >= y && this.y[k] <= y1 && ++n >= limit) return n;
      }
    }
    return n;
  };

  // The labels placed so far: rectangles in flat arrays, and per cell a
  // linked list of entries (head[cell] -> entry, next[entry], label[entry]).
  function LabelIndex(grid, pad) {
    this.grid = grid;
    this.pad = pad;
    this.head = new Int32Array(grid.cols * grid.rows).fill(-1);
    this.next = [];
    this.label = [];
    this.x = [];
    this.y = [];
    this.w = [];
    this.h = [];
  }
  // does the rectangle come within pad of a placed label?
  LabelIndex.prototype.hits = function (x, y, w, h) {
    var g = this.grid;
    var p = this.pad;
    var head = this.head, next = this.next, label = this.label;
    var lx = this.x, ly = this.y, lw = this.w, lh = this.h;
    var a0 = g.cx(x - p), a1 = g.cx(x + w + p), b1 = g.cy(y + h + p);
    for (var cb = g.cy(y - p); cb <= b1; cb++) {
      for (var ca = a0; ca <= a1; ca++) {
        for (var e = head[cb * g.cols + ca]; e >= 0; e = next[e]) {
          var q = label[e];
          if (x < lx[q] + lw[q] + p && lx[q] < x + w + p && y < ly[q] + lh[q] + p && ly[q] < y + h + p) return true;
        }
      }
    }
    return false;
  };
  LabelIndex.prototype.add = function (x, y, w, h) {
    var g = this.grid;
    var q = this.x.length;
    this.x.push(x);
    this.y.push(y);
    this.w.push(w);
    this.h.push(h);
    var a0 = g.cx(x), a1 = g.cx(x + w), b1 = g.cy(y + h);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      for (var ca = a0; ca <= a1; ca++) {
        var c = cb * g.cols + ca;
        this.next.push(this.head[c]);
        this.label.push(q);
        this.head[c] = this.next.length - 1;
      }
    }
  };

  // segHitsRect: does the segment (x1,y1)-(x2,y2) pass through the
  // rectangle (Liang-Barsky clipping)?
  function segHitsRect(x1, y1, x2, y2, rx, ry, rw, rh) {
    var t0 = 0, t1 = 1;
    var dx = x2 - x1, dy = y2 - y1;
    var p = [-dx, dx, -dy, dy];
    var q = [x1 - rx, rx + rw - x1, y1 - ry, ry + rh - y1];
    for (var i = 0; i < 4; i++) {
      if (p[i] === 0) {
        if (q[i] < 0) return false;
      } else {
        var t = q[i] / p[i];
        if (p[i] < 0) {
          if (t > t1) return false;
          if (t > t0) t0 = t;
        } else {
          if (t < t0) return false;
          if (t < t1) t1 = t;
        }
      }
    }
    return t0 < t1;
  }

  // leaderEnd is where the leader from the point (ax, ay) meets the label:
  // the label's nearest point.
  function leaderEnd(ax, ay, x, y, w, h) {
    return [Math.max(x, Math.min(ax, x + w)), Math.max(y, Math.min(ay, y + h))];
  }

  // Leaders: the leader lines drawn so far, which later labels must not
  // cover, and which must not cross a placed label.
  function Leaders() {
    this.seg = [];
  }
  Leaders.prototype.hitsRect = function (x, y, w, h) {
    for (var i = 0; i < this.seg.length; i++) {
      var s = this.seg[i];
      if (segHitsRect(s[0], s[1], s[2], s[3], x, y, w, h)) return true;
    }
    return false;
  };

  // crossesLabels: does a leader from (ax, ay) to (bx, by) pass through a
  // placed label? The label index is asked for the segment's box.
  function crossesLabels(labels, ax, ay, bx, by) {
    var x = Math.min(ax, bx), y = Math.min(ay, by);
    var w = Math.abs(bx - ax), h = Math.abs(by - ay);
    var g = labels.grid;
    var lx = labels.x, ly = labels.y, lw = labels.w, lh = labels.h;
    var a0 = g.cx(x), a1 = g.cx(x + w), b1 = g.cy(y + h);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      for (var ca = a0; ca <= a1; ca++) {
        for (var e = labels.head[cb * g.cols + ca]; e >= 0; e = labels.next[e]) {
          var q = labels.label[e];
          if (segHitsRect(ax, ay, bx, by, lx[q] + 1, ly[q] + 1, lw[q] - 2, lh[q] - 2)) return true;
        }
      }
    }
    return false;
  }

  // The first free candidate of one item on rings from..to-1, or null.
  // A label with a leader line keeps the line clear of other labels, and
  // every label keeps clear of the leader lines already drawn.
  function placeOne(it, marks, labels, pos, from, to, leaders) {
    var bd = it.bounds;
    var bx0 = -Infinity, by0 = -Infinity, bx1 = Infinity, by1 = Infinity;
    if (bd && finite(bd.x, bd.y, bd.width, bd.height)) {
      bx0 = bd.x - 1e-6;
      by0 = bd.y - 1e-6;
      bx1 = bd.x + bd.width + 1e-6;
      by1 = bd.y + bd.height + 1e-6;
    }
    var own = it.r > 0 ? it.r : 0;
    var w = it.w;
    var h = it.h;
    for (var ring = from; ring < to; ring++) {
      var dirs = ring >= 3 ? FAR_DIRS : DIRS;
      for (var d = 0; d < dirs.length; d++) {
        candidatePos(it, own, dirs[d], RINGS[ring], pos);
        var x = pos.x;
        var y = pos.y;
        if (x < bx0 || y < by0 || x + w > bx1 || y + h > by1) continue;
        if (own > 0 && rectHitsCircle(x, y, w, h, it.x, it.y, own)) continue;
        if (labels.hits(x, y, w, h) || (marks && marks.hits(x, y, w, h))) continue;
        if (leaders.hitsRect(x, y, w, h)) continue;
        if (ring > 0) {
          var end = leaderEnd(it.x, it.y, x, y, w, h);
          if (crossesLabels(labels, it.x, it.y, end[0], end[1])) continue;
          leaders.seg.push([it.x, it.y, end[0], end[1]]);
        }
        labels.add(x, y, w, h);
        return { x: x, y: y, leader: ring > 0 };
      }
    }
    return null;
  }

  // placeLabels(items, markers, opts) -> [{x, y, leader} | null], in the
  // order of items. items: {x, y, r, w, h, bounds: {x, y, width, height},
  // priority}; markers: {x, y, r}, every marker drawn. Higher priority is
  // placed first, ties in input order. Every label is first tried beside
  // its point, then farther out with a leader line (which crosses no label,
  // and no label covers it), always clear of the markers; last, labels that
  // found no place try beside their point over other markers (unless
  // opts.overMarkers is false). A label never covers its own marker or
  // another label. opts.pad: px between labels (default 2).
  function placeLabels(items, markers, opts) {
    opts = opts || {};
    items = Array.isArray(items) ? items : [];
    markers = Array.isArray(markers) ? markers : [];
    var pad = isFinite(opts.pad) && opts.pad >= 0 ? +opts.pad : LABEL_PAD;
    // opts.maxLeader (px) bounds how far a label may stand from its point
    var rings = RINGS.length;
    if (isFinite(opts.maxLeader) && opts.maxLeader > 0) {
      while (rings > 1 && RINGS[rings - 1] > opts.maxLeader) rings--;
    }
    var reach = RINGS[rings - 1];
    var out = new Array(items.length);
    var order = [];
    var heights = 0;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    var i, it;
    for (i = 0; i < items.length; i++) {
      out[i] = null;
      it = items[i];
      if (!it || !finite(it.x, it.y, it.w, it.h) || it.w < 0 || it.h < 0) continue;
      order.push(i);
      heights += it.h;
      // every candidate of the item lies in this box
      var ext = (it.r > 0 ? it.r : 0) + reach + pad;
      x0 = Math.min(x0, it.x - ext - it.w);
      y0 = Math.min(y0, it.y - ext - it.h);
      x1 = Math.max(x1, it.x + ext + it.w);
      y1 = Math.max(y1, it.y + ext + it.h);
    }
    if (!order.length) return out;
    // label cells about two label heights: a query touches a handful of
    // cells; marker cells finer, so that a query scans few markers beyond
    // the box itself
    var avg = heights / order.length;
    var marks = new MarkerIndex(new Grid(x0, y0, x1, y1, Math.min(16, Math.max(4, avg / 2))), markers);
    var labels = new LabelIndex(new Grid(x0, y0, x1, y1, Math.min(64, Math.max(8, 2 * avg))), pad);
    var prio = new Float64Array(items.length);
    for (i = 0; i < order.length; i++) prio[order[i]] = +items[order[i]].priority || 0;
    order.sort(function (a, b) {
      return prio[b] - prio[a] || a - b;
    });
    var pos = { x: 0, y: 0 };
    // Points in a crowd (several markers within a label's height or two)
    // are placed before the others' labels wall the crowd in: beside
    // their point, else farther out with a leader. Then every other label
    // beside its point, then the rest farther out, in the room left.
    var leaders = new Leaders();
    var crowded = new Uint8Array(items.length);
    for (i = 0; i < order.length; i++) {
      it = items[order[i]];
      var rad = 2.5 * it.h;
      crowded[order[i]] = marks.count(it.x - rad, it.y - rad, 2 * rad, 2 * rad, CROWD + 1) > CROWD ? 1 : 0;
    }
    for (i = 0; i < order.length; i++) {
      if (crowded[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, pos, 0, rings, leaders);
    }
    for (i = 0; i < order.length; i++) {
      if (!crowded[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, pos, 0, 1, leaders);
    }
    for (i = 0; i < order.length; i++) {
      if (!out[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, pos, 1, rings, leaders);
    }
    // in a cluster too dense for that, a label may lie over another
    // point's marker (the site draws labels with a halo), never over a label
    if (opts.overMarkers !== false) {
      for (i = 0; i < order.length; i++) {
        if (!out[order[i]]) out[order[i]] = placeOne(items[order[i]], null, labels, pos, 0, rings, leaders);
      }
    }
    return out;
  }

  // labelRect(item, placement) -> {x, y, width, height}, or null
  function labelRect(item, placement) {
    if (!item || !placement) return null;
    return { x: placement.x, y: placement.y, width: item.w, height: item.h };
  }

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

  /* ---------------------------------------------------------------------
   * Series styles
   * ------------------------------------------------------------------- */

  // (symbol, dash) pairs by cycle through the palette: first circle + solid;
  // then every pair differing from it in both symbol and dash (9 x 3); then
  // the pairs that differ in one of them. 40 pairs x 10 colours: 400 series
  // before any look repeats.
  var LOOKS = (function () {
    var looks = [{ symbol: 0, dash: 0 }];
    var j;
    for (j = 0; j < 27; j++) {
      var s = j % 9;
      looks.push({ symbol: 1 + s, dash: 1 + (s + Math.floor(j / 9)) % 3 });
    }
    for (j = 1; j < SYMBOLS.length; j++) looks.push({ symbol: j, dash: 0 });
    for (j = 1; j < DASHES.length; j++) looks.push({ symbol: 0, dash: j });
    return looks;
  })();

  function copyDash(d) {
    return Array.isArray(d) ? d.slice() : d;
  }

  // seriesStyles(n, opts) -> [{color, symbol, dash}] for series 0..n-1.
  // opts.palette replaces the colours.
  function seriesStyles(n, opts) {
    opts = opts || {};
    var colors = Array.isArray(opts.palette) && opts.palette.length ? opts.palette : PALETTE;
    n = Math.max(0, Math.floor(+n) || 0);
    var out = [];
    for (var i = 0; i < n; i++) {
      var look = LOOKS[Math.floor(i / colors.length) % LOOKS.length];
      out.push({
        color: colors[i % colors.length],
        symbol: SYMBOLS[look.symbol],
        dash: copyDash(DASHES[look.dash])
      });
    }
    return out;
  }

  var api = {
    chooseTicks: chooseTicks,
    tickLabel: tickLabel,
    placeLabels: placeLabels,
    labelRect: labelRect,
    contrast: contrast,
    readableColor: readableColor,
    seriesStyles: seriesStyles,
    palette: PALETTE.slice(),
    symbols: SYMBOLS.slice(),
    dashes: DASHES.map(copyDash)
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    window.scalesiteLayout = api;
  }
})();

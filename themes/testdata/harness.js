// Test harness for themes/formatters_test.go and themes/layout_test.go:
// reads a JSON array of cases on stdin, runs each through the pure functions
// exported by format.js, tooltip.js, ticks.js, labels.js, breaktext.js and colors.js (labels.js
// requiring labelgeometry.js), marks.js and linearaxes.js, and prints a JSON array of results
// (strings; structured results as JSON text) in the same order.
'use strict';
const path = require('path');
const assets = path.join(__dirname, '..', 'default', 'assets');
const site = Object.assign({}, ...['format.js', 'tooltip.js'].map((f) => require(path.join(assets, f))));
const layout = Object.assign({}, ...['ticks.js', 'labels.js', 'breaktext.js', 'colors.js'].map((f) => require(path.join(assets, f))));

// The labelSize of a ticks case: c.labelPx px per label (a y axis: line
// height + gap), or c.charPx px per character of the widest label as
// tickLabel writes it plus c.labelPad (an x axis), or ticks.js' default.
function labelSizer(c) {
  if (typeof c.charPx === 'number') {
    return (values) => {
      let chars = 0;
      for (const s of layout.tickLabels(values, c.format || 'auto', !!c.log).labels) chars = Math.max(chars, [...s].length);
      return chars * c.charPx + (c.labelPad || 0);
    };
  }
  if (typeof c.labelPx === 'number') return () => c.labelPx;
  return undefined;
}

function ticks(c) {
  const size = labelSizer(c);
  const opts = { log: !!c.log, labelSize: size, minLabels: c.minLabels, gap: c.gap, integer: c.integer, spacing: c.spacing };
  const t = layout.chooseTicks(c.lo, c.hi, c.pixels, opts);
  const raw = t.major.map((e) => (c.log ? Math.pow(10, e) : e));
  return {
    major: t.major,
    minor: t.minor,
    labels: layout.tickLabels(raw, c.format || 'auto', !!c.log).labels,
    // the room the labels need: labelSize of the majors plus the gap
    need: (size ? size(raw) : 40) + (typeof c.gap === 'number' ? c.gap : 8),
  };
}

// Wall and CPU time of one call, in ms.
function timed(fn) {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const result = fn();
  const cpu = process.cpuUsage(c0);
  return { result, ms: Number(process.hrtime.bigint() - t0) / 1e6, cpuMs: (cpu.user + cpu.system) / 1000 };
}

// Functions in a wired option print as "<function>"; everything else as is.
function show(option) {
  return JSON.stringify(option, (k, v) => (typeof v === 'function' ? '<function>' : v));
}

function run(c) {
  switch (c.kind) {
    case 'tick':
      return site.formatters[c.format](c.value);
    case 'full':
      return site.fullValue(c.value, c.format);
    case 'slider':
      return site.sliderValue(c.value, c.format);
    case 'axisFormat':
      return String(site.axisFormat(c.token, c.axisType));
    case 'escape':
      return site.escapeHTML(c.value);
    case 'wire':
      return show(site.applyTokens(c.option));
    case 'axisTick': {
      // wire the option, then call the formatter of xAxis[0] (or yAxis[0])
      const o = site.applyTokens(c.option);
      const ax = Array.isArray(o[c.axis]) ? o[c.axis][0] : o[c.axis];
      return ax.axisLabel.formatter(c.value);
    }
    case 'tooltip': {
      const o = site.applyTokens(c.option);
      const tt = Array.isArray(o.tooltip) ? o.tooltip[0] : o.tooltip;
      return tt.formatter(c.params);
    }
    case 'ticks':
      return JSON.stringify(ticks(c));
    case 'tickLabel':
      return layout.tickLabel(c.value, c.format, !!c.log, c.unit);
    case 'tickLabels':
      return JSON.stringify(layout.tickLabels(c.values, c.format, !!c.log, c.unit));
    case 'fullUnit':
      return site.fullValueUnit(c.value, c.format, c.unit);
    case 'place': {
      // Rebuilt as object literals, as site.js builds them: objects straight
      // from JSON.parse with fields both integer and fractional cost V8 a
      // shape migration on first access, which would dominate the timing.
      const items = (c.items || []).map((it) => ({
        x: it.x, y: it.y, r: it.r, w: it.w, h: it.h, priority: it.priority,
        bounds: it.bounds && { x: it.bounds.x, y: it.bounds.y, width: it.bounds.width, height: it.bounds.height },
      }));
      const markers = (c.markers || []).map((m) => ({ x: m.x, y: m.y, r: m.r }));
      // (tally: the pairs of shapes the placer's indexes tested)
      const opts = Object.assign({}, c.opts, { tally: {} });
      const t = timed(() => layout.placeLabels(items, markers, opts));
      return JSON.stringify({ placed: t.result, ms: t.ms, cpuMs: t.cpuMs, pairs: opts.tally.pairs });
    }
    case 'segHitsRect': {
      const geo = require(path.join(assets, 'labelgeometry.js'));
      return JSON.stringify(c.segs.map((g) => geo.segHitsRect(...g)));
    }
    case 'contrast':
      return String(layout.contrast(c.a, c.b));
    case 'readable':
      return layout.readableColor(c.color, c.background, c.min);
    case 'renderItem': {
      // marks.js' drawing function c.fn for item c.index of c.data, with an
      // api that maps (x, y) to the pixels (10x, 1000 - 10y) (themes/marks_test.go)
      const marks = require(path.join(assets, 'marks.js'));
      const api = {
        value: (dim, i) => c.data[i == null ? c.index : i][dim],
        coord: (p) => [10 * p[0], 1000 - 10 * p[1]],
        visual: () => '#3b75af',
      };
      return JSON.stringify(marks[c.fn]({ dataIndexInside: c.index, dataInsideLength: c.data.length }, api));
    }
    case 'marksWire':
      return show(require(path.join(assets, 'marks.js')).wire(c.option, !!c.dark));
    case 'linearOption':
      // linearaxes.js: the option with the log axes c.lin names made linear
      return JSON.stringify(require(path.join(assets, 'linearaxes.js')).linearOption(c.option, c.lin));
    default:
      if (Object.prototype.hasOwnProperty.call(labelCases, c.kind)) return labelCases[c.kind](c);
      throw new Error('unknown case kind ' + c.kind);
  }
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const cases = JSON.parse(input);
  const out = cases.map((c) => {
    try {
      return run(c);
    } catch (e) {
      return 'ERROR: ' + e.message;
    }
  });
  process.stdout.write(JSON.stringify(out));
});

/* ---------------------------------------------------------------------
 * Point labels (labels.js), themes/labels_test.go: issue 20's cases.
 * Each takes the items, markers and options as JSON gives them, with
 * every field the placer reads, and returns structured JSON.
 * ------------------------------------------------------------------- */
const labelCases = {
  // placeLabels with c.opts as given (maxLeader, obstacles, overMarkers).
  labels: (c) => JSON.stringify(layout.placeLabels(c.items || [], c.markers || [], c.opts)),
  // breakText of c.text at c.width px, each character c.charPx wide (a
  // code point: a superscript is one character, as on the canvas).
  breakText: (c) => JSON.stringify(layout.breakText(c.text, c.width, (s) => [...s].length * c.charPx)),
  // placeLineLabels: a place for each reference line's label.
  lineLabels: (c) => JSON.stringify(layout.placeLineLabels(c.refs || [], c.markers || [], c.lines || [], c.taken || [])),
  // placeLabels, then parkHidden for the labels it left out.
  parkHidden: (c) => {
    const placed = layout.placeLabels(c.items || [], c.markers || [], c.opts);
    return JSON.stringify({ placed, parked: layout.parkHidden(c.items || [], placed) });
  },
};

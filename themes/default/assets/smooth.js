/* scalesite: the smoothing control of a chart whose lines are smoothed
 * (a spec's `smooth:`), first in the list of the chart's tools that "More…" opens (export.js).
 *
 *   ema(ys, w)                         TensorBoard's debiased EMA of ys
 *   windowMean(ys, n)                  the centred moving mean over n points
 *   emaRows(ys, k, w), windowRows(ys, xs, k, n, step)
 *                                      the same over points standing for
 *                                      k[i] rows each
 *   smoothedData(raw, setting, mark, logY)
 *                                      a smoothed line's data computed from
 *                                      its raw line's drawn points
 *
 * The build smooths every row of the data (chart/smooth.go) and draws the
 * rows it keeps; the page has only those. Where the line was thinned, the
 * control smooths the drawn points, each weighed by the rows it stands
 * for, (its x − the previous point's) / mark.step, the mean x between rows:
 * the EMA decays by w^rows from one drawn point to the next, and the moving
 * mean takes the drawn points within the x the window's rows span, each
 * counted rows times. That is close to, not equal to, what the build draws;
 * at the spec's own setting the build's line is shown again as it was drawn.
 *
 * setting: {method: 'ema', weight} | {method: 'window', window} | {off: true}.
 * In Node it exports the pure functions (module.exports) for tests; in the
 * browser it adds the control to each chart with a smoothed line (through
 * window.scalesite.onChart), made element by element, never from markup.
 * Plain ES2019.
 */
(function () {
  'use strict';

  function finite(v) {
    return typeof v === 'number' && isFinite(v);
  }

  // A drawn point is [X, Y], or [X, Y, x, y] on a chart with a log axis
  // (its coordinates, then its values), or {value: [...]}; a gap's Y is "-".
  function valueOf(item) {
    return item && typeof item === 'object' && !Array.isArray(item) ? item.value : item;
  }

  function yOf(item) {
    var v = valueOf(item);
    if (!Array.isArray(v) || v[1] === '-') return NaN;
    var y = v.length >= 4 ? v[3] : v[1];
    return typeof y === 'number' ? y : NaN;
  }

  // withY is a smoothed point at item's x: [X, Y] or [X, Y, x, y], Y in the
  // y axis' coordinates (log10 of y on a log axis).
  function withY(item, y, logY) {
    var v = valueOf(item);
    if (!Array.isArray(v)) return item;
    if (!finite(y) || (logY && !(y > 0))) return [v[0], '-'];
    var Y = logY ? Math.log10(y) : y;
    return v.length >= 4 ? [v[0], Y, v[2], y] : [v[0], Y];
  }

  function xOf(item) {
    var v = valueOf(item);
    return Array.isArray(v) ? (v.length >= 4 ? v[2] : v[0]) : NaN;
  }

  // rowsOf is how many rows of the data each drawn point stands for: its
  // distance in x from the previous point in rows of step (the first: 1).
  function rowsOf(xs, step) {
    return xs.map(function (x, i) { return i && finite(x) && finite(xs[i - 1]) ? Math.max(0, (x - xs[i - 1]) / step) : 1; });
  }

  // emaRows is smooth.EMA (Go), TensorBoard's debiased EMA, over points
  // that stand for k[i] rows each: the EMA of the rows, each point's value
  // repeated k[i] times, read at the point. As TensorBoard's: values that
  // are not finite are kept and not counted; a constant series is kept.
  function emaRows(ys, k, w) {
    var out = ys.slice();
    if (!ys.length || !(w > 0) || ys.every(function (y) { return y === ys[0]; })) return out;
    w = Math.min(w, 1 - 1e-16);
    var last = 0, d = 0;
    for (var i = 0; i < ys.length; i++) {
      if (!finite(ys[i])) continue;
      var a = Math.pow(w, k[i]);
      last = last * a + (1 - a) * ys[i];
      d = d * a + (1 - a);
      out[i] = last / d;
    }
    return out;
  }

  // windowRows is smooth.Window (Go), pandas' rolling(n, center=True,
  // min_periods=1).mean() over the finite values, over points that stand
  // for k[i] rows each: the mean of the points whose x lies within the rows
  // the window spans around each point (n/2 rows of step before it,
  // (n−1)/2 after; an even n has one more before), each counted k times.
  function windowRows(ys, xs, k, n, step) {
    var before = Math.floor(n / 2) * step, after = Math.floor((n - 1) / 2) * step;
    var out = new Array(ys.length), sum = 0, count = 0, lo = 0, hi = 0;
    for (var i = 0; i < ys.length; i++) {
      for (; hi < ys.length && !(xs[hi] > xs[i] + after); hi++) if (finite(ys[hi])) { sum += ys[hi] * k[hi]; count += k[hi]; }
      for (; lo < hi && xs[lo] < xs[i] - before; lo++) if (finite(ys[lo])) { sum -= ys[lo] * k[lo]; count -= k[lo]; }
      out[i] = count > 0 ? sum / count : NaN;
    }
    return out;
  }

  // ema and windowMean are emaRows and windowRows over points of one row
  // each: the build's smoothing of every row.
  // seq is n numbers: v each, or 0, 1, … n−1 without v.
  function seq(n, v) {
    var a = new Array(n);
    for (var i = 0; i < n; i++) a[i] = v == null ? i : v;
    return a;
  }
  function ema(ys, w) {
    return emaRows(ys, seq(ys.length, 1), w);
  }
  function windowMean(ys, n) {
    return n >= 2 ? windowRows(ys, seq(ys.length), seq(ys.length, 1), n, 1) : ys.slice();
  }

  // smoothedData is a smoothed line's data, from its raw line's drawn
  // points (raw), as setting says; [] when off. A gap in the raw line stays
  // a gap.
  function smoothedData(raw, setting, mark, logY) {
    if (!setting || setting.off || !Array.isArray(raw)) return [];
    var ys = raw.map(yOf);
    var step = mark && mark.stride > 1 && mark.step > 0 ? mark.step : 0;
    var s;
    if (!step) {
      s = setting.method === 'window' ? windowMean(ys, setting.window) : ema(ys, setting.weight);
    } else {
      var xs = raw.map(xOf), k = rowsOf(xs, step);
      s = setting.method === 'window' ? windowRows(ys, xs, k, setting.window, step) : emaRows(ys, k, setting.weight);
    }
    return raw.map(function (item, i) { return withY(item, isNaN(ys[i]) ? NaN : s[i], logY); });
  }

  function sameSetting(a, b) {
    if (!a || !b || a.off || b.off) return !!(a && b && a.off && b.off);
    return a.method === b.method && (a.method === 'window' ? a.window === b.window : a.weight === b.weight);
  }

  var api = { ema: ema, windowMean: windowMean, emaRows: emaRows, windowRows: windowRows, smoothedData: smoothedData, sameSetting: sameSetting };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
    return;
  }
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  var S = window.scalesite;
  if (!S || !S.onChart || !window.scalesiteFormat) return;
  var ns = window.scalesiteTools = window.scalesiteTools || {};
  Object.keys(api).forEach(function (k) { ns[k] = api[k]; });

  var asArray = window.scalesiteFormat.asArray;

  // Per chart id: {built, setting, snap: {series id: drawn data}, rawOpacity}.
  var states = {};

  // pairs lists a chart's smoothed lines: the smoothed series and its raw
  // partner, with their ids and mark.
  function pairs(opt) {
    var series = asArray(opt.series), out = [];
    series.forEach(function (s, i) {
      var m = s && s.scalesiteSmooth;
      if (!m || m.role !== 'smoothed') return;
      var raw = series[i + m.partner];
      if (!raw || raw.id == null || s.id == null) return;
      var ya = asArray(opt.yAxis)[typeof s.yAxisIndex === 'number' ? s.yAxisIndex : 0] || {};
      out.push({ s: s, raw: raw, mark: m, logY: ya.scalesiteLog === true });
    });
    return out;
  }

  // apply draws the chart's smoothed lines as setting says: computed from
  // the raw lines' drawn points, or, at the spec's setting, the build's;
  // off hides them and draws the raw lines full.
  function apply(id, setting) {
    var inst = S.charts[id];
    var st = states[id];
    if (!inst || inst.isDisposed() || !st) return;
    st.setting = setting;
    var opt = inst.getOption() || {};
    var patch = [];
    pairs(opt).forEach(function (p) {
      var data;
      var snap = st.snap[p.s.id];
      var raw = asArray(p.raw.data);
      if (sameSetting(setting, st.built) && snap && snap.length === raw.length) {
        // the build's values at the raw points' x (the axes may have been
        // made linear since)
        data = snap.map(function (item, i) { return withY(raw[i], yOf(item), p.logY); });
      } else {
        data = smoothedData(raw, setting, p.mark, p.logY);
      }
      patch.push({ id: p.s.id, data: data });
      patch.push({ id: p.raw.id, lineStyle: { opacity: setting.off ? 1 : st.rawOpacity[p.raw.id] } });
    });
    if (patch.length) inst.setOption({ series: patch });
  }

  function label(setting) {
    if (setting.off) return 'off';
    return setting.method === 'window' ? setting.window + ' points' : String(Number(setting.weight.toFixed(3)));
  }

  function toolsOf(id) {
    var el = document.getElementById(id);
    var fig = el && el.closest ? el.closest('.scalesite-chart') : null;
    return fig ? fig.querySelector('.scalesite-tools') : null;
  }

  // control makes the chart's control, once: a checkbox that turns the
  // smoothing on and off, and a slider for the weight (or the window),
  // labelled, with its value written beside it.
  function control(id, st, live) {
    var tools = toolsOf(id);
    if (!tools) return;
    var made = tools.querySelector('.scalesite-smooth');
    if (made) {
      made.querySelector('[data-smooth="on"]').disabled = !live;
      made.querySelector('[data-smooth="amount"]').disabled = !live || !st.setting || !!st.setting.off;
      return;
    }
    var built = st.built;
    var win = built.method === 'window';
    var box = document.createElement('div');
    box.className = 'scalesite-smooth';
    var onLabel = document.createElement('label');
    var on = document.createElement('input');
    on.type = 'checkbox';
    on.checked = true;
    on.setAttribute('data-smooth', 'on');
    onLabel.appendChild(on);
    onLabel.appendChild(document.createTextNode(win ? ' Mean' : ' Smooth'));
    var range = document.createElement('input');
    range.type = 'range';
    range.setAttribute('data-smooth', 'amount');
    range.id = id + '-smooth';
    if (win) {
      range.min = '2';
      range.max = String(Math.max(100, 4 * built.window));
      range.step = '1';
      range.value = String(built.window);
    } else {
      range.min = '0';
      range.max = '0.999';
      range.step = '0.001';
      range.value = String(built.weight);
    }
    range.setAttribute('aria-label', win ? 'Points in each mean' : 'Smoothing weight');
    var out = document.createElement('output');
    out.setAttribute('for', range.id);
    out.textContent = label(built);
    box.appendChild(onLabel);
    box.appendChild(range);
    box.appendChild(out);
    // in the tools' menu (export.js), which keeps the toolbar one row
    var into = S && S.toolsMenu ? S.toolsMenu(tools) : tools;
    into.insertBefore(box, into.firstChild);

    function current() {
      if (!on.checked) return { off: true };
      return win ? { method: 'window', window: Math.round(Number(range.value)) } : { method: 'ema', weight: Number(range.value) };
    }
    function changed() {
      range.disabled = !on.checked;
      var setting = current();
      out.textContent = label(setting);
      // a few thousand points a line: recomputed at once, as the slider moves
      apply(id, setting);
    }
    on.addEventListener('change', changed);
    range.addEventListener('input', changed);
    on.disabled = range.disabled = !live;
  }

  // wire takes a chart's smoothed lines as the build drew them (a chart is
  // made again on a change of colour scheme: the reader's setting is kept).
  function builtSetting(ps) {
    var m = ps[0].mark;
    return m.method === 'window' ? { method: 'window', window: m.window } : { method: 'ema', weight: m.weight || 0 };
  }

  // prepare makes the control of each chart with a smoothed line as soon
  // as the script runs, disabled until the chart is live: the toolbar takes
  // its final rows before the chart replaces its static figure.
  function prepare() {
    var scripts = document.querySelectorAll('script.scalesite-option');
    for (var i = 0; i < scripts.length; i++) {
      var id = scripts[i].getAttribute('data-chart');
      var text = scripts[i].textContent;
      if (!id || states[id] || text.indexOf('"scalesiteSmooth"') < 0) continue;
      var ps;
      try {
        ps = pairs(JSON.parse(text));
      } catch (err) {
        continue; // site.js says the chart cannot be read
      }
      if (!ps.length) continue;
      var built = builtSetting(ps);
      states[id] = { built: built, setting: built, snap: {}, rawOpacity: {} };
      control(id, states[id], false);
    }
  }

  // wire takes a chart's smoothed lines as the build drew them (a chart is
  // made again on a change of colour scheme: the reader's setting is kept).
  function wire(id, inst) {
    var opt = inst.getOption() || {};
    var ps = pairs(opt);
    if (!ps.length) return;
    var built = builtSetting(ps);
    var st = states[id];
    if (!st) st = states[id] = { built: built, setting: built };
    st.snap = {};
    st.rawOpacity = {};
    ps.forEach(function (p) {
      st.snap[p.s.id] = asArray(p.s.data);
      var ls = p.raw.lineStyle;
      st.rawOpacity[p.raw.id] = ls && typeof ls.opacity === 'number' ? ls.opacity : 0.3;
    });
    control(id, st, true);
    if (!sameSetting(st.setting, built)) apply(id, st.setting);
  }

  // A chart redrawn from its option (log/linear axes: export.js) draws the
  // build's lines again: the reader's setting is put back.
  var update = S.update;
  S.update = function (id) {
    var inst = update.apply(this, arguments);
    var st = states[id];
    if (st && !sameSetting(st.setting, st.built)) apply(id, st.setting);
    return inst;
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', prepare);
  else prepare();
  S.onChart(wire);
})();

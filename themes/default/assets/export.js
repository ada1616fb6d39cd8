/* scalesite: getting a figure out of a chart, and the reader's controls.
 *
 * Under each chart (layouts/chart.html) is a toolbar of real buttons and
 * links, which the keyboard reaches: Save PNG, Save SVG, Download CSV (a
 * file written beside the page at build time), Zoom to area and Undo
 * zoom (added here: they need the script), Reset zoom, Linear x / Linear y
 * (on a chart with a log axis) and # (a link to the chart). The links work
 * without JavaScript; this file shows and runs the buttons. They are the
 * chart's only controls: the option has no ECharts toolbox.
 *
 * What a reader does to a chart (hidden series, zoom, linear axes) is kept
 * in the page's address, so that a shared link opens the chart as it was:
 *   #chart-id:hide=Series%20A,B;zoom=0:12.5-80;lin=x
 * hide lists the series hidden in the legend, zoom the windows (percent) of
 * the chart's dataZoom components by index, lin the axes shown linear. The
 * address holds the state of the chart last changed.
 *
 * API, on window.scalesite: exportPNG(id) → a PNG data URL (twice the
 * canvas' pixels, on the page's colour), exportSVG(id) → a promise of the
 * SVG text (ECharts' SVG renderer is a file of its own, loaded the first
 * time: echarts.loadSVGRenderer),
 * setLinear(id, {x, y}), chartState(id) → the fragment, applyFragment(hash).
 * Loaded after site.js. Plain ES2019.
 */
(function () {
  'use strict';
  var S = window.scalesite;
  var F = window.scalesiteFormat;
  var CL = window.scalesiteChartLayout;
  if (!S || !S.onChart || !F || !CL || typeof document === 'undefined') return;
  var asArray = F.asArray;
  // Per chart, the axes shown linear instead of log: {x: bool, y: bool}.
  var linear = {};
  // Above 0 while this file changes a chart: its events are not the reader's.
  var applying = 0;
  var wired = typeof WeakSet === 'function' ? new WeakSet() : null;
  var darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  function isDark() {
    return !!(darkQuery && darkQuery.matches);
  }

  function pageBackground() {
    var c = window.getComputedStyle(document.body).backgroundColor;
    return c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent' ? c : isDark() ? '#111418' : '#ffffff';
  }

  function live(id) {
    var inst = S.charts[id];
    return inst && !inst.isDisposed() ? inst : null;
  }

  function toolsOf(id) {
    var el = document.getElementById(id);
    var fig = el && el.closest ? el.closest('.scalesite-chart') : null;
    return fig ? fig.querySelector('.scalesite-tools') : null;
  }

  // say tells the reader (and a screen reader: role=status) what happened.
  function say(id, text) {
    var tools = toolsOf(id);
    var out = tools && tools.querySelector('.scalesite-status');
    if (!out) return;
    out.textContent = text;
    clearTimeout(out.scalesiteTimer);
    out.scalesiteTimer = setTimeout(function () { out.textContent = ''; }, 5000);
  }

  function download(name, href) {
    var a = document.createElement('a');
    a.href = href;
    a.download = name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    document.body.removeChild(a);
  }

  /* ---------------------------------------------------------- images */

  // exportPNG draws the chart at twice its pixels, on the page's colour.
  function exportPNG(id) {
    var inst = live(id);
    if (!inst) throw new Error('no chart ' + id);
    return inst.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: pageBackground() });
  }

  // exportSVG draws the chart as shown (the same size, series, zoom, ticks
  // and labels) with ECharts' SVG renderer, off the page, and resolves to
  // the SVG text. The zoom is written as each axis' range. The renderer is
  // loaded the first time (a bundle that has it built in has no
  // loadSVGRenderer).
  function exportSVG(id) {
    var E = window.echarts;
    var ready = E && typeof E.loadSVGRenderer === 'function' ? E.loadSVGRenderer() : Promise.resolve();
    return ready.then(function () { return drawSVG(id); });
  }

  function drawSVG(id) {
    var inst = live(id);
    if (!inst) throw new Error('no chart ' + id);
    var opt = inst.getOption();
    var model = inst.getModel();
    ['x', 'y'].forEach(function (d) {
      model.eachComponent(d + 'Axis', function (axModel, i) {
        var o = asArray(opt[d + 'Axis'])[i];
        var scale = axModel.axis && axModel.axis.scale;
        if (!o || !scale) return;
        var ext = scale.getExtent();
        o.min = ext[0];
        o.max = ext[1];
      });
    });
    opt.dataZoom = [];
    opt.animation = false;
    opt.backgroundColor = pageBackground();
    var svg = window.echarts.init(null, isDark() ? 'dark' : null, {
      renderer: 'svg', ssr: true, width: inst.getWidth(), height: inst.getHeight()
    });
    try {
      // the labels are placed again, with their leader lines, in the copy
      asArray(opt.series).forEach(function (s) {
        if (s && typeof s.labelLayout === 'function') s.labelLayout = CL.labelPlacer(function () { return svg; });
      });
      svg.setOption(opt);
      return svg.renderToSVGString();
    } finally {
      svg.dispose();
    }
  }

  /* ------------------------------------------------------ log/linear */

  function pow10(v) {
    return typeof v === 'number' ? Math.pow(10, v) : v;
  }

  function pageOption(id) {
    var scripts = document.querySelectorAll('script.scalesite-option');
    for (var i = 0; i < scripts.length; i++) {
      if (scripts[i].getAttribute('data-chart') === id) return JSON.parse(scripts[i].textContent);
    }
    return null;
  }

  // linearOption turns the page's option (log axes over log10 of the
  // values) into one whose chosen log axes are linear: each such axis
  // plots the original values, which the points carry ([X, Y, x, y]).
  function linearOption(option, lin) {
    var axes = { x: {}, y: {} };
    ['x', 'y'].forEach(function (d) {
      if (!lin[d]) return;
      asArray(option[d + 'Axis']).forEach(function (ax, k) {
        if (!ax || ax.scalesiteLog !== true) return;
        ax.scalesiteLog = false;
        ax.min = pow10(ax.min);
        ax.max = pow10(ax.max);
        axes[d][k] = true;
        // ticks at 2.5×10²¹, not 2,500,000,000,000,000,000,000
        var label = ax.axisLabel = ax.axisLabel || {};
        var big = Math.max(Math.abs(ax.min) || 0, Math.abs(ax.max) || 0);
        if ((label.formatter == null || label.formatter === '@auto') && (big >= 1e5 || big < 1e-2)) label.formatter = '@pow';
      });
    });
    // a point is [X, Y] or [X, Y, x, y] (the values after the coordinates)
    function point(v, fx, fy) {
      if (!Array.isArray(v)) return v;
      v = v.slice();
      if (fx) v[0] = v.length >= 4 ? v[2] : pow10(v[0]);
      if (fy && v[1] !== '-') v[1] = v.length >= 4 ? v[3] : pow10(v[1]);
      return v;
    }
    // an item of a custom series (error bars, bands): every dimension its
    // encode puts on a switched axis is a coordinate
    function encoded(v, dims) {
      if (!Array.isArray(v)) return v;
      v = v.slice();
      dims.forEach(function (i) { v[i] = pow10(v[i]); });
      return v;
    }
    // a mark (reference line, area, point) at an axis value or coordinate
    function mark(m, fx, fy) {
      if (Array.isArray(m)) return m.map(function (p) { return mark(p, fx, fy); });
      if (!m || typeof m !== 'object') return m;
      var out = {};
      Object.keys(m).forEach(function (k) { out[k] = m[k]; });
      if (fx && typeof out.xAxis === 'number') out.xAxis = pow10(out.xAxis);
      if (fy && typeof out.yAxis === 'number') out.yAxis = pow10(out.yAxis);
      if (Array.isArray(out.coord)) {
        out.coord = out.coord.slice();
        if (fx) out.coord[0] = pow10(out.coord[0]);
        if (fy) out.coord[1] = pow10(out.coord[1]);
      }
      return out;
    }
    asArray(option.series).forEach(function (s) {
      if (!s) return;
      var fx = axes.x[typeof s.xAxisIndex === 'number' ? s.xAxisIndex : 0];
      var fy = axes.y[typeof s.yAxisIndex === 'number' ? s.yAxisIndex : 0];
      if (!fx && !fy) return;
      if (s.type === 'custom' && s.encode && Array.isArray(s.data)) {
        var dims = (fx ? asArray(s.encode.x) : []).concat(fy ? asArray(s.encode.y) : []);
        s.data = s.data.map(function (item) { return encoded(item, dims); });
      } else if (Array.isArray(s.data)) {
        s.data = s.data.map(function (item) {
          if (item && typeof item === 'object' && !Array.isArray(item)) {
            var c = {};
            Object.keys(item).forEach(function (k) { c[k] = item[k]; });
            c.value = point(item.value, fx, fy);
            return c;
          }
          return point(item, fx, fy);
        });
      }
      ['markLine', 'markArea', 'markPoint'].forEach(function (k) {
        if (s[k] && Array.isArray(s[k].data)) s[k].data = mark(s[k].data, fx, fy);
      });
    });
    return option;
  }

  function hasLog(id, d) {
    var o = pageOption(id);
    return !!o && asArray(o[d + 'Axis']).some(function (ax) { return ax && ax.scalesiteLog === true; });
  }

  function syncButtons(id) {
    var tools = toolsOf(id);
    if (!tools) return;
    var lin = linear[id] || {};
    var bs = tools.querySelectorAll('[data-tool="scale"]');
    for (var i = 0; i < bs.length; i++) {
      bs[i].setAttribute('aria-pressed', lin[bs[i].getAttribute('data-axis')] ? 'true' : 'false');
    }
  }

  function clampPct(v) {
    return isFinite(v) ? Math.max(0, Math.min(100, v)) : v > 0 ? 100 : 0;
  }

  function zoomed(r) {
    return r && (r[0] > 1e-6 || r[1] < 100 - 1e-6);
  }

  // setLinear shows the chart's log x and y axes linear (lin.x, lin.y true)
  // or log again. A zoomed axis keeps showing the same values.
  function setLinear(id, lin, keepZoom) {
    var inst = live(id);
    var src = pageOption(id);
    if (!inst || !src) return;
    var cur = linear[id] || { x: false, y: false };
    var next = { x: !!lin.x && hasLog(id, 'x'), y: !!lin.y && hasLog(id, 'y') };
    var changed = { x: next.x !== !!cur.x, y: next.y !== !!cur.y };
    if (!changed.x && !changed.y) return;
    var windows = [];
    var model = inst.getModel();
    if (keepZoom !== false) {
      model.eachComponent('dataZoom', function (dz, i) {
        if (!zoomed(dz.getPercentRange && dz.getPercentRange())) return;
        var target = null;
        dz.eachTargetAxis(function (dim, k) {
          if (!target && changed[dim]) target = { dim: dim, k: k };
        });
        var axModel = target && model.getComponent(target.dim + 'Axis', target.k);
        if (axModel && axModel.axis) windows.push({ i: i, dim: target.dim, k: target.k, ext: axModel.axis.scale.getExtent().slice() });
      });
    }
    linear[id] = next;
    applying++;
    try {
      S.update(id, linearOption(src, next));
      if (windows.length) {
        var opt = inst.getOption();
        var batch = windows.map(function (w) {
          var ao = asArray(opt[w.dim + 'Axis'])[w.k] || {};
          var f = next[w.dim] ? pow10 : function (v) { return v > 0 ? Math.log10(v) : -Infinity; };
          var lo = ao.min, hi = ao.max;
          return {
            dataZoomIndex: w.i,
            start: clampPct((f(w.ext[0]) - lo) / (hi - lo) * 100),
            end: clampPct((f(w.ext[1]) - lo) / (hi - lo) * 100)
          };
        });
        inst.dispatchAction({ type: 'dataZoom', batch: batch });
      }
    } finally {
      applying--;
    }
    syncButtons(id);
  }

  /* ------------------------------------------------ state in the URL */

  function round4(v) {
    return String(Math.round(v * 1e4) / 1e4);
  }

  // chartState is the fragment that opens chart id as it is now.
  function chartState(id) {
    var inst = live(id);
    if (!inst) return id;
    var parts = [];
    var opt = inst.getOption();
    var legend = asArray(opt.legend)[0];
    var sel = (legend && legend.selected) || {};
    var hide = [];
    asArray(opt.series).forEach(function (s) {
      var name = s && s.name != null ? String(s.name) : null;
      if (name !== null && sel[name] === false && hide.indexOf(name) < 0) hide.push(name);
    });
    if (hide.length) parts.push('hide=' + hide.map(encodeURIComponent).join(','));
    // dataZooms on the same axes move together: one of them is enough
    var zoom = [];
    var seen = [];
    inst.getModel().eachComponent('dataZoom', function (dz, i) {
      var r = dz.getPercentRange && dz.getPercentRange();
      if (!zoomed(r)) return;
      var axes = [];
      dz.eachTargetAxis(function (dim, k) { axes.push(dim + k); });
      var same = seen.some(function (o) {
        return o.r[0] === r[0] && o.r[1] === r[1] && axes.every(function (a) { return o.axes.indexOf(a) >= 0; });
      });
      if (same) return;
      seen.push({ r: r, axes: axes });
      zoom.push(i + ':' + round4(r[0]) + '-' + round4(r[1]));
    });
    if (zoom.length) parts.push('zoom=' + zoom.join(','));
    var lin = linear[id] || {};
    var l = (lin.x ? 'x' : '') + (lin.y ? 'y' : '');
    if (l) parts.push('lin=' + l);
    return id + (parts.length ? ':' + parts.join(';') : '');
  }

  function decode(s) {
    try {
      return decodeURIComponent(s);
    } catch (err) {
      return s;
    }
  }

  // parseFragment reads "#chart-id:hide=...;zoom=...;lin=..." (null when it
  // names no chart on the page).
  function parseFragment(hash) {
    var h = String(hash || '').replace(/^#/, '');
    var at = h.indexOf(':');
    var id = decode(at < 0 ? h : h.slice(0, at));
    if (!live(id)) return null;
    var st = { id: id, hide: [], zoom: [], lin: { x: false, y: false }, state: at >= 0 };
    (at < 0 ? '' : h.slice(at + 1)).split(';').forEach(function (kv) {
      var eq = kv.indexOf('=');
      if (eq < 0) return;
      var k = kv.slice(0, eq);
      var v = kv.slice(eq + 1);
      if (k === 'hide') {
        st.hide = v.split(',').filter(Boolean).map(decode);
      } else if (k === 'zoom') {
        v.split(',').forEach(function (z) {
          var m = /^(\d+):([0-9.]+)-([0-9.]+)$/.exec(z);
          if (m) st.zoom.push({ index: +m[1], start: clampPct(+m[2]), end: clampPct(+m[3]) });
        });
      } else if (k === 'lin') {
        st.lin = { x: v.indexOf('x') >= 0, y: v.indexOf('y') >= 0 };
      }
    });
    return st;
  }

  // applyState shows a chart as a fragment describes it.
  function applyState(st) {
    var inst = live(st.id);
    if (!inst) return;
    applying++;
    try {
      setLinear(st.id, st.lin, false);
      inst = live(st.id);
      if (asArray(inst.getOption().legend).length) {
        inst.dispatchAction({ type: 'legendAllSelect' });
        if (st.hide.length) inst.dispatchAction({ type: 'legendUnSelect', batch: st.hide.map(function (n) { return { name: n }; }) });
      }
      // the whole range, then the windows the fragment gives
      var reset = [];
      inst.getModel().eachComponent('dataZoom', function (dz, i) {
        if (zoomed(dz.getPercentRange && dz.getPercentRange())) reset.push({ dataZoomIndex: i, start: 0, end: 100 });
      });
      if (reset.length) inst.dispatchAction({ type: 'dataZoom', batch: reset });
      var count = 0;
      inst.getModel().eachComponent('dataZoom', function () { count++; });
      var batch = st.zoom.filter(function (z) { return z.index < count; }).map(function (z) {
        return { dataZoomIndex: z.index, start: z.start, end: z.end };
      });
      if (batch.length) inst.dispatchAction({ type: 'dataZoom', batch: batch });
    } finally {
      applying--;
    }
  }

  function applyFragment(hash) {
    var st = parseFragment(hash);
    if (!st || !st.state) return false;
    applyState(st);
    var el = document.getElementById(st.id);
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'start' });
    return true;
  }

  function hashChart() {
    var h = location.hash.replace(/^#/, '');
    var at = h.indexOf(':');
    return decode(at < 0 ? h : h.slice(0, at));
  }

  // remember writes the chart's state into the address (without a new
  // history entry), unless the chart is as it was made and the address is
  // about another.
  function remember(id) {
    if (applying) return;
    var st = chartState(id);
    if (st === id && hashChart() !== id) return;
    if (location.hash !== '#' + st) history.replaceState(history.state, '', '#' + st);
  }

  function resetZoom(id) {
    var inst = live(id);
    if (!inst) return;
    var batch = [];
    inst.getModel().eachComponent('dataZoom', function (dz, i) {
      batch.push({ dataZoomIndex: i, start: 0, end: 100 });
    });
    applying++;
    try {
      if (batch.length) inst.dispatchAction({ type: 'dataZoom', batch: batch });
    } finally {
      applying--;
    }
    undoable(id, []);
    remember(id);
  }

  function copyLink(id) {
    var st = chartState(id);
    history.replaceState(history.state, '', '#' + st);
    var el = document.getElementById(id);
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'start' });
    var url = location.href;
    var clip = navigator.clipboard;
    if (clip && clip.writeText) {
      clip.writeText(url).then(function () { say(id, 'Link copied'); }, function () { say(id, 'Link in the address bar'); });
    } else {
      say(id, 'Link in the address bar');
    }
  }

  /* --------------------------------------------------- zoom to area */

  // Zoom to area: with the toggle on, a drag across a plot zooms both axes
  // to the rectangle drawn (what ECharts' toolbox did, which the option no
  // longer has). The toggle is a button of the toolbar, so the keyboard
  // reaches it; Escape or the button again turns it off. While it is on, a
  // drag draws the rectangle instead of panning.
  var areas = {}; // per chart id: {on, start, box, grid, undo}

  // areaButtons adds the toggle and Undo zoom (which steps back through
  // the areas zoomed to, as the toolbox's did) before Reset zoom, once,
  // named like it. Undo zoom is disabled, so Tab skips it, until there is
  // a zoom to undo.
  function areaButtons(tools) {
    if (tools.querySelector('[data-tool="area"]')) return;
    var reset = tools.querySelector('[data-tool="reset"]');
    var of = reset && reset.getAttribute('aria-label');
    of = of && of.indexOf('Reset zoom of ') === 0 ? ' of ' + of.slice('Reset zoom of '.length) : '';
    [['area', 'Zoom to area'], ['undo', 'Undo zoom']].forEach(function (d) {
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-tool', d[0]);
      b.setAttribute('aria-label', d[1] + of);
      if (d[0] === 'area') b.setAttribute('aria-pressed', 'false');
      else b.disabled = true;
      b.textContent = d[1];
      tools.insertBefore(b, reset || tools.querySelector('.scalesite-status'));
    });
  }

  // undoable sets the zooms Undo zoom steps back through.
  function undoable(id, list) {
    var a = areas[id] || (areas[id] = {});
    a.undo = list;
    var tools = toolsOf(id);
    var b = tools && tools.querySelector('[data-tool="undo"]');
    if (b) b.disabled = !list.length;
  }

  function undoZoom(id) {
    var a = areas[id];
    var inst = live(id);
    if (!inst || !a || !a.undo || !a.undo.length) return;
    var list = a.undo.slice();
    inst.dispatchAction({ type: 'dataZoom', batch: list.pop() });
    undoable(id, list);
    say(id, list.length ? 'Zoom undone' : 'Zoom undone: the chart as it was before Zoom to area');
  }

  function areaMode(id, on) {
    var a = areas[id] || (areas[id] = {});
    a.on = !!on;
    endDrag(a);
    var tools = toolsOf(id);
    var b = tools && tools.querySelector('[data-tool="area"]');
    if (b) b.setAttribute('aria-pressed', on ? 'true' : 'false');
    var el = document.getElementById(id);
    if (el) el.classList.toggle('scalesite-zooming', !!on);
    say(id, on ? 'Drag across the chart to zoom to that area; Escape to stop' : 'Zoom to area off');
  }

  function endDrag(a) {
    if (a.box && a.box.parentNode) a.box.parentNode.removeChild(a.box);
    a.box = null;
    a.start = null;
  }

  // the grid (panel) under a point of the chart, and its rectangle
  function gridAt(inst, x, y) {
    var hit = null;
    inst.getModel().eachComponent('grid', function (g, i) {
      var r = g.coordinateSystem && g.coordinateSystem.getRect();
      if (!hit && r && x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height) hit = { index: i, rect: r };
    });
    return hit;
  }

  function chartPoint(el, e) {
    var r = el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  function clampTo(r, p) {
    return { x: Math.max(r.x, Math.min(r.x + r.width, p.x)), y: Math.max(r.y, Math.min(r.y + r.height, p.y)) };
  }

  // zoomTo zooms the axes of grid g to the pixel rectangle p..q: each
  // dataZoom gets the window of the axes it moves, in their values.
  function zoomTo(inst, g, p, q) {
    var a = inst.convertFromPixel({ gridIndex: g }, [p.x, p.y]);
    var b = inst.convertFromPixel({ gridIndex: g }, [q.x, q.y]);
    if (!a || !b) return false;
    var range = { x: [Math.min(a[0], b[0]), Math.max(a[0], b[0])], y: [Math.min(a[1], b[1]), Math.max(a[1], b[1])] };
    var model = inst.getModel();
    var batch = [];
    model.eachComponent('dataZoom', function (dz, i) {
      var dim = null;
      // d is the axis' dimension, 'x' or 'y'
      dz.eachTargetAxis(function (d, k) {
        var ax = model.getComponent(d + 'Axis', k);
        if (ax && (ax.get('gridIndex') || 0) === g) dim = d;
      });
      if (dim && range[dim]) batch.push({ dataZoomIndex: i, startValue: range[dim][0], endValue: range[dim][1] });
    });
    if (!batch.length) return false;
    // the windows before, for Undo zoom
    var before = [];
    model.eachComponent('dataZoom', function (dz, i) {
      var r = dz.getPercentRange();
      before.push({ dataZoomIndex: i, start: r[0], end: r[1] });
    });
    inst.dispatchAction({ type: 'dataZoom', batch: batch });
    var a = areas[inst.getDom().id] || {};
    undoable(inst.getDom().id, (a.undo || []).concat([before]));
    return true;
  }

  // A drag in area mode: captured on the chart's element before ECharts
  // sees it (no pan), drawn as a box over the plot, zoomed to on release.
  function wireArea(id, el) {
    if (el.scalesiteArea) return;
    el.scalesiteArea = true;
    function down(e) {
      var a = areas[id];
      var inst = live(id);
      if (!a || !a.on || !inst || (e.button != null && e.button !== 0)) return;
      e.stopPropagation();
      e.preventDefault();
      var p = chartPoint(el, e);
      var g = gridAt(inst, p.x, p.y);
      if (!g) return;
      endDrag(a);
      a.start = p;
      a.grid = g;
      if (getComputedStyle(el).position === 'static') el.style.position = 'relative';
      a.box = document.createElement('div');
      a.box.className = 'scalesite-zoombox';
      el.appendChild(a.box);
      if (el.setPointerCapture && e.pointerId != null) el.setPointerCapture(e.pointerId);
    }
    function move(e) {
      var a = areas[id];
      if (!a || !a.on) return;
      e.stopPropagation();
      if (!a.start || !a.box) return;
      var q = clampTo(a.grid.rect, chartPoint(el, e));
      var s = a.box.style;
      s.left = Math.min(a.start.x, q.x) + 'px';
      s.top = Math.min(a.start.y, q.y) + 'px';
      s.width = Math.abs(q.x - a.start.x) + 'px';
      s.height = Math.abs(q.y - a.start.y) + 'px';
    }
    function up(e) {
      var a = areas[id];
      if (!a || !a.on) return;
      e.stopPropagation();
      if (!a.start) return;
      var q = clampTo(a.grid.rect, chartPoint(el, e));
      var p = a.start;
      var g = a.grid.index;
      endDrag(a);
      var inst = live(id);
      // a click, or a line: nothing to zoom to
      if (!inst || Math.abs(q.x - p.x) < 4 || Math.abs(q.y - p.y) < 4) return;
      if (zoomTo(inst, g, p, q)) say(id, 'Zoomed to the area; Reset zoom shows it all');
    }
    el.addEventListener('pointerdown', down, true);
    el.addEventListener('pointermove', move, true);
    el.addEventListener('pointerup', up, true);
    // ECharts pans on mouse and touch events too: none reach it in area mode
    ['mousedown', 'mousemove', 'mouseup', 'touchstart', 'touchmove', 'wheel'].forEach(function (type) {
      el.addEventListener(type, function (e) {
        var a = areas[id];
        if (a && a.on) e.stopPropagation();
      }, true);
    });
  }

  document.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape') return;
    Object.keys(areas).forEach(function (id) {
      if (areas[id].on) areaMode(id, false);
    });
  });

  /* ------------------------------------------------------- wiring */

  function wire(id, inst) {
    var tools = toolsOf(id);
    if (tools) {
      areaButtons(tools);
      var hidden = tools.querySelectorAll('[data-tool][hidden]');
      for (var i = 0; i < hidden.length; i++) hidden[i].removeAttribute('hidden');
    }
    var el = document.getElementById(id);
    if (el) wireArea(id, el);
    syncButtons(id);
    if (wired) {
      if (wired.has(inst)) return;
      wired.add(inst);
    }
    inst.on('legendselectchanged', function () { remember(id); });
    // the reader's zooms (inside zoom, zoom to area) come in batches or
    // name their origin; site.js' own restoring does neither
    inst.on('datazoom', function (p) {
      if (p && (p.batch || p.from != null)) remember(id);
    });
  }

  function onClick(e) {
    var t = e.target && e.target.closest ? e.target.closest('.scalesite-tools [data-tool]') : null;
    if (!t) return;
    var tools = t.closest('.scalesite-tools');
    var id = tools && tools.getAttribute('data-chart');
    if (!id || !live(id)) return;
    var tool = t.getAttribute('data-tool');
    try {
      switch (tool) {
        case 'png':
          download(id + '.png', exportPNG(id));
          say(id, 'Saved ' + id + '.png');
          break;
        case 'svg':
          exportSVG(id).then(function (svg) {
            var url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
            download(id + '.svg', url);
            setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
            say(id, 'Saved ' + id + '.svg');
          }).catch(function (err) { failed(id, err); });
          break;
        case 'reset':
          resetZoom(id);
          say(id, 'Zoom reset');
          break;
        case 'area':
          areaMode(id, t.getAttribute('aria-pressed') !== 'true');
          break;
        case 'undo':
          undoZoom(id);
          break;
        case 'scale': {
          var d = t.getAttribute('data-axis');
          var lin = linear[id] || { x: false, y: false };
          var next = { x: lin.x, y: lin.y };
          next[d] = !lin[d];
          setLinear(id, next);
          remember(id);
          say(id, (next[d] ? 'Linear ' : 'Log ') + d + ' axis');
          break;
        }
        case 'link':
          if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button > 0) return;
          e.preventDefault();
          copyLink(id);
          break;
      }
    } catch (err) {
      failed(id, err);
    }
  }

  function failed(id, err) {
    say(id, 'That did not work: ' + (err && err.message ? err.message : err));
    if (window.console) window.console.error('scalesite: chart ' + id + ':', err);
  }

  document.addEventListener('click', onClick);
  window.addEventListener('hashchange', function () { applyFragment(location.hash); });

  S.exportPNG = exportPNG;
  S.exportSVG = exportSVG;
  S.setLinear = setLinear;
  S.chartState = chartState;
  S.applyFragment = applyFragment;

  function start() {
    S.onChart(wire);
    if (location.hash) applyFragment(location.hash);
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();

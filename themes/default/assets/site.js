/* scalesite: mounts the page's ECharts charts.
 *
 * Each chart arrives as
 *   <div class="scalesite-canvas" id="ID">[static figure: <svg class="scalesite-static">]</div>
 *   <script type="application/json" class="scalesite-option" data-chart="ID">{...}</script>
 * The option is plain JSON (never evaluated). Its formatter tokens become
 * functions from format.js and tooltip.js (loaded before this file), nothing
 * else.
 *
 * API: window.scalesite = {charts: {id: instance}, mount(root),
 * update(id, option), schemeChanged(), formatters, ...}. Plain ES2019.
 */
(function () {
  'use strict';
  var F = window.scalesiteFormat;
  var CL = window.scalesiteChartLayout;
  if (!F || !CL || typeof document === 'undefined') return;
  var asArray = F.asArray;
  var api = {};
  Object.keys(F).forEach(function (k) { api[k] = F[k]; });

  var charts = {};
  // Per chart: the layout hints from the page, the axes' scales and formats,
  // the ticks last set, the width last laid out for, and the option as set.
  var states = {};
  // Charts with drawing still to do (set until ECharts' 'finished'), and
  // the callers of settled() waiting for none.
  var busy = {};
  var waiters = [];
  // The option of each chart as it came from the page (before tokens became
  // functions), so the chart can be rebuilt when the colour scheme changes.
  var sources = {};
  // Functions called with (id, instance) for every ECharts instance made
  // (export.js wires the chart's toolbar to it): see onChart.
  var chartHooks = [];
  // The chart font: a site with static figures ships the font they were
  // measured in (render's chartfont.go names it in a meta element), and
  // the live charts are measured and drawn in it, once it has loaded, so
  // that each comes out as the figure it replaces. Charts are mounted
  // after that (start), and settled() waits for them.
  var fontMeta = document.querySelector('meta[name="scalesite-chart-font"]');
  var chartFont = fontMeta && fontMeta.getAttribute('content');
  var fontsLoaded = null;
  if (chartFont) {
    var family = '"' + chartFont.replace(/["\\]/g, '') + '"';
    CL.setFont(family + ', sans-serif');
    fontsLoaded = Promise.resolve();
    if (document.fonts && document.fonts.load) {
      // The faces come in parts by unicode-range: load those that hold
      // the charts' characters (their options' text beyond ASCII, \u
      // escapes read), not only the base part a sample of ASCII loads.
      var text = 'BESbswy 0123456789';
      var opts = document.querySelectorAll('script.scalesite-option');
      for (var i = 0; i < opts.length; i++) {
        var json = opts[i].textContent;
        // most options are ASCII and escape nothing: one scan, no copy
        if (!/[^\x00-\x7f]|\\u/.test(json)) continue;
        text += json.replace(/\\u([0-9a-fA-F]{4})/g, function (m, h) {
          return String.fromCharCode(parseInt(h, 16));
        }).replace(/[\x00-\x7f]+/g, '');
      }
      fontsLoaded = Promise.all([document.fonts.load('12px ' + family, text), document.fonts.load('600 16px ' + family, text)])
        .catch(function () {}); // a font that fails to load leaves sans-serif drawn
    }
  }
  var started = false;
  var darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  var observer = null;

  function isDark() {
    return !!(darkQuery && darkQuery.matches);
  }

  function showError(el, text) {
    var fig = el && el.closest ? el.closest('.scalesite-chart') || el.parentNode : null;
    if (!fig) return;
    var old = fig.querySelector('.scalesite-error');
    if (old) old.parentNode.removeChild(old);
    var p = document.createElement('p');
    p.className = 'scalesite-error';
    p.setAttribute('role', 'alert');
    p.textContent = text; // text, never HTML
    fig.appendChild(p);
  }

  function clearError(el) {
    var fig = el && el.closest ? el.closest('.scalesite-chart') : null;
    var old = fig && fig.querySelector('.scalesite-error');
    if (old) old.parentNode.removeChild(old);
  }

  function observe(el) {
    if (!observer && typeof window.ResizeObserver === 'function') {
      observer = new window.ResizeObserver(function (entries) {
        entries.forEach(function (entry) {
          relayout(entry.target.id);
        });
      });
    }
    if (observer) observer.observe(el);
  }

  function resizeAll() {
    Object.keys(charts).forEach(relayout);
  }

  function markBusy(id) {
    busy[id] = true;

  }

  function checkSettled() {
    if (!started) return;
    var pending = Object.keys(busy).some(function (id) {
      return busy[id] && charts[id] && !charts[id].isDisposed();
    });
    if (pending) return;
    var w = waiters;
    waiters = [];
    w.forEach(function (resolve) { resolve(true); });
  }

  // settled() resolves once every chart on the page has finished drawing
  // after its latest option, layout or zoom change (ECharts' 'finished').
  function settled() {
    return new Promise(function (resolve) {
      waiters.push(resolve);
      checkSettled();
    });
  }

  // build turns a page option into the option ECharts is given: layout
  // hints taken out, axes' formatters and the label placer wired, colours
  // made readable, and the panels laid out for the element's width.
  // A chart that takes over from its static figure is laid out into the
  // box the figure's CSS gave it (fit), so that the box, and all below it,
  // stays where it was: at the width the figure was drawn at, that is the
  // chart's own height; later layouts (a resize) take their own. box is
  // the element's size measured beforehand (measure), if it was.
  function build(id, option, el, fit, box) {
    box = box || measure(el);
    var width = box.width || 600;
    var fitHeight = fit ? box.height : 0;
    if (fitHeight) {
      option.scalesite = option.scalesite || {};
      option.scalesite.fitHeight = fitHeight;
    }
    // the one sequence the static figure (scene.js) runs too
    var p = CL.prepareOption(option, width, isDark(), function () {
      return CL.labelPlacer(function () { return charts[id]; });
    });
    var height = fitHeight || p.height;
    el.style.height = height + 'px';
    var meta = p.meta;
    if (fitHeight) {
      meta = Object.assign({}, meta);
      delete meta.fitHeight;
    }
    states[id] = { meta: meta, axes: p.axes, ticks: p.state.ticks, width: width, height: height, option: p.option, pins: null, tex: p.tex };
    return p.option;
  }

  // showTeX puts a chart's typeset title and subtitle (chartlayout.js
  // texTitles: KaTeX's HTML, made by the build) over its canvas where the
  // layout reserved their boxes, as the build's static figure does
  // (render/textitle.go, site.css .scalesite-tex): its baseline at y.
  function showTeX(el, lines) {
    [].slice.call(el.querySelectorAll(':scope > .scalesite-tex-live')).forEach(function (n) { el.removeChild(n); });
    asArray(lines).forEach(function (l) {
      var d = document.createElement('div');
      d.className = 'scalesite-tex scalesite-tex-live scalesite-tex-' + l.role + (l.anchor === 'middle' ? ' scalesite-tex-middle' : '');
      d.style.left = l.x + 'px';
      d.style.top = (l.y - 200) + 'px';
      d.style.fontSize = l.fs + 'px';
      d.setAttribute('data-text', l.text || '');
      // the build's markup, from the static figure's copy (it stays in
      // the element under the canvas); without static figures, the
      // title's plain form
      var src = el.querySelector(':scope > .scalesite-static.scalesite-tex-' + l.role + ' > .scalesite-tex-line');
      if (src) {
        d.appendChild(src.cloneNode(true));
      } else {
        var line = document.createElement('span');
        line.className = 'scalesite-tex-line';
        line.appendChild(document.createElement('span')).textContent = l.text || '';
        d.appendChild(line);
      }
      el.appendChild(d);
    });
  }

  // measure reads a chart element's box. mount measures every chart it is
  // to draw before drawing any: each chart drawn changes the page (its
  // height set, its canvas and toolbar added), and a box read after that
  // lays the whole page out again, once a chart.
  function measure(el) {
    return { width: el.clientWidth, height: el.clientHeight };
  }

  // size is the chart's size as last laid out, for echarts.init and
  // resize: ECharts keeps a size it was given (it reads the box's only
  // when it was given none), so every resize gives it.
  function size(st) {
    return { width: st.width, height: st.height };
  }

  // relayout fits a chart to a new width: panels, titles, legend and the
  // ticks for the new axis lengths, in one setOption (a second only where
  // pretick could not foresee an axis: see settle).
  function relayout(id) {
    var inst = charts[id];
    var st = states[id];
    if (!inst || inst.isDisposed() || !st) return;
    var el = inst.getDom();
    var width = el.clientWidth;
    if (!width || width === st.width) return;
    st.width = width;
    var fr = CL.frame(st.option, st.meta, width);
    st.height = fr.height;
    el.style.height = fr.height + 'px';
    showTeX(el, fr.tex);
    CL.merge(fr.option, CL.pretick(st.option, fr.option.grid, width, st.axes, st, isDark()));
    markBusy(id);
    inst.resize(size(st));
    inst.setOption(fr.option);
    settle(id);
  }

  // settle follows the setOption that laid a chart out: retick checks the
  // ticks pretick chose against the axes as ECharts laid them out, and sets
  // them again only if they differ (an axis without min and max, a plot
  // ECharts shrank to fit its labels in, a zoomed chart updated); then the
  // plots' rectangles are noted for pin. It reads the model, which
  // setOption lays out at once, not the drawing.
  function settle(id) {
    retick(id);
    var inst = charts[id];
    var st = states[id];
    if (!inst || inst.isDisposed() || !st) return;
    var grids = [];
    inst.getModel().eachComponent('grid', function (g) {
      var r = g.coordinateSystem && g.coordinateSystem.getRect();
      grids.push(r ? { left: r.x, top: r.y, width: r.width, height: r.height, right: null, bottom: null, outerBoundsMode: 'none' } : {});
    });
    st.pins = grids;
  }

  function retick(id) {
    var inst = charts[id];
    var st = states[id];
    if (!inst || inst.isDisposed() || !st) return false;
    var patch = CL.retick(inst, st.axes, st, isDark());
    if (!patch) return false;
    markBusy(id); // before: ECharts draws inside setOption
    inst.setOption(patch);
    return true;
  }

  // pin fixes each plot where ECharts fitted it around its axis labels
  // when the chart was laid out (settle noted it): a zoom changes the
  // labels, and a plot that moved with them would slide out from under the
  // reader's cursor. It runs at the first zoom after a layout, before the
  // zoom is painted, not at first paint, which then takes one setOption.
  function pin(id) {
    var inst = charts[id];
    var st = states[id];
    if (!inst || inst.isDisposed() || !st || !st.pins) return;
    var grids = st.pins;
    st.pins = null;
    markBusy(id);
    inst.setOption({ grid: grids });
  }

  // retickLater runs after the action that zoomed has finished: ECharts
  // refuses a setOption in the middle of its own update. The zoom is painted
  // on the next frame, whose 'finished' settles the chart; the plots are
  // pinned first, in the same frame.
  function retickLater(id) {
    markBusy(id);
    Promise.resolve().then(function () {
      pin(id);
      var inst = charts[id];
      // with nothing new to set, one more paint still reports 'finished'
      if (!retick(id) && inst && !inst.isDisposed()) inst.getZr().refresh();
    });
  }

  // Interaction state that a theme change would reset.
  function captureState(inst) {
    var opt = inst.getOption() || {};
    var selected = {};
    asArray(opt.legend).forEach(function (lg) {
      var sel = lg && lg.selected;
      if (sel) Object.keys(sel).forEach(function (k) { selected[k] = sel[k]; });
    });
    var zoom = asArray(opt.dataZoom).map(function (dz) {
      return dz ? { start: dz.start, end: dz.end } : null;
    });
    return { selected: selected, zoom: zoom };
  }

  function restoreState(inst, state) {
    var off = Object.keys(state.selected).filter(function (k) { return state.selected[k] === false; });
    if (off.length) {
      inst.dispatchAction({ type: 'legendUnSelect', batch: off.map(function (name) { return { name: name }; }) });
    }
    state.zoom.forEach(function (z, i) {
      if (z && typeof z.start === 'number' && typeof z.end === 'number' && (z.start !== 0 || z.end !== 100)) {
        inst.dispatchAction({ type: 'dataZoom', dataZoomIndex: i, start: z.start, end: z.end });
      }
    });
  }

  function init(id, option, source, box) {
    var el = document.getElementById(id);
    if (!el) return null;
    if (!window.echarts) {
      // the static figure, when the page has one, is the chart then
      if (el.querySelector('.scalesite-static')) return null;
      showError(el, 'The chart library (echarts.min.js) did not load, so this chart cannot be shown.');
      return null;
    }
    // The static figure (drawn at build time) stays over the canvas until
    // ECharts has drawn the chart: ECharts empties the element, so it is
    // taken out and put back, and hidden on the first 'finished'. The box
    // is measured with the figure in it (a tablet's box keeps the figure's
    // width only while it holds one: site.css) and ECharts is given that
    // size rather than reading the box's without it: the chart is laid out
    // once, for the box it stays in, and the page is not laid out again
    // between the figure's going and its coming back.
    var statics = [].slice.call(el.querySelectorAll(':scope > .scalesite-static'));
    sources[id] = source || JSON.stringify(option);
    option = build(id, option, el, statics.length > 0, box);
    statics.forEach(function (s) { el.removeChild(s); });
    var old = window.echarts.getInstanceByDom(el);
    if (old) old.dispose();
    var inst = window.echarts.init(el, isDark() ? 'dark' : null, Object.assign({ renderer: 'canvas' }, size(states[id])));
    statics.forEach(function (s) { el.appendChild(s); });
    showTeX(el, states[id].tex);
    charts[id] = inst;
    inst.on('finished', function () {
      busy[id] = false;
      if (statics.length && !el.classList.contains('scalesite-live')) el.classList.add('scalesite-live');
      checkSettled();
    });
    inst.on('datazoom', function () { retickLater(id); });
    markBusy(id);
    inst.setOption(option);
    settle(id);
    clearError(el);
    observe(el);
    chartHooks.forEach(function (f) { f(id, inst); });
    return inst;
  }

  // update(id, option): re-applies the tokens, then merges the option into
  // the chart, keeping legend selection and zoom. Series, axes and grids
  // missing from the new option are removed. A chart not shown yet is
  // created. source, when given, is the option's JSON text (the page's:
  // mount), box the element's size measured beforehand (measure).
  function update(id, option, source, box) {
    if (typeof option === 'string') {
      source = option;
      option = JSON.parse(option);
    }
    var inst = charts[id];
    var el = document.getElementById(id);
    if (!inst || inst.isDisposed() || !el || inst.getDom() !== el) {
      if (inst && !inst.isDisposed() && (!el || inst.getDom() !== el)) inst.dispose();
      delete charts[id];
      return init(id, option, source, box);
    }
    source = source || JSON.stringify(option);
    if (sources[id] === source) return inst; // nothing new to draw
    sources[id] = source;
    option = build(id, option, el, false, box);
    showTeX(el, states[id].tex);
    markBusy(id);
    inst.resize(size(states[id]));
    inst.setOption(option, {
      notMerge: false,
      replaceMerge: ['series', 'xAxis', 'yAxis', 'grid', 'title']
    });
    settle(id);
    clearError(el);
    return inst;
  }

  // mount(root): shows every chart under root (default: the document).
  // Charts already shown are updated; charts whose element has left the
  // page are disposed.
  function mount(root) {
    root = root || document;
    Object.keys(charts).forEach(function (id) {
      var inst = charts[id];
      if (inst.isDisposed() || !document.documentElement.contains(inst.getDom())) {
        if (!inst.isDisposed()) inst.dispose();
        delete charts[id];
        delete sources[id];
        delete states[id];
        delete busy[id];
      }
    });
    var scripts = root.querySelectorAll('script.scalesite-option');
    var todo = [];
    for (var i = 0; i < scripts.length; i++) {
      var script = scripts[i];
      var id = script.getAttribute('data-chart');
      if (!id) continue;
      var text = script.textContent;
      try {
        todo.push({ id: id, option: JSON.parse(text), text: text });
      } catch (err) {
        showError(document.getElementById(id), 'This chart’s data could not be read.');
        if (window.console) window.console.error('scalesite: chart ' + id + ':', err);
      }
    }
    // every box read before any chart is drawn: one layout of the page
    todo.forEach(function (c) {
      var el = document.getElementById(c.id);
      if (el) c.box = measure(el);
    });
    todo.forEach(function (c) {
      try {
        update(c.id, c.option, c.text, c.box);
      } catch (err) {
        showError(document.getElementById(c.id), 'This chart could not be drawn.');
        if (window.console) window.console.error('scalesite: chart ' + c.id + ':', err);
      }
    });
    return charts;
  }

  // onSchemeChange rebuilds every chart in the new colour scheme. ECharts 6's
  // setTheme cannot go back from 'dark' to the default theme (the dark
  // colours stay merged into the option), so each chart is created afresh
  // from its page option, keeping the reader's legend selection and zoom.
  function onSchemeChange() {
    Object.keys(charts).forEach(function (id) {
      var inst = charts[id];
      if (inst.isDisposed() || !sources[id]) return;
      var state = captureState(inst);
      var fresh = init(id, JSON.parse(sources[id]), sources[id]);
      if (fresh) restoreState(fresh, state);
    });
  }

  if (darkQuery) {
    if (darkQuery.addEventListener) darkQuery.addEventListener('change', onSchemeChange);
    else if (darkQuery.addListener) darkQuery.addListener(onSchemeChange);
  }
  if (typeof window.ResizeObserver !== 'function') {
    window.addEventListener('resize', resizeAll);
  }

  api.charts = charts;
  api.mount = mount;
  api.update = update;
  // schemeChanged rebuilds the charts for the current colour scheme; it runs
  // on every prefers-color-scheme change (and tests call it, since headless
  // Chromium does not fire that event for emulated media).
  api.schemeChanged = onSchemeChange;
  api.settled = settled;
  // onChart(f) calls f(id, instance) for each chart shown and each made
  // from now on (a chart is made again when the colour scheme changes).
  api.onChart = function (f) {
    chartHooks.push(f);
    Object.keys(charts).forEach(function (id) {
      if (!charts[id].isDisposed()) f(id, charts[id]);
    });
  };
  window.scalesite = api;

  function start() {
    if (!chartFont) {
      started = true;
      mount(document);
      return;
    }
    fontsLoaded.then(function () {
      started = true;
      mount(document);
      checkSettled();
    });
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();

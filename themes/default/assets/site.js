/* scalesite: mounts the page's ECharts charts.
 *
 * Each chart arrives as
 *   <div class="scalesite-canvas" id="ID"></div>
 *   <script type="application/json" class="scalesite-option" data-chart="ID">{...}</script>
 * The option is plain JSON (never evaluated). Its formatter tokens become
 * functions from format.js (loaded before this file), nothing else.
 *
 * API: window.scalesite = {charts: {id: instance}, mount(root),
 * update(id, option), schemeChanged(), formatters, ...}. Plain ES2019.
 */
(function () {
  'use strict';
  var F = window.scalesiteFormat;
  if (!F || typeof document === 'undefined') return;
  var applyTokens = F.applyTokens, asArray = F.asArray;
  var api = {};
  Object.keys(F).forEach(function (k) { api[k] = F[k]; });

  // ECharts 6's palette with its dark slate (#505372, unreadable on a dark
  // page) swapped for a lighter one: every colour reads on both the light and
  // the dark background, and a series keeps its colour when the scheme
  // changes. An option's own `color` wins.
  var PALETTE = ['#5070dd', '#b6d634', '#6f7fa8', '#ff994d', '#0ca8df', '#ffd10a', '#fb628b', '#785db0', '#3fbe95'];

  var charts = {};
  var exportBg = {};
  // The option of each chart as it came from the page (before tokens became
  // functions), so the chart can be rebuilt when the colour scheme changes.
  var sources = {};
  var darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  var observer = null;

  function isDark() {
    return !!(darkQuery && darkQuery.matches);
  }

  function pageBackground() {
    var c = window.getComputedStyle(document.body).backgroundColor;
    return c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent' ? c : isDark() ? '#111418' : '#ffffff';
  }

  // Per-chart settings that depend on the page: a transparent canvas (the
  // page colour shows through), and exported PNGs on the page's colour
  // (remembered in exportBg, so a theme change can repaint them).
  function prepare(id, option) {
    if (option.backgroundColor == null) option.backgroundColor = 'transparent';
    if (option.color == null) option.color = PALETTE.slice();
    var auto = [];
    asArray(option.toolbox).forEach(function (tb, i) {
      var save = tb && tb.feature && tb.feature.saveAsImage;
      if (save && typeof save === 'object' && save.backgroundColor == null) {
        save.backgroundColor = pageBackground();
        auto.push(i);
      }
    });
    exportBg[id] = auto;
    return option;
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
          var inst = window.echarts && window.echarts.getInstanceByDom(entry.target);
          if (inst && !inst.isDisposed()) inst.resize();
        });
      });
    }
    if (observer) observer.observe(el);
  }

  function resizeAll() {
    Object.keys(charts).forEach(function (id) {
      if (!charts[id].isDisposed()) charts[id].resize();
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

  function init(id, option) {
    var el = document.getElementById(id);
    if (!el) return null;
    if (!window.echarts) {
      showError(el, 'The chart library (echarts.min.js) did not load, so this chart cannot be shown.');
      return null;
    }
    var old = window.echarts.getInstanceByDom(el);
    if (old) old.dispose();
    sources[id] = JSON.stringify(option);
    var inst = window.echarts.init(el, isDark() ? 'dark' : null, { renderer: 'canvas' });
    inst.setOption(prepare(id, applyTokens(option)));
    charts[id] = inst;
    clearError(el);
    observe(el);
    return inst;
  }

  // update(id, option): re-applies the tokens, then merges the option into
  // the chart, keeping legend selection and zoom. Series, axes and grids
  // missing from the new option are removed. A chart not shown yet is
  // created.
  function update(id, option) {
    if (typeof option === 'string') option = JSON.parse(option);
    var inst = charts[id];
    var el = document.getElementById(id);
    if (!inst || inst.isDisposed() || !el || inst.getDom() !== el) {
      if (inst && !inst.isDisposed() && (!el || inst.getDom() !== el)) inst.dispose();
      delete charts[id];
      return init(id, option);
    }
    var source = JSON.stringify(option);
    if (sources[id] === source) return inst; // nothing new to draw
    sources[id] = source;
    option = prepare(id, applyTokens(option));
    inst.setOption(option, {
      notMerge: false,
      replaceMerge: ['series', 'xAxis', 'yAxis', 'grid', 'title']
    });
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
        delete exportBg[id];
        delete sources[id];
      }
    });
    var scripts = root.querySelectorAll('script.scalesite-option');
    for (var i = 0; i < scripts.length; i++) {
      var script = scripts[i];
      var id = script.getAttribute('data-chart');
      if (!id) continue;
      var option;
      try {
        option = JSON.parse(script.textContent);
      } catch (err) {
        showError(document.getElementById(id), 'This chart’s data could not be read.');
        if (window.console) window.console.error('scalesite: chart ' + id + ':', err);
        continue;
      }
      try {
        update(id, option);
      } catch (err) {
        showError(document.getElementById(id), 'This chart could not be drawn.');
        if (window.console) window.console.error('scalesite: chart ' + id + ':', err);
      }
    }
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
      var fresh = init(id, JSON.parse(sources[id]));
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
  window.scalesite = api;

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', function () { mount(document); });
  } else {
    mount(document);
  }
})();

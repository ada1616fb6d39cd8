/* scalesite: getting a figure out of a chart, and the reader's controls.
 *
 * Under each chart (layouts/chart.html) is a toolbar of real buttons and
 * links, which the keyboard reaches: Save PNG, Save SVG, Download CSV (a
 * file written beside the page at build time), Zoom to area and Undo
 * zoom (added by the script: zoomarea.js), Reset zoom, Linear x / Linear y
 * (on a chart with a log axis; the option rewritten by linearaxes.js) and
 * # (a link to the chart). The links work without JavaScript; this file
 * shows and runs the buttons. They are the chart's only controls: the
 * option has no ECharts toolbox.
 *
 * What a reader does to a chart (hidden series, zoom, linear axes) is kept
 * in the page's address, so that a shared link opens the chart as it was:
 *   #chart-id:hide=Series%20A,B;zoom=0:12.5-80;lin=x
 * hide lists the series hidden in the legend, zoom the windows (percent) of
 * the chart's dataZoom components by index, lin the axes shown linear. The
 * address holds the state of the chart last changed.
 *
 * API, on window.scalesite: exportPNG(id) → a PNG data URL (twice the
 * canvas' pixels, on the page's colour; a typeset title, HTML over the
 * canvas, drawn in its plain form), exportSVG(id) → a promise of the
 * SVG text (ECharts' SVG renderer is a file of its own, loaded the first
 * time: echarts.loadSVGRenderer), say(id, text) → the chart's toolbar
 * status line (read out by screen readers, cleared after 5 s),
 * setLinear(id, {x, y}), chartState(id) → the fragment, applyFragment(hash).
 * Loaded after site.js, linearaxes.js and zoomarea.js. Plain ES2019.
 */
(function () {
  'use strict';
  var S = window.scalesite;
  var F = window.scalesiteFormat;
  var CL = window.scalesiteChartLayout;
  if (!S || !S.onChart || !F || !CL || typeof document === 'undefined') return;
  var T = window.scalesiteTools;
  if (!T || !T.zoomArea || !T.linearOption) return;
  var linearOption = T.linearOption, pow10 = T.pow10;
  var asArray = F.asArray;
  // Per chart, the axes shown linear instead of log: {x: bool, y: bool}.
  var linear = {};
  // Above 0 while this file changes a chart: its events are not the reader's.
  var applying = 0;
  // The address the page was opened at, until the chart it names is made
  // (wire) and shown as it says: site.js makes the charts of a site with a
  // chart font once the font has loaded, which is after start.
  var opening = null;
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

  // texLines are the chart's typeset title and subtitle (site.js showTeX:
  // KaTeX's HTML over the canvas, which a picture of the canvas lacks) as
  // text to draw in their place: the plain form, its baseline, x and
  // anchor, size and colour, in the chart's px.
  function texLines(id) {
    var el = document.getElementById(id);
    if (!el) return [];
    return [].slice.call(el.querySelectorAll(':scope > .scalesite-tex-live')).map(function (d) {
      return {
        text: d.getAttribute('data-text') || '', x: parseFloat(d.style.left), y: parseFloat(d.style.top) + 200,
        fs: parseFloat(d.style.fontSize), middle: d.classList.contains('scalesite-tex-middle'),
        color: window.getComputedStyle(d).color
      };
    }).filter(function (l) { return l.text && isFinite(l.x) && isFinite(l.y) && l.fs > 0; });
  }

  // TEX_FONT draws a typeset title's plain form in a saved picture: KaTeX's
  // font, which the page has loaded for it.
  var TEX_FONT = "KaTeX_Main, 'Times New Roman', serif";

  // exportPNG draws the chart at twice its pixels, on the page's colour,
  // a typeset title in its plain form.
  function exportPNG(id) {
    var inst = live(id);
    if (!inst) throw new Error('no chart ' + id);
    var opts = { type: 'png', pixelRatio: 2, backgroundColor: pageBackground() };
    var tex = texLines(id);
    if (!tex.length) return inst.getDataURL(opts);
    var canvas = inst.renderToCanvas(opts);
    var ctx = canvas.getContext('2d');
    ctx.setTransform(2, 0, 0, 2, 0, 0);
    tex.forEach(function (l) {
      ctx.font = l.fs + 'px ' + TEX_FONT;
      ctx.fillStyle = l.color;
      ctx.textAlign = l.middle ? 'center' : 'left';
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(l.text, l.x, l.y);
    });
    return canvas.toDataURL('image/png');
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
    // a typeset title in its plain form (a title's box: its line height
    // 1.25 times its size, the baseline about 0.95 of it down)
    opt.title = asArray(opt.title).concat(texLines(id).map(function (l) {
      return {
        text: l.text, left: l.x, top: l.y - 0.95 * l.fs, padding: 0, textAlign: l.middle ? 'center' : 'left',
        textStyle: { fontSize: l.fs, lineHeight: 1.25 * l.fs, fontWeight: 'normal', fontFamily: TEX_FONT, color: l.color }
      };
    }));
    opt.dataZoom = [];
    opt.animation = false;
    opt.backgroundColor = pageBackground();
    quoteFontsForXML(opt, 0);
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

  // quoteFontsForXML puts the font families of an option (the chart font
  // is '"DejaVu Sans", sans-serif': site.js) in single quotes: ECharts'
  // SVG renderer writes a text's family into style="..." as it is, and a
  // double quote there ends the attribute, so the document is no XML
  // (Save SVG, Save PDF). In CSS either quote names the same family.
  function quoteFontsForXML(o, depth) {
    if (!o || typeof o !== 'object' || depth > 12) return;
    for (var k in o) {
      if (!Object.prototype.hasOwnProperty.call(o, k)) continue;
      var v = o[k];
      if (k === 'fontFamily' && typeof v === 'string') o[k] = v.replace(/"/g, "'");
      else if (v && typeof v === 'object') quoteFontsForXML(v, depth + 1);
    }
  }

  /* ------------------------------------------------------ log/linear */

  function pageOption(id) {
    var scripts = document.querySelectorAll('script.scalesite-option');
    for (var i = 0; i < scripts.length; i++) {
      if (scripts[i].getAttribute('data-chart') === id) return JSON.parse(scripts[i].textContent);
    }
    return null;
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

  // hashChart is the chart an address' fragment names (default: the page's).
  function hashChart(hash) {
    var h = String(hash == null ? location.hash : hash).replace(/^#/, '');
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
    zoom.undoable(id, []);
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

  // Zoom to area and Undo zoom: zoomarea.js, which listens for Escape from
  // here on.
  var zoom = T.zoomArea({ live: live, toolsOf: toolsOf, say: say });

  /* --------------------------------------------------- tools menu */

  // toolsMenu gathers the tools the script adds (saves, zooms, linear
  // axes, smoothing) into one list that the toolbar's "More…" button (in
  // the page's markup) opens, once, and returns the list: the toolbar
  // keeps the single row the markup gives it (Download CSV, More…, #), so
  // nothing below the chart moves when the script takes over, and a
  // phone's chart is not crowded by ten buttons. A theme's toolbar without
  // the button keeps its tools in the row.
  function toolsMenu(tools) {
    var list = tools.querySelector('.scalesite-menu-list');
    var more = tools.querySelector('.scalesite-menu');
    if (list || !more) return list || tools;
    var box = document.createElement('div');
    box.className = 'scalesite-menu-box';
    tools.insertBefore(box, more);
    list = document.createElement('div');
    list.className = 'scalesite-menu-list';
    list.setAttribute('role', 'group');
    list.setAttribute('aria-label', more.getAttribute('aria-label'));
    list.id = tools.getAttribute('data-chart') + '-menu';
    list.hidden = true;
    more.setAttribute('aria-controls', list.id);
    more.hidden = false;
    box.appendChild(more);
    box.appendChild(list);
    var moved = tools.querySelectorAll(':scope > [data-tool]:not([data-tool="csv"]):not([data-tool="link"])');
    for (var i = 0; i < moved.length; i++) list.appendChild(moved[i]);

    function items() {
      return [].filter.call(list.querySelectorAll('button, input'), function (e) { return !e.disabled && !e.hidden; });
    }
    function show(open, focus) {
      list.hidden = !open;
      more.setAttribute('aria-expanded', String(open));
      if (focus) (open ? items()[0] : more).focus();
    }
    menus.push(function (t) { if (!box.contains(t)) show(false); });
    // Enter and Space click the button (a click with no pointer, detail 0,
    // moves the focus into the list)
    more.addEventListener('click', function (e) { show(list.hidden, list.hidden && !e.detail); });
    // Escape closes (the focus back on the button), the arrows open and
    // move, Home and End go to the ends; a slider keeps its keys
    box.addEventListener('keydown', function (e) {
      var k = e.key, it = items(), at = it.indexOf(e.target), to = -1;
      if (k === 'Escape') {
        if (list.hidden) return;
        e.stopPropagation();
        show(false, true);
      } else if (e.target === more) {
        if (/^Arrow(Down|Up)$/.test(k)) to = 0;
      } else if (e.target.type !== 'range') {
        to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: -1 }[k];
        to = to === undefined ? -1 : (to + it.length) % it.length;
      }
      if (to < 0 || !it.length) return;
      e.preventDefault();
      list.hidden = false;
      more.setAttribute('aria-expanded', 'true');
      it[to].focus();
    });
    // a tool used closes the list (the smoothing control stays open while
    // it is set), and Tab out of the list too
    list.addEventListener('click', function (e) {
      if (e.target.closest('button[data-tool]')) show(false, true);
    });
    box.addEventListener('focusout', function (e) {
      if (e.relatedTarget && !box.contains(e.relatedTarget)) show(false);
    });
    return list;
  }
  var menus = []; // per toolbar: closes its list on a click outside it

  /* ------------------------------------------------------- wiring */

  function wire(id, inst) {
    var tools = toolsOf(id);
    if (tools) {
      zoom.buttons(tools);
      var hidden = tools.querySelectorAll('[data-tool][hidden]');
      for (var i = 0; i < hidden.length; i++) hidden[i].removeAttribute('hidden');
      toolsMenu(tools);
    }
    var el = document.getElementById(id);
    if (el) zoom.wire(id, el);
    syncButtons(id);
    if (opening !== null && hashChart(opening) === id) {
      var hash = opening;
      opening = null;
      applyFragment(hash);
    }
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
    menus.forEach(function (close) { close(e.target); });
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
          zoom.mode(id, t.getAttribute('aria-pressed') !== 'true');
          break;
        case 'undo':
          zoom.undo(id);
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
  S.toolsMenu = toolsMenu;
  S.exportSVG = exportSVG;
  S.say = say;
  S.setLinear = setLinear;
  S.chartState = chartState;
  S.applyFragment = applyFragment;

  function start() {
    opening = location.hash || null;
    S.onChart(wire);
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();

/* scalesite: Zoom to area and Undo zoom, the zoom controls the script
 * adds to a chart's toolbar (export.js wires them).
 *
 * With the toggle on, a drag across a plot zooms both axes to the
 * rectangle drawn; Undo zoom steps back through the areas zoomed to.
 *
 * API, on window.scalesiteTools: zoomArea({live, toolsOf, say}) → {buttons,
 * wire, mode, undo, undoable}, the controls of one page, made once by
 * export.js with its helpers (live(id): the chart's live instance;
 * toolsOf(id): its toolbar; say(id, text): tell the reader); it listens
 * for Escape on the document from then on. Load it before export.js.
 * Plain ES2019.
 */
(function () {
  'use strict';

  function zoomArea(h) {
    var live = h.live, toolsOf = h.toolsOf, say = h.say;

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

    return { buttons: areaButtons, wire: wireArea, mode: areaMode, undo: undoZoom, undoable: undoable };
  }

  if (typeof window !== 'undefined') {
    var ns = window.scalesiteTools = window.scalesiteTools || {};
    ns.zoomArea = zoomArea;
  }
})();

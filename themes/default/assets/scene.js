/* scalesite: a chart as a static picture (issue 21), at build time only.
 *
 *   scene(pageOption, width, dark[, height])  the Scene of a chart (figure/scene.go:
 *                                       a flat display list in CSS px, its
 *                                       fields named by their JSON names;
 *                                       Go reads the object itself), fitted
 *                                       to height px when given (a social card)
 *   plots(pageOption, width)            the same Scene's plots alone (clips)
 *
 * The option is prepared by chartlayout.js prepareOption, the sequence the
 * live chart runs (site.js build): same panels, legend, titles and ticks.
 * Then this file draws what ECharts draws for that option: background,
 * grid lines, axes, tick labels, axis names, series, reference marks,
 * error bars and bands (marks.js' own drawing functions, given a stand-in
 * of ECharts' custom-series api), point labels placed by labels.js
 * placeLabels as chartlayout.js labelPlacer places them, legend and
 * titles. Where ECharts applies a rule of its own, it is written here with
 * a comment naming it.
 *
 * Not drawn (the site's options do not use them, or they are not part of
 * a picture): category and time axes, axes without min and max (ECharts'
 * nice extent) or inverted, nameLocation other than 'middle' (but a
 * medium's level y name at 'end'), smooth lines
 * and area fills, a series symbol given as path:// (a note's arrow, a
 * markPoint's path://, is), dataZoom, tooltips and axis pointers.
 *
 * Needs format.js, tooltip.js, ticks.js, labelgeometry.js, labels.js,
 * breaktext.js, colors.js, marks.js, chartlayout.js and medium.js loaded first, and a text measurer (chartlayout.js
 * setMeasure) where there is no canvas. Not loaded by the pages: the
 * renderer leaves it out of the site (themes.BuildOnly). Plain ES2019.
 */
(function () {
  'use strict';
  var G = typeof window !== 'undefined' ? window : this;
  var F = G.scalesiteFormat;
  var L = G.scalesiteLayout;
  var CL = G.scalesiteChartLayout;
  if (!F || !L || !CL) return;
  var asArray = F.asArray;
  var tw = CL.textWidth;
  var FONT = 'sans-serif';

  /* ECharts 6's colour tokens (lib/visual/tokens.js): the light theme's, and
   * the dark theme's made from them as ECharts makes them (saturation * 0.9,
   * lightness 1 - l^1.5). */
  var LIGHT = { axisLine: '#54555a', axisLabel: '#54555a', primary: '#3c3c41', secondary: '#54555a', quaternary: '#86878c' };
  function hexRGB(h) {
    return [parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255];
  }
  function toHex(c) {
    return '#' + c.map(function (v) { var s = Math.round(Math.max(0, Math.min(1, v)) * 255).toString(16); return s.length < 2 ? '0' + s : s; }).join('');
  }
  function darken(hex) {
    var c = hexRGB(hex), r = c[0], g = c[1], b = c[2];
    var mx = Math.max(r, g, b), mn = Math.min(r, g, b), l = (mx + mn) / 2, h = 0, s = 0, d = mx - mn;
    if (d) {
      s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn);
      h = mx === r ? (g - b) / d + (g < b ? 6 : 0) : mx === g ? (b - r) / d + 2 : (r - g) / d + 4;
      h /= 6;
    }
    s *= 0.9;
    l = 1 - Math.pow(l, 1.5);
    if (!s) return toHex([l, l, l]);
    var q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
    var f = function (t) {
      if (t < 0) t += 1;
      if (t > 1) t -= 1;
      return t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    };
    return toHex([f(h + 1 / 3), f(h), f(h - 1 / 3)]);
  }
  var DARK = {};
  Object.keys(LIGHT).forEach(function (k) { DARK[k] = darken(LIGHT[k]); });

  // zrender's line dash for a line type (canvas/dashStyle.js): dashed is
  // [4w, 2w], dotted [w].
  function dash(type, w) {
    if (type === 'dashed') return [4 * w, 2 * w];
    if (type === 'dotted') return [w];
    if (typeof type === 'number') return [type];
    if (Array.isArray(type)) return type.slice();
    return null;
  }

  // zrender's line height of a font: the width of a wide (CJK) character
  // (contain/text.js getLineHeight, stWideCharWidth).
  function lineHeight(font) {
    return tw('\u56fd', font);
  }

  function num(v, d) {
    return typeof v === 'number' && isFinite(v) ? v : d;
  }

  // H, when given, is the height of the box to fit (a social card): the
  // panels take what the titles and legend leave, whatever the spec's
  // height.
  // medium, when given, is a medium's layout (chartlayout.js applyMedium:
  // a paper's figure, a social card): its compact legend goes inside a
  // plot where it covers nothing drawn, else the chart is laid out again
  // with the legend below the plots.
  function scene(option, W, dark, H, medium) {
    if (!medium) return draw(option, W, dark, H);
    var spare = JSON.stringify(option);
    option.scalesite = option.scalesite || {};
    option.scalesite.medium = Object.assign({}, medium);
    var out = draw(option, W, dark, H);
    if (out.legendInside !== false) return out;
    option = JSON.parse(spare);
    option.scalesite = option.scalesite || {};
    option.scalesite.medium = Object.assign({}, medium, { legendBelow: true });
    out = draw(option, W, dark, H);
    if (!(medium.minPlot > 0) || smallest(out.clips).h >= medium.minPlot) return out;
    // below, the legend leaves the plots too low: at their right, if
    // that leaves the smallest plot more room
    option = JSON.parse(spare);
    option.scalesite = option.scalesite || {};
    option.scalesite.medium = Object.assign({}, medium, { legendBelow: true, legendRight: true });
    var right = draw(option, W, dark, H);
    var a = smallest(out.clips), b = smallest(right.clips);
    return b.w * b.h > a.w * a.h ? right : out;
  }

  // smallest is the plot of clips with the least height.
  function smallest(clips) {
    var m = { w: 0, h: 0 };
    clips.forEach(function (r, i) { if (i === 0 || r.h < m.h) m = r; });
    return m;
  }

  // onGrid is coordinate v of a line lw px wide moved onto the pixel grid
  // (scene.js crisp)
  function onGrid(v, lw) {
    var d2 = Math.round(v * 2);
    return (d2 + Math.round(lw)) % 2 === 0 ? d2 / 2 : (d2 + 1) / 2;
  }

  // points are the numbers of a series' data: ok[i] whether datum i is a
  // point (a datum [x, y] or {value: [x, y]}, both numbers), xs[i] and
  // ys[i] its values. They are kept for each data array: the widths of a
  // chart share their series' data (copyOption), and its points are read
  // once.
  var pointMemo = typeof WeakMap === 'function' ? new WeakMap() : null;
  function points(data) {
    var pt = pointMemo && pointMemo.get(data);
    if (pt) return pt;
    var n = data.length, xs = new Array(n), ys = new Array(n), ok = new Array(n);
    for (var i = 0; i < n; i++) {
      var d0 = data[i];
      var v = d0 && typeof d0 === 'object' && !Array.isArray(d0) ? d0.value : d0;
      ok[i] = false;
      if (!Array.isArray(v)) continue;
      var vx = v[0], vy = v[1];
      if (vx == null || vy == null || vx === '-' || vy === '-' || isNaN(+vx) || isNaN(+vy)) continue;
      ok[i] = true;
      xs[i] = +vx;
      ys[i] = +vy;
    }
    pt = { ok: ok, xs: xs, ys: ys };
    if (pointMemo) pointMemo.set(data, pt);
    return pt;
  }

  // plots is the Scene of a chart W px wide with its plots alone (clips,
  // one a panel, fitted as for a whole Scene) and nothing drawn: what
  // package check measures a chart's panels by, for a fraction of the cost.
  function plots(option, W) {
    return draw(option, W, false, 0, true);
  }

  // draw is the Scene of option W px wide (of its plots alone when
  // plotsOnly).
  function draw(option, W, dark, H, plotsOnly) {
    var tok = dark ? DARK : LIGHT;
    if (H > 0) {
      option.scalesite = option.scalesite || {};
      option.scalesite.fitHeight = H;
    }
    var p = CL.prepareOption(option, W, dark, null);
    var opt = p.option;
    H = p.height;
    var items = [];
    var clips = [];
    // what the layout could not keep clear (chartlayout.js' notes, and the
    // point labels over a marker or a line): internal/scene reads them
    var notes = p.notes || [];
    var out = { w: W, h: H, bg: dark ? '#111418' : '#ffffff', font: FONT, clips: clips, items: items, notes: notes };
    // every item is painted in ECharts' order: by the z of the component
    // or series it belongs to (axes 0, markArea 1, custom series 2 unless
    // set, scatter 2, line 3, legend 4, markLine and markPoint 5, title 6,
    // point labels and their leaders 50, as chartlayout.js draws leaders),
    // then in the order drawn
    var curZ = 0;
    // and within a z by z2 (zrender's sort: zlevel, z, z2): a line
    // series' polyline 10 (LineView), every series' symbols 100
    // (helper/Symbol.js), anything else 0; kept as a fraction of the z
    var curZ2 = 0;
    // the items drawn, in order, each with its z; under marks those that
    // go first within their z (the split lines): put in items at the end
    var drawnIt = [], drawnZ = [], under = [];
    var add = function (it) {
      drawnIt.push(it);
      drawnZ.push(curZ + curZ2 / 1000);
      under.push(false);
      return it;
    };
    var xAxes = asArray(opt.xAxis), yAxes = asArray(opt.yAxis), gridOpts = asArray(opt.grid);

    /* ---- the plots: each grid's rectangle as ECharts fits it ---------- */
    var grids = gridOpts.map(function (g) {
      return { raw: { x: num(g.left, 0), y: num(g.top, 0), w: num(g.width, W), h: num(g.height, H) }, g: g, x: [], y: [] };
    });
    xAxes.forEach(function (ax, i) { if (ax && grids[ax.gridIndex || 0]) grids[ax.gridIndex || 0].x.push(i); });
    yAxes.forEach(function (ax, i) { if (ax && grids[ax.gridIndex || 0]) grids[ax.gridIndex || 0].y.push(i); });

    function labelFont(ax) {
      var l = ax.axisLabel || {};
      return (l.fontWeight && l.fontWeight !== 'normal' ? l.fontWeight + ' ' : '') + (l.fontSize || 12) + 'px ' + FONT;
    }
    // the tick labels of an axis as drawn: ECharts draws one per value of
    // axisLabel.customValues (inside the extent), text from the formatter,
    // each with its width (w). The plot is fitted twice and drawn once
    // around the same labels: they are made once per axis and axisLabel
    // (retick's patch gives an axis a new axisLabel).
    var tickMemo = [];
    function tickLabels(ax) {
      var l = ax.axisLabel || {};
      if (l.show === false || ax.show === false) return [];
      for (var k = 0; k < tickMemo.length; k++) {
        if (tickMemo[k].ax === ax && tickMemo[k].l === ax.axisLabel) return tickMemo[k].list;
      }
      var lo = ax.min, hi = ax.max;
      var font = labelFont(ax);
      var vals = asArray(l.customValues), list = [];
      for (var i = 0; i < vals.length; i++) {
        var v = vals[i];
        if (!inExtent(ax, v)) continue;
        var text = String(typeof l.formatter === 'function' ? l.formatter(v) : v);
        list.push({ v: v, text: text, w: tw(text, font) });
      }
      tickMemo.push({ ax: ax, l: ax.axisLabel, list: list });
      return list;
    }
    function frac(ax, v) {
      return (v - ax.min) / (ax.max - ax.min);
    }
    // inExtent: v is on the axis, to a rounding error relative to its
    // range (an absolute one drew every tick of 1e-10..3e-10 at once)
    function inExtent(ax, v) {
      var slack = 1e-9 * Math.abs(ax.max - ax.min);
      return v >= ax.min - slack && v <= ax.max + slack;
    }
    // the boxes of an axis' tick labels and name for a plot rectangle r,
    // each with the fraction along the axis it moves with
    function axisBoxes(d, ax, r) {
      var boxes = labelBoxes(d, ax, r);
      var nb = nameBox(d, ax, r, boxes);
      return nb ? boxes.concat([nb]) : boxes;
    }
    // ECharts' tick labels: margin (axisLabel.margin, default 8) from the
    // axis line; an x label centred under its tick (the first and last
    // aligned inward by alignMinLabel / alignMaxLabel), a y label
    // right-aligned, its middle at its tick
    function labelBoxes(d, ax, r) {
      var boxes = [];
      var lab = ax.axisLabel || {};
      var font = labelFont(ax);
      var lh = lineHeight(font);
      var margin = num(lab.margin, 8);
      // the box of a label has ECharts' axisLabel.textMargin, [0, 3]: 3 px
      // either side of the text
      var TM = 3;
      var tl = tickLabels(ax);
      tl.forEach(function (t, k) {
        var w = t.w;
        var f = frac(ax, t.v);
        if (d === 'x') {
          var x = r.x + f * r.w, anchor = 'middle';
          if (k === 0 && lab.alignMinLabel === 'left') anchor = 'start';
          if (k === tl.length - 1 && lab.alignMaxLabel === 'right') anchor = 'end';
          boxes.push({ x: (anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2) - TM, y: r.y + r.h + margin, w: w + 2 * TM, h: lh, f: f, text: t.text, ax: x, ay: r.y + r.h + margin, anchor: anchor });
        } else {
          var y = r.y + (1 - f) * r.h;
          boxes.push({ x: r.x - margin - w - TM, y: y - lh / 2, w: w + 2 * TM, h: lh, f: 1 - f, text: t.text, ax: r.x - margin, ay: y, anchor: 'end' });
        }
      });
      return boxes;
    }
    // ECharts' axis name for nameLocation 'middle' (the only one this site
    // writes; component/axis/AxisBuilder.js): nameGap (default 15) from the
    // axis line, an x name centred below, a y name turned to read upwards,
    // left of the axis. Its box has a margin (DEFAULT_CENTER_NAME_MARGIN_LEVELS:
    // [5,3,5,3] for a y name on a plot wider than half the chart, [8,3,8,3]
    // for an x name on a plot taller than half, else [1,2,1,2]; top and
    // bottom are across the text), and the name moves away from the axis
    // until that box clears the tick labels (nameMoveOverlap).
    function nameBox(d, ax, r, labels) {
      if (!ax.name) return null;
      var gap = num(ax.nameGap, 15);
      var ns = ax.nameTextStyle || {};
      var font = (ns.fontWeight && ns.fontWeight !== 'normal' ? ns.fontWeight + ' ' : '') + (ns.fontSize || 12) + 'px ' + FONT;
      var lines = String(ax.name).split('\n');
      var w = 0;
      lines.forEach(function (l) { w = Math.max(w, tw(l, font)); });
      var lhn = lineHeight(font);
      var h = lines.length * lhn;
      // the margin level (Grid.js calcNameMarginLevel): a y name on a plot
      // wider than half the chart takes level 2, an x name on a plot taller
      // than half level 1
      var lvl = d === 'x' ? (r.h <= H * 0.5 ? 0 : 1) : (r.w <= W * 0.5 ? 0 : 2);
      var mAcross = [1, 5, 8][lvl], mAlong = [2, 3, 3][lvl];
      // the labels' boxes, widened to the axis line and along the whole
      // axis (AxisBuilder resetOverlapRecordToShared: stOccupiedRect)
      var occ = null;
      labels.forEach(function (b) {
        if (!occ) occ = { x0: b.x, y0: b.y, x1: b.x + b.w, y1: b.y + b.h };
        else { occ.x0 = Math.min(occ.x0, b.x); occ.y0 = Math.min(occ.y0, b.y); occ.x1 = Math.max(occ.x1, b.x + b.w); occ.y1 = Math.max(occ.y1, b.y + b.h); }
      });
      if (occ && d === 'x') { occ.y0 = Math.min(occ.y0, r.y + r.h); occ.x0 = Math.min(occ.x0, r.x); occ.x1 = Math.max(occ.x1, r.x + r.w); }
      if (occ && d === 'y') { occ.x1 = Math.max(occ.x1, r.x); occ.y0 = Math.min(occ.y0, r.y); occ.y1 = Math.max(occ.y1, r.y + r.h); }
      var nb = { f: 0.5, name: lines, font: font, fs: ns.fontSize || 12, lh: lhn };
      if (d === 'y' && ax.nameLocation === 'end') {
        // a medium's y name over the plot (chartlayout.js frame, where the
        // name is longer than the plot is high; the page writes none):
        // level, nameGap above the axis' end, its box moving with the top;
        // aligned left, it starts where the tick labels do
        var al = ns.align === 'left' ? 'start' : ns.align === 'right' ? 'end' : 'middle';
        nb.f = 0;
        nb.top = true;
        nb.anchor = al;
        nb.tx = al === 'start' && occ ? Math.min(r.x, occ.x0) : r.x;
        nb.ty = r.y - gap - h;
        // it holds the plot down, not in: chartlayout.js cut it to the
        // width it has, which may pass over the next panel's top
        nb.x = nb.tx;
        nb.y = nb.ty;
        nb.w = 0;
        nb.h = h;
        return nb;
      }
      if (d === 'x') {
        var ty = r.y + r.h + gap;
        var top = ty - mAcross;
        if (occ && top < occ.y1 && top + h + 2 * mAcross > occ.y0 && r.x + r.w / 2 - w / 2 - mAlong < occ.x1 && r.x + r.w / 2 + w / 2 + mAlong > occ.x0) ty += occ.y1 - top;
        nb.tx = r.x + r.w / 2;
        nb.ty = ty;
        nb.x = nb.tx - w / 2 - mAlong; nb.y = ty - mAcross; nb.w = w + 2 * mAlong; nb.h = h + 2 * mAcross;
      } else {
        var tx = r.x - gap; // the text's bottom edge, turned: its right side
        var right = tx + mAcross;
        var cy = r.y + r.h / 2;
        if (occ && right > occ.x0 && right - h - 2 * mAcross < occ.x1 && cy - w / 2 - mAlong < occ.y1 && cy + w / 2 + mAlong > occ.y0) tx -= right - occ.x0;
        nb.tx = tx;
        nb.ty = cy;
        nb.x = tx - h - mAcross; nb.y = cy - w / 2 - mAlong; nb.w = h + 2 * mAcross; nb.h = w + 2 * mAlong;
      }
      return nb;
    }
    // ECharts' grid outerBounds (coord/cartesian/Grid.js
    // layOutGridByOuterBounds, outerBoundsMode 'auto', contain 'all'): the
    // plot shrinks until its tick labels and axis names lie inside the
    // outer bounds; a label's overflow is divided by the fraction of the
    // shrink it moves with.
    function fit(gr) {
      var ob = gr.g.outerBounds;
      var raw = gr.raw;
      if (!ob || gr.g.outerBoundsMode === 'none') return { x: raw.x, y: raw.y, w: raw.w, h: raw.h };
      var o = { x: num(ob.left, 0), y: num(ob.top, 0), w: num(ob.width, W), h: num(ob.height, H) };
      var m = [0, 0, 0, 0]; // top, right, bottom, left
      var fill = function (b, xy, f) {
        var lo = xy === 0 ? o.x - b.x : o.y - b.y;
        var hi = xy === 0 ? b.x + b.w - (o.x + o.w) : b.y + b.h - (o.y + o.h);
        if (lo > 0 && !isNaN(f) && 1 - f > 1e-4) lo /= 1 - f;
        if (hi > 0 && !isNaN(f) && f > 1e-4) hi /= f;
        var a = xy === 0 ? [3, 1] : [0, 2];
        m[a[0]] = Math.max(m[a[0]], lo);
        m[a[1]] = Math.max(m[a[1]], hi);
      };
      var each = function (d, list, axes) {
        list.forEach(function (i) {
          var ax = axes[i];
          if (!ax || ax.show === false) return;
          axisBoxes(d, ax, raw).forEach(function (b) {
            fill(b, d === 'x' ? 0 : 1, b.f);
            fill(b, d === 'x' ? 1 : 0, NaN);
          });
        });
      };
      each('x', gr.x, xAxes);
      each('y', gr.y, yAxes);
      fill(raw, 0, NaN);
      fill(raw, 1, NaN);
      // expandOrShrinkRect, clamped to 25% of the raw size (ECharts'
      // outerBoundsClampWidth/Height default)
      var r = { x: raw.x + m[3], y: raw.y + m[0], w: raw.w - m[1] - m[3], h: raw.h - m[0] - m[2] };
      if (r.w < raw.w * 0.25) { r.x -= (raw.w * 0.25 - r.w) / 2; r.w = raw.w * 0.25; }
      if (r.h < raw.h * 0.25) { r.y -= (raw.h * 0.25 - r.h) / 2; r.h = raw.h * 0.25; }
      return r;
    }
    // retick (chartlayout.js) chooses the ticks again for the axes as
    // ECharts fitted them; the live chart sets those if they changed, and
    // ECharts fits the plot once more around them from the raw rectangle
    // (retick says whether they changed)
    function retick(rects) {
      var patch = { xAxis: [], yAxis: [] };
      var changed = false;
      [['x', xAxes], ['y', yAxes]].forEach(function (da) {
        da[1].forEach(function (ax, i) {
          var m = p.axes[da[0]][i];
          var r = rects[ax && ax.gridIndex || 0];
          if (!ax || !m || !r || ax.type !== 'value' || !(ax.max > ax.min)) return;
          var at = function (v) { return r.x + (v - ax.min) / (ax.max - ax.min) * r.w; };
          if (CL.axisTicks(da[0], i, m, [ax.min, ax.max], da[0] === 'x' ? r.w : r.h, at, W, dark, p.state, patch)) changed = true;
        });
      });
      // the page sets the patch only when axisTicks finds an axis' ticks
      // changed (its key: the range and every tick, major or minor)
      if (!changed) return false;
      // as setOption merges it: each part's keys replace the axis' own
      // (merge would keep the tail of a longer customValues list)
      ['xAxis', 'yAxis'].forEach(function (k) {
        var axes = k === 'xAxis' ? xAxes : yAxes;
        patch[k].forEach(function (part, i) {
          if (!part || !axes[i]) return;
          Object.keys(part).forEach(function (c) { axes[i][c] = Object.assign({}, axes[i][c], part[c]); });
        });
      });
      return true;
    }
    var rects = grids.map(fit);
    if (retick(rects)) rects = grids.map(fit);
    rects.forEach(function (r) { clips.push({ x: r.x, y: r.y, w: r.w, h: r.h }); });
    if (plotsOnly) return out;

    /* ---- axes: grid lines, axis lines, ticks, labels, names ---------- */
    // zrender's subPixelOptimizeLine (graphic/helper/subPixelOptimize.js),
    // which ECharts applies to axis lines, ticks and split lines: a
    // horizontal or vertical line moved onto the pixel grid (by at most half
    // a pixel) so that a 1 px line covers one row of pixels, not two
    function crisp(p, lw) {
      if (p[1] === p[3]) p[1] = p[3] = onGrid(p[1], lw);
      if (p[0] === p[2]) p[0] = p[2] = onGrid(p[0], lw);
      return p;
    }
    function drawAxis(d, ax, i) {
      if (!ax || ax.show === false) return;
      var gi = ax.gridIndex || 0;
      var r = rects[gi];
      if (!r) return;
      var pos = function (v) { var f = frac(ax, v); return d === 'x' ? r.x + f * r.w : r.y + (1 - f) * r.h; };
      var ticks = asArray((ax.axisTick || {}).customValues).filter(function (v) { return inExtent(ax, v); });
      var sl = ax.splitLine || {};
      if (sl.show !== false && ax.splitLine) {
        var ls = sl.lineStyle || {};
        var colors = asArray(ls.color);
        ticks.forEach(function (v, k) {
          var c = pos(v);
          add({ k: 'path', p: crisp(d === 'x' ? [c, r.y, c, r.y + r.h] : [r.x, c, r.x + r.w, c], ls.width || 1), stroke: colors.length ? colors[k % colors.length] : (dark ? '#484753' : '#dbdee4'), lw: ls.width || 1, dash: dash(ls.type, ls.width || 1) || undefined, split: true });
        });
      }
      var al = ax.axisLine || {};
      var lineColor = (al.lineStyle && al.lineStyle.color) || tok.axisLine;
      if (al.show !== false) {
        var alw = (al.lineStyle && al.lineStyle.width) || 1;
        add({ k: 'path', p: crisp(d === 'x' ? [r.x, r.y + r.h, r.x + r.w, r.y + r.h] : [r.x, r.y, r.x, r.y + r.h], alw), stroke: lineColor, lw: alw });
      }
      var at = ax.axisTick || {};
      if (at.show) {
        var len = num(at.length, 5);
        ticks.forEach(function (v) {
          var c = pos(v);
          add({ k: 'path', p: crisp(d === 'x' ? [c, r.y + r.h, c, r.y + r.h + len] : [r.x - len, c, r.x, c], 1), stroke: lineColor, lw: 1 });
        });
      }
      var lab = ax.axisLabel || {};
      var fs = lab.fontSize || 12;
      var boxes = labelBoxes(d, ax, r);
      boxes.forEach(function (b) {
        // zrender draws a text's glyphs centred in its line box (lineHeight):
        // an x label's box hangs from ay, so its middle is half a line lower
        var it = { k: 'text', text: b.text, x: b.ax, y: d === 'x' ? b.ay + b.h / 2 : b.ay, fs: fs, anchor: b.anchor, base: 'middle', fill: lab.color || tok.axisLabel, role: 'tick-' + d + i };
        if (lab.fontWeight && lab.fontWeight !== 'normal') it.fw = lab.fontWeight === 'bold' ? 600 : +lab.fontWeight || 400;
        add(it);
      });
      var nb = nameBox(d, ax, r, boxes);
      if (nb) {
        var nc = (ax.nameTextStyle && ax.nameTextStyle.color) || lineColor;
        nb.name.forEach(function (line, k) {
          // by the middle of each line's box, as zrender draws it (a y name
          // turned to read upwards: its box's bottom is on the right)
          if (nb.top) add({ k: 'text', text: line, x: nb.tx, y: nb.ty + k * nb.lh + nb.lh / 2, fs: nb.fs, anchor: nb.anchor, base: 'middle', fill: nc, role: 'axis-name-y' + i });
          else if (d === 'x') add({ k: 'text', text: line, x: nb.tx, y: nb.ty + k * nb.lh + nb.lh / 2, fs: nb.fs, anchor: 'middle', base: 'middle', fill: nc, role: 'axis-name-x' + i });
          else add({ k: 'text', text: line, x: nb.tx - (nb.name.length - 1 - k) * nb.lh - nb.lh / 2, y: nb.ty, fs: nb.fs, anchor: 'middle', base: 'middle', rot: -90, fill: nc, role: 'axis-name-y' + i });
        });
      }
    }
    curZ = 0;
    xAxes.forEach(function (ax, i) { drawAxis('x', ax, i); });
    yAxes.forEach(function (ax, i) { drawAxis('y', ax, i); });
    // split lines under the axis lines, ticks and labels
    for (var sk = 0; sk < drawnIt.length; sk++) {
      if (drawnIt[sk].split) {
        drawnIt[sk].split = undefined;
        under[sk] = true;
      }
    }

    /* ---- series ------------------------------------------------------ */
    var palette = asArray(opt.color);
    var byName = {};
    var nextColor = 0;
    // ECharts' palette (model/mixin/palette.js getColorFromPalette): one
    // colour per series name, in order; a series without a name takes the next
    function paletteColor(name) {
      if (name != null && byName[name] != null) return byName[name];
      var c = palette.length ? palette[nextColor++ % palette.length] : '#5470c6';
      if (name != null) byName[name] = c;
      return c;
    }
    var series = asArray(opt.series);
    var colors = series.map(function (s) {
      if (!s) return null;
      var c = paletteColor(s.name);
      var own = (s.itemStyle && s.itemStyle.color) || (s.type === 'line' && s.lineStyle && s.lineStyle.color);
      return typeof own === 'string' ? own : c;
    });
    function coordOf(s) {
      var xa = xAxes[s.xAxisIndex || 0], ya = yAxes[s.yAxisIndex || 0];
      if (!xa || !ya) return null;
      var r = rects[xa.gridIndex || 0];
      if (!r) return null;
      return {
        r: r, clip: (xa.gridIndex || 0) + 1, xa: xa, ya: ya,
        at: function (x, y) { return [r.x + frac(xa, x) * r.w, r.y + (1 - frac(ya, y)) * r.h]; }
      };
    }
    function symbolItem(shape, x, y, size, fill, s, clip) {
      var is = s.itemStyle || {};
      var it = { k: 'symbol', shape: shape, x: x, y: y, size: size, fill: fill, clip: clip };
      // an empty symbol: white inside (util/symbol.js: tokens.color.neutral00,
      // the light theme's, in the dark theme too), a 2 px line in its colour
      if (shape && shape.indexOf('empty') === 0) {
        it.fill = '#ffffff';
        it.stroke = fill;
        it.lw = num(is.borderWidth, 2);
      }
      if (is.borderColor) { it.stroke = is.borderColor; it.lw = is.borderWidth || 1; }
      return it;
    }
    var labelItems = [], labelKeys = [], markers = [], labelStyle = [], lineRuns = [];
    var anyLabelled = series.some(function (s) { return !!(s && s.label && s.label.show); });
    series.forEach(function (s, si) {
      if (!s || (s.type !== 'line' && s.type !== 'scatter' && s.type !== 'custom')) return;
      var cs = coordOf(s);
      if (!cs) return;
      var color = colors[si];
      var clip = s.clip === false ? 0 : cs.clip;
      var data = asArray(s.data);
      curZ = num(s.z, s.type === 'line' ? 3 : 2);
      if (s.type === 'custom') {
        drawCustom(s, data, cs, color, clip);
        return;
      }
      // each point's position in px, once: px[i], py[i], or ok[i] false
      // where the datum is no point (plain loops and flat arrays: the
      // engine that draws the static figure interprets every closure and
      // small array)
      var pt = points(data), ok = pt.ok, xs = pt.xs, ys = pt.ys;
      var n = data.length, px = new Array(n), py = new Array(n);
      var r0 = cs.r, xa = cs.xa, ya = cs.ya, i;
      var xmin = xa.min, xspan = xa.max - xa.min, ymin = ya.min, yspan = ya.max - ya.min;
      var rx = r0.x, ry = r0.y, rw = r0.w, rh = r0.h;
      for (i = 0; i < n; i++) {
        if (!ok[i]) continue;
        px[i] = rx + (xs[i] - xmin) / xspan * rw;
        py[i] = ry + (1 - (ys[i] - ymin) / yspan) * rh;
      }
      var line = s.type === 'line';
      if (line) {
        var ls = s.lineStyle || {};
        var lw = num(ls.width, 2); // ECharts' line width default
        var lineDash = dash(ls.type, lw) || undefined;
        var lineOp = ls.opacity != null && ls.opacity !== 1 ? ls.opacity : undefined;
        var step = s.step;
        var run = [], rn = 0; // rn: run.length, appended to by index
        var hasPrev = false, qx0 = 0, qy0 = 0;
        for (i = 0; i <= n; i++) {
          if (i === n || !ok[i]) { // the end, or a gap (connectNulls off)
            if (rn >= 4) {
              curZ2 = 10;
              add({ k: 'path', p: run, stroke: color, lw: lw, dash: lineDash, op: lineOp, clip: clip });
              curZ2 = 0;
              if (lw > 0 && lineOp !== 0) lineRuns.push(run); // labels keep off it (placeLabels' opts.lines)
            }
            run = [];
            rn = 0;
            hasPrev = false;
            continue;
          }
          var qx = px[i], qy = py[i];
          // step lines (ECharts' step: 'start', 'middle', 'end')
          if (hasPrev && step) {
            if (step === 'end') run.push(qx, qy0);
            else if (step === 'middle') run.push((qx0 + qx) / 2, qy0, (qx0 + qx) / 2, qy);
            else run.push(qx0, qy);
            rn = run.length;
          }
          run[rn++] = qx;
          run[rn++] = qy;
          hasPrev = true;
          qx0 = qx;
          qy0 = qy;
        }
      }
      // ECharts 6's symbol size defaults: 6 on a line (LineSeries
      // defaultOption; ECharts 4 had 4), 10 on a scatter
      var size = num(+s.symbolSize, line ? 6 : 10);
      var showSymbol = !line || s.showSymbol !== false;
      var shape = s.symbol || (line ? 'emptyCircle' : 'circle');
      var opacity = s.itemStyle && s.itemStyle.opacity != null ? s.itemStyle.opacity : (line ? 1 : 0.8); // scatter's itemStyle.opacity 0.8
      var labelled = !!(s.label && s.label.show);
      var fontSize = (s.label && s.label.fontSize) || 11;
      var lh = (s.label && s.label.lineHeight) || 14;
      var placerSize = Number(s.symbolSize) || 8; // as labelPlacer reads it
      // a fit's markers are transparent until hovered (opacity 0): nothing
      // to draw, and a hundred per fit would weigh the picture down
      var symbols = showSymbol && shape !== 'none' && opacity !== 0;
      // the series' symbol, the same at every point but for x and y
      // ECharts leaves out a marker whose centre is off the plot and draws
      // the others whole: not clipped to the plot, as the line is
      var sym0 = symbols ? symbolItem(shape, 0, 0, size, color, s, 0) : null;
      var xlo = r0.x - 0.5, xhi = r0.x + r0.w + 0.5, ylo = r0.y - 0.5, yhi = r0.y + r0.h + 0.5;
      // no symbol, marker or label to draw at any point (a long line's)
      if (!symbols && !anyLabelled) n = 0;
      for (i = 0; i < n; i++) {
        if (!ok[i]) continue;
        var x = px[i], y = py[i];
        if (x < xlo || x > xhi || y < ylo || y > yhi) continue;
        if (symbols) {
          curZ2 = 100;
          add({ k: 'symbol', shape: sym0.shape, x: x, y: y, size: sym0.size, fill: sym0.fill, clip: sym0.clip, stroke: sym0.stroke, lw: sym0.lw, op: opacity !== 1 ? opacity : undefined });
          curZ2 = 0;
        }
        // as labelPlacer: a fit's hidden symbols are no markers (kept for
        // placeLabels only: none when no series is labelled)
        if (anyLabelled && showSymbol && opacity !== 0) markers.push({ x: x, y: y, r: placerSize / 2 });
        if (!labelled) continue;
        var d = data[i];
        var text = d && typeof d === 'object' && !Array.isArray(d) ? d.name : null;
        if (!text || (d.label && d.label.show === false)) continue;
        labelItems.push({
          x: x, y: y, r: placerSize / 2,
          w: Math.ceil(tw(text, fontSize + 'px ' + FONT)) + 2, h: lh,
          bounds: { x: r0.x, y: r0.y, width: r0.w, height: r0.h },
          priority: 0, area: placerSize * placerSize, color: color
        });
        labelKeys.push(text);
        // a label without a colour of its own is painted in zrender's
        // outside-label colour (Element getOutsideFill): #333 on a light
        // chart, #ccc on a dark one; not the series' colour
        // and in the symbol's opacity (helper/Symbol.js: the label's
        // defaultOpacity is the symbol style's; a scatter's 0.8)
        labelStyle.push({ fs: fontSize, color: (s.label && s.label.color) || (dark ? '#cccccc' : '#333333'), halo: s.label && s.label.textBorderColor, op: opacity !== 1 ? opacity : undefined, clip: 0 });
      }
    });

    // custom series: marks.js' own drawing functions, given a stand-in of
    // the api ECharts gives them (value, coord, visual)
    function drawCustom(s, data, cs, color, clip) {
      var fn = s.renderItem;
      if (typeof fn !== 'function') return;
      var rows = data.map(function (d) { return d && typeof d === 'object' && !Array.isArray(d) ? d.value : d; });
      var n = rows.length;
      var cur = 0;
      var api = {
        value: function (dim, idx) {
          var row = rows[idx == null ? cur : idx];
          var v = row ? row[dim] : NaN;
          return v == null || v === '' ? NaN : +v;
        },
        coord: function (xy) { return cs.at(xy[0], xy[1]); },
        visual: function (k) { return k === 'color' ? color : null; }
      };
      var emit = function (el) {
        if (!el) return;
        if (el.type === 'group') { asArray(el.children).forEach(emit); return; }
        var st = el.style || {};
        if (el.type === 'line') {
          var sh = el.shape;
          add({ k: 'path', p: [sh.x1, sh.y1, sh.x2, sh.y2], stroke: st.stroke || color, lw: st.lineWidth || 1, clip: clip });
        } else if (el.type === 'polygon') {
          var ps = [];
          el.shape.points.forEach(function (q) { ps.push(q[0], q[1]); });
          add({ k: 'path', p: ps, close: true, fill: st.fill || color, op: st.opacity != null ? st.opacity : undefined, clip: clip });
        }
      };
      for (cur = 0; cur < n; cur++) emit(fn({ dataIndexInside: cur, dataInsideLength: n, dataIndex: cur }, api));
    }

    /* ---- reference lines, bands and notes (markLine, markArea, markPoint) */
    var obstacles = [];
    function markText(text, x, y, anchor, base, label, rot) {
      var fs = label.fontSize || 12;
      var w = tw(text, fs + 'px ' + FONT);
      var lh = label.lineHeight || lineHeight(fs + 'px ' + FONT);
      var bx = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
      var by = base === 'bottom' ? y - lh : base === 'middle' ? y - lh / 2 : y;
      if (rot) obstacles.push({ x: base === 'top' ? x : x - lh, y: anchor === 'end' ? y : anchor === 'middle' ? y - w / 2 : y - w, width: lh, height: w });
      else obstacles.push({ x: bx, y: by, width: w, height: lh });
      // the text drawn by its middle: zrender centres the glyphs in the
      // line box (lineHeight), which the Scene does not carry
      var off = base === 'bottom' ? -lh / 2 : base === 'top' ? lh / 2 : 0;
      var mx = rot ? x + off : x, my = rot ? y : y + off;
      add({ k: 'text', text: text, x: mx, y: my, fs: fs, anchor: anchor, base: 'middle', rot: rot || undefined, fill: label.color || tok.secondary, stroke: label.textBorderColor || undefined, lw: label.textBorderColor ? label.textBorderWidth || 0 : undefined, role: 'mark' });
    }
    function markValue(d, axes, key, idx) {
      if (d[key] != null) return +d[key];
      if (Array.isArray(d.coord)) return +d.coord[idx];
      return null;
    }
    var deferred = [];
    series.forEach(function (s, si) {
      if (!s) return;
      var cs = coordOf(s);
      if (!cs) return;
      var r = cs.r;
      var xa = xAxes[s.xAxisIndex || 0], ya = yAxes[s.yAxisIndex || 0];
      var X = function (v) { return r.x + frac(xa, v) * r.w; };
      var Y = function (v) { return r.y + (1 - frac(ya, v)) * r.h; };
      curZ = 1;
      var ma = s.markArea;
      if (ma && ma.data) {
        asArray(ma.data).forEach(function (pair) {
          if (!Array.isArray(pair) || pair.length < 2) return;
          var a = pair[0] || {}, b = pair[1] || {};
          var x0 = a.xAxis != null ? X(+a.xAxis) : r.x, x1 = b.xAxis != null ? X(+b.xAxis) : r.x + r.w;
          var y0 = a.yAxis != null ? Y(+a.yAxis) : r.y + r.h, y1 = b.yAxis != null ? Y(+b.yAxis) : r.y;
          var L0 = Math.max(r.x, Math.min(x0, x1)), R0 = Math.min(r.x + r.w, Math.max(x0, x1));
          var T0 = Math.max(r.y, Math.min(y0, y1)), B0 = Math.min(r.y + r.h, Math.max(y0, y1));
          if (!(R0 > L0 && B0 > T0)) return;
          var is = Object.assign({}, ma.itemStyle || {}, a.itemStyle || {});
          add({ k: 'path', p: [L0, T0, R0, T0, R0, B0, L0, B0], close: true, fill: is.color || 'rgba(140,140,140,0.16)', clip: cs.clip });
          var label = Object.assign({}, ma.label || {}, a.label || {});
          var name = a.name != null ? a.name : b.name;
          if (label.show !== false && name) {
            // ECharts' markArea label position default 'inside' (centred);
            // the site writes insideTopLeft and the like
            var pos = label.position || 'inside', dd = label.distance != null ? label.distance : 5;
            var tx = (L0 + R0) / 2, ty = (T0 + B0) / 2, an = 'middle', bs = 'middle';
            if (/Left/.test(pos)) { tx = L0 + dd; an = 'start'; }
            if (/Right/.test(pos)) { tx = R0 - dd; an = 'end'; }
            if (/Top/.test(pos)) { ty = T0 + dd; bs = 'top'; }
            if (/Bottom/.test(pos)) { ty = B0 - dd; bs = 'bottom'; }
            deferred.push([String(name), tx, ty, an, bs, label]);
          }
        });
      }
      curZ = 5;
      var ml = s.markLine;
      if (ml && ml.data) {
        var mls = ml.lineStyle || {};
        asArray(ml.data).forEach(function (d) {
          var a, b;
          if (Array.isArray(d)) {
            if (d.length < 2) return;
            var p0 = [markValue(d[0], null, 'xAxis', 0), markValue(d[0], null, 'yAxis', 1)];
            var p1 = [markValue(d[1], null, 'xAxis', 0), markValue(d[1], null, 'yAxis', 1)];
            if (p0[0] == null || p0[1] == null || p1[0] == null || p1[1] == null) return;
            a = [X(p0[0]), Y(p0[1])];
            b = [X(p1[0]), Y(p1[1])];
            d = d[0];
          } else if (d && d.yAxis != null) {
            a = [r.x, Y(+d.yAxis)];
            b = [r.x + r.w, a[1]];
          } else if (d && d.xAxis != null) {
            a = [X(+d.xAxis), r.y + r.h];
            b = [a[0], r.y];
          } else return;
          var st = Object.assign({}, mls, d.lineStyle || {});
          var lw = num(st.width, 1);
          add({ k: 'path', p: [a[0], a[1], b[0], b[1]], stroke: st.color || colors[si], lw: lw, dash: dash(st.type == null ? 'dashed' : st.type, lw) || undefined, clip: cs.clip });
          var label = Object.assign({}, ml.label || {}, d.label || {});
          if (label.show === false || d.name == null || d.name === '') return;
          // ECharts' markLine label at its position (insideEndTop unless
          // chartlayout.js moved it off the points), 5 px (label.distance)
          // from the line; on a vertical line the text runs along it,
          // upwards: labels.js lineLabelSpot
          var dist = label.distance != null ? +asArray(label.distance)[0] : 5;
          var lfs = label.fontSize || 12;
          var spot = L.lineLabelSpot(label.position || 'insideEndTop', a[0], a[1], b[0], b[1], tw(String(d.name), lfs + 'px ' + FONT), label.lineHeight || lineHeight(lfs + 'px ' + FONT), dist);
          deferred.push([String(d.name), spot.tx, spot.ty, spot.anchor, spot.base, label, spot.rot || undefined]);
        });
      }
      var mp = s.markPoint;
      if (mp && mp.data) {
        asArray(mp.data).forEach(function (d) {
          if (!d || !Array.isArray(d.coord)) return;
          var c = [X(+d.coord[0]), Y(+d.coord[1])];
          var size = asArray(d.symbolSize != null ? d.symbolSize : mp.symbolSize != null ? mp.symbolSize : 50);
          var sw = +size[0], sh = size.length > 1 ? +size[1] : sw;
          var off = asArray(d.symbolOffset || [0, 0]);
          var cx = c[0] + (+off[0] || 0), cy = c[1] + (+off[1] || 0);
          var fill = (d.itemStyle && d.itemStyle.color) || (mp.itemStyle && mp.itemStyle.color) || colors[si];
          var sym = d.symbol || mp.symbol || 'pin';
          if (typeof sym === 'string' && sym.indexOf('path://') === 0) {
            var poly = pathPolygon(sym.slice(7), cx, cy, sw, sh);
            if (poly) add({ k: 'path', p: poly, close: true, fill: fill, clip: 0 });
          } else if (sym !== 'none') {
            add({ k: 'symbol', shape: sym, x: cx, y: cy, size: Math.max(sw, sh), fill: fill });
          }
          var label = Object.assign({}, mp.label || {}, d.label || {});
          if (label.show === false || d.name == null) return;
          var dd = label.distance != null ? +label.distance : 5;
          var pos = label.position || 'inside';
          var tx = cx, ty = cy, an = 'middle', bs = 'middle';
          if (pos === 'left') { tx = cx - sw / 2 - dd; an = 'end'; }
          else if (pos === 'right') { tx = cx + sw / 2 + dd; an = 'start'; }
          else if (pos === 'top') { ty = cy - sh / 2 - dd; bs = 'bottom'; }
          else if (pos === 'bottom') { ty = cy + sh / 2 + dd; bs = 'top'; }
          deferred.push([String(d.name), tx, ty, an, bs, label]);
        });
      }
    });
    // an SVG path of M and L commands (the site's note arrow) as a polygon
    // fitted to the symbol's box, as ECharts scales a path:// symbol
    function pathPolygon(d, cx, cy, w, h) {
      var nums = d.replace(/[MLZz]/g, ' ').trim().split(/[\s,]+/).map(Number);
      if (!nums.length || nums.length % 2 || nums.some(isNaN) || /[^MLZz0-9.,\s-]/.test(d)) return null;
      var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (var i = 0; i < nums.length; i += 2) {
        x0 = Math.min(x0, nums[i]); x1 = Math.max(x1, nums[i]);
        y0 = Math.min(y0, nums[i + 1]); y1 = Math.max(y1, nums[i + 1]);
      }
      var out = [];
      for (var j = 0; j < nums.length; j += 2) {
        out.push(cx - w / 2 + (nums[j] - x0) / ((x1 - x0) || 1) * w, cy - h / 2 + (nums[j + 1] - y0) / ((y1 - y0) || 1) * h);
      }
      return out;
    }
    curZ = 5;
    deferred.forEach(function (a) { markText(a[0], a[1], a[2], a[3], a[4], a[5], a[6]); });

    /* ---- point labels: labels.js placeLabels, as labelPlacer calls it -- */
    curZ = 50;
    if (labelItems.length) {
      var plotW = 0;
      labelItems.forEach(function (it) { plotW = Math.max(plotW, it.bounds.width); });
      var labelNotes = {};
      var placed = L.placeLabels(labelItems, markers, { maxLeader: Math.max(44, plotW / 4), obstacles: obstacles, lines: lineRuns, overMarkers: false, notes: labelNotes });
      labelNotes.left.forEach(function (j) { notes.push({ kind: 'pointLabel', text: labelKeys[j] }); });
      labelItems.forEach(function (it, j) {
        var pl = placed[j];
        if (!pl) return; // left out: hidden under a shown label, or drawn empty
        var ls = labelStyle[j];
        if (pl.leader) {
          // chartlayout.js drawLeaders: from the marker's edge to the
          // nearest point of the label's box
          var ax = it.x, ay = it.y;
          var bx = Math.max(pl.x, Math.min(ax, pl.x + it.w)), by = Math.max(pl.y, Math.min(ay, pl.y + it.h));
          var dx = bx - ax, dy = by - ay, dd = Math.sqrt(dx * dx + dy * dy);
          if (dd >= it.r + 2) add({ k: 'path', p: [ax + dx / dd * (it.r + 1), ay + dy / dd * (it.r + 1), bx, by], stroke: it.color, lw: 0.8, op: 0.7 });
        }
        // the text 1 px in (labelPlacer), top-aligned in a line box of
        // lineHeight: its middle at y + h/2
        add({ k: 'text', text: labelKeys[j], x: pl.x + 1, y: pl.y + it.h / 2, fs: ls.fs, anchor: 'start', base: 'middle', fill: ls.color, stroke: ls.halo || undefined, lw: ls.halo ? 2 : undefined, op: ls.op, role: 'label' });
      });
    }

    /* ---- titles ------------------------------------------------------ */
    curZ = 6;
    var titles = asArray(opt.title);
    var main = titles[0] || {};
    var TPAD = 5; // ECharts' title padding default
    var ty0 = num(main.top, 4) + TPAD;
    var tx0 = main.left === 'center' ? W / 2 : num(main.left, 0) + TPAD;
    var tan = main.left === 'center' ? 'middle' : 'start';
    var tlines = main.text ? String(main.text).split('\n') : [];
    var ts = main.textStyle || {};
    var tlh = ts.lineHeight || 20;
    tlines.forEach(function (l, k) {
      add({ k: 'text', text: l, x: tx0, y: ty0 + k * tlh + tlh / 2, fs: ts.fontSize || 18, fw: +ts.fontWeight || 600, anchor: tan, base: 'middle', fill: ts.color || tok.primary, role: 'title' });
    });
    var sy0 = ty0 + tlines.length * tlh + (tlines.length ? num(main.itemGap, 10) : 0);
    var ss = main.subtextStyle || {};
    var slh = ss.lineHeight || 16;
    (main.subtext ? String(main.subtext).split('\n') : []).forEach(function (l, k) {
      add({ k: 'text', text: l, x: tx0, y: sy0 + k * slh + slh / 2, fs: ss.fontSize || 12, anchor: tan, base: 'middle', fill: ss.color || tok.quaternary, role: 'subtitle' });
    });
    // a typeset title and subtitle (chartlayout.js texTitles): KaTeX's
    // HTML drawn with its fonts (figure's "tex" item), its baseline at y
    asArray(p.tex).forEach(function (l) {
      add({ k: 'tex', html: l.html, x: l.x, y: l.y, fs: l.fs, anchor: l.anchor, base: 'alphabetic', fill: l.role === 'title' ? tok.primary : tok.quaternary, role: l.role });
    });
    for (var t = 1; t < titles.length; t++) {
      var pt = titles[t] || {};
      if (!pt.text) continue;
      var pts = pt.textStyle || {};
      var pfs = pts.fontSize || 18;
      var ptext = String(pt.text);
      // overflow 'truncate' at textStyle.width, with ECharts' ellipsis
      if (pts.overflow === 'truncate' && pts.width && tw(ptext, pfs + 'px ' + FONT) > pts.width) {
        while (ptext.length > 1 && tw(ptext + '...', pfs + 'px ' + FONT) > pts.width) ptext = ptext.slice(0, -1);
        ptext += '...';
      }
      // ECharts' title: padding 5 inside left and top; a title with left
      // 'center' centred on the chart; the text's box as tall as its line
      // height (a wide character's width, zrender's getLineHeight)
      var pcentre = pt.left === 'center';
      var plh = pts.lineHeight || lineHeight((pts.fontWeight && pts.fontWeight !== 'normal' ? pts.fontWeight + ' ' : '') + pfs + 'px ' + FONT);
      add({
        k: 'text', text: ptext, x: pcentre ? W / 2 : num(pt.left, 0) + TPAD, y: num(pt.top, 0) + TPAD + plh / 2,
        fs: pfs, fw: pts.fontWeight === 'normal' ? 400 : +pts.fontWeight || (pts.fontWeight === 'bold' ? 600 : 400),
        anchor: pcentre || pt.textAlign === 'center' ? 'middle' : 'start', base: 'middle', fill: pts.color || tok.primary,
        role: t === p.meta.legendTitleIndex ? 'legend-title' : 'panel-title'
      });
    }

    /* ---- legend: entries laid out as ECharts lays them out ------------ */
    // (component/legend/LegendView.js and util/layout.js box): each entry
    // is a group, icon at its origin and text 5 px past the 25 px icon;
    // entries go left to right with their bounding boxes itemGap apart,
    // onto a new row where the next would pass the legend's width (its
    // left and right and padding off the chart's), rows as tall as their
    // tallest box, itemGap apart; the whole is moved so that its box
    // starts at left + padding and ends bottom + padding above the foot.
    curZ = 4;
    var lg = asArray(opt.legend)[0];
    if (lg && lg.show !== false) {
      var names = [];
      var seen = {};
      var firstOf = {};
      series.forEach(function (s, si) {
        if (!s || s.name == null) return;
        var n = String(s.name);
        if (!seen[n]) { seen[n] = true; names.push(n); firstOf[n] = si; }
      });
      // legend.data: the entries shown (a medium's legend that holds only
      // its first ones, chartlayout.js frame)
      if (Array.isArray(lg.data)) names = names.filter(function (n) { return lg.data.indexOf(n) >= 0; });
      // the icon's size (itemWidth, itemHeight) and the text's font size
      // are ECharts' defaults but in a medium's compact legend
      var LW = num(lg.itemWidth, 25), LH = num(lg.itemHeight, 14), GAP = num(lg.itemGap, 10), PAD = num(lg.padding, 5), LL = (lg.textStyle && lg.textStyle.lineHeight) || 16;
      var LFS = num(lg.textStyle && lg.textStyle.fontSize, 12);
      var fmt = typeof lg.formatter === 'function' ? lg.formatter : function (n) { return n; };
      var maxW = W - num(lg.left, 0) - num(lg.right, 0); // measured: the padding is not taken off
      var textColor = (lg.textStyle && lg.textStyle.color) || tok.secondary;
      var entries = names.map(function (n) {
        var s = series[firstOf[n]];
        var c = colors[firstOf[n]];
        var lines = String(fmt(n)).split('\n');
        var w = 0;
        lines.forEach(function (l) { w = Math.max(w, tw(l, LFS + 'px ' + FONT)); });
        // the icon (its items relative to the entry's origin) and its box
        var icon = [], box;
        if (s.type === 'line') {
          // LineSeries getLegendIcon: a line across the icon, its box
          // widened by half the line's width, and the series' symbol, 80%
          // of the icon's height, in the middle
          var ls = s.lineStyle || {};
          var lw = num(ls.width, 2);
          // the legend's lineStyle width 'auto' (LegendView getLegendStyle):
          // 2 px for any line drawn, in the series' line opacity and dash
          var iw = lw > 0 ? 2 : 0;
          if (iw) icon.push({ k: 'path', p: [0, LH / 2, LW, LH / 2], stroke: c, lw: iw, dash: dash(ls.type, iw) || undefined, op: ls.opacity != null && ls.opacity !== 1 ? ls.opacity : undefined, role: 'legend-icon' });
          var sym = s.symbol && s.symbol !== 'none' ? s.symbol : 'circle';
          var ss = LH * 0.8;
          var si2 = symbolItem(sym, LW / 2, LH / 2, ss, c, s, 0);
          // an empty symbol is filled white (tokens.color.neutral00)
          if (sym.indexOf('empty') === 0) si2.fill = '#ffffff';
          // the symbol takes the series' itemStyle opacity: a fit's, 0, hides
          // it (its box still counts)
          var iop = s.itemStyle && s.itemStyle.opacity != null ? s.itemStyle.opacity : 1;
          if (iop !== 1) si2.op = iop;
          if (iop !== 0) icon.push(si2);
          var sw2 = si2.stroke ? (si2.lw || 1) / 2 : 0;
          // the line's box is widened by half its width, at least 1 px
          // (measured in Chromium: 27 px for widths 1.5 and 2)
          var lh2 = Math.max(lw, 2) / 2;
          box = { x0: Math.min(-lh2, (LW - ss) / 2 - sw2), y0: Math.min(LH / 2 - lh2, (LH - ss) / 2 - sw2), x1: Math.max(LW + lh2, (LW + ss) / 2 + sw2), y1: Math.max(LH / 2 + lh2, (LH + ss) / 2 + sw2) };
        } else {
          // any other series: its symbol stretched over the 25 x 14 icon
          // (ECharts' symbol paths fill their box; a circle is as wide as
          // the box is high); an empty symbol is drawn white with a 2 px
          // line in the series' colour
          var shape = s.symbol || (s.type === 'scatter' ? 'circle' : 'roundRect');
          var empty = shape.indexOf('empty') === 0;
          var base = empty ? shape.slice(5).toLowerCase() : shape.toLowerCase();
          var it0;
          var polys = {
            rect: [0, 0, LW, 0, LW, LH, 0, LH], roundrect: [0, 0, LW, 0, LW, LH, 0, LH],
            triangle: [LW / 2, 0, LW, LH, 0, LH], diamond: [LW / 2, 0, LW, LH / 2, LW / 2, LH, 0, LH / 2]
          };
          var round = !polys[base];
          if (round) it0 = { k: 'symbol', shape: base === 'circle' ? 'circle' : shape, x: LW / 2, y: LH / 2, size: LH, fill: c };
          else it0 = { k: 'path', p: polys[base].slice(), close: true, fill: c };
          if (empty) { it0.fill = '#ffffff'; it0.stroke = c; it0.lw = 2; }
          // drawn in the series' itemStyle opacity (a scatter's 0.8)
          var sop = s.itemStyle && s.itemStyle.opacity != null ? s.itemStyle.opacity : (s.type === 'scatter' ? 0.8 : 1);
          if (sop !== 1) it0.op = sop;
          it0.role = 'legend-icon';
          icon.push(it0);
          var sw3 = empty ? 1 : 0;
          var half = round ? LH / 2 : LW / 2;
          box = { x0: LW / 2 - half - sw3, y0: -sw3, x1: LW / 2 + half + sw3, y1: LH + sw3 };
        }
        var th = lines.length * LL;
        var r = { x0: Math.min(box.x0, LW + 5), y0: Math.min(box.y0, LH / 2 - th / 2), x1: Math.max(box.x1, LW + 5 + w), y1: Math.max(box.y1, LH / 2 + th / 2) };
        return { lines: lines, icon: icon, r: r, color: textColor };
      });
      if (lg.scalesiteCompact) {
        out.legendInside = placeCompactLegend(entries, lg.scalesiteCompact, p.meta.medium, rects, W, H, dark, drawnIt, drawnZ, add);
        entries = [];
      }
      // box layout: origins, then the whole moved to its place
      var x = 0, y = 0, lineMax = 0;
      entries.forEach(function (e, k) {
        var rw = e.r.x1 - e.r.x0, rh = e.r.y1 - e.r.y0;
        var next = entries[k + 1];
        var moveX = rw + (next ? -next.r.x0 + e.r.x0 : 0);
        var nextX = x + moveX;
        if (nextX > maxW) {
          x = 0;
          nextX = moveX;
          y += lineMax + GAP;
          lineMax = rh;
        } else lineMax = Math.max(lineMax, rh);
        e.ox = x;
        e.oy = y;
        x = nextX + GAP;
      });
      var u = null;
      entries.forEach(function (e) {
        var b = { x0: e.ox + e.r.x0, y0: e.oy + e.r.y0, x1: e.ox + e.r.x1, y1: e.oy + e.r.y1 };
        u = u ? { x0: Math.min(u.x0, b.x0), y0: Math.min(u.y0, b.y0), x1: Math.max(u.x1, b.x1), y1: Math.max(u.y1, b.y1) } : b;
      });
      if (u) {
        var gx = num(lg.left, 0) + PAD - u.x0;
        var gy = H - num(lg.bottom, 0) - PAD - (u.y1 - u.y0) - u.y0;
        entries.forEach(function (e) {
          var ox = gx + e.ox, oy = gy + e.oy;
          e.icon.forEach(function (it) {
            if (it.k === 'path') {
              it.p = it.p.map(function (v, j) { return v + (j % 2 ? oy : ox); });
            } else {
              it.x += ox;
              it.y += oy;
            }
            add(it);
          });
          e.lines.forEach(function (l, k) {
            add({ k: 'text', text: l, x: ox + LW + 5, y: oy + LH / 2 + (k - (e.lines.length - 1) / 2) * LL, fs: LFS, anchor: 'start', base: 'middle', fill: textColor, role: 'legend' });
          });
        });
      }
    }

    var md = p.meta.medium;
    if (md && (md.footer || md.note)) {
      curZ = 6;
      var fy = H - 8;
      if (md.note) add({ k: 'text', text: String(md.note), x: 6, y: fy, fs: 11, anchor: 'start', base: 'middle', fill: tok.secondary, role: 'note' });
      if (md.footer) add({ k: 'text', text: String(md.footer), x: W - 6, y: fy, fs: 11, fw: 600, anchor: 'end', base: 'middle', fill: tok.quaternary, role: 'footer' });
    }

    // the items by z, then those under first, then in the order drawn (a
    // stable sort by z of few distinct values, without a comparator
    // called for every pair); fields left undefined are left out
    var zs = [], bins = [];
    for (var di = 0; di < drawnIt.length; di++) {
      var zb = zs.indexOf(drawnZ[di]);
      if (zb < 0) {
        zb = zs.length;
        zs.push(drawnZ[di]);
        bins.push([[], []]);
      }
      bins[zb][under[di] ? 0 : 1].push(drawnIt[di]);
    }
    var byZ = zs.map(function (z, k) { return k; }).sort(function (a, b) { return zs[a] - zs[b]; });
    for (var zi = 0; zi < byZ.length; zi++) {
      Array.prototype.push.apply(items, bins[byZ[zi]][0]);
      Array.prototype.push.apply(items, bins[byZ[zi]][1]);
    }
    return out;
  }

  /* ---- a medium's compact legend (chartlayout.js compactLegend) ------- */

  // placeCompactLegend draws legend entries (their icons at their origin,
  // their text lines) in the columns cl gives, inside a plot (rects) at a
  // corner where its box covers no mark, line or text drawn there (drawn,
  // drawnZ: the items so far and their z; the axes, z 0, and titles do not
  // count), the most columns first; or, when medium.legendBelow, centred
  // below the plots, where the layout left room. It reports whether the
  // legend is inside (false: not placed; the chart is to be laid out again
  // with legendBelow).
  function placeCompactLegend(entries, cl, medium, rects, W, H, dark, drawn, drawnZ, add) {
    if (!entries.length) return true;
    var obstacles = [];
    for (var i = 0; i < drawn.length; i++) {
      var it = drawn[i];
      if (drawnZ[i] === 0 || /title/.test(it.role || '')) continue;
      obstacles.push(it);
    }
    var spot = null;
    var M = 4; // from the plot's edges
    if (!medium.legendBelow) {
      for (var ri = 0; ri < rects.length && !spot; ri++) {
        var r = rects[ri];
        var corners = [[1, 0], [0, 0], [1, 1], [0, 1]]; // upper right, upper left, lower right, lower left
        for (var ci = 0; ci < corners.length && !spot; ci++) {
          for (var k = cl.byCols.length - 1; k >= 0 && !spot; k--) {
            var b = cl.byCols[k];
            if (b.w > r.w - 2 * M || b.h > r.h - 2 * M) continue;
            var x0 = corners[ci][0] ? r.x + r.w - M - b.w : r.x + M;
            var y0 = corners[ci][1] ? r.y + r.h - M - b.h : r.y + M;
            var box = { x0: x0, y0: y0, x1: x0 + b.w, y1: y0 + b.h };
            if (!obstacles.some(function (o) { return covers(box, o); })) spot = { x: x0, y: y0, b: b, inside: true };
          }
        }
      }
      if (!spot) return false;
    } else if (medium.legendRight) {
      // level with the plots' tops, or as high as keeps it off the footer
      var top = rects.length ? rects[0].y : 0;
      var footR = medium.footer || medium.note ? 16 : 0;
      spot = { x: W - cl.side.w - 4, y: Math.max(0, Math.min(top, H - footR - 4 - cl.side.h)), b: cl.side, inside: false };
    } else {
      var most = cl.byCols[cl.byCols.length - 1];
      var foot = medium.footer || medium.note ? 16 : 0;
      spot = { x: Math.max(0, (W - most.w) / 2), y: H - foot - 4 - most.h, b: most, inside: false };
    }
    var b0 = spot.b;
    if (spot.inside) {
      add({ k: 'path', p: [spot.x, spot.y, spot.x + b0.w, spot.y, spot.x + b0.w, spot.y + b0.h, spot.x, spot.y + b0.h], close: true, fill: dark ? '#111418' : '#ffffff', op: 0.85, stroke: dark ? '#3a3d44' : '#d4d6db', lw: 0.5, role: 'legend-box' });
    }
    var LL = cl.line;
    if (cl.title) {
      add({ k: 'text', text: cl.title, x: spot.x + cl.pad, y: spot.y + cl.pad + LL / 2, fs: cl.fontSize, fw: 600, anchor: 'start', base: 'middle', fill: (dark ? DARK : LIGHT).primary, role: 'legend-title' });
    }
    entries.forEach(function (e, j) {
      var col = j % b0.cols, row = Math.floor(j / b0.cols);
      var cx = spot.x + cl.pad + col * (cl.entryW + cl.gap[0]);
      var cy = spot.y + b0.rowTops[row];
      // the icon's items are laid out in its box from (0, 0): centred on
      // the entry's first line
      var ox = cx, oy = cy + (LL - cl.icon[1]) / 2;
      e.icon.forEach(function (ic) {
        if (ic.k === 'path') ic.p = ic.p.map(function (v, q) { return v + (q % 2 ? oy : ox); });
        else { ic.x += ox; ic.y += oy; }
        if (ic.lw > 1) ic.lw = Math.min(ic.lw, 1.5);
        add(ic);
      });
      e.lines.forEach(function (l, q) {
        add({ k: 'text', text: l, x: cx + cl.icon[0] + cl.iconGap, y: cy + LL / 2 + q * LL, fs: cl.fontSize, anchor: 'start', base: 'middle', fill: e.color, role: 'legend' });
      });
    });
    return spot.inside;
  }

  // covers reports whether box (x0, y0, x1, y1) covers drawn item it: a
  // marker's square, a text's box, a segment of a line.
  function covers(box, it) {
    if (it.k === 'symbol') {
      var h = (it.size || 0) / 2 + 1;
      return it.x + h > box.x0 && it.x - h < box.x1 && it.y + h > box.y0 && it.y - h < box.y1;
    }
    if (it.k === 'text') {
      if (it.rot) return false;
      var fs = it.fs || 12;
      var w = tw(it.text, fs + 'px ' + FONT);
      var x0 = it.anchor === 'middle' ? it.x - w / 2 : it.anchor === 'end' ? it.x - w : it.x;
      var y0 = it.base === 'top' ? it.y : it.base === 'bottom' ? it.y - fs : it.y - fs / 2;
      return x0 + w > box.x0 && x0 < box.x1 && y0 + fs > box.y0 && y0 < box.y1;
    }
    if (it.k === 'path') {
      var p = it.p || [];
      var pad = (it.lw || 1) / 2;
      var b = { x0: box.x0 - pad, y0: box.y0 - pad, x1: box.x1 + pad, y1: box.y1 + pad };
      for (var i = 0; i + 3 < p.length; i += 2) if (segmentHits(b, p[i], p[i + 1], p[i + 2], p[i + 3])) return true;
      if (it.close && p.length >= 4 && segmentHits(b, p[p.length - 2], p[p.length - 1], p[0], p[1])) return true;
    }
    return false;
  }

  // segmentHits reports whether the segment (x0, y0)-(x1, y1) meets box b
  // (Liang-Barsky clipping).
  function segmentHits(b, x0, y0, x1, y1) {
    var t0 = 0, t1 = 1, dx = x1 - x0, dy = y1 - y0;
    var ps = [-dx, dx, -dy, dy], qs = [x0 - b.x0, b.x1 - x0, y0 - b.y0, b.y1 - y0];
    for (var i = 0; i < 4; i++) {
      if (ps[i] === 0) {
        if (qs[i] < 0) return false;
        continue;
      }
      var t = qs[i] / ps[i];
      if (ps[i] < 0) { if (t > t1) return false; if (t > t0) t0 = t; } else { if (t < t0) return false; if (t < t1) t1 = t; }
    }
    return true;
  }

  // copyOption is a copy of a parsed page option for one more layout: the
  // layout changes the option it is given (prepareOption), so each width
  // of the static figures takes its own, but the series' data, which no
  // layout changes, are shared (internal/scene parses a chart's option
  // once for all its widths, and points() reads each data array once).
  function copyOption(o) {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return copyValue(o);
    var out = {};
    var keys = Object.keys(o);
    for (var i = 0; i < keys.length; i++) {
      var k = keys[i];
      if (k !== 'series') {
        setOwn(out, k, copyValue(o[k]));
        continue;
      }
      var list = o[k];
      if (!Array.isArray(list)) {
        setOwn(out, k, copySeries(list));
        continue;
      }
      var series = [];
      for (var j = 0; j < list.length; j++) series.push(copySeries(list[j]));
      out[k] = series;
    }
    return out;
  }
  function copySeries(s) {
    if (!s || typeof s !== 'object' || Array.isArray(s)) return copyValue(s);
    var out = {};
    var keys = Object.keys(s);
    for (var i = 0; i < keys.length; i++) setOwn(out, keys[i], keys[i] === 'data' ? s.data : copyValue(s[keys[i]]));
    return out;
  }
  function copyValue(v) {
    if (!v || typeof v !== 'object') return v;
    var i;
    if (Array.isArray(v)) {
      var a = [];
      for (i = 0; i < v.length; i++) a.push(copyValue(v[i]));
      return a;
    }
    var o = {};
    var keys = Object.keys(v);
    for (i = 0; i < keys.length; i++) setOwn(o, keys[i], copyValue(v[keys[i]]));
    return o;
  }
  // setOwn sets o's own property k as JSON.parse does: "__proto__" too is
  // a property, not o's prototype
  function setOwn(o, k, v) {
    if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
    else o[k] = v;
  }

  // measured is measure, f(text, cssFont) -> px, with the widths it gives
  // kept (up to 4000, then forgotten all at once): a call out to the
  // engine's measure costs more than a look in a Map, and a chart measures
  // the same texts at every width. Here, not in chartlayout.js: the page
  // measures with its canvas and never needs it.
  function measured(f) {
    var widths = new Map();
    return function (text, font) {
      var key = font + '\u0000' + text;
      var w = widths.get(key);
      if (w === undefined) {
        if (widths.size >= 4000) widths.clear();
        w = f(text, font);
        widths.set(key, w);
      }
      return w;
    };
  }

  var api = { scene: scene, plots: plots, copyOption: copyOption, measured: measured };
  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else {
    G.scalesiteScene = api;
  }
})();

/* scalesite: how a chart is laid out for the width it gets, and how its
 * axes and point labels are kept readable as it is zoomed and resized.
 * Loaded after format.js, tooltip.js, ticks.js, labelgeometry.js, labels.js,
 * breaktext.js and colors.js, before site.js;
 * the pure choices (which ticks, where a label goes, which colour reads) live
 * in those.
 *
 * window.scalesiteChartLayout = {prepareOption, frame, merge, axisMeta,
 * wireAxisLabels, retick, pretick, axisTicks, labelPlacer, fixColors,
 * textWidth, setMeasure, setFont, setMedium}. Plain ES2019. A medium's
 * layout (meta.medium: cards, paper figures) is the build-only medium.js,
 * which installs itself with setMedium.
 *
 * Its pure part (everything but labelPlacer's drawing and retick, which
 * need an ECharts instance) also runs without a DOM, at build time, in the
 * static figure's engine (internal/scene, scene.js): there window is the
 * engine's global object and setMeasure installs the text measurer.
 */
(function () {
  'use strict';
  var F = window.scalesiteFormat;
  var L = window.scalesiteLayout;
  if (!F || !L) return;
  var asArray = F.asArray;

  // FONT is the font family chart text is measured and drawn in: the
  // reader's sans-serif, or the chart font a site with static figures
  // ships (setFont), which the figures were measured in.
  var FONT = 'sans-serif';
  var measureCtx = null;
  // measureFn, when set (setMeasure), measures text instead of a canvas:
  // the static figure's engine, which has no DOM, installs its own.
  var measureFn = null;

  // textWidth measures text as the chart canvas will draw it.
  function textWidth(text, font) {
    if (measureFn) return measureFn(String(text), font);
    if (!measureCtx) measureCtx = document.createElement('canvas').getContext('2d');
    measureCtx.font = font;
    return measureCtx.measureText(String(text)).width;
  }

  // setMeasure installs f(text, cssFont) -> px as the text measurer (null:
  // the canvas again).
  function setMeasure(f) {
    measureFn = typeof f === 'function' ? f : null;
    labelWidths.clear();
    tickChoices.clear();
    formatted.clear();
  }

  // setFont sets the font family of chart text (a CSS font-family list).
  function setFont(family) {
    FONT = family || 'sans-serif';
  }

  // lines breaks text into the lines the chart draws it in, at width px
  // (breaktext.js breakText: never before a superscript or inside a number).
  // The site breaks titles and legend entries itself, and ECharts draws
  // them as broken (overflow none), so that what is measured here for the
  // layout is what is drawn.
  function lines(text, font, width) {
    return L.breakText(text, width, function (t) { return textWidth(t, font); });
  }

  // legendFont is the font legend entries are measured in: FONT as set
  // now (a constant made when the script loaded kept 'sans-serif' after
  // setFont, so a site's chart font, wider, wrapped its entries too late:
  // the legend ran past the canvas' right edge and its rows, more than
  // reserved, over the x axis' name)
  function legendFont() {
    return '12px ' + FONT;
  }
  // px of a legend entry's line: set, not left to ECharts, which measures
  // a line's height with a CJK glyph (narrow where there is no CJK font, and
  // a wrapped entry's lines then overlap)
  var LEGEND_LINE = 16;
  var LEGEND_GAP = 10; // px between entries, across and down
  var LEGEND_PAD = 5; // ECharts' legend padding

  // legendHeight is the height of the legend at width w: ECharts lays the
  // entries out left to right (25 px icon, 5 px to the text, LEGEND_GAP
  // between), a row as tall as its tallest entry, rows LEGEND_GAP apart.
  function legendHeight(names, w) {
    if (!names.length) return 0;
    var max = legendText(w);
    var x = 0;
    var rowH = 0;
    var h = 0;
    for (var i = 0; i < names.length; i++) {
      var ls = lines(names[i], legendFont(), max);
      var tw = 0;
      ls.forEach(function (l) { tw = Math.max(tw, textWidth(l, legendFont())); });
      var item = 25 + 5 + tw;
      if (x > 0 && x + item > w) {
        h += rowH + LEGEND_GAP;
        x = 0;
        rowH = 0;
      }
      rowH = Math.max(rowH, 14, Math.max(1, ls.length) * LEGEND_LINE);
      x += item + LEGEND_GAP;
    }
    return h + rowH + 2 * LEGEND_PAD;
  }

  // legendText is the widest a legend name is drawn in a legend w wide.
  function legendText(w) {
    return Math.max(80, w - 40);
  }

  function legendNames(option) {
    var seen = {};
    var out = [];
    asArray(option.series).forEach(function (s) {
      if (!s || s.name == null) return; // no legend entry (reference marks)
      var name = String(s.name);
      if (!seen[name]) {
        seen[name] = true;
        out.push(name);
      }
    });
    return out;
  }

  // texTitles lays out the typeset title and subtitle (meta.texTitle,
  // meta.texSubtitle: {html, w, a, d}, KaTeX's HTML and its box measured
  // at 16 and 12 px by the build) where ECharts' title and subtitle would
  // stand (top 4, padding 5, 4 px apart): each scaled down to the width it
  // may take (the box scales with its font), on a line at least as high as
  // the canvas title's. It returns the lines, each {html, text (its plain
  // form), x, y (its baseline), fs, w, a, d, anchor, role}, which the live chart shows as
  // HTML (site.js) and the pictures draw (scene.js), and where they end.
  function texTitles(meta, W, narrow, titleW) {
    var out = [];
    var y = 4 + 5;
    var round = function (v) { return Math.round(v * 100) / 100; };
    [[meta.texTitle, 16, 20, 'title'], [meta.texSubtitle, 12, 16, 'subtitle']].forEach(function (l) {
      var t = l[0];
      if (!t) return;
      if (out.length) y += 4;
      var s = t.w > titleW ? titleW / t.w : 1;
      var a = t.a * s;
      var d = t.d * s;
      var h = Math.max(l[2], a + d);
      out.push({
        html: t.html, text: t.text, x: round(narrow ? 11 : W / 2), y: round(y + (h - a - d) / 2 + a), fs: round(l[1] * s),
        w: round(t.w * s), a: round(a), d: round(d), anchor: narrow ? 'start' : 'middle', role: l[3]
      });
      y += h;
    });
    return { lines: out, bottom: y };
  }
  // MIN_PANEL is the narrowest a panel is drawn beside others: a row
  // holds fewer panels on a narrower chart (package check warns when even
  // so a plot is too narrow to read).
  var MIN_PANEL = 240;

  // frame lays a chart out for width W: the panels in a grid (one column
  // on a narrow screen), each panel's title over its plot, the chart's
  // title wrapped to the chart's width, the legend wrapped onto as many rows
  // as it needs. It returns the chart's height and the option parts to set.
  function frame(option, meta, W) {
    var n = Math.max(1, meta.panels || asArray(option.grid).length || 1);
    var md = meta.medium;
    var narrow = !md && W < 600;
    // meta.columns: the spec's columns, or chartspec.MaxColumns (4), the
    // most a row holds in the widest chart box (1006 px) at 240 px a panel
    var cols = Math.min(meta.columns || n, n);
    cols = narrow ? 1 : Math.max(1, Math.min(cols, Math.floor(W / MIN_PANEL)));
    if (md) cols = Math.max(1, Math.min(n, md.columns || n));
    var rows = Math.ceil(n / cols);
    var titles = asArray(option.title);
    var main = titles[0] || {};
    var titleW = narrow ? W - 12 : W - 48;
    // the texts as the spec wrote them: the option given to ECharts holds
    // them broken for the last width
    var rawTitle = main.scalesiteText != null ? main.scalesiteText : main.text;
    var rawSub = main.scalesiteSubtext != null ? main.scalesiteSubtext : main.subtext;
    var titleLines = lines(rawTitle, '600 16px ' + FONT, titleW);
    var subLines = lines(rawSub, '12px ' + FONT, titleW);
    var header = Math.max(34, 8 + titleLines.length * 20 + (subLines.length ? subLines.length * 16 + 4 : 0) + 10);
    // a typeset title (meta.texTitle) in its measured box instead
    var tex = meta.texTitle || meta.texSubtitle ? texTitles(meta, W, narrow, titleW) : null;
    if (tex) header = Math.max(34, Math.ceil(tex.bottom) - 1 + 10);

    var legendShown = option.legend && asArray(option.legend)[0] && asArray(option.legend)[0].show !== false;
    var legendW = legendText(W - 20);
    var legendH = legendShown ? legendHeight(legendNames(option), W - 20) + 4 : 0;
    // a medium's compact legend: none of the height when it is to go
    // inside a plot, its columns' height when below them; at their right,
    // its names wrapped at a third of the width, so that the plots keep two
    // (its title, when the chart's legend has one, at the top of its box)
    var legendTitleText = md && meta.legendTitleIndex && titles[meta.legendTitleIndex] ? titles[meta.legendTitleIndex].text : null;
    var compact = md && legendShown ? medium.compactLegend(legendNames(option), md.legendRight ? (W - 12) * 2 / 3 : W - 12, legendTitleText) : null;
    if (compact) legendH = md.legendBelow && !md.legendRight ? compact.h + 4 : 0;
    var footH = md && (md.footer || md.note) ? medium.FOOT : 0;
    if (md && !titleLines.length && !subLines.length && !tex) header = 4;
    var legendTitleH = legendShown && meta.legendTitle && !compact ? 18 : 0;

    var panelTitleIdx = [];
    for (var t = 1; t < titles.length; t++) {
      if (t !== meta.legendTitleIndex) panelTitleIdx.push(t);
    }
    var panelTitleH = panelTitleIdx.length ? 22 : 0;

    var rowH;
    var fitHeight = meta.fitHeight || (md && (md.height || (md.aspect > 0 ? W / md.aspect : 0)));
    if (fitHeight) {
      // a box of a given height (a social card, a paper's figure: scene.js):
      // the rows share what the header, legend and footer leave
      rowH = Math.max(60, (fitHeight - header - legendH - legendTitleH - footH) / rows);
    } else if (md && md.rowHeight) {
      rowH = md.rowHeight;
    } else if (narrow) {
      rowH = Math.max(260, Math.min(360, Math.round(W * 0.9)));
    } else if (rows === 1) {
      rowH = Math.max(240, (meta.height || 440) - header - legendH - legendTitleH);
    } else {
      rowH = meta.rowHeight || 280;
    }
    // a panel crowded with labelled points gets more room for them, unless
    // the spec set the height
    if (!narrow && !meta.height && !fitHeight && meta.labels > 40) rowH = Math.max(rowH, Math.min(720, 260 + meta.labels * 4));
    var H = header + rows * rowH + legendTitleH + legendH + footH;
    // a medium's legend at the right of the plots: the fewest columns
    // whose height the plots' rows hold, in half the width (a third
    // beside three panels or more); when no count of columns fits, its
    // first entries that do, and the footer's note says how many more the
    // page has (legend.data: the entries shown)
    var sideW = 0;
    var legendData;
    if (compact && md.legendRight) {
      var sideMax = cols >= 3 ? W / 3 : W / 2;
      var sideOf = function (cl) {
        for (var sc = 0; sc < cl.byCols.length; sc++) {
          if (cl.byCols[sc].h <= rows * rowH && cl.byCols[sc].w + 8 <= sideMax) return cl.byCols[sc];
        }
        return null;
      };
      var all = legendNames(option);
      var shown = all.length;
      var side = sideOf(compact);
      while (!side && shown > 1) {
        shown--;
        compact = medium.compactLegend(all.slice(0, shown), (W - 12) * 2 / 3, legendTitleText);
        side = sideOf(compact);
      }
      compact.side = side || compact.byCols[0];
      if (shown < all.length) {
        legendData = all.slice(0, shown);
        md.note = (md.note ? md.note + ' · ' : '') + (all.length - shown) + ' more series on the page';
      }
      sideW = Math.min(sideMax, compact.side.w + 8);
    }
    var cellW = (W - sideW) / cols;

    var grids = [];
    var panelTitles = [];
    var xParts = [];
    var yParts = [];
    var yAxes = asArray(option.yAxis);
    var xAxes = asArray(option.xAxis);
    var names = [];
    for (var j = 0; j < n; j++) {
      names.push({
        y: meta.yTitle ? (j % cols === 0 ? meta.yTitle : '') : yAxes[j] && yAxes[j].name,
        x: meta.xTitle ? (j + cols >= n ? meta.xTitle : '') : xAxes[j] && xAxes[j].name
      });
    }
    // a medium's plots are low: where a y name is longer than its plot is
    // high, or the panels narrow (four side by side on a card), every
    // panel's y name stands level over its plot (mediumYTop)
    var yTop = md ? medium.mediumYTop(names, rowH - panelTitleH - 16, cellW) : false;
    for (var i = 0; i < n; i++) {
      var r = Math.floor(i / cols);
      var k = i % cols;
      var x0 = k * cellW;
      var y0 = header + r * rowH;
      var yName = names[i].y;
      var xName = names[i].x;
      if (meta.xTitle) xParts[i] = { name: xName };
      // a medium's x name no wider than its panel (centred on the plot,
      // which sits right of the panel's middle), or the plot would shrink
      // until the name fitted over it
      if (md && xName) xParts[i] = { name: medium.cutToWidth(xName, '12px ' + FONT, cellW - 24) };
      if (meta.yTitle) yParts[i] = { name: yName };
      // (a medium's plot without a turned y name keeps only its tick labels'
      // room at its left: the layout widens it to theirs, scene.js fit)
      var left = yTop || (md && !yName) ? 24 : yName ? 64 : 48;
      var bottom = xName ? 50 : 30;
      var right = md ? 8 : 16;
      var top = y0 + panelTitleH + 8 + (yTop ? medium.YTOP : 0);
      if (yTop && yName) {
        yParts[i] = {
          // a name the row's panels share (meta.yTitle) over all of them
          name: medium.cutToWidth(yName, '12px ' + FONT, (meta.yTitle ? cols : 1) * cellW - 12),
          nameLocation: 'end', nameRotate: 0, nameGap: medium.YTOP - 14, nameTextStyle: { align: 'left' }
        };
      }
      grids.push({
        left: Math.round(x0 + left), top: Math.round(top),
        width: Math.max(40, Math.round(cellW - left - right)),
        height: Math.max(60, Math.round(rowH - panelTitleH - 8 - (yTop ? medium.YTOP : 0) - bottom)),
        outerBounds: { left: Math.round(x0 + 2), top: Math.round(y0 + panelTitleH + 2), width: Math.round(cellW - 4), height: Math.round(rowH - panelTitleH - 2) },
        outerBoundsMode: 'auto', outerBoundsContain: 'all'
      });
      panelTitles.push({
        left: Math.round(x0 + cellW / 2), top: Math.round(y0 + 2), textAlign: 'center',
        textStyle: { width: Math.round(cellW - 12), overflow: 'truncate', fontSize: 13, fontWeight: 'normal' }
      });
    }
    var titleParts = [];
    titleParts[0] = {
      left: narrow ? 6 : 'center', top: 4, itemGap: 4,
      textStyle: { fontSize: 16, fontWeight: 600, lineHeight: 20, width: null, overflow: 'none' },
      subtextStyle: { fontSize: 12, lineHeight: 16, width: null, overflow: 'none' }
    };
    if (rawTitle != null) {
      titleParts[0].scalesiteText = rawTitle;
      titleParts[0].text = titleLines.join('\n');
    }
    if (rawSub != null) {
      titleParts[0].scalesiteSubtext = rawSub;
      titleParts[0].subtext = subLines.join('\n');
    }
    for (var p = 0; p < panelTitleIdx.length && p < panelTitles.length; p++) titleParts[panelTitleIdx[p]] = panelTitles[p];
    if (meta.legendTitleIndex) {
      titleParts[meta.legendTitleIndex] = { left: 'center', top: Math.round(H - footH - legendH - legendTitleH), textStyle: { fontSize: 12, fontWeight: 600 } };
      // a medium's compact legend draws it in its box (scene.js)
      if (compact) titleParts[meta.legendTitleIndex].text = '';
    }
    for (var q = 0; q < titles.length; q++) if (!titleParts[q]) titleParts[q] = {};
    var parts = {
      grid: grids,
      title: titleParts,
      legend: {
        type: 'plain', left: 10, right: 10, bottom: 4, itemGap: LEGEND_GAP, padding: LEGEND_PAD,
        textStyle: { fontSize: 12, lineHeight: LEGEND_LINE, width: null, overflow: 'none' },
        formatter: function (name) { return lines(name, legendFont(), legendW).join('\n'); }
      }
    };
    if (compact) {
      // the medium's legend (scene.js places it: in a plot, else here)
      parts.legend.bottom = 4 + footH;
      parts.legend.itemWidth = compact.icon[0];
      parts.legend.itemHeight = compact.icon[1];
      parts.legend.textStyle.fontSize = compact.fontSize;
      parts.legend.textStyle.lineHeight = compact.line;
      parts.legend.formatter = function (name) { return compact.text[name] || name; };
      parts.legend.scalesiteCompact = compact;
      if (legendData) parts.legend.data = legendData;
    }
    if (meta.xTitle || md) parts.xAxis = xParts;
    if (meta.yTitle || md) parts.yAxis = yParts;
    return {
      height: Math.round(H),
      columns: cols,
      option: parts,
      tex: tex ? tex.lines : []
    };
  }

  // merge copies the layout parts into an option not yet given to ECharts.
  function merge(into, from) {
    Object.keys(from).forEach(function (k) {
      var v = from[k];
      if (v === undefined) return;
      if (Array.isArray(v)) {
        var dst = asArray(into[k]).slice();
        v.forEach(function (part, i) {
          var d = dst[i] && typeof dst[i] === 'object' ? dst[i] : {};
          dst[i] = part && typeof part === 'object' && !Array.isArray(part) ? merge(d, part) : part;
        });
        into[k] = dst;
      } else if (v && typeof v === 'object') {
        var d = into[k] && typeof into[k] === 'object' && !Array.isArray(into[k]) ? into[k] : {};
        merge(d, v);
        into[k] = d;
      } else {
        into[k] = v;
      }
    });
    return into;
  }

  /* ------------------------------------------------------------------ */

  // axisMeta describes the value axes of an option as the page gave it:
  // whether each plots log10 of its values, and its tick format.
  function axisMeta(option) {
    function each(list) {
      return asArray(list).map(function (ax) {
        ax = ax || {};
        var f = ax.axisLabel && typeof ax.axisLabel.formatter === 'string' ? ax.axisLabel.formatter : '@auto';
        return { log: ax.scalesiteLog === true, format: f.charAt(0) === '@' ? f.slice(1) : 'auto',
          unit: typeof ax.scalesiteTickUnit === 'string' ? ax.scalesiteTickUnit : '' };
      });
    }
    return { x: each(option.xAxis), y: each(option.yAxis) };
  }

  // wireAxisLabels gives each axis its tick formatter: a log axis' values
  // are exponents, written back as the numbers they stand for.
  function wireAxisLabels(option, meta) {
    ['x', 'y'].forEach(function (d) {
      asArray(option[d + 'Axis']).forEach(function (ax, i) {
        var m = meta[d][i];
        if (!ax || !m) return;
        ax.axisLabel = ax.axisLabel || {};
        // m.digits: as many digits as retick's ticks need to differ;
        // m.powers: the axis' ticks all written as powers
        var label = function (v) {
          return L.tickLabel(m.log ? Math.pow(10, v) : v, m.format, m.log, m.unit, m.digits, m.powers);
        };
        // kept where the measure is set (the static figures' engine draws
        // the same labels at every width, and fits each plot twice)
        ax.axisLabel.formatter = function (v) {
          if (!measureFn || typeof v !== 'number') return label(v);
          return remember(formatted, [numKey(v), m.log, m.format, m.unit, m.digits, m.powers].join('|'), function () { return label(v); });
        };
        // the zoomed ends are labelled by the ticks, never as raw floats
        ax.axisLabel.showMinLabel = null;
        ax.axisLabel.showMaxLabel = null;
        ax.axisPointer = { label: { formatter: function (p) { return L.tickLabel(m.log ? Math.pow(10, p.value) : p.value, m.format, m.log, m.unit); } } };
      });
    });
  }

  // The tick labels of candidate ticks, and the widest of them, are the
  // same for the same values wherever they are asked for: at each width
  // the chart is laid out at (the static figures draw four, and a card),
  // before and after the plot is fitted, at each resize of the live chart.
  // They are kept, up to MEMO entries each (then forgotten all at once);
  // where the measure is set (the static figures' engine, which draws a
  // chart at three widths in a row) so are an axis' chosen ticks and the
  // labels its formatter writes (scene.js' measured keeps text widths).
  var MEMO = 4000;
  var labelTexts = new Map(), labelWidths = new Map(), tickChoices = new Map(), formatted = new Map();
  // numKey is v as a key: every number its own (String writes -0 as 0)
  function numKey(v) {
    return v === 0 && 1 / v < 0 ? '-0' : String(v);
  }
  function remember(memo, key, make) {
    var v = memo.get(key);
    if (v === undefined) {
      if (memo.size >= MEMO) memo.clear();
      v = make();
      memo.set(key, v);
    }
    return v;
  }
  // tickLabels is ticks.js tickLabels(values, m.format, m.log, m.unit),
  // kept: its result is not to be changed
  function tickLabels(values, m) {
    return remember(labelTexts, memoKey(values, m), function () {
      return L.tickLabels(values, m.format, m.log, m.unit);
    });
  }
  function memoKey(values, m) {
    return JSON.stringify([m.format, m.log, m.unit]) + values.join(',');
  }

  // axisTicks chooses the ticks of one axis for its visible range ext (in
  // axis units: exponents on a log axis) and its length px, and writes them
  // into patch as the option parts that show them: labels at the major
  // ticks, tick marks and grid lines at major and minor ones (minor lines
  // fainter). at(v) is the canvas x of value v on an x axis, W the chart's
  // width. It returns whether the ticks differ from those last chosen for
  // the axis (state.ticks), which it records.
  function axisTicks(d, i, m, ext, px, at, W, dark, state, patch) {
    var major = dark ? 'rgba(255,255,255,0.16)' : 'rgba(0,0,0,0.13)';
    var minor = dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.05)';
    var size;
    if (d === 'x') {
      size = function (values) {
        var font = (m.log ? 13 : 12) + 'px ' + FONT;
        var widest = function () {
          var w = 0;
          tickLabels(values, m).labels.forEach(function (s) { w = Math.max(w, textWidth(s, font)); });
          return w + 6;
        };
        // a canvas measures in the font loaded so far: kept only where
        // the measure is set (the static figure's engine)
        return measureFn ? remember(labelWidths, font + memoKey(values, m), widest) : widest();
      };
    } else {
      size = function () { return 18; };
    }
    var minLabels = m.minLabels || (W < 500 ? 2 : 3);
    // the ticks, snapped to the ends, with their labels, all of them in
    // order and which are major
    var choose = function () {
      var t = L.chooseTicks(ext[0], ext[1], px, { log: m.log, labelSize: size, minLabels: minLabels, spacing: m.tickSpacing, integer: m.format === 'year' });
      // a tick a rounding error past an end is at that end: ECharts drops
      // custom values outside the axis' extent. The error is relative to the
      // range: a slack of at least 1e-9 put every tick of 1e-10..3e-10 at 1e-10.
      var slack = 1e-9 * Math.abs(ext[1] - ext[0]);
      var snapEnd = function (v) {
        return Math.abs(v - ext[0]) <= slack ? ext[0] : Math.abs(v - ext[1]) <= slack ? ext[1] : v;
      };
      var c = { major: t.major.map(snapEnd), minor: t.minor.map(snapEnd) };
      c.tl = tickLabels(c.major.map(function (v) { return m.log ? Math.pow(10, v) : v; }), m);
      c.all = c.major.concat(c.minor).sort(function (a, b) { return a - b; });
      c.isMajor = {};
      c.major.forEach(function (v) { c.isMajor[v] = true; });
      c.colors = {};
      c.ticksKey = c.major.join(',') + '|' + c.all.join(',');
      return c;
    };
    // chooseTicks is a pure function of these (the label widths of an x
    // axis its font's, measured alike only where the measure is set): the
    // same axis at the same length (a y axis at each width of the static
    // figures, before and after the plot is fitted) is chosen once. What
    // the choice gives is shared by the calls: not to be changed.
    var t = measureFn ? remember(tickChoices, [d, m.log, m.format, m.unit, FONT, numKey(ext[0]), numKey(ext[1]), numKey(px), minLabels, numKey(m.tickSpacing)].join('|'), choose) : choose();
    var tl = t.tl;
    m.digits = tl.digits;
    m.powers = tl.powers;
    // an end label centred on its tick past the canvas' edge (30.01k at
    // the right end of a zoomed axis) is aligned inward instead of cut
    var align = ['', ''];
    if (d === 'x' && t.major.length) {
      var font = (m.log ? 13 : 12) + 'px ' + FONT;
      var last = t.major.length - 1;
      if (at(t.major[0]) - textWidth(tl.labels[0], font) / 2 < 2) align[0] = 'left';
      if (at(t.major[last]) + textWidth(tl.labels[last], font) / 2 > W - 2) align[1] = 'right';
    }
    var all = t.all;
    var colors = t.colors[major];
    if (!colors) colors = t.colors[major] = all.map(function (v) { return t.isMajor[v] ? major : minor; });
    // which ticks are major is part of the key: a new choice may only
    // move ticks between major and minor, and the labels go with majors
    var key = d + i + ':' + ext[0] + ',' + ext[1] + ':' + t.ticksKey + (dark ? 'd' : 'l') + align.join(',');
    patch[d + 'Axis'][i] = {
      axisLabel: { customValues: t.major, alignMinLabel: align[0] || null, alignMaxLabel: align[1] || null },
      axisTick: { show: true, customValues: all, length: 4 },
      splitLine: { show: true, lineStyle: { color: colors.length ? colors : major } },
      minorTick: { show: false }, minorSplitLine: { show: false }
    };
    if (state.ticks[d + i] === key) return false;
    state.ticks[d + i] = key;
    return true;
  }

  // retick chooses each axis' ticks for its range and length as ECharts
  // laid the chart out (zoomed, resized, or fitted around its labels) and
  // returns them as an option patch, or null when they are the ticks last
  // chosen (by pretick or retick): then the chart needs no other pass.
  function retick(inst, meta, state, dark) {
    var model = inst.getModel();
    if (!model) return null;
    var patch = { xAxis: [], yAxis: [] };
    var changed = false;
    var W = inst.getWidth();
    ['x', 'y'].forEach(function (d) {
      model.eachComponent(d + 'Axis', function (axModel, i) {
        var axis = axModel.axis;
        var m = meta[d][i];
        if (!axis || !m || !axis.scale || typeof axis.scale.getExtent !== 'function') return;
        var px = Math.abs(axis.getExtent()[1] - axis.getExtent()[0]);
        var at = function (v) { return axis.toGlobalCoord(axis.dataToCoord(v)); };
        if (axisTicks(d, i, m, axis.scale.getExtent(), px, at, W, dark, state, patch)) changed = true;
      });
    });
    return changed ? patch : null;
  }

  // pretick chooses the ticks before ECharts has seen the chart, from the
  // option alone: each value axis' range is its min and max, its length
  // that of its grid as frame placed it (grids: frame's grid parts), W the
  // chart's width. Merged into the option, they let the first setOption
  // draw the final ticks, where retick needs a drawn chart. An axis it
  // cannot predict (no numeric min and max: ECharts' own nice extent; not
  // a value axis; inverted) is left out, and retick then finds it changed
  // after the first setOption: a second pass, for that chart only.
  function pretick(option, grids, W, meta, state, dark) {
    var patch = { xAxis: [], yAxis: [] };
    grids = asArray(grids);
    ['x', 'y'].forEach(function (d) {
      asArray(option[d + 'Axis']).forEach(function (ax, i) {
        var m = meta[d][i];
        if (!ax || !m || ax.type !== 'value' || ax.inverse) return;
        var lo = ax.min, hi = ax.max;
        if (typeof lo !== 'number' || typeof hi !== 'number' || !(hi > lo)) return;
        var g = grids[ax.gridIndex || 0];
        if (!g || typeof g.left !== 'number' || typeof g.width !== 'number' || typeof g.height !== 'number') return;
        var at = function (v) { return g.left + (v - lo) / (hi - lo) * g.width; };
        axisTicks(d, i, m, [lo, hi], d === 'x' ? g.width : g.height, at, W, dark, state, patch);
      });
    });
    return patch;
  }

  /* ------------------------------------------------------------------ */

  // labelPlacer returns the labelLayout callback of a chart. ECharts calls
  // it once per label per layout pass, in series then data order. At the
  // first call of a pass it places every label of the chart at once
  // (labels.js placeLabels: around each point, clear of the other labels,
  // the markers and the plot's edge), then answers each call from that
  // placement. A label that cannot be placed is hidden (shown on hover) by
  // laying it over an earlier placed one with ECharts' hideOverlap.
  function labelPlacer(getInst) {
    var served = {};
    var result = {};
    // drawLeaders draws a thin line from each moved label's point to the
    // nearest point of the label. Every labelled series has a placer, and
    // each places the whole chart's labels: they share one group of
    // leaders, found by its name, so that each leader is drawn once.
    function drawLeaders(inst, leaders) {
      var zr = inst.getZr();
      var G = window.echarts && window.echarts.graphic;
      if (!G) return;
      var group = null;
      zr.storage.getRoots().forEach(function (el) {
        if (el.name === 'scalesite-leaders') group = el;
      });
      if (!group) {
        group = new G.Group({ silent: true, name: 'scalesite-leaders' });
        zr.add(group);
      }
      group.removeAll();
      leaders.forEach(function (l) {
        var ax = l.x, ay = l.y, r = l.rect;
        var bx = Math.max(r.x, Math.min(ax, r.x + r.w));
        var by = Math.max(r.y, Math.min(ay, r.y + r.h));
        var dx = bx - ax, dy = by - ay;
        var d = Math.sqrt(dx * dx + dy * dy);
        if (d < l.r + 2) return;
        group.add(new G.Line({
          silent: true, z: 50, name: 'scalesite-leader',
          shape: { x1: ax + dx / d * (l.r + 1), y1: ay + dy / d * (l.r + 1), x2: bx, y2: by },
          style: { stroke: l.color, lineWidth: 0.8, opacity: 0.7 }
        }));
      });
    }
    // markTexts: the boxes of the texts that reference lines, bands and
    // notes (marks.js) drew, which no point label may cover.
    function markTexts(inst, model) {
      var groups = [];
      ['markLine', 'markArea', 'markPoint'].forEach(function (t) {
        model.eachComponent(t, function (cm) {
          var v = inst.getViewOfComponentModel(cm);
          if (v && v.group) groups.push(v.group);
        });
      });
      var out = [];
      if (!groups.length) return out;
      // the list brought up to date, so that the texts' boxes are where
      // they are drawn
      inst.getZr().storage.getDisplayList(true).forEach(function (e) {
        if ((e.type !== 'text' && e.type !== 'tspan') || e.ignore || e.invisible) return;
        for (var p = e.__hostTarget || e.parent; p; p = p.__hostTarget || p.parent) {
          if (groups.indexOf(p) < 0) continue;
          var r = e.getBoundingRect().clone();
          var tr = e.getComputedTransform();
          if (tr) r.applyTransform(tr);
          out.push({ x: r.x, y: r.y, width: r.width, height: r.height });
          return;
        }
      });
      return out;
    }
    // drawnLines: the lines the chart's line series drew (fits, a
    // frontier's staircase, data lines), each as its polyline's points
    // [x0, y0, x1, y1, ...] as ECharts drew it (steps made), which labels
    // keep off where they find room (placeLabels' opts.lines).
    function drawnLines(inst, model) {
      var out = [];
      model.eachSeries(function (s) {
        if (s.subType !== 'line') return;
        var v = inst.getViewOfSeriesModel(s);
        if (!v || !v.group) return;
        v.group.traverse(function (e) {
          if (e.type !== 'ec-polyline' || !e.shape || !e.shape.points || e.ignore || e.invisible) return;
          if (e.style && (e.style.lineWidth === 0 || e.style.opacity === 0)) return;
          out.push(Array.prototype.slice.call(e.shape.points));
        });
      });
      return out;
    }
    function placeAll(inst) {
      served = {};
      result = {};
      var leaders = [];
      var model = inst.getModel();
      var items = [];
      var keys = [];
      var markers = [];
      model.eachSeries(function (s) {
        var data = s.getData();
        var cs = s.coordinateSystem;
        if (!cs || typeof cs.dataToPoint !== 'function') return;
        var rect = cs.getArea ? cs.getArea() : null;
        var size = Number(s.get('symbolSize')) || 8;
        var showSymbol = s.subType !== 'line' || s.get('showSymbol') !== false;
        var hiddenSymbols = s.get(['itemStyle', 'opacity']) === 0;
        var labelled = s.get(['label', 'show']);
        var fontSize = s.get(['label', 'fontSize']) || 11;
        var lineHeight = s.get(['label', 'lineHeight']) || 14;
        var color = (data.getVisual('style') || {}).fill || '#888';
        var xd = data.mapDimension('x');
        var yd = data.mapDimension('y');
        for (var i = 0; i < data.count(); i++) {
          var x = data.get(xd, i);
          var y = data.get(yd, i);
          if (x == null || y == null || isNaN(x) || isNaN(y)) continue;
          var pt = cs.dataToPoint([x, y]);
          if (!pt || !rect || pt[0] < rect.x - 0.5 || pt[0] > rect.x + rect.width + 0.5 || pt[1] < rect.y - 0.5 || pt[1] > rect.y + rect.height + 0.5) continue;
          // a fit's symbols, transparent until hovered, are no markers:
          // its line is (drawnLines)
          if (showSymbol && !hiddenSymbols) markers.push({ x: pt[0], y: pt[1], r: size / 2 });
          if (!labelled) continue;
          var text = data.getName(i);
          // a point only named (label only:) keeps its name for the tooltip
          if (!text || data.getItemModel(i).get(['label', 'show']) === false) continue;
          items.push({
            x: pt[0], y: pt[1], r: size / 2,
            w: Math.ceil(textWidth(text, fontSize + 'px ' + FONT)) + 2, h: lineHeight,
            bounds: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
            priority: 0, area: size * size, color: color
          });
          keys.push(s.seriesIndex + ':' + i);
        }
      });
      // leaders no longer than a quarter of the plot: on a phone a label
      // stays near its point
      var plotW = 0;
      items.forEach(function (it) { plotW = Math.max(plotW, it.bounds.width); });
      // (a label with no free place is left out, shown on hover, never
      // drawn over a marker or a line: overMarkers false)
      var opts = { maxLeader: Math.max(44, plotW / 4), obstacles: items.length ? markTexts(inst, model) : [], lines: items.length ? drawnLines(inst, model) : [], overMarkers: false };
      // every labelled series' placer places the whole chart: the first of
      // a layout pass does, the others take its placement, kept on the
      // chart with what it was made from
      var sig = JSON.stringify([items.map(function (it) { return [it.x, it.y, it.w, it.h, it.r]; }), markers.length, opts]);
      var kept = inst.scalesiteLabelsKept;
      var placed = kept && kept.sig === sig ? kept.placed : L.placeLabels(items, markers, opts);
      inst.scalesiteLabelsKept = { sig: sig, placed: placed };
      // a label left out lies over a shown one, which hideOverlap keeps
      var parked = L.parkHidden(items, placed);
      for (var j = 0; j < items.length; j++) {
        var p = placed[j] || parked[j];
        var it = items[j];
        // a label left out that no shown label hides is drawn empty
        result[keys[j]] = { x: p.x, y: p.y, empty: !placed[j] && !p.under };
        if (placed[j] && placed[j].leader) leaders.push({ x: it.x, y: it.y, r: it.r, color: it.color, rect: { x: p.x, y: p.y, w: it.w, h: it.h } });
      }
      drawLeaders(inst, leaders);
      return result;
    }
    return function (params) {
      var inst = getInst();
      if (!inst) return {};
      var key = params.seriesIndex + ':' + params.dataIndex;
      if (served[key] || !result[key]) placeAll(inst);
      served[key] = true;
      var r = result[key];
      if (!r) return {};
      // the text starts 1 px in: its 2 px halo then fills the box placed
      // (text width + 2), so that the label is drawn where it was placed
      var out = { x: r.x + 1, y: r.y, align: 'left', verticalAlign: 'top', hideOverlap: true };
      // a label drawn empty draws nothing, so it hides nothing: out of
      // hideOverlap, else its box (2 px by the line height) would hide a
      // placed label it touches, which the static figure draws
      if (r.empty) {
        out.fontSize = 0;
        out.hideOverlap = false;
      }
      return out;
    };
  }

  /* ------------------------------------------------------------------ */

  // plotOf is panel (grid) g of the option as frame laid it out, with its
  // axes' ranges, as {x, y, w, h, X(v), Y(v)} (px of axis values), or null
  // when an axis' range is ECharts' own to choose (no numeric min and max,
  // not a value axis, inverted): then nothing is predicted for it.
  function plotOf(option, xi, yi) {
    var xa = asArray(option.xAxis)[xi], ya = asArray(option.yAxis)[yi];
    if (!xa || !ya) return null;
    var g = asArray(option.grid)[xa.gridIndex || 0];
    var ok = function (a) { return a.type === 'value' && !a.inverse && typeof a.min === 'number' && typeof a.max === 'number' && a.max > a.min; };
    if (!g || !ok(xa) || !ok(ya) || typeof g.left !== 'number' || typeof g.top !== 'number' || typeof g.width !== 'number' || typeof g.height !== 'number') return null;
    return {
      x: g.left, y: g.top, w: g.width, h: g.height,
      X: function (v) { return g.left + (v - xa.min) / (xa.max - xa.min) * g.width; },
      Y: function (v) { return g.top + (1 - (v - ya.min) / (ya.max - ya.min)) * g.height; }
    };
  }

  // drawnOn lists, for the panel of axes xi and yi, the markers the
  // option draws ({x, y, r}: scatter points, a line's shown symbols) and
  // the lines ([x0, y0, ...], steps drawn as ECharts draws them), at plot
  // p's px.
  function drawnOn(option, xi, yi, p) {
    var markers = [], lines = [];
    asArray(option.series).forEach(function (s) {
      if (!s || (s.type !== 'line' && s.type !== 'scatter') || (s.xAxisIndex || 0) !== xi || (s.yAxisIndex || 0) !== yi) return;
      var line = s.type === 'line';
      var shown = (!line || s.showSymbol !== false) && s.symbol !== 'none' && !(s.itemStyle && s.itemStyle.opacity === 0);
      var r = (Number(s.symbolSize) || (line ? 6 : 10)) / 2;
      var run = [], prev = null;
      var drawsLine = line && !(s.lineStyle && (s.lineStyle.width === 0 || s.lineStyle.opacity === 0));
      asArray(s.data).forEach(function (d) {
        var v = d && typeof d === 'object' && !Array.isArray(d) ? d.value : d;
        if (!Array.isArray(v) || v[0] == null || v[1] == null || isNaN(+v[0]) || isNaN(+v[1])) {
          if (run.length >= 4) lines.push(run);
          run = [];
          prev = null;
          return;
        }
        var x = p.X(+v[0]), y = p.Y(+v[1]);
        if (shown) markers.push({ x: x, y: y, r: r });
        if (!drawsLine) return;
        if (prev && s.step) {
          if (s.step === 'end') run.push(x, prev[1]);
          else if (s.step === 'middle') run.push((prev[0] + x) / 2, prev[1], (prev[0] + x) / 2, y);
          else run.push(prev[0], y);
        }
        run.push(x, y);
        prev = [x, y];
      });
      if (run.length >= 4) lines.push(run);
    });
    return { markers: markers, lines: lines };
  }

  // placeRefLabels moves each reference line's label off the points and
  // lines drawn (labels.js placeLineLabels: the line's end, else its start,
  // else its middle, above or below), and each band's to a free corner of
  // its band, for the plot frame laid out; the
  // page's chart and the static figure both draw it where it is put. A
  // label that finds no free place is named in notes, for the chart's
  // author.
  function placeRefLabels(option, notes) {
    asArray(option.series).forEach(function (s) {
      var ml = s && s.markLine, ma = s && s.markArea;
      var hasLines = ml && Array.isArray(ml.data) && ml.data.length;
      var hasBands = ma && Array.isArray(ma.data) && ma.data.length;
      if (!hasLines && !hasBands) return;
      var xi = s.xAxisIndex || 0, yi = s.yAxisIndex || 0;
      var p = plotOf(option, xi, yi);
      if (!p) return;
      var refs = [], items = [], kinds = [];
      // a band's label at the corners of its band (or the middles of its
      // top and bottom edges, a band across x), as scene.js draws them
      // (ECharts' markArea label inside positions, distance 5)
      (hasBands ? ma.data : []).forEach(function (pair) {
        if (!Array.isArray(pair) || pair.length < 2 || !pair[0]) return;
        var a = pair[0], b = pair[1] || {};
        var label = Object.assign({}, ma.label || {}, a.label || {});
        var name = a.name != null ? a.name : b.name;
        if (label.show === false || name == null || name === '') return;
        var x0 = a.xAxis != null ? p.X(+a.xAxis) : p.x, x1 = b.xAxis != null ? p.X(+b.xAxis) : p.x + p.w;
        var y0 = a.yAxis != null ? p.Y(+a.yAxis) : p.y + p.h, y1 = b.yAxis != null ? p.Y(+b.yAxis) : p.y;
        var L0 = Math.max(p.x, Math.min(x0, x1)), R0 = Math.min(p.x + p.w, Math.max(x0, x1));
        var T0 = Math.max(p.y, Math.min(y0, y1)), B0 = Math.min(p.y + p.h, Math.max(y0, y1));
        if (!(R0 > L0 && B0 > T0)) return;
        var fs = label.fontSize || 12, w = textWidth(String(name), fs + 'px ' + FONT), h = label.lineHeight || 14;
        var dd = label.distance != null ? +label.distance : 5;
        var across = a.xAxis != null && a.yAxis == null; // a band of x values
        var at = {
          insideTopLeft: [L0 + dd, T0 + dd], insideTopRight: [R0 - dd - w, T0 + dd],
          insideBottomLeft: [L0 + dd, B0 - dd - h], insideBottomRight: [R0 - dd - w, B0 - dd - h],
          insideTop: [(L0 + R0 - w) / 2, T0 + dd], insideBottom: [(L0 + R0 - w) / 2, B0 - dd - h]
        };
        var order = across ? ['insideTop', 'insideBottom'] : ['insideTopLeft', 'insideTopRight', 'insideBottomLeft', 'insideBottomRight'];
        var first = label.position && at[label.position] ? [label.position] : [];
        refs.push({
          spots: first.concat(order.filter(function (q) { return q !== label.position; })).map(function (q) {
            return { position: q, x: at[q][0], y: at[q][1], width: w, height: h };
          }),
          bounds: { x: L0, y: T0, width: R0 - L0, height: B0 - T0 }
        });
        items.push(a);
        kinds.push('bandLabel');
      });
      (hasLines ? ml.data : []).forEach(function (d) {
        if (!d || Array.isArray(d) || d.name == null || d.name === '') return;
        var label = Object.assign({}, ml.label || {}, d.label || {});
        if (label.show === false) return;
        var a, b;
        if (d.yAxis != null) { a = [p.x, p.Y(+d.yAxis)]; b = [p.x + p.w, a[1]]; }
        else if (d.xAxis != null) { a = [p.X(+d.xAxis), p.y + p.h]; b = [a[0], p.y]; }
        else return;
        if (a[0] < p.x - 0.5 || a[0] > p.x + p.w + 0.5 || a[1] < p.y - 0.5 || a[1] > p.y + p.h + 0.5) return;
        var fs = label.fontSize || 12;
        refs.push({
          ax: a[0], ay: a[1], bx: b[0], by: b[1],
          w: textWidth(String(d.name), fs + 'px ' + FONT), h: label.lineHeight || 14,
          dist: label.distance != null ? +asArray(label.distance)[0] : 5,
          bounds: { x: p.x, y: p.y, width: p.w, height: p.h }
        });
        items.push(d);
        kinds.push('refLabel');
      });
      if (!refs.length) return;
      var drawn = drawnOn(option, xi, yi, p);
      L.placeLineLabels(refs, drawn.markers, drawn.lines, []).forEach(function (got, k) {
        if (!got) return;
        items[k].label = Object.assign({}, items[k].label || {}, { position: got.position });
        if (!got.free && notes) notes.push({ kind: kinds[k], text: String(items[k].name) });
      });
    });
  }

  /* ------------------------------------------------------------------ */

  // fixColors makes every series colour keep 3:1 contrast against the page:
  // a user's #440154 is lifted on a dark page, a pale yellow darkened on a
  // light one.
  function fixColors(option, background) {
    asArray(option.series).forEach(function (s) {
      if (!s) return;
      ['itemStyle', 'lineStyle'].forEach(function (k) {
        var st = s[k];
        if (st && typeof st.color === 'string' && /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(st.color)) {
          st.color = L.readableColor(st.color, background, 3);
        }
      });
    });
    return option;
  }

  /* ------------------------------------------------------------------ */

  // medium holds the layout for media other than the page (a paper's
  // figure, a social card: meta.medium), which only the build runs: the
  // build-only medium.js installs it (setMedium); the page never has one.
  var medium = null;
  function setMedium(make) {
    medium = make({
      textWidth: textWidth, lines: lines, asArray: asArray, legendPad: LEGEND_PAD,
      font: function () { return FONT; }
    });
  }

  /* ------------------------------------------------------------------ */

  // logCoord is a value's place on a log axis: its exponent, to 1e-10 of
  // a decade, as the build writes it (chart/ logCoord).
  function logCoord(v) {
    return Math.round(Math.log10(v) * 1e10) / 1e10;
  }

  // expandRaw puts the points of a chart in axis space. The build writes
  // each value once (chart/ appendPoints, spreadData): on a chart with a
  // log axis (raw), a point [x, y], its values as they are, which the
  // axes plot log10 of and the tooltip, smoothing and the linear view
  // read: each point of a line or scatter series on a log axis becomes
  // [X, Y, x, y] (X, Y: log10 where the axis is log), a gap [X, '-']. A
  // min/max band ('@spread') of buckets, [x, LO, HI, run] or
  // [x0, x1, LO, HI, run], becomes the band ('@band') of their points.
  function expandRaw(option, raw) {
    var xs = asArray(option.xAxis), ys = asArray(option.yAxis);
    asArray(option.series).forEach(function (s) {
      if (!s || !Array.isArray(s.data)) return;
      var lx = (xs[s.xAxisIndex || 0] || {}).scalesiteLog === true;
      var ly = (ys[s.yAxisIndex || 0] || {}).scalesiteLog === true;
      var at = function (v, log) { return log && typeof v === 'number' ? logCoord(v) : v; };
      if (s.type === 'custom') {
        if (s.renderItem !== '@spread') return;
        var band = [];
        s.data.forEach(function (v) {
          if (!Array.isArray(v) || v.length < 4) return;
          var n = v.length, lo = at(v[n - 3], ly), hi = at(v[n - 2], ly), run = v[n - 1];
          band.push([at(v[0], lx), lo, hi, run]);
          if (n > 4) band.push([at(v[1], lx), lo, hi, run]);
        });
        s.data = band;
        s.renderItem = '@band';
        return;
      }
      if (!raw || (!lx && !ly)) return;
      s.data = s.data.map(function (d) {
        var v = Array.isArray(d) ? d : d && d.value;
        if (!Array.isArray(v) || v.length !== 2) return d;
        var X = at(v[0], lx);
        var out = v[1] === '-' ? [X, '-'] : [X, at(v[1], ly), v[0], v[1]];
        if (Array.isArray(d)) return out;
        d.value = out;
        return d;
      });
    });
  }

  // prepareOption turns a page option into the option ECharts is given for
  // a chart W px wide, in the page's scheme (dark): layout hints taken out,
  // the label placer wired (placer(series) returns a series' labelLayout;
  // without it the '@placeLabels' token stays, for the static figure),
  // error bars and reference marks wired, colours made readable, tokens
  // made functions, and panels, titles, legend and ticks laid out. The
  // live chart (site.js build) and the static figure (scene.js) both
  // prepare their option here: one sequence. It mutates option; it
  // returns {option, meta, axes, height, state, notes} (state: pretick's
  // record of the ticks chosen, which retick compares against; notes: the
  // reference lines' labels that found no free place).
  function prepareOption(option, W, dark, placer) {
    var meta = option.scalesite || {};
    delete option.scalesite;
    expandRaw(option, meta.raw === true);
    // every text of the chart in FONT (ECharts' global text style), as
    // it is measured here
    option.textStyle = Object.assign({}, option.textStyle, { fontFamily: FONT });
    var axes = axisMeta(option);
    if (meta.medium) medium.applyMedium(option, meta, axes);
    var page = dark ? '#111418' : '#ffffff';
    asArray(option.series).forEach(function (s) {
      if (s && s.labelLayout === '@placeLabels') {
        if (placer) s.labelLayout = placer(s);
        if (s.label) {
          s.label.fontFamily = FONT;
          // a halo in the page's colour: a label crowded onto another
          // point's marker still reads
          s.label.textBorderColor = page;
          s.label.textBorderWidth = 2;
        }
      }
    });
    // error bars, bands and reference marks (marks.js); without it, no
    // custom series is left with a token for its drawing function
    var marks = typeof window !== 'undefined' ? window.scalesiteMarks : null;
    if (marks) marks.wire(option, dark);
    else option.series = asArray(option.series).filter(function (s) { return !(s && s.type === 'custom'); });
    option = F.applyTokens(option);
    // a transparent canvas (the page colour shows through) and colours
    // readable on it (saved images are drawn on the page's colour by
    // export.js); the palette is the option's own (chart/)
    if (option.backgroundColor == null) option.backgroundColor = 'transparent';
    fixColors(option, page);
    wireAxisLabels(option, axes); // after applyTokens, which reads the tokens
    var fr = frame(option, meta, W);
    merge(option, fr.option);
    var state = { ticks: {} };
    merge(option, pretick(option, option.grid, W, axes, state, dark));
    // what the layout could not keep clear, for the chart's author
    var notes = [];
    placeRefLabels(option, notes);
    return { option: option, meta: meta, axes: axes, height: fr.height, tex: fr.tex, state: state, notes: notes };
  }

  window.scalesiteChartLayout = {
    prepareOption: prepareOption,
    axisTicks: axisTicks,
    setMeasure: setMeasure,
    setFont: setFont,
    frame: frame,
    setMedium: setMedium,
    merge: merge,
    axisMeta: axisMeta,
    wireAxisLabels: wireAxisLabels,
    retick: retick,
    pretick: pretick,
    labelPlacer: labelPlacer,
    fixColors: fixColors,
    textWidth: textWidth
  };
})();

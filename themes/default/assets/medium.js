/* scalesite: the layout of a chart for a medium other than the page (a
 * paper's figure, a social card: meta.medium, internal/scene Medium),
 * which only the build runs: chartlayout.js' frame and prepareOption call
 * it through the hook this script installs (setMedium). Loaded by
 * internal/scene after chartlayout.js, before scene.js; never by the pages
 * (themes.BuildOnly), which have no medium. Plain ES2019.
 */
(function () {
  'use strict';
  var G = typeof window !== 'undefined' ? window : this;
  var CL = G.scalesiteChartLayout;
  if (!CL || !CL.setMedium) return;

  // t: chartlayout.js' text measure and line breaking, the chart's font
  // (t.font(), as setFont last set it) and the legend's padding
  CL.setMedium(function (t) {
    var textWidth = t.textWidth;
    var lines = t.lines;
    var asArray = t.asArray;
    var LEGEND_PAD = t.legendPad;

    // A medium (issue 33): the chart made for a picture that is not the
    // page: a paper's column (scalesite figure), a social card. The program
    // gives it as meta.medium (internal/scene Medium); every size here is in
    // the layout's own units, where the axes' text is 12, and the program
    // draws the Scene scaled so that 12 units are the medium's text size (8
    // pt in a paper, 12 px on a card shown 500 px wide). Its keys:
    //   title     true: the chart's title and subtitle drawn (a paper's
    //             caption carries them: off by default)
    //   heading   a title of the medium's own, drawn instead (a card: the
    //             page's title)
    //   footer    a line under the chart, at its right (a card: the site's
    //             name); note, one at its left (panels left out)
    //   columns   panels a row (0: all side by side)
    //   height    the chart's height; else aspect, its width over height;
    //             else rowHeight, each row of panels' (the legend below
    //             them adds to the chart's height); else the page's
    //   thin      thin lines and small markers, as print draws them
    //   minTicks  the fewest labelled ticks an axis gets (3)
    // The legend is compact: entries in columns, placed by scene.js inside a
    // plot where it covers nothing drawn, else below the plots (legendBelow,
    // which scene.js sets when it lays the chart out again), else, when that
    // leaves a plot lower than minPlot, at their right (legendRight).
    var MEDIUM_ICON = [16, 8]; // a compact legend entry's icon, w × h
    var MEDIUM_ICON_GAP = 4; // from the icon to the text
    var MEDIUM_LEGEND_FONT = 11;
    var MEDIUM_LEGEND_LINE = 13;
    var MEDIUM_LEGEND_GAP = [12, 2]; // between columns, between rows
    var MEDIUM_FOOT = 16; // the footer's line

    var MEDIUM_YTOP = 20; // a level y name's line over the plot, with its gap

    // mediumYTop reports whether a medium's y names (names[i].y, x names
    // names[i].x) stand level over their plots: when one is longer than the
    // plot beside it, turned, is high (rowH: the row's height less its
    // panel title's and gaps), and would be cut; or when the panels are
    // narrow (cellW, a panel's width, under 160), where a turned name would
    // take a third of a plot's width.
    function mediumYTop(names, rowH, cellW) {
      var font = '12px ' + t.font();
      return names.some(function (nm) {
        return nm.y && (cellW < 160 || textWidth(String(nm.y), font) > rowH - (nm.x ? 50 : 30));
      });
    }

    // cutToWidth is text, cut with an ellipsis to at most w px in font.
    function cutToWidth(text, font, w) {
      text = String(text);
      if (textWidth(text, font) <= w) return text;
      while (text.length > 1 && textWidth(text + '…', font) > w) text = text.slice(0, -1);
      return text.replace(/\s+$/, '') + '…';
    }

    // compactLegend lays legend entries (names) out in columns for a legend
    // at most w wide: each entry an icon and its name (wrapped at half of
    // w), all columns as wide as the widest entry, each row as high as its
    // highest, under the legend's title when it has one (title: a line in
    // bold over the entries, as matplotlib's legend(title=) draws it). It
    // returns its sizes for each count of columns that fits (byCols[k-1], k
    // columns: w, h and each row's top), the most columns that fit (cols)
    // with their box (w, h), and the names as wrapped (text[name]).
    function compactLegend(names, w, title) {
      var font = MEDIUM_LEGEND_FONT + 'px ' + t.font();
      title = title ? cutToWidth(title, '600 ' + font, w - 2 * LEGEND_PAD) : '';
      var titleH = title ? MEDIUM_LEGEND_LINE + MEDIUM_LEGEND_GAP[1] : 0;
      var titleW = title ? textWidth(title, '600 ' + font) + 2 * LEGEND_PAD : 0;
      var text = {};
      var entryW = 0, entryH = 0;
      var heights = [];
      names.forEach(function (name) {
        var ls = lines(name, font, Math.max(60, w / 2 - MEDIUM_ICON[0] - MEDIUM_ICON_GAP));
        var tw = 0;
        ls.forEach(function (l) { tw = Math.max(tw, textWidth(l, font)); });
        text[name] = ls.join('\n');
        entryW = Math.max(entryW, MEDIUM_ICON[0] + MEDIUM_ICON_GAP + tw);
        heights.push(Math.max(1, ls.length) * MEDIUM_LEGEND_LINE);
        entryH = Math.max(entryH, heights[heights.length - 1]);
      });
      var byCols = [];
      for (var k = 1; k <= names.length; k++) {
        var bw = Math.max(titleW, k * entryW + (k - 1) * MEDIUM_LEGEND_GAP[0] + 2 * LEGEND_PAD);
        if (k > 1 && bw > w) break;
        // each row as high as its highest entry
        var rowTops = [], top = LEGEND_PAD + titleH;
        for (var j = 0; j < names.length; j += k) {
          rowTops.push(top);
          top += Math.max.apply(null, heights.slice(j, j + k)) + MEDIUM_LEGEND_GAP[1];
        }
        byCols.push({ cols: k, rows: rowTops.length, rowTops: rowTops, w: bw, h: top - MEDIUM_LEGEND_GAP[1] + LEGEND_PAD });
      }
      var most = byCols[byCols.length - 1] || { cols: 1, rows: 0, w: 0, h: 0 };
      return {
        text: text, title: title, entryW: entryW, entryH: entryH, gap: MEDIUM_LEGEND_GAP, pad: LEGEND_PAD, byCols: byCols, cols: most.cols, w: most.w, h: most.h,
        icon: MEDIUM_ICON, iconGap: MEDIUM_ICON_GAP, fontSize: MEDIUM_LEGEND_FONT, line: MEDIUM_LEGEND_LINE
      };
    }

    // applyMedium changes the option for meta.medium, before frame lays it
    // out: titles, lines and markers, ticks.
    function applyMedium(option, meta, axes) {
      var md = meta.medium;
      var main = asArray(option.title)[0];
      if (main && (!md.title || md.heading)) {
        main.text = md.heading || '';
        main.subtext = '';
        delete main.scalesiteText;
        delete main.scalesiteSubtext;
        // the chart's typeset title neither; a heading's own instead
        delete meta.texTitle;
        delete meta.texSubtitle;
        if (md.headingTeX) {
          main.text = '';
          meta.texTitle = md.headingTeX;
        }
      }
      if (md.thin) {
        // rings over a line's many points (a frontier's over learning
        // curves) are a thick bead chain at print size: the line, whose
        // legend entry they share, draws them
        var lines = {};
        asArray(option.series).forEach(function (s) { if (s && s.type === 'line') lines[s.name] = true; });
        option.series = asArray(option.series).filter(function (s) {
          return !(s && s.type === 'scatter' && lines[s.name] && s.itemStyle && s.itemStyle.color === 'transparent' && asArray(s.data).length > 30);
        });
        asArray(option.series).forEach(function (s) {
          if (!s || (s.type !== 'line' && s.type !== 'scatter')) return;
          if (s.type === 'line') {
            s.lineStyle = s.lineStyle || {};
            s.lineStyle.width = Math.min(typeof s.lineStyle.width === 'number' ? s.lineStyle.width : 2, 1.5);
          }
          // a line of many points is a line: its markers would be a bead
          // chain at print size; its legend icon a line too (the symbol
          // hidden as a fit's is, by its opacity)
          if (s.type === 'line' && asArray(s.data).length > 30 && !(s.label && s.label.show)) {
            s.showSymbol = false;
            s.itemStyle = s.itemStyle || {};
            s.itemStyle.opacity = 0;
          }
          var size = typeof s.symbolSize === 'number' ? s.symbolSize : s.type === 'line' ? 6 : 10;
          s.symbolSize = Math.min(size, s.type === 'line' ? 5 : 7);
          // an empty symbol's ring 1 unit, not 2
          s.itemStyle = s.itemStyle || {};
          if (s.itemStyle.borderWidth == null) s.itemStyle.borderWidth = 1;
        });
      }
      ['x', 'y'].forEach(function (d) {
        // a label every 40 units at most on x, 28 on y, not 80: a medium's
        // axes are short
        axes[d].forEach(function (m) { m.minLabels = md.minTicks || 3; m.tickSpacing = d === 'x' ? 40 : 28; });
      });
    }

    return {
      applyMedium: applyMedium, compactLegend: compactLegend, cutToWidth: cutToWidth, mediumYTop: mediumYTop,
      FOOT: MEDIUM_FOOT, YTOP: MEDIUM_YTOP
    };
  });
})();

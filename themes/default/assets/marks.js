/* scalesite: what a chart draws besides its data series.
 *
 * Error bars and uncertainty bands are ECharts custom series whose option
 * names their drawing function by a token ("@errorBars", "@band"); wire
 * swaps each token for the function here, nothing else. Points arrive in
 * axis space (log10 on a log axis), so api.coord places them exactly.
 *
 *   error bars: one item per point, [X, Y, XLO, XHI, YLO, YHI]: a whisker
 *     with caps on each axis whose ends differ;
 *   band: one item per point, [X, LO, HI, run]: one polygon per run of
 *     consecutive points, drawn by the run's first item.
 *
 * wire also colours the texts of reference lines, bands and notes
 * (markLine, markArea, markPoint) for the page's colour scheme, with a halo
 * in the page's colour so that they read over gridlines and data.
 *
 * window.scalesiteMarks = {wire, errorBars, band}. Plain ES2019.
 */
(function () {
  'use strict';

  var CAP = 4; // half the width of an error bar's cap, px

  function line(a, b, color) {
    return {
      type: 'line',
      shape: { x1: a[0], y1: a[1], x2: b[0], y2: b[1] },
      style: { stroke: color, lineWidth: 1.2, fill: null }
    };
  }

  // errorBars draws one point's whiskers with caps.
  function errorBars(params, api) {
    var x = api.value(0);
    var y = api.value(1);
    var color = api.visual('color');
    var kids = [];
    var ylo = api.value(4);
    var yhi = api.value(5);
    if (isFinite(ylo) && isFinite(yhi) && ylo !== yhi) {
      var lo = api.coord([x, ylo]);
      var hi = api.coord([x, yhi]);
      kids.push(line(lo, hi, color),
        line([lo[0] - CAP, lo[1]], [lo[0] + CAP, lo[1]], color),
        line([hi[0] - CAP, hi[1]], [hi[0] + CAP, hi[1]], color));
    }
    var xlo = api.value(2);
    var xhi = api.value(3);
    if (isFinite(xlo) && isFinite(xhi) && xlo !== xhi) {
      var left = api.coord([xlo, y]);
      var right = api.coord([xhi, y]);
      kids.push(line(left, right, color),
        line([left[0], left[1] - CAP], [left[0], left[1] + CAP], color),
        line([right[0], right[1] - CAP], [right[0], right[1] + CAP], color));
    }
    return kids.length ? { type: 'group', children: kids } : null;
  }

  // band draws the shaded interval of a run of points, once, from the
  // run's first item; a run of one point is drawn as a whisker.
  function band(params, api) {
    var i = params.dataIndexInside;
    var n = params.dataInsideLength;
    var run = api.value(3);
    if (i > 0 && api.value(3, i - 1) === run) return null;
    var upper = [];
    var lower = [];
    for (var j = i; j < n && api.value(3, j) === run; j++) {
      var x = api.value(0, j);
      lower.push(api.coord([x, api.value(1, j)]));
      upper.push(api.coord([x, api.value(2, j)]));
    }
    var color = api.visual('color');
    if (upper.length === 1) {
      return line(lower[0], upper[0], color);
    }
    return {
      type: 'polygon',
      shape: { points: upper.concat(lower.reverse()) },
      style: { fill: color, opacity: 0.2 }
    };
  }

  var TOKENS = { '@errorBars': errorBars, '@band': band };

  function asArray(x) {
    if (x == null) return [];
    return Array.isArray(x) ? x : [x];
  }

  // wire swaps the drawing tokens for their functions and colours the
  // marks' texts for the scheme; it mutates and returns the option.
  function wire(option, dark) {
    if (!option || typeof option !== 'object') return option;
    var text = dark ? '#c8c8c8' : '#555555';
    var halo = dark ? '#111418' : '#ffffff';
    asArray(option.series).forEach(function (s) {
      if (!s || typeof s !== 'object') return;
      if (s.type === 'custom' && typeof s.renderItem === 'string') {
        if (Object.prototype.hasOwnProperty.call(TOKENS, s.renderItem)) s.renderItem = TOKENS[s.renderItem];
        else s.renderItem = function () { return null; }; // not ours: draw nothing
      }
      ['markLine', 'markArea', 'markPoint'].forEach(function (k) {
        var m = s[k];
        if (!m || typeof m !== 'object') return;
        var label = m.label = m.label || {};
        label.color = text;
        label.textBorderColor = halo;
        label.textBorderWidth = 3;
      });
    });
    return option;
  }

  var api = { wire: wire, errorBars: errorBars, band: band };
  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    window.scalesiteMarks = api;
  }
})();

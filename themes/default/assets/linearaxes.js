/* scalesite: a chart's log axes shown linear, pure functions only.
 *
 *   linearOption(option, lin)          the page's option with the log axes
 *                                      lin names ({x, y}) made linear
 *   pow10(v)                           10^v of a number, v of anything else
 *
 * In the browser it adds to window.scalesiteTools, for export.js (the Linear
 * x / Linear y buttons); in Node it exports the same functions
 * (module.exports) for tests. Uses format.js' asArray (load this file
 * after it). Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  var F = typeof module !== 'undefined' && module && module.exports && typeof require === 'function' ?
    require('./format.js') : typeof window !== 'undefined' && window.scalesiteFormat;
  if (!F) throw new Error('scalesite: linearaxes.js needs format.js loaded first');
  var asArray = F.asArray;

  function pow10(v) {
    return typeof v === 'number' ? Math.pow(10, v) : v;
  }

  function clampEnd(v) {
    return typeof v === 'number' ? Math.max(-Number.MAX_VALUE, Math.min(v, Number.MAX_VALUE)) : v;
  }

  // linearOption turns the page's option (log axes over log10 of the
  // values) into one whose chosen log axes are linear: each such axis
  // plots the original values, which the points carry ([X, Y, x, y], or
  // [x, y] alone on a raw chart).
  function linearOption(option, lin) {
    var axes = { x: {}, y: {} };
    ['x', 'y'].forEach(function (d) {
      if (!lin[d]) return;
      asArray(option[d + 'Axis']).forEach(function (ax, k) {
        if (!ax || ax.scalesiteLog !== true) return;
        ax.scalesiteLog = false;
        // an end past the largest double (a log axis padded to 10^308.3)
        // is the largest double: an axis to Infinity draws nothing
        ax.min = clampEnd(pow10(ax.min));
        ax.max = clampEnd(pow10(ax.max));
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
    // a chart whose points carry their values as they are (the build's
    // scalesite.raw, and its min/max bands, '@spread'), which the layout
    // puts in axis space for the axes still log (chartlayout.js
    // expandRaw): those stay as they are
    var raw = !!option.scalesite && option.scalesite.raw === true;
    asArray(option.series).forEach(function (s) {
      if (!s) return;
      var fx = axes.x[typeof s.xAxisIndex === 'number' ? s.xAxisIndex : 0];
      var fy = axes.y[typeof s.yAxisIndex === 'number' ? s.yAxisIndex : 0];
      if (!fx && !fy) return;
      if (s.type === 'custom' ? s.renderItem === '@spread' : raw) {
        // the values, as they are
      } else if (s.type === 'custom' && s.encode && Array.isArray(s.data)) {
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

  var api = {
    linearOption: linearOption,
    pow10: pow10
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteTools = window.scalesiteTools || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();

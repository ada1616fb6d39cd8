/* scalesite: the chart's tooltip and the formatter tokens wired into an
 * option, pure functions only.
 *
 *   makeTooltip(option)                the "@tooltip" formatter of an option
 *   applyTokens(option)                the option with its formatter tokens
 *                                      swapped for functions
 *   escapeHTML(s)                      text made safe in HTML
 *
 * applyTokens swaps the named formatter tokens of a chart option for the
 * functions of format.js (load this file after it) only at
 * xAxis[i].axisLabel.formatter, yAxis[i].axisLabel.formatter,
 * tooltip.formatter and a slider's labelFormatter; a string equal to a
 * token anywhere else stays a string.
 *
 * In the browser it adds to window.scalesiteFormat, for site.js (load it
 * before site.js); in Node it exports the same functions (module.exports)
 * for tests. Plain ES2019: no modules, no eval.
 */
(function () {
  'use strict';

  var F = typeof module !== 'undefined' && module && module.exports && typeof require === 'function' ?
    require('./format.js') : typeof window !== 'undefined' && window.scalesiteFormat;
  if (!F) throw new Error('scalesite: tooltip.js needs format.js loaded first');
  var formatters = F.formatters, axisFormat = F.axisFormat, fullValue = F.fullValue;
  var fullValueUnit = F.fullValueUnit, sliderValue = F.sliderValue, asArray = F.asArray;

  /* ---------------------------------------------------------------------
   * Tooltip (pure: builds HTML, escaping every user string)
   * ------------------------------------------------------------------- */

  function escapeHTML(s) {
    return String(s == null ? '' : s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  // axisTitle names an axis in the tooltip: its title, or scalesiteTitle for
  // an axis that draws none because the panels share one; without the
  // "(unit)" the title carries, since the tooltip writes the unit after
  // the value.
  function axisTitle(ax) {
    var name = typeof ax.name === 'number' || (typeof ax.name === 'string' && ax.name !== '') ? String(ax.name)
      : typeof ax.scalesiteTitle === 'string' ? ax.scalesiteTitle : '';
    var tail = typeof ax.scalesiteUnit === 'string' && ax.scalesiteUnit ? ' (' + ax.scalesiteUnit + ')' : '';
    if (tail && name.length > tail.length && name.slice(-tail.length) === tail) name = name.slice(0, -tail.length);
    return name;
  }

  // describe the axes and series of an option, for the tooltip
  function describe(option) {
    function axes(list) {
      return asArray(list).map(function (ax) {
        ax = ax || {};
        var label = ax.axisLabel || {};
        // scalesiteLog: a value axis over log10 of the values (the point's
        // original values follow its coordinates); it reads like a log axis
        var log = ax.type === 'log' || ax.scalesiteLog === true;
        var fmt = typeof label.formatter === 'string' ? axisFormat(label.formatter, log ? 'log' : ax.type) : null;
        return {
          name: axisTitle(ax),
          type: ax.type || 'value',
          log: ax.scalesiteLog === true,
          format: fmt || (log ? 'pow' : 'plain'),
          unit: typeof ax.scalesiteUnit === 'string' ? ax.scalesiteUnit : ''
        };
      });
    }
    return {
      x: axes(option.xAxis),
      y: axes(option.yAxis),
      series: asArray(option.series).map(function (s) {
        s = s || {};
        var sm = s.scalesiteSmooth;
        return {
          x: typeof s.xAxisIndex === 'number' ? s.xAxisIndex : 0,
          y: typeof s.yAxisIndex === 'number' ? s.yAxisIndex : 0,
          // a smoothed line's pair (chart/smooth.go): its role and where
          // its partner is
          smooth: sm && typeof sm === 'object' && typeof sm.partner === 'number' ? { role: sm.role, partner: sm.partner } : null
        };
      })
    };
  }

  function marker(color) {
    var c = typeof color === 'string' ? color : '';
    // the colour is user data too: escaped, and only kept when it looks like a colour
    if (!/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(rgb|hsl)a?\([0-9.,%\s]+\))$/.test(c)) c = '';
    return '<span style="display:inline-block;margin-right:6px;border-radius:50%;width:10px;height:10px;' +
      'vertical-align:0;background-color:' + escapeHTML(c || '#888') + ';"></span>';
  }

  function rawValues(p) {
    var v = p.value;
    if (Array.isArray(v)) return v;
    if (p.data && typeof p.data === 'object' && Array.isArray(p.data.value)) return p.data.value;
    if (Array.isArray(p.data)) return p.data;
    return [undefined, v];
  }

  // pointValues is a point's x and y as the data gave them: on a chart with
  // a log axis the point is [X, Y, x, y], its coordinates then the values.
  function pointValues(p, meta) {
    var v = rawValues(p);
    var s = meta && meta.series[p.seriesIndex];
    var xa = s && meta.x[s.x];
    var ya = s && meta.y[s.y];
    if (v.length >= 4 && ((xa && xa.log) || (ya && ya.log))) return [v[2], v[3]];
    return v;
  }

  function axisLine(name, fallback, value, format, unit, interval) {
    return '<div>' + escapeHTML(name || fallback) + ': <b>' + escapeHTML(fullValueUnit(value, format, unit)) + '</b>' + (interval || '') + '</div>';
  }

  // intervalText is a point's interval on one axis (data.interval, from
  // the spec's low/high or err), as " (lo – hi)", or ''.
  function intervalText(p, axis, format) {
    var d = p && p.data;
    var iv = d && typeof d === 'object' && !Array.isArray(d) && d.interval ? d.interval[axis] : null;
    if (!Array.isArray(iv) || iv.length !== 2) return '';
    return ' (' + escapeHTML(fullValue(iv[0], format)) + ' \u2013 ' + escapeHTML(fullValue(iv[1], format)) + ')';
  }

  // markTooltip describes a reference line (its label and value) or a
  // band (its label and range), in its axis' format. Marks stand in axis
  // space: 10^value on a log axis.
  var MARK_NAMES = { markLine: 'Reference line', markArea: 'Band', markPoint: 'Note' };
  function markTooltip(p, xa, ya) {
    var d = p.data && typeof p.data === 'object' ? p.data : {};
    var onX = d.xAxis != null;
    var ax = onX ? xa : ya;
    var value = function (v) {
      if (typeof v !== 'number') return '';
      return escapeHTML(fullValueUnit(ax.log ? Math.pow(10, v) : v, ax.format, ax.unit));
    };
    var label = escapeHTML(p.name || MARK_NAMES[p.componentType] || p.componentType);
    var val = '';
    if (p.componentType === 'markArea') {
      var c = Array.isArray(d.coord) ? d.coord : [];
      var k = onX ? 0 : 1;
      var lo = c[0] && c[0][k];
      var hi = c[1] && c[1][k];
      if (typeof lo === 'number' && typeof hi === 'number') val = ': <b>' + value(lo) + ' \u2013 ' + value(hi) + '</b>';
    } else if (typeof p.value === 'number') {
      val = ': <b>' + value(p.value) + '</b>';
    }
    return '<div>' + label + val + '</div>';
  }

  // tooltipItem describes one point; raw is the raw point of a smoothed
  // one (its partner, in an axis tooltip), shown under the smoothed value.
  function tooltipItem(meta, p, withAxes, raw) {
    var s = meta.series[p.seriesIndex] || { x: 0, y: 0 };
    var xa = meta.x[s.x] || { name: '', format: 'plain' };
    var ya = meta.y[s.y] || { name: '', format: 'plain' };
    if (p.componentType && p.componentType !== 'series') return markTooltip(p, xa, ya);
    var vals = pointValues(p, meta);
    var html = '<div>' + marker(p.color) + '<strong>' + escapeHTML(p.seriesName) + '</strong></div>';
    var name = p.name != null ? String(p.name) : '';
    if (name !== '' && name !== String(vals[0])) {
      html += '<div>' + escapeHTML(name) + '</div>';
    }
    if (withAxes !== false && vals[0] !== undefined) html += axisLine(xa.name, 'x', vals[0], xa.format, xa.unit, intervalText(p, 'x', xa.format));
    var sm = s.smooth && s.smooth.role === 'smoothed';
    html += axisLine((ya.name || 'y') + (sm ? ' (smoothed)' : ''), 'y', vals[1], ya.format, ya.unit, intervalText(p, 'y', ya.format));
    if (sm && raw) html += axisLine('raw', 'raw', pointValues(raw, meta)[1], ya.format, ya.unit, intervalText(raw, 'y', ya.format));
    return html;
  }

  // axisItems: one row per series at the pointer's x; a smoothed line and
  // its raw line, both there, make one row with both values.
  function axisItems(meta, params) {
    var at = {};
    params.forEach(function (p) { at[p.seriesIndex] = p; });
    return params.map(function (p) {
      var s = meta.series[p.seriesIndex];
      var sm = s && s.smooth;
      var partner = sm && at[p.seriesIndex + sm.partner];
      if (sm && sm.role === 'raw' && partner) return ''; // shown with its smoothed line
      return tooltipItem(meta, p, false, sm && sm.role === 'smoothed' ? partner : null);
    }).join('');
  }

  // makeTooltip(option) returns the "@tooltip" formatter for that option.
  // It reads axis names and formats from the option as parsed (tokens, not
  // yet functions); applyTokens passes that description in.
  function makeTooltip(option, meta) {
    meta = meta || describe(option);
    return function (params) {
      if (Array.isArray(params)) {
        // trigger: 'axis': the shared x value once, then one row per series
        if (!params.length) return '';
        var first = params[0];
        var s0 = meta.series[first.seriesIndex] || { x: 0 };
        var xa = meta.x[s0.x] || { name: '', format: 'plain' };
        var head = axisLine(xa.name, 'x', pointValues(first, meta)[0], xa.format, xa.unit);
        return head + axisItems(meta, params);
      }
      return tooltipItem(meta, params || {}, true);
    };
  }

  /* ---------------------------------------------------------------------
   * Wiring tokens into an option (pure: mutates and returns the option)
   * ------------------------------------------------------------------- */

  function wireAxes(list) {
    asArray(list).forEach(function (ax) {
      if (!ax || typeof ax !== 'object') return;
      var label = ax.axisLabel;
      if (!label || typeof label.formatter !== 'string' || label.formatter.charAt(0) !== '@') return;
      var token = label.formatter.slice(1);
      if (!Object.prototype.hasOwnProperty.call(formatters, token)) return; // not ours: a string
      var fmt = axisFormat(label.formatter, ax.type);
      if (fmt) label.formatter = formatters[fmt];
      else delete label.formatter; // "@auto" on a category or time axis
    });
  }

  // The slider's handle labels read like the axis it zooms, unless set.
  function wireSliders(option, meta) {
    asArray(option.dataZoom).forEach(function (dz) {
      if (!dz || dz.type !== 'slider' || dz.labelFormatter != null) return;
      if (dz.yAxisIndex != null || dz.orient === 'vertical') return;
      var idx = dz.xAxisIndex;
      if (Array.isArray(idx)) idx = idx[0];
      var ax = meta.x[typeof idx === 'number' ? idx : 0];
      if (!ax || (ax.type !== 'value' && ax.type !== 'log')) return;
      var fmt = ax.format;
      dz.labelFormatter = function (value) { return sliderValue(value, fmt); };
    });
  }

  function applyTokens(option) {
    if (!option || typeof option !== 'object') return option;
    var meta = describe(option); // reads the tokens before they are replaced
    wireAxes(option.xAxis);
    wireAxes(option.yAxis);
    asArray(option.tooltip).forEach(function (tt) {
      if (tt && tt.formatter === '@tooltip') tt.formatter = makeTooltip(option, meta);
    });
    wireSliders(option, meta);
    return option;
  }

  var api = {
    escapeHTML: escapeHTML,
    makeTooltip: makeTooltip,
    applyTokens: applyTokens
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteFormat = window.scalesiteFormat || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();

// Test harness for themes/formatters_test.go: reads a JSON array of cases on
// stdin, runs each through the pure functions exported by format.js, and
// prints a JSON array of results (strings) in the same order.
'use strict';
const path = require('path');
const site = require(path.join(__dirname, '..', 'default', 'assets', 'format.js'));

// Functions in a wired option print as "<function>"; everything else as is.
function show(option) {
  return JSON.stringify(option, (k, v) => (typeof v === 'function' ? '<function>' : v));
}

function run(c) {
  switch (c.kind) {
    case 'tick':
      return site.formatters[c.format](c.value);
    case 'full':
      return site.fullValue(c.value, c.format);
    case 'slider':
      return site.sliderValue(c.value, c.format);
    case 'axisFormat':
      return String(site.axisFormat(c.token, c.axisType));
    case 'escape':
      return site.escapeHTML(c.value);
    case 'wire':
      return show(site.applyTokens(c.option));
    case 'axisTick': {
      // wire the option, then call the formatter of xAxis[0] (or yAxis[0])
      const o = site.applyTokens(c.option);
      const ax = Array.isArray(o[c.axis]) ? o[c.axis][0] : o[c.axis];
      return ax.axisLabel.formatter(c.value);
    }
    case 'tooltip': {
      const o = site.applyTokens(c.option);
      const tt = Array.isArray(o.tooltip) ? o.tooltip[0] : o.tooltip;
      return tt.formatter(c.params);
    }
    default:
      throw new Error('unknown case kind ' + c.kind);
  }
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const cases = JSON.parse(input);
  const out = cases.map((c) => {
    try {
      return run(c);
    } catch (e) {
      return 'ERROR: ' + e.message;
    }
  });
  process.stdout.write(JSON.stringify(out));
});

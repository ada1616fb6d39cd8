// Computes Scenes in Node with the theme's scripts, for TestGojaMatchesNode:
// reads {dir, width, dark, options: [...]} on stdin, writes a JSON array of
// Scenes. The text measure is the tests' stand-in (scene_test.go
// fakeMeasure), written again here.
global.window = global;
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const d = input.dir;
window.scalesiteFormat = Object.assign({}, require(d + '/format.js'), require(d + '/tooltip.js'));
window.scalesiteLayout = Object.assign({}, require(d + '/ticks.js'), require(d + '/labels.js'), require(d + '/breaktext.js'), require(d + '/colors.js'));
window.scalesiteMarks = require(d + '/marks.js');
require(d + '/chartlayout.js');
require(d + '/medium.js');
const S = require(d + '/scene.js');
window.scalesiteChartLayout.setMeasure((text, font) => {
  let size = 12;
  for (const f of font.split(/\s+/)) if (/^[0-9.]+px$/.test(f)) size = parseFloat(f);
  const em = /^(600|bold) /.test(font) ? 0.66 : 0.6;
  let w = 0;
  for (const c of text) w += c.codePointAt(0) >= 0x2e80 ? size : em * size;
  return w;
});
process.stdout.write(JSON.stringify(input.options.map(o => S.scene(JSON.parse(o), input.width, input.dark))));

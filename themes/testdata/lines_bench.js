// The cost of keeping point labels off drawn lines (issue 33): placeLabels on
// generated scatters with and without four 100-point fit lines. Run from
// themes/testdata: node lines_bench.js (BENCHMARKS.md, labels).
global.window = {};
require('../default/assets/labelgeometry.js');
const L = require('../default/assets/labels.js');
function rng(seed) { let s = seed; return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648; }
for (const n of [250, 1000, 4000]) {
  const r = rng(n), b = { x: 60, y: 40, width: 1000, height: 600 };
  const items = [], markers = [];
  for (let i = 0; i < n; i++) {
    const f = r(), x = b.x + b.width * f, y = Math.max(b.y + 2, Math.min(b.y + b.height - 2, b.y + b.height * (0.9 - 0.8 * f) + (r() - 0.5) * 120));
    items.push({ x, y, r: 4, w: 30 + r() * 40, h: 14, bounds: b }); markers.push({ x, y, r: 4 });
  }
  const lines = [];
  for (let k = 0; k < 4; k++) { const l = []; for (let i = 0; i <= 100; i++) l.push(b.x + i * 10, b.y + b.height * (0.95 - 0.8 * i / 100) - k * 40); lines.push(l); }
  for (const withLines of [false, true]) {
    const tally = {};
    const t0 = process.cpuUsage();
    const out = L.placeLabels(items, markers, { maxLeader: 250, lines: withLines ? lines : [], overMarkers: false, tally });
    const t = process.cpuUsage(t0);
    console.log(`n=${n} lines=${withLines} placed=${out.filter(Boolean).length} cpu=${((t.user + t.system) / 1000).toFixed(0)}ms pairs=${tally.pairs}`);
  }
}

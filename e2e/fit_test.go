package e2e

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/fit"
)

// withoutDerived returns a copy of a chart without the series scalesite
// derives from the data (fits, their extrapolations, frontiers), and the
// names of those series: checkChart compares the rest with the data.
func withoutDerived(got *chartInfo) (*chartInfo, []string) {
	c := *got
	c.Series = nil
	var names []string
	for _, s := range got.Series {
		if s.Derived {
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
			continue
		}
		c.Series = append(c.Series, s)
	}
	return &c, names
}

// fitSeriesInfo is one series of a chart with a fit or a frontier, as the
// chart instance holds and drew it.
type fitSeriesInfo struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Role string `json:"role"` // scalesiteFit.role; "" for a data series
	Fit  struct {
		Type string  `json:"type"`
		A    float64 `json:"a"`
		B    float64 `json:"b"`
		C    float64 `json:"c"`
	} `json:"fit"`
	Data   [][]float64 `json:"data"` // [X, Y, x, y]; a gap's Y is null (0)
	Line   any         `json:"line"` // lineStyle.type
	Step   any         `json:"step"`
	Silent bool        `json:"silent"`
	Color  string      `json:"color"`
	// Drawn counts the graphic elements the series' view drew; Pixels are
	// its points on the canvas (CSS px), Inside whether each is in its grid.
	Drawn  int          `json:"drawn"`
	Pixels [][2]float64 `json:"pixels"`
	Inside []bool       `json:"inside"`
}

type fitChartInfo struct {
	Legend []string        `json:"legend"`
	Series []fitSeriesInfo `json:"series"`
}

// fitJS reads every chart's series: the derived ones with their
// scalesiteFit mark, the points (with gaps as NaN), how many elements
// the series drew, and where its points are on the canvas.
const fitJS = `return Object.values(window.scalesite.charts).map(c => {
  const o = c.getOption(), m = c.getModel();
  const grids = [];
  m.eachComponent('grid', g => { const r = g.coordinateSystem.getRect(); grids.push(r); });
  const series = o.series.map((s, i) => {
    const sm = m.getSeriesByIndex(i);
    const view = sm && c.getViewOfSeriesModel(sm);
    let drawn = 0;
    if (view && view.group) view.group.traverse(e => { if (!e.isGroup && !e.ignore && !e.invisible) drawn++; });
    const data = (s.data || []).map(d => {
      const v = Array.isArray(d) ? d : d.value;
      return v.map(x => typeof x === 'number' ? x : NaN);
    });
    const g = grids[s.xAxisIndex || 0];
    const pixels = [], inside = [];
    data.forEach(v => {
      if (isNaN(v[1])) return;
      const p = c.convertToPixel({seriesIndex: i}, [v[0], v[1]]);
      pixels.push(p);
      inside.push(p[0] >= g.x - 0.5 && p[0] <= g.x + g.width + 0.5 && p[1] >= g.y - 0.5 && p[1] <= g.y + g.height + 0.5);
    });
    const f = s.scalesiteFit || {};
    return {name: s.name, type: s.type, role: f.role || '', fit: {type: f.type || '', a: f.a || 0, b: f.b || 0, c: f.c || 0},
      data: data.map(v => v.map(x => isNaN(x) ? null : x)),
      line: s.lineStyle ? s.lineStyle.type : null, step: s.step || null, silent: !!s.silent,
      color: String(c.getVisual({seriesIndex: i}, 'color')), drawn, pixels, inside};
  });
  const legend = m.getComponent('legend');
  return {legend: legend && legend.get('show') !== false ? legend.getData().map(d => d.get('name')) : [], series};
});`

// readCSV reads a gallery CSV: its header, and its rows.
func readCSV(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[0], rows[1:]
}

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFitGPT4InChromium opens the GPT-4 gallery page: the powerlaw+c fit
// through the small runs is drawn, named by its formula with the constants
// fitted to the CSV, on the curve c + a·x^b; its extrapolation reaches
// GPT-4's compute; the tooltip names the fit.
func TestFitGPT4InChromium(t *testing.T) {
	b := newBrowser(t)
	dir, _ := buildDemo(t, "/")
	base := serve(t, dir)

	// The constants expected: a fit of the observed runs as the CSV has
	// them, which must be near the law they were generated from.
	_, rows := readCSV(t, filepath.Join("..", "content", "gallery", "gpt4-predictable-scaling", "gpt4_loss.csv"))
	var xs, ys []float64
	var gpt4 float64
	for _, r := range rows {
		switch r[0] {
		case "Observed":
			xs, ys = append(xs, parseFloat(t, r[1])), append(ys, parseFloat(t, r[2]))
		case "gpt-4":
			gpt4 = parseFloat(t, r[2])
		}
	}
	want, err := fit.Fit(fit.PowerLawC, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	// generate.py: L = 1.0 + 0.26·C^-0.1257, noise 0.02 bits per word.
	if math.Abs(want.A-0.26) > 0.03 || math.Abs(want.B+0.1257) > 0.005 || math.Abs(want.C-1) > 0.06 {
		t.Errorf("fitted %+v, want a ≈ 0.26, b ≈ -0.1257, c ≈ 1.0 (the law the points were generated from)", want)
	}
	wantName := "Prediction: " + want.Formula("L", "C") + " (" + want.R2Text() + ")"

	tb := b.tab(t)
	tb.open(t, base+"/gallery/gpt4-predictable-scaling/", 1)
	var charts []fitChartInfo
	if err := tb.evalJSON(fitJS, &charts); err != nil {
		t.Fatal(err)
	}
	tb.saveScreenshot(t, "fit-gpt4")
	if len(charts) != 1 {
		t.Fatalf("%d charts, want 1", len(charts))
	}
	ch := charts[0]
	var line, ext *fitSeriesInfo
	for i := range ch.Series {
		switch s := &ch.Series[i]; s.Role {
		case "fit":
			line = s
		case "extrapolation":
			ext = s
		}
	}
	if line == nil || ext == nil {
		t.Fatalf("series %v: want a fit and its extrapolation", ch.Series)
	}
	if line.Name != wantName || ext.Name != wantName {
		t.Errorf("fit named %q, extrapolation %q, want %q", line.Name, ext.Name, wantName)
	}
	if !slices.Contains(ch.Legend, wantName) {
		t.Errorf("legend %q lacks %q", ch.Legend, wantName)
	}
	if line.Fit.Type != fit.PowerLawC || !near(line.Fit.A, want.A, 1e-9) || !near(line.Fit.B, want.B, 1e-9) || !near(line.Fit.C, want.C, 1e-9) {
		t.Errorf("the option's constants %+v, want %+v", line.Fit, want)
	}
	// On the curve c + a·x^b, over the small runs' range, then on to GPT-4.
	onCurve := func(what string, s *fitSeriesInfo, lo, hi float64) {
		t.Helper()
		if len(s.Data) < 10 {
			t.Fatalf("%s: %d points", what, len(s.Data))
		}
		for k, p := range s.Data {
			if len(p) != 4 {
				t.Fatalf("%s point %d: %v, want [X, Y, x, y]", what, k, p)
			}
			if y := want.C + want.A*math.Pow(p[2], want.B); !near(p[3], y, 1e-9) || !near(p[0], math.Log10(p[2]), 1e-9) || !near(p[1], p[3], 1e-12) {
				t.Errorf("%s point %d: %v, want y = %v at x = %v", what, k, p, y, p[2])
			}
		}
		if first, last := s.Data[0][2], s.Data[len(s.Data)-1][2]; !near(first, lo, 1e-9) || !near(last, hi, 1e-9) {
			t.Errorf("%s from x = %v to %v, want %v to %v", what, first, last, lo, hi)
		}
		if s.Drawn == 0 {
			t.Errorf("%s: nothing drawn", what)
		}
		for k, in := range s.Inside {
			if !in {
				t.Errorf("%s point %d at %v is outside the plot", what, k, s.Pixels[k])
			}
		}
	}
	onCurve("fit", line, xs[0], xs[len(xs)-1])
	onCurve("extrapolation", ext, xs[len(xs)-1], 1)
	if line.Line == nil || fmt.Sprint(line.Line) == fmt.Sprint(ext.Line) {
		t.Errorf("fit line %v and extrapolation %v: want two different dash patterns", line.Line, ext.Line)
	}
	// The prediction lands near GPT-4's point, as on the report's figure.
	if pred := ext.Data[len(ext.Data)-1][3]; math.Abs(pred-gpt4) > 0.05 {
		t.Errorf("predicted %v bits per word at GPT-4's compute, %v measured", pred, gpt4)
	}

	// The tooltip of a point on the fit names the fit.
	idx := slices.IndexFunc(ch.Series, func(s fitSeriesInfo) bool { return s.Role == "fit" })
	var tip string
	js := fmt.Sprintf(`(() => { const c = Object.values(window.scalesite.charts)[0];
  c.dispatchAction({type: 'showTip', seriesIndex: %d, dataIndex: 50});
  const d = [...c.getDom().querySelectorAll('div')].find(e => e.style.zIndex === '9999999' && e.style.display !== 'none');
  return d ? d.innerText : ''; })()`, idx)
	if err := chromedp.Run(tb.ctx, chromedp.Poll(js, &tip, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Errorf("no tooltip on the fit: %v", err)
	} else if !strings.Contains(tip, wantName) {
		t.Errorf("the fit's tooltip reads %q, want it to name %q", tip, wantName)
	}
}

// TestFrontierInChromium opens the Kaplan learning-curves page, which
// draws the frontier of eight curves: a staircase through the frontier's
// points and a ring on each, exactly the points below every point at less
// compute.
func TestFrontierInChromium(t *testing.T) {
	b := newBrowser(t)
	dir, _ := buildDemo(t, "/")
	base := serve(t, dir)

	// The frontier of the CSV, worked out here: by compute, the points
	// whose loss is below every point before them.
	_, rows := readCSV(t, filepath.Join("..", "content", "gallery", "kaplan-loss-vs-compute", "learning_curves.csv"))
	type pt struct{ x, y float64 }
	pts := make([]pt, len(rows))
	for i, r := range rows {
		pts[i] = pt{parseFloat(t, r[1]), parseFloat(t, r[2])}
	}
	slices.SortStableFunc(pts, func(a, b pt) int {
		if a.x != b.x {
			return map[bool]int{true: -1, false: 1}[a.x < b.x]
		}
		return map[bool]int{true: -1, false: 1}[a.y < b.y]
	})
	var want []pt
	best := math.Inf(1)
	for i, p := range pts {
		if i > 0 && p.x == pts[i-1].x {
			continue
		}
		if p.y < best {
			want, best = append(want, p), p.y
		}
	}
	if len(want) < 20 {
		t.Fatalf("the learning curves have a frontier of %d points", len(want))
	}

	tb := b.tab(t)
	tb.open(t, base+"/gallery/kaplan-loss-vs-compute/", 1)
	var charts []fitChartInfo
	if err := tb.evalJSON(fitJS, &charts); err != nil {
		t.Fatal(err)
	}
	tb.saveScreenshot(t, "frontier-kaplan")
	ch := charts[0]
	var line, rings, fitted *fitSeriesInfo
	for i := range ch.Series {
		switch s := &ch.Series[i]; s.Role {
		case "frontier":
			line = s
		case "frontier-points":
			rings = s
		case "fit":
			fitted = s
		}
	}
	if line == nil || rings == nil || fitted == nil {
		t.Fatalf("series %v: want a frontier line, its rings and a fit", ch.Series)
	}
	if line.Name != "Frontier" || rings.Name != "Frontier" || !slices.Contains(ch.Legend, "Frontier") {
		t.Errorf("frontier named %q and %q, legend %q: want one entry Frontier", line.Name, rings.Name, ch.Legend)
	}
	if line.Step != "end" || rings.Type != "scatter" || !rings.Silent {
		t.Errorf("frontier step %v, rings %s silent %v: want a staircase and silent rings", line.Step, rings.Type, rings.Silent)
	}
	for _, s := range []*fitSeriesInfo{line, rings} {
		if len(s.Data) != len(want) {
			t.Fatalf("%s: %d points, want the frontier's %d", s.Role, len(s.Data), len(want))
		}
		for k, p := range s.Data {
			if p[2] != want[k].x || p[3] != want[k].y {
				t.Errorf("%s point %d: (%v, %v), want (%v, %v)", s.Role, k, p[2], p[3], want[k].x, want[k].y)
				break
			}
		}
	}
	// A ring is drawn on every frontier point, inside the plot.
	if rings.Drawn < len(want) {
		t.Errorf("%d rings drawn for %d frontier points", rings.Drawn, len(want))
	}
	for k, in := range rings.Inside {
		if !in {
			t.Errorf("ring %d at %v is outside the plot", k, rings.Pixels[k])
		}
	}
	// The fit over the frontier: a power law through the frontier points.
	xs, ys := make([]float64, len(want)), make([]float64, len(want))
	for i, p := range want {
		xs[i], ys[i] = p.x, p.y
	}
	r, err := fit.Fit(fit.PowerLaw, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	wantName := "Frontier fit: " + r.Formula("L", "C") + " (" + r.R2Text() + ")"
	if fitted.Name != wantName {
		t.Errorf("fit named %q, want %q", fitted.Name, wantName)
	}
	for k, p := range fitted.Data {
		if y := r.A * math.Pow(p[2], r.B); !near(p[3], y, 1e-9) {
			t.Errorf("fit point %d: %v, want y = %v", k, p, y)
			break
		}
	}
}

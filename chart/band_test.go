package chart

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// spikyRun is a training run of n steps (x = 1..n): a loss falling as a
// power of the step with noise, and spikes far above it at 50 steps drawn
// at random (seeded). It returns the CSV and the spikes' steps.
func spikyRun(n int) (csv string, spikes map[int]float64) {
	r := rand.New(rand.NewPCG(37, 1))
	spikes = map[int]float64{}
	for len(spikes) < 50 {
		step := 1 + r.IntN(n)
		spikes[step] = 0
	}
	var b strings.Builder
	b.Grow(24 * n)
	b.WriteString("step,loss\n")
	for step := 1; step <= n; step++ {
		y := 2 + 8*math.Pow(float64(step), -0.3) + 0.05*r.NormFloat64()
		if _, ok := spikes[step]; ok {
			y += 1 + 4*r.Float64()
			spikes[step] = y
		}
		b.WriteString(strconv.Itoa(step))
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(y, 'g', -1, 64))
		b.WriteByte('\n')
	}
	return b.String(), spikes
}

// bandItems reads a band series' data: [X, LO, HI, run] per vertex.
func bandItems(t *testing.T, s map[string]any) [][4]float64 {
	t.Helper()
	var out [][4]float64
	for _, it := range s["data"].([]any) {
		v := it.([]any)
		out = append(out, [4]float64{v[0].(float64), v[1].(float64), v[2].(float64), v[3].(float64)})
	}
	return out
}

// bandAt is the band's low and high at x (in axis space) as its polygon
// is drawn: between the two vertices of one run around x, interpolated.
func bandAt(items [][4]float64, x float64) (lo, hi float64, ok bool) {
	for i := 0; i+1 < len(items); i++ {
		a, b := items[i], items[i+1]
		if a[3] != b[3] || x < a[0] || x > b[0] {
			continue
		}
		if b[0] == a[0] {
			return min(a[1], b[1]), max(a[2], b[2]), true
		}
		t := (x - a[0]) / (b[0] - a[0])
		return a[1] + t*(b[1]-a[1]), a[2] + t*(b[2]-a[2]), true
	}
	for _, a := range items {
		if a[0] == x {
			return a[1], a[2], true
		}
	}
	return 0, 0, false
}

// TestSpreadBandHoldsSpikes draws a million-step run with 50 spikes and
// checks, on the option the page gets, that the line is thinned to about
// its target, that a band in the line's colour is drawn under the line's
// legend entry, and that every spike lies inside the band at its x, on a
// linear and on a log x axis.
func TestSpreadBandHoldsSpikes(t *testing.T) {
	if testing.Short() {
		t.Skip("a million-row chart")
	}
	const n = 1_000_000
	csv, spikes := spikyRun(n)
	for _, scale := range []string{"linear", "log"} {
		t.Run(scale, func(t *testing.T) {
			spec := "type: line\ndata: run.csv\nx: {field: step, scale: " + scale + "}\ny: loss\n"
			_, opt := specFilesOption(t, spec, map[string]string{"content/run.csv": csv})
			var line, band map[string]any
			for _, s := range opt["series"].([]any) {
				sm := s.(map[string]any)
				switch {
				case sm["type"] == "line" && sm["name"] == "loss":
					line = sm
				case sm["type"] == "custom" && strings.HasPrefix(sm["id"].(string), "scalesite-spread-"):
					band = sm
				}
			}
			if line == nil || band == nil {
				t.Fatalf("want a line and its min/max band, got series %v", seriesSummary(opt))
			}
			if band["name"] != line["name"] {
				t.Errorf("band named %q, line %q: the legend must toggle both", band["name"], line["name"])
			}
			if got, want := band["itemStyle"].(map[string]any)["color"], line["itemStyle"].(map[string]any)["color"]; got != want {
				t.Errorf("band colour %v, line colour %v", got, want)
			}
			target := chartspec.DefaultDownsample
			drawnLine := len(line["data"].([]any))
			items := bandItems(t, band)
			if drawnLine > target+target/20 || drawnLine < target/2 {
				t.Errorf("line drawn from %d points, want about %d", drawnLine, target)
			}
			if len(items) > target/2+4 {
				t.Errorf("band drawn from %d vertices, want at most %d", len(items), target/2+4)
			}
			for step, y := range spikes {
				x := float64(step)
				if scale == "log" {
					x = logCoord(x)
				}
				lo, hi, ok := bandAt(items, x)
				if !ok {
					t.Errorf("no band at the spike at step %d", step)
					continue
				}
				if y < lo || y > hi {
					t.Errorf("spike at step %d (loss %g) outside the band there [%g, %g]", step, y, lo, hi)
				}
			}
		})
	}
}

// TestSpreadBandOnlyWhenThinned: a line drawn from every point has no
// band, nor has one with a band of its own (a y interval).
func TestSpreadBandOnlyWhenThinned(t *testing.T) {
	csv, _ := spikyRun(3000)
	for _, tc := range []struct {
		name, spec string
		want       bool
	}{
		{"thinned", "type: line\ndata: run.csv\nx: step\ny: loss\ndownsample: 500\n", true},
		{"not thinned", "type: line\ndata: run.csv\nx: step\ny: loss\ndownsample: 5000\n", false},
		{"downsample off", "type: line\ndata: run.csv\nx: step\ny: loss\ndownsample: false\n", false},
		{"own interval", "type: line\ndata: run.csv\nx: step\ny: {field: loss, err: e}\ndownsample: 500\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := csv
			if strings.Contains(tc.spec, "err:") {
				data = strings.Replace(strings.ReplaceAll(csv, "\n", ",0.1\n"), "step,loss,0.1", "step,loss,e", 1)
			}
			_, opt := specFilesOption(t, tc.spec, map[string]string{"content/run.csv": data})
			got := false
			for _, s := range opt["series"].([]any) {
				if id, _ := s.(map[string]any)["id"].(string); strings.HasPrefix(id, "scalesite-spread-") {
					got = true
				}
			}
			if got != tc.want {
				t.Errorf("min/max band drawn: %v, want %v (series %v)", got, tc.want, seriesSummary(opt))
			}
		})
	}
}

// TestSpreadBandCuts checks the band's buckets directly: flat over each
// bucket, broken at gaps, every value inside.
func TestSpreadBandCuts(t *testing.T) {
	pts := line(1000, wavy)
	pts[500] = gapPoint(500)
	pts[123].Y = 9
	band, notes := spreadBand(pts, screenXs(pts, false, nil), 20)
	gaps := 0
	for _, b := range band {
		if b.Gap() {
			gaps++
			continue
		}
		if notes.Bounds(b) == nil || notes.Bounds(b).YLo > notes.Bounds(b).YHi {
			t.Fatalf("band point %+v has no interval", b)
		}
	}
	if gaps != 1 {
		t.Errorf("%d gaps in the band, want 1 (the line's)", gaps)
	}
	if len(band) > 2*21+1 {
		t.Errorf("%d band points for 20 buckets", len(band))
	}
	for _, p := range pts {
		if p.Gap() {
			continue
		}
		inside := false
		for i := 0; i+1 < len(band); i++ {
			a, b := band[i], band[i+1]
			if !a.Gap() && !b.Gap() && notes.Bounds(a) == notes.Bounds(b) && a.X <= p.X && p.X <= b.X {
				inside = inside || (notes.Bounds(a).YLo <= p.Y && p.Y <= notes.Bounds(a).YHi)
			}
		}
		for _, a := range band {
			if !a.Gap() && a.X == p.X && notes.Bounds(a).YLo <= p.Y && p.Y <= notes.Bounds(a).YHi {
				inside = true
			}
		}
		if !inside {
			t.Errorf("point %+v outside the band", p)
		}
	}
}

// TestDownsampleLogDecades: on a log x axis each decade of a run logged
// at every step 1..1e6 gets at least 10% of the drawn points, or every row
// it has. Buckets of equal count gave the last decade about 90%.
func TestDownsampleLogDecades(t *testing.T) {
	const n = 1_000_000
	pts := line(n, func(i int) float64 { return 2 + 8*math.Pow(float64(i+1), -0.3) + 0.01*math.Sin(float64(i)) })
	for i := range pts {
		pts[i].X = float64(i + 1)
	}
	for _, target := range []int{100, 500, 2000} {
		t.Run(fmt.Sprint(target), func(t *testing.T) {
			got := downsample(pts, nil, target, true, false)
			if len(got) > target+target/20+4 || len(got) < target/2 {
				t.Errorf("%d points drawn, want about %d", len(got), target)
			}
			var per, rows [7]int
			for _, p := range got {
				per[min(5, int(math.Log10(p.X)))]++
			}
			for _, p := range pts {
				rows[min(5, int(math.Log10(p.X)))]++
			}
			for d := range 6 {
				if per[d] < len(got)/10 && per[d] < rows[d] {
					t.Errorf("decade 1e%d keeps %d of %d drawn points and of its %d rows: %v", d, per[d], len(got), rows[d], per[:6])
				}
			}
		})
	}
	t.Run("linear x keeps buckets of equal count", func(t *testing.T) {
		got := downsample(pts, nil, 2000, false, false)
		last := 0
		for _, p := range got {
			if p.X >= 1e5 {
				last++
			}
		}
		if last < len(got)*8/10 {
			t.Errorf("linear axis: last decade keeps %d of %d, want most (its width on screen)", last, len(got))
		}
	})
}

// seriesSummary names an option's series for messages.
func seriesSummary(opt map[string]any) string {
	var b []string
	for _, s := range opt["series"].([]any) {
		sm := s.(map[string]any)
		b = append(b, fmt.Sprintf("%v %v %v", sm["type"], sm["id"], sm["name"]))
	}
	return strings.Join(b, "; ")
}

// specFilesOption is specOption with data files beside the page.
func specFilesOption(t *testing.T, spec string, files map[string]string) (*site.Chart, map[string]any) {
	t.Helper()
	md := "---\ntitle: Chart\n---\n```chart\n" + spec + "```\n"
	all := map[string]string{"content/f.md": md}
	for k, v := range files {
		all[k] = v
	}
	s, err := site.Load(sitetest.New(t, all), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	b, err := json.Marshal(Option(c))
	if err != nil {
		t.Fatal(err)
	}
	var opt map[string]any
	if err := json.Unmarshal(b, &opt); err != nil {
		t.Fatal(err)
	}
	expandRaw(opt) // in axis space, as the page draws it
	return c, opt
}

// seedRuns is a CSV of size,seed,step,loss: three sizes, five seeds each
// (the largest one), logged every 10 steps to n.
func seedRuns(n int, seedsOfLarge int) string {
	r := rand.New(rand.NewPCG(5, 37))
	var b strings.Builder
	b.WriteString("size,seed,step,loss\n")
	for _, size := range []struct {
		name  string
		scale float64
		seeds int
	}{{"70M", 1, 5}, {"160M", 0.8, 5}, {"410M", 0.65, seedsOfLarge}} {
		for seed := 1; seed <= size.seeds; seed++ {
			off := 0.1 * r.NormFloat64()
			for step := 10; step <= n; step += 10 {
				y := 2 + size.scale*(6*math.Pow(float64(step), -0.25)+off) + 0.03*r.NormFloat64()
				fmt.Fprintf(&b, "%s,%d,%d,%.4f\n", size.name, seed, step, y)
			}
		}
	}
	return b.String()
}

// TestGroupOption: a grouped chart draws one line per configuration named
// with its number of runs, a band of the runs' spread under it in its
// colour, says both in the alt text, and its CSV keeps every run's rows.
func TestGroupOption(t *testing.T) {
	csv := seedRuns(500, 1)
	c, opt := specFilesOption(t, "data: runs.csv\nx: step\ny: loss\nseries: size\ngroup: seed\n", map[string]string{"content/runs.csv": csv})
	lines, bands := map[string]map[string]any{}, map[string]map[string]any{}
	for _, s := range opt["series"].([]any) {
		sm := s.(map[string]any)
		switch sm["type"] {
		case "line":
			lines[sm["name"].(string)] = sm
		case "custom":
			bands[sm["name"].(string)] = sm
		}
	}
	for _, name := range []string{"70M (mean of 5 runs)", "160M (mean of 5 runs)", "410M (1 run)"} {
		if lines[name] == nil {
			t.Errorf("no line %q among %v", name, seriesSummary(opt))
		}
	}
	if bands["70M (mean of 5 runs)"] == nil || bands["160M (mean of 5 runs)"] == nil {
		t.Errorf("want a band under each configuration of several runs, got %v", seriesSummary(opt))
	}
	if bands["410M (1 run)"] != nil {
		t.Errorf("a configuration of one run has no band")
	}
	if n := len(lines["70M (mean of 5 runs)"]["data"].([]any)); n != 50 {
		t.Errorf("the mean line has %d points, want one per step (50)", n)
	}
	alt := AltText(c)
	for _, want := range []string{"70M (mean of 5 runs)", "410M (1 run)", "Each line is the mean of 1 to 5 runs (by seed) at each x, shaded one standard deviation either side of it."} {
		if !strings.Contains(alt, want) {
			t.Errorf("alt text %q lacks %q", alt, want)
		}
	}
	got := string(CSV(c))
	if !strings.HasPrefix(got, "size,seed,step,loss\n") {
		t.Errorf("CSV header %q, want size,seed,step,loss", strings.SplitN(got, "\n", 2)[0])
	}
	if rows, want := strings.Count(got, "\n")-1, strings.Count(csv, "\n")-1; rows != want {
		t.Errorf("CSV has %d rows, want every run's (%d)", rows, want)
	}
	if !strings.Contains(got, "\n160M,3,20,") {
		t.Errorf("CSV lacks seed 3's rows of 160M")
	}
}

// TestBandGoldens keeps the option of each new drawing: a thinned line's
// min/max band, and groups drawn with each band, on a line and a scatter.
// Run `go test ./chart -run TestBandGoldens -update` after an intended
// change, and read the diff.
func TestBandGoldens(t *testing.T) {
	run, _ := spikyRun(4000)
	seeds := seedRuns(300, 3)
	for _, tc := range []struct {
		name, spec, file, data string
	}{
		{"spread-band", "type: line\ndata: run.csv\nx: {field: step, scale: log}\ny: loss\ndownsample: 120\n", "run.csv", run},
		{"group-sd", "data: runs.csv\nx: step\ny: {field: loss, scale: log}\nseries: size\ngroup: seed\nwhere: {step: \"<= 100\"}\n", "runs.csv", seeds},
		{"group-minmax-scatter", "type: scatter\ndata: runs.csv\nx: step\ny: loss\nseries: size\ngroup: seed\nband: minmax\nwhere: {step: \"<= 60\"}\n", "runs.csv", seeds},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := specFilesOption(t, tc.spec, map[string]string{"content/" + tc.file: tc.data})
			checkOptionGolden(t, tc.name+".golden.json", c)
		})
	}
}

package e2e

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/figure"
)

var updateWidths = flag.Bool("update-widths", false, "rewrite the widths Chromium measures in ../figure/testdata/measure.json")

// measureCase is one string of figure/testdata/measure.json, with the width
// Chromium's canvas measured for it, which figure's own tests hold
// figure.Measure to without a browser.
type measureCase struct {
	Text     string  `json:"text"`
	Size     float64 `json:"size"`
	Weight   int     `json:"weight"`
	Chromium float64 `json:"chromium"`
}

// TestMeasureMatchesChromium checks figure.Measure, which the static
// figures lay text out by, against what Chromium's canvas measures (the
// live chart's ECharts measures with it) for the strings of
// figure/testdata/measure.json, in sans-serif, which Chromium on Debian
// draws with DejaVu Sans: within half a pixel each. With -update-widths it
// records Chromium's widths in the file.
func TestMeasureMatchesChromium(t *testing.T) {
	path := filepath.Join("..", "figure", "testdata", "measure.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []measureCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	tb := newBrowser(t).tab(t)
	in, _ := json.Marshal(cases)
	var widths []float64
	script := fmt.Sprintf(`(() => {
		const ctx = document.createElement('canvas').getContext('2d');
		return %s.map(c => { ctx.font = c.weight + ' ' + c.size + 'px sans-serif'; return ctx.measureText(c.text).width; });
	})()`, in)
	if err := chromedp.Run(tb.ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(script, &widths)); err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for i := range cases {
		c := &cases[i]
		if *updateWidths {
			c.Chromium = math.Round(widths[i]*1000) / 1000
		} else if math.Abs(widths[i]-c.Chromium) > 0.01 {
			t.Errorf("%q at %gpx, weight %d: Chromium measures %.3f px, %s records %.3f: run go test ./e2e -run TestMeasureMatchesChromium -update-widths", c.Text, c.Size, c.Weight, widths[i], path, c.Chromium)
		}
		got := figure.Measure(c.Text, c.Size, c.Weight)
		d := math.Abs(got - widths[i])
		worst = max(worst, d)
		if d > 0.5 {
			t.Errorf("%q at %gpx, weight %d: figure.Measure %.3f px, Chromium %.3f", c.Text, c.Size, c.Weight, got, widths[i])
		}
	}
	t.Logf("%d strings, figure.Measure within %.3f px of Chromium", len(cases), worst)

	// Where a line of text sits for each textBaseline: the SVG, PDF and
	// PNG writers place text by figure.BaselineShift.
	type baseCase struct {
		Base   string  `json:"base"`
		Size   float64 `json:"size"`
		Weight int     `json:"weight"`
	}
	var bases []baseCase
	for _, b := range []string{"top", "middle", "bottom", "alphabetic"} {
		for _, size := range []float64{10, 12, 13, 16, 18, 24} {
			for _, w := range []int{400, 700} {
				bases = append(bases, baseCase{b, size, w})
			}
		}
	}
	in, _ = json.Marshal(bases)
	var shifts []float64
	script = fmt.Sprintf(`(() => {
		const ctx = document.createElement('canvas').getContext('2d');
		return %s.map(c => { ctx.font = c.weight + ' ' + c.size + 'px sans-serif'; ctx.textBaseline = c.base; return -ctx.measureText('Hg').alphabeticBaseline; });
	})()`, in)
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(script, &shifts)); err != nil {
		t.Fatal(err)
	}
	for i, c := range bases {
		if got := figure.BaselineShift(c.Base, c.Size, c.Weight); math.Abs(got-shifts[i]) > 0.01 {
			t.Errorf("textBaseline %s at %gpx, weight %d: the baseline is %.4f px below y in Chromium, figure.BaselineShift says %.4f", c.Base, c.Size, c.Weight, shifts[i], got)
		}
	}
	if *updateWidths {
		out, err := json.MarshalIndent(cases, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

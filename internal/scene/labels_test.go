package scene

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

var update = flag.Bool("update", false, "rewrite testdata/labels.golden")

// labelledSpecs are the labelled scatters of the e2e tests that the demo
// site does not hold (TestPointLabelsReadRight's band and note,
// TestLabelOnlyKeepsNames' frontier) and a crowded one of 1,000 points,
// as a scaling chart spreads them.
func labelledSpecs() map[string]string {
	var rows strings.Builder
	rows.WriteString("model,params,acc\nGPT-3,1.75e11,62.0\nJurassic-1,1.78e11,62.4\n")
	for i := range 14 {
		fmt.Fprintf(&rows, "m%d-%dB,%g,%g\n", i, i+1, 1e9*math.Pow(1.35, float64(i)), 40+1.5*float64(i))
	}
	bandNote := "type: scatter\ntitle: Labels among marks\nlabel: model\n" +
		"x: {field: params, title: Parameters, scale: log}\ny: {field: acc, title: Accuracy}\n" +
		"bands:\n  - {y: [44, 50], label: \"a band's label\"}\n" +
		"annotations:\n  - {x: 5e9, y: 52, text: \"a note among the points\"}\n"
	frontier := "type: scatter\ntitle: Frontier\nlabel: {field: model, only: frontier}\nx: year\ny: {field: flop, scale: log}\n"
	var many strings.Builder
	many.WriteString("model,params,acc\n")
	rng := rand.New(rand.NewPCG(32, 1))
	for i := range 1000 {
		f := rng.Float64()
		fmt.Fprintf(&many, "model-%d,%.4g,%.3f\n", i, math.Pow(10, 7+4*f), 25+40*f+rng.NormFloat64()*6)
	}
	crowd := "type: scatter\ntitle: A thousand labelled points\nlabel: model\nx: {field: params, scale: log}\ny: acc\n"
	inline := func(spec, csv string) string {
		return "data: |\n  " + strings.ReplaceAll(strings.TrimSpace(csv), "\n", "\n  ") + "\n" + spec
	}
	return map[string]string{
		"band-and-note": inline(bandNote, rows.String()),
		"frontier": inline(frontier, "model,year,flop\nAlexNet,2012,4.7e17\nVGG16,2014,1.23e19\nGNMT,2016,6.62e21\n"+
			"Transformer,2017,7.42e18\nAlphaGo Zero,2017,3.41e23\nBERT-Large,2018,2.85e20\nGPT-3 175B,2020,3.14e23\n"+
			"Chinchilla,2022,5.76e23\nPaLM (540B),2022,2.53e24\nGPT-4,2023,2.1e25\n"),
		"crowd-1000": inline(crowd, many.String()),
	}
}

// labelDigest is what a Scene shows of its point labels: each label's text
// and place, and each leader line, hashed, with how many of each.
func labelDigest(s *figure.Scene) string {
	type drawn struct {
		Text string
		X, Y float64
		P    []float64
	}
	var labels, leaders []drawn
	for _, it := range s.Items {
		switch {
		case it.Role == "label":
			labels = append(labels, drawn{Text: it.Text, X: it.X, Y: it.Y})
		case it.Kind == "path" && it.Role == "" && it.LineWidth == 0.8 && it.Opacity == 0.7 && len(it.Points) == 4:
			leaders = append(leaders, drawn{P: it.Points})
		}
	}
	b, _ := json.Marshal([][]drawn{labels, leaders})
	sum := sha256.Sum256(b)
	return fmt.Sprintf("%d labels, %d leaders, %s", len(labels), len(leaders), hex.EncodeToString(sum[:12]))
}

// TestLabelPlacementUnchanged holds the point labels of every labelled
// chart of the demo site, of the chart corpus, of the e2e tests and of a
// crowded 1,000-point scatter, at a wide and a phone width, to the
// placement that labels.js chose when it tested every pair of leaders
// (testdata/labels.golden was written by that code, before the leaders
// were indexed in a grid): the index changes the cost, never the labels
// shown or where. -update rewrites it; a change of placement on purpose
// needs that, and a look at the charts.
func TestLabelPlacementUnchanged(t *testing.T) {
	e := newEngine(t)
	charts := chartcorpus.Charts(t, "../..")
	files := map[string]string{}
	for name, spec := range labelledSpecs() {
		if name == "crowd-1000" && testing.Short() {
			continue
		}
		files["content/"+name+".md"] = "---\ntitle: " + name + "\n---\n```chart\n" + spec + "```\n"
	}
	s, err := site.Load(sitetest.New(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Pages {
		charts = append(charts, s.Body(p).Charts...)
	}
	var got strings.Builder
	seen := map[string]int{} // chart IDs are unique within a site, not across
	for _, c := range charts {
		labelled := false
		for _, pn := range c.Spec.Panels {
			labelled = labelled || pn.Label.Name != ""
		}
		if !labelled {
			continue
		}
		seen[c.ID]++
		opt := chart.OptionBytes(chart.Option(c))
		for _, width := range []int{1200, 375} {
			sc, err := e.Scene(opt, width, false)
			if err != nil {
				t.Fatalf("%s at %d px: %v", c.ID, width, err)
			}
			fmt.Fprintf(&got, "%s#%d at %d px: %s\n", c.ID, seen[c.ID], width, labelDigest(sc))
		}
	}
	golden := filepath.Join("testdata", "labels.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v: go test ./internal/scene -run TestLabelPlacementUnchanged -update writes it", err)
	}
	wantLines := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		k, v, _ := strings.Cut(l, ": ")
		wantLines[k] = v
	}
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(got.String()), "\n") {
		k, v, _ := strings.Cut(l, ": ")
		w, ok := wantLines[k]
		if !ok {
			t.Errorf("%s: not in %s", k, golden)
			continue
		}
		n++
		if v != w {
			t.Errorf("%s: labels placed differently: %s, want %s", k, v, w)
		}
	}
	if n == 0 {
		t.Fatal("no labelled chart compared")
	}
}

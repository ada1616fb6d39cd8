package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fitSite is a site with a chart fitted by law (Chinchilla's, on a
// synthetic surface with deterministic noise, over all runs, bootstrapped,
// with a derived quantity) and one fitted with a power law per series.
func fitSite() map[string]string {
	var b strings.Builder
	b.WriteString("params,tokens,flops,loss\n")
	k := 0
	for _, n := range []float64{1e8, 1e9, 1e10} {
		for _, d := range []float64{1e9, 4e9, 1.6e10, 6.4e10, 2.56e11} {
			l := 1.69 + 406.4/math.Pow(n, 0.34) + 410.7/math.Pow(d, 0.28)
			l *= 1 + 0.004*math.Sin(float64(7*k)) // noise the same on every machine
			k++
			fmt.Fprintf(&b, "%g,%g,%g,%.6g\n", n, d, 6*n*d, l)
		}
	}
	page := "---\ntitle: Laws\n---\n```chart\ndata: runs.csv\nseries: params\nx: {field: flops, scale: log}\ny: {field: loss, scale: log}\n" +
		"fit:\n  law: \"L = E + A / N^alpha + B / D^beta\"\n  where: {N: params, D: tokens}\n  over: all\n  loss: huber\n  bootstrap: 100\n" +
		"  derive: {a: \"beta / (alpha + beta)\"}\n```\n\n```chart\ndata: runs.csv\nseries: params\nx: {field: tokens, scale: log}\ny: {field: loss, scale: log}\nfit: powerlaw\n```\n"
	return map[string]string{"content/laws/index.md": page, "content/laws/runs.csv": b.String()}
}

// TestFitFiles: every fitted chart writes CHART-ID.fit.json beside its
// CSV file, in the contract's shape, the same bytes from two builds
// (testdata/fit/laws.fit.json; -update rewrites it), and the page shows
// the same numbers in a table under the chart, linked to the file.
func TestFitFiles(t *testing.T) {
	_, files := renderFiles(t, fitSite())
	_, again := renderFiles(t, fitSite())
	name := "laws/chart-laws-1.fit.json"
	got := files[name]
	if got == "" {
		t.Fatalf("no %s among %d files", name, len(files))
	}
	if again[name] != got {
		t.Errorf("two builds wrote different %s:\n%s", name, firstDiff([]byte(again[name]), []byte(got)))
	}
	golden := filepath.Join("testdata", "fit", "laws.fit.json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./render -run TestFitFiles -update writes it)", err)
	}
	if !bytes.Equal([]byte(got), want) {
		t.Errorf("%s differs from %s (-update rewrites it if the change is right):\n%s", name, golden, firstDiff([]byte(got), want))
	}
	var doc struct {
		Fits []map[string]json.RawMessage `json:"fits"`
	}
	if err := json.Unmarshal([]byte(got), &doc); err != nil || len(doc.Fits) != 1 {
		t.Fatalf("%s: %v, %d fits, want 1", name, err, len(doc.Fits))
	}
	for _, key := range []string{"law", "series", "n", "loss", "delta", "in", "objective", "r2", "data_sha256", "parameters", "derived", "doubling", "minima"} {
		if _, ok := doc.Fits[0][key]; !ok {
			t.Errorf("%s has no %q", name, key)
		}
	}
	var params map[string]struct {
		Estimate float64    `json:"estimate"`
		SE       float64    `json:"se"`
		CI95     [2]float64 `json:"ci95"`
	}
	if err := json.Unmarshal(doc.Fits[0]["parameters"], &params); err != nil || len(params) != 5 {
		t.Fatalf("parameters %s: %v", doc.Fits[0]["parameters"], err)
	}
	if a := params["alpha"]; math.Abs(a.Estimate-0.34) > 0.05 || a.SE <= 0 || a.CI95[0] > a.Estimate || a.CI95[1] < a.Estimate {
		t.Errorf("alpha %+v", a)
	}
	// the power law's file: its constants a and b, per series
	if p := files["laws/chart-laws-2.fit.json"]; !strings.Contains(p, `"law": "y = a * x^b"`) || strings.Count(p, `"series": "1e+`) != 3 {
		t.Errorf("the power law's fit file:\n%s", p)
	}
	html := files["laws/index.html"]
	i := strings.Index(html, `<div class="scalesite-fits">`)
	if i < 0 {
		t.Fatal("no fit table on the page")
	}
	table := html[i : i+strings.Index(html[i:], "</div>")]
	for _, want := range []string{
		"<caption>fit: L = E &#43; A/Nᵅ &#43; B/Dᵝ</caption>", // html/template escapes + so too
		`<th scope="col">Constant</th><th scope="col">Estimate</th><th scope="col">SE</th><th scope="col">95% interval</th>`,
		`<tr><th scope="row">α</th><td>`,
		`<tr><th scope="row">a = β/(α &#43; β)</th><td>`,
		"n = 15 · Huber loss (δ = 0.001) on log L · objective ",
		`<a href="chart-laws-1.fit.json" download="chart-laws-1.fit.json" type="application/json">`,
	} {
		if !strings.Contains(table, want) {
			t.Errorf("the fit table has no %q:\n%s", want, table)
		}
	}
}

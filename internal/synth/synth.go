// Package synth writes synthetic sites for benchmarks: the same shape of
// page as the shared gensite.py generator (prose, a log-x line chart with
// three series and a labelled log-x scatter, both with inline CSV), so Go
// benchmarks and the Hugo comparison measure the same kind of site.
package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write writes a site like scripts/bench/gensite.py makes into dir:
// pages of prose with a log-x line chart (3 series × points, inline CSV)
// and a labelled log-x scatter each.
func Write(tb testing.TB, dir string, pages, points int) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(42, 42))
	words := strings.Fields("scaling law compute optimal model tokens parameters loss accuracy benchmark training inference frontier budget power exponent fit curve regime data quality")
	para := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(w, " ") + "."
	}
	must := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "content"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "scalesite.yaml"), []byte("title: Synthetic benchmark\nbaseURL: /\n"), 0o644))
	for i := range pages {
		var b strings.Builder
		fmt.Fprintf(&b, "---\ntitle: Synthetic scaling study %d\ndate: 2025-01-%02d\ndescription: Page %d\ntags: [bench, scaling]\n---\n\n", i, 1+i%28, i)
		fmt.Fprintf(&b, "%s\n\n## Setup\n\n%s\n\n| model | params | score |\n|---|---|---|\n| m0 | 1000000 | 50 |\n\n", para(60), para(50))
		b.WriteString("```chart\ntype: line\ntitle: Accuracy vs compute\nx: {field: flops, title: Training FLOPs, scale: log}\ny: {field: acc, title: Average accuracy (%)}\nseries: model\ndata: |\n  model,flops,acc\n")
		for s := range 3 {
			for p := range points {
				f := math.Pow(10, 19+4*float64(p)/float64(max(1, points-1)))
				fmt.Fprintf(&b, "  series-%d,%.4e,%.2f\n", s, f, 40+8*float64(s)+6*math.Log10(f/1e19)+rng.Float64()*2-1)
			}
		}
		b.WriteString("```\n\n## Results\n\n" + para(80) + "\n\n```chart\ntype: scatter\ntitle: Score vs parameters\nx: {field: params, title: Parameters, scale: log}\ny: {field: score, title: Score}\nlabel: name\ndata: |\n  name,params,score\n")
		for k := range 12 {
			fmt.Fprintf(&b, "  model-%d,%.3e,%.2f\n", k, math.Pow(10, 6+float64(k)*0.3), 60+float64(k)+rng.Float64()*4-2)
		}
		b.WriteString("```\n\n" + para(60) + "\n")
		must(os.WriteFile(filepath.Join(dir, "content", fmt.Sprintf("page-%05d.md", i)), []byte(b.String()), 0o644))
	}
}

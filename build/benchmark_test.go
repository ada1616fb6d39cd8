package build

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSyntheticSite writes a site like ../shared/bench/gensite.py makes:
// pages of prose with a log-x line chart (3 series × points, inline CSV)
// and a labelled log-x scatter each.
func writeSyntheticSite(tb testing.TB, dir string, pages, points int) {
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

// BenchmarkBuildSynthetic builds a 200-page synthetic site (two charts and
// 132 points a page) end to end: load, render, write.
func BenchmarkBuildSynthetic(b *testing.B) {
	src := b.TempDir()
	writeSyntheticSite(b, src, 200, 40)
	dest := filepath.Join(b.TempDir(), "public")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/200, "µs/page")
}

// BenchmarkRenderSynthetic is the same site without the write step.
func BenchmarkRenderSynthetic(b *testing.B) {
	src := b.TempDir()
	writeSyntheticSite(b, src, 200, 40)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Render(src, Options{}.Options); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildDemo builds the demo site of this repository.
func BenchmarkBuildDemo(b *testing.B) {
	dest := filepath.Join(b.TempDir(), "public")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Options{Source: "..", Dest: dest}); err != nil {
			b.Fatal(err)
		}
	}
}

package chartspec_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/markdown"
)

// BenchmarkParseCorpus reads every spec of the test corpus (every option
// the renderer writes) once per round.
func BenchmarkParseCorpus(b *testing.B) {
	benchmarkSpecs(b, chartcorpus.Specs)
}

// BenchmarkParseSynthetic reads the two chart blocks of a page of the
// synthetic site the build benchmarks use (pipeline's BuildSynthetic,
// scripts/bench): a line chart of 120 inline rows and a scatter of 12,
// each with flow-style axes.
func BenchmarkParseSynthetic(b *testing.B) {
	benchmarkSpecs(b, syntheticSpecs(b))
}

// syntheticSpecs returns the two chart blocks of the synthetic site's first
// page, as the Markdown reader hands them to Parse.
func syntheticSpecs(tb testing.TB) []string {
	dir := tb.TempDir()
	synth.Write(tb, dir, 1, 40)
	src, err := os.ReadFile(filepath.Join(dir, "content", "page-00000.md"))
	if err != nil {
		tb.Fatal(err)
	}
	var specs []string
	doc := markdown.New().Parser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if cb, ok := n.(*markdown.ChartBlock); ok && entering {
			specs = append(specs, string(cb.Spec))
		}
		return ast.WalkContinue, nil
	})
	if len(specs) != 2 {
		tb.Fatalf("%d chart blocks in the synthetic page, want 2", len(specs))
	}
	return specs
}

func benchmarkSpecs(b *testing.B, specs []string) {
	srcs := make([][]byte, len(specs))
	size := 0
	for i, s := range specs {
		srcs[i] = []byte(s)
		size += len(s)
	}
	at := diag.Pos{File: "page.md", Line: 5, Col: 1}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			if _, err := chartspec.Parse(src, at); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(specs))/1e3, "µs/spec")
}

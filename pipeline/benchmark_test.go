package pipeline

import (
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
)

// BenchmarkBuildSynthetic builds a 200-page synthetic site (two charts and
// 132 points a page) end to end: load, render, write.
func BenchmarkBuildSynthetic(b *testing.B) {
	noManifest(b)
	src := b.TempDir()
	synth.Write(b, src, 200, 40)
	dest := filepath.Join(b.TempDir(), "public")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/200, "µs/page")
}

// BenchmarkRebuildUnchanged builds the same site again over its own output
// with nothing changed: no page is loaded or rendered, no file written.
func BenchmarkRebuildUnchanged(b *testing.B) {
	src := b.TempDir()
	synth.Write(b, src, 200, 40)
	dest := filepath.Join(b.TempDir(), "public")
	if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderSynthetic is the same site without the write step.
func BenchmarkRenderSynthetic(b *testing.B) {
	src := b.TempDir()
	synth.Write(b, src, 200, 40)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Render(src, Options{}.Options); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildDemo builds the demo site of this repository.
func BenchmarkBuildDemo(b *testing.B) {
	noManifest(b)
	dest := filepath.Join(b.TempDir(), "public")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Options{Source: "..", Dest: dest}); err != nil {
			b.Fatal(err)
		}
	}
}

// noManifest makes every build of the benchmark a full one: with no cache
// folder to keep the manifest of the last output in, a build loads,
// renders and writes every page (BenchmarkRebuildUnchanged measures the
// other case).
func noManifest(b *testing.B) {
	b.Setenv("XDG_CACHE_HOME", "/proc/no-cache")
}

package pipeline

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
)

// BenchmarkBuildLongRuns builds issue 37's long training runs end to end
// (load, render, write): one run of 1,000,000 steps by default, a tenth
// of the goal, which is ten such runs in under 5 s and 500 MB
// (BENCHMARKS.md, "Long training runs"). SCALESITE_LONGRUNS=10 builds
// all ten; SCALESITE_LONGRUNS_FORMAT=jsonl, parquet or tfevents builds
// them from that format (synth.LongRunsAs) instead of a CSV.
func BenchmarkBuildLongRuns(b *testing.B) {
	noManifest(b)
	runs := 1
	if n, err := strconv.Atoi(os.Getenv("SCALESITE_LONGRUNS")); err == nil && n > 0 {
		runs = n
	}
	format := synth.LongRunsCSV
	if f := os.Getenv("SCALESITE_LONGRUNS_FORMAT"); f != "" {
		format = f
	}
	src := b.TempDir()
	if err := synth.LongRunsAs(src, runs, 1_000_000, format); err != nil {
		b.Fatal(err)
	}
	dest := filepath.Join(b.TempDir(), "public")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
			b.Fatal(err)
		}
	}
}

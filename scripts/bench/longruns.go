//go:build ignore

// Command longruns writes the site of issue 37's speed goal (see
// internal/synth.LongRuns): RUNS training runs of STEPS steps each in one
// CSV and a page charting train_loss against step by run, on a log and a
// linear x axis. BENCHMARKS.md ("Long training runs") builds it with
//
//	go run scripts/bench/longruns.go -runs 10 -steps 1000000 /tmp/longruns
//	/usr/bin/time -v bin/scalesite build --source /tmp/longruns --dest /tmp/longruns-out
package main

import (
	"flag"
	"log"

	"github.com/scalesite/scalesite/internal/synth"
)

func main() {
	runs := flag.Int("runs", 10, "training runs")
	steps := flag.Int("steps", 1_000_000, "steps per run")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: go run scripts/bench/longruns.go [-runs N] [-steps N] OUT_DIR")
	}
	if err := synth.LongRuns(flag.Arg(0), *runs, *steps); err != nil {
		log.Fatal(err)
	}
}

//go:build ignore

// Command longruns writes the site of issue 37's speed goal (see
// internal/synth.LongRunsAs): RUNS training runs of STEPS steps each, as
// one CSV (the default), JSON Lines or Parquet file or a folder of
// TensorBoard event files, and a page charting train_loss against step by
// run, on a log and a linear x axis. BENCHMARKS.md ("Long training runs")
// builds it with
//
//	go run scripts/bench/longruns.go -runs 10 -steps 1000000 /tmp/longruns
//	/usr/bin/time -v bin/scalesite build --source /tmp/longruns --dest /tmp/longruns-out
//
// and "Long training runs, fmt37" each format with -format jsonl, parquet
// or tfevents.
package main

import (
	"flag"
	"log"

	"github.com/scalesite/scalesite/internal/synth"
)

func main() {
	runs := flag.Int("runs", 10, "training runs")
	steps := flag.Int("steps", 1_000_000, "steps per run")
	format := flag.String("format", synth.LongRunsCSV, "the data's format: csv, jsonl, parquet or tfevents")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: go run scripts/bench/longruns.go [-runs N] [-steps N] [-format csv|jsonl|parquet|tfevents] OUT_DIR")
	}
	if err := synth.LongRunsAs(flag.Arg(0), *runs, *steps, *format); err != nil {
		log.Fatal(err)
	}
}

//go:build ignore

// Command yamlcmp times the YAML library scalesite reads chart specs with
// (github.com/goccy/go-yaml) beside go.yaml.in/yaml/v3's Node API, which
// also keeps a line and column per node, on the specs scalesite's own
// benchmarks parse (issue 22). It is a measurement, not a switch: yaml.v3
// stays out of scalesite's go.mod, so yamlcmp.sh runs it in a module of its
// own made in a temporary folder (a go.mod kept in this repository, below
// scalesite's, broke `go install` of scalesite at a commit).
//
// The specs come from a folder written by
//
//	go test ./chartspec -run TestDumpSpecs -dump-specs DIR
//
// A separate module cannot import scalesite's internal packages, where the
// corpus (internal/chartcorpus) and the synthetic page (internal/synth)
// live, and copying their text here would let the two drift apart. The
// dump test writes exactly the bytes BenchmarkParseCorpus and
// BenchmarkParseSynthetic parse, each twice: NAME.yaml as written and
// NAME.fed.yaml as chartspec.Parse hands it to the YAML library (inline data
// blocks lifted out, colon values quoted). The .fed.yaml rows are the ones
// that compare with what a build pays.
//
// For each spec it reports the median over -count runs of testing.Benchmark
// (each run lasting -benchtime) of:
//
//	lex     goccy's lexer.Tokenize alone
//	goccy   goccy's parser.ParseBytes, lexer included, with the option
//	        chartspec passes (AllowDuplicateMapKey)
//	v3node  yaml.v3's Unmarshal into a yaml.Node
//
// Allocations per operation are deterministic; times are not, so run it on
// a quiet machine and say the load beside the figures.
//
// Usage:
//
//	go run . [-count 10] [-benchtime 200ms] [-match '*.fed.yaml'] DIR
//
// The last column, v3/goccy, is the median over rounds of yaml.v3's time
// over goccy's ParseBytes time, the readers taking turns within a round.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml/lexer"
	goccyparser "github.com/goccy/go-yaml/parser"
	yamlv3 "go.yaml.in/yaml/v3"
)

// reader is one way of reading a spec; it returns an error if the spec does
// not read, so that no library is timed on a failure path.
type reader struct {
	name string
	read func(src []byte) error
}

// readers are the ways timed, in the order of the table's columns; goccy
// and v3node are the indexes of the two compared.
const goccy, v3node = 1, 2

var readers = []reader{
	{"lex", func(src []byte) error {
		if tks := lexer.Tokenize(string(src)); tks.InvalidToken() != nil {
			return fmt.Errorf("invalid token: %s", tks.InvalidToken().Error)
		}
		return nil
	}},
	{"goccy", func(src []byte) error {
		_, err := goccyparser.ParseBytes(src, 0, goccyparser.AllowDuplicateMapKey())
		return err
	}},
	{"v3node", func(src []byte) error {
		var n yamlv3.Node
		return yamlv3.Unmarshal(src, &n)
	}},
}

// figure is the median time and the allocations of one reader on one spec.
type figure struct {
	ns                 float64
	allocs, allocBytes int64
}

func main() {
	testing.Init()
	count := flag.Int("count", 10, "runs of each benchmark; the median is reported")
	benchtime := flag.Duration("benchtime", 200*time.Millisecond, "duration of each run")
	match := flag.String("match", "*.yaml", "which spec files of DIR to read (e.g. *.fed.yaml)")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: yamlcmp [-count N] [-benchtime D] [-match GLOB] DIR (written by go test ./chartspec -run TestDumpSpecs -dump-specs DIR)")
	}
	if err := flag.Set("test.benchtime", benchtime.String()); err != nil {
		log.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(flag.Arg(0), *match))
	if err != nil || len(files) == 0 {
		log.Fatalf("no *.yaml specs in %s (%v)", flag.Arg(0), err)
	}
	slices.Sort(files)

	fmt.Printf("%-22s %6s", "spec", "bytes")
	for _, r := range readers {
		fmt.Printf(" %10s %7s %8s", r.name+" µs", "allocs", "B")
	}
	fmt.Printf(" %8s\n", "v3/goccy")
	// totals sums the per-spec figures of the corpus, as written and as fed.
	totals := map[string][]figure{}
	n := map[string]int{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			log.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		fmt.Printf("%-22s %6d", name, len(src))
		figs, ratio, err := measure(src, *count)
		if err != nil {
			log.Fatalf("%s: %v", file, err)
		}
		for _, f := range figs {
			fmt.Printf(" %10.2f %7d %8d", f.ns/1e3, f.allocs, f.allocBytes)
		}
		fmt.Printf(" %8.2f\n", ratio)
		if strings.HasPrefix(name, "corpus-") {
			kind := strings.TrimPrefix(filepath.Ext(name), ".") // "fed" or ""
			if totals[kind] == nil {
				totals[kind] = make([]figure, len(readers))
			}
			for i, f := range figs {
				totals[kind][i].ns += f.ns
				totals[kind][i].allocs += f.allocs
				totals[kind][i].allocBytes += f.allocBytes
			}
			n[kind]++
		}
	}
	for _, kind := range []string{"", "fed"} {
		t := totals[kind]
		if t == nil {
			continue
		}
		label := "corpus mean"
		if kind != "" {
			label += " ." + kind
		}
		fmt.Printf("%-22s %6s", label, "")
		for _, f := range t {
			k := float64(n[kind])
			fmt.Printf(" %10.2f %7.0f %8.0f", f.ns/k/1e3, float64(f.allocs)/k, float64(f.allocBytes)/k)
		}
		fmt.Printf(" %8.2f (%d specs; ratio of the summed medians)\n", t[v3node].ns/t[goccy].ns, n[kind])
	}
}

// measure times every reader on src, count rounds of testing.Benchmark
// each, and returns for each reader the median time per read and the
// allocations of one read, and the median over rounds of yaml.v3's time over
// goccy's. The readers take turns within a round, so that a load that comes
// and goes on a shared machine weighs on all of them alike.
func measure(src []byte, count int) ([]figure, float64, error) {
	for _, r := range readers {
		if err := r.read(src); err != nil {
			return nil, 0, fmt.Errorf("%s: %v", r.name, err)
		}
	}
	figs := make([]figure, len(readers))
	ns := make([][]float64, len(readers))
	ratios := make([]float64, count)
	for round := range count {
		for i, r := range readers {
			res := testing.Benchmark(func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = r.read(src)
				}
			})
			ns[i] = append(ns[i], float64(res.T.Nanoseconds())/float64(res.N))
			figs[i].allocs, figs[i].allocBytes = res.AllocsPerOp(), res.AllocedBytesPerOp()
		}
		ratios[round] = ns[v3node][round] / ns[goccy][round]
	}
	for i := range figs {
		figs[i].ns = median(ns[i])
	}
	return figs, median(ratios), nil
}

// median returns the median of xs, which it sorts.
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

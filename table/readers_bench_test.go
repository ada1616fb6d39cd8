package table

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"testing"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// benchRow is one scalar of a training log: the five columns of an event
// table, as each format writes them.
type benchRow struct {
	Run      string  `parquet:"run"`
	Tag      string  `parquet:"tag"`
	Step     int64   `parquet:"step"`
	WallTime float64 `parquet:"wall_time"`
	Value    float32 `parquet:"value"`
}

// benchLog is a 1,000,000-step log of one run and one tag.
func benchLog(steps int) []benchRow {
	rows := make([]benchRow, steps)
	for i := range rows {
		rows[i] = benchRow{"run", "train/loss", int64(i), 1.7e9 + float64(i)*0.37, float32(2 + math.Sin(float64(i)))}
	}
	return rows
}

// BenchmarkReadLog reads a 1,000,000-step log (five columns) written in
// each format the table package reads: what a training log costs to read.
func BenchmarkReadLog(b *testing.B) {
	rows := benchLog(1_000_000)
	var csv, jsonl, events bytes.Buffer
	csv.WriteString("run,tag,step,wall_time,value\n")
	w := tfevents.NewWriter(&events, 1.7e9)
	for _, r := range rows {
		wall, v := strconv.FormatFloat(r.WallTime, 'f', -1, 64), strconv.FormatFloat(float64(r.Value), 'g', -1, 32)
		fmt.Fprintf(&csv, "%s,%s,%d,%s,%s\n", r.Run, r.Tag, r.Step, wall, v)
		fmt.Fprintf(&jsonl, `{"run": %q, "tag": %q, "step": %d, "wall_time": %s, "value": %s}`+"\n", r.Run, r.Tag, r.Step, wall, v)
		w.Event(r.Step, r.WallTime, tfevents.Scalar{Tag: r.Tag, Value: float64(r.Value)})
	}
	parquet := writeParquet(b, rows)
	read := map[string]func() (*Table, error){
		"CSV":     func() (*Table, error) { return ParseCSV(csv.Bytes(), file("log.csv"), ',') },
		"JSONL":   func() (*Table, error) { return ReadJSONL("log.jsonl", bytes.NewReader(jsonl.Bytes())) },
		"Parquet": func() (*Table, error) { return ParseParquet("log.parquet", parquet) },
		"Events": func() (*Table, error) {
			return ReadEvents("runs", []EventFile{{Run: "run", Name: "runs/run/e", Open: func() (io.ReadCloser, error) {
				return io.NopCloser(bytes.NewReader(events.Bytes())), nil
			}}})
		},
	}
	sizes := map[string]int{"CSV": csv.Len(), "JSONL": jsonl.Len(), "Parquet": len(parquet), "Events": events.Len()}
	for _, name := range []string{"CSV", "JSONL", "Parquet", "Events"} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(sizes[name]))
			for b.Loop() {
				t, err := read[name]()
				if err != nil {
					b.Fatal(err)
				}
				if t.Len() != len(rows) {
					b.Fatalf("%d rows", t.Len())
				}
			}
		})
	}
}

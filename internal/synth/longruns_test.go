package synth_test

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/table"
)

// TestLongRunsFormatsHoldTheSameRuns reads the runs LongRunsAs writes in
// each format and checks that every run's training and validation loss
// are the CSV's, value for value.
func TestLongRunsFormatsHoldTheSameRuns(t *testing.T) {
	const runs, steps = 2, 2500
	want := readLosses(t, synth.LongRunsCSV, runs, steps)
	if len(want) != runs*steps+runs*(steps/1000) {
		t.Fatalf("the CSV holds %d losses, want %d", len(want), runs*steps+runs*(steps/1000))
	}
	for _, format := range []string{synth.LongRunsJSONL, synth.LongRunsParquet, synth.LongRunsTFEvents} {
		t.Run(format, func(t *testing.T) {
			got := readLosses(t, format, runs, steps)
			if len(got) != len(want) {
				t.Fatalf("%d losses, want %d", len(got), len(want))
			}
			for k, v := range want {
				if got[k] != v {
					t.Fatalf("%v: %v, want %v", k, got[k], v)
				}
			}
		})
	}
}

// lossKey names one loss of the runs.
type lossKey struct {
	run, metric string
	step        float64
}

// readLosses writes the runs in format and reads their losses back with
// the table package's reader of that format.
func readLosses(t *testing.T, format string, runs, steps int) map[lossKey]float64 {
	t.Helper()
	dir := t.TempDir()
	if err := synth.LongRunsAs(dir, runs, steps, format); err != nil {
		t.Fatal(err)
	}
	var tab *table.Table
	var err error
	if format == synth.LongRunsTFEvents {
		var files []table.EventFile
		for r := range runs {
			run := "r" + strconv.Itoa(r)
			matches, _ := filepath.Glob(filepath.Join(dir, "data", "tb", run, "events.out.tfevents.*"))
			if len(matches) != 1 {
				t.Fatalf("run %s: event files %v, want one", run, matches)
			}
			files = append(files, table.EventFile{Run: run, Name: matches[0], Open: func() (io.ReadCloser, error) { return os.Open(matches[0]) }})
		}
		tab, err = table.ReadEvents("tb", files)
	} else {
		name := filepath.Join(dir, "data", "runs."+format)
		var f *os.File
		if f, err = os.Open(name); err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		tab, err = table.Read(name, f, 0)
	}
	if err != nil {
		t.Fatal(err)
	}
	num := func(r, c int) float64 {
		v, missing, ok := table.Number(tab.Cell(r, c))
		if missing || !ok {
			t.Fatalf("row %d, column %s: %q is no number", r, tab.Columns[c], tab.Cell(r, c))
		}
		return v
	}
	out := map[lossKey]float64{}
	run, step := tab.Index("run"), tab.Index("step")
	if format == synth.LongRunsTFEvents {
		tag, value := tab.Index("tag"), tab.Index("value")
		for r := range tab.Len() {
			out[lossKey{tab.Cell(r, run), tab.Cell(r, tag), num(r, step)}] = num(r, value)
		}
		return out
	}
	for r := range tab.Len() {
		for _, metric := range []string{"train_loss", "val_loss"} {
			if c := tab.Index(metric); tab.Cell(r, c) != "" {
				out[lossKey{tab.Cell(r, run), metric, num(r, step)}] = num(r, c)
			}
		}
	}
	return out
}

// TestLongRunsKeepsOthersFiles checks that the long runs are not written
// into a folder that already holds a file, which they would write over.
func TestLongRunsKeepsOthersFiles(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "scalesite.yaml")
	if err := os.WriteFile(mine, []byte("title: my site\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := synth.LongRunsAs(dir, 1, 10, synth.LongRunsCSV); err == nil {
		t.Fatal("LongRunsAs wrote into a folder that was not empty")
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "title: my site\n" {
		t.Fatalf("the folder's own file is now %q (%v)", b, err)
	}
	if err := synth.LongRunsAs(filepath.Join(dir, "new"), 1, 10, synth.LongRunsCSV); err != nil {
		t.Fatalf("a new folder: %v", err)
	}
}

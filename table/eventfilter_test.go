package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// filterFolder is a folder of three runs, the first in two files, whose
// events hold several scalars each, of tags logged at different steps.
func filterFolder(t *testing.T) []EventFile {
	a1 := eventsOf(t, func(w *tfevents.Writer) {
		for step := range 40 {
			scalars := []tfevents.Scalar{{Tag: "loss", Value: float64(step) / 4}}
			if step%10 == 0 {
				scalars = append(scalars, tfevents.Scalar{Tag: "val_loss", Value: float64(step) / 8})
			}
			if step%7 == 0 {
				scalars = append([]tfevents.Scalar{{Tag: "lr", Value: 0.001}}, scalars...)
			}
			w.Event(int64(step), 1.7e9+float64(step), scalars...)
		}
	})
	a2 := eventsOf(t, func(w *tfevents.Writer) {
		w.Event(40, 1.8e9, tfevents.Scalar{Tag: "loss", Value: 0.5}, tfevents.Scalar{Tag: "grad_norm", Value: 3})
		w.Event(41, 1.8e9+1, tfevents.Scalar{Tag: "loss", Value: 0.25})
	})
	b := eventsOf(t, func(w *tfevents.Writer) {
		for step := range 25 {
			w.Event(int64(step), 1.9e9, tfevents.Scalar{Tag: "val_loss", Value: 2}, tfevents.Scalar{Tag: "loss", Value: float64(step)})
		}
	})
	return []EventFile{eventFile("a", "runs/a/e1", a1), eventFile("a", "runs/a/e2", a2), eventFile("b/seed1", "runs/b/seed1/e", b)}
}

// TestStreamEventsFilter reads a folder for some runs and tags: the rows
// are those of the folder read whole that the filter keeps, with their
// cells, positions and lines, and Filtered counts every row read, by run
// and tag in the order they first come, the filter asked once of each.
func TestStreamEventsFilter(t *testing.T) {
	files := filterFolder(t)
	tests := []struct {
		name  string
		keep  []string
		keeps func(run, tag string) bool
	}{
		{"a tag", []string{"run", "step", "value"}, func(_, tag string) bool { return tag == "loss" }},
		{"two tags, every column", nil, func(_, tag string) bool { return tag == "loss" || tag == "val_loss" }},
		{"a run", []string{"tag", "value"}, func(run, _ string) bool { return run == "a" }},
		{"a run's tag", []string{"run", "tag", "step", "value"}, func(run, tag string) bool { return run == "b/seed1" && tag == "val_loss" }},
		{"a tag of one file", []string{"step", "value"}, func(_, tag string) bool { return tag == "grad_norm" }},
		{"every row", []string{"run", "value"}, func(string, string) bool { return true }},
		{"no row", nil, func(string, string) bool { return false }},
	}
	everything, err := ReadEvents("runs", files)
	if err != nil {
		t.Fatal(err)
	}
	// The keys of the whole folder, and its rows each keeps.
	var keys []EventKey
	keyOf := make([]int, everything.Len())
	for r := range everything.Len() {
		run, tag := everything.Cell(r, 0), everything.Cell(r, 1)
		i := slices.IndexFunc(keys, func(k EventKey) bool { return k.Run == run && k.Tag == tag })
		if i < 0 {
			i = len(keys)
			keys = append(keys, EventKey{Run: run, Tag: tag})
		}
		keys[i].Rows++
		keyOf[r] = i
	}
	if len(keys) != 6 {
		t.Fatalf("the folder has %d runs and tags, want 6: %v", len(keys), keys)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			whole, err := ReadEventsColumns("runs", files, tt.keep)
			if err != nil {
				t.Fatal(err)
			}
			asked := map[[2]string]int{}
			filter := &EventFilter{Name: tt.name, Keeps: func(run, tag string) bool {
				asked[[2]string{run, tag}]++
				return tt.keeps(run, tag)
			}}
			got, err := StreamEvents("runs", files, EventsRead{Keep: tt.keep, Rows: filter})
			if err != nil {
				t.Fatal(err)
			}
			var want []int
			wantKeys := slices.Clone(keys)
			for r := range whole.Len() {
				k := &wantKeys[keyOf[r]]
				k.Kept = tt.keeps(k.Run, k.Tag)
				if k.Kept {
					want = append(want, r)
				}
			}
			if got.Len() != len(want) {
				t.Fatalf("%d rows, want %d", got.Len(), len(want))
			}
			for i, r := range want {
				if g, w := fmt.Sprint(got.Row(i)), fmt.Sprint(whole.Row(r)); g != w {
					t.Fatalf("row %d: %s, want row %d of the whole: %s", i, g, r, w)
				}
				for c := range EventColumns {
					if g, w := got.Pos(i, c), whole.Pos(r, c); g != w {
						t.Fatalf("row %d column %d at %v, want %v", i, c, g, w)
					}
				}
			}
			f := got.Filtered()
			if f == nil || f.By != tt.name || f.Rows != whole.Len() {
				t.Fatalf("Filtered = %+v, want By %q and %d rows", f, tt.name, whole.Len())
			}
			if !slices.Equal(f.Keys, wantKeys) {
				t.Errorf("keys\n%v\nwant\n%v", f.Keys, wantKeys)
			}
			for k, n := range asked {
				if n != 1 {
					t.Errorf("the filter was asked %d times of %v", n, k)
				}
			}
			if len(asked) != len(keys) {
				t.Errorf("the filter was asked of %d runs and tags, want %d", len(asked), len(keys))
			}
			if whole.Filtered() != nil || got.Subset([]int{}).Filtered() != nil {
				t.Error("a table read whole, or a subset, says it was filtered")
			}
		})
	}
}

// TestStreamEventsEach hands a filtered folder over as it is read: every
// StreamRows rows kept, the rows so far are those of the folder read
// whole then filtered, read counts up to the files' size, and the text
// let go after each call leaves the rows' lines.
func TestStreamEventsEach(t *testing.T) {
	const steps = 2*StreamRows + 500
	src := eventsOf(t, func(w *tfevents.Writer) {
		for step := range steps {
			w.Event(int64(step), 1.7e9+float64(step), tfevents.Scalar{Tag: "lr", Value: 1e-4}, tfevents.Scalar{Tag: "loss", Value: float64(step % 977)})
		}
	})
	files := []EventFile{eventFile("r1", "runs/r1/e", src), eventFile("r2", "runs/r2/e", src)}
	files[0].Size, files[1].Size = int64(len(src)), int64(len(src))
	keep := []string{"run", "step", "value"}
	whole, err := ReadEventsColumns("runs", files, keep)
	if err != nil {
		t.Fatal(err)
	}
	loss := &EventFilter{Name: "loss", Keeps: func(_, tag string) bool { return tag == "loss" }}
	var calls, seen int
	var lastRead int64
	got, err := StreamEvents("runs", files, EventsRead{Keep: keep, Rows: loss, Each: func(tb *Table, read int64) {
		calls++
		if read <= lastRead || read > 2*int64(len(src)) {
			t.Errorf("call %d: read %d bytes, after %d, of %d", calls, read, lastRead, 2*len(src))
		}
		lastRead = read
		if tb.Len() < seen+StreamRows {
			t.Errorf("call %d with %d rows, %d after the last", calls, tb.Len(), tb.Len()-seen)
		}
		for r := seen; r < tb.Len(); r++ {
			w := 2*r + 1 // the loss rows of the whole
			if g, want := tb.Cell(r, 4), whole.Cell(w, 4); g != want || tb.Line(r) != whole.Line(w) {
				t.Fatalf("row %d: %q at %d, want %q at %d", r, g, tb.Line(r), want, whole.Line(w))
			}
		}
		seen = tb.Len()
		tb.ForgetText(tb.Len())
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * steps / StreamRows; calls != want {
		t.Errorf("each called %d times, want %d", calls, want)
	}
	if got.Len() != steps*2 || got.Filtered().Rows != whole.Len() {
		t.Fatalf("%d rows of %d, want %d of %d", got.Len(), got.Filtered().Rows, steps*2, whole.Len())
	}
	if g, w := got.Cell(got.Len()-1, 0), "r2"; g != w || got.Line(got.Len()-1) != whole.Len() {
		t.Errorf("the last row: run %q at %d, want %q at %d", g, got.Line(got.Len()-1), w, whole.Len())
	}
	if got.HeldText() >= whole.HeldText()/4 {
		t.Errorf("%d bytes of text held after the stream, of %d read whole", got.HeldText(), whole.HeldText())
	}
	if !strings.Contains(got.LineText(got.Line(3)), "row 8") {
		t.Errorf("the fourth loss row is %s, want row 8", got.LineText(got.Line(3)))
	}
}

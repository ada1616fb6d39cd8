package site

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/tfevents"
	"github.com/scalesite/scalesite/table"
)

// eventWhereFolder is an event folder, data/runs/, of runs a, b and 1 of
// steps steps: train/loss and lr every step, val_loss every 100th step of
// b, and a diverged loss (NaN, a missing value) at a few steps of b.
func eventWhereFolder(t *testing.T, steps int) map[string]string {
	files := map[string]string{}
	for r, run := range []string{"1", "a", "b"} {
		var b bytes.Buffer
		w := tfevents.NewWriter(&b, 1.7e9)
		for s := range steps {
			loss := 3/math.Sqrt(float64(s+1)) + 0.1*float64(r)
			if run == "b" && s%9_973 == 9_000 {
				loss = math.NaN()
			}
			scalars := []tfevents.Scalar{{Tag: "train/loss", Value: loss}, {Tag: "lr", Value: 1e-3, Enc: tfevents.TensorFloatVal}}
			if run == "b" && s%100 == 0 {
				scalars = append(scalars, tfevents.Scalar{Tag: "val_loss", Value: loss * 1.1})
			}
			w.Event(int64(s+1), 1.7e9+float64(s)/4, scalars...)
		}
		if w.Err() != nil {
			t.Fatal(w.Err())
		}
		files["data/runs/"+run+"/events.out.tfevents.1700000000.host.1.0"] = b.String()
	}
	return files
}

// TestEventWhereAsWhole loads pages whose charts draw an event folder with
// a where on its runs and tags, pushed into the folder's reading (and the
// panels loaded as it is read, where the where is the only one), and the
// same pages with the folder read whole first, as a where on another
// column reads it: the points, the warnings and the errors are the same,
// each in its order, the messages naming the runs and tags of every row.
func TestEventWhereAsWhole(t *testing.T) {
	const steps = 30_000 // three runs: more than one block of loss rows
	if 3*steps <= table.StreamRows {
		t.Fatal("the loss rows are one block: nothing is read while the panels load")
	}
	logX := "type: line\ndata: data/runs/\nx: {field: step, scale: log}\ny: value\nseries: run\n"
	linX := "type: line\ndata: data/runs/\nx: step\ny: value\nseries: run\n"
	tests := []struct {
		name  string
		specs []string
		how   string // how the folder is read: streamed, filtered (held), or part (no filter)
		want  string // what the messages say
	}{
		{"a tag, two charts", []string{logX + "where: {tag: train/loss}\n", linX + "where: {tag: train/loss}\n"}, "streamed",
			"3 rows left out of the chart at content/p.md:18:1 because of missing values (blank or NA) on rows 138091, 158137, 178183"},
		{"a tag and a misspelt one", []string{logX + "where: {tag: [train/loss, trian/loss]}\n"}, "streamed",
			`no row of data/runs has "trian/loss" in column "tag" (its values: "train/loss", "lr", "val_loss" — did you mean "train/loss"?): this value of where keeps nothing`},
		{"a tag no row has", []string{logX + "where: {tag: train_loss}\n", linX + "where: {tag: train_loss}\n"}, "streamed",
			`where keeps none of the 180300 rows of data/runs, so the chart would be empty: no row of data/runs has "train_loss" in column "tag" (its values: "train/loss", "lr", "val_loss" — did you mean "train/loss"?)`},
		{"two tags, a chart each", []string{logX + "where: {tag: train/loss}\n", linX + "where: {tag: [lr, val_los]}\n"}, "filtered",
			`"val_los" in column "tag"`},
		{"a run's tag", []string{linX + "where: {run: [b, c], tag: val_loss}\n"}, "streamed",
			`no row of data/runs has "c" in column "run" (its values: "1", "a", "b" — did you mean "1"?): this value of where keeps nothing`},
		{"a tag no row of the run has", []string{linX + "where: {run: a, tag: val_loss}\n"}, "streamed",
			`no row has "a" in column "run" and "val_loss" in column "tag" at once`},
		{"a run by number", []string{linX + "where: {run: 1.0, tag: lr}\n", logX + "where: {run: 1.0, tag: lr}\n"}, "streamed", "error: <nil>"},
		{"a where on the step too", []string{linX + "where: {tag: lr, step: \">= 100\"}\n"}, "part", "error: <nil>"},
	}
	files := eventWhereFolder(t, steps)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files["content/p.md"] = chartMD(tc.specs...)
			var got [2]string
			for i, whole := range []bool{true, false} {
				s := scanFiles(t, files)
				if whole { // the folder at hand, read whole: no filter
					if _, err := s.caches.tables.get("data/runs"); err != nil {
						t.Fatal(err)
					}
				} else {
					s.caches.tables.weakOver = 0 // a large folder: read as the panels load
				}
				got[i] = pageText(t, s)
				if !whole {
					if how := folderRead(s, "data/runs"); how != tc.how {
						t.Errorf("the folder was read %s, want %s", how, tc.how)
					}
				}
			}
			if got[0] != got[1] {
				t.Errorf("read whole:\n%s\nread for the where:\n%s", got[0], got[1])
			}
			if !strings.Contains(got[1], tc.want) {
				t.Errorf("the messages do not say %q:\n%s", tc.want, got[1])
			}
		})
	}
}

// folderRead says how the table cache of s read dir: streamed (into the
// panels, not held), filtered (held, the rows of some runs and tags) or
// part (held, every row).
func folderRead(s *Site, dir string) string {
	c := s.caches.tables
	c.mu.Lock()
	defer c.mu.Unlock()
	var keys []string
	for key := range c.entries {
		if key == dir || strings.HasPrefix(key, dir+"\x00") {
			keys = append(keys, key)
		}
	}
	switch {
	case len(keys) == 0:
		return "streamed"
	case len(keys) == 1 && strings.Contains(keys[0], "\x01"):
		return "filtered"
	case len(keys) == 1 && strings.HasPrefix(keys[0], dir+"\x00"):
		return "part"
	}
	slices.Sort(keys)
	return fmt.Sprintf("%q", keys)
}

// TestSmallEventFolderHeld: a folder of event files smaller than the
// table cache holds strongly is read for its where's rows and held, for
// any page that draws it, not read into one page's panels alone.
func TestSmallEventFolderHeld(t *testing.T) {
	files := eventWhereFolder(t, 100)
	files["content/p.md"] = chartMD("type: line\ndata: data/runs/\nx: step\ny: value\nseries: run\nwhere: {tag: lr}\n")
	root := t.TempDir()
	writeFiles(t, root, files)
	s, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := s.LoadPage(page(t, s, "content/p.md")); err != nil {
		t.Fatal(err)
	}
	if how := folderRead(s, "data/runs"); how != "filtered" {
		t.Errorf("the folder was read %s, want filtered", how)
	}
}

package site

import (
	"crypto/sha256"
	"fmt"
	"path"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// streamLog is a training log of runs runs of steps rows each, over
// several of table.StreamRows' blocks, as the data file name: CSV, or
// JSON Lines (a .jsonl name). odd puts in odd rows (given the row's run
// and step; "" for a plain row): a row's cells as CSV (run,step,loss,lr),
// which JSON Lines writes as an object, a cell that is no JSON number as
// a string; or a line of JSON ("{..."), written to JSON Lines as it is.
func streamLog(name string, runs, steps int, odd func(run, step int) string) string {
	jsonl := strings.HasSuffix(name, ".jsonl")
	var b strings.Builder
	if !jsonl {
		b.WriteString("run,step,loss,lr\n")
	}
	for r := range runs {
		for s := 1; s <= steps; s++ {
			row := odd(r, s)
			if row == "" {
				row = fmt.Sprintf("r%d,%d,%d.%03d,1e-4", r, s, 9-s*8/steps, (s*37+r)%1000)
			}
			if jsonl && !strings.HasPrefix(row, "{") {
				row = jsonObject([]string{"run", "step", "loss", "lr"}, strings.Split(row, ","))
			}
			b.WriteString(row + "\n")
		}
	}
	return b.String()
}

// jsonNumber is JSON's grammar of a number.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// jsonObject is a line of JSON Lines of the keys and the cells, a cell
// that is no JSON number as a string.
func jsonObject(keys, cells []string) string {
	var b strings.Builder
	b.WriteString("{")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		v := cells[i]
		if !jsonNumber.MatchString(v) {
			v = strconv.Quote(v)
		}
		b.WriteString(strconv.Quote(k) + ": " + v)
	}
	return b.String() + "}"
}

// TestStreamedPanelsAsWhole loads pages whose charts draw a log, CSV and
// JSON Lines, of more rows than one block, its file counted large (read
// as the panels load, streampanels.go) and not (read whole, then
// loaded): the points, the warnings and the errors are the same, each in
// its order.
func TestStreamedPanelsAsWhole(t *testing.T) {
	const steps = 70_000 // three runs: four blocks of rows
	logX := "type: line\ndata: data/runs.csv\nx: {field: step, scale: log}\ny: loss\nseries: run\n"
	linX := "type: line\ndata: data/runs.csv\nx: step\ny: loss\nseries: run\n"
	tests := []struct {
		name  string
		jsonl bool // JSON Lines alone (else CSV and JSON Lines)
		odd   func(run, step int) string
		specs []string
	}{
		{name: "plain, two charts sharing points", odd: func(int, int) string { return "" }, specs: []string{logX, linX}},
		{name: "missing values, rows out of order, a y past its max", odd: func(r, s int) string {
			switch {
			case s%10_007 == 0:
				return fmt.Sprintf("r%d,%d,NA,1e-4", r, s)
			case r == 2 && s == 60_000:
				return "r2,5,3.5,1e-4"
			case r == 1 && s%5_000 == 0: // fourteen rows past the max: "..."
				return fmt.Sprintf("r1,%d,99,1e-4", s)
			}
			return ""
		}, specs: []string{logX, "type: line\ndata: data/runs.csv\nx: step\ny: {field: loss, max: 50}\nseries: run\n", "type: scatter\ndata: data/runs.csv\nx: step\ny: loss\n"}},
		{name: "not numbers and a zero on a log axis, late in the file", odd: func(r, s int) string {
			switch {
			case r == 2 && s == 69_000:
				return "r2,1 000,3.5,1e-4"
			case r == 2 && s == 69_001:
				return "r2,0,3.5,1e-4"
			case r == 1 && s == 3:
				return "r1,3,n/a,1e-4"
			}
			return ""
		}, specs: []string{logX, linX}},
		{name: "a series column that is not there", odd: func(int, int) string { return "" },
			specs: []string{logX, "type: line\ndata: data/runs.csv\nx: step\ny: loss\nseries: seed\n"}},
		{name: "a key named late, keys out of order or missing, nulls", jsonl: true, odd: func(r, s int) string {
			switch {
			case r == 0: // the series column is first named in the second block
				return fmt.Sprintf(`{"step": %d, "loss": %d.5, "lr": 1e-4}`, s, 1+s%7)
			case s%1_000 == 0: // a key not drawn, named late
				return fmt.Sprintf(`{"run": "r%d", "step": %d, "loss": 2.5, "val_loss": 3.5, "lr": 1e-4}`, r, s)
			case r == 1 && s%20_000 == 0:
				return fmt.Sprintf(`{"loss":1.25,  "step": %d,"run":"r1"}`, s)
			case r == 2 && s%9_000 == 0:
				return fmt.Sprintf(`{"run": "r2", "step": %d, "lr": 1e-4}`, s)
			case r == 2 && s == 500:
				return `{"run": "r2", "step": null, "loss": 2}`
			}
			return ""
		}, specs: []string{logX, linX}},
		{name: "nested keys, one named late", jsonl: true, odd: func(r, s int) string {
			if r == 1 && s == 2 {
				return `{"run": "r1", "step": 2, "train": {"loss": 1.5, "acc": 0.5}}`
			}
			return fmt.Sprintf(`{"run": "r%d", "step": %d, "train": {"loss": %d.25}}`, r, s, 1+s%5)
		}, specs: []string{
			"type: line\ndata: data/runs.csv\nx: step\ny: train/loss\nseries: run\n",
			"type: line\ndata: data/runs.csv\nx: step\ny: train/acc\nseries: run\n",
		}},
		{name: "a line that is no JSON, late in the file", jsonl: true, odd: func(r, s int) string {
			if r == 2 && s == 69_000 {
				return `{"run": "r2", "step": 69000, "loss": NaN}`
			}
			return ""
		}, specs: []string{logX, linX}},
	}
	for _, tc := range tests {
		for _, name := range []string{"data/runs.csv", "data/runs.jsonl"} {
			if tc.jsonl && name == "data/runs.csv" {
				continue
			}
			t.Run(tc.name+", "+path.Ext(name), func(t *testing.T) {
				specs := make([]string, len(tc.specs))
				for i, spec := range tc.specs {
					specs[i] = strings.ReplaceAll(spec, "data/runs.csv", name)
				}
				files := map[string]string{
					name:           streamLog(name, 3, steps, tc.odd),
					"content/p.md": chartMD(specs...),
				}
				got := [2]string{loadPageText(t, files, false), loadPageText(t, files, true)}
				if got[0] != got[1] {
					t.Errorf("read whole:\n%s\nread as the panels load:\n%s", got[0], got[1])
				}
				if !strings.Contains(got[0], "panel of") && strings.HasPrefix(got[0], "error: <nil>") {
					t.Errorf("no panel loaded:\n%s", got[0])
				}
			})
		}
	}
}

// loadPageText loads content/p.md of a site of files, its data files
// counted large (read as the panels load) or not, and writes what it
// gave: the error, the warnings, and each panel's series and a sum of
// their points.
func loadPageText(t *testing.T, files map[string]string, large bool) string {
	s := scanFiles(t, files)
	if large {
		s.caches.tables.weakOver = 0
	} else {
		s.caches.tables.weakOver = 1 << 40
	}
	return pageText(t, s)
}

// scanFiles scans a site of files written into a temporary folder.
func scanFiles(t *testing.T, files map[string]string) *Site {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, files)
	s, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pageText loads content/p.md of s and writes what it gave: the error,
// the warnings, and each panel's series and a sum of their points.
func pageText(t *testing.T, s *Site) string {
	t.Helper()
	_, b, warns, err := s.LoadPage(page(t, s, "content/p.md"))
	var out strings.Builder
	fmt.Fprintf(&out, "error: %v\n", err)
	for _, w := range warns {
		fmt.Fprintf(&out, "warning: %v\n", w)
	}
	if b != nil {
		for _, c := range b.Charts {
			for _, p := range c.Panels {
				view := seriesView(p)
				fmt.Fprintf(&out, "panel of %d series, %x\n", len(view), sha256.Sum256([]byte(strings.Join(view, "\n"))))
			}
		}
	}
	return out.String()
}

// TestStreamedPanelsHoldNoText loads two panels of a large log, CSV and
// JSON Lines, as it is read and checks that once their points are
// gathered, which the panels hold, the table holds none of its text: the
// text is not held while the points are (the ten 1M-step runs of issue
// 37 held both, 416 MB).
func TestStreamedPanelsHoldNoText(t *testing.T) {
	for _, name := range []string{"data/runs.csv", "data/runs.jsonl"} {
		t.Run(path.Ext(name), func(t *testing.T) { testStreamedPanelsHoldNoText(t, name) })
	}
}

// testStreamedPanelsHoldNoText is TestStreamedPanelsHoldNoText for the
// data file name.
func testStreamedPanelsHoldNoText(t *testing.T, name string) {
	const steps = 100_000
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		name:           streamLog(name, 2, steps, func(int, int) string { return "" }),
		"content/p.md": chartMD("data: " + name + "\nx: step\ny: loss\nseries: run\n"),
	})
	s, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.caches.tables.weakOver = 0
	p := page(t, s, "content/p.md")
	var panels []panelAt
	var specs []*chartspec.Chart
	for _, spec := range []string{"x: {field: step, scale: log}\n", "x: step\n"} {
		sc, err := chartspec.Parse([]byte("type: line\ndata: "+name+"\ny: loss\nseries: run\n"+spec), diag.Pos{File: p.Path, Line: 5, Col: 1})
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, sc)
		panels = append(panels, panelAt{sp: &sc.Panels[0], at: sc.Pos})
	}
	l := s.pageLoader(s.caches)
	l.columns = columnsOf(p, specs)
	tb := l.streamFile(p, name, strings.Split(l.columns[name], "\x00"), panels)
	if tb == nil || tb.Len() != 2*steps {
		t.Fatalf("the stream left %v", tb)
	}
	runtime.GC()
	if held := tb.HeldText(); held != 0 {
		t.Errorf("with the points gathered, the table holds %d bytes of text", held)
	}
	for _, pa := range panels {
		run, ok := l.streamed[pa.sp]
		if !ok || run.err != nil {
			t.Fatalf("panel not loaded as its file was read (%v)", run)
		}
		n := 0
		for _, ser := range run.panel.Series {
			n += len(ser.Points)
		}
		if n != 2*steps {
			t.Errorf("%d points, want %d", n, 2*steps)
		}
	}
	a, b := l.streamed[panels[0].sp].panel.Series, l.streamed[panels[1].sp].panel.Series
	if &a[0].Points[0] != &b[0].Points[0] {
		t.Error("the second panel does not share the first's points")
	}
	if table.StreamRows >= steps {
		t.Fatalf("%d rows are one block: nothing was let go while reading", 2*steps)
	}
}

package site

import (
	"crypto/sha256"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// streamLog is a training log of runs runs of steps rows each, over
// several of table.StreamRows' blocks, with odd rows put in by odd (the
// row's run and step; "" for a plain row).
func streamLog(runs, steps int, odd func(run, step int) string) string {
	var b strings.Builder
	b.WriteString("run,step,loss,lr\n")
	for r := range runs {
		for s := 1; s <= steps; s++ {
			if row := odd(r, s); row != "" {
				b.WriteString(row + "\n")
				continue
			}
			fmt.Fprintf(&b, "r%d,%d,%d.%03d,1e-4\n", r, s, 9-s*8/steps, (s*37+r)%1000)
		}
	}
	return b.String()
}

// TestStreamedPanelsAsWhole loads pages whose charts draw a log of more
// rows than one block, its file counted large (read as the panels load,
// streampanels.go) and not (read whole, then loaded): the points, the
// warnings and the errors are the same, each in its order.
func TestStreamedPanelsAsWhole(t *testing.T) {
	const steps = 70_000 // three runs: four blocks of rows
	logX := "type: line\ndata: data/runs.csv\nx: {field: step, scale: log}\ny: loss\nseries: run\n"
	linX := "type: line\ndata: data/runs.csv\nx: step\ny: loss\nseries: run\n"
	tests := []struct {
		name  string
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
		}, specs: []string{logX, linX + "y: {field: loss, max: 50}\n", "type: scatter\ndata: data/runs.csv\nx: step\ny: loss\n"}},
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
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"data/runs.csv": streamLog(3, steps, tc.odd),
				"content/p.md":  chartMD(tc.specs...),
			}
			var got [2]string
			for i, large := range []bool{false, true} {
				root := t.TempDir()
				writeFiles(t, root, files)
				s, err := Scan(root, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if large {
					s.caches.tables.weakOver = 0
				} else {
					s.caches.tables.weakOver = 1 << 40
				}
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
				got[i] = out.String()
			}
			if got[0] != got[1] {
				t.Errorf("read whole:\n%s\nread as the panels load:\n%s", got[0], got[1])
			}
			if !strings.Contains(got[0], "panel of") && strings.HasPrefix(got[0], "error: <nil>") {
				t.Errorf("no panel loaded:\n%s", got[0])
			}
		})
	}
}

// TestStreamedPanelsHoldNoText loads two panels of a large log as it is
// read and checks that once their points are gathered, which the panels
// hold, the table holds none of its text: the text is not held while the
// points are (the ten 1M-step runs of issue 37 held both, 416 MB).
func TestStreamedPanelsHoldNoText(t *testing.T) {
	const steps = 100_000
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"data/runs.csv": streamLog(2, steps, func(int, int) string { return "" }),
		"content/p.md":  chartMD("data: data/runs.csv\nx: step\ny: loss\nseries: run\n"),
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
		sc, err := chartspec.Parse([]byte("type: line\ndata: data/runs.csv\ny: loss\nseries: run\n"+spec), diag.Pos{File: p.Path, Line: 5, Col: 1})
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, sc)
		panels = append(panels, panelAt{sp: &sc.Panels[0], at: sc.Pos})
	}
	l := s.pageLoader(s.caches)
	l.columns = columnsOf(p, specs)
	tb := l.streamFile(p, "data/runs.csv", strings.Split(l.columns["data/runs.csv"], "\x00"), panels)
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

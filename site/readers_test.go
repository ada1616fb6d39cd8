package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/internal/tfevents"
)

// logRow is one scalar of a training log, as every format writes it.
type logRow struct {
	Run      string  `parquet:"run" json:"run"`
	Tag      string  `parquet:"tag" json:"tag"`
	Step     int64   `parquet:"step" json:"step"`
	WallTime float64 `parquet:"wall_time" json:"wall_time"`
	Value    float32 `parquet:"value" json:"value"`
}

// trainingLog is runs × steps of two tags (a loss and a learning rate),
// in the order TensorBoard's reader gives them: run by run, step by step.
func trainingLog(runs []string, steps int) []logRow {
	var out []logRow
	for r, run := range runs {
		for s := range steps {
			wall := 1.7e9 + float64(r*steps+s)*0.25
			loss := float32(3/math.Sqrt(float64(s+1)) + 0.1*float64(r))
			out = append(out, logRow{run, "train/loss", int64(s * 10), wall, loss},
				logRow{run, "lr", int64(s * 10), wall, float32(1e-3)})
		}
	}
	return out
}

// f32 writes a float32 as every reader of the logs does: the fewest digits
// that read back as it.
func f32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

func logCSV(rows []logRow) string {
	var b strings.Builder
	b.WriteString("run,tag,step,wall_time,value\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%s,%s,%d,%s,%s\n", r.Run, r.Tag, r.Step, strconv.FormatFloat(r.WallTime, 'f', -1, 64), f32(r.Value))
	}
	return b.String()
}

func logJSONL(rows []logRow) string {
	var b strings.Builder
	for _, r := range rows {
		run, _ := json.Marshal(r.Run)
		// The value as the log's writer wrote it: json.Marshal of a
		// float32 writes its shortest form too.
		v, _ := json.Marshal(r.Value)
		fmt.Fprintf(&b, `{"run": %s, "tag": %q, "step": %d, "wall_time": %s, "value": %s}`+"\n", run, r.Tag, r.Step, strconv.FormatFloat(r.WallTime, 'f', -1, 64), v)
	}
	return b.String()
}

// parquetOf is rows written as a Parquet file, one column per field of T.
func parquetOf[T any](t testing.TB, rows []T) string {
	t.Helper()
	var b bytes.Buffer
	w := parquet.NewGenericWriter[T](&b)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// logEvents writes one event file per run, under dir/<run>/, each scalar
// of a step in one event, the loss as simple_value and the learning rate
// as a TF2 tensor.
func logEvents(t *testing.T, rows []logRow, dir string) map[string]string {
	files := map[string]*bytes.Buffer{}
	writers := map[string]*tfevents.Writer{}
	for i := 0; i < len(rows); i += 2 {
		loss, lr := rows[i], rows[i+1]
		w := writers[loss.Run]
		if w == nil {
			files[loss.Run] = &bytes.Buffer{}
			w = tfevents.NewWriter(files[loss.Run], loss.WallTime)
			writers[loss.Run] = w
		}
		w.Event(loss.Step, loss.WallTime, tfevents.Scalar{Tag: loss.Tag, Value: float64(loss.Value)},
			tfevents.Scalar{Tag: lr.Tag, Value: float64(lr.Value), Enc: tfevents.TensorFloatVal})
		if w.Err() != nil {
			t.Fatal(w.Err())
		}
	}
	out := map[string]string{}
	for run, b := range files {
		out[dir+"/"+run+"/events.out.tfevents.1700000000.host.1.0"] = b.String()
	}
	return out
}

const logChart = "---\ntitle: %s\n---\n```chart\ndata: %s\nwhere: {tag: train/loss}\nseries: run\nx: step\ny: value\ntype: line\n```\n"

// TestTrainingLogFormats: the same runs written as CSV, JSONL, Parquet and
// TensorBoard event files draw the same chart.
func TestTrainingLogFormats(t *testing.T) {
	// Run names in name order, the order a folder's runs are read in.
	rows := trainingLog([]string{"125M", "350M", "760M"}, 200)
	files := map[string]string{
		"content/index.md":    "# Home\n",
		"content/csv.md":      fmt.Sprintf(logChart, "CSV", "data/log.csv"),
		"content/jsonl.md":    fmt.Sprintf(logChart, "JSONL", "data/log.jsonl"),
		"content/parquet.md":  fmt.Sprintf(logChart, "Parquet", "data/log.parquet"),
		"content/events.md":   fmt.Sprintf(logChart, "Events", "data/runs/"), // as FORMAT.md writes it
		"data/log.csv":        logCSV(rows),
		"data/log.jsonl":      logJSONL(rows),
		"data/log.parquet":    parquetOf(t, rows),
		"data/runs/notes.txt": "not an event file: skipped",
	}
	for k, v := range logEvents(t, rows, "data/runs") {
		files[k] = v
	}
	s, err := Load(sitetest.New(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	panels := map[string][]Panel{}
	for _, p := range s.Pages {
		if len(p.Charts) == 1 {
			panels[p.Title] = withoutRows(s.Body(p).Charts[0].Panels)
		}
	}
	want := panels["CSV"]
	if len(want) != 1 || len(want[0].Series) != 3 || len(want[0].Series[0].Points) != 200 {
		t.Fatalf("the CSV chart: %d panels", len(want))
	}
	if got := want[0].Series[2]; got.Name != "760M" || got.Points[199].X != 1990 || float32(got.Points[0].Y) != float32(3.2) {
		t.Errorf("the CSV chart's last series: %s, %v, %v", got.Name, got.Points[199], got.Points[0])
	}
	for _, format := range []string{"JSONL", "Parquet", "Events"} {
		if got := panels[format]; !reflect.DeepEqual(got, want) {
			t.Errorf("the %s chart differs from the CSV one", format)
		}
	}
}

// withoutRows returns the panels with each point's Row cleared: a row is
// a line of a CSV file but a record's number in the others.
func withoutRows(panels []Panel) []Panel {
	out := make([]Panel, len(panels))
	for i, p := range panels {
		out[i] = Panel{Fits: p.Fits}
		for _, s := range p.Series {
			pts := append([]Point(nil), s.Points...)
			for k := range pts {
				pts[k].Row = 0
			}
			out[i].Series = append(out[i].Series, Series{Name: s.Name, Points: pts})
		}
	}
	return out
}

// TestEventFolderSum: a changed, added or removed event file changes the
// folder's sum, and files that are not event files do not.
func TestEventFolderSum(t *testing.T) {
	rows := trainingLog([]string{"a", "b"}, 5)
	files := map[string]string{"content/index.md": "# Home\n", "content/p.md": fmt.Sprintf(logChart, "P", "runs")}
	for k, v := range logEvents(t, rows, "content/runs") {
		files[k] = v
	}
	root := sitetest.New(t, files)
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	now, err := s.InputSum("content/runs")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Pages {
		if got := p.Inputs(); p.Path == "content/p.md" && !reflect.DeepEqual(got, []string{"content/runs"}) {
			t.Errorf("inputs %q", got)
		}
	}
	steps := []struct {
		name   string
		change func(dir string) error
		same   bool
	}{
		{"a note added", func(dir string) error { return os.WriteFile(filepath.Join(dir, "b", "README"), []byte("x"), 0o644) }, true},
		{"an event appended", func(dir string) error {
			f, err := os.OpenFile(filepath.Join(dir, "a", "events.out.tfevents.1700000000.host.1.0"), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			tfevents.NewWriter(f, 1)
			return f.Close()
		}, false},
		{"a run added", func(dir string) error {
			os.MkdirAll(filepath.Join(dir, "c"), 0o755)
			return os.WriteFile(filepath.Join(dir, "c", "events.out.tfevents.2"), nil, 0o644)
		}, false},
		{"a run removed", func(dir string) error { return os.RemoveAll(filepath.Join(dir, "b")) }, false},
	}
	for _, st := range steps {
		if err := st.change(filepath.Join(root, "content", "runs")); err != nil {
			t.Fatal(err)
		}
		sum, err := s.InputSum("content/runs")
		if err != nil {
			t.Fatal(err)
		}
		if (sum == now) != st.same {
			t.Errorf("%s: sum changed = %v", st.name, sum != now)
		}
		now = sum
	}
}

// TestEventFolderRebuild: a streaming build keeps the folder's sum as it
// read it, and Reload reads again the page whose chart reads a folder in
// which an event file changed.
func TestEventFolderRebuild(t *testing.T) {
	rows := trainingLog([]string{"a", "b"}, 5)
	files := map[string]string{"content/index.md": "# Home\n", "content/p.md": fmt.Sprintf(logChart, "P", "runs")}
	for k, v := range logEvents(t, rows, "content/runs") {
		files[k] = v
	}
	root := sitetest.New(t, files)

	sc, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range sc.Pages {
		if _, _, _, err := sc.LoadPage(p); err != nil {
			t.Fatal(err)
		}
	}
	read, ok := sc.ReadSum("content/runs")
	now, err := sc.InputSum("content/runs")
	if !ok || err != nil || read != now {
		t.Fatalf("the sum read (%x, %v) is not the sum now (%x, %v)", read, ok, now, err)
	}

	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	points := func(s *Site) int {
		for _, p := range s.Pages {
			if p.Path == "content/p.md" {
				return len(s.Body(p).Charts[0].Panels[0].Series[0].Points)
			}
		}
		return -1
	}
	if n := points(s); n != 5 {
		t.Fatalf("%d points before", n)
	}
	event := "content/runs/a/events.out.tfevents.1700000000.host.1.0"
	f, err := os.OpenFile(filepath.Join(root, filepath.FromSlash(event)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := tfevents.NewWriter(f, 1)
	w.Event(50, 2e9, tfevents.Scalar{Tag: "train/loss", Value: 1})
	if err := errors.Join(w.Err(), f.Close()); err != nil {
		t.Fatal(err)
	}
	s2, err := s.Reload([]string{event})
	if err != nil {
		t.Fatal(err)
	}
	if n := points(s2); n != 6 {
		t.Errorf("%d points after a step was logged, want 6", n)
	}
}

// TestEventFolderRule: the event files of a folder obey the file rule, and
// their sizes together are held to the data limit.
func TestEventFolderRule(t *testing.T) {
	events := logEvents(t, trainingLog([]string{"a"}, 40), "content/runs")["content/runs/a/events.out.tfevents.1700000000.host.1.0"]
	page := fmt.Sprintf(logChart, "P", "runs")
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"an event file linked outside", map[string]string{"content/runs/a/events.out.tfevents.1": "->/etc/passwd"},
			`content/p.md:5:7: data file content/runs/a/events.out.tfevents.1 leads outside the site folder (it is a symbolic link to "/etc/passwd")`},
		{"an event file that is a named pipe", map[string]string{"content/runs/a/events.out.tfevents.1": "|fifo"},
			`content/p.md:5:7: data file content/runs/a/events.out.tfevents.1 is a named pipe (FIFO), not a regular file`},
		{"the runs over the limit together", map[string]string{"scalesite.yaml": "limits: {data: 6KB}\n",
			"content/runs/a/events.out.tfevents.1": events, "content/runs/b/events.out.tfevents.1": events},
			`content/p.md:5:7: data file content/runs holds TensorBoard event files of 6.3KB together, over the 6KB limit for one chart's data: raise it in scalesite.yaml with limits: {data: 1MB}`},
		{"a folder of no event files", map[string]string{"content/runs/log.txt": "step 1 loss 2"},
			`content/p.md:5:7: data file content/runs: the folder holds no TensorBoard event files (events.out.tfevents.*), in it or in a folder per run`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/index.md": "# Home\n", "content/p.md": page}
			maps.Copy(files, tc.files)
			_, err := Load(siteWith(t, files), Options{})
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v\nwant %s…", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "root:") {
				t.Errorf("the message leaks what lies outside: %s", err)
			}
		})
	}
}

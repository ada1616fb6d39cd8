package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/tfevents"
)

// eventFile returns an EventFile of run over src.
func eventFile(run, name string, src []byte) EventFile {
	return EventFile{Run: run, Name: name, Open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(src)), nil
	}}
}

// eventsOf writes an event file: events at steps 0.. with the scalars given.
func eventsOf(t *testing.T, write func(w *tfevents.Writer)) []byte {
	t.Helper()
	var b bytes.Buffer
	w := tfevents.NewWriter(&b, 1.7e9)
	write(w)
	if w.Err() != nil {
		t.Fatal(w.Err())
	}
	return b.Bytes()
}

// rows writes the table's rows one per line, cells joined by "|".
func rows(tab *Table) string {
	var b strings.Builder
	for _, r := range rowsOf(tab) {
		b.WriteString(strings.Join(r.Cells, "|"))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestReadEventsEncodings(t *testing.T) {
	src := eventsOf(t, func(w *tfevents.Writer) {
		w.Event(0, 1700000000.25, tfevents.Scalar{Tag: "train/loss", Value: 2.5}, tfevents.Scalar{Tag: "lr", Value: 0.1})
		w.Event(10, 1700000001.5, tfevents.Scalar{Tag: "train/loss", Value: 2.25, Enc: tfevents.TensorFloatVal})
		w.Event(20, 1700000002, tfevents.Scalar{Tag: "train/loss", Value: 2.125, Enc: tfevents.TensorContent32})
		w.Event(30, 1700000003, tfevents.Scalar{Tag: "train/loss", Value: 0.1, Enc: tfevents.TensorDoubleVal})
		w.Event(40, 1700000004, tfevents.Scalar{Tag: "train/loss", Value: 1e-300, Enc: tfevents.TensorContent64})
		// An image and a histogram-like tensor (a non-scalar) are skipped.
		var summary []byte
		summary = appendValue(summary, tfevents.Image("sample", []byte("\x89PNG")))
		w.Record(tfevents.Event(50, 1700000005, summary))
		w.Event(60, 1700000006, tfevents.Scalar{Tag: "diverged", Value: math.NaN()})
	})
	tab, err := ReadEvents("content/runs", []EventFile{eventFile(".", "content/runs/events.out.tfevents.1", src)})
	if err != nil {
		t.Fatal(err)
	}
	want := `.|train/loss|0|1700000000.25|2.5
.|lr|0|1700000000.25|0.1
.|train/loss|10|1700000001.5|2.25
.|train/loss|20|1700000002|2.125
.|train/loss|30|1700000003|0.1
.|train/loss|40|1700000004|1e-300
.|diverged|60|1700000006|
`
	if got := rows(tab); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if strings.Join(tab.Columns, ",") != "run,tag,step,wall_time,value" || tab.Name != "content/runs" {
		t.Errorf("columns %q, name %q", tab.Columns, tab.Name)
	}
	if p := tab.Pos(2, 4); p.Line != 3 || p.Col != 5 || p.File != "content/runs" {
		t.Errorf("Pos(2, 4) = %v", p)
	}
	checkTable(t, tab, file("content/runs"))
}

func appendValue(summary, value []byte) []byte {
	summary = append(summary, 0x0a) // field 1, bytes
	summary = binary.AppendUvarint(summary, uint64(len(value)))
	return append(summary, value...)
}

func TestReadEventsRunsInOrder(t *testing.T) {
	a1 := eventsOf(t, func(w *tfevents.Writer) { w.Event(1, 1, tfevents.Scalar{Tag: "loss", Value: 3}) })
	a2 := eventsOf(t, func(w *tfevents.Writer) { w.Event(2, 2, tfevents.Scalar{Tag: "loss", Value: 2}) })
	b := eventsOf(t, func(w *tfevents.Writer) { w.Event(1, 1, tfevents.Scalar{Tag: "loss", Value: 4}) })
	tab, err := ReadEvents("runs", []EventFile{eventFile("a", "runs/a/e1", a1), eventFile("a", "runs/a/e2", a2), eventFile("b/seed1", "runs/b/seed1/e", b)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows(tab), "a|loss|1|1|3\na|loss|2|2|2\nb/seed1|loss|1|1|4\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestReadEventsTruncatedLastRecord(t *testing.T) {
	src := eventsOf(t, func(w *tfevents.Writer) {
		w.Event(1, 1, tfevents.Scalar{Tag: "loss", Value: 3})
		w.Event(2, 2, tfevents.Scalar{Tag: "loss", Value: 2})
	})
	whole, err := ReadEvents("runs", []EventFile{eventFile(".", "runs/e", src)})
	if err != nil || whole.Len() != 2 {
		t.Fatalf("whole file: %v, %v", whole, err)
	}
	// Every cut inside the last record leaves the records before it.
	before := eventsOf(t, func(w *tfevents.Writer) { w.Event(1, 1, tfevents.Scalar{Tag: "loss", Value: 3}) })
	for cut := len(src) - 1; cut >= len(before); cut-- {
		tab, err := ReadEvents("runs", []EventFile{eventFile(".", "runs/e", src[:cut])})
		if err != nil {
			t.Fatalf("cut at %d of %d: %v", cut, len(src), err)
		}
		if tab.Len() != 1 || rows(tab) != ".|loss|1|1|3\n" {
			t.Fatalf("cut at %d of %d: %q", cut, len(src), rows(tab))
		}
	}
}

func TestReadEventsDamaged(t *testing.T) {
	src := eventsOf(t, func(w *tfevents.Writer) {
		w.Event(1, 1, tfevents.Scalar{Tag: "loss", Value: 3})
		w.Event(2, 2, tfevents.Scalar{Tag: "loss", Value: 2})
	})
	first := 12 + int(binary.LittleEndian.Uint64(src)) + 4 // the file_version record
	tests := []struct {
		name string
		at   int // the byte flipped
		want string
	}{
		{"data", first + 20, "runs/a/events.out.tfevents.1: record 2 of this TensorBoard event file, at byte 40, cannot be read: its data is damaged (the data's checksum does not match). The file was damaged after it was written (or is not an event file): write it again, or move it out of the folder"},
		{"length", first + 2, "runs/a/events.out.tfevents.1: record 2 of this TensorBoard event file, at byte 40, cannot be read: its length is damaged (the length's checksum does not match). The file was damaged after it was written (or is not an event file): write it again, or move it out of the folder"},
		{"not an event file", 0, "runs/a/events.out.tfevents.1: record 1 of this TensorBoard event file, at byte 0, cannot be read: its length is damaged (the length's checksum does not match). The file was damaged after it was written (or is not an event file): write it again, or move it out of the folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := bytes.Clone(src)
			bad[tt.at] ^= 0x40
			_, err := ReadEvents("runs", []EventFile{eventFile("a", "runs/a/events.out.tfevents.1", bad)})
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tt.want {
				t.Errorf("got\n%v\nwant\n%s", err, tt.want)
			}
		})
	}
}

func FuzzEvents(f *testing.F) {
	var b bytes.Buffer
	w := tfevents.NewWriter(&b, 1.7e9)
	w.Event(0, 1.5, tfevents.Scalar{Tag: "train/loss", Value: 2.5}, tfevents.Scalar{Tag: "lr", Value: 0.1})
	for enc := tfevents.TensorFloatVal; enc <= tfevents.TensorContent64; enc++ {
		w.Event(int64(enc), 2, tfevents.Scalar{Tag: "t", Value: 0.25, Enc: enc})
	}
	w.Record(tfevents.Event(9, 3, appendValue(nil, tfevents.Image("img", []byte("png")))))
	f.Add(b.Bytes())
	f.Add(b.Bytes()[:b.Len()-3])
	f.Add([]byte{})
	f.Add([]byte("not an event file at all"))
	f.Fuzz(func(t *testing.T, src []byte) {
		tab, err := ReadEvents("runs", []EventFile{eventFile("r", "runs/r/events.out.tfevents.0", src)})
		if err != nil {
			// A file's problems have no line: the site places them at
			// the data: line that names the folder.
			var e *diag.Error
			if !errors.As(err, &e) || e.File != "runs/r/events.out.tfevents.0" || e.Msg == "" {
				t.Fatalf("bad problem: %#v", err)
			}
			return
		}
		checkTable(t, tab, file("runs"))
		for i, r := range rowsOf(tab) {
			if r.Line != i+1 || r.Cells[0] != "r" {
				t.Fatalf("row %d: %+v", i, r)
			}
			if _, missing, ok := Number(r.Cells[2]); !ok || missing {
				t.Fatalf("row %d: step %q is no number", i, r.Cells[2])
			}
			if _, _, ok := Number(r.Cells[4]); !ok {
				t.Fatalf("row %d: value %q is no number", i, r.Cells[4])
			}
		}
		// Read for the rows of some tags, the file gives the same rows.
		even := &EventFilter{Name: "even", Keeps: func(_, tag string) bool { return len(tag)%2 == 0 }}
		some, err := StreamEvents("runs", []EventFile{eventFile("r", "runs/r/events.out.tfevents.0", src)}, EventsRead{Rows: even})
		if err != nil {
			t.Fatalf("read whole, no problem; read for some tags: %v", err)
		}
		i := 0
		for r := range tab.Len() {
			if len(tab.Cell(r, 1))%2 != 0 {
				continue
			}
			if i >= some.Len() || fmt.Sprint(some.Row(i)) != fmt.Sprint(tab.Row(r)) {
				t.Fatalf("row %d of those kept is not row %d of the whole, %v", i, r, tab.Row(r))
			}
			i++
		}
		if i != some.Len() || some.Filtered().Rows != tab.Len() {
			t.Fatalf("%d rows kept of %d, want %d of %d", some.Len(), some.Filtered().Rows, i, tab.Len())
		}
	})
}

// tensorValue is a Summary.Value of tag holding a DT_FLOAT tensor of
// shape dims with one value in tensor_content, and plugin metadata when
// plugin is not "".
func tensorValue(tag, plugin string, v float32, dims ...int64) []byte {
	var shape, tensor, value []byte
	for _, d := range dims {
		var dim []byte
		dim = protowire.AppendTag(dim, 1, protowire.VarintType)
		dim = protowire.AppendVarint(dim, uint64(d))
		shape = protowire.AppendTag(shape, 2, protowire.BytesType)
		shape = protowire.AppendBytes(shape, dim)
	}
	tensor = protowire.AppendTag(tensor, 1, protowire.VarintType)
	tensor = protowire.AppendVarint(tensor, 1) // DT_FLOAT
	tensor = protowire.AppendTag(tensor, 2, protowire.BytesType)
	tensor = protowire.AppendBytes(tensor, shape)
	tensor = protowire.AppendTag(tensor, 4, protowire.BytesType)
	tensor = protowire.AppendBytes(tensor, binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)))
	value = protowire.AppendTag(value, 1, protowire.BytesType)
	value = protowire.AppendString(value, tag)
	if plugin != "" {
		var name, meta []byte
		name = protowire.AppendTag(name, 1, protowire.BytesType)
		name = protowire.AppendString(name, plugin)
		meta = protowire.AppendTag(meta, 1, protowire.BytesType)
		meta = protowire.AppendBytes(meta, name)
		value = protowire.AppendTag(value, 9, protowire.BytesType)
		value = protowire.AppendBytes(value, meta)
	}
	value = protowire.AppendTag(value, 8, protowire.BytesType)
	return protowire.AppendBytes(value, tensor)
}

// TestReadEventsTensorPlugins: a tensor is a scalar when it has rank 0
// and its tag's plugin, named in the tag's first value only, is "scalars"
// (or none is named); a one-element tensor of another plugin (a mesh's
// vertex count, a "tensor" plugin value) is not.
func TestReadEventsTensorPlugins(t *testing.T) {
	src := eventsOf(t, func(w *tfevents.Writer) {
		w.Record(tfevents.Event(1, 1, appendValue(appendValue(appendValue(appendValue(nil,
			tensorValue("loss", "scalars", 2)),
			tensorValue("box", "mesh", 7, 1)),
			tensorValue("count", "mesh", 9)),
			tensorValue("plain", "", 5))))
		w.Record(tfevents.Event(2, 2, appendValue(appendValue(appendValue(appendValue(nil,
			tensorValue("loss", "", 1.5)),
			tensorValue("box", "", 8, 1)),
			tensorValue("count", "", 10)),
			tensorValue("vector", "", 5, 1))))
	})
	tab, err := ReadEvents("runs", []EventFile{eventFile(".", "runs/e", src)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows(tab), ".|loss|1|1|2\n.|plain|1|1|5\n.|loss|2|2|1.5\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

package table

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"unsafe"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/scalesite/scalesite/diag"
)

// EventColumns are the columns of a table read from TensorBoard event files:
// one row per scalar logged, as FORMAT.md's "Training logs" names them.
var EventColumns = []string{"run", "tag", "step", "wall_time", "value"}

// EventFile is one TensorBoard event file of a run.
type EventFile struct {
	Run  string // the run's folder relative to the data folder, "." for the folder itself
	Name string // the file's site path, for messages
	Size int64  // the file's size when listed, 0 if not known: room is made for its rows
	// Open opens the file when its turn comes, so that a folder of many
	// runs holds one file open at a time.
	Open func() (io.ReadCloser, error)
}

// ReadEvents reads TensorBoard event files (events.out.tfevents.*, as
// TensorFlow, PyTorch's SummaryWriter and tensorboardX write them) into one
// long table of EventColumns, the files in the order given. name is the
// data folder as the chart names it. Each file is read as it comes, record
// by record: TFRecord framing (a little-endian uint64 length, the masked
// CRC-32C of the length, the data, the masked CRC-32C of the data), every
// CRC checked; a record cut short at the end of a file is taken for a run
// still being written and ends that file quietly. Each record is an Event
// proto; its summary's scalar values are read in both encodings, a
// simple_value (PyTorch, tensorboardX, TF1) and a scalar float or double
// tensor (TF2's tf.summary.scalar); images, histograms, text and other
// non-scalar summaries are skipped.
//
// A row's Line is its number in the table (1-based), so that a message
// about a cell can say "row 1,234 of runs"; Cols are the column numbers.
func ReadEvents(name string, files []EventFile) (*Table, error) {
	return ReadEventsColumns(name, files, nil)
}

// ReadEventsColumns is ReadEvents keeping the text of the columns named in
// keep alone (nil: every column), as ReadColumns does of a file: a chart of
// the training loss by run reads neither the wall time nor, without a
// where on it, the tag.
func ReadEventsColumns(name string, files []EventFile, keep []string) (*Table, error) {
	return StreamEvents(name, files, EventsRead{Keep: keep})
}

// EventsRead says how StreamEvents reads a folder's event files.
type EventsRead struct {
	// Keep names the columns whose text is kept, as ReadEventsColumns'
	// keep; nil keeps every column.
	Keep []string
	// Rows, when set, picks the rows the table holds by their run and tag
	// (eventfilter.go); nil holds every row.
	Rows *EventFilter
	// Each, when set, is handed the table as it grows, as
	// StreamCSVColumns' each is: after the record that brings the rows
	// the table holds to a multiple of StreamRows, given how many bytes
	// of the files those took. It may let the rows' text go (ForgetText).
	Each func(t *Table, read int64)
}

// StreamEvents is ReadEvents as how says: the text of some columns, the
// rows of some runs and tags, handed over as they are read. A row's Line
// is still its number among every row of the files, kept or not, so that
// a message names the row a table read whole would. The table it returns
// has every row kept, less the text Each let go (and, with Each, the room
// made for rows that did not come); an error is ReadEvents' (the rows
// Each saw are then not to be trusted).
func StreamEvents(name string, files []EventFile, how EventsRead) (*Table, error) {
	t := &Table{Name: name, Columns: EventColumns, rows: true}
	t.header = Row{Line: 0, Cells: t.Columns, Cols: []int{1, 2, 3, 4, 5}}
	t.store.holdNumbers(t.Columns, eventNumberKind, how.Keep)
	r := &eventReader{t: t, each: how.Each, nextEach: StreamRows}
	if how.Rows != nil {
		r.filter = newKeyFilter(t, how.Rows)
	}
	for _, f := range files {
		r.size += max(f.Size, 0)
	}
	for _, f := range files {
		if err := r.file(f); err != nil {
			return nil, err
		}
	}
	if how.Each == nil {
		// A table handed over as it was read is let go once read: its
		// room is not given back, which would copy its row index (70 MB
		// for ten million rows) while the points gathered from it are
		// held.
		t.store.trim()
	}
	return t, nil
}

// eventNumberKind says how column c of EventColumns is held as numbers,
// and whether it is: the step, the wall time and the value (numbered.go).
func eventNumberKind(c int) (numberKind, bool) {
	switch c {
	case 2:
		return numberInt, true
	case 3:
		return numberFixed, true
	case 4:
		return numberScalar, true
	}
	return 0, false
}

// eventReader holds what reading one folder's event files shares.
type eventReader struct {
	t   *Table
	run string
	// plugins is the plugin each tag of the file being read belongs to,
	// as its first value's metadata says.
	plugins map[string]string
	// size is the files' size together, as listed, and read how much of
	// it the files read so far took, for sizeRows.
	size, read int64
	sized      bool
	// rows counts the rows read, kept or not: a row's Line.
	rows int
	// filter picks the rows kept, when set.
	filter *keyFilter
	// each is EventsRead.Each, called next once the table holds nextEach
	// rows.
	each     func(*Table, int64)
	nextEach int
	// cells and cols are the row being added: the table copies them.
	cells [5]string
	cols  []int
}

// recordHeader is a record's length and the length's masked CRC.
const recordHeader = 12

// maxRecord bounds one record: an event of scalars is tens of bytes, an
// image summary megabytes; past this the length is taken for damage.
const maxRecord = 256 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is TFRecord's masked CRC-32C of b: the CRC rotated right by 15
// bits plus a constant, so that a CRC of data holding CRCs stays strong.
func maskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, castagnoli)
	return (c>>15 | c<<17) + 0xa282ead8
}

// file reads one event file's records.
func (r *eventReader) file(f EventFile) error {
	in, err := f.Open()
	if err != nil {
		return err
	}
	defer in.Close()
	r.run = f.Run
	if r.filter != nil {
		r.filter.file(f.Run)
	}
	// A writer gives a tag's plugin in its first value only, once a file.
	r.plugins = map[string]string{}
	br := bufio.NewReaderSize(in, 64<<10)
	var head [recordHeader]byte
	var data []byte
	var off int64 // the record's offset in the file
	defer func() { r.read += off }()
	for n := 1; ; n++ {
		if _, err := io.ReadFull(br, head[:]); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil // the end, or a header cut short by a writer still at work
			}
			return &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: "cannot read the TensorBoard event file: " + err.Error()}
		}
		length := binary.LittleEndian.Uint64(head[:8])
		if maskedCRC(head[:8]) != binary.LittleEndian.Uint32(head[8:]) {
			return damaged(f, n, off, "its length is damaged (the length's checksum does not match)")
		}
		if length > maxRecord {
			return damaged(f, n, off, fmt.Sprintf("it claims %d bytes, more than an event holds", length))
		}
		if data, err = readRecord(br, data, int(length)+4); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil // the last record, cut short by a writer still at work
			}
			return &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: "cannot read the TensorBoard event file: " + err.Error()}
		}
		body := data[:length]
		if maskedCRC(body) != binary.LittleEndian.Uint32(data[length:]) {
			return damaged(f, n, off, "its data is damaged (the data's checksum does not match)")
		}
		if err := r.event(body); err != nil {
			return damaged(f, n, off, "it holds no TensorBoard event ("+err.Error()+")")
		}
		if r.rows > MaxRows {
			return &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: tooManyRows}
		}
		off += recordHeader + int64(length) + 4
		r.sizeRows(r.read + off)
		if r.each != nil && r.t.Len() >= r.nextEach {
			r.each(r.t, r.read+off)
			r.nextEach = (r.t.Len()/StreamRows + 1) * StreamRows
		}
	}
}

// sizeRows reserves room for the rows still to come, guessed from the
// files' size and the bytes the rows so far took (read), once enough have
// been read for a fair guess: ten runs' row index is then made once,
// instead of grown by doubling to up to twice its size.
func (r *eventReader) sizeRows(read int64) {
	const sample = 1024
	if r.sized || r.size <= 0 || r.t.Len() < sample || read >= r.size {
		return
	}
	r.sized = true
	perRow := float64(read) / float64(r.t.Len())
	more := float64(r.size-read) / perRow * 1.05
	r.t.store.reserve(int(min(more, MaxRows)))
}

// readRecord reads n bytes into buf, grown as they come rather than sized
// by a length that a damaged file may have wrong.
func readRecord(br *bufio.Reader, buf []byte, n int) ([]byte, error) {
	buf = buf[:0]
	for len(buf) < n {
		chunk := min(n-len(buf), 1<<20)
		buf = slices.Grow(buf, chunk)
		k, err := io.ReadFull(br, buf[len(buf):len(buf)+chunk])
		buf = buf[:len(buf)+k]
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// damaged is the error of an event file whose record n, at byte off,
// cannot be read.
func damaged(f EventFile, n int, off int64, what string) error {
	return &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: fmt.Sprintf(
		"record %d of this TensorBoard event file, at byte %d, cannot be read: %s. The file was damaged after it was written (or is not an event file): write it again, or move it out of the folder", n, off, what)}
}

// event reads one Event: wall_time (1, double), step (2, int64) and
// summary (5). Other fields (file_version, graph_def, log_message, ...)
// are skipped.
func (r *eventReader) event(b []byte) error {
	var wall float64
	var step int64
	var summary []byte
	hasSummary := false
	err := fields(b, func(num protowire.Number, typ protowire.Type, v uint64, bytes []byte) error {
		switch {
		case num == 1 && typ == protowire.Fixed64Type:
			wall = math.Float64frombits(v)
		case num == 2 && typ == protowire.VarintType:
			step = int64(v)
		case num == 5 && typ == protowire.BytesType:
			summary, hasSummary = bytes, true
		}
		return nil
	})
	if err != nil || !hasSummary {
		return err
	}
	// Summary: repeated Value value = 1.
	return fields(summary, func(num protowire.Number, typ protowire.Type, _ uint64, value []byte) error {
		if num != 1 || typ != protowire.BytesType {
			return nil
		}
		tag, v, ok, err := r.scalarValue(value)
		if err != nil || !ok {
			return err
		}
		r.rows++
		if r.filter == nil || r.filter.keeps(tag) {
			r.add(tag, step, wall, v)
		}
		return nil
	})
}

// add appends one row: the text of the run and tag, and the step, wall
// time and value as numbers, of the columns the table keeps alone.
func (r *eventReader) add(tagBytes []byte, step int64, wall float64, v scalar) {
	s := &r.t.store
	tag := ""
	if !s.dropped(1) {
		// The table copies the tag before the record is read over.
		tag = unsafe.String(unsafe.SliceData(tagBytes), len(tagBytes))
	}
	r.cells = [5]string{r.run, tag}
	r.cols = textCols(r.cols, r.cells[:])
	r.t.add(Row{Line: r.rows, Cells: r.cells[:], Cols: r.cols})
	if n := s.numbersAt(2); n != nil {
		n.addInt(step, false)
	}
	if n := s.numbersAt(3); n != nil {
		n.addFloat(wall)
	}
	if n := s.numbersAt(4); n != nil {
		if v.double {
			n.addFloat(v.v)
		} else {
			n.addSingle(float32(v.v))
		}
	}
}

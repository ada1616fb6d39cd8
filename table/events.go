package table

import (
	"io"
	"unsafe"
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
	return streamEvents(name, files, how, eventsAhead, eventBatch)
}

// streamEvents is StreamEvents with the records decoded up to batches
// batches of batchRows rows ahead of the table, on a goroutine of their
// own (rowsahead.go); below 2, as the rows are asked for (the tests
// compare the two, and make the batches small).
func streamEvents(name string, files []EventFile, how EventsRead, batches, batchRows int) (*Table, error) {
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
	d := &eventDecoder{files: files, batchRows: batchRows}
	defer d.close() // after the decoding stopped: the file it was reading
	ahead := newRowsAhead(d.fill, batches)
	defer ahead.Close()
	file := -1
	for b, ok := ahead.next(); ok; b, ok = ahead.next() {
		for i := range b.events {
			e := &b.events[i]
			if e.file != file {
				file = e.file
				if r.filter != nil {
					r.filter.file(files[file].Run)
				}
			}
			tag := b.text[e.tag:e.tagEnd]
			if r.filter == nil || r.filter.keeps(tag) {
				r.add(files[file].Run, tag, e)
			}
			if e.ends {
				r.recordRead(e.read)
			}
		}
	}
	// The decoding ended (next reported so): its problem, if any, is found.
	if d.err != nil {
		return nil, d.err
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

// eventReader adds the rows of one folder's event files to its table,
// as an eventDecoder decodes them.
type eventReader struct {
	t *Table
	// size is the files' size together, as listed, for sizeRows.
	size  int64
	sized bool
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

// recordRead is what follows each record, whose end is read bytes into
// the files: room made for the rows to come, and the table handed to
// each every StreamRows rows.
func (r *eventReader) recordRead(read int64) {
	r.sizeRows(read)
	if r.each != nil && r.t.Len() >= r.nextEach {
		r.each(r.t, read)
		r.nextEach = (r.t.Len()/StreamRows + 1) * StreamRows
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

// add appends row e, of run and tagBytes: the text of the run and tag,
// and the step, wall time and value as numbers, of the columns the table
// keeps alone.
func (r *eventReader) add(run string, tagBytes []byte, e *eventRow) {
	s := &r.t.store
	tag := ""
	if !s.dropped(1) {
		// The table copies the tag before the batch is filled again.
		tag = unsafe.String(unsafe.SliceData(tagBytes), len(tagBytes))
	}
	r.cells = [5]string{run, tag}
	r.cols = textCols(r.cols, r.cells[:])
	r.t.add(Row{Line: e.line, Cells: r.cells[:], Cols: r.cols})
	if n := s.numbersAt(2); n != nil {
		n.addInt(e.step, false)
	}
	if n := s.numbersAt(3); n != nil {
		n.addFloat(e.wall)
	}
	if n := s.numbersAt(4); n != nil {
		if e.value.double {
			n.addFloat(e.value.v)
		} else {
			n.addSingle(float32(e.value.v))
		}
	}
}

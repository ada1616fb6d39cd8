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

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/scalesite/scalesite/diag"
)

// Reading an event folder is, as reading a long log (rowsahead.go), two
// jobs of about the same size: decoding its records (framing, checksums,
// protobuf) into scalars, and adding those to the table. An eventDecoder
// does the first a batch of rows at a time, on a goroutine of its own,
// while StreamEvents adds the batch before.

// eventBatch is how many rows an eventDecoder decodes into a batch, a
// quarter of a StreamRows block: a batch is handed over in a few
// hundred microseconds, while its rows take some milliseconds to add.
const eventBatch = StreamRows / 4

// eventsAhead is how many batches are decoded ahead at most
// (newRowsAhead): two StreamRows blocks, a megabyte or so each.
const eventsAhead = 8

// eventRow is a row of an event file, decoded ahead of the table.
type eventRow struct {
	line int // its number among the rows of the files: its Line
	// file is the index of its file; tag its tag, b.text[tag:tagEnd] of
	// its batch b.
	file, tag, tagEnd int
	step              int64
	wall              float64
	value             scalar
	// ends is set on the last row of a record: read is then the bytes of
	// the files up to the record's end.
	ends bool
	read int64
}

// eventDecoder decodes the records of a folder's event files, in order,
// file after file, into batches of rows (fill).
type eventDecoder struct {
	files     []EventFile
	batchRows int           // the rows a batch is filled to: eventBatch
	at        int           // the index of the file being read
	in        io.ReadCloser // the file being read, nil between files
	br        *bufio.Reader
	// plugins is the plugin each tag of the file being read belongs to,
	// as its first value's metadata says.
	plugins map[string]string
	n       int   // the number of the file's next record
	off     int64 // the offset of the file's next record
	read    int64 // the bytes of the files before
	rows    int   // the rows decoded, kept or not
	head    [recordHeader]byte
	data    []byte
	// err is the problem that stopped the decoding, if any.
	err error
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

// fill decodes records into b until it holds d.batchRows rows, and
// reports whether more are to come: not after the last file's end or a
// problem (d.err).
func (d *eventDecoder) fill(b *rowBatch) bool {
	for len(b.events) < d.batchRows {
		more, err := d.record(b)
		if err != nil {
			d.err = err
			d.close()
			return false
		}
		if !more {
			return false
		}
	}
	return true
}

// close closes the file being read, if any.
func (d *eventDecoder) close() {
	if d.in != nil {
		d.in.Close()
		d.in = nil
	}
}

// record decodes the next record into b, opening the next file at the
// end of one, and reports whether there was one.
func (d *eventDecoder) record(b *rowBatch) (bool, error) {
	for {
		if d.in == nil {
			if d.at == len(d.files) {
				return false, nil
			}
			in, err := d.files[d.at].Open()
			if err != nil {
				return false, err
			}
			// A writer gives a tag's plugin in its first value only, once a file.
			d.in, d.plugins, d.n, d.off = in, map[string]string{}, 1, 0
			if d.br == nil {
				d.br = bufio.NewReaderSize(in, 64<<10)
			} else {
				d.br.Reset(in)
			}
		}
		if more, err := d.fileRecord(b); more || err != nil {
			return more, err
		}
		d.close() // the file's end: on to the next
		d.read += d.off
		d.at++
	}
}

// fileRecord decodes the next record of the file being read into b, and
// reports whether there was one. Every CRC is checked; a record cut
// short at the end of a file is taken for a run still being written and
// ends that file quietly.
func (d *eventDecoder) fileRecord(b *rowBatch) (bool, error) {
	f := d.files[d.at]
	if _, err := io.ReadFull(d.br, d.head[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return false, nil // the end, or a header cut short by a writer still at work
		}
		return false, &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: "cannot read the TensorBoard event file: " + err.Error()}
	}
	length := binary.LittleEndian.Uint64(d.head[:8])
	if maskedCRC(d.head[:8]) != binary.LittleEndian.Uint32(d.head[8:]) {
		return false, damaged(f, d.n, d.off, "its length is damaged (the length's checksum does not match)")
	}
	if length > maxRecord {
		return false, damaged(f, d.n, d.off, fmt.Sprintf("it claims %d bytes, more than an event holds", length))
	}
	var err error
	if d.data, err = readRecord(d.br, d.data, int(length)+4); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return false, nil // the last record, cut short by a writer still at work
		}
		return false, &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: "cannot read the TensorBoard event file: " + err.Error()}
	}
	body := d.data[:length]
	if maskedCRC(body) != binary.LittleEndian.Uint32(d.data[length:]) {
		return false, damaged(f, d.n, d.off, "its data is damaged (the data's checksum does not match)")
	}
	from := len(b.events)
	if err := d.event(b, body); err != nil {
		return false, damaged(f, d.n, d.off, "it holds no TensorBoard event ("+err.Error()+")")
	}
	if d.rows > MaxRows {
		return false, &diag.Error{Pos: diag.Pos{File: f.Name}, Msg: tooManyRows}
	}
	d.n++
	d.off += recordHeader + int64(length) + 4
	if len(b.events) > from {
		last := &b.events[len(b.events)-1]
		last.ends, last.read = true, d.read+d.off
	}
	return true, nil
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

// event decodes one Event into b's rows: wall_time (1, double), step (2,
// int64) and summary (5). Other fields (file_version, graph_def,
// log_message, ...) are skipped.
func (d *eventDecoder) event(b *rowBatch, body []byte) error {
	var wall float64
	var step int64
	var summary []byte
	hasSummary := false
	err := fields(body, func(num protowire.Number, typ protowire.Type, v uint64, bytes []byte) error {
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
		tag, v, ok, err := d.scalarValue(value)
		if err != nil || !ok {
			return err
		}
		d.rows++
		at := len(b.text)
		b.text = append(b.text, tag...)
		b.events = append(b.events, eventRow{line: d.rows, file: d.at, tag: at, tagEnd: len(b.text), step: step, wall: wall, value: v})
		return nil
	})
}

// Package tfevents writes TensorBoard event files the way TensorFlow,
// PyTorch's SummaryWriter and tensorboardX do: TFRecord-framed Event
// protos. The project reads such files (table.ReadEvents); it writes them
// only to make the logs its tests and benchmarks read, in each of the
// encodings the trackers use.
package tfevents

import (
	"encoding/binary"
	"hash/crc32"
	"io"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// Writer writes the records of one event file.
type Writer struct {
	w   io.Writer
	err error
}

// NewWriter returns a Writer on w, and writes the file_version event every
// event file starts with.
func NewWriter(w io.Writer, wallTime float64) *Writer {
	ew := &Writer{w: w}
	var ev []byte
	ev = protowire.AppendTag(ev, 1, protowire.Fixed64Type)
	ev = protowire.AppendFixed64(ev, math.Float64bits(wallTime))
	ev = protowire.AppendTag(ev, 3, protowire.BytesType)
	ev = protowire.AppendString(ev, "brain.Event:2")
	ew.Record(ev)
	return ew
}

// Err is the first error writing met.
func (ew *Writer) Err() error { return ew.err }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// MaskedCRC is TFRecord's masked CRC-32C.
func MaskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, castagnoli)
	return (c>>15 | c<<17) + 0xa282ead8
}

// Record writes data as one TFRecord: length, its masked CRC, data, its
// masked CRC.
func (ew *Writer) Record(data []byte) {
	if ew.err != nil {
		return
	}
	rec := make([]byte, 12, 16+len(data))
	binary.LittleEndian.PutUint64(rec, uint64(len(data)))
	binary.LittleEndian.PutUint32(rec[8:], MaskedCRC(rec[:8]))
	rec = append(rec, data...)
	rec = binary.LittleEndian.AppendUint32(rec, MaskedCRC(data))
	_, ew.err = ew.w.Write(rec)
}

// Encoding is how a scalar is stored in a Summary.Value.
type Encoding int

const (
	// SimpleValue is simple_value, a float: PyTorch, tensorboardX, TF1.
	SimpleValue Encoding = iota
	// TensorFloatVal is TF2's scalar tensor of DT_FLOAT in float_val.
	TensorFloatVal
	// TensorContent32 is a DT_FLOAT scalar tensor in tensor_content.
	TensorContent32
	// TensorDoubleVal is a DT_DOUBLE scalar tensor in double_val.
	TensorDoubleVal
	// TensorContent64 is a DT_DOUBLE scalar tensor in tensor_content.
	TensorContent64
)

// Scalar is one scalar of an event.
type Scalar struct {
	Tag   string
	Value float64
	Enc   Encoding
}

// Event writes one event at step and wallTime holding the scalars.
func (ew *Writer) Event(step int64, wallTime float64, scalars ...Scalar) {
	var summary []byte
	for _, s := range scalars {
		summary = protowire.AppendTag(summary, 1, protowire.BytesType)
		summary = protowire.AppendBytes(summary, Value(s))
	}
	ew.Record(Event(step, wallTime, summary))
}

// Event is an Event proto of step, wallTime and an encoded Summary.
func Event(step int64, wallTime float64, summary []byte) []byte {
	var ev []byte
	ev = protowire.AppendTag(ev, 1, protowire.Fixed64Type)
	ev = protowire.AppendFixed64(ev, math.Float64bits(wallTime))
	ev = protowire.AppendTag(ev, 2, protowire.VarintType)
	ev = protowire.AppendVarint(ev, uint64(step))
	ev = protowire.AppendTag(ev, 5, protowire.BytesType)
	return protowire.AppendBytes(ev, summary)
}

// Value is a Summary.Value proto of s, with the scalars plugin's metadata
// that TF2 writes beside a tensor.
func Value(s Scalar) []byte {
	var v []byte
	v = protowire.AppendTag(v, 1, protowire.BytesType)
	v = protowire.AppendString(v, s.Tag)
	if s.Enc == SimpleValue {
		v = protowire.AppendTag(v, 2, protowire.Fixed32Type)
		return protowire.AppendFixed32(v, math.Float32bits(float32(s.Value)))
	}
	var meta, plugin []byte
	plugin = protowire.AppendTag(plugin, 1, protowire.BytesType)
	plugin = protowire.AppendString(plugin, "scalars")
	meta = protowire.AppendTag(meta, 1, protowire.BytesType)
	meta = protowire.AppendBytes(meta, plugin)
	v = protowire.AppendTag(v, 9, protowire.BytesType)
	v = protowire.AppendBytes(v, meta)

	var t []byte
	dtype := uint64(1) // DT_FLOAT
	if s.Enc == TensorDoubleVal || s.Enc == TensorContent64 {
		dtype = 2 // DT_DOUBLE
	}
	t = protowire.AppendTag(t, 1, protowire.VarintType)
	t = protowire.AppendVarint(t, dtype)
	t = protowire.AppendTag(t, 2, protowire.BytesType) // tensor_shape {} : a scalar
	t = protowire.AppendBytes(t, nil)
	switch s.Enc {
	case TensorFloatVal:
		t = protowire.AppendTag(t, 5, protowire.BytesType)
		t = protowire.AppendBytes(t, binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(s.Value))))
	case TensorContent32:
		t = protowire.AppendTag(t, 4, protowire.BytesType)
		t = protowire.AppendBytes(t, binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(s.Value))))
	case TensorDoubleVal:
		t = protowire.AppendTag(t, 6, protowire.BytesType)
		t = protowire.AppendBytes(t, binary.LittleEndian.AppendUint64(nil, math.Float64bits(s.Value)))
	case TensorContent64:
		t = protowire.AppendTag(t, 4, protowire.BytesType)
		t = protowire.AppendBytes(t, binary.LittleEndian.AppendUint64(nil, math.Float64bits(s.Value)))
	}
	v = protowire.AppendTag(v, 8, protowire.BytesType)
	return protowire.AppendBytes(v, t)
}

// Image is a Summary.Value holding an image, which readers of scalars skip.
func Image(tag string, png []byte) []byte {
	var img, v []byte
	img = protowire.AppendTag(img, 4, protowire.BytesType) // encoded_image_string
	img = protowire.AppendBytes(img, png)
	v = protowire.AppendTag(v, 1, protowire.BytesType)
	v = protowire.AppendString(v, tag)
	v = protowire.AppendTag(v, 4, protowire.BytesType)
	return protowire.AppendBytes(v, img)
}

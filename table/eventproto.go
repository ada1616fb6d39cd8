package table

import (
	"encoding/binary"
	"math"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"
)

// The protobuf messages of an event file that the reader (events.go)
// takes scalars from: Summary.Value, TensorProto and SummaryMetadata,
// read field by field, without generated code.

// scalar is a scalar value as an event file holds it: a float32 or a
// float64.
type scalar struct {
	v      float64
	double bool
}

// Data types of TensorProto.dtype that a scalar is read from.
const (
	dtFloat  = 1
	dtDouble = 2
)

// scalarValue reads a Summary.Value: tag (1), simple_value (2, float), or
// tensor (8) holding one float or double, of rank 0, and of the scalars
// plugin where its metadata (9) names one, as TensorBoard's scalars
// dashboard reads them. ok is false for a value that is no scalar (an
// image, a histogram, a mesh, a string tensor).
func (d *eventDecoder) scalarValue(b []byte) (tag []byte, value scalar, ok bool, err error) {
	var tensor, metadata []byte
	hasSimple := false
	var simpleBits uint32
	err = fields(b, func(num protowire.Number, typ protowire.Type, v uint64, bytes []byte) error {
		switch {
		case num == 1 && typ == protowire.BytesType:
			tag = bytes
		case num == 2 && typ == protowire.Fixed32Type:
			simpleBits, hasSimple = uint32(v), true
		case num == 8 && typ == protowire.BytesType:
			tensor = bytes
		case num == 9 && typ == protowire.BytesType:
			metadata = bytes
		}
		return nil
	})
	if err != nil {
		return nil, scalar{}, false, err
	}
	if metadata != nil {
		name, err := pluginName(metadata)
		if err != nil {
			return nil, scalar{}, false, err
		}
		if _, seen := d.plugins[string(tag)]; !seen {
			d.plugins[string(tag)] = name
		}
	}
	if tensor != nil {
		// The plugin is looked up for a tensor alone: a simple_value,
		// most of a log's rows, is a scalar whatever it names.
		if name, known := d.plugins[string(tag)]; known && name != "scalars" {
			return nil, scalar{}, false, nil
		}
	}
	if hasSimple {
		return tag, scalar{v: float64(math.Float32frombits(simpleBits))}, true, nil
	}
	if tensor == nil {
		return nil, scalar{}, false, nil
	}
	value, ok, err = scalarTensor(tensor)
	return tag, value, ok, err
}

// scalarTensor reads a TensorProto holding one float (dtype 1) or double
// (2), from tensor_content (4) or float_val (5) / double_val (6); a
// tensor of another type or size is no scalar.
func scalarTensor(b []byte) (scalar, bool, error) {
	var dtype uint64
	rank := 0
	var content []byte
	var floats, doubles []byte // packed values
	err := fields(b, func(num protowire.Number, typ protowire.Type, v uint64, bytes []byte) error {
		switch {
		case num == 1 && typ == protowire.VarintType:
			dtype = v
		case num == 2 && typ == protowire.BytesType: // TensorShapeProto: dim = 2, unknown_rank = 3
			return fields(bytes, func(num protowire.Number, _ protowire.Type, v uint64, _ []byte) error {
				if num == 2 || num == 3 && v != 0 {
					rank++
				}
				return nil
			})
		case num == 4 && typ == protowire.BytesType:
			content = bytes
		case num == 5 && typ == protowire.BytesType:
			floats = append(floats, bytes...)
		case num == 5 && typ == protowire.Fixed32Type:
			floats = binary.LittleEndian.AppendUint32(floats, uint32(v))
		case num == 6 && typ == protowire.BytesType:
			doubles = append(doubles, bytes...)
		case num == 6 && typ == protowire.Fixed64Type:
			doubles = binary.LittleEndian.AppendUint64(doubles, v)
		}
		return nil
	})
	if err != nil || rank != 0 {
		return scalar{}, false, err
	}
	switch dtype {
	case dtFloat:
		raw := floats
		if len(content) > 0 {
			raw = content
		}
		if len(raw) != 4 {
			return scalar{}, false, nil
		}
		return scalar{v: float64(math.Float32frombits(binary.LittleEndian.Uint32(raw)))}, true, nil
	case dtDouble:
		raw := doubles
		if len(content) > 0 {
			raw = content
		}
		if len(raw) != 8 {
			return scalar{}, false, nil
		}
		return scalar{v: math.Float64frombits(binary.LittleEndian.Uint64(raw)), double: true}, true, nil
	}
	return scalar{}, false, nil
}

// appendFloat appends f, a float of bitSize bits, in the fewest digits
// that read back as it (0.1, not 0.10000000149011612), as TensorBoard
// shows it; NaN and infinities, which a diverged run logs, append nothing
// (a missing value).
func appendFloat(b []byte, f float64, bitSize int) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b
	}
	return strconv.AppendFloat(b, f, 'g', -1, bitSize)
}

// pluginName reads SummaryMetadata.plugin_data (1).plugin_name (1).
func pluginName(metadata []byte) (string, error) {
	var name string
	err := fields(metadata, func(num protowire.Number, typ protowire.Type, _ uint64, data []byte) error {
		if num != 1 || typ != protowire.BytesType {
			return nil
		}
		return fields(data, func(num protowire.Number, typ protowire.Type, _ uint64, s []byte) error {
			if num == 1 && typ == protowire.BytesType {
				name = string(s)
			}
			return nil
		})
	})
	return name, err
}

// fields calls fn for each field of the protobuf message b: its number,
// wire type, and its value (a varint or fixed number in v, a
// length-delimited one in bytes). Groups are skipped.
func fields(b []byte, fn func(num protowire.Number, typ protowire.Type, v uint64, bytes []byte) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		var v uint64
		var bytes []byte
		switch typ {
		case protowire.VarintType:
			v, n = protowire.ConsumeVarint(b)
		case protowire.Fixed32Type:
			var v32 uint32
			v32, n = protowire.ConsumeFixed32(b)
			v = uint64(v32)
		case protowire.Fixed64Type:
			v, n = protowire.ConsumeFixed64(b)
		case protowire.BytesType:
			bytes, n = protowire.ConsumeBytes(b)
		default:
			n = protowire.ConsumeFieldValue(num, typ, b)
		}
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		if err := fn(num, typ, v, bytes); err != nil {
			return err
		}
	}
	return nil
}

// Package fastjson writes go-echarts v2.6.7's option structs as JSON, byte
// for byte what encoding/json writes for them, without reflection.
//
// It is a second definition of what go-echarts' struct tags and
// encoding/json define together, kept because it pays: in CPU profiles of
// cold builds of the 1,000-page synthetic site, writing the chart options
// with it takes a third to two fifths of the time goccy/go-json takes and
// a third of encoding/json's, a difference of 8-12% of the whole build's
// CPU against goccy (BENCHMARKS.md, "Issue 19: the mirrors"); timed cold
// builds with goccy in its place took 6% more CPU (46 builds, "Mirrors
// (issue 36)"), encoding/json v2 12-14% more. What keeps
// it honest is chart's TestOptionJSONMatchesEncodingJSON, which holds
// every chart of the test corpus to encoding/json's bytes: a go-echarts
// upgrade that adds, renames or reorders a field fails it. Each writer checks that the
// value sets no field it does not write, and hands a value that does to
// encoding/json whole (TestOptionJSONFallsBack), so a field is never lost.
//
// Strings are escaped as encoding/json escapes them by default: <, > and &
// as \u003c, \u003e and \u0026, U+2028 and U+2029 too, so that the JSON can
// stand in a <script type="application/json"> element (ScriptSafe makes
// sure of it for a whole part). This is JSON's escaper; the markup's is
// internal/htmlesc.
package fastjson

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/go-echarts/go-echarts/v2/types"
)

// Appender is a value that writes its own JSON (a chart's points, JSON the
// caller wrote already): Any appends it as it is, where encoding/json
// would call MarshalJSON and then check and compact its output. What it
// appends must be escaped as this package escapes.
type Appender interface {
	AppendJSON(b []byte) []byte
}

// Enc appends JSON to B. comma is whether the next key or array element
// needs a comma before it.
type Enc struct {
	B     []byte
	comma bool
}

func (e *Enc) Open()     { e.B = append(e.B, '{'); e.comma = false }
func (e *Enc) Close()    { e.B = append(e.B, '}'); e.comma = true }
func (e *Enc) OpenArr()  { e.B = append(e.B, '['); e.comma = false }
func (e *Enc) CloseArr() { e.B = append(e.B, ']'); e.comma = true }

// Elem starts an element of an array.
func (e *Enc) Elem() {
	if e.comma {
		e.B = append(e.B, ',')
	}
	e.comma = false
}

// Key starts a member of an object. Keys are the constants of the callers
// and of go-echarts' tags: plain ASCII, never escaped.
func (e *Enc) Key(k string) {
	if e.comma {
		e.B = append(e.B, ',')
	}
	e.B = append(e.B, '"')
	e.B = append(e.B, k...)
	e.B = append(e.B, '"', ':')
	e.comma = false
}

func (e *Enc) Raw(b []byte) { e.B = append(e.B, b...); e.comma = true }
func (e *Enc) Null()        { e.B = append(e.B, "null"...); e.comma = true }
func (e *Enc) Str(s string) { e.B = AppendString(e.B, s); e.comma = true }
func (e *Enc) Int(v int)    { e.B = strconv.AppendInt(e.B, int64(v), 10); e.comma = true }

func (e *Enc) Bool(v bool) {
	e.B = strconv.AppendBool(e.B, v)
	e.comma = true
}

// Float writes a float64 or (bits 32) a float32 as encoding/json does; a
// value JSON cannot hold (NaN, ±Inf) as null, where encoding/json fails.
func (e *Enc) Float(v float64, bits int) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		e.Null()
		return
	}
	e.B = AppendFloat(e.B, v, bits)
	e.comma = true
}

// BoolPtr writes a types.Bool (*bool), null when nil.
func (e *Enc) BoolPtr(v types.Bool) {
	if v == nil {
		e.Null()
		return
	}
	e.Bool(*v)
}

// The Opt* methods write a member with omitempty: not at all when empty.
func (e *Enc) OptStr(k, v string) {
	if v != "" {
		e.Key(k)
		e.Str(v)
	}
}

func (e *Enc) OptInt(k string, v int) {
	if v != 0 {
		e.Key(k)
		e.Int(v)
	}
}

func (e *Enc) OptFloat(k string, v float64, bits int) {
	if v != 0 {
		e.Key(k)
		e.Float(v, bits)
	}
}

func (e *Enc) OptBool(k string, v types.Bool) {
	if v != nil {
		e.Key(k)
		e.Bool(*v)
	}
}

func (e *Enc) OptAny(k string, v any) {
	if v != nil {
		e.Key(k)
		e.Any(v)
	}
}

// Any writes a value of an interface{} field: the kinds the callers put
// there directly, anything else through encoding/json.
func (e *Enc) Any(v any) {
	switch v := v.(type) {
	case nil:
		e.Null()
	case string:
		e.Str(v)
	case bool:
		e.Bool(v)
	case int:
		e.Int(v)
	case float64:
		e.Float(v, 64)
	case float32:
		e.Float(float64(v), 32)
	case Appender:
		e.B = v.AppendJSON(e.B)
		e.comma = true
	case []int:
		if v == nil {
			e.Null()
			return
		}
		e.OpenArr()
		for _, x := range v {
			e.Elem()
			e.Int(x)
		}
		e.CloseArr()
	case map[string]any:
		e.AnyMap(v)
	default:
		e.Marshal(v)
	}
}

// AnyMap writes a map as encoding/json does: its keys sorted.
func (e *Enc) AnyMap(m map[string]any) { mapObject(e, m, e.Any) }

// StringMap writes a map[string]string as encoding/json does.
func (e *Enc) StringMap(m map[string]string) { mapObject(e, m, e.Str) }

// mapObject writes m as encoding/json writes a map: null when nil, else an
// object with its keys sorted, each value written by val.
func mapObject[V any](e *Enc, m map[string]V, val func(V)) {
	if m == nil {
		e.Null()
		return
	}
	var buf [8]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.Open()
	for _, k := range keys {
		e.StrKey(k)
		val(m[k])
	}
	e.Close()
}

// StrKey starts a member of an object whose key is a map's: escaped.
func (e *Enc) StrKey(k string) {
	if e.comma {
		e.B = append(e.B, ',')
	}
	e.B = append(AppendString(e.B, k), ':')
	e.comma = false
}

// Marshal writes v through encoding/json, which escapes <, >, &, U+2028
// and U+2029 in strings as this package does; null if v has no JSON.
func (e *Enc) Marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		e.Null()
		return
	}
	e.Raw(b)
}

// ScriptSafe makes sure that what was written from lo on cannot end the
// script element: every string is escaped, so it never holds a <; should
// one be there all the same, <, > and & are escaped (JSON has them only
// in strings).
func (e *Enc) ScriptSafe(lo int) {
	if bytes.IndexByte(e.B[lo:], '<') < 0 {
		return
	}
	var esc []byte
	for _, c := range e.B[lo:] {
		switch c {
		case '<', '>', '&':
			esc = append(esc, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			esc = append(esc, c)
		}
	}
	e.B = append(e.B[:lo], esc...)
}

const hexDigits = "0123456789abcdef"

// htmlSafe are the ASCII characters encoding/json writes in a string as
// they are when it escapes HTML: not control characters, ", \, <, > or &.
var htmlSafe = func() (s [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		s[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return s
}()

// AppendString writes s as a JSON string exactly as encoding/json
// does with HTML escaping (its default): <, > and & as \u003c, \u003e and
// \u0026, U+2028 and U+2029 as \u2028 and \u2029, control characters
// escaped, invalid UTF-8 as \ufffd.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if htmlSafe[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendFloat writes a finite float as encoding/json does: like
// ECMAScript's Number to String, 'e' form below 1e-6 and from 1e21 on.
func AppendFloat(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

package chart

// The JSON encoder the option writers use: jsonEnc's primitives (objects,
// arrays, members, strings, numbers, omitempty members, interface values),
// the script-element escaping, and the string and number formats of
// encoding/json. chartjson.go describes the whole.

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/go-echarts/go-echarts/v2/types"
)

// jsonData is JSON the renderer wrote itself (error bars and bands,
// marks.go), escaped as encoding/json escapes: it is written into the
// option as it is.
type jsonData []byte

// MarshalJSON returns d: encoding/json (tests, fallbacks) writes it as it is.
func (d jsonData) MarshalJSON() ([]byte, error) { return d, nil }

// jsonEnc appends JSON to b. comma is whether the next key or array
// element needs a comma before it.
type jsonEnc struct {
	b     []byte
	comma bool
}

func (e *jsonEnc) open()     { e.b = append(e.b, '{'); e.comma = false }
func (e *jsonEnc) close()    { e.b = append(e.b, '}'); e.comma = true }
func (e *jsonEnc) openArr()  { e.b = append(e.b, '['); e.comma = false }
func (e *jsonEnc) closeArr() { e.b = append(e.b, ']'); e.comma = true }

// elem starts an element of an array.
func (e *jsonEnc) elem() {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.comma = false
}

// key starts a member of an object. Keys are the constants of these files
// and of go-echarts' tags: plain ASCII, never escaped.
func (e *jsonEnc) key(k string) {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.b = append(e.b, '"')
	e.b = append(e.b, k...)
	e.b = append(e.b, '"', ':')
	e.comma = false
}

func (e *jsonEnc) raw(b []byte) { e.b = append(e.b, b...); e.comma = true }
func (e *jsonEnc) null()        { e.b = append(e.b, "null"...); e.comma = true }
func (e *jsonEnc) str(s string) { e.b = appendJSONString(e.b, s); e.comma = true }
func (e *jsonEnc) int(v int)    { e.b = strconv.AppendInt(e.b, int64(v), 10); e.comma = true }

func (e *jsonEnc) bool(v bool) {
	e.b = strconv.AppendBool(e.b, v)
	e.comma = true
}

// float writes a float64 or (bits 32) a float32 as encoding/json does; a
// value JSON cannot hold (NaN, ±Inf) as null, where encoding/json fails.
func (e *jsonEnc) float(v float64, bits int) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		e.null()
		return
	}
	e.b = appendJSONFloat(e.b, v, bits)
	e.comma = true
}

// boolPtr writes a types.Bool (*bool), null when nil.
func (e *jsonEnc) boolPtr(v types.Bool) {
	if v == nil {
		e.null()
		return
	}
	e.bool(*v)
}

// The opt* methods write a member with omitempty: not at all when empty.
func (e *jsonEnc) optStr(k, v string) {
	if v != "" {
		e.key(k)
		e.str(v)
	}
}

func (e *jsonEnc) optInt(k string, v int) {
	if v != 0 {
		e.key(k)
		e.int(v)
	}
}

func (e *jsonEnc) optFloat(k string, v float64, bits int) {
	if v != 0 {
		e.key(k)
		e.float(v, bits)
	}
}

func (e *jsonEnc) optBool(k string, v types.Bool) {
	if v != nil {
		e.key(k)
		e.bool(*v)
	}
}

func (e *jsonEnc) optAny(k string, v any) {
	if v != nil {
		e.key(k)
		e.any(v)
	}
}

// any writes a value of an interface{} field: the kinds the renderer puts
// there directly, anything else through encoding/json.
func (e *jsonEnc) any(v any) {
	switch v := v.(type) {
	case nil:
		e.null()
	case string:
		e.str(v)
	case bool:
		e.bool(v)
	case int:
		e.int(v)
	case float64:
		e.float(v, 64)
	case float32:
		e.float(float64(v), 32)
	case pointsData:
		e.b = appendPoints(e.b, v.points, v.logX, v.logY)
		e.comma = true
	case jsonData:
		e.raw(v)
	case []int:
		if v == nil {
			e.null()
			return
		}
		e.openArr()
		for _, x := range v {
			e.elem()
			e.int(x)
		}
		e.closeArr()
	case map[string]any:
		e.anyMap(v)
	default:
		e.marshal(v)
	}
}

// anyMap writes a map as encoding/json does: its keys sorted.
func (e *jsonEnc) anyMap(m map[string]any) { mapObject(e, m, e.any) }

// stringMap writes a map[string]string as encoding/json does.
func (e *jsonEnc) stringMap(m map[string]string) { mapObject(e, m, e.str) }

// mapObject writes m as encoding/json writes a map: null when nil, else an
// object with its keys sorted, each value written by val.
func mapObject[V any](e *jsonEnc, m map[string]V, val func(V)) {
	if m == nil {
		e.null()
		return
	}
	var buf [8]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.open()
	for _, k := range keys {
		e.strKey(k)
		val(m[k])
	}
	e.close()
}

// strKey starts a member of an object whose key is a map's: escaped.
func (e *jsonEnc) strKey(k string) {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.b = append(appendJSONString(e.b, k), ':')
	e.comma = false
}

// marshal writes v through encoding/json, which escapes <, >, &, U+2028
// and U+2029 in strings as these files do; null if v has no JSON.
func (e *jsonEnc) marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		e.null()
		return
	}
	e.raw(b)
}

// scriptSafe makes sure that what was written from lo on cannot end the
// script element: every string is escaped, so it never holds a <; should
// one be there all the same, <, > and & are escaped (JSON has them only
// in strings).
func (e *jsonEnc) scriptSafe(lo int) {
	if bytes.IndexByte(e.b[lo:], '<') < 0 {
		return
	}
	var esc []byte
	for _, c := range e.b[lo:] {
		switch c {
		case '<', '>', '&':
			esc = append(esc, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			esc = append(esc, c)
		}
	}
	e.b = append(e.b[:lo], esc...)
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

// appendJSONString writes s as a JSON string exactly as encoding/json
// does with HTML escaping (its default): <, > and & as \u003c, \u003e and
// \u0026, U+2028 and U+2029 as \u2028 and \u2029, control characters
// escaped, invalid UTF-8 as \ufffd.
func appendJSONString(dst []byte, s string) []byte {
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

// appendJSONFloat writes a finite float as encoding/json does: like
// ECMAScript's Number to String, 'e' form below 1e-6 and from 1e21 on.
func appendJSONFloat(b []byte, f float64, bits int) []byte {
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

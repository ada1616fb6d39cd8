package render

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzDecodeEntry: decodeEntry never panics; what it accepts is exactly
// an entry encodeEntry wrote for the key asked, and an entry written for
// a key, with any one byte changed, is refused.
func FuzzDecodeEntry(f *testing.F) {
	key := strings.Repeat("ab", 32)
	f.Add(encodeEntry(key, []byte("body")), key, 0)
	f.Add(encodeEntry(key, nil), key, 3)
	f.Add([]byte("scalesite-figure 2 "+key+" 00\nbody"), key, 7)
	f.Add([]byte(""), "", 0)
	f.Fuzz(func(t *testing.T, b []byte, key string, at int) {
		if body, ok := decodeEntry(b, key); ok {
			if !bytes.Equal(encodeEntry(key, body), b) {
				t.Fatalf("accepted %q, which encodeEntry does not write for its body", b)
			}
		}
		e := encodeEntry(key, b)
		body, ok := decodeEntry(e, key)
		if strings.ContainsAny(key, " \t\n\r\v\f") || key == "" {
			return // not a key: keys are hex
		}
		if !ok || !bytes.Equal(body, b) {
			t.Fatalf("the entry of %q is not read back", b)
		}
		if len(e) > 0 {
			i := (at%len(e) + len(e)) % len(e)
			e[i] ^= 0x01
			if _, ok := decodeEntry(e, key); ok {
				t.Fatalf("byte %d changed, the entry was accepted", i)
			}
		}
	})
}

package site

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// TestReadAhead reads inputs through readAhead, read through in several
// sizes, whole or stopped early, and checks the bytes, the error and that
// Close reads the rest.
func TestReadAhead(t *testing.T) {
	src := make([]byte, 3*aheadSize+12345)
	for i := range src {
		src[i] = byte(i * 7)
	}
	broken := errors.New("disk gone")
	tests := []struct {
		name    string
		r       func() io.Reader
		want    []byte // the bytes before the error
		wantErr error  // what Read gives after them (io.EOF at the end)
	}{
		{"whole", func() io.Reader { return bytes.NewReader(src) }, src, io.EOF},
		{"in halves", func() io.Reader { return iotest.HalfReader(bytes.NewReader(src)) }, src, io.EOF},
		{"EOF with the last bytes", func() io.Reader { return iotest.DataErrReader(bytes.NewReader(src)) }, src, io.EOF},
		{"empty", func() io.Reader { return bytes.NewReader(nil) }, nil, io.EOF},
		{"an error midway", func() io.Reader {
			return io.MultiReader(bytes.NewReader(src[:aheadSize+5]), iotest.ErrReader(broken))
		}, src[:aheadSize+5], broken},
	}
	for _, tc := range tests {
		for _, step := range []int{1 << 10, 64 << 10, 1 << 20} {
			a := newReadAhead(tc.r())
			var got []byte
			buf := make([]byte, step)
			var err error
			for err == nil {
				var n int
				n, err = a.Read(buf)
				got = append(got, buf[:n]...)
			}
			a.Close()
			if !bytes.Equal(got, tc.want) || err != tc.wantErr {
				t.Errorf("%s, reads of %d: %d bytes (same: %v), %v; want %d bytes, %v", tc.name, step, len(got), bytes.Equal(got, tc.want), err, len(tc.want), tc.wantErr)
			}
		}
		// Stopped early, Close reads the rest.
		var counted countingReader
		counted.r = tc.r()
		a := newReadAhead(&counted)
		a.Read(make([]byte, 10))
		a.Close()
		if counted.n != len(tc.want) {
			t.Errorf("%s, stopped early: %d bytes read by Close, want %d", tc.name, counted.n, len(tc.want))
		}
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

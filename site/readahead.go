package site

import "io"

// readAhead reads r on a goroutine of its own, a block or two ahead of
// its reader, so that reading a large data file and summing it (SHA-256
// of a 320 MB training log is 0.3 s) is done on the other core while the
// parser works. The reader gets the same bytes and the same error, in
// order. Close reads r to its end, as a sum of the whole file needs, and
// waits for the goroutine: only then may what r wrote to be read.
type readAhead struct {
	full chan aheadBlock
	free chan []byte
	done chan struct{}
	cur  aheadBlock
	left []byte // what the reader has not taken of cur
	end  bool   // cur held the last block
}

// aheadBlock is one read of r: its bytes and its error.
type aheadBlock struct {
	b   []byte
	err error
}

// aheadSize is the size of a block read ahead: four of bufio's reads.
const aheadSize = 256 << 10

func newReadAhead(r io.Reader) *readAhead {
	a := &readAhead{full: make(chan aheadBlock, 2), free: make(chan []byte, 3), done: make(chan struct{})}
	for range 3 {
		a.free <- make([]byte, aheadSize)
	}
	go func() {
		defer close(a.done)
		for {
			b := <-a.free
			n, err := io.ReadFull(r, b)
			if err == io.ErrUnexpectedEOF {
				err = io.EOF
			}
			a.full <- aheadBlock{b[:n], err}
			if err != nil {
				close(a.full)
				return
			}
		}
	}()
	return a
}

func (a *readAhead) Read(p []byte) (int, error) {
	for len(a.left) == 0 {
		if a.end {
			return 0, a.cur.err
		}
		if a.cur.b != nil {
			a.free <- a.cur.b[:cap(a.cur.b)]
		}
		a.cur = <-a.full
		a.left, a.end = a.cur.b, a.cur.err != nil
	}
	n := copy(p, a.left)
	a.left = a.left[n:]
	return n, nil
}

// Close reads what is left of r and waits until nothing more is read.
func (a *readAhead) Close() {
	io.Copy(io.Discard, a)
	<-a.done
}

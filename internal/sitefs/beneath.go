package sitefs

import (
	"os"

	"github.com/scalesite/scalesite/internal/rawfile"
)

// openBeneath holds the site folder open for readBeneath, where the
// system has its one-call open (rawfile.OpenBeneath); nil elsewhere.
func openBeneath(dir string) *os.File {
	if !rawfile.CanOpenBeneath {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	return f
}

// readBeneath is ReadFile's fast path for the common case, a regular file
// reached without a symbolic link out of the site: one call that the
// kernel refuses for any path leaving the site folder, and for a link as
// the last element. It replaces the general path's lstat of every element
// of the file's absolute path, then an open with an os.File's set-up:
// some ten system calls a file, 4–5% of a cold build's CPU on the
// benchmark site. done is false when the fast path cannot say (a link, a
// missing file, an old kernel...): Resolve then decides, with its
// messages, so that what a file gives never depends on which path read
// it.
func (r *Root) readBeneath(rel string, limit Limit) (b []byte, err error, done bool) {
	if r.beneath == nil {
		return nil, nil, false
	}
	if _, err := r.full(rel); err != nil {
		return nil, nil, false
	}
	f, err := rawfile.OpenBeneath(r.beneath, rel)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, false
	}
	if err := checkMode(fi.Mode, fi.Size, rel, limit); err != nil {
		return nil, err, true
	}
	b, err = readBody(f, fi.Size, rel, limit)
	return b, err, true
}

// Package rawfile opens a file for one read or one write with as few
// system calls as the system allows. A build reads every page, and
// compares every output file it would write with the one already there
// or writes it: some 4,000 files for a 1,000-page site. An os.File costs four or five calls on top of the open
// for its poller (which a regular file cannot use), and reaching a file
// safely through every folder of its path costs a call per folder; on a
// virtual machine each call is microseconds.
//
// A File is for reading a regular file whole, or writing one, once, from
// one goroutine.
package rawfile

import (
	"io/fs"
)

// Info is what a build needs to know of an open file.
type Info struct {
	Mode    fs.FileMode // the type bits only (fs.ModeDir, fs.ModeSymlink...)
	Size    int64
	ModTime int64 // nanoseconds since 1970, as time.Time.UnixNano
}

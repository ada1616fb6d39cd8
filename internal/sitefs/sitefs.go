// Package sitefs reads the files of a site under one rule, the same in
// build, check and serve: a file is read only when its real path, with
// every symbolic link resolved, lies inside the site folder, when it is a
// regular file (not a folder, named pipe, device or socket), and when it is
// no larger than a limit.
//
// The rule is what lets a site be built from a pull request by someone the
// owner does not fully trust: a link to /etc/passwd, /proc/self/environ or
// /dev/zero, or a named pipe called data.csv, ends in a clear error instead
// of publishing what lies outside the site, hanging or exhausting memory.
package sitefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// Root is a site folder opened for reading.
type Root struct {
	dir string // absolute, every symbolic link resolved
	// beneath is the folder dir held open, where the system can open a
	// file below it in one call that refuses every way out of it
	// (beneath_linux.go); nil elsewhere.
	beneath *os.File
}

// Open returns the site folder dir, resolved to its real path.
func Open(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	return &Root{dir: real, beneath: openBeneath(real)}, nil
}

// Dir is the real path of the site folder.
func (r *Root) Dir() string { return r.dir }

// Error is a file the rule refuses. Its message starts with the file's
// site-relative path, quoted when it must be (diag.QuoteIfNeeded: the path
// may come from a page); callers that know where the file is named (a
// chart's data: line) put that position in front.
type Error struct {
	Path   string // site-relative, slash-separated, as asked for
	Reason string
}

func (e *Error) Error() string { return diag.QuoteIfNeeded(e.Path) + " " + e.Reason }

// ErrTooLarge is wrapped by the error for a file over its size limit.
var ErrTooLarge = errors.New("file too large")

// TooLargeError is a file over its size limit.
type TooLargeError struct {
	Path  string
	Size  int64 // at least this many bytes
	Limit int64
	Key   string // the scalesite.yaml limits key that raises the limit
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is %s, over the %s limit for %s: raise it in scalesite.yaml with limits: {%s: %s}",
		diag.QuoteIfNeeded(e.Path), FormatSize(e.Size), FormatSize(e.Limit), limitNoun(e.Key), e.Key, FormatSize(NextLimit(e.Size)))
}

func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

func limitNoun(key string) string {
	if key == "data" {
		return "one data file"
	}
	return "one file"
}

// NextLimit is a round limit above size, to suggest.
func NextLimit(size int64) int64 {
	l := int64(1 << 20)
	for l <= size {
		l *= 2
	}
	return l
}

// Limit is a size limit and the scalesite.yaml key that sets it.
type Limit struct {
	Bytes int64
	Key   string // "data" or "file"
}

// rel checks that rel is a local, slash-separated path inside the site.
func (r *Root) full(rel string) (string, error) {
	if strings.ContainsRune(rel, 0) {
		return "", &Error{Path: rel, Reason: "has a NUL character in its name, which no file can have"}
	}
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return "", &Error{Path: rel, Reason: "is not a path inside the site folder"}
	}
	return filepath.Join(r.dir, filepath.FromSlash(rel)), nil
}

// Resolve returns the real path of the site file rel after checking that
// it lies inside the site folder. A missing file gives an error satisfying
// errors.Is(err, fs.ErrNotExist).
func (r *Root) Resolve(rel string) (string, error) {
	full, err := r.full(rel)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fs.ErrNotExist
		}
		if strings.Contains(err.Error(), "too many links") {
			return "", &Error{Path: rel, Reason: "is part of a loop of symbolic links (" + r.linkChain(rel) + ")"}
		}
		return "", &Error{Path: rel, Reason: "cannot be read: " + pathErrText(err)}
	}
	if !r.inside(real) {
		return "", &Error{Path: rel, Reason: "leads outside the site folder (" + r.linkChain(rel) +
			"): scalesite reads only files inside the site, so that a build never publishes what lies outside it; copy it into the site instead"}
	}
	return real, nil
}

// linkChain names the first symbolic link on the way to rel and its target
// as written ("data is a link to \"/srv/shared\""), for messages: the
// author made that link, and can fix it.
func (r *Root) linkChain(rel string) string {
	parts := strings.Split(rel, "/")
	for i := range parts {
		sub := strings.Join(parts[:i+1], "/")
		target, err := os.Readlink(filepath.Join(r.dir, filepath.FromSlash(sub)))
		if err != nil {
			continue
		}
		if sub == rel {
			return "it is a symbolic link to " + diag.Quote(target)
		}
		return diag.QuoteIfNeeded(sub) + " is a symbolic link to " + diag.Quote(target)
	}
	return "through a symbolic link"
}

func (r *Root) inside(real string) bool {
	return real == r.dir || strings.HasPrefix(real, r.dir+string(filepath.Separator))
}

// ReadFile reads the site file rel (slash-separated, relative to the site
// folder) under the rule, with at most limit bytes.
func (r *Root) ReadFile(rel string, limit Limit) ([]byte, error) {
	if b, err, done := r.readBeneath(rel, limit); done {
		return b, err
	}
	real, err := r.Resolve(rel)
	if err != nil {
		return nil, err
	}
	return readRegular(real, rel, limit)
}

// Stat returns the file info of the site file rel under the rule: it must
// lie inside the site, be a regular file, and be within limit.
func (r *Root) Stat(rel string, limit Limit) (fs.FileInfo, error) {
	real, err := r.Resolve(rel)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	if err := checkInfo(fi, rel, limit); err != nil {
		return nil, err
	}
	return fi, nil
}

// OpenFile opens the site file rel for streaming (a static file being
// copied or served) under the rule.
func (r *Root) OpenFile(rel string, limit Limit) (*os.File, error) {
	real, err := r.Resolve(rel)
	if err != nil {
		return nil, err
	}
	f, err := openNoFollow(real)
	if err != nil {
		return nil, &Error{Path: rel, Reason: "cannot be read: " + pathErrText(err)}
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkInfo(fi, rel, limit)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readRegular reads real (already checked to be inside the site) without
// following a link swapped in since, without blocking on a named pipe, and
// without reading past limit.
func readRegular(real, rel string, limit Limit) ([]byte, error) {
	f, err := openNoFollow(real)
	if err != nil {
		return nil, &Error{Path: rel, Reason: "cannot be read: " + pathErrText(err)}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkInfo(fi, rel, limit); err != nil {
		return nil, err
	}
	return readBody(f, fi.Size(), rel, limit)
}

// readBody reads f, a regular file of size bytes when it was opened, to
// its end, without reading past limit.
func readBody(f io.Reader, size int64, rel string, limit Limit) ([]byte, error) {
	b := make([]byte, 0, size+1)
	for {
		n, err := f.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if limit.Bytes > 0 && int64(len(b)) > limit.Bytes {
			return nil, &TooLargeError{Path: rel, Size: int64(len(b)), Limit: limit.Bytes, Key: limit.Key}
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // the file grew while read: make room
		}
	}
}

// checkInfo applies the rule's file-type and size parts.
func checkInfo(fi fs.FileInfo, rel string, limit Limit) error {
	return checkMode(fi.Mode(), fi.Size(), rel, limit)
}

// checkMode is checkInfo for a file's mode and size.
func checkMode(mode fs.FileMode, size int64, rel string, limit Limit) error {
	if kind := kindOf(mode); kind != "" {
		return &Error{Path: rel, Reason: "is " + kind + ", not a regular file: scalesite reads only regular files"}
	}
	if limit.Bytes > 0 && size > limit.Bytes {
		return &TooLargeError{Path: rel, Size: size, Limit: limit.Bytes, Key: limit.Key}
	}
	return nil
}

// kindOf names what a non-regular file is, or "" for a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// pathErrText is an OS error without the absolute path it may carry.
func pathErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// FormatSize writes a byte count the way limits are set: "32MB", "1.5MB".
func FormatSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GB"}, {1 << 20, "MB"}, {1 << 10, "KB"}} {
		if n < u.size {
			continue
		}
		if n%u.size == 0 || n >= 10*u.size {
			return fmt.Sprintf("%d%s", (n+u.size/2)/u.size, u.name)
		}
		return fmt.Sprintf("%.1f%s", float64(n)/float64(u.size), u.name)
	}
	return fmt.Sprintf("%d bytes", n)
}

// OpenRegular opens the file at p for reading when it is a regular file,
// not following a link in its last element: for files that were checked
// when listed and are opened later.
func OpenRegular(p string) (*os.File, error) {
	f, err := openNoFollow(p)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkInfo(fi, p, Limit{})
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// OpenStream opens the site file rel for a reader that streams it (a large
// data file parsed as it is read) under the same rule as ReadFile: it must
// lie inside the site, be a regular file and be within limit, and reading
// fails with a *TooLargeError past the limit, should the file grow while
// it is read. size is the file's size when opened.
func (r *Root) OpenStream(rel string, limit Limit) (rc io.ReadCloser, size int64, err error) {
	f, err := r.OpenFile(rel, limit)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return &limitedFile{f: f, rel: rel, limit: limit}, fi.Size(), nil
}

// limitedFile is a file read no further than its limit.
type limitedFile struct {
	f     *os.File
	rel   string
	limit Limit
	read  int64
}

func (l *limitedFile) Read(p []byte) (int, error) {
	n, err := l.f.Read(p)
	l.read += int64(n)
	if l.limit.Bytes > 0 && l.read > l.limit.Bytes {
		return n, &TooLargeError{Path: l.rel, Size: l.read, Limit: l.limit.Bytes, Key: l.limit.Key}
	}
	return n, err
}

func (l *limitedFile) Close() error { return l.f.Close() }

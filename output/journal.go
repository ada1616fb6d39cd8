package output

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// journalName is the file in a Writer's temporary folder that holds the
// plan of a commit in place while it runs: a build killed during the
// commit leaves it, and the next build of the folder reads it to undo
// what was done (recoverStale). The commit removes it once every step is
// done.
const journalName = "journal"

// PartialError is a Commit's error when it leaves the output folder
// changed: a step of the commit failed, and putting the old files back
// failed too. The files not put back are in Backup, and the next build of
// the folder tries again before it starts.
type PartialError struct {
	Dest   string // the output folder, as the caller named it
	Err    error  // why the commit failed
	Undo   error  // why putting the old files back failed
	Backup string // the folder holding the old files not put back
}

func (e *PartialError) Error() string {
	return fmt.Sprintf("%v; putting the old files back failed too (%v), so the output folder %s now holds some new files and some old ones: the old files that are missing are in %s, and the next build of this folder puts them back before it starts",
		e.Err, e.Undo, diag.Quote(e.Dest), diag.Quote(e.Backup))
}

func (e *PartialError) Unwrap() error { return e.Err }

// encodeJournal writes the plan of a commit into dest, one step a line,
// each path quoted as Go quotes strings.
func encodeJournal(dest string, pl *plan) []byte {
	var b bytes.Buffer
	b.WriteString("scalesite-journal 1\n")
	line := func(kind, p string) {
		b.WriteString(kind)
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(p))
		b.WriteByte('\n')
	}
	line("dest", dest)
	for _, p := range pl.aside {
		line("aside", p)
	}
	for _, d := range pl.rmdirs {
		line("rmdir-"+strconv.FormatUint(uint64(d.perm), 8), d.path)
	}
	for _, d := range pl.mkdirs {
		line("mkdir", d)
	}
	for _, p := range pl.place {
		line("place", p)
	}
	return b.Bytes()
}

// decodeJournal reads a journal: the folder it is of, and the plan.
func decodeJournal(b []byte) (dest string, pl *plan, err error) {
	pl = &plan{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() || sc.Text() != "scalesite-journal 1" {
		return "", nil, errors.New("not a journal of this version of scalesite")
	}
	for sc.Scan() {
		kind, quoted, _ := strings.Cut(sc.Text(), " ")
		p, err := strconv.Unquote(quoted)
		if err != nil || kind != "dest" && p != MarkerName && !validPath(p) {
			return "", nil, fmt.Errorf("a line that is not a step: %q", sc.Text())
		}
		switch {
		case kind == "dest":
			dest = p
		case kind == "aside":
			pl.aside = append(pl.aside, p)
		case strings.HasPrefix(kind, "rmdir-"):
			perm, err := strconv.ParseUint(strings.TrimPrefix(kind, "rmdir-"), 8, 32)
			if err != nil {
				return "", nil, fmt.Errorf("a line that is not a step: %q", sc.Text())
			}
			pl.rmdirs = append(pl.rmdirs, dirOp{path: p, perm: fs.FileMode(perm).Perm()})
		case kind == "mkdir":
			pl.mkdirs = append(pl.mkdirs, p)
		case kind == "place":
			pl.place = append(pl.place, p)
		default:
			return "", nil, fmt.Errorf("a line that is not a step: %q", sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		return "", nil, err
	}
	if dest == "" {
		return "", nil, errors.New("the journal names no folder")
	}
	return dest, pl, nil
}

// undo puts dest back as it was before the commit of plan pl began, from
// whatever point the commit reached: it looks at each step, last first,
// and undoes it when it was done. A new file moved in goes back into new/
// (nothing is deleted), a folder made is removed (it is empty then), a
// folder removed is made again, and a file moved aside comes back. It can
// be run again after it failed half-way, by this process or by the next
// build. It returns the steps it could not undo.
func undo(fsys fileSystem, dest, tmp string, pl *plan) error {
	var errs []error
	destPath := func(p string) string { return filepath.Join(dest, filepath.FromSlash(p)) }
	newPath := func(p string) string { return filepath.Join(tmp, "new", filepath.FromSlash(p)) }
	oldPath := func(p string) string { return filepath.Join(tmp, "old", filepath.FromSlash(p)) }
	for i := len(pl.place) - 1; i >= 0; i-- {
		p := pl.place[i]
		if exists(newPath(p)) || !exists(destPath(p)) {
			continue // not moved in
		}
		if err := fsys.Rename(destPath(p), newPath(p)); err != nil {
			errs = append(errs, err)
		}
	}
	for i := len(pl.mkdirs) - 1; i >= 0; i-- {
		if d := destPath(pl.mkdirs[i]); isDir(d) {
			if err := fsys.Remove(d); err != nil {
				errs = append(errs, err)
			}
		}
	}
	for i := len(pl.rmdirs) - 1; i >= 0; i-- {
		if d := pl.rmdirs[i]; !exists(destPath(d.path)) {
			if err := fsys.Mkdir(destPath(d.path), d.perm); err != nil {
				errs = append(errs, err)
			}
		}
	}
	for i := len(pl.aside) - 1; i >= 0; i-- {
		p := pl.aside[i]
		if !exists(oldPath(p)) {
			continue // not moved aside
		}
		if exists(destPath(p)) {
			errs = append(errs, fmt.Errorf("%s is back in the output folder already, and so is its old version", diag.Quote(p)))
			continue
		}
		if err := fsys.Rename(oldPath(p), destPath(p)); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%d %s: %w", len(errs), plural(len(errs), "step", "steps"), errors.Join(errs...))
	}
	return nil
}

// exists reports whether anything is at p (a link is not followed).
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// isDir reports whether p is a folder (not a link to one).
func isDir(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// recoverJournal undoes, from its journal, the commit of the temporary
// folder tmp, which a build killed while committing left; dest is the
// output folder (real path) and name the caller's name for it. A
// temporary folder with no journal was not committing: there is nothing
// to undo.
func recoverJournal(fsys fileSystem, name, dest, tmp string) error {
	b, err := os.ReadFile(filepath.Join(tmp, journalName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	fail := func(err error) error {
		return fmt.Errorf("an earlier build of the output folder %s was stopped while it replaced files, and its old files could not be put back (%v): they are in %s; move them back into the output folder yourself, or delete the output folder, then build again",
			diag.Quote(name), err, diag.Quote(filepath.Join(tmp, "old")))
	}
	if err != nil {
		return fail(err)
	}
	jdest, pl, err := decodeJournal(b)
	if err != nil {
		return fail(err)
	}
	if jdest != dest {
		return fail(fmt.Errorf("its journal is of %s", diag.Quote(jdest)))
	}
	if err := undo(fsys, dest, tmp, pl); err != nil {
		return fail(err)
	}
	return fsys.Remove(filepath.Join(tmp, journalName))
}

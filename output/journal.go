package output

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
// what was done (recoverStale). Once every step is done, the commit
// renames it journalDone: the moment the new output counts as in place,
// after which the files in old/ are the ones it replaced, which the
// journal names, and may go.
const (
	journalName = "journal"
	journalDone = "journal.done"
)

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

// journalVersion starts every journal this version writes. A journal of
// version 2 ends with a line holding the SHA-256 of everything before it,
// so that a journal cut short (a build killed while writing it) is told
// from a whole one: the commit changes nothing in the output folder until
// its journal is whole, so a journal that is not whole says that nothing
// was moved.
const journalVersion = "scalesite-journal 2"

// journalEnd starts a journal's last line.
const journalEnd = "end "

// errJournalCut is decodeJournal's error for a journal that is empty or
// was cut short: its commit had not begun to change the output folder.
var errJournalCut = errors.New("the journal was not written whole")

// encodeJournal writes the plan of a commit into dest, one step a line,
// each path quoted as Go quotes strings; a file moved in has its size and
// checksum, so that undoing moves back only the file the commit put
// there. The last line holds the SHA-256 of the lines before it.
func encodeJournal(dest string, pl *plan) []byte {
	var b bytes.Buffer
	b.WriteString(journalVersion + "\n")
	line := func(kind, p string) {
		b.WriteString(kind)
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(p))
	}
	line("dest", dest)
	b.WriteByte('\n')
	for _, p := range pl.aside {
		line("aside", p)
		b.WriteByte('\n')
	}
	for _, d := range pl.rmdirs {
		line("rmdir-"+strconv.FormatUint(uint64(d.perm), 8), d.path)
		b.WriteByte('\n')
	}
	for _, d := range pl.mkdirs {
		line("mkdir", d)
		b.WriteByte('\n')
	}
	for i, p := range pl.place {
		line("place", p)
		fmt.Fprintf(&b, " %d %x\n", pl.want[i].Size, pl.want[i].Sum)
	}
	sum := sha256.Sum256(b.Bytes())
	b.WriteString(journalEnd + hex.EncodeToString(sum[:]) + "\n")
	return b.Bytes()
}

// decodeJournal reads a journal: the folder it is of, and the plan. A
// journal of version 2 that is empty or lacks its last line, or whose
// last line does not match the lines before, is errJournalCut. One of
// version 1 (no last line, no checksums) is read as it was written.
func decodeJournal(b []byte) (dest string, pl *plan, err error) {
	head, _, _ := bytes.Cut(b, []byte("\n"))
	switch {
	case len(b) == 0 || strings.HasPrefix(journalVersion+"\n", string(b)):
		return "", nil, errJournalCut // cut within its first line
	case string(head) == journalVersion:
		body, last, ok := cutLastLine(b)
		if !ok || !strings.HasPrefix(last, journalEnd) {
			return "", nil, errJournalCut
		}
		sum := sha256.Sum256(body)
		if strings.TrimPrefix(last, journalEnd) != hex.EncodeToString(sum[:]) {
			return "", nil, errJournalCut
		}
		return decodeSteps(body, true)
	case string(head) == "scalesite-journal 1":
		return decodeSteps(b, false)
	}
	return "", nil, errors.New("not a journal of this version of scalesite")
}

// cutLastLine splits b, which ends with a newline, into the lines before
// its last line and that line (without its newline).
func cutLastLine(b []byte) (body []byte, last string, ok bool) {
	if !bytes.HasSuffix(b, []byte("\n")) {
		return nil, "", false
	}
	i := bytes.LastIndexByte(b[:len(b)-1], '\n')
	if i < 0 {
		return nil, "", false
	}
	return b[:i+1], string(b[i+1 : len(b)-1]), true
}

// decodeSteps reads a journal's lines after its first; sums says each
// place line ends with the file's size and checksum.
func decodeSteps(b []byte, sums bool) (dest string, pl *plan, err error) {
	pl = &plan{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	sc.Scan() // the version
	for sc.Scan() {
		text := sc.Text()
		bad := fmt.Errorf("a line that is not a step: %q", text)
		kind, quoted, _ := strings.Cut(text, " ")
		var want ownedFile
		if kind == "place" && sums {
			var size, sum string
			var ok1, ok2 bool
			if quoted, sum, ok1 = cutLast(quoted); ok1 {
				quoted, size, ok2 = cutLast(quoted)
			}
			n, err1 := strconv.ParseInt(size, 10, 64)
			s, err2 := strconv.ParseUint(sum, 16, 64)
			if !ok1 || !ok2 || err1 != nil || err2 != nil || n < 0 {
				return "", nil, bad
			}
			want = ownedFile{Size: n, Sum: s}
		}
		p, err := strconv.Unquote(quoted)
		if err != nil || kind != "dest" && p != MarkerName && !validPath(p) {
			return "", nil, bad
		}
		switch {
		case kind == "dest":
			dest = p
		case kind == "aside":
			pl.aside = append(pl.aside, p)
		case strings.HasPrefix(kind, "rmdir-"):
			perm, err := strconv.ParseUint(strings.TrimPrefix(kind, "rmdir-"), 8, 32)
			if err != nil {
				return "", nil, bad
			}
			pl.rmdirs = append(pl.rmdirs, dirOp{path: p, perm: fs.FileMode(perm).Perm()})
		case kind == "mkdir":
			pl.mkdirs = append(pl.mkdirs, p)
		case kind == "place":
			pl.place = append(pl.place, p)
			if sums {
				pl.want = append(pl.want, want)
			}
		default:
			return "", nil, bad
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

// cutLast splits s at its last space.
func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// undo puts dest back as it was before the commit of plan pl began, from
// whatever point the commit reached: it looks at each step, last first,
// and undoes it when it was done. A new file moved in goes back into new/
// (nothing is deleted), and only while it holds the bytes the commit
// moved in; a folder made is removed (it is empty then), a folder removed
// is made again, and a file moved aside comes back unless something is
// at its place (then it stays in old/). It can be run again after it
// failed half-way, by this process or by the next build. It returns the
// steps it could not undo.
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
		if pl.want != nil && !holds(destPath(p), pl.want[i]) {
			continue // not the file the commit moved in
		}
		if err := fsys.Rename(destPath(p), newPath(p)); err != nil {
			errs = append(errs, err)
		}
	}
	for i := len(pl.mkdirs) - 1; i >= 0; i-- {
		if d := destPath(pl.mkdirs[i]); isDir(d) && empty(d) {
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
		if !exists(oldPath(p)) || exists(destPath(p)) {
			continue // not moved aside, or its place was taken since
		}
		if err := fsys.Rename(oldPath(p), destPath(p)); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%d %s: %w", len(errs), diag.Plural(len(errs), "step", "steps"), errors.Join(errs...))
	}
	return nil
}

// holds reports whether p is a regular file (not a link) of the size and
// checksum of f.
func holds(p string, f ownedFile) bool {
	r, fi, ok := openRegular(p)
	if !ok {
		return false
	}
	defer r.Close()
	if fi.Size != f.Size {
		return false
	}
	sum, _, err := checksumReader(r)
	return err == nil && sum == f.Sum
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

// recoverJournal undoes, from its journal, the commit of the temporary
// folder tmp, which a build killed while committing left; dest is the
// output folder (real path) and name the caller's name for it. It returns
// the plan whose files moved aside (in tmp's old/) are provably
// scalesite's, nil when the journal proves nothing, and a note that says
// what it did. A journal that is empty or cut short says that the commit
// had changed nothing yet; one that cannot be read, or is of another
// folder, is left as it is, undoing nothing. Only when undoing fails is
// there an error, and the build must not go on: the old files are in tmp.
func recoverJournal(fsys fileSystem, name, dest, tmp string) (*plan, string, error) {
	b, err := os.ReadFile(filepath.Join(tmp, journalName))
	if err != nil {
		return nil, "", fmt.Errorf("an earlier build of the output folder %s was stopped while it replaced files, and its journal cannot be read (%v): fix that (it is %s) and build again",
			diag.Quote(name), err, diag.Quote(filepath.Join(tmp, journalName)))
	}
	jdest, pl, err := decodeJournal(b)
	switch {
	case errors.Is(err, errJournalCut):
		return nil, fmt.Sprintf("an earlier build of %s was stopped before it changed any file of it (its journal was not written whole): nothing to put back", diag.Quote(name)), nil
	case err != nil:
		return nil, fmt.Sprintf("an earlier build of %s left a journal that scalesite cannot read (%v): it undid nothing", diag.Quote(name), err), nil
	case jdest != dest:
		return nil, fmt.Sprintf("an earlier build left, beside %s, a journal of another folder (%s): it undid nothing", diag.Quote(name), diag.Quote(jdest)), nil
	}
	if err := undo(fsys, dest, tmp, pl); err != nil {
		return nil, "", fmt.Errorf("an earlier build of the output folder %s was stopped while it replaced files, and its old files could not be put back (%v): they are in %s; the next build tries again, or move them back into the output folder yourself, then build again",
			diag.Quote(name), err, diag.Quote(filepath.Join(tmp, "old")))
	}
	if err := fsys.Remove(filepath.Join(tmp, journalName)); err != nil {
		return nil, "", writeError(name, err)
	}
	return pl, fmt.Sprintf("an earlier build of %s was stopped while it replaced files: its old files were put back", diag.Quote(name)), nil
}

package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// commitFresh puts a first build in place: dest did not exist, and the new
// folder, with the list of its files, is renamed to it in one step.
func (w *Writer) commitFresh() error {
	fail := func(err error) error {
		removeTree(w.tmp)
		return writeError(w.name, err)
	}
	if err := writeAll(w.fsys, filepath.Join(w.newDir(), MarkerName), formatMarker(w.next)); err != nil {
		return fail(err)
	}
	if err := w.fsys.Chmod(w.newDir(), 0o755); err != nil {
		return fail(err)
	}
	// A manifest of a folder of this name that is gone describes nothing.
	if err := removeManifest(w.dest); err != nil {
		return fail(err)
	}
	// Builds wait for each other, but a person may make the folder
	// meanwhile: a rename over an empty folder would replace it.
	if _, err := os.Lstat(w.dest); !errors.Is(err, fs.ErrNotExist) {
		removeTree(w.tmp)
		return fmt.Errorf("the output folder %s was made by something else while the site was built: build again", diag.Quote(w.name))
	}
	if err := w.fsys.Rename(w.newDir(), w.dest); err != nil {
		return fail(err)
	}
	removeTree(w.tmp)
	w.saveManifest()
	return nil
}

// commitInPlace finishes a build over an earlier output (or into an empty
// folder): the files written into new/ (the changed ones) are moved into
// dest, and the files an earlier build wrote that the site no longer has
// are removed, with the list of files last.
//
// Every check that could refuse is made before dest is touched (plan).
// Then the plan is written down (the journal), every file that will be
// replaced or removed is moved aside into old/, folders are made, and the
// new files moved in. If a step fails, every step is undone, so dest is
// as it was, file for file; a build killed half-way has its steps undone
// by the next build, which finds the journal (recoverStale). Renaming the
// journal to journalDone is the moment the new output counts as in place.
func (w *Writer) commitInPlace() error {
	marker := formatMarker(w.next)
	pl, err := w.plan(marker)
	if err != nil {
		removeTree(w.tmp)
		return err
	}
	if pl.empty() {
		removeTree(w.tmp)
		w.saveManifest()
		return nil
	}
	// Everything in the temporary folder is made before dest is touched.
	if err := w.prepare(pl, marker); err != nil {
		removeTree(w.tmp)
		return writeError(w.name, err)
	}
	// The old manifest goes before the first change: a build killed while
	// changing dest leaves none, and the next one trusts no time.
	if err := removeManifest(w.dest); err != nil {
		removeTree(w.tmp)
		return writeError(w.name, err)
	}
	err = w.apply(pl)
	if err == nil {
		err = w.fsys.Rename(filepath.Join(w.tmp, journalName), filepath.Join(w.tmp, journalDone))
	}
	if err != nil {
		if uerr := undo(w.fsys, w.dest, w.tmp, pl); uerr != nil {
			return &PartialError{Dest: w.name, Err: writeError(w.name, err), Undo: uerr, Backup: w.oldDir()}
		}
		removeTree(w.tmp)
		if w.old != nil {
			_ = writeManifest(w.dest, w.old) // dest is as it described it
		}
		return writeError(w.name, err)
	}
	removeEmptied(w.dest, pl)
	removeTree(w.tmp)
	w.saveManifest()
	return nil
}

// saveManifest keeps the manifest of what dest now holds, for the next
// build. The cache folder is a convenience: without a manifest (none can
// be written, a CI runner's cache is empty) the next build reads the
// files it compares, which is slower, not wrong.
func (w *Writer) saveManifest() {
	_ = writeManifest(w.dest, &manifest{Files: w.next, State: w.kept})
}

// A plan is what a commit in place does to dest, in this order.
type plan struct {
	aside  []string // files an earlier build wrote, moved into old/: the ones replaced and removed
	rmdirs []dirOp  // folders the asides empty where a new file goes, children first
	mkdirs []string // folders made for new files, parents first
	place  []string // files moved from new/ into dest, the list (MarkerName) last
	// want is the size and checksum of each file of place, to tell, when
	// the commit is undone, the file it moved in from one put there since.
	want []ownedFile
}

// dirOp is a folder a commit removes, with its permissions, to make it
// again if it is undone.
type dirOp struct {
	path string
	perm fs.FileMode
}

func (pl *plan) empty() bool { return len(pl.aside)+len(pl.place) == 0 }

// plan works out the commit, reading dest only. It removes a file that an
// earlier build wrote and the site no longer has only while it is as the
// build wrote it (a file edited by hand is kept); it replaces a file only
// when an earlier build wrote it; and it never goes through a link. A new
// file that would take the place of anything else is refused, naming it.
func (w *Writer) plan(marker []byte) (*plan, error) {
	pl := &plan{}
	removed, err := w.removable()
	if err != nil {
		return nil, err
	}
	pl.aside = append(pl.aside, removed...)
	gone := make(map[string]bool, len(removed))
	for _, p := range removed {
		gone[p] = true
	}
	slices.Sort(w.staged)
	// Whether each file dest holds at a new file's path is as an earlier
	// build wrote it: read in parallel, as a rebuild without a trusted
	// manifest reads every file it replaces.
	written := make([]bool, len(w.staged))
	if err := parallel(len(w.staged), func(i int) error { written[i] = w.asWritten(w.staged[i]); return nil }); err != nil {
		return nil, err
	}
	dirs := map[string]bool{} // folders checked: true when the commit makes them
	for i, p := range w.staged {
		if err := w.planFolders(pl, dirs, gone, path.Dir(p), p); err != nil {
			return nil, err
		}
		if dirs[path.Dir(p)] { // in a folder the commit makes: nothing is there
			pl.place = append(pl.place, p)
			continue
		}
		fi, err := os.Lstat(w.destPath(p))
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, writeError(w.name, err)
		case fi.Mode().IsRegular():
			// Replaced only while it holds the bytes the list says an
			// earlier build wrote: a list planted or edited to name a
			// file of the user's does not make it scalesite's.
			if !written[i] {
				return nil, w.inTheWay(p, p)
			}
			pl.aside = append(pl.aside, p)
		case fi.IsDir():
			emptied, ok := w.emptiedBy(p, gone)
			if !ok {
				return nil, w.inTheWay(p, p)
			}
			pl.rmdirs = append(pl.rmdirs, emptied...)
		default:
			return nil, w.inTheWay(p, p)
		}
		pl.place = append(pl.place, p)
	}
	if !slices.Equal(marker, w.marker) || len(pl.aside)+len(pl.place) > 0 {
		if w.marker != nil {
			pl.aside = append(pl.aside, MarkerName)
		}
		pl.place = append(pl.place, MarkerName)
	}
	pl.want = make([]ownedFile, len(pl.place))
	for i, p := range pl.place {
		if p == MarkerName {
			pl.want[i] = ownedFile{Size: int64(len(marker)), Sum: checksum(marker)}
		} else {
			pl.want[i] = ownedFile{Size: w.next[p].Size, Sum: w.next[p].Sum}
		}
	}
	return pl, nil
}

// planFolders checks the folders above the new file p, parents first: each
// is a folder, or is not there (the commit makes it), or is a file the
// commit removes (then makes a folder in its place). Anything else there,
// a link above all, is refused.
func (w *Writer) planFolders(pl *plan, dirs, gone map[string]bool, d, p string) error {
	if d == "." {
		return nil
	}
	if _, checked := dirs[d]; checked {
		return nil
	}
	if err := w.planFolders(pl, dirs, gone, path.Dir(d), p); err != nil {
		return err
	}
	if _, ok := w.next[d]; ok {
		return fmt.Errorf("the site makes both a file %s and %s inside a folder of that name: rename one of them", diag.Quote(d), diag.Quote(p))
	}
	if dirs[path.Dir(d)] { // its parent is made: so is it
		dirs[d] = true
		pl.mkdirs = append(pl.mkdirs, d)
		return nil
	}
	fi, err := os.Lstat(w.destPath(d))
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && gone[d]:
		dirs[d] = true
		pl.mkdirs = append(pl.mkdirs, d)
	case err != nil:
		return writeError(w.name, err)
	case fi.IsDir():
		dirs[d] = false
	default:
		return w.inTheWay(d, p)
	}
	return nil
}

// removable returns the files an earlier build wrote that the site no
// longer has and that are still as it wrote them (by their time, with a
// trusted manifest; by their bytes otherwise), sorted. A file edited since,
// or reached through a link, is not the build's to remove.
func (w *Writer) removable() ([]string, error) {
	var cand []string
	for p := range w.owned {
		if _, ok := w.next[p]; !ok {
			cand = append(cand, p)
		}
	}
	slices.Sort(cand)
	ok := make([]bool, len(cand))
	err := parallel(len(cand), func(i int) error {
		ok[i] = w.asWritten(cand[i])
		return nil
	})
	var out []string
	for i, p := range cand {
		if ok[i] {
			out = append(out, p)
		}
	}
	return out, err
}

// asWritten reports whether dest's file p is one an earlier build wrote,
// still as it wrote it: the list names it, no link is above it, and it is
// a regular file with the listed size and checksum (told by its time with
// a trusted manifest, by reading it otherwise). It is the one test before
// a build replaces or removes a file.
func (w *Writer) asWritten(p string) bool {
	o, listed := w.owned[p]
	if !listed || !w.noLinkAbove(p) {
		return false
	}
	full := w.destPath(p)
	if w.old != nil {
		if e, found := w.old.Files[p]; found && e.unchanged(full, o.Size, o.Sum) {
			return true
		}
	}
	return holds(full, o)
}

// noLinkAbove reports whether every folder above p in dest is a folder,
// not a link to one.
func (w *Writer) noLinkAbove(p string) bool {
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		fi, err := os.Lstat(w.destPath(d))
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// emptiedBy reports whether the folder p in dest holds only files the
// commit removes (gone), and returns its folders, children first, to be
// removed so that a new file takes its place.
func (w *Writer) emptiedBy(p string, gone map[string]bool) ([]dirOp, bool) {
	var dirs []dirOp
	ok := true
	root := w.destPath(p)
	filepath.WalkDir(root, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			ok = false
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(w.dest, q)
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			fi, err := d.Info()
			if err != nil {
				ok = false
				return filepath.SkipAll
			}
			dirs = append(dirs, dirOp{path: rel, perm: fi.Mode().Perm()})
		case !gone[rel]:
			ok = false
			return filepath.SkipAll
		}
		return nil
	})
	slices.Reverse(dirs)
	return dirs, ok
}

// removeEmptied removes the folders of dest that the files the commit of
// pl removed leave empty (a page deleted from the site), up to dest, which
// stays. It is done after the commit (or by the next build, when the
// commit was killed just after it was done): a folder left behind is no
// harm.
func removeEmptied(dest string, pl *plan) {
	seen := map[string]bool{}
	for _, p := range pl.aside {
		for d := path.Dir(p); d != "." && !seen[d]; d = path.Dir(d) {
			seen[d] = true
			full := filepath.Join(dest, filepath.FromSlash(d))
			if !empty(full) || os.Remove(full) != nil {
				break
			}
		}
	}
}

// prepare makes, in the temporary folder, what the commit needs before it
// touches dest: the new list of files, the folders of old/ that receive
// the files moved aside, and the journal.
func (w *Writer) prepare(pl *plan, marker []byte) error {
	if err := writeAll(w.fsys, filepath.Join(w.newDir(), MarkerName), marker); err != nil {
		return err
	}
	if err := w.fsys.Mkdir(w.oldDir(), 0o700); err != nil {
		return err
	}
	made := map[string]bool{}
	for _, p := range pl.aside {
		if d := path.Dir(p); d != "." && !made[d] {
			made[d] = true
			if err := w.fsys.MkdirAll(filepath.Join(w.oldDir(), filepath.FromSlash(d)), 0o700); err != nil {
				return err
			}
		}
	}
	return writeAll(w.fsys, filepath.Join(w.tmp, journalName), encodeJournal(w.dest, pl))
}

// apply changes dest as the plan says. It stops at the first step that
// fails; undo puts back what was done.
func (w *Writer) apply(pl *plan) error {
	err := parallel(len(pl.aside), func(i int) error {
		return w.fsys.Rename(w.destPath(pl.aside[i]), filepath.Join(w.oldDir(), filepath.FromSlash(pl.aside[i])))
	})
	if err != nil {
		return err
	}
	for _, d := range pl.rmdirs {
		if err := w.fsys.Remove(w.destPath(d.path)); err != nil {
			return err
		}
	}
	for _, d := range pl.mkdirs {
		if err := w.fsys.Mkdir(w.destPath(d), 0o755); err != nil {
			return err
		}
	}
	files := pl.place[:len(pl.place)-1] // the list of files goes in last
	err = parallel(len(files), func(i int) error {
		return w.fsys.Rename(filepath.Join(w.newDir(), filepath.FromSlash(files[i])), w.destPath(files[i]))
	})
	if err != nil {
		return err
	}
	return w.fsys.Rename(filepath.Join(w.newDir(), MarkerName), w.destPath(MarkerName))
}

// destPath is the path in dest of the slash path p.
func (w *Writer) destPath(p string) string { return filepath.Join(w.dest, filepath.FromSlash(p)) }

// inTheWay is the error for a new file p that cannot go in: at its path,
// or at the folder above it (at), dest holds something an earlier build
// did not write, or that was changed since.
func (w *Writer) inTheWay(at, p string) error {
	what := "a file"
	if fi, err := os.Lstat(w.destPath(at)); err == nil {
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			what = "a symbolic link"
		case fi.IsDir():
			what = "a folder with files"
		}
	}
	where := "where the site now puts " + diag.Quote(p)
	if at == p {
		where = "where the site now puts a file"
	}
	return fmt.Errorf("the output folder %s holds %s at %s that scalesite did not write (or that was changed since), %s; scalesite does not replace it: move it out of the output folder, or delete it, and build again",
		diag.Quote(w.name), what, diag.Quote(strings.TrimSuffix(at, "/")), where)
}

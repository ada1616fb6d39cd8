package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/scalesite/scalesite/diag"
)

// RealPath returns the absolute path of dest with every symbolic link in
// the folders above it resolved, also when dest, or folders above it, do
// not exist yet (the nearest folder that exists is resolved). dest itself
// is not followed: a link there is refused by Begin. Comparing real paths
// is what tells that a destination reached through a link is the site's
// own folder.
func RealPath(dest string) (string, error) {
	abs, err := filepath.Abs(dest)
	if err != nil {
		return "", err
	}
	parent := filepath.Dir(abs)
	if parent == abs { // the root
		return abs, nil
	}
	resolved, err := resolveExisting(parent)
	if err != nil {
		return "", err
	}
	return filepath.Join(resolved, filepath.Base(abs)), nil
}

// resolveExisting is filepath.EvalSymlinks for an absolute path that may
// not exist: the nearest folder above it that exists is resolved, and the
// rest of the path joined to it.
func resolveExisting(p string) (string, error) {
	var rest []string // the names below the folder that exists, last first
	for {
		resolved, err := filepath.EvalSymlinks(p)
		if err == nil {
			for i := len(rest) - 1; i >= 0; i-- {
				resolved = filepath.Join(resolved, rest[i])
			}
			return resolved, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		up := filepath.Dir(p)
		if up == p {
			return "", err
		}
		rest = append(rest, filepath.Base(p))
		p = up
	}
}

// claim decides how the Writer may write dest, or refuses it. A folder
// that does not exist is written whole and renamed into place; an empty
// folder (or one holding only a .git), or one that holds a list of the
// files an earlier build wrote (MarkerName), is changed in place, touching only the files the list
// names. A link, a file, or a folder of someone else's files is refused
// before anything is written.
func (w *Writer) claim() error {
	fi, err := os.Lstat(w.dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		w.fresh = true
		return nil
	case err != nil:
		return fmt.Errorf("the output folder %s cannot be read: %w", diag.Quote(w.name), err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("the output folder %s is a symbolic link: scalesite does not write through links, so that a build never lands in a folder it was not given; give --dest the real folder", diag.Quote(w.name))
	case !fi.IsDir():
		return fmt.Errorf("the output folder %s is a file, not a folder: scalesite does not replace it; give --dest a folder", diag.Quote(w.name))
	}
	owned, marker, err := readMarker(w.dest)
	if err == nil {
		w.owned, w.marker = owned, marker
		w.old = trustedManifest(w.dest, owned)
		return nil
	}
	if !errors.Is(err, errNoMarker) {
		return fmt.Errorf("the output folder %s has a list of the files scalesite wrote there (%s) that cannot be read (%v), so scalesite cannot tell its files from yours and writes nothing; if everything in the folder can go, delete the folder and build again, or give --dest another folder", diag.Quote(w.name), MarkerName, err)
	}
	// A folder that holds nothing, or only a .git (git init, to publish
	// the site from it), is the build's to fill; the .git is not its own.
	if names, err := readNames(w.dest); err == nil && (len(names) == 0 || len(names) == 1 && names[0] == ".git") {
		w.owned = map[string]ownedFile{}
		return nil
	}
	// An output of a scalesite from before the list: the manifest in the
	// cache folder, when there is one, names the files it wrote, with
	// their sizes and times. Those still as it wrote them are its own.
	if m := readManifest(w.dest); m != nil {
		owned := map[string]ownedFile{}
		for p, e := range m.Files {
			if validPath(p) && e.unchanged(filepath.Join(w.dest, filepath.FromSlash(p)), e.Size, e.Sum) {
				owned[p] = ownedFile{Size: e.Size, Sum: e.Sum}
			}
		}
		if len(owned) > 0 {
			w.owned, w.old = owned, m
			return nil
		}
	}
	return fmt.Errorf("the output folder %s already holds files that scalesite did not write (it has no %s list of its own files): a build writes only into a new or empty folder, or over its own earlier output, so that it never deletes your files; give --dest a new folder, or, if nothing in this one is needed (an output of an older scalesite, which kept no such list, say), empty it yourself and build again (a .git in it may stay)",
		diag.Quote(w.name), MarkerName)
}

// readNames returns the names in the folder d.
func readNames(d string) ([]string, error) {
	f, err := os.Open(d)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

// trustedManifest returns dest's manifest when it describes the files the
// list in dest names, as they were listed: then its times tell an
// unchanged file without reading it. Otherwise (another output was put
// there, the cache is missing) it returns nil and a rebuild reads the
// files to compare them.
func trustedManifest(dest string, owned map[string]ownedFile) *manifest {
	m := readManifest(dest)
	if m == nil || len(m.Files) != len(owned) {
		return nil
	}
	for p, e := range m.Files {
		if o, ok := owned[p]; !ok || o.Size != e.Size || o.Sum != e.Sum {
			return nil
		}
	}
	return m
}

// empty reports whether d is a folder that holds nothing (not a file, not
// a link).
func empty(d string) bool {
	if !isDir(d) {
		return false
	}
	f, err := os.Open(d)
	if err != nil {
		return false
	}
	defer f.Close()
	_, err = f.Readdirnames(1)
	return err == io.EOF
}

// writeError says, in words a researcher acts on, why writing the output
// folder name failed: a full disk, a folder that may not be written.
func writeError(name string, err error) error {
	var what, todo string
	switch {
	case errors.Is(err, syscall.ENOSPC):
		what, todo = "the disk is full", "free some space and build again"
	case errors.Is(err, syscall.EDQUOT):
		what, todo = "the disk quota is used up", "free some space and build again"
	case errors.Is(err, fs.ErrPermission):
		what, todo = "permission denied", "check that you may write in it (and in the folder around it) and build again"
	case errors.Is(err, syscall.EROFS):
		what, todo = "the disk is read-only", "give --dest a folder on a disk that can be written"
	default:
		return fmt.Errorf("writing the output folder %s: %w", diag.Quote(name), err)
	}
	return fmt.Errorf("could not write the output folder %s: %s (%w); %s", diag.Quote(name), what, err, todo)
}

package sitefs

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// List returns the files under the site folder relDir (slash-separated,
// relative to relDir, in lexical order), skipping names that start with a
// dot. A missing folder has no files.
//
// Links are followed only to regular files inside the site. A link that
// leads outside the site, a link to a folder, and anything that is not a
// regular file (a named pipe, a device, a socket) is refused: it is
// returned in problems, and the caller reports it as an error at the file.
// Files over limit are refused the same way. A folder relDir that is itself
// a link is followed when it leads to a folder inside the site.
func (r *Root) List(relDir string, limit Limit) (files []string, problems []error, err error) {
	real, err := r.Resolve(relDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	err = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == real && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if p == real {
			if !d.IsDir() {
				return &Error{Path: relDir, Reason: "is not a folder"}
			}
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		sub, _ := filepath.Rel(real, p)
		sub = filepath.ToSlash(sub)
		rel := path.Join(relDir, sub)
		if d.Type().IsRegular() {
			if limit.Bytes > 0 {
				fi, err := d.Info()
				if err != nil {
					return nil // gone since listed
				}
				if err := checkInfo(fi, rel, limit); err != nil {
					problems = append(problems, err)
					return nil
				}
			}
			files = append(files, sub)
			return nil
		}
		if d.Type()&fs.ModeSymlink == 0 {
			problems = append(problems, &Error{Path: rel, Reason: "is " + kindOf(d.Type()) + ", not a regular file: scalesite reads only regular files"})
			return nil
		}
		if _, err := r.Stat(rel, limit); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				problems = append(problems, &Error{Path: rel, Reason: "is a symbolic link to a file that does not exist"})
			} else {
				problems = append(problems, err)
			}
			return nil
		}
		files = append(files, sub)
		return nil
	})
	return files, problems, err
}

// Sub returns the site folder relDir as a file system for reading a theme:
// relDir must lie inside the site, and every file opened through it obeys
// the rule.
func (r *Root) Sub(relDir string, limit Limit) (fs.FS, error) {
	real, err := r.Resolve(relDir)
	if err != nil {
		return nil, err
	}
	return &subFS{root: r, dir: relDir, real: real, limit: limit}, nil
}

// subFS is a folder of the site under the rule. It lists with fs.ReadDir
// and opens with Root.OpenFile.
type subFS struct {
	root  *Root
	dir   string // site-relative
	real  string
	limit Limit
}

func (s *subFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return os.DirFS(s.real).Open(".")
	}
	rel := path.Join(s.dir, name)
	if real, err := s.root.Resolve(rel); err == nil {
		if fi, err := fs.Stat(os.DirFS(filepath.Dir(real)), filepath.Base(real)); err == nil && fi.IsDir() {
			return os.DirFS(filepath.Dir(real)).Open(filepath.Base(real))
		}
	}
	f, err := s.root.OpenFile(rel, s.limit)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (s *subFS) ReadDir(name string) ([]fs.DirEntry, error) {
	rel := path.Join(s.dir, name)
	real, err := s.root.Resolve(rel)
	if err != nil {
		return nil, err
	}
	return fs.ReadDir(os.DirFS(real), ".")
}

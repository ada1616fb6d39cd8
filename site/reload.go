package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// NeedsFullLoad reports whether a change to file (site-relative,
// slash-separated) touches what every page depends on: the config or a theme.
func NeedsFullLoad(file string) bool {
	return file == ConfigFile || strings.HasPrefix(file, "themes/")
}

// Reload returns the site as it is after the files in changed (site-relative,
// slash-separated paths, created, written or removed) changed on disk. It
// reads again only what they affect: a changed page, and the pages whose
// charts read a changed data file. Pages it does not touch are the same
// *Page values as in s, so a renderer can tell what is new. A change to the
// config or a theme loads the whole site again. s itself is not modified.
//
// On content errors it returns a diag.List, like Load; the caller keeps s and
// passes the same changes (and any newer ones) to the next Reload.
func (s *Site) Reload(changed []string) (*Site, error) {
	for _, f := range changed {
		if NeedsFullLoad(f) {
			return Load(s.Root, s.opts)
		}
	}
	n := *s
	n.loaded = make(map[string]loadedPage, len(s.loaded)+1)
	for f, lp := range s.loaded {
		n.loaded[f] = lp
	}
	changed = s.expandFolders(changed)
	var reload []string
	for _, f := range changed {
		exists := fileExists(filepath.Join(s.Root, filepath.FromSlash(f)))
		switch {
		case strings.HasPrefix(f, "content/") && strings.HasSuffix(f, ".md"):
			if exists {
				reload = append(reload, f)
			} else {
				delete(n.loaded, f)
			}
		case strings.HasPrefix(f, "content/"):
			n.Resources = setMember(n.Resources, strings.TrimPrefix(f, "content/"), exists)
		case strings.HasPrefix(f, "static/"):
			n.Static = setMember(n.Static, strings.TrimPrefix(f, "static/"), exists)
		}
		// Any page whose charts read this file is read again, data and all.
		for pf, lp := range s.loaded {
			if lp.page != nil && lp.page.uses(f) && !slices.Contains(reload, pf) {
				if _, still := n.loaded[pf]; still {
					reload = append(reload, pf)
				}
			}
		}
	}
	var errs diag.List
	for i, lp := range loadPages(s.Root, reload, s.md, s.opts.Drafts, &errs) {
		n.loaded[reload[i]] = lp
	}
	errs.Add(n.assemble())
	if len(errs) > 0 {
		return nil, errs.Sort()
	}
	return &n, nil
}

// expandFolders adds, for each changed path that is a folder (created,
// removed or renamed as a whole), the files known under it and the files
// on disk under it now.
func (s *Site) expandFolders(changed []string) []string {
	out := slices.Clone(changed)
	for _, f := range changed {
		prefix := f + "/"
		for pf := range s.loaded {
			if strings.HasPrefix(pf, prefix) {
				out = append(out, pf)
			}
		}
		for _, list := range []struct {
			dir   string
			files []string
		}{{"content/", s.Resources}, {"static/", s.Static}} {
			for _, r := range list.files {
				if strings.HasPrefix(list.dir+r, prefix) {
					out = append(out, list.dir+r)
				}
			}
		}
		if fi, err := os.Stat(filepath.Join(s.Root, filepath.FromSlash(f))); err == nil && fi.IsDir() {
			on, _ := listFiles(filepath.Join(s.Root, filepath.FromSlash(f)))
			for _, r := range on {
				out = append(out, prefix+r)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// uses reports whether one of the page's charts read the data file f.
func (p *Page) uses(f string) bool {
	for _, c := range p.Charts {
		if slices.Contains(c.DataFiles, f) {
			return true
		}
	}
	return false
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// setMember returns the sorted list with f added (in) or removed (!in).
func setMember(list []string, f string, in bool) []string {
	i, found := slices.BinarySearch(list, f)
	switch {
	case in && !found:
		return slices.Insert(slices.Clone(list), i, f)
	case !in && found:
		return slices.Delete(slices.Clone(list), i, i+1)
	}
	return list
}

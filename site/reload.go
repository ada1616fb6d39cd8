package site

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
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
	n.loaded = maps.Clone(s.loaded)
	n.bodyCaches = &onceCaches{}
	changed = s.expandFolders(changed)
	var reload []string
	var errs diag.List
	var gone []string // the pages' files removed
	for _, f := range changed {
		exists := s.fileExists(f)
		if exists && !strings.HasSuffix(f, ".md") && (strings.HasPrefix(f, "content/") || strings.HasPrefix(f, "static/")) {
			// A file published as it is obeys the rule like a fresh build's.
			if _, err := s.Files.Stat(f, s.Config.Limits.FileLimit()); err != nil {
				errs.Add(refused(err))
				continue
			}
		}
		switch {
		case strings.HasPrefix(f, "content/") && strings.HasSuffix(f, ".md"):
			if exists {
				reload = append(reload, f)
			} else {
				if _, ok := n.loaded[f]; ok {
					gone = append(gone, f)
				}
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
	// A page read again for a data file it uses may itself be gone (a page
	// bundle removed whole): its removal sorts after its data's, or comes
	// in the next batch of changes. It is removed now.
	reload = slices.DeleteFunc(reload, func(pf string) bool {
		if s.fileExists(pf) {
			return false
		}
		if _, still := n.loaded[pf]; still {
			delete(n.loaded, pf)
			gone = append(gone, pf)
		}
		return true
	})
	if len(n.loaded) == 0 && len(reload) == 0 {
		// No page is left: Load says why (no content/ folder, or no
		// page in it), as a build would.
		return Load(s.Root, s.opts)
	}
	for i, lp := range loadPages(&n, reload, &errs) {
		n.loaded[reload[i]] = lp
	}
	if len(errs) > 0 || !n.reassemble(s, reload, gone) {
		errs.Add(n.assemble())
	}
	if len(errs) > 0 {
		return nil, errs.Sort()
	}
	return &n, nil
}

// reassemble is assemble for a reload that read again only the pages in
// files, when each kept what assemble looks at (path, slug, draft, tags
// and where they are written) and neither has warnings: the checks of
// slugs and tags keep their outcome, so the new pages take the old ones'
// places in a copy of s.Pages, and a page dated anew moves to its place
// in the order. A page new to the site (the live preview's new page) takes its
// place in the order, and a page may take or drop tags, when the checks'
// outcome is plainly the same: the site has no warning of tags spelled two
// ways, the new page's slug is no other's, and each tag taken is spelled
// as elsewhere or shares its slug with no other tag (tagsFit); a page
// removed (the files gone) leaves the order, when it had no warnings. It reports
// false, having changed nothing, when assemble must run instead. Its work
// is that of the pages read, and of a pass over the pages' tags when
// these change, not of sorting the site's.
func (n *Site) reassemble(s *Site, files, gone []string) bool {
	pages, home := s.Pages, s.Home
	copied := false
	for _, f := range gone {
		lp := s.loaded[f]
		if len(lp.warnings) > 0 || lp.page == s.Home {
			return false
		}
		op := lp.page
		if op == nil || op.Draft && !s.opts.Drafts {
			continue // listed neither before nor now
		}
		i := slices.Index(pages, op)
		if i < 0 || len(op.Tags) > 0 && s.tagsWarned() {
			return false
		}
		if !copied {
			pages, copied = slices.Clone(pages), true
		}
		pages = slices.Delete(pages, i, i+1)
	}
	var placed []*Page // the pages new to the site or dated anew, to put in their places
	for _, f := range files {
		old, ok := s.loaded[f]
		now, ok2 := n.loaded[f]
		if !ok && ok2 && now.page != nil && len(now.warnings) == 0 && now.page.Slug != "" {
			// A page new to the site.
			np := now.page
			if np.Draft && !s.opts.Drafts {
				continue
			}
			if slices.ContainsFunc(pages, func(p *Page) bool { return p.Slug == np.Slug }) || !s.tagsFit(pages, nil, np) {
				return false
			}
			if !copied {
				pages, copied = slices.Clone(pages), true
			}
			pages, placed = append(pages, np), append(placed, np)
			continue
		}
		if !ok || !ok2 || old.page == nil || now.page == nil || len(old.warnings) > 0 || len(now.warnings) > 0 {
			return false
		}
		op, np := old.page, now.page
		if op.Path != np.Path || op.Slug != np.Slug || op.Draft != np.Draft {
			return false
		}
		if (!slices.Equal(op.Tags, np.Tags) || !slices.Equal(op.TagPos, np.TagPos)) &&
			(op.Draft && !s.opts.Drafts || !s.tagsFit(pages, op, np)) {
			return false
		}
		if op.Draft && !s.opts.Drafts {
			continue // listed neither before nor now
		}
		if op == s.Home {
			home = np
			continue
		}
		i := slices.Index(pages, op)
		if i < 0 {
			return false
		}
		if !copied {
			pages, copied = slices.Clone(pages), true
		}
		pages[i] = np
		if !op.Date.Equal(np.Date) {
			placed = append(placed, np)
		}
	}
	// The pages new or dated anew leave the order and take their places
	// in it: the others keep their order, which reads only dates and
	// paths.
	if len(placed) > 0 {
		pages = slices.DeleteFunc(pages, func(p *Page) bool { return slices.Contains(placed, p) })
		for _, np := range placed {
			at, _ := slices.BinarySearchFunc(pages, np, pageOrder)
			pages = slices.Insert(pages, at, np)
		}
	}
	n.Pages, n.Home = pages, home
	return true
}

// tagsFit reports whether page np, taking the place of old among pages
// (or added, old nil), leaves the checks of tags across pages
// (tagPageClashes) without errors or warnings, as s has none: each of its
// tags is spelled as another page spells it (no other spelling of it can
// exist), or shares its slug with no other page's tag.
func (s *Site) tagsFit(pages []*Page, old, np *Page) bool {
	if s.tagsWarned() {
		return false
	}
	var spellings map[string]bool // every tag of the other pages, made when needed
	for _, t := range np.Tags {
		if old != nil && slices.Contains(old.Tags, t) {
			continue
		}
		if spellings == nil && spelledSo(pages, old, t) {
			continue // (a tag most pages have is found at once, not in a set of every tag)
		}
		if spellings == nil {
			spellings = map[string]bool{}
			for _, p := range pages {
				if p != old {
					for _, u := range p.Tags {
						spellings[u] = true
					}
				}
			}
		}
		if spellings[t] {
			continue
		}
		slug := TagSlug(t)
		for u := range spellings {
			if TagSlug(u) == slug {
				return false
			}
		}
	}
	return true
}

// spelledSo reports whether a page of pages other than old has tag t.
func spelledSo(pages []*Page, old *Page, t string) bool {
	for _, p := range pages {
		if p != old && slices.Contains(p.Tags, t) {
			return true
		}
	}
	return false
}

// tagsWarned reports whether s has warnings of the checks of tags across
// pages (tagPageClashes): warnings beyond its pages' own.
func (s *Site) tagsWarned() bool {
	own := 0
	for _, lp := range s.loaded {
		own += len(lp.warnings)
	}
	return len(s.Warnings) != own
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
		if real, err := s.Files.Resolve(f); err == nil {
			if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
				continue
			}
			on, _, _ := s.Files.List(f, sitefs.Limit{})
			for _, r := range on {
				out = append(out, prefix+r)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// uses reports whether f is one of the page's inputs (Inputs), or a
// folder holding one: a data folder moved away, or replaced by another or
// by a link, changes every file the page read from it, though no event
// names them. A file inside an input that is a folder (TensorBoard event
// files, a run added) changes what the page reads too.
func (p *Page) uses(f string) bool {
	for in := range p.inputs() {
		if in == f || strings.HasPrefix(in, f+"/") || strings.HasPrefix(f, in+"/") {
			return true
		}
	}
	return false
}

// fileExists reports whether the site file f exists. A file the rule
// refuses counts as existing, so that reloading it reports why.
func (s *Site) fileExists(f string) bool {
	real, err := s.Files.Resolve(f)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		return true
	}
	fi, err := os.Stat(real)
	return err == nil && !fi.IsDir()
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

package render

import (
	"fmt"
	"slices"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// patch renders s, which differs from the last call's site only as delta
// found, by making the changed and added pages and their charts' data
// files again in the last call's files, with what shows them (listPatch),
// and removing the files of a page removed and the listing pages no
// longer needed.
func (rr *Renderer) patch(s *site.Site, d delta) (*output.Output, error) {
	l := rr.last
	l.settle(rr)
	for _, i := range rr.patched {
		l.files[i].Data = nil // made by the last call: as the cache keeps it now
	}
	rr.last, rr.patched, rr.removed, rr.made = nil, nil, nil, nil // until this call succeeds
	r := rr.start(s)
	fs := &patchFiles{l: l, made: make([]int, 0, 3*len(d.changed)+8)}
	fresh := slices.Clone(d.changed) // the pages whose charts are new too
	if d.added >= 0 {
		fresh = append(fresh, d.added)
	}
	if d.removed >= 0 && !d.moved() {
		fs.removePage(l.pages[d.removed])
	}
	// The changed and added pages, and the neighbours of those whose link
	// changed or that were added or removed: rendered side by side, as a
	// neighbour's body is loaded again to render it.
	remade := d.pages(len(s.Pages))
	pageFiles, pageErrs := make([]output.File, len(remade)), make([]error, len(remade))
	par.For(len(remade), 0, func(j int) { pageFiles[j], pageErrs[j] = r.page(remade[j]) })
	for j, i := range remade {
		p, f := s.Pages[i], pageFiles[j]
		if err := pageErrs[j]; err != nil {
			return nil, atPage(p.Path, err)
		}
		if err := fs.put(f); err != nil {
			return nil, err
		}
		if !slices.Contains(fresh, i) {
			continue // a neighbour: its charts are as they were
		}
		if err := rr.chartFiles(p, func() (*site.Body, error) { return s.LoadBody(p) }, nil, fs.put); err != nil {
			return nil, err
		}
	}
	if d.home {
		if err := rr.chartFiles(s.Home, func() (*site.Body, error) { return s.LoadBody(s.Home) }, nil, fs.put); err != nil {
			return nil, err
		}
	}
	// The pages of the listings that show them, the tags index, the feed,
	// the sitemap and the search index, as they changed.
	plain, err := rr.listPatch(r, l, d, fs)
	if err != nil {
		return nil, err
	}
	fs.apply(rr)
	// The size the cache keeps of the files made, for the next call,
	// which drops their bytes (cachedData's files have none).
	for _, i := range fs.made {
		if f := &l.files[i]; !chart.IsDataName(f.Path) && !plain[f.Path] {
			f.Size = len(f.Data)
		}
	}
	if d.added >= 0 || d.removed >= 0 {
		l.pages = slices.Clone(s.Pages)
	} else {
		for _, i := range d.changed {
			l.pages[i] = s.Pages[i]
		}
	}
	l.home = s.Home
	rr.pruneLinks(s)
	rr.last, rr.patched, rr.removed = l, fs.made, fs.gone
	return &output.Output{Files: l.files}, nil
}

// patchFiles are the last call's files as a patch changes them: files put
// in place of theirs or added at the end, and files removed once the
// patch is done (apply), so that the indexes of those made hold until
// then.
type patchFiles struct {
	l    *lastRender
	made []int    // indexes in l.files of the files made, with their bytes
	gone []string // the paths of the files to remove, each once
}

// put puts f in place of the last call's file at its path, or adds it.
func (fs *patchFiles) put(f output.File) error {
	l := fs.l
	if slices.Contains(fs.gone, f.Path) {
		return fmt.Errorf("render: %s is both made and removed by a patch (a bug)", f.Path)
	}
	i, ok := l.index[f.Path]
	if ok {
		f.Default = l.files[i].Default
		l.files[i] = f
	} else {
		if f.Data == nil {
			return fmt.Errorf("render: %s, new to the site, was not made (a bug)", f.Path)
		}
		i = len(l.files)
		l.index[f.Path] = i
		l.files = append(l.files, f)
	}
	if f.Data != nil {
		fs.made = append(fs.made, i)
	}
	return nil
}

// remove marks the last call's file at path, if it has one, to be removed.
func (fs *patchFiles) remove(path string) {
	if _, ok := fs.l.index[path]; ok && !slices.Contains(fs.gone, path) {
		fs.gone = append(fs.gone, path)
	}
}

// removePage marks the files of page p, removed from the site, to be
// removed: its page and its charts' files.
func (fs *patchFiles) removePage(p *site.Page) {
	fs.remove(p.Slug + "/index.html")
	for _, c := range p.Charts {
		fs.remove(dataFile(p.Slug, c))
		fs.remove(fitFile(p.Slug, c))
		fs.remove(staticFile(p.Slug, c.ID))
		fs.remove(cardFile(p.Slug, c.ID))
	}
}

// apply removes the files marked gone from the last call's files and the
// Renderer's memory: each is replaced by the last file, whose index in
// made follows it.
func (fs *patchFiles) apply(rr *Renderer) {
	l := fs.l
	rr.mu.Lock()
	defer rr.mu.Unlock()
	for _, path := range fs.gone {
		i := l.index[path]
		last := len(l.files) - 1
		if i != last {
			l.files[i] = l.files[last]
			l.index[l.files[i].Path] = i
			if k := slices.Index(fs.made, last); k >= 0 {
				fs.made[k] = i
			}
		}
		l.files[last] = output.File{}
		l.files = l.files[:last]
		delete(l.index, path)
		rr.forget(path)
	}
}

// page renders the i-th page to slug/index.html, for a patch: unless the
// Renderer made it last for the same key (cached).
func (r *renderer) page(i int) (output.File, error) {
	p := r.site.Pages[i]
	prev, next := r.neighbours(i)
	return r.rr.cached(p.OutputPath(), r.pageKey(i), func() ([]byte, error) {
		b, err := r.site.LoadBody(p)
		if err != nil {
			return nil, err
		}
		return r.renderPage(b, prev, next)
	})
}

package pipeline

import (
	"errors"
	"slices"
	"sync"

	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// Preview is the pipeline as the live preview (scalesite serve) runs it: the
// same load and render steps as a build, kept in memory between saves
// instead of written to disk. It starts streamed, as a build runs (Start,
// start.go: the home page first, then each page loaded, rendered, handed to
// the caller and kept light), then reloads only what a change affects
// (site.Site.Reload), renders it through one render.Renderer that
// makes again only what changed, and hands the files to the caller, which
// serves them. The rules that decide what is made again are stated in
// internal/rebuild.
//
// Update is not safe for concurrent use (the server runs one at a time);
// Renders and Patched may be called while it runs.
type Preview struct {
	source string
	opts   site.Options

	// pending are the changes not yet in a good update: a failed one
	// leaves them for the next, which reloads them again.
	pending []string

	mu   sync.Mutex // guards site and rr for Renders and Patched, starting and loading
	site *site.Site // the last good site, its pages light
	rr   *render.Renderer
	// starting is the Start under way (start.go), nil when none is.
	starting *starting
	// loading, when not nil, is called before Start loads each page.
	loading func(path string)
}

// NewPreview is a Preview of the site in source, with nothing loaded yet:
// Start streams it in (or the first Update loads it whole).
func NewPreview(source string, opts site.Options) *Preview {
	return &Preview{source: source, opts: opts}
}

// Update is what one successful Preview.Update made.
type Update struct {
	// Site is the site now current, holding no page's body but the home
	// page's (site.Site.DropBodies).
	Site *site.Site
	// Full reports that the site was loaded whole (Start, the first update, a
	// nil list of changes, or a change to the config or a theme).
	Full bool
	// Everything reports that every page may show something new: a full
	// load, or a change to a file the site copies as it is (rebuild.CopiedAsIs),
	// which pages show without its bytes passing through the renderer.
	Everything bool
}

// Take is how Update hands a render's files to its caller. out lists every
// file of the site; those the renderer did not make again have no bytes
// (Data nil), and the caller is to keep them as it holds them from the
// last update. With patched set, out holds the last update's files but for those
// at the indexes in made, made again or added, and those named in removed,
// gone (render.Renderer.Made: a patch, or a stream whose files are the
// last's but for those, wherever they stand in out: a page moved, added
// or removed too): the caller need look at those only; otherwise
// made and removed are nil. Take returns
// false when the caller lacks a file handed back without bytes: Update
// then renders the whole site again with a new Renderer. The caller may
// drop the bytes of out's files once it holds them.
type Take func(out *output.Output, made []int, removed []string, patched bool) bool

// Update brings the site up to date after the given files (site-relative,
// slash-separated: created, written or removed) changed; nil means load
// everything again. It loads (or reloads) the site, renders it, and hands
// the files to take. On an error the last good site stays current, and
// the changes are kept for the next Update, which tries them again.
func (p *Preview) Update(changed []string, take Take) (*Update, error) {
	pending := append(slices.Clone(p.pending), changed...)
	p.mu.Lock()
	prev, rr := p.site, p.rr
	p.mu.Unlock()

	full := prev == nil || changed == nil || slices.ContainsFunc(pending, site.NeedsFullLoad)
	var next *site.Site
	var err error
	if full {
		next, err = site.Load(p.source, p.opts)
	} else {
		next, err = prev.Reload(pending)
	}
	if err == nil {
		fresh := full || rr == nil || !rr.Fits(next)
		rr, err = render1(next, rr, fresh, take)
	}
	if err != nil {
		p.pending = slices.Compact(pending)
		if rr == nil {
			p.mu.Lock()
			p.rr = nil // it counts files as made that were not kept: start again
			p.mu.Unlock()
		}
		return nil, err
	}
	// Rendered: the pages' bodies need not be held any more.
	next.DropBodies()
	p.pending = nil
	p.mu.Lock()
	p.site, p.rr = next, rr
	p.mu.Unlock()
	return &Update{Site: next, Full: full, Everything: full || slices.ContainsFunc(pending, rebuild.CopiedAsIs)}, nil
}

// render1 renders next with rr (a new Renderer when fresh, or when
// take lacks a file rr hands back without bytes) and hands the files to
// take; it returns the Renderer to keep. The bodies of pages to be
// rendered again are loaded as they are rendered (site.Site.LoadBody).
// On a failed render the Renderer returned is nil: it
// counts as made files that no one kept. On other errors it is rr, or the
// new one.
func render1(next *site.Site, rr *render.Renderer, fresh bool, take Take) (*render.Renderer, error) {
	for range 2 {
		if fresh {
			nr, err := render.NewRenderer(next)
			if err != nil {
				return rr, err
			}
			rr = nr
		}
		out, err := rr.Render(next)
		if err != nil {
			return nil, err
		}
		made, removed, patched := rr.Made()
		if take(out, made, removed, patched) {
			return rr, nil
		}
		fresh = true
	}
	return nil, errors.New("pipeline: the renderer handed back a file without bytes twice (a bug)")
}

// Renders counts the pages rendered since the last full rebuild (see
// render.Renderer.Renders).
func (p *Preview) Renders() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rr == nil {
		return 0
	}
	return p.rr.Renders()
}

// Patched reports whether the last good Update patched the files of the
// one before (render.Renderer.Patched) rather than going through every
// file of the site.
func (p *Preview) Patched() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rr == nil {
		return false
	}
	_, _, ok := p.rr.Patched()
	return ok
}

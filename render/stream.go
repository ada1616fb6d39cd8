package render

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// PageSource gives Stream the pages of a site made by site.Scan: loaded
// in full, or, for a page that has not changed since the last build, what
// that build left of it.
type PageSource interface {
	// Load loads p in full (site.Site.LoadPage): the page loading made,
	// and its body.
	Load(p *site.Page) (*site.Page, *site.Body, error)
	// Cached returns p as the last build loaded it (site.Summarized) when
	// p and every file it reads are unchanged since, or nil.
	Cached(p *site.Page) *site.Page
	// Keep keeps, as they are, the files the last build wrote for p
	// when links (its neighbours' links as the page shows them) are the
	// same as then, and returns them as Rendered was given them; ok
	// reports whether it did. A page it does not keep is loaded and
	// rendered.
	Keep(p *site.Page, links string) (files []output.File, ok bool)
	// Rendered reports that p, loaded in full, was rendered with links
	// into files (listed without their bytes).
	Rendered(p *site.Page, links string, files []output.File)
}

// StreamOptions change how Stream streams a site: the live preview's
// start-up (pipeline.Preview.Start) streams it this way.
type StreamOptions struct {
	// HomeFirst has the home page rendered and handed to emit before any
	// other page is loaded, its listing made from the pages as Scan lists
	// them (no chart titles, no chart counts yet), so that it can be
	// served at once. It is rendered again, and handed to emit again,
	// with the other listings once every page is loaded.
	HomeFirst bool
	// Order, when not nil, is the order the pages are loaded in (see
	// Order); by default it is the site's.
	Order *Order
	// Lend has each page's HTML handed to emit in the renderer's buffer,
	// lent (output.File.Release): emit's taker calls Release once it is
	// done with the bytes, and the buffer takes a later page. A build
	// lends them to its output.Writer, which calls Release once the file
	// is written: the pages' bytes are then not allocated afresh for each
	// page. Without it each page's bytes are its own, for a taker that
	// keeps them (the live preview).
	Lend bool
}

// Stream is the one way a site becomes files: for a build (written as
// they come), the live preview's start-up (served as they come) and
// Render (into memory). It renders a site page by page, so that it holds
// only a few pages in full at any time, however large the site: each
// page is loaded, rendered, handed to emit with its charts' files, and
// dropped; only its page (site.Page: titles, dates, tags, chart titles)
// stays for the listings, which are rendered last. A page that src keeps
// (a build's manifest, or what a Renderer that remembers made of it), with
// the same neighbours, is neither loaded nor rendered. Every file made is
// handed to emit, from several goroutines at once; the Output lists every
// file with its size and without its bytes. It returns too the site with
// the pages loading made (s is left as it is).
//
// A page is rendered once its neighbours are known, since its links to
// them show their titles. Loading goes on after a page fails, so that the
// error reports every page's problems (as one sorted diag.List);
// rendering stops.
//
// A Renderer made by NewRenderer (one that remembers what it rendered)
// records the key of each file as it renders it: each page and its
// charts' files keyed by the page loading made (which site.Site.Settle
// keeps, from the site returned), the listings by those pages and the
// home page. Its next Render then makes again only what changed, and can
// patch this call's files (Patched).
func (rr *Renderer) Stream(s *site.Site, src PageSource, emit func(output.File), opts StreamOptions) (*output.Output, *site.Site, error) {
	st := newStream(rr, s, src, emit, opts)
	// The site with the pages loading made, once made. Until then only a
	// Renderer that remembers needs s (end forgets what it no longer
	// has): a build's lets the pages as Scan made them go, each once its
	// loaded page is rendered (stream.page).
	var loaded, failed *site.Site
	if rr.cache != nil {
		failed = s
	}
	defer func() {
		if loaded == nil {
			loaded = failed
		}
		rr.end(loaded)
	}()
	if opts.HomeFirst {
		if err := st.homeFirst(); err != nil {
			return nil, nil, err
		}
	}
	st.r.site = st.withoutPages
	kept := st.keepAhead()
	par.For(len(st.pages)-kept, 0, func(int) { st.loadNext() })
	ls, err := st.settle()
	if err != nil {
		return nil, nil, err
	}
	loaded = ls
	groups := st.tagGroups(ls.Pages)
	listed, err := st.listings(groups)
	if err != nil {
		return nil, nil, err
	}
	out, err := st.output(listed)
	if err != nil {
		return nil, nil, err
	}
	rr.remember(loaded, groups, out.Files)
	rr.handed = st.handed
	if rr.cache != nil {
		rr.lastSite, rr.lastClean = st.sitePaths, st.clean
	}
	if opts.HomeFirst && rr.last != nil {
		// The live preview's start-up: its first save is most likely a
		// patch, and no one waits for the start-up's end.
		rr.last.settle(rr)
	}
	return out, loaded, nil
}

// stream is the state of one Stream call: the pages as loading makes
// them, and which of them are rendered.
type stream struct {
	r    *renderer
	src  PageSource
	emit func(output.File)
	opts StreamOptions
	// prev is what the Renderer's last call rendered (its files' paths),
	// nil when it remembers none.
	prev *lastRender
	// pages are the site's as given (site.Scan's), each dropped once its
	// page is rendered: a loaded page holds all they hold, and a large
	// site's build need not keep both (5.5 MB at 10,000 pages).
	pages []*site.Page
	order *Order
	// withoutPages is the site as given without its pages, the renderer's
	// while the pages load (nothing reads the site's pages then), so that
	// it does not keep them either; settle gives it the loaded ones.
	withoutPages *site.Site

	mu       sync.Mutex
	full     []*site.Body // loaded, not yet rendered
	light    []*site.Page // what listings and neighbours see
	known    []bool       // light[k] is final
	rendered []bool
	failed   atomic.Bool

	loadErrs, renderErrs []error
	written              [][]output.File // each page's files, as the Output lists them
	remade               []bool          // page k was rendered, not kept
	listedMade           []bool          // the j-th listing file was made, not kept
	// handed are the indexes in the Output of the files handed to emit,
	// when the others are the last call's (Renderer.handed).
	handed []int
	// prevSite and prevClean are the Renderer's lastSite and lastClean
	// from before this call, and sitePaths and clean this call's.
	prevSite, sitePaths []string
	prevClean, clean    bool
	home                *site.Page // the home page loading made
	homeErr             error
}

func newStream(rr *Renderer, s *site.Site, src PageSource, emit func(output.File), opts StreamOptions) *stream {
	n := len(s.Pages)
	bare := *s
	bare.Pages = nil
	st := &stream{
		r: rr.start(s), src: src, emit: emit, opts: opts, pages: slices.Clone(s.Pages), order: opts.Order, withoutPages: &bare,
		full: make([]*site.Body, n), light: slices.Clone(s.Pages), known: make([]bool, n), rendered: make([]bool, n),
		loadErrs: make([]error, n), renderErrs: make([]error, n), written: make([][]output.File, n), remade: make([]bool, n),
	}
	if st.order == nil {
		st.order = NewOrder(n)
	}
	// Until this call succeeds (remember), no call is the last: a patch
	// of the call before would miss what this one made.
	st.prev, rr.last, rr.handed = rr.last, nil, nil
	st.prevSite, st.prevClean, rr.lastSite = rr.lastSite, rr.lastClean, nil
	return st
}

// keepAhead keeps, before any page is loaded, each page that the
// Renderer made or kept last as the same page value between the same
// neighbour values (cachedFile.shown), when the source gives every page
// as it is (loadedSource): a page value never changes, so neither does
// its key, and a save of one page of many walks the others by comparing
// pointers. It returns how many it kept; the others go through loadNext.
func (st *stream) keepAhead() int {
	rr := st.r.rr
	if rr.cache == nil || len(rr.byPage) == 0 {
		return 0
	}
	n, kept := len(st.pages), 0
	rr.mu.Lock()
	defer rr.mu.Unlock()
	for k, p := range st.pages {
		c := rr.byPage[p]
		if c == nil || c.stale || c.files == nil || c.shown != neighbourhood(st.pages, k) || st.src.Cached(p) != p {
			continue
		}
		rr.touch(c)
		st.written[k] = c.files[:len(c.files):len(c.files)]
		st.known[k], st.rendered[k] = true, true
		st.order.skip(k)
		kept++
	}
	for k := range n {
		if st.rendered[k] {
			st.pages[k] = nil // not needed again, as page renders its pages
		}
	}
	return kept
}

// neighbourhood is the k-th of pages between its neighbours: the next
// older page, itself, the next newer one (nil where there is none).
func neighbourhood(pages []*site.Page, k int) [3]*site.Page {
	var h [3]*site.Page
	if k+1 < len(pages) {
		h[0] = pages[k+1]
	}
	h[1] = pages[k]
	if k > 0 {
		h[2] = pages[k-1]
	}
	return h
}

// homeFirst renders the home page and hands it to emit before any other
// page is loaded (StreamOptions.HomeFirst), with what it loads.
func (st *stream) homeFirst() error {
	r, s := st.r, st.r.site
	early := *s // the listing as Scan knows the pages: their front matter
	if s.Home != nil {
		st.home, r.home, st.homeErr = st.src.Load(s.Home)
		early.Home = st.home
	}
	if st.homeErr == nil {
		er := *r
		er.site = &early
		b, err := er.renderHome(er.homeListing(), 0)
		if err != nil {
			return err
		}
		st.emit(output.File{Path: "index.html", Data: b})
	}
	// And what it loads: the theme's assets, and the files copied as
	// they are. (Handed again at the end, with the rest.)
	for _, f := range r.siteFiles() {
		st.emit(f)
	}
	return nil
}

// loadNext loads the next page in the order (or takes what src keeps of
// it), and renders each page that now has its neighbours known.
func (st *stream) loadNext() {
	j := st.order.take()
	var b *site.Body
	st.mu.Lock()
	scanned := st.pages[j]
	st.mu.Unlock()
	l := st.src.Cached(scanned)
	if l == nil {
		if b = st.load(j, scanned); b != nil {
			l = b.Page
		}
	}
	st.mu.Lock()
	if l != nil {
		st.full[j], st.light[j] = b, l
	}
	st.known[j] = true
	var now []int
	for k := max(j-1, 0); k <= min(j+1, len(st.pages)-1); k++ {
		if !st.rendered[k] && st.ready(k) {
			st.rendered[k] = true
			now = append(now, k)
		}
	}
	st.mu.Unlock()
	for _, k := range now {
		st.page(k)
	}
}

// ready reports whether page k and its neighbours are known, so that it
// can be rendered. It is called with st.mu held.
func (st *stream) ready(k int) bool {
	n := len(st.pages)
	return st.known[k] && (k == 0 || st.known[k-1]) && (k == n-1 || st.known[k+1])
}

// load loads page k, p as Scan made it, in full, or records why it
// cannot be.
func (st *stream) load(k int, p *site.Page) *site.Body {
	_, b, err := st.src.Load(p)
	if err != nil {
		st.loadErrs[k] = err
		st.failed.Store(true)
		return nil
	}
	return b
}

// page renders page k, or keeps it as src has it, and hands its files to
// emit.
func (st *stream) page(k int) {
	st.mu.Lock()
	b := st.full[k]
	st.full[k] = nil
	var prev, next *site.Page
	if k+1 < len(st.pages) {
		prev = st.light[k+1]
	}
	if k > 0 {
		next = st.light[k-1]
	}
	light, scanned := st.light[k], st.pages[k]
	st.pages[k] = nil // not needed again: page k is rendered once
	st.mu.Unlock()
	if st.failed.Load() {
		return
	}
	r := st.r
	links := r.neighboursKey(prev, next)
	if b == nil { // kept from the last build or render
		if files, ok := st.src.Keep(scanned, links); ok {
			st.written[k] = files
			r.rr.shownWith(scanned, [3]*site.Page{prev, scanned, next})
			return
		}
		if b = st.load(k, scanned); b == nil {
			return
		}
	}
	card := r.rr.cardAhead(b)
	f, err := r.pageFile(b, prev, next, st.opts.Lend)
	if err == nil {
		st.written[k], err = r.emitPage(b, f, st.emit, card)
	}
	if err != nil {
		st.renderErrs[k] = atPage(b.Page.Path, err)
		st.failed.Store(true)
		return
	}
	st.remade[k] = true
	if r.rr.cache != nil {
		r.rr.record(light, pagesKey(light)+links, st.written[k])
		r.rr.shownWith(light, [3]*site.Page{prev, light, next})
	}
	st.src.Rendered(b.Page, links, st.written[k])
}

// settle loads the home page, when not loaded first, and returns the
// errors of loading and rendering the pages, or the site as loading made
// it, which the listings are made from (s is left as it is).
func (st *stream) settle() (*site.Site, error) {
	r := st.r
	s := r.site
	if s.Home != nil && !st.opts.HomeFirst {
		st.home, r.home, st.homeErr = st.src.Load(s.Home)
	}
	if err := joinErrors(append(st.loadErrs, st.homeErr)); err != nil {
		return nil, err
	}
	for _, err := range st.renderErrs {
		if err != nil {
			return nil, err
		}
	}
	ls := *s
	ls.Pages = st.light
	if st.home != nil {
		ls.Home = st.home
	}
	r.site = &ls
	return &ls, nil
}

// tagGroups are the tags' listings of pages (the package's tagGroups):
// those of the Renderer's last call, with the new values in place, when
// pages are its pages but for a few new values with the same tags, so
// that a save of one page of many does not group every page again.
func (st *stream) tagGroups(pages []*site.Page) []tagGroup {
	l := st.prev
	if l == nil || len(l.pages) != len(pages) {
		return st.r.groupTags(pages)
	}
	var changed []int
	for i, p := range pages {
		if q := l.pages[i]; q != p {
			if len(changed) == patchMax || !slices.Equal(q.Tags, p.Tags) {
				return st.r.groupTags(pages)
			}
			changed = append(changed, i)
		}
	}
	groups := slices.Clone(l.groups) // the last call's are its own (a patch changes them)
	for g := range groups {
		groups[g].Pages = slices.Clone(groups[g].Pages)
	}
	for _, i := range changed {
		for _, slug := range tagSlugs(pages[i]) {
			g, ok := findGroup(groups, slug)
			k := -1
			if ok {
				k = slices.Index(groups[g].Pages, l.pages[i])
			}
			if k < 0 {
				return st.r.groupTags(pages) // (not the last call's groups: a bug)
			}
			groups[g].Pages[k] = pages[i]
		}
	}
	return groups
}

// listings renders the files that list pages (listingJobs).
func (st *stream) listings(groups []tagGroup) ([]output.File, error) {
	jobs := st.r.listingJobs(groups)
	listed := make([]output.File, len(jobs))
	listErrs := make([]error, len(jobs))
	st.listedMade = make([]bool, len(jobs))
	// A large site has many listing files, each small (cut into pages of
	// listSize entries; a page of 50 tags is in 51 listings: 2,000 such
	// pages with listSize: 1 make 100,000 files, 375 MB): each is handed
	// to the writer and dropped, made a few at a time.
	stream := len(st.pages) > bigSite || len(jobs) > bigSite
	par.For(len(jobs), 0, func(j int) {
		f, err := jobs[j]()
		st.listedMade[j] = f.Data != nil
		if err == nil && stream && !f.Default {
			st.emit(f)
			f = written1(f)
		}
		listed[j], listErrs[j] = f, err
	})
	for _, err := range listErrs {
		if err != nil {
			return nil, err
		}
	}
	return listed, nil
}

// output hands to emit the files not yet handed (the listings, the home
// page's charts' files, the site's other files) and lists every file of
// the site, in a fixed order: pages, listings, the charts' files, the
// rest.
func (st *stream) output(listed []output.File) (*output.Output, error) {
	r, n := st.r, len(st.pages)
	size := len(listed) + 64 // and the home page's charts' files, the site's others
	for k := range n {
		size += len(st.written[k])
	}
	out := &output.Output{Files: make([]output.File, 0, size)}
	var handed []int
	// put lists files, made this call (handed to emit) or kept.
	put := func(made bool, files ...output.File) {
		for _, f := range files {
			if made {
				handed = append(handed, len(out.Files))
			}
			out.Files = append(out.Files, f)
		}
	}
	for k := range n {
		put(st.remade[k], st.written[k][0])
	}
	for j, f := range listed {
		put(st.listedMade[j], f)
	}
	if home := st.home; home != nil {
		data, err := r.chartData(r.home, nil)
		if err != nil {
			return nil, atPage(home.Path, err)
		}
		if r.rr.cache != nil {
			r.rr.record(home, "", data)
		}
		put(true, data...)
	}
	for k := range n {
		put(st.remade[k], st.written[k][1:]...)
	}
	others := r.siteFiles()
	put(true, others...)
	st.sitePaths = make([]string, len(others))
	for i, f := range others {
		st.sitePaths[i] = f.Path
	}
	// The files of a call with the last call's site files, and no path
	// new to the cache (every page, listing and chart file at a path the
	// last call had), have no two at one path, as the last call's had
	// not: a save of one page of many is not checked for clashes over
	// every file of the site. The files are then the last call's but for
	// those made and those gone (end), whatever their places in the list.
	rr := r.rr
	rr.mu.Lock()
	fresh := rr.newPaths
	rr.mu.Unlock()
	same := rr.cache != nil && st.prevSite != nil && st.prevClean && slices.Equal(st.sitePaths, st.prevSite)
	files := out.Files
	st.clean = true
	if !same || fresh {
		var err error
		if files, err = resolveClashes(out.Files); err != nil {
			return nil, err
		}
		st.clean = len(files) == len(out.Files)
	}
	if same && st.clean {
		st.handed = handed
	}
	for i, f := range files {
		if f.Data != nil || f.Src != "" {
			st.emit(f)
			files[i] = written1(f)
		}
	}
	out.Files = files
	return out, nil
}

// record keeps in rr's memory the files a stream made for page p (its
// page loading made, by which they are keyed), for a later call to keep
// (keep) or patch: its HTML, rendered for key, first unless key is "" (the
// home page's, which its listing makes), with the files made with it, then
// its charts' files (CSV, fit, static figure, card), each by its key. The files are listed as written, with their
// sizes.
func (rr *Renderer) record(p *site.Page, key string, files []output.File) {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if key != "" {
		e := &cachedFile{key: key, size: files[0].Size, files: slices.Clone(files)}
		rr.put(files[0].Path, e)
		rr.byPage[p] = e
		rr.renders++
		files = files[1:]
	}
	for j, c := range p.Charts {
		keys := [...]struct{ path, key string }{
			{dataFile(p.Slug, c), csvKey(p, j)}, {fitFile(p.Slug, c), fitKey(p, j)},
			{staticFile(p.Slug, c.ID), svgKey(p, j)}, {cardFile(p.Slug, c.ID), cardKey(p, j)},
		}
		for _, f := range files {
			for _, k := range keys {
				if f.Path == k.path {
					rr.put(f.Path, &cachedFile{key: k.key, size: f.Size, plain: true})
				}
			}
		}
	}
}

// keep returns the files rr made for page p when it last rendered it
// (record), listed as written, and true, when p and what it shows of its
// neighbours (links) are as then: the page is then neither loaded nor
// rendered again.
func (rr *Renderer) keep(p *site.Page, links string) ([]output.File, bool) {
	if rr.cache == nil {
		return nil, false
	}
	// Asked of every page of the site on each save: its entry is found by
	// the page where a stream recorded it (byPage), else by its path, and
	// its key compared where it is, not built (pagesKey(p)+links).
	own := pagesKey(p)
	rr.mu.Lock()
	defer rr.mu.Unlock()
	c := rr.byPage[p]
	if c == nil || c.stale {
		var buf [128]byte
		path := append(buf[:0], p.Slug...)
		if p.Slug != "" {
			path = append(path, '/')
		}
		path = append(path, "index.html"...)
		if c = rr.cache[string(path)]; c == nil {
			return nil, false
		}
	}
	if c.files == nil || len(c.key) != len(own)+len(links) || c.key[:len(own)] != own || c.key[len(own):] != links {
		return nil, false
	}
	rr.byPage[p] = c // p's own, by its path and key: found so next time
	rr.touch(c)
	return c.files[:len(c.files):len(c.files)], true // never changed once recorded
}

// touch marks the entry c of a page's HTML, and those of the files made
// with it, as produced by this call (cachedFile.used). It is called with
// rr.mu held.
func (rr *Renderer) touch(c *cachedFile) {
	rr.use(c)
	if c.deps == nil {
		c.deps = make([]*cachedFile, len(c.files)-1)
	}
	for i, d := range c.deps {
		if d == nil || d.stale {
			d = rr.cache[c.files[1+i].Path]
			c.deps[i] = d
		}
		if d != nil {
			rr.use(d)
		}
	}
}

// shownWith records that the entry of page p's HTML (byPage) holds the
// page as shown in h (neighbourhood), for keepAhead.
func (rr *Renderer) shownWith(p *site.Page, h [3]*site.Page) {
	if rr.cache == nil {
		return
	}
	rr.mu.Lock()
	if c := rr.byPage[p]; c != nil {
		c.shown = h
	}
	rr.mu.Unlock()
}

// bigSite is the number of pages, or of listing files, above which
// Stream makes the listings one at a time.
const bigSite = 2000

// pageFile renders page p, between prev and next, into its file: in a
// buffer lent (StreamOptions.Lend) when lend is set.
func (r *renderer) pageFile(p *site.Body, prev, next *site.Page, lend bool) (output.File, error) {
	if !lend {
		b, err := r.renderPage(p, prev, next)
		return output.File{Path: p.Page.OutputPath(), Data: b}, err
	}
	bp, err := r.writePage(p, prev, next)
	if err != nil {
		return output.File{}, err
	}
	bufs := r.theme.bufs
	return output.File{Path: p.Page.OutputPath(), Data: *bp, Release: func() { bufs.put(bp) }}, nil
}

// emitPage hands page p's HTML file f and its charts' data files to
// emit, and returns them as the Output lists them: path and size. f is
// not emitted when the data files fail, and its buffer is given back.
func (r *renderer) emitPage(p *site.Body, f output.File, emit func(output.File), card *cardFuture) ([]output.File, error) {
	data, err := r.chartData(p, card)
	if err != nil {
		if f.Release != nil {
			f.Release()
		}
		return nil, err
	}
	files := append([]output.File{f}, data...)
	for i, f := range files {
		emit(f)
		files[i] = written1(f)
	}
	return files, nil
}

// chartData is the files of b's charts (chartFiles), the page's social
// card the one card drew ahead when not nil.
func (r *renderer) chartData(b *site.Body, card *cardFuture) ([]output.File, error) {
	files := make([]output.File, 0, 2*len(b.Charts)+1)
	err := r.rr.chartFiles(b.Page, func() (*site.Body, error) { return b, nil }, card, func(f output.File) error {
		files = append(files, f)
		return nil
	})
	return files, err
}

// written1 is f as an Output of Stream lists it once written: without its
// bytes.
func written1(f output.File) output.File {
	if f.Src == "" {
		f.Size, f.Data = len(f.Data), nil
	}
	f.Release = nil // the bytes are the taker's to give back
	return f
}

// joinErrors returns the errors as one sorted diag.List, or nil when
// there are none: every page's problems, as Load reports them.
func joinErrors(errs []error) error {
	var list diag.List
	for _, err := range errs {
		list.Add(err)
	}
	return list.Sort().Err()
}

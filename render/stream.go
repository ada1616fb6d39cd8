package render

import (
	"sync"
	"sync/atomic"

	"github.com/scalesite/scalesite/chart"
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

// Stream renders a site that site.Scan made, page by page, so that a build
// holds only a few pages in full at any time, however large the site:
// each page is loaded, rendered, handed to emit with its charts' data
// files, and dropped; only its page (site.Page: titles, dates,
// tags, chart titles) stays for the listings, which are rendered last.
// A page that src has from the last build, with the same neighbours, is
// neither loaded nor rendered. Every file is handed to emit, from several
// goroutines at once; the Output lists them with their sizes and without
// their bytes. It returns too the site with the pages loading made (s is
// left as it is).
//
// A page is rendered once its neighbours are known, since its links to
// them show their titles. Loading goes on after a page fails, so that the
// error reports every page's problems (as one sorted diag.List);
// rendering stops.
func (rr *Renderer) Stream(s *site.Site, src PageSource, emit func(output.File)) (*output.Output, *site.Site, error) {
	return rr.StreamWith(s, src, emit, StreamOptions{})
}

// StreamOptions change how StreamWith streams a site: the live preview's
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

// StreamWith is Stream with options. A Renderer made by NewRenderer (one
// that remembers what it rendered) records the key of each file as it
// renders it, as Render would have: each page and its charts' data files
// keyed by the page loading made (which site.Site.Settle keeps, from the
// site returned), the listings by those pages and the home page.
// The next Render of the site then makes again only what changed, and can
// patch this call's files (Patched).
func (rr *Renderer) StreamWith(s *site.Site, src PageSource, emit func(output.File), opts StreamOptions) (*output.Output, *site.Site, error) {
	pages := s.Pages
	n := len(pages)
	r := rr.start(s)
	loaded := s // the site with the pages loading made, once made
	defer func() { rr.end(loaded) }()
	keeps := rr.cache != nil
	order := opts.Order
	if order == nil {
		order = NewOrder(n)
	}

	var (
		mu       sync.Mutex
		full     = make([]*site.Body, n) // loaded, not yet rendered
		light    = make([]*site.Page, n) // what listings and neighbours see
		known    = make([]bool, n)       // light[k] is final
		rendered = make([]bool, n)
		failed   atomic.Bool
	)
	copy(light, pages)
	loadErrs := make([]error, n)
	renderErrs := make([]error, n)
	written := make([][]output.File, n)
	ready := func(k int) bool {
		return known[k] && (k == 0 || known[k-1]) && (k == n-1 || known[k+1])
	}
	load := func(k int) *site.Body {
		_, b, err := src.Load(pages[k])
		if err != nil {
			loadErrs[k] = err
			failed.Store(true)
			return nil
		}
		return b
	}
	render := func(k int) {
		mu.Lock()
		b := full[k]
		full[k] = nil
		var prev, next *site.Page
		if k+1 < n {
			prev = light[k+1]
		}
		if k > 0 {
			next = light[k-1]
		}
		mu.Unlock()
		if failed.Load() {
			return
		}
		links := r.neighboursKey(prev, next)
		if b == nil { // from the last build
			if files, ok := src.Keep(pages[k], links); ok {
				written[k] = files
				return
			}
			if b = load(k); b == nil {
				return
			}
		}
		p := b.Page
		card := r.rr.cardAhead(b)
		f, err := r.pageFile(b, prev, next, opts.Lend)
		if err != nil {
			renderErrs[k] = atPage(p.Path, err)
			failed.Store(true)
			return
		}
		written[k], err = r.emitPage(b, f, emit, card)
		if err != nil {
			renderErrs[k] = atPage(p.Path, err)
			failed.Store(true)
			return
		}
		if keeps {
			rr.record(light[k], pagesKey(light[k])+links, written[k])
		}
		src.Rendered(p, links, written[k])
	}
	var home *site.Page
	var homeErr error
	if opts.HomeFirst {
		early := *s // the listing as Scan knows the pages: their front matter
		if s.Home != nil {
			home, r.home, homeErr = src.Load(s.Home)
			early.Home = home
		}
		if homeErr == nil {
			er := *r
			er.site = &early
			b, err := er.renderHome(er.homeListing(), 0)
			if err != nil {
				return nil, nil, err
			}
			emit(output.File{Path: "index.html", Data: b})
		}
		// And what it loads: the theme's assets, and the files copied as
		// they are. (Handed again at the end, with the rest.)
		for _, f := range r.siteFiles() {
			emit(f)
		}
	}
	par.For(n, 0, func(int) {
		j := order.take()
		var b *site.Body
		l := src.Cached(pages[j])
		if l == nil {
			if b = load(j); b != nil {
				l = b.Page
			}
		}
		mu.Lock()
		if l != nil {
			full[j], light[j] = b, l
		}
		known[j] = true
		var now []int
		for k := max(j-1, 0); k <= min(j+1, n-1); k++ {
			if !rendered[k] && ready(k) {
				rendered[k] = true
				now = append(now, k)
			}
		}
		mu.Unlock()
		for _, k := range now {
			render(k)
		}
	})
	if s.Home != nil && !opts.HomeFirst {
		home, r.home, homeErr = src.Load(s.Home)
	}
	if err := joinErrors(append(loadErrs, homeErr)); err != nil {
		return nil, nil, err
	}
	for _, err := range renderErrs {
		if err != nil {
			return nil, nil, err
		}
	}

	// The listings see the pages loading made, and the home page with its
	// body: s with those pages, which the caller gets (s is left as it is).
	ls := *s
	ls.Pages = light
	if home != nil {
		ls.Home = home
	}
	loaded, r.site = &ls, &ls
	groups := tagGroups(light)
	jobs := r.listingJobs(groups)
	listed := make([]output.File, len(jobs))
	listErrs := make([]error, len(jobs))
	// Each listing of a large site is as large as the site's list of pages
	// (the home page of 100,000 pages is 88 MB), so they are made one at a
	// time, each handed to the writer and dropped before the next. A site
	// of many tags has many listing files, each small (a page of 50 tags
	// is in 51 listings: 2,000 such pages with listSize: 1 make 100,000
	// files, 375 MB): they too are each handed to the writer and dropped,
	// made a few at a time.
	workers, stream := 0, n > bigSite || len(jobs) > bigSite
	if n > bigSite {
		workers = 1
	}
	par.For(len(jobs), workers, func(j int) {
		f, err := jobs[j]()
		if err == nil && stream && !f.Default {
			emit(f)
			f = written1(f)
		}
		listed[j], listErrs[j] = f, err
	})
	for _, err := range listErrs {
		if err != nil {
			return nil, nil, err
		}
	}

	// The same files in the same order as Render's: pages, listings, the
	// charts' data, the rest.
	out := &output.Output{Files: make([]output.File, 0, 3*n+len(listed)+16)}
	for k := range n {
		out.Files = append(out.Files, written[k][0])
	}
	out.Files = append(out.Files, listed...)
	if home != nil {
		data, err := r.chartData(r.home, nil)
		if err != nil {
			return nil, nil, atPage(home.Path, err)
		}
		if keeps {
			rr.record(home, "", data)
		}
		out.Files = append(out.Files, data...)
	}
	for k := range n {
		out.Files = append(out.Files, written[k][1:]...)
	}
	out.Files = append(out.Files, r.siteFiles()...)
	files, err := resolveClashes(out.Files)
	if err != nil {
		return nil, nil, err
	}
	for i, f := range files {
		if f.Data != nil || f.Src != "" {
			emit(f)
			files[i] = written1(f)
		}
	}
	out.Files = files
	rr.remember(loaded, groups, files)
	return out, loaded, nil
}

// record keeps in rr's memory the files a stream made for page p (its
// page loading made, by which they are keyed), as Render would have kept them
// (renderer.page, dataFiles): its HTML, rendered for key, first unless key
// is "" (the home page's, which its listing makes), then its charts' data
// files. The files are listed as written, with their sizes.
func (rr *Renderer) record(p *site.Page, key string, files []output.File) {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if key != "" {
		rr.cache[files[0].Path] = &cachedFile{key: key, size: files[0].Size, used: rr.gen}
		rr.renders++
		files = files[1:]
	}
	for j, c := range p.Charts {
		name := dataFile(p.Slug, c)
		for _, f := range files {
			if f.Path == name {
				rr.cache[name] = &cachedFile{key: csvKey(p, j), size: f.Size, used: rr.gen, plain: true}
			}
		}
	}
}

// Order is the order in which StreamWith loads a site's pages: the site's,
// except that a page asked for (Hurry) is loaded next, with its two
// neighbours, so that it is rendered as soon as a page can be. It is safe
// for concurrent use.
type Order struct {
	mu     sync.Mutex
	taken  []bool
	asked  []bool // in urgent, or taken from it
	next   int    // no page before it is left in the site's order
	urgent []int  // pages asked for, to take first
}

// NewOrder is the site's order of n pages.
func NewOrder(n int) *Order { return &Order{taken: make([]bool, n), asked: make([]bool, n)} }

// Hurry has the i-th page and its neighbours loaded next, those not yet
// taken.
func (o *Order) Hurry(i int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, k := range []int{i, i - 1, i + 1} {
		if k >= 0 && k < len(o.taken) && !o.taken[k] && !o.asked[k] {
			o.asked[k] = true
			o.urgent = append(o.urgent, k)
		}
	}
}

// take returns the index of the next page to load, and marks it taken. It
// is called once for each page.
func (o *Order) take() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	for len(o.urgent) > 0 {
		k := o.urgent[0]
		o.urgent = o.urgent[1:]
		if !o.taken[k] {
			o.taken[k] = true
			return k
		}
	}
	for o.taken[o.next] {
		o.next++
	}
	o.taken[o.next] = true
	return o.next
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

// chartData is each of p's charts' CSV file, beside the page, and its
// static figure's SVG file and the page's social card when the build
// draws them: the card card drew ahead when not nil.
func (r *renderer) chartData(b *site.Body, card *cardFuture) ([]output.File, error) {
	p := b.Page
	files := make([]output.File, 0, 2*len(b.Charts)+1)
	csvs := map[string][]byte{} // the large CSV files made, by chart.CSVKey
	for j, c := range b.Charts {
		key := chart.CSVKey(c)
		csv, made := csvs[key]
		if !made || key == "" {
			csv = chart.CSV(c)
			if key != "" {
				csvs[key] = csv
			}
		}
		files = append(files, output.File{Path: chart.DataFile(p.Slug, c), Data: csv})
		if chart.HasFits(c) {
			b, err := chart.FitJSON(c)
			if err != nil {
				return nil, err
			}
			files = append(files, output.File{Path: chart.FitFile(p.Slug, c), Data: b})
		}
		if st := r.rr.statics; st != nil {
			b, err := st.file(c)
			if err != nil {
				return nil, err
			}
			files = append(files, output.File{Path: staticFile(p.Slug, c.ID), Data: b})
		}
		if f, ok, err := card.output(r.rr, b, j, c); err != nil {
			return nil, err
		} else if ok {
			files = append(files, f)
		}
	}
	return files, nil
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

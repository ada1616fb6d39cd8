package render

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/site"
)

// Stream renders a site that site.Scan made, page by page, so that a build
// holds only a few pages in full at any time, however large the site:
// each page is loaded (by load, which site.Site.LoadPage is), rendered,
// handed to emit with its charts' data files, and dropped; only its light
// form (site.Page.Light: titles, dates, tags, chart titles) stays for the
// listings, which are rendered last. Every file is handed to emit, from
// several goroutines at once; the Output lists them with their sizes and
// without their bytes. s's pages are replaced by their light forms.
//
// A page is rendered once its neighbours are loaded, since its links to
// them show their titles. Loading goes on after a page fails, so that the
// error reports every page's problems (as one sorted diag.List); rendering
// stops.
func (rr *Renderer) Stream(s *site.Site, load func(*site.Page) (*site.Page, error), emit func(File)) (*Output, error) {
	pages := s.Pages
	n := len(pages)
	r := rr.start(s, len(tagGroups(pages)) > 0)
	defer rr.end(s)

	var (
		mu       sync.Mutex
		full     = make([]*site.Page, n) // loaded, not yet rendered
		light    = make([]*site.Page, n) // what listings and neighbours see
		loaded   = make([]bool, n)
		rendered = make([]bool, n)
		failed   atomic.Bool
	)
	copy(light, pages)
	loadErrs := make([]error, n)
	renderErrs := make([]error, n)
	written := make([][]File, n)
	ready := func(k int) bool {
		return loaded[k] && (k == 0 || loaded[k-1]) && (k == n-1 || loaded[k+1])
	}
	render := func(k int) {
		mu.Lock()
		p := full[k]
		full[k] = nil
		var prev, next *site.Page
		if k+1 < n {
			prev = light[k+1]
		}
		if k > 0 {
			next = light[k-1]
		}
		mu.Unlock()
		if p == nil || failed.Load() {
			return
		}
		b, err := r.renderPage(p, prev, next)
		if err != nil {
			renderErrs[k] = fmt.Errorf("%s: %w", p.Path, err)
			failed.Store(true)
			return
		}
		written[k] = r.emitPage(p, b, emit)
	}
	par.For(n, 0, func(j int) {
		p, err := load(pages[j])
		mu.Lock()
		if err != nil {
			loadErrs[j] = err
			failed.Store(true)
		} else {
			full[j], light[j] = p, p.Light()
		}
		loaded[j] = true
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
	var home *site.Page
	var homeErr error
	if s.Home != nil {
		home, homeErr = load(s.Home)
	}
	if err := joinErrors(append(loadErrs, homeErr)); err != nil {
		return nil, err
	}
	for _, err := range renderErrs {
		if err != nil {
			return nil, err
		}
	}

	// The listings see the pages' light forms, and the home page in full;
	// s keeps the light forms of both, for the build's report.
	copy(s.Pages, light)
	ls := *s
	if home != nil {
		ls.Home = home
		s.Home = home.Light()
	}
	r.site = &ls
	jobs := r.listingJobs(tagGroups(light))
	listed := make([]File, len(jobs))
	listErrs := make([]error, len(jobs))
	par.For(len(jobs), 0, func(j int) { listed[j], listErrs[j] = jobs[j]() })
	for _, err := range listErrs {
		if err != nil {
			return nil, err
		}
	}

	// The same files in the same order as Render's: pages, listings, the
	// charts' data, the rest.
	out := &Output{Files: make([]File, 0, 3*n+len(listed)+16)}
	for k := range n {
		out.Files = append(out.Files, written[k][0])
	}
	out.Files = append(out.Files, listed...)
	if home != nil {
		out.Files = append(out.Files, r.chartData(home)...)
	}
	for k := range n {
		out.Files = append(out.Files, written[k][1:]...)
	}
	out.Files = append(out.Files, r.siteFiles()...)
	files, err := resolveClashes(out.Files)
	if err != nil {
		return nil, err
	}
	for i, f := range files {
		if f.Data != nil || f.Src != "" {
			emit(f)
			files[i] = written1(f)
		}
	}
	out.Files = files
	return out, nil
}

// emitPage hands page p's HTML b and its charts' data files to emit, and
// returns them as the Output lists them: path and size.
func (r *renderer) emitPage(p *site.Page, b []byte, emit func(File)) []File {
	files := append([]File{{Path: p.OutputPath(), Data: b}}, r.chartData(p)...)
	for i, f := range files {
		emit(f)
		files[i] = written1(f)
	}
	return files
}

// chartData is each of p's charts' CSV file, beside the page.
func (r *renderer) chartData(p *site.Page) []File {
	files := make([]File, len(p.Charts))
	for j, c := range p.Charts {
		files[j] = File{Path: ChartDataFile(p.Slug, c), Data: chartCSV(c)}
	}
	return files
}

// written1 is f as an Output of Stream lists it once written: without its
// bytes.
func written1(f File) File {
	if f.Src == "" {
		f.Size, f.Data = len(f.Data), nil
	}
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

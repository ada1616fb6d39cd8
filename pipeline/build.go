// Package pipeline runs the whole pipeline: load the site, render it, and
// write it (Run, for scalesite build) or hand it to the live preview's
// server (Preview, for scalesite serve), so that there is one way a site
// becomes files. What either makes again on a rebuild, and what it keeps,
// is stated in internal/rebuild.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/scalesite/scalesite/check"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// Options say what to build and where.
type Options struct {
	Source string // the site folder
	Dest   string // the output folder; "" means Source/public
	// Waiting, when not nil, is called when another build is writing to
	// the same output folder; this one then waits for it to finish.
	Waiting func()
	// Notice, when not nil, is given each note of what the build did to
	// recover from an earlier build of the folder that was killed.
	Notice func(string)
	// Scanned, when not nil, is told how many pages the site has once they
	// are found and before any is loaded: the build command sizes its
	// memory limit by it.
	Scanned func(pages int)
	site.Options
}

// Report sums up a build.
type Report struct {
	Pages, Charts, Points, Files int
	Warnings                     diag.List
	Elapsed                      time.Duration
}

// Run loads, renders and writes the site to its folder. On any error the
// output folder is left as it was, unless the error is an
// *output.PartialError, which says what was left changed.
func Run(opts Options) (*Report, error) {
	return run(opts, output.Options{Waiting: opts.Waiting, Notice: opts.Notice}.Begin, nil)
}

// RunContext is Run for a build that may be interrupted (the command's
// Ctrl-C): when ctx ends first, it returns ctx's cause at once, with the new
// output's temporary folder removed and the output folder as it was. The
// load or render under way is abandoned: it writes nothing more, and ends
// by itself, and so does a build still waiting for another build of the same
// folder. A build that had already begun its commit when ctx ended reports
// how that ended.
func RunContext(ctx context.Context, opts Options) (*Report, error) {
	var (
		mu      sync.Mutex
		w       *output.Writer
		stopped bool
		begun   chan struct{} // closed when a begin under way returns
	)
	// Begin may wait for another build of the same folder; it gives up when
	// ctx ends (Stop), so it runs without mu, and the end of ctx waits for
	// it to return instead: its temporary folder is then removed.
	begin := func(dest string) (*output.Writer, error) {
		mu.Lock()
		if stopped {
			mu.Unlock()
			return nil, context.Cause(ctx)
		}
		done := make(chan struct{})
		begun = done
		mu.Unlock()
		defer close(done)
		nw, err := output.Options{Waiting: opts.Waiting, Notice: opts.Notice, Stop: ctx.Done()}.Begin(dest)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			return nil, err
		}
		if stopped {
			nw.Cancel()
			return nil, context.Cause(ctx)
		}
		w = nw
		return w, nil
	}
	type result struct {
		r   *Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := run(opts, begin, nil)
		done <- result{r, err}
	}()
	select {
	case res := <-done:
		return res.r, res.err
	case <-ctx.Done():
	}
	mu.Lock()
	stopped = true
	underway := begun
	mu.Unlock()
	if underway != nil {
		<-underway
	}
	mu.Lock()
	started := w
	mu.Unlock()
	if started != nil && !started.Cancel() {
		res := <-done // Commit got there first: the build is (about to be) done
		return res.r, res.err
	}
	return nil, context.Cause(ctx)
}

// run is Run with the way the output writer starts. through, when not
// nil, is the page source the stream reads pages through, given the
// build's own (a test's, to see which pages are loaded).
func run(opts Options, begin func(dest string) (*output.Writer, error), through func(*pageSource) render.PageSource) (*Report, error) {
	start := time.Now()
	dest := opts.Dest
	if dest == "" {
		dest = opts.Source + "/public"
	}
	if err := checkDest(opts.Source, dest); err != nil {
		return nil, err
	}
	s, err := scan(opts.Source, opts.Options)
	if err != nil {
		return nil, err
	}
	if opts.Scanned != nil {
		opts.Scanned(len(s.Pages))
	}
	rr, err := render.NewStreamRenderer(s)
	if err != nil {
		return nil, err
	}
	// Pages are loaded, rendered and written one after another, and
	// dropped: the build's memory does not grow with the site.
	w, err := begin(dest)
	if err != nil {
		return nil, err
	}
	src := newPageSource(s, opts.Options, w)
	var via render.PageSource = src
	if through != nil {
		via = through(src)
	}
	// The writer gives back each page's buffer once it is written (Lend).
	out, loaded, err := rr.Stream(s, via, w.Add, render.StreamOptions{Lend: true})
	if err != nil {
		w.Abort()
		return nil, err
	}
	s = withWarnings(loaded, src) // its pages as loaded, for the report
	w.SetState(src.state())
	if err := w.Commit(); err != nil {
		return nil, err
	}
	r := Summarize(s, out)
	r.Elapsed = time.Since(start)
	return r, nil
}

// withWarnings is s, the site a build's stream loaded through src, with
// every warning of its loading: the site's, those src's pages raised
// (check.Page's among them), and those of its drafts.
func withWarnings(s *site.Site, src *pageSource) *site.Site {
	warnings := append(slices.Clone(s.Warnings), src.warnings...)
	for _, f := range s.SkippedDrafts() {
		warnings = append(warnings, s.LoadDraft(f)...)
	}
	s.Warnings = warnings.Sort()
	return s
}

// scan is site.Scan, whose page errors are reported with those of loading
// every page (loadAll), as a whole load reports them.
func scan(source string, opts site.Options) (*site.Site, error) {
	s, err := site.Scan(source, opts)
	var scanErrs diag.List
	if errors.As(err, &scanErrs) {
		return nil, loadAll(s, scanErrs)
	}
	return s, err
}

// loadAll reports the problems of a site whose scan found some (scanErrs):
// with them, those of every page, as a build that went on would have.
func loadAll(s *site.Site, scanErrs diag.List) error {
	errs := make([]error, len(s.Pages)+1)
	pages := s.Pages
	if s.Home != nil {
		pages = append(pages[:len(pages):len(pages)], s.Home)
	}
	par.For(len(pages), 0, func(i int) { _, _, _, errs[i] = s.LoadPage(pages[i]) })
	list := scanErrs
	for _, err := range errs {
		list.Add(err)
	}
	return list.Sort()
}

// Render renders the site as a build does, into memory instead of a
// folder: every file with its bytes (copied files named, not read), and
// the site with the warnings a build's are (withWarnings). scalesite
// check runs it.
func Render(source string, opts site.Options) (*site.Site, *output.Output, error) {
	s, err := scan(source, opts)
	if err != nil {
		return nil, nil, err
	}
	rr, err := render.NewStreamRenderer(s)
	if err != nil {
		return nil, nil, err
	}
	src := newPageSource(s, opts, nil)
	var mem output.Memory
	out, loaded, err := rr.Stream(s, src, mem.Add, render.StreamOptions{})
	if err != nil {
		return nil, nil, err
	}
	mem.Fill(out)
	return withWarnings(loaded, src), out, nil
}

// Summarize counts what a build made, and lists its warnings: the one list
// of warnings that both scalesite build and scalesite check print
// (Warnings).
func Summarize(s *site.Site, out *output.Output) *Report {
	r := &Report{Pages: len(s.Pages), Files: len(out.Files), Warnings: s.Warnings}
	all := s.Pages
	if s.Home != nil {
		all = append(all[:len(all):len(all)], s.Home)
		r.Pages++
	}
	for _, p := range all {
		r.Charts += len(p.Charts)
		r.Points += p.Points()
	}
	r.Warnings = Warnings(s, out)
	return r
}

// Warnings is every warning about the site s rendered into out: s's own
// (the loader's, and check's about each page, which the build adds as it
// loads each page and Render adds to the site it loads), check's about the
// site as a whole, pages too heavy, and links that are relative for want of
// a full baseURL. scalesite build and scalesite check both print this
// list, so they never tell a site's author different things.
func Warnings(s *site.Site, out *output.Output) diag.List {
	// A new list: the site's own stays as it was for the next call.
	list := slices.Clone(s.Warnings)
	list = append(list, check.SiteWide(s)...)
	list = append(list, HeavyPages(s, out)...)
	list = append(list, LargeDownloads(s, out)...)
	list = append(list, RelativeURLs(s)...)
	list = append(list, RobotsSubPath(s)...)
	return list.Quiet(s.Config.Quiet.Split()).Sort()
}

// checkDest refuses an output folder that is, holds, or lies among the
// site's own files, or that is the root of the file system or a home
// folder, before anything is read or written. Paths are compared as they
// are on disk, links resolved (output.RealPath), so that neither a link
// into the site (-d LINK/content) nor a site reached through a link (the
// folder holding its real folder) gets past. A folder inside the site that
// is none of these (public/, the default) may be written, and the writer
// then writes only into a new or empty folder or an earlier output
// (output.Options.Begin).
func checkDest(source, dest string) error {
	src, err := filepath.EvalSymlinks(source)
	if err != nil {
		return nil // the loader reports an unreadable source
	}
	if src, err = filepath.Abs(src); err != nil {
		return nil
	}
	dst, err := output.RealPath(dest)
	if err != nil {
		return fmt.Errorf("the output folder %s cannot be found: %w", diag.Quote(dest), err)
	}
	name := diag.Quote(dest)
	other := "choose another --dest, e.g. " + diag.Quote(filepath.Join(source, "public"))
	if filepath.Dir(dst) == dst {
		return fmt.Errorf("the output folder %s is the root of the file system: %s", name, other)
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		// A home of "/" (some containers) is no one's folder of files.
		if h, err := filepath.EvalSymlinks(home); err == nil && filepath.Dir(h) != h && within(h, dst) {
			what := "is your home folder"
			if h != dst {
				what = "holds your home folder"
			}
			return fmt.Errorf("the output folder %s %s: %s", name, what, other)
		}
	}
	if within(src, dst) {
		return fmt.Errorf("the output folder %s holds the site itself: a build writes into its output folder, and the site's files are not its own; %s", name, other)
	}
	if !within(dst, src) {
		return nil
	}
	rel, _ := filepath.Rel(src, dst)
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	switch first {
	case "content", "data", "static", "themes": // the folders a build reads
		return fmt.Errorf("the output folder %s is inside the site's %s/ folder, which the build reads: %s", name, first, other)
	}
	if strings.HasPrefix(first, ".") {
		return fmt.Errorf("the output folder %s is inside the site's %s folder, which belongs to another tool (git keeps its history in .git): %s", name, first, other)
	}
	return nil
}

// within reports whether path is dir or inside it (both absolute and clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

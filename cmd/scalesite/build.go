package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/pipeline"
)

func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("build [flags]", `Builds the site: reads scalesite.yaml, content/, data/, static/ and themes/
from the source folder and writes the static site to the destination folder.
The new site replaces the old one only when the whole build succeeded;
Ctrl-C stops the build and leaves the output folder as it was.

The destination must be a new or empty folder (a .git in it is fine), or
an earlier output of scalesite (it lists the files it wrote in
.scalesite-output): a build replaces or removes only those files, and only
while each still holds the bytes it wrote (a file edited there is kept, and
the build stops and names it), and keeps anything else there, such as a
.git. Any other folder is refused. A second build of the same folder waits
for the first to finish; a build that was killed is undone or finished by
the next one, which says what it did.`, stderr)
	var opts pipeline.Options
	fs.StringVar(&opts.Source, "source", ".", "the site `folder`")
	fs.StringVar(&opts.Source, "s", ".", "short for --source")
	fs.StringVar(&opts.Dest, "dest", "", "the output `folder` (default SOURCE/public)")
	fs.StringVar(&opts.Dest, "d", "", "short for --dest")
	fs.StringVar(&opts.BaseURL, "base-url", "", "the `URL` the site is published at, e.g. https://user.github.io/repo/ (overrides baseURL in scalesite.yaml)")
	fs.BoolVar(&opts.Drafts, "drafts", false, "include pages marked draft: true")
	fs.BoolVar(&opts.Drafts, "D", false, "short for --drafts")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if opts.Dest == "" {
		opts.Dest = filepath.Join(opts.Source, "public")
	}
	opts.Waiting = func() {
		fmt.Fprintf(stderr, "scalesite build: another build is writing to %s; waiting for it to finish (Ctrl-C stops this one)\n", diag.Quote(opts.Dest))
	}
	opts.Notice = func(note string) { fmt.Fprintf(stderr, "scalesite build: %s\n", note) }
	limitMemory()
	opts.Scanned = limitBuildMemory
	collectLess()
	// Ctrl-C or SIGTERM stops the build with its temporary folder removed
	// and the output folder as it was.
	ctx, stop := onSignals(context.Background())
	defer stop()
	r, err := pipeline.RunContext(ctx, opts)
	var partial *output.PartialError
	if code, ok := exitCode(ctx); ok && err != nil && !errors.As(err, &partial) {
		fmt.Fprintf(stderr, "scalesite build: %s; the output folder was not changed\n", context.Cause(ctx))
		return code
	}
	if err != nil {
		printError(stderr, err)
		return 1
	}
	printWarnings(stderr, r.Warnings)
	fmt.Fprintf(stdout, "built %d %s, %d %s, %d %s in %d ms → %s\n",
		r.Pages, diag.Plural(r.Pages, "page", "pages"), r.Charts, diag.Plural(r.Charts, "chart", "charts"),
		r.Points, diag.Plural(r.Points, "data point", "data points"), r.Elapsed.Milliseconds(), opts.Dest)
	return 0
}

// buildMemoryLimit is the soft limit of the memory of a preview, a check
// and a figure (GOMEMLIMIT overrides it): a build sizes its own by its
// pages once it knows them (buildMemoryFor). Go's collector, left to
// itself, lets the heap grow to twice what is live; under the limit it
// runs sooner instead, and a site that never comes near never reaches it.
// Each command parses pages two at a time (on two cores), and the tree of
// a page of 1 MB of Markdown can take 330 MB while it is read.
const buildMemoryLimit = 560 << 20

func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(buildMemoryLimit)
	}
}

// buildMemoryFor is the soft memory limit of a build of a site of pages
// pages. A build keeps little of each page (it streams them), but a site of
// 100,000 pages still holds some 400 MB of listings and page summaries at
// its peak, so the limit grows by 2 KiB a page (595 MiB there). Ten
// training runs of a million steps on one page (issue 37) hold some 360
// MiB at their peak (the points, 232 MiB, and the 50 MB CSV download, while
// the page is made: their table's text is let go as the file is read,
// site/streampanels.go), and at 400 MiB take 427 MiB of memory for the CPU
// they took at 440 (BENCHMARKS.md, gather37). A log read whole (JSON Lines, Parquet) holds
// its table and its points at once, some 420 MiB for ten million rows,
// and collects all along under this limit.
func buildMemoryFor(pages int) int64 {
	return 400<<20 + int64(pages)<<11
}

// limitBuildMemory sets a build's memory limit once its pages are known,
// unless GOMEMLIMIT sets it.
func limitBuildMemory(pages int) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(buildMemoryFor(pages))
	}
}

// buildGCPercent is a build's GOGC (the GOGC variable overrides it). A
// build allocates some twenty times what it keeps (2.2 GB at 10,000 pages,
// against 90 MB live at the end), nearly all of it garbage a page later,
// and at Go's default of 100 the collector took a fifth of a cold build's
// CPU. At 150 a cold build of 10,000 pages takes 5% less CPU (1,000 pages:
// 15% less) for 17% more peak memory, 0.2 of Hugo's; at 200 the peak grew
// by half (BENCHMARKS.md, cold36). The memory limit above still holds.
const buildGCPercent = 150

func collectLess() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(buildGCPercent)
	}
}

// printError prints a build error: each content problem on its own line,
// then whether the output folder was changed. It was not, unless the
// error is an *output.PartialError, whose message says what was left
// changed.
func printError(w io.Writer, err error) {
	if list, ok := err.(diag.List); ok {
		for _, e := range list {
			fmt.Fprintf(w, "error: %s\n", e)
		}
		fmt.Fprintf(w, "build failed: %d %s; the output folder was not changed\n", len(list), diag.Plural(len(list), "error", "errors"))
		return
	}
	var partial *output.PartialError
	if errors.As(err, &partial) {
		fmt.Fprintf(w, "error: %s\nbuild failed, and the output folder was left changed (see above)\n", diag.Clean(err.Error()))
		return
	}
	fmt.Fprintf(w, "error: %s\nbuild failed; the output folder was not changed\n", diag.Clean(err.Error()))
}

func printWarnings(w io.Writer, list diag.List) {
	for _, e := range list {
		fmt.Fprintln(w, e.Warning())
	}
}

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/pipeline"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check [flags]", `Checks the site without writing anything: reads scalesite.yaml, every page
and every data file, renders every page in memory, and prints every error and
every warning a build prints, the same list (rows left out for missing
values or outside an axis range, point labels that would overlap, line
charts with one point per line, more series than colours, panels too narrow,
colours, styles or an order naming no series, pages without a description,
HTML a page leaves out, script-running files under static/, pages too
heavy, and a baseURL that is only a path).
Exits with 1 when there are errors, 0 otherwise (warnings allowed): run it in CI.`, stderr)
	// The site package is not imported by name here: the tests of this
	// package have a helper called site.
	var opts pipeline.Options
	fs.StringVar(&opts.Source, "source", ".", "the site `folder`")
	fs.StringVar(&opts.Source, "s", ".", "short for --source")
	fs.BoolVar(&opts.Drafts, "drafts", false, "check pages marked draft: true as published pages too")
	fs.BoolVar(&opts.Drafts, "D", false, "short for --drafts")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	limitMemory() // check renders every page in memory, as a build does
	source := opts.Source
	s, out, err := pipeline.Render(source, opts.Options)
	if err != nil {
		list, ok := err.(diag.List)
		if !ok {
			fmt.Fprintf(stderr, "error: %s\n", err)
			fmt.Fprintf(stdout, "check failed: 1 error\n")
			return 1
		}
		for _, e := range list {
			fmt.Fprintf(stderr, "error: %s\n", e)
		}
		// The loader stops at errors with no site to count charts in, but
		// every page file was read.
		n := countPageFiles(source)
		fmt.Fprintf(stdout, "checked %d %s: %d %s\n", n, plural(n, "page", "pages"), len(list), plural(len(list), "error", "errors"))
		return 1
	}
	// The warnings a build of the site prints, from the same function.
	warnings := pipeline.Summarize(s, out).Warnings
	printWarnings(stderr, warnings)
	pages, charts := len(s.Pages), 0
	if s.Home != nil {
		pages++
		charts += len(s.Home.Charts)
	}
	for _, p := range s.Pages {
		charts += len(p.Charts)
	}
	fmt.Fprintf(stdout, "checked %d %s, %d %s: 0 errors, %d %s\n",
		pages, plural(pages, "page", "pages"), charts, plural(charts, "chart", "charts"),
		len(warnings), plural(len(warnings), "warning", "warnings"))
	return 0
}

// countPageFiles counts the Markdown files under source/content, as the
// loader finds them (names starting with a dot are skipped).
func countPageFiles(source string) int {
	n := 0
	root := filepath.Join(source, "content")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case p != root && strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return filepath.SkipDir
			}
		case !d.IsDir() && strings.HasSuffix(d.Name(), ".md"):
			n++
		}
		return nil
	})
	return n
}

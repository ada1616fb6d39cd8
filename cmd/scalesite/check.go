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
heavy, a baseURL that is only a path, and more: the format guide lists them).
Every warning is printed with its name (warning[crowded-labels]: ...); quiet:
in a chart or in scalesite.yaml silences warnings by name.
Exits with 1 when there are errors, 0 otherwise (warnings allowed); with
--strict, the warnings that are left count as errors: run it so in CI.`, stderr)
	// The site package is not imported by name here: the tests of this
	// package have a helper called site.
	var opts pipeline.Options
	fs.StringVar(&opts.Source, "source", ".", "the site `folder`")
	fs.StringVar(&opts.Source, "s", ".", "short for --source")
	fs.BoolVar(&opts.Drafts, "drafts", false, "check pages marked draft: true as published pages too")
	fs.BoolVar(&opts.Drafts, "D", false, "short for --drafts")
	strict := fs.Bool("strict", false, "treat every warning not silenced by quiet: as an error (exit 1): for CI")
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
		fmt.Fprintf(stdout, "checked %d %s: %d %s\n", n, diag.Plural(n, "page", "pages"), len(list), diag.Plural(len(list), "error", "errors"))
		return 1
	}
	// The warnings a build of the site prints, from the same function.
	warnings := pipeline.Summarize(s, out).Warnings
	if *strict {
		for _, w := range warnings {
			fmt.Fprintln(stderr, w.Labelled("error"))
		}
	} else {
		printWarnings(stderr, warnings)
	}
	pages, charts := len(s.Pages), 0
	if s.Home != nil {
		pages++
		charts += len(s.Home.Charts)
	}
	for _, p := range s.Pages {
		charts += len(p.Charts)
	}
	if *strict {
		fmt.Fprintf(stdout, "checked %d %s, %d %s: %d %s (warnings, under --strict)\n",
			pages, diag.Plural(pages, "page", "pages"), charts, diag.Plural(charts, "chart", "charts"),
			len(warnings), diag.Plural(len(warnings), "error", "errors"))
		if len(warnings) > 0 {
			return 1
		}
		return 0
	}
	fmt.Fprintf(stdout, "checked %d %s, %d %s: 0 errors, %d %s\n",
		pages, diag.Plural(pages, "page", "pages"), charts, diag.Plural(charts, "chart", "charts"),
		len(warnings), diag.Plural(len(warnings), "warning", "warnings"))
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

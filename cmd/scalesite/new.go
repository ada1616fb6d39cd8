package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/scalesite/scalesite/scaffold"
)

// now is the clock new pages are dated by; tests set it.
var now = time.Now

const newUsage = `Usage:

	scalesite new site DIR [--title TITLE]
	scalesite new page NAME [--source DIR]

"new site" writes a working site into DIR (a new or empty folder): scalesite.yaml,
a home page, a sample page with two charts and their CSV files, a .gitignore, and
a GitHub Actions workflow that publishes the site on GitHub Pages.

"new page" writes content/NAME/index.md, a page with front matter and a chart, and
a small data.csv beside it, into the site in the current folder (or --source DIR).
NAME may have folders in it (2025/loss-curves). Nothing is ever overwritten.
`

func runNew(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, newUsage)
		return 2
	}
	switch what, rest := args[0], args[1:]; what {
	case "site":
		return runNewSite(rest, stdout, stderr)
	case "page":
		return runNewPage(rest, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, newUsage)
		return 0
	default:
		fmt.Fprintf(stderr, "scalesite new: unknown kind %q: write \"scalesite new site DIR\" or \"scalesite new page NAME\"\n\n%s", what, newUsage)
		return 2
	}
}

func runNewSite(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("new site DIR [flags]", `Writes a new site into DIR, which must not exist or be empty: scalesite.yaml,
content/index.md, a sample page (content/first-chart/) with two charts and their
CSV files, .gitignore, README.md, and .github/workflows/pages.yml, which builds
the site and publishes it on GitHub Pages on every push to main.`, stderr)
	var title string
	fs.StringVar(&title, "title", "", "the site's `title` (default: from DIR's name)")
	dir, code := parseOneArg(fs, args, stdout, "new site", "DIR", "the folder for the new site, e.g. scalesite new site blog")
	if code >= 0 {
		return code
	}
	if title == "" {
		abs, _ := filepath.Abs(dir)
		title = scaffold.TitleFromName(abs)
	}
	d := scaffold.SiteData{
		Title:       title,
		Description: "Interactive scaling charts, written in Markdown with the data beside them in CSV.",
		Repository:  scaffold.DefaultRepository,
		Ref:         releaseRef(),
		Date:        scaffold.Today(now()),
	}
	written, err := scaffold.Site(dir, d)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	for _, f := range written {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, filepath.FromSlash(f)))
	}
	fmt.Fprintf(stdout, `
A new site is in %[1]s. Next:

	cd %[1]s
	scalesite build       # writes the site into public/
	scalesite new page my-results

To publish it on GitHub Pages, push it to a GitHub repository and set
Settings → Pages → Source to "GitHub Actions" (see README.md).
`, dir)
	return 0
}

func runNewPage(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("new page NAME [flags]", `Writes content/NAME/index.md, a page with front matter (title, today's date,
a description to fill in, tags) and a chart, and content/NAME/data.csv for the
chart to read. NAME becomes the page's address: content/loss-curves/ is
published at loss-curves/. Nothing is overwritten.`, stderr)
	var source string
	fs.StringVar(&source, "source", ".", "the site `folder`")
	fs.StringVar(&source, "s", ".", "short for --source")
	name, code := parseOneArg(fs, args, stdout, "new page", "NAME", "the page's name, e.g. scalesite new page loss-curves")
	if code >= 0 {
		return code
	}
	name = strings.Trim(filepath.ToSlash(name), "/")
	if rest, ok := strings.CutPrefix(name, "content/"); ok {
		name = rest // a path from the site folder names the same page
	}
	written, err := scaffold.Page(source, name, scaffold.PageData{Title: scaffold.TitleFromName(name), Date: scaffold.Today(now())})
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	dir := filepath.Join(source, filepath.FromSlash(scaffold.PageDir(name)))
	for _, f := range written {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, filepath.FromSlash(f)))
	}
	fmt.Fprintf(stdout, "\nEdit %s, replace data.csv with your data, and run scalesite build.\n", filepath.Join(dir, "index.md"))
	return 0
}

// parseOneArg parses flags that may stand before or after the one argument
// the command takes, which it returns. A non-negative code means the
// command should stop (help asked for, or a mistake, already printed).
func parseOneArg(fs *flag.FlagSet, args []string, stdout io.Writer, cmd, argName, argHelp string) (string, int) {
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			usage()
			return "", 0
		}
		if err != nil {
			usage()
			return "", 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(pos) == 0:
		fmt.Fprintf(fs.Output(), "scalesite %s: missing %s: %s\n", cmd, argName, argHelp)
		return "", 2
	case len(pos) > 1:
		fmt.Fprintf(fs.Output(), "scalesite %s: unexpected argument %q (give one %s)\n", cmd, pos[1], argName)
		return "", 2
	}
	return pos[0], -1
}

// releaseTag matches a release version; a build between tags ("v1.2.0-3-gabc")
// or from changed files ("-dirty") has none to pin.
var releaseTag = regexp.MustCompile(`^v\d+\.\d+\.\d+(-(alpha|beta|rc)[.\d]*)?$`)

// releaseRef is the scalesite ref a new site's workflow builds: this
// binary's release tag, or main for a development build.
func releaseRef() string {
	v := version
	if v == "dev" {
		if info, ok := debug.ReadBuildInfo(); ok {
			v = info.Main.Version
		}
	}
	if releaseTag.MatchString(v) {
		return v
	}
	return "main"
}

package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/scalesite/scalesite/scaffold"
)

// now is the clock new pages are dated by; tests set it.
var now = time.Now

const newUsage = `Usage:

	scalesite new site DIR [--title TITLE] [--base-url URL]
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
the site and publishes it on GitHub Pages on every push to main.

The site's address (--base-url) goes into scalesite.yaml: the sitemap, the feed
and the links other sites show need it. Without the flag, it is asked for when
the command runs in a terminal, and can be left for later.`, stderr)
	var title, baseURL string
	fs.StringVar(&title, "title", "", "the site's `title` (default: from DIR's name)")
	fs.StringVar(&baseURL, "base-url", "", "the site's `address`, like https://USER.github.io/REPO/")
	dir, code := parseOneArg(fs, args, stdout, "new site", "DIR", "the folder for the new site, e.g. scalesite new site blog")
	if code >= 0 {
		return code
	}
	if title == "" {
		abs, _ := filepath.Abs(dir)
		title = scaffold.TitleFromName(abs)
	}
	var err error
	if baseURL != "" {
		if baseURL, err = scaffold.BaseURL(baseURL); err != nil {
			fmt.Fprintf(stderr, "scalesite new site: --base-url: %s\n", err)
			return 2
		}
	} else if in, ok := terminal(); ok {
		baseURL = askBaseURL(in, stdout)
	} else {
		baseURL = "/"
	}
	d := scaffold.SiteData{
		Title:       title,
		Description: "Interactive scaling charts, written in Markdown with the data beside them in CSV.",
		BaseURL:     baseURL,
		Date:        scaffold.Today(now()),
		Scalesite:   thisBuild(),
	}
	written, err := scaffold.Site(dir, d)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	for _, f := range written {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, filepath.FromSlash(f)))
	}
	cmd := commandName()
	fmt.Fprintf(stdout, `
A new site is in %[1]s. Next:

	cd %[1]s
	%[2]s serve       # preview it at http://127.0.0.1:1414/ as you edit
	%[2]s build       # writes the site into public/
	%[2]s new page my-results

To publish it on GitHub Pages, push it to a GitHub repository and set
Settings → Pages → Source to "GitHub Actions" (see README.md).
`, dir, cmd)
	if d.BaseURL == "/" {
		fmt.Fprintf(stdout, "The Pages workflow builds it at the address GitHub gives; for a build of your own,\nset baseURL in scalesite.yaml or pass --base-url https://USER.github.io/REPO/.\n")
	}
	return 0
}

// terminal returns standard input when a person is typing at it: a
// character device that is not the null device (which a CI job or a test
// may give as standard input). It is a variable for tests.
var terminal = func() (io.Reader, bool) {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil, false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		return nil, false
	}
	return os.Stdin, true
}

// askBaseURL asks for the site's address until it is one, or left empty
// (then "/"), or input ends.
func askBaseURL(in io.Reader, out io.Writer) string {
	lines := bufio.NewScanner(in)
	fmt.Fprint(out, "The site's address, where it will be published (on GitHub Pages:\nhttps://USER.github.io/REPO/). Press Enter to leave it for later: ")
	for lines.Scan() {
		u, err := scaffold.BaseURL(lines.Text())
		if err == nil {
			return u
		}
		msg := err.Error()
		fmt.Fprintf(out, "%s%s\nThe site's address (Enter to leave it for later): ", strings.ToUpper(msg[:1]), msg[1:])
	}
	fmt.Fprintln(out)
	return "/"
}

// commandName is how the person who ran this command runs scalesite again:
// "scalesite" when that finds this very binary on PATH, or else its path
// (a binary built in a clone is at <clone>/bin/scalesite).
func commandName() string {
	exe, err := os.Executable()
	if err != nil {
		return "scalesite"
	}
	if onPath, err := exec.LookPath("scalesite"); err == nil {
		if a, err1 := os.Stat(exe); err1 == nil {
			if b, err2 := os.Stat(onPath); err2 == nil && os.SameFile(a, b) {
				return "scalesite"
			}
		}
	}
	if strings.ContainsAny(exe, " '\"$`\\") {
		return strconv.Quote(exe)
	}
	return exe
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
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		// Parse quietly; the error is printed here, with a hint for a
		// misspelled flag or one of Hugo's, as parseFlags does.
		fs.SetOutput(io.Discard)
		err := fs.Parse(args)
		fs.SetOutput(out)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			usage()
			return "", 0
		}
		if err != nil {
			fmt.Fprintf(out, "%s%s\n", err, unknownFlagHint(fs, err))
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

// releaseTag matches a release version; a build between tags
// ("v1.2.0-3-gabc"), from changed files ("-dirty", "+dirty") or a
// pseudo-version has none to download.
var releaseTag = regexp.MustCompile(`^v\d+\.\d+\.\d+(-(alpha|beta|rc)[.\d]*)?$`)

// pseudoRev is the commit at the end of a Go pseudo-version
// (v0.0.0-20250101120000-abcdef123456), which go install @COMMIT gives.
var pseudoRev = regexp.MustCompile(`^v\d+\.\d+\.\d+-(?:[0-9A-Za-z.-]+\.)?\d{14}-([0-9a-f]{12})(?:\+dirty)?$`)

// goRelease matches a released Go version, as setup-go takes it.
var goRelease = regexp.MustCompile(`^1\.\d+(\.\d+)?$`)

// thisBuild says which scalesite a new site's workflow should run: this
// binary's release, or for a development build the commit it came from.
func thisBuild() scaffold.Build {
	info, _ := debug.ReadBuildInfo()
	return buildOf(version, info)
}

// buildOf is thisBuild for a version (main.version, set at release) and
// the binary's build information (nil if there is none).
func buildOf(v string, info *debug.BuildInfo) scaffold.Build {
	b := scaffold.Build{Repository: scaffold.DefaultRepository, Go: "stable"}
	if v == "dev" && info != nil {
		v = info.Main.Version
	}
	if releaseTag.MatchString(v) {
		b.Version = v
		return b
	}
	if info == nil {
		return b
	}
	if g := strings.TrimPrefix(info.GoVersion, "go"); goRelease.MatchString(g) {
		b.Go = g
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	if m := pseudoRev.FindStringSubmatch(info.Main.Version); b.Commit == "" && m != nil {
		b.Commit = m[1]
		b.Modified = strings.HasSuffix(info.Main.Version, "+dirty")
	}
	return b
}

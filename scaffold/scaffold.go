// Package scaffold writes new sites and pages: `scalesite new site` and
// `scalesite new page`.
//
// The files are embedded from site/ and page/. A file whose name ends in
// .tmpl is a text/template, written without that suffix; its actions are
// delimited by [[ and ]], so that GitHub Actions' own ${{ }} expressions in
// the workflow stay as they are. Every other file is copied as it is.
package scaffold

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

//go:embed all:site all:page
var files embed.FS

// DefaultRepository is the GitHub repository (owner/name) whose releases a
// new site's workflow downloads scalesite from.
const DefaultRepository = "scalesite/scalesite"

// Module is scalesite's Go module, which the workflow written by a
// development build installs the command from.
const Module = "github.com/scalesite/scalesite"

// SiteData fills the templates of a new site.
type SiteData struct {
	Title       string
	Description string
	// BaseURL is the site's address, written into scalesite.yaml: a full
	// URL from BaseURL, or "/" when not known yet.
	BaseURL string
	Date    string // the sample page's date, 2006-01-02
	// Scalesite is the scalesite the site's Pages workflow builds it with.
	Scalesite Build
}

// Build is the scalesite a new site's Pages workflow runs: the release that
// wrote the site, downloaded and checked against the release's checksums,
// or, when a development build wrote it, scalesite built from source at the
// commit that build came from.
type Build struct {
	// Repository is the GitHub owner/name that publishes the releases.
	Repository string
	// Version is a release's tag ("v1.2.3"), or "" for a development build.
	Version string
	// Commit is the commit a development build came from: its workflow
	// runs go install at it. When unknown, the workflow installs the
	// latest version of the module and says so.
	Commit string
	// Modified says that the development build had changes beyond Commit,
	// which the workflow's scalesite will not have.
	Modified bool
	// Go is the Go version a development build's workflow compiles with
	// ("1.26.8"), or "stable".
	Go string
}

// Release says whether the workflow downloads a release binary.
func (b Build) Release() bool { return b.Version != "" }

// InstallRef is what a development build's workflow puts after @ in
// go install: the commit, or latest when the commit is not known.
func (b Build) InstallRef() string {
	if b.Commit == "" {
		return "latest"
	}
	return b.Commit
}

// BaseURL checks an address given for a new site and returns it as
// scalesite.yaml should hold it: "" gives "/" (not known yet); otherwise it
// must be a full http or https URL, which gets a slash at the end of its
// path. A path alone is refused: the sitemap, feed and canonical links
// need the scheme and host.
func BaseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || raw == "/" {
		return "/", nil
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || strings.ContainsAny(raw, " \t\r\n\"") || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return "", fmt.Errorf("the site's address %q is not a web address like https://USER.github.io/REPO/", raw)
	case u.Scheme == "" && u.Host == "":
		if first, _, _ := strings.Cut(strings.TrimPrefix(raw, "/"), "/"); strings.Contains(first, ".") {
			return "", fmt.Errorf("the site's address %q has no https:// in front: write https://%s", raw, strings.TrimPrefix(raw, "/"))
		}
		return "", fmt.Errorf("the site's address %q is only a path: give the whole address, like https://USER.github.io/REPO/, so that the sitemap, feed and links shared elsewhere work", raw)
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("the site's address %q is not an http or https address: write it like https://USER.github.io/REPO/", raw)
	case u.Host == "":
		return "", fmt.Errorf("the site's address %q has no host: write it like https://USER.github.io/REPO/", raw)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u.String(), nil
}

// PageData fills the templates of a new page.
type PageData struct {
	Title string
	Date  string
}

// Site writes a new site into dir, which must not exist or be empty. It
// returns the files written, slash-separated and relative to dir, in order.
// dir may be a symbolic link to an empty folder, which is then the site's
// folder; a link to nothing is refused. Every file is created inside dir
// through an os.Root, never through a link, and never over a file.
func Site(dir string, d SiteData) ([]string, error) {
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("%s is a symbolic link to %s, which %s: name a new folder for the site", dir, linkTarget(dir), notThere(err))
		}
	}
	switch entries, err := os.ReadDir(dir); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		if fi, serr := os.Stat(dir); serr == nil && !fi.IsDir() {
			return nil, fmt.Errorf("%s is a file: name a new folder for the site", dir)
		}
		return nil, err
	case len(entries) > 0:
		names := make([]string, 0, 3)
		for _, e := range entries[:min(3, len(entries))] {
			names = append(names, e.Name())
		}
		more := ""
		if len(entries) > 3 {
			more = fmt.Sprintf(" and %d more", len(entries)-3)
		}
		return nil, fmt.Errorf("%s is not empty (it holds %s%s): a new site goes into a new or empty folder, so that nothing of yours is overwritten", dir, strings.Join(names, ", "), more)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return write("site", root, ".", dir, d)
}

// PageDir is the folder under a site's root where page NAME is written.
func PageDir(name string) string { return path.Join("content", name) }

var pageName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)*$`)

// reserved are first path segments that the built site uses itself.
var reserved = []string{"assets", "tags", "index", "_index", "404", "404.html", "feed.xml", "sitemap.xml", "robots.txt"}

// CheckPageName says what is wrong with a page name, or returns nil.
func CheckPageName(name string) error {
	switch {
	case name == "":
		return errors.New("the page needs a name, like loss-curves: it becomes the page's address and folder")
	case strings.ContainsAny(name, ` `):
		return fmt.Errorf("page name %q has spaces, which would show as %%20 in its address: use dashes, like %s", name, strings.Join(strings.Fields(strings.ToLower(name)), "-"))
	case strings.HasSuffix(name, ".md"):
		return fmt.Errorf("page name %q ends in .md: give the name alone, like %s (the page is written to content/%s/index.md)", name, strings.TrimSuffix(name, ".md"), strings.TrimSuffix(name, ".md"))
	case !pageName.MatchString(name):
		return fmt.Errorf("page name %q is not a folder name under content/: use letters, digits and dashes, like loss-curves or 2025/loss-curves", name)
	}
	first, _, _ := strings.Cut(name, "/")
	if slices.Contains(reserved, strings.ToLower(first)) {
		return fmt.Errorf("page name %q is taken by the built site itself (/%s/): choose another", name, first)
	}
	return nil
}

// Page writes the page bundle content/NAME/ (index.md and data.csv) into
// the site at root. It refuses to overwrite a file, or to add a page that
// would be published at the same address as an existing one. It writes
// only inside the site's content folder (its real path, every symbolic
// link resolved): a folder on the way that is a link leading outside it,
// or to nothing, is refused, and so is a file that is a link. It returns
// the files written, relative to the page's folder.
func Page(root, name string, d PageData) ([]string, error) {
	if err := CheckPageName(name); err != nil {
		return nil, err
	}
	_, cerr := os.Stat(filepath.Join(root, "content"))
	_, yerr := os.Stat(filepath.Join(root, "scalesite.yaml"))
	if cerr != nil && yerr != nil {
		return nil, fmt.Errorf("%s is not a scalesite site (it has no scalesite.yaml and no content/ folder): run this in the site's folder, or name it with --source DIR (scalesite new site DIR starts a new site)", root)
	}
	dir := PageDir(name)
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), "index.md")); err == nil {
		return nil, fmt.Errorf("the page %s already exists (%s): choose another name", name, filepath.Join(root, filepath.FromSlash(dir), "index.md"))
	}
	for _, other := range []string{"content/" + name + ".md", dir + "/_index.md"} {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(other))); err == nil {
			return nil, fmt.Errorf("%s already exists and is published at the same address: choose another name", filepath.Join(root, filepath.FromSlash(other)))
		}
	}
	content, rel, err := pageFolder(root, name)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(content)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return write("page", r, rel, filepath.Join(root, filepath.FromSlash(dir)), d)
}

// pageFolder finds where page name's folder is: the real path of the
// site's content folder (made if the site has none yet) and the page's
// folder relative to it, with every symbolic link on the way that exists
// resolved. A link that leads outside the content folder, or to nothing,
// and a file where a folder should be, are errors that name them.
func pageFolder(root, name string) (content, rel string, err error) {
	shown := filepath.Join(root, "content")
	if fi, err := os.Lstat(shown); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if _, err := os.Stat(shown); err != nil {
			return "", "", fmt.Errorf("%s is a symbolic link to %s, which %s: make it a folder, or link it to the site's pages", shown, linkTarget(shown), notThere(err))
		}
	}
	if err := os.MkdirAll(shown, 0o755); err != nil {
		return "", "", err
	}
	abs, err := filepath.Abs(shown)
	if err != nil {
		return "", "", err
	}
	if content, err = filepath.EvalSymlinks(abs); err != nil {
		return "", "", err
	}
	cur := content
	parts := strings.Split(name, "/")
	for i, part := range parts {
		next := filepath.Join(cur, part)
		shown = filepath.Join(shown, part)
		fi, err := os.Lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// The rest is made new, inside cur.
			rel, err := filepath.Rel(content, filepath.Join(append([]string{cur}, parts[i:]...)...))
			return content, filepath.ToSlash(rel), err
		case err != nil:
			return "", "", err
		case fi.Mode()&fs.ModeSymlink != 0:
			real, err := filepath.EvalSymlinks(next)
			if err != nil {
				return "", "", fmt.Errorf("%s is a symbolic link to %s, which %s: scalesite new page writes only into folders inside content/; remove the link or choose another name", shown, linkTarget(next), notThere(err))
			}
			if real != content && !strings.HasPrefix(real, content+string(filepath.Separator)) {
				return "", "", fmt.Errorf("%s is a symbolic link to %s, outside the site's content folder: scalesite new page writes only inside content/, so that it never writes where you did not mean it to; choose another name, or make %s a folder", shown, linkTarget(next), shown)
			}
			if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
				return "", "", fmt.Errorf("%s is a symbolic link to a file, not a folder: choose another name", shown)
			}
			cur = real
		case !fi.IsDir():
			return "", "", fmt.Errorf("%s is a file, not a folder: choose another name", shown)
		default:
			cur = next
		}
	}
	rel, err = filepath.Rel(content, cur)
	return content, filepath.ToSlash(rel), err
}

// linkTarget is where the symbolic link at p points, as written, for a
// message: quoted when it must be (diag.QuoteIfNeeded).
func linkTarget(p string) string {
	t, err := os.Readlink(p)
	if err != nil {
		return "a place that cannot be read"
	}
	return diag.QuoteIfNeeded(t)
}

// notThere says why a link's target cannot be used: it is not there, or
// it is part of a loop of links.
func notThere(err error) string {
	if errors.Is(err, fs.ErrNotExist) {
		return "does not exist"
	}
	return "cannot be followed (" + err.Error() + ")"
}

// TitleFromName makes a title of a page or folder name: "loss-curves" →
// "Loss curves".
func TitleFromName(name string) string {
	base := path.Base(filepath.ToSlash(filepath.Clean(name)))
	t := strings.TrimSpace(strings.NewReplacer("-", " ", "_", " ").Replace(base))
	if t == "" || t == "." || t == "/" {
		return "My site"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// Today is the date a new page gets, as front matter writes it.
func Today(now time.Time) string { return now.Format("2006-01-02") }

var funcs = template.FuncMap{
	// yaml quotes a string for a YAML value: Go's escapes are YAML's.
	"yaml": strconv.Quote,
	// module is scalesite's module path, for go install.
	"module": func() string { return Module },
	// subPath reports whether a base URL is under a sub-path of its host
	// (https://USER.github.io/REPO/), where the build writes no robots.txt.
	"subPath": func(baseURL string) bool {
		var c site.Config
		return c.SetBaseURL(baseURL) == nil && !c.AtHostRoot()
	},
}

// write renders the embedded folder src into the folder dir of root
// (slash-separated, "." for root itself), which messages show as shown. It
// first renders every file, then checks that none of them exists (a
// symbolic link, even to nothing, counts), then writes them, so that a
// refusal writes nothing. Every folder and file is made through root, so
// no link can take a write outside it, and a file is only ever created,
// never opened for writing if it is there (O_EXCL).
func write(src string, root *os.Root, dir, shown string, data any) ([]string, error) {
	type file struct {
		name string
		data []byte
	}
	var out []file
	err := fs.WalkDir(files, src, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, src+"/")
		if strings.HasSuffix(name, ".tmpl") {
			name = strings.TrimSuffix(name, ".tmpl")
			t, err := template.New(name).Delims("[[", "]]").Funcs(funcs).Option("missingkey=error").Parse(string(b))
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := t.Execute(&buf, data); err != nil {
				return err
			}
			b = buf.Bytes()
		}
		out = append(out, file{name, b})
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, f := range out {
		fi, err := root.Lstat(path.Join(dir, f.name))
		switch {
		case err == nil && fi.Mode()&fs.ModeSymlink != 0:
			p := filepath.Join(shown, filepath.FromSlash(f.name))
			return nil, fmt.Errorf("%s already exists, as a symbolic link to %s: scalesite does not overwrite files, nor write through links; move it away or choose another name", p, linkTarget(p))
		case err == nil:
			return nil, fmt.Errorf("%s already exists: scalesite does not overwrite files; move it away or choose another name", filepath.Join(shown, filepath.FromSlash(f.name)))
		}
	}
	var names []string
	for _, f := range out {
		p := path.Join(dir, f.name)
		if err := root.MkdirAll(path.Dir(p), 0o755); err != nil {
			return names, err
		}
		if err := createNew(root, p, filepath.Join(shown, filepath.FromSlash(f.name)), f.data); err != nil {
			return names, err
		}
		names = append(names, f.name)
	}
	return names, nil
}

// createNew creates the file p inside root holding data, only when nothing
// is there: O_EXCL, so that a file (or a link, even to nothing) made
// there since write looked is never opened, let alone replaced. shown is
// its name in messages.
func createNew(root *os.Root, p, shown string, data []byte) error {
	w, err := root.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists: scalesite does not overwrite files; move it away or choose another name", shown)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

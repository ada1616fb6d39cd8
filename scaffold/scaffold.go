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
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
)

//go:embed all:site all:page
var files embed.FS

// DefaultRepository is the GitHub repository (owner/name) a new site's
// workflow builds scalesite from.
const DefaultRepository = "scalesite/scalesite"

// SiteData fills the templates of a new site.
type SiteData struct {
	Title       string
	Description string
	// Repository and Ref say where the workflow gets scalesite: a GitHub
	// owner/name and a tag, branch or commit.
	Repository string
	Ref        string
	Date       string // the sample page's date, 2006-01-02
}

// PageData fills the templates of a new page.
type PageData struct {
	Title string
	Date  string
}

// Site writes a new site into dir, which must not exist or be empty. It
// returns the files written, slash-separated and relative to dir, in order.
func Site(dir string, d SiteData) ([]string, error) {
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
	return write("site", dir, d)
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
// would be published at the same address as an existing one. It returns
// the files written, relative to root.
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
	return write("page", filepath.Join(root, filepath.FromSlash(dir)), d)
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
}

// write renders the embedded folder src into dir. It first renders every
// file, then checks that none of them exists, then writes them, so that a
// refusal writes nothing.
func write(src, dir string, data any) ([]string, error) {
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
		p := filepath.Join(dir, filepath.FromSlash(f.name))
		if _, err := os.Lstat(p); err == nil {
			return nil, fmt.Errorf("%s already exists: scalesite does not overwrite files; move it away or choose another name", p)
		}
	}
	var names []string
	for _, f := range out {
		p := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return names, err
		}
		w, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return names, err
		}
		_, err = w.Write(f.data)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return names, err
		}
		names = append(names, f.name)
	}
	return names, nil
}

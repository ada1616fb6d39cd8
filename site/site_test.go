package site

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// writeFiles writes files (slash path → content) under root.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	sitetest.Write(t, root, files)
}

// load writes files into a new site folder and loads it.
func load(t *testing.T, files map[string]string, opts Options) *Site {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, files)
	s, err := Load(root, opts)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return s
}

// page returns the page at content path p (or the home page).
func page(t *testing.T, s *Site, path string) *Page {
	t.Helper()
	if s.Home != nil && s.Home.Path == path {
		return s.Home
	}
	for _, p := range s.Pages {
		if p.Path == path {
			return p
		}
	}
	t.Fatalf("no page %s among %v", path, paths(s))
	return nil
}

// body is the body s holds of the page at path.
func body(t *testing.T, s *Site, path string) *Body {
	t.Helper()
	b := s.Body(page(t, s, path))
	if b == nil {
		t.Fatalf("the site holds no body of %s", path)
	}
	return b
}

func paths(s *Site) []string {
	var out []string
	for _, p := range s.Pages {
		out = append(out, p.Path)
	}
	return out
}

func TestSlugs(t *testing.T) {
	tests := []struct {
		file, slug, output string
	}{
		{"content/a.md", "a", "a/index.html"},
		{"content/a/b.md", "a/b", "a/b/index.html"},
		{"content/a/index.md", "a", "a/index.html"},
		{"content/a/_index.md", "a", "a/index.html"},
		{"content/a/b/index.md", "a/b", "a/b/index.html"},
		{"content/index.md", "", "index.html"},
		{"content/_index.md", "", "index.html"},
		{"content/indexes.md", "indexes", "indexes/index.html"},
	}
	for _, tc := range tests {
		if got := slugFor(tc.file); got != tc.slug {
			t.Errorf("slugFor(%q) = %q, want %q", tc.file, got, tc.slug)
		}
		if got := outputPath(tc.slug); got != tc.output {
			t.Errorf("outputPath(%q) = %q, want %q", tc.slug, got, tc.output)
		}
	}
}

func TestLoadSlugsAndHome(t *testing.T) {
	for _, home := range []string{"content/index.md", "content/_index.md"} {
		t.Run(home, func(t *testing.T) {
			s := load(t, map[string]string{
				home:                 "Home prose.\n",
				"content/a/b.md":     "B\n",
				"content/c/index.md": "C\n",
				"content/d.md":       "D\n",
			}, Options{})
			if s.Home == nil || s.Home.Path != home || s.Home.Slug != "" {
				t.Fatalf("Home = %+v, want %s with slug \"\"", s.Home, home)
			}
			var got []string
			for _, p := range s.Pages {
				got = append(got, p.Path+" → "+p.Slug)
			}
			want := []string{"content/a/b.md → a/b", "content/c/index.md → c", "content/d.md → d"}
			if !slices.Equal(got, want) {
				t.Errorf("pages = %q, want %q (the home page is not among them)", got, want)
			}
		})
	}
}

func TestFrontMatter(t *testing.T) {
	utc := func(s string) time.Time {
		d, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	tests := []struct {
		name  string
		file  string // under content/
		src   string
		title string
		date  time.Time
		tags  []string
		desc  string
		body  string // the start of Body
	}{
		{name: "date only", file: "p.md", src: "---\ntitle: P\ndate: 2025-03-01\n---\nBody\n",
			title: "P", date: utc("2025-03-01T00:00:00Z"), body: "Body"},
		{name: "quoted date", file: "p.md", src: "---\ntitle: P\ndate: \"2025-03-01\"\n---\nBody\n",
			title: "P", date: utc("2025-03-01T00:00:00Z"), body: "Body"},
		{name: "RFC 3339 UTC", file: "p.md", src: "---\ntitle: P\ndate: 2025-03-01T14:30:00Z\n---\n",
			title: "P", date: utc("2025-03-01T14:30:00Z")},
		{name: "RFC 3339 with offset", file: "p.md", src: "---\ntitle: P\ndate: 2025-03-01T14:30:00+02:00\n---\n",
			title: "P", date: utc("2025-03-01T12:30:00Z")},
		{name: "date and time with a space", file: "p.md", src: "---\ntitle: P\ndate: 2025-03-01 14:30:00\n---\n",
			title: "P", date: utc("2025-03-01T14:30:00Z")},
		{name: "date and minutes", file: "p.md", src: "---\ntitle: P\ndate: 2025-03-01 14:30\n---\n",
			title: "P", date: utc("2025-03-01T14:30:00Z")},
		{name: "date T minutes", file: "p.md", src: "---\ntitle: P\ndate: 2025-03-01T14:30\n---\n",
			title: "P", date: utc("2025-03-01T14:30:00Z")},
		{name: "empty date", file: "p.md", src: "---\ntitle: P\ndate:\n---\n", title: "P"},
		{name: "tags flow list", file: "p.md", src: "---\ntitle: P\ntags: [audio, scaling laws]\n---\n",
			title: "P", tags: []string{"audio", "scaling laws"}},
		{name: "tags block list", file: "p.md", src: "---\ntitle: P\ntags:\n  - audio\n  - 2024\n---\n",
			title: "P", tags: []string{"audio", "2024"}},
		{name: "tags single string", file: "p.md", src: "---\ntitle: P\ntags: audio\n---\n",
			title: "P", tags: []string{"audio"}},
		{name: "colon inside a plain title (the format guide's example)", file: "p.md",
			src:   "---\ntitle: Audio models: ROC-AUC vs. parameters\ndate: 2025-03-01\ndescription: One line for the index and for link previews.\ntags: [audio]\ndraft: false\n---\nProse...\n",
			title: "Audio models: ROC-AUC vs. parameters", date: utc("2025-03-01T00:00:00Z"), tags: []string{"audio"},
			desc: "One line for the index and for link previews.", body: "Prose..."},
		{name: "missing title from the file name", file: "audio-models.md", src: "---\ndate: 2025-03-01\n---\n",
			title: "Audio models", date: utc("2025-03-01T00:00:00Z")},
		{name: "missing title from the bundle folder", file: "scaling_laws/index.md", src: "Body\n",
			title: "Scaling laws", body: "Body"},
		{name: "missing title in a section", file: "papers/rwkv-7.md", src: "Body\n",
			title: "Rwkv 7", body: "Body"},
		{name: "no front matter", file: "p.md", src: "# Heading\n", title: "P", body: "# Heading"},
		{name: "empty front matter", file: "p.md", src: "---\n---\nBody\n", title: "P", body: "Body"},
		{name: "Windows line ends and a byte order mark", file: "p.md",
			src:   "\xef\xbb\xbf---\r\ntitle: Crlf\r\ntags: [a, b]\r\n---\r\nBody\r\n",
			title: "Crlf", tags: []string{"a", "b"}, body: "Body"},
		{name: "closing ... line", file: "p.md", src: "---\ntitle: Dots\n...\nBody\n", title: "Dots", body: "Body"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/" + tc.file: tc.src}, Options{})
			p := page(t, s, "content/"+tc.file)
			if p.Title != tc.title {
				t.Errorf("Title = %q, want %q", p.Title, tc.title)
			}
			if !p.Date.Equal(tc.date) {
				t.Errorf("Date = %v, want %v", p.Date, tc.date)
			}
			if !slices.Equal(p.Tags, tc.tags) {
				t.Errorf("Tags = %q, want %q", p.Tags, tc.tags)
			}
			if p.Description != tc.desc {
				t.Errorf("Description = %q, want %q", p.Description, tc.desc)
			}
			md := s.Body(p).Markdown
			if !strings.HasPrefix(string(md), tc.body) {
				t.Errorf("Body = %q, want it to start with %q", md, tc.body)
			}
			if strings.HasPrefix(string(md), "---") {
				t.Errorf("Body = %q still holds the front matter", md)
			}
		})
	}
}

func TestDrafts(t *testing.T) {
	files := map[string]string{
		"content/done.md":  "---\ntitle: Done\n---\n",
		"content/draft.md": "---\ntitle: Draft\ndraft: true\n---\n",
		"content/final.md": "---\ntitle: Final\ndraft: false\n---\n",
	}
	tests := []struct {
		drafts bool
		want   []string
	}{
		{false, []string{"content/done.md", "content/final.md"}},
		{true, []string{"content/done.md", "content/draft.md", "content/final.md"}},
	}
	for _, tc := range tests {
		s := load(t, files, Options{Drafts: tc.drafts})
		if got := paths(s); !slices.Equal(got, tc.want) {
			t.Errorf("Options{Drafts: %v}: pages = %q, want %q", tc.drafts, got, tc.want)
		}
	}
}

// TestDraftDuplicate: a draft that would be published at the same place as
// a page is no clash while drafts are left out.
func TestDraftDuplicate(t *testing.T) {
	files := map[string]string{
		"content/a.md":       "---\ntitle: A\n---\n",
		"content/a/index.md": "---\ntitle: A draft\ndraft: true\n---\n",
	}
	s := load(t, files, Options{})
	if got := paths(s); !slices.Equal(got, []string{"content/a.md"}) {
		t.Errorf("pages = %q, want only content/a.md", got)
	}
	root := t.TempDir()
	writeFiles(t, root, files)
	if _, err := Load(root, Options{Drafts: true}); err == nil || !strings.Contains(err.Error(), "would both be published at a/index.html") {
		t.Errorf("with drafts, Load error = %v, want the clash at a/index.html", err)
	}
}

func TestPageOrder(t *testing.T) {
	s := load(t, map[string]string{
		"content/old.md":       "---\ndate: 2023-01-01\n---\n",
		"content/undated-b.md": "B\n",
		"content/new.md":       "---\ndate: 2025-06-01\n---\n",
		"content/undated-a.md": "A\n",
		"content/mid.md":       "---\ndate: 2024-05-05T10:00:00Z\n---\n",
		"content/mid-later.md": "---\ndate: 2024-05-05T11:00:00Z\n---\n",
		"content/same-b.md":    "---\ndate: 2022-01-01\n---\n",
		"content/same-a.md":    "---\ndate: 2022-01-01\n---\n",
	}, Options{})
	want := []string{
		"content/new.md", "content/mid-later.md", "content/mid.md", "content/old.md",
		"content/same-a.md", "content/same-b.md", // same date: by path
		"content/undated-a.md", "content/undated-b.md", // undated last, by path
	}
	if got := paths(s); !slices.Equal(got, want) {
		t.Errorf("page order:\n got %q\nwant %q", got, want)
	}
}

func TestConfig(t *testing.T) {
	tests := []struct {
		name   string
		config string // "" for no scalesite.yaml
		want   Config
	}{
		{"no config file", "", Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/"}},
		{"empty config file", "# nothing yet\n", Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/"}},
		{"GitHub Pages project", "title: Scaling\ndescription: Charts.\nbaseURL: https://u.github.io/repo/\n",
			Config{Title: "Scaling", Description: "Charts.", Language: "en", BaseURL: "https://u.github.io/repo/", BasePath: "/repo/"}},
		{"no trailing slash", "baseURL: https://u.github.io/repo\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "https://u.github.io/repo", BasePath: "/repo/"}},
		{"domain root", "baseURL: https://example.org/\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "https://example.org/", BasePath: "/"}},
		{"domain without a slash", "baseURL: https://example.org\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "https://example.org", BasePath: "/"}},
		{"slash", "baseURL: /\n", Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/"}},
		{"bare path", "baseURL: /a/b\n", Config{Title: "Untitled site", Language: "en", BaseURL: "/a/b", BasePath: "/a/b/"}},
		{"empty baseURL", "baseURL:\n", Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/"}},
		{"language", "language: de\ntitle: Skalierung: Gesetze\n",
			Config{Title: "Skalierung: Gesetze", Language: "de", BaseURL: "/", BasePath: "/"}},
		{"limits", "limits: {data: 200MB, file: 1.5GB}\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/", Limits: Limits{Data: 200 << 20, File: 1536 << 20, Page: DefaultLimits.Page}}},
		{"limits in bytes and KiB", "limits:\n  data: 1000000\n  page: 512KiB\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/", Limits: Limits{Data: 1000000, File: DefaultLimits.File, Page: 512 << 10}}},
		{"listSize and feedSize", "listSize: 10\nfeedSize: 1\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/", ListSize: 10, FeedSize: 1}},
		{"static figures opted out", "staticFigures: false\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/"}},
		{"static figures said", "staticFigures: true\n",
			Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/", StaticFigures: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/index.md": "Home\n"}
			if tc.config != "" {
				files[ConfigFile] = tc.config
			}
			s := load(t, files, Options{})
			if tc.want.Limits == (Limits{}) {
				tc.want.Limits = DefaultLimits
			}
			if tc.want.ListSize == 0 {
				tc.want.ListSize = DefaultListSize
			}
			if tc.want.FeedSize == 0 {
				tc.want.FeedSize = DefaultFeedSize
			}
			if !strings.Contains(tc.config, "staticFigures") {
				tc.want.StaticFigures = DefaultStaticFigures // on unless said
			}
			if s.Config != tc.want {
				t.Errorf("Config = %+v\nwant     %+v", s.Config, tc.want)
			}
		})
	}
}

func TestBaseURLOption(t *testing.T) {
	files := map[string]string{ConfigFile: "baseURL: https://u.github.io/repo/\n", "content/index.md": "Home\n"}
	s := load(t, files, Options{BaseURL: "https://other.org/docs/"})
	if s.Config.BaseURL != "https://other.org/docs/" || s.Config.BasePath != "/docs/" {
		t.Errorf("with Options.BaseURL: BaseURL %q, BasePath %q; want https://other.org/docs/ and /docs/", s.Config.BaseURL, s.Config.BasePath)
	}

	root := t.TempDir()
	writeFiles(t, root, files)
	_, err := Load(root, Options{BaseURL: "ftp://x/"})
	want := `--base-url: baseURL "ftp://x/" is not a web address like https://user.github.io/repo/ or a path like /repo/`
	if err == nil || err.Error() != want {
		t.Errorf("bad Options.BaseURL: error %v\nwant %s", err, want)
	}
}

func TestTheme(t *testing.T) {
	s := load(t, map[string]string{
		ConfigFile:                       "theme: paper\n",
		"themes/paper/layouts/base.html": "{{define \"base\"}}{{end}}",
		"content/index.md":               "Home\n",
	}, Options{})
	if want := filepath.Join(s.Root, "themes", "paper"); s.ThemeDir != want {
		t.Errorf("ThemeDir = %q, want %q", s.ThemeDir, want)
	}
	s = load(t, map[string]string{"content/index.md": "Home\n"}, Options{})
	if s.ThemeDir != "" {
		t.Errorf("without a theme key ThemeDir = %q, want \"\"", s.ThemeDir)
	}
}

func TestResourcesAndStatic(t *testing.T) {
	s := load(t, map[string]string{
		"content/index.md":           "Home\n",
		"content/audio/index.md":     "Audio\n",
		"content/audio/audio.csv":    "a,b\n1,2\n",
		"content/audio/figure.png":   "png",
		"content/notes.txt":          "notes",
		"content/.hidden/secret.csv": "x",
		"content/.DS_Store":          "x",
		"static/robots.txt":          "User-agent: *\n",
		"static/img/logo.svg":        "<svg/>",
		"static/.gitkeep":            "",
		"data/shared.csv":            "a,b\n1,2\n",
	}, Options{})
	if want := []string{"audio/audio.csv", "audio/figure.png", "notes.txt"}; !slices.Equal(s.Resources, want) {
		t.Errorf("Resources = %q, want %q (non-Markdown files under content/, hidden ones skipped)", s.Resources, want)
	}
	if want := []string{"img/logo.svg", "robots.txt"}; !slices.Equal(s.Static, want) {
		t.Errorf("Static = %q, want %q", s.Static, want)
	}

	s = load(t, map[string]string{"content/index.md": "Home\n"}, Options{})
	if len(s.Resources) != 0 || len(s.Static) != 0 {
		t.Errorf("a site without static/ or content files: Resources %q, Static %q; want none", s.Resources, s.Static)
	}
}

func TestNoContentFolder(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{ConfigFile: "title: X\n"})
	_, err := Load(root, Options{})
	if err == nil || !strings.Contains(err.Error(), "has no content/ folder") {
		t.Errorf("Load of a folder without content/: error %v, want one saying it has no content/ folder", err)
	}
}

// TestBrokenDraft: a draft with a mistake does not fail a build that leaves
// drafts out; the mistake is a warning. With --drafts it is an error.
func TestBrokenDraft(t *testing.T) {
	files := map[string]string{
		"content/ok.md":    "---\ntitle: OK\n---\nFine.\n",
		"content/draft.md": "---\ntitle: Later\ndraft: true\n---\n```chart\ndata: missing.csv\nx: a\ny: b\n```\n",
	}
	s := load(t, files, Options{})
	if len(s.Pages) != 1 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Error(), `content/draft.md:6:7: in a draft, which is not built: data file "missing.csv" not found`) {
		t.Errorf("pages %d, warnings %v", len(s.Pages), s.Warnings)
	}
	root := t.TempDir()
	writeFiles(t, root, files)
	if _, err := Load(root, Options{Drafts: true}); err == nil || !strings.Contains(err.Error(), `content/draft.md:6:7: data file "missing.csv" not found`) {
		t.Errorf("with drafts: err = %v", err)
	}
}

// TestPointNotes: a point's label and bounds stand aside in its Notes, a
// point without either has no note, and one Notes keeps each point's own.
func TestPointNotes(t *testing.T) {
	b := &Bounds{YLo: 1, YHi: 2}
	var n Notes
	tests := []struct {
		name  string
		pt    Point
		label string
		b     *Bounds
		noted bool // the point has a note
	}{
		{"neither", n.With(Point{X: 1, Y: 2}, "", nil), "", nil, false},
		{"a label", n.With(Point{X: 1}, "GPT-3", nil), "GPT-3", nil, true},
		{"bounds", n.With(Point{X: 1}, "", b), "", b, true},
		{"both", n.With(Point{X: 1}, "GPT-3", b), "GPT-3", b, true},
		{"the note taken off", n.With(n.With(Point{X: 1}, "a", b), "", nil), "", nil, false},
		{"a note replaced", n.With(n.With(Point{X: 1}, "a", b), "c", nil), "c", nil, true},
	}
	for _, tc := range tests {
		if n.Label(tc.pt) != tc.label || n.Bounds(tc.pt) != tc.b || n.NameOnly(tc.pt) || (tc.pt.note != 0) != tc.noted || tc.pt.X != 1 {
			t.Errorf("%s: label %q, bounds %p, noted %v; want %q, %p, %v", tc.name, n.Label(tc.pt), n.Bounds(tc.pt), (tc.pt.note != 0), tc.label, tc.b, tc.noted)
		}
	}
	var none *Notes
	if p := tests[1].pt; none.Label(p) != "" || none.Bounds(p) != nil || none.NameOnly(p) {
		t.Errorf("a nil Notes gives %q, %p, %v; want nothing", none.Label(p), none.Bounds(p), none.NameOnly(p))
	}
}

// TestPointSize: a Point is at most 24 bytes, so a chart of ten runs of a
// million steps holds 240 MB of them (issue 37); a field added to it costs
// 8 bytes more per point.
func TestPointSize(t *testing.T) {
	if size := unsafe.Sizeof(Point{}); size > 24 {
		t.Errorf("a Point is %d bytes, want at most 24", size)
	}
}

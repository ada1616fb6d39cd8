package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRunReport(t *testing.T) {
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	writeSite(t, src, goodSite)
	var scanned []int
	r, err := Run(Options{Source: src, Dest: dest, Scanned: func(pages int) { scanned = append(scanned, pages) }})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !slices.Equal(scanned, []int{2}) {
		t.Errorf("Scanned was told %v, want [2] (runs and audio, once)", scanned)
	}
	// Home, runs and audio; one chart of 4 points and one of 2.
	if r.Pages != 3 || r.Charts != 2 || r.Points != 6 {
		t.Errorf("report = %d pages, %d charts, %d points; want 3 pages, 2 charts, 6 points", r.Pages, r.Charts, r.Points)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings = %v, want none", r.Warnings)
	}
	files := siteFiles(t, dest)
	if r.Files != len(files) {
		t.Errorf("report counts %d files, the output holds %d", r.Files, len(files))
	}
	for _, want := range []string{"index.html", "runs/index.html", "audio/index.html", "audio/audio.csv", "robots.txt", "404.html"} {
		if _, ok := files[want]; !ok {
			t.Errorf("output lacks %s", want)
		}
	}
	if got := string(files["audio/audio.csv"]); got != goodSite["content/audio/audio.csv"] {
		t.Errorf("audio/audio.csv = %q, want the page bundle's CSV copied as is", got)
	}
}

func TestRunDefaultDest(t *testing.T) {
	src := t.TempDir()
	writeSite(t, src, goodSite)
	if _, err := Run(Options{Source: src}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(src, "public", "index.html")); err != nil {
		t.Errorf("with no Dest the site should be written to SOURCE/public: %v", err)
	}
}

// TestRunReplacesOutput: a rebuild over the last output removes the page
// the site no longer has, and keeps what was put there by hand.
func TestRunReplacesOutput(t *testing.T) {
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	writeSite(t, src, goodSite)
	writeSite(t, src, map[string]string{"content/stale.md": "---\ntitle: Stale\n---\nSoon gone.\n"})
	if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dest, "stale", "index.html")); err != nil {
		t.Fatal(err)
	}
	writeSite(t, dest, map[string]string{"CNAME": "example.org"})
	if err := os.Remove(filepath.Join(src, "content", "stale.md")); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dest, "stale")); !os.IsNotExist(err) {
		t.Errorf("a file of the previous output that the new build does not make should be gone (stat: %v)", err)
	}
	if b, err := os.ReadFile(filepath.Join(dest, "CNAME")); err != nil || string(b) != "example.org" {
		t.Errorf("a file put in the output by hand was not kept: %q, %v", b, err)
	}
	assertNoLeftovers(t, root, "public", "site")
}

// TestRunWarnings checks that blank and NA cells leave their rows out, are
// reported with the data file, the line and the count, and do not fail the build.
func TestRunWarnings(t *testing.T) {
	files := map[string]string{
		"content/gaps.md": "---\ntitle: Gaps\n---\nSome rows have no loss.\n\n```chart\n" +
			"data: data/gaps.csv\nx: flops\ny: loss\nseries: model\n```\n\n" +
			"```chart\ndata: |\n  n,v\n  1,2\n  2,NA\n  3,4\nx: n\ny: v\n```\n",
		"data/gaps.csv": "model,flops,loss\na,1e18,3.1\na,1e19,\nb,1e18,NA\nb,1e19,2.7\nc,,na\n,1e20,2.5\n",
	}
	root := t.TempDir()
	src := filepath.Join(root, "site")
	writeSite(t, src, goodSite)
	writeSite(t, src, files)
	r, err := Run(Options{Source: src, Dest: filepath.Join(root, "public")})
	if err != nil {
		t.Fatalf("blank and NA cells should not fail the build: %v", err)
	}
	var got []string
	for _, w := range r.Warnings {
		got = append(got, w.Error())
	}
	// The build prints check's warnings too (check.Page): the page has no
	// description, and its first chart's lines have a point each.
	want := []string{
		`content/gaps.md:1: "Gaps" has no description: add a line like "description: One sentence on what the charts show." to its front matter; it is shown under the title in the page list and in search results and link previews`,
		"content/gaps.md:7: every series has a single point in this line chart, so no line is drawn: add rows, or set type: scatter if the points stand alone (is series: the right column?)",
		"content/gaps.md:17: 1 row left out of the chart at content/gaps.md:14:1 because of missing values (blank or NA) on line 17",
		"data/gaps.csv:3: 4 rows left out of the chart at content/gaps.md:7:1 because of missing values (blank or NA) on lines 3, 4, 6, 7",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
	// 6 + 2 rows kept of gaps.csv + 2 inline rows.
	if r.Points != 6+2+2 {
		t.Errorf("points = %d, want %d: rows with missing values must be left out, the others kept", r.Points, 6+2+2)
	}
}

// TestRunColonInTitle is the front matter of the format guide's example
// (content/format/index.md, its first page): a colon inside a plain (unquoted) title.
func TestRunColonInTitle(t *testing.T) {
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	writeSite(t, src, goodSite)
	writeSite(t, src, map[string]string{"content/audio-models.md": "---\n" +
		"title: Audio models: ROC-AUC vs. parameters\ndate: 2025-03-01\n" +
		"description: One line for the index and for link previews.\ntags: [audio]\ndraft: false\n---\nProse...\n"})
	if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	page, err := os.ReadFile(filepath.Join(dest, "audio-models", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<title>Audio models: ROC-AUC vs. parameters") {
		t.Errorf("audio-models/index.html should be titled %q; its head:\n%s", "Audio models: ROC-AUC vs. parameters", head(page))
	}
}

func head(b []byte) string {
	s, _, _ := strings.Cut(string(b), "</head>")
	return s
}

// TestRunRefusesDestHoldingTheSite checks that an output folder that would
// take the site's own files with it is refused before anything is written.
func TestRunRefusesDestHoldingTheSite(t *testing.T) {
	tests := []struct {
		name string
		dest func(src string) string
		want string
	}{
		{"the source folder", func(src string) string { return src }, "holds the site itself"},
		{"the source folder, relative", func(src string) string { return filepath.Join(src, "content", "..") }, "holds the site itself"},
		{"the folder above the source", filepath.Dir, "holds the site itself"},
		{"content/", func(src string) string { return filepath.Join(src, "content") }, "inside the site's content/ folder"},
		{"inside static/", func(src string) string { return filepath.Join(src, "static", "out") }, "inside the site's static/ folder"},
		{"data/", func(src string) string { return filepath.Join(src, "data") }, "inside the site's data/ folder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			src := filepath.Join(root, "site")
			writeSite(t, src, goodSite)
			before := snapshot(t, root)
			_, err := Run(Options{Source: src, Dest: tc.dest(src)})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Run with Dest %s: error %v, want one saying %q", tc.name, err, tc.want)
			}
			assertSameTree(t, root, before)
		})
	}
}

// TestBuildHasNoLivePreview: the live-reload script belongs to `serve` only;
// a built site never mentions it.
func TestBuildHasNoLivePreview(t *testing.T) {
	for p, b := range snapshot(t, demoOutput(t)) {
		for _, s := range []string{"__scalesite", "EventSource", "live.js"} {
			if strings.Contains(string(b), s) {
				t.Errorf("%s contains %q", p, s)
			}
		}
	}
}

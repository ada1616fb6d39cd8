package serve

import (
	"slices"
	"testing"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
)

// TestDiffReloads: which open pages a save reloads when a file that is
// not a page changed. The feed, the sitemap and robots.txt reload none (no
// page loads them); the search index only the search page (the only page
// that reads it); a theme stylesheet every page.
func TestDiffReloads(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string
	}{
		{render.FeedFile, nil},
		{render.SitemapFile, nil},
		{render.RobotsFile, nil},
		{render.SearchFile, []string{"/search/"}},
		{"assets/site.css", []string{"*"}},
		{"notes/index.html", []string{"/notes/"}},
	} {
		old := siteFiles{tc.file: storeFile(output.File{Path: tc.file, Data: []byte("old")}, noLater)}
		new := siteFiles{tc.file: storeFile(output.File{Path: tc.file, Data: []byte("new")}, noLater)}
		e := diff(old, new, map[string][]byte{tc.file: []byte("new")}, []string{tc.file}, false)
		if !slices.Equal(e.Reload, tc.want) || len(e.Charts) > 0 {
			t.Errorf("%s changed: reload %v, charts %v; want reload %v", tc.file, e.Reload, e.Charts, tc.want)
		}
	}
}

// TestDiffChartsInPlace: a page whose charts alone changed updates them in
// place; one that changed outside them, or lost or gained its charts, or
// has none (a listing page, which diff tells without decompressing the
// page served), reloads.
func TestDiffChartsInPlace(t *testing.T) {
	fig := func(inside string) string {
		return `<figure class="scalesite-chart" id="c">` + inside + `</figure>`
	}
	for _, tc := range []struct {
		name, old, new string
		charts         bool
	}{
		{"chart data", "<p>a</p>" + fig("1") + "<p>b</p>", "<p>a</p>" + fig("2") + "<p>b</p>", true},
		{"text and chart", "<p>a</p>" + fig("1"), "<p>A</p>" + fig("2"), false},
		{"chart removed", "<p>a</p>" + fig("1"), "<p>a</p>", false},
		{"chart added", "<p>a</p>", "<p>a</p>" + fig("1"), false},
		{"no charts", "<ul><li>one</li></ul>", "<ul><li>two</li></ul>", false},
	} {
		const p = "notes/index.html"
		old := siteFiles{p: storeFile(output.File{Path: p, Data: []byte(tc.old)}, noLater)}
		new := siteFiles{p: storeFile(output.File{Path: p, Data: []byte(tc.new)}, noLater)}
		e := diff(old, new, map[string][]byte{p: []byte(tc.new)}, []string{p}, false)
		want := event{Type: "change", Reload: []string{"/notes/"}}
		if tc.charts {
			want = event{Type: "change", Charts: []string{"/notes/"}}
		}
		if !slices.Equal(e.Reload, want.Reload) || !slices.Equal(e.Charts, want.Charts) {
			t.Errorf("%s: reload %v, charts %v; want reload %v, charts %v", tc.name, e.Reload, e.Charts, want.Reload, want.Charts)
		}
	}
}

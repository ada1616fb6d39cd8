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
		old := siteFiles{tc.file: storeFile(output.File{Path: tc.file, Data: []byte("old")}, false)}
		new := siteFiles{tc.file: storeFile(output.File{Path: tc.file, Data: []byte("new")}, false)}
		e := diff(old, new, map[string][]byte{tc.file: []byte("new")}, []string{tc.file}, false)
		if !slices.Equal(e.Reload, tc.want) || len(e.Charts) > 0 {
			t.Errorf("%s changed: reload %v, charts %v; want reload %v", tc.file, e.Reload, e.Charts, tc.want)
		}
	}
}

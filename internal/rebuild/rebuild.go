// Package rebuild holds the keys more than one package compares to decide
// whether a file is made again (FileSum, LinkSum, PageKey, PagesKey) and
// says what the code cannot: how the rules, each stated by the function
// that computes its key, fit together. A key that needs a type of a package
// above this one is computed there: the Renderer's, one function a file,
// in render/keys.go; the build's site key in pipeline/cache.go (siteKey);
// the checksum of output bytes in output/manifest.go.
//
// Every key rests on one claim: a file is a function of exactly what its
// key names, given the config, theme and site-wide facts (render.Facts)
// it was made for. Keys come from content, never from where a value is in
// memory, so that a page freed and another made in its place cannot be
// taken for it.
//
// There are two mechanisms, and only two:
//
//   - The build's (scalesite build, package pipeline) starts from nothing
//     in memory and keeps what a rebuild needs on disk, in the output
//     folder's manifest (output/manifest.go) and the state the pipeline
//     keeps with it (pipeline/cache.go). Nothing is kept when the manifest
//     disagrees with the folder or the site key changed; otherwise a page
//     is neither loaded nor rendered when its file and inputs
//     (site.Page.Inputs) have the FileSums the last build recorded, its
//     neighbours' key (render's neighboursKey) is the same, and its files
//     are untouched on disk (pipeline's pageSource.Cached and Keep). The
//     listings, feed, sitemap and search are rendered by every build, from
//     the pages' summaries (site.Page): each shows every page, and rendering them is
//     cheap next to loading the pages. A file is written only when its
//     bytes differ from what is there (output.Writer), so that a rebuild of
//     an unchanged site changes no file and a deploy uploads nothing.
//     Static figures, social cards and fit files (CHART-ID.fit.json) go
//     with their page; the figure cache (render/figcache.go) and the fit
//     cache (site/fitcache.go: a fit by law is kept by its law, options,
//     data and program, read back by the build and the preview alike)
//     state their own keys, by the rules of internal/diskcache.
//   - The preview's (scalesite serve, pipeline.Preview) keeps the site and
//     a lean render.Renderer in memory between saves. A config or theme
//     change loads the whole site again (site.NeedsFullLoad) and a Renderer
//     that no longer Fits is made anew; otherwise site.Site.Reload reads
//     again the changed pages and those whose Inputs changed, and the
//     Renderer makes again each file whose key (render/keys.go) changed.
//     When the change is small (render's delta) it patches its last output
//     instead, looking only at what shows the changed pages
//     (render/listpatch.go). It draws no static figures nor cards: the live
//     chart shows at once. An update that fails leaves the last good site
//     served and its changes pending. Pages' bodies are dropped once
//     rendered and loaded again as their pages are rendered again
//     (site.Site.DropBodies, LoadBody); the streamed start-up
//     records the same keys and settles into the site a whole load makes
//     (site.Site.Settle), so the saves after it rebuild the same.
//
// What the browser is told is not what is rebuilt: a file made again is
// compared with the one served (serve's diff) to update a page's charts in
// place or reload it; a copied file (CopiedAsIs) is served from disk and
// reloads every page. Theme assets carry a hash of their bytes in their
// name (render's hashedName) and are served as immutable.
package rebuild

import (
	"crypto/sha256"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// FileSum is the checksum of a site file's bytes that says whether a page's
// inputs changed: its Markdown (site.Page.SourceSum), and its data tables,
// bibliography and images (site.Site.ReadSum, pipeline's pageSource.sum).
// The build's state keeps it in hexadecimal.
func FileSum(b []byte) [32]byte { return sha256.Sum256(b) }

// LinkSum is the checksum of what listings show of one page: link is the
// page as a listing shows it (layout.PageLink: title, address, date,
// description, tags, chart titles), written with %v. A page whose body alone
// changed keeps its LinkSum, so the pages that link to it (its neighbours,
// the home page, its tags' pages, the feed, the sitemap) are kept. Both
// mechanisms key a page's neighbours by it: it is 16 bytes, so that a
// listing of 10,000 pages is keyed by a checksum of their sums, not by the
// length of every link.
func LinkSum(link any) [16]byte {
	sum := sha256.Sum256(fmt.Appendf(nil, "%v", link))
	return [16]byte(sum[:16])
}

// PageKey is the key of a loaded page: a checksum of what rendering it
// reads of the site besides the config, the theme and the site-wide facts
// (a Renderer is made for those) and its neighbours (keyed on their own).
// source is the FileSum of the page's file; read says what loading it read
// of each other file (a data table's or bibliography's FileSum, an image's
// size), one string a file. Two pages with equal keys render the same,
// wherever they are in memory, and a page read again from the same bytes
// keeps its key.
func PageKey(source [32]byte, read ...string) [32]byte {
	h := sha256.New()
	h.Write(source[:])
	for _, r := range read {
		h.Write([]byte(strconv.Itoa(len(r))))
		h.Write([]byte{':'})
		h.Write([]byte(r))
	}
	return [32]byte(h.Sum(nil))
}

// PagesKey is the key of a list of pages, from the PageKey of each: the
// keys themselves for up to 4 pages, else a checksum of them. The empty
// list has the key "".
func PagesKey(keys ...[32]byte) string {
	if len(keys) == 0 {
		return ""
	}
	if len(keys) <= 4 {
		b := make([]byte, 0, len(keys)*32)
		for _, k := range keys {
			b = append(b, k[:]...)
		}
		return string(b)
	}
	h := sha256.New()
	for _, k := range keys {
		h.Write(k[:])
	}
	return "#" + string(h.Sum(nil))
}

// CopiedAsIs reports whether a changed file (site-relative,
// slash-separated) is one the site copies rather than renders: anything
// under static/, and a file beside a page that is not Markdown or a data
// table (an image, a PDF). The preview serves such a file from disk, so its
// bytes are never compared, and every page reloads when it changes, as a
// page may show it. A data table beside a page is read by its charts
// instead: its pages are made again and compared.
func CopiedAsIs(f string) bool {
	switch path.Ext(f) {
	case ".md", ".csv", ".tsv", ".tab", ".json":
		return strings.HasPrefix(f, "static/")
	}
	return strings.HasPrefix(f, "static/") || strings.HasPrefix(f, "content/")
}

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
// There are two mechanisms, and only two, each stating its rules where it
// computes its keys:
//
//   - The build's (pipeline/cache.go) keeps what a rebuild needs on disk,
//     in the output folder's manifest and the state beside it: a page
//     whose file and Inputs have the FileSums recorded, whose neighbours'
//     key is the same and whose files are untouched is neither loaded nor
//     rendered (pageSource.Cached, Keep). Listings, feed, sitemap and
//     search are made by every build from the pages (site.Page), and a
//     file is written only when its bytes differ (output.Writer).
//   - The preview's (pipeline.Preview) keeps the site and a
//     render.Renderer in memory: site.Site.Reload reads again the pages a
//     change touches (site.NeedsFullLoad for what touches all), and the
//     Renderer makes again each file whose key (render/keys.go) changed:
//     through the same Stream as a build, keeping each page whose key is
//     unchanged (render's keep), or by patching its last output when few
//     pages changed in their places, or one was added, removed or moved
//     in the order (render's delta). Bodies are dropped once rendered and
//     loaded again to render again (site.Site.DropBodies, LoadBody).
//
// One shortcut stands beside the keys, the preview's alone: a page value
// never changes once made, so a file the Renderer made from page values
// it still holds (a page between the same neighbours: render's
// keepAhead; a listing's entries, the feed's, the sitemap's, the search
// index's: render's listKey) is compared with the values now in its
// place by address, and by key (LinkSum, search entry) only where they
// differ. No other value can take the address of one the Renderer holds,
// so this answers as the keys would, and a save of one page of 10,000
// walks the site by comparing pointers.
//
// The figure and fit caches (render/figcache.go, site/fitcache.go) key
// their entries by the rules of internal/diskcache. What the browser is
// told is not what is rebuilt: a file made again is compared with the one
// served (serve's diff, which looks only at the files made and removed);
// a copied file (CopiedAsIs) reloads every page.
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
// mechanisms key a page's neighbours by it (16 bytes), and the preview's
// listings by the LinkSums of their entries, compared one by one.
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
// A training log (.jsonl, .parquet, a TensorBoard event file, whose name
// starts events.out.tfevents.) is a data table too.
func CopiedAsIs(f string) bool {
	switch path.Ext(f) {
	case ".md", ".csv", ".tsv", ".tab", ".json", ".jsonl", ".ndjson", ".parquet":
		return strings.HasPrefix(f, "static/")
	}
	if strings.HasPrefix(path.Base(f), "events.out.tfevents.") {
		return strings.HasPrefix(f, "static/")
	}
	return strings.HasPrefix(f, "static/") || strings.HasPrefix(f, "content/")
}

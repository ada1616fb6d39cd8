// Package rebuild states every rule by which scalesite makes a file again
// or keeps what it made before, and computes the keys those rules compare
// that more than one package needs. It is the one place to read before
// changing what a rebuild does: a rule stated elsewhere is a bug in this
// comment. It sits at the bottom of the import flow, so that the loader
// (site), the renderer (render), the writer (output) and the pipeline
// (pipeline) all take their shared keys from here; a key that needs a
// type of one of them is computed there, and named here: the Renderer's
// keys, and the two the build's state takes from render (neighboursKey,
// Facts), are in render/keys.go; the build's site key in pipeline/cache.go;
// the checksum of output bytes in output/manifest.go.
//
// There are two mechanisms, and only two:
//
//   - the build's (scalesite build, package pipeline), which starts from
//     nothing in memory each time and keeps what a rebuild needs on disk, in
//     the output folder's manifest (output/manifest.go) and the state the
//     pipeline keeps with it (pipeline/cache.go, buildState);
//   - the preview's (scalesite serve, pipeline.Preview), which keeps the
//     loaded site and a lean render.Renderer in memory between saves, and
//     is told by the file watcher which files changed.
//
// # The build (manifest on disk)
//
// Nothing is kept, and every page is loaded and rendered, when the output
// folder has no manifest that agrees with its list of files
// (output.MarkerName), or when the site key differs from the last build's:
// pipeline/cache.go siteKey, a SHA-256 of the scalesite binary (path, size,
// modification time), scalesite.yaml's bytes, the resolved config and the
// command's options, every file of the site's theme, and the two
// site-wide facts every page's layout shows (render.Facts: whether any page
// has tags; whether the built-in search page exists). Otherwise, per kind
// of file:
//
//   - A page is neither loaded nor rendered, and its files (its HTML and its
//     charts' CSV files) are kept as they are on disk, when all of these are
//     as the last build recorded them: the SHA-256 of its Markdown file
//     (FileSum, taken by site.Scan as site.Page.SourceSum), the SHA-256 of
//     every file it reads (FileSum of each of site.Page.Inputs: data
//     tables, its bibliography, its images; taken by the loader as it reads
//     them, site.Site.ReadSum, or read again for the state), the key of what
//     it shows of its neighbours (render's neighboursKey, built from
//     LinkSum: the same key the preview uses), and each of its files in the
//     output folder is untouched since (size and modification time, as the
//     manifest lists them; output.Writer.Keep). Its warnings are replayed
//     from the state. When its file and inputs are unchanged but its
//     neighbours' links or its files on disk are not, its listing summary
//     still comes from the state (pipeline's pageSource.Cached) and it is
//     loaded and rendered. Why: the page's HTML is a function of exactly
//     these, and of the site key.
//   - A chart's CSV file goes with its page: kept with it, made again with
//     it. Why: it is a function of the page's chart and its data.
//   - So does a chart's static figure (render/static.go: the SVG drawn at
//     build time, inside the page's HTML and as a file beside the CSV):
//     kept and made again with its page. A page made again draws again
//     only the Scenes whose inputs changed: each Scene is kept in the
//     figure cache (render/figcache.go states its rules: keyed by the page
//     option, width, scheme, the theme's scripts, the font and the
//     program; in the user's cache folder; bounded), and read back when
//     its key is found. Why: a Scene is a function of exactly what its key
//     names, and costs milliseconds to draw; staticFigures in
//     scalesite.yaml is in the site key. The preview draws none (see
//     below).
//     The page's social card (render/card.go: a PNG of the chart its front
//     matter's card: names, or its first, beside that chart's CSV) is one
//     of its page's files, kept and made again with it; made again, it is
//     read from the figure cache when its chart is as it was.
//   - The pages of the home listing (the home page loaded in full: it is
//     never kept), of the tags' listings and the tags index, 404.html, the search page and index, the feed, the
//     sitemap and robots.txt are rendered by every build (from the pages'
//     light forms). Why: each shows every page, and rendering them is cheap
//     next to loading the pages.
//   - Every file handed to the writer, rendered or copied (a static file, a
//     file beside a page, a theme asset, KaTeX's files), is written into
//     the output folder only when its bytes differ from what is there: same
//     size and CRC-64 (output/manifest.go checksum, the one checksum of
//     output bytes, kept in the manifest and in the output folder's list)
//     and, with a manifest, the file on disk untouched since (size and
//     modification time), otherwise its bytes read and compared. A file the
//     last build wrote that this one does not make is removed, if untouched.
//     Why: a rebuild of an unchanged site changes no file and no time, so
//     that a deploy of the folder uploads nothing.
//
// # The preview (in memory)
//
// A save is reloaded and rendered by pipeline.Preview.Update. Its pages
// carry no static figures nor social cards, and its charts no SVG files (render.NewRenderer
// draws none): the live chart is shown at once, and drawing them would add
// tens of milliseconds a chart between a save and the page shown. An update
// that fails leaves the last good site current (and served), and keeps its
// changes pending: the next update reads them again with its own.
//
//   - The preview starts streamed (pipeline.Preview.Start): site.Scan, then
//     the home page made from the pages' front matter and served, then each
//     page loaded, rendered, served and kept light, in the site's order or
//     first when a browser asks for it; the listings are made last, and the
//     home page again with them. Its Renderer records, as it streams, the
//     key of each file it makes, the same keys as below, by the light page
//     that stays in the site (render.Renderer.StreamWith), and the site is
//     then settled into the one a whole load makes (site.Site.Settle), so
//     that the saves that follow make again what they would after a whole
//     load. A start-up that fails serves nothing of what it made, and the
//     next save starts again the same way.
//   - The whole site is loaded again, and rendered by a new Renderer, when
//     the config or a theme file changed (site.NeedsFullLoad), or when no
//     page would be left. A new Renderer is
//     made too when the last render failed (it counts as made files no one
//     kept), when render.Renderer.Fits says the new site's config, theme
//     folder or site-wide facts (render.Facts, as in the build's site key)
//     differ, or when the server lacks a file the lean Renderer handed
//     back without bytes.
//   - Otherwise site.Site.Reload reads again only the changed pages, and the
//     pages whose charts, bibliography or images read a changed file (the
//     same list of inputs as the build's: site.Page.Inputs). Every other
//     page is the same *site.Page value as before: a page's identity is its
//     pointer (PagesKey).
//   - The Renderer keys each file it made and makes it again when its key
//     changed (render.Renderer.cached, cachedData), with these keys: a page,
//     PagesKey of it and its neighboursKey (render's pageKey); a chart's CSV
//     file, PagesKey of its page and the chart's index (render's csvKey),
//     and so its SVG file and social card when a Renderer draws them
//     (svgKey, cardKey);
//     each page of the home listing (render's listing.go: listSize
//     entries a full page, page/n/, numbered from the oldest), the
//     LinkSums of its entries, its number, and what its pager says that
//     may change: for the first page, the listing's length and its number
//     of full pages, and PagesKey of the home page; for the newest full
//     page, that it is (its newer neighbour is the first page); a full
//     page says nothing else that a new page changes; each page of a
//     tag's listing, the tag's name and the same (render's listingKey); the tags index, the list of tags with their
//     counts; the feed, the LinkSums of its feedSize newest pages; the
//     sitemap, the LinkSums of every page and the number of tags; the
//     search index, the pointers of every page (PagesKey), and within it
//     each page's entry, kept as written, by the page's pointer (render's
//     searchJSON, pruned with the LinkSums); 404.html and the search page,
//     a constant (made once per Renderer). Why: each file is a function of
//     exactly what its key names, given the config, theme and site-wide
//     facts the Renderer was made for. robots.txt, .nojekyll, the theme's
//     assets and KaTeX's files have no key: every render hands them back
//     with their bytes (small, or the theme's own bytes, the same each
//     time), and the server compares them.
//   - When at most 64 pages are new values of pages in the same place in
//     the order (the same slug where the old stood), besides at most one
//     page added or one removed (a slug new to the site, or gone from it,
//     without math: render's delta, standsAlone), the home, the files
//     beside pages and the static files are otherwise the same, and each
//     new value keeps its place in the site's files (slug, math or not,
//     its charts' CSV names: render's samePlace; its tags may change), the
//     Renderer patches its last output (render.Renderer.Patched, which
//     names the files added among those made, and the files removed):
//     those pages and their CSV files are made again; a page added is
//     made with its charts' files, and its neighbours' pages; a page
//     removed takes its files with it, and its neighbours' pages are made
//     again; when a page is added or removed, or tags change, the tags are
//     grouped again and each listing whose entries changed makes again
//     its first page and its full pages from the one holding the oldest
//     entry that changed (none for a new newest page, but a new full page
//     and the one before it once in listSize new pages), and removes the
//     pages it no longer fills (a tag's whole listing, when it has no page
//     left), with the tags index, the feed and the sitemap (render's
//     listingChanges); and for a page whose LinkSum or
//     search entry changed (render's sameOutside), what shows it
//     (render/listpatch.go): its neighbours' pages, the page of the home
//     listing and of each of its tags' listings that lists it (by their
//     keys above), the feed when it is among the feedSize newest, the
//     sitemap when its date changed, the search index when its entry
//     changed. Every other file is not looked at. The search index and a
//     sitemap made by a patch are then keyed so that the next full pass
//     makes them again (the old pages' addresses may be reused; a key of
//     every page would cost the patch a pass over every page). A page
//     that moves in the order, more pages added or removed at once, or a
//     site that gains or loses its first tag (a site-wide fact) goes
//     through every file, and makes again each listing page whose entries
//     moved.
//   - Pages are held light once rendered (site.Site.Lighten); a light page
//     whose key changed is loaded again in full first
//     (render.Renderer.Stale, site.Site.Refill).
//   - A copied file (CopiedAsIs) is never held: the server streams it from
//     disk at each request, so its new bytes are served at once; a change to
//     one reloads every page in the browser, as a page may show it. A theme
//     asset is compressed once while the Renderer hands back the same bytes
//     (serve's sameBytes). A file made again is compared with the one
//     served, and the browser is told to update a page's charts in place
//     when nothing outside them changed, else to reload the page (serve's
//     diff): that is what the browser shows, not what is rebuilt.
//
// The browser's own cache: theme assets carry a hash of their bytes in their
// name (render's hashedName) and are served as immutable; everything else is
// served no-cache.
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

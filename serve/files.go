package serve

import (
	"bytes"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/output"
)

// LiveScriptPath is where the live-reload script is served. The script tag
// is added to pages only by this server, never to a build's output.
const LiveScriptPath = "/__scalesite/live.js"

// EventsPath is the Server-Sent Events stream of rebuilds and errors.
const EventsPath = "/__scalesite/events"

var liveTag = []byte(`<script src="` + LiveScriptPath + `" defer></script>`)

// siteFiles is one built site held in memory: what the server serves.
type siteFiles map[string]*servedFile

// servedFile is a file as served: a copied file is streamed from disk
// when asked for (serveCopied); a generated one is kept as served (a page
// with the live script added), gzip-compressed when that makes it
// smaller, and is sent compressed to a browser that accepts it. The 10,000 pages of a large
// site take a quarter of their size so (see mem.go).
type servedFile struct {
	output.File // Data is nil: the bytes are in body
	body        []byte
	gz          bool   // body is gzip-compressed
	live        int    // where the live tag was added, -1 when it was not
	ctype       string // the Content-Type
	// src is the renderer's bytes of a theme asset (the same slice each
	// build while the theme is the same), so that it is compressed once.
	src []byte
	// sum is a hash of the renderer's bytes (fileSum): diff tells a file
	// made again unchanged by it, without decompressing the old one.
	sum uint64
	// later is set on a large file stored as it is, to be compressed once
	// the browsers have been told of the save (compressLater): a title saved
	// on a site of 10,000 pages makes a 2.2 MB search index again, whose
	// compression would otherwise stand between the save and the screen.
	later bool
	// bare marks a body stored as the renderer made it, without the live
	// tag, which goes in at live as it is served or compressed (a page
	// stored for compressLater: it is not copied to put the tag in).
	bare bool
}

// sameBytes reports whether a and b are the same slice.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// plain returns the file's bytes as served (the live script added).
func (f servedFile) plain() []byte {
	if f.bare {
		return injectLive(f.body, f.live)
	}
	if !f.gz {
		return f.body
	}
	b, err := gunzip(f.body)
	if err != nil {
		panic("serve: a file compressed in memory does not decompress: " + err.Error())
	}
	return b
}

// plainLen is the length of the file's bytes as served, decompressed.
func (f servedFile) plainLen() int {
	if f.live < 0 {
		return f.Size
	}
	return f.Size + len(liveTag)
}

// raw returns the file's bytes as the renderer made them.
func (f servedFile) raw() []byte {
	if f.bare {
		return f.body
	}
	b := f.plain()
	if f.live < 0 {
		return b
	}
	return append(b[:f.live:f.live], b[f.live+len(liveTag):]...)
}

// newSiteFiles indexes a rendered site by path, adding the live script to
// every HTML page. A file the renderer did not make again (a
// Renderer hands it back without bytes) keeps its served copy from prev;
// ok is false when prev lacks one, and the site must be rendered again in
// full. made are the bytes of the files that were made, as the renderer
// made them, for diff; changed are the paths diff is to look at (those
// made, and the copied files new or named anew), and removed those of
// prev's files that are gone, so that diff's work is that of the change,
// not of every file. The Output's bytes are dropped as they are stored.
// With later set (a save), the files made are left for compressLater
// (laterFrom).
func newSiteFiles(out *output.Output, prev siteFiles, later bool) (m siteFiles, made map[string][]byte, changed, removed []string, ok bool) {
	m = make(siteFiles, len(out.Files))
	made = map[string][]byte{}
	var todo []int
	inPrev := 0 // the files of m at a path prev has
	for i, f := range out.Files {
		old, found := prev[f.Path]
		if found {
			inPrev++
		}
		switch {
		case f.Src != "":
			m[f.Path] = &servedFile{File: f, live: -1}
			if !found || old.Src != f.Src {
				changed = append(changed, f.Path)
			}
		case f.Data == nil:
			if !found || old.Src != "" {
				return nil, nil, nil, nil, false
			}
			m[f.Path] = old
		default:
			if found && old.src != nil && sameBytes(old.src, f.Data) {
				m[f.Path] = old
				continue
			}
			made[f.Path] = f.Data
			changed = append(changed, f.Path)
			todo = append(todo, i)
		}
	}
	if inPrev < len(prev) {
		for p := range prev {
			if _, ok := m[p]; !ok {
				removed = append(removed, p)
			}
		}
		slices.Sort(removed)
	}
	from := noLater
	if later {
		from = laterFrom(out, todo)
	}
	storeFiles(out, todo, m, from)
	return m, made, changed, removed, true
}

// patchSiteFiles is newSiteFiles for an Output that has prev's files but
// for those at the indexes in idx, made again or added, and others removed
// (render.Renderer.Made): it returns the files made again or added only,
// for prev to take in place, and its work is theirs, not the site's; a
// theme asset handed again as it is stays as served. ok is false when a
// file listed is copied, or has no bytes and no served copy in prev.
func patchSiteFiles(out *output.Output, prev siteFiles, idx []int) (m siteFiles, made map[string][]byte, ok bool) {
	m = make(siteFiles, len(idx))
	made = make(map[string][]byte, len(idx))
	var todo []int
	for _, i := range idx {
		f := out.Files[i]
		old, found := prev[f.Path]
		if f.Src != "" || (found && old.Src != "") || (!found && f.Data == nil) {
			return nil, nil, false
		}
		if f.Data == nil || found && old.src != nil && sameBytes(old.src, f.Data) {
			continue // as served
		}
		made[f.Path] = f.Data
		todo = append(todo, i)
	}
	storeFiles(out, todo, m, laterFrom(out, todo))
	return m, made, true
}

// storeFile makes a generated file ready to serve. A file of laterFrom
// bytes or more is stored as it is, marked to be compressed by
// compressLater; with laterFrom noLater, none is.
func storeFile(f output.File, laterFrom int) *servedFile {
	sf := &servedFile{File: f, live: -1, ctype: contentType(f.Path, f.Data), sum: fileSum(f.Data)}
	sf.Data, sf.Size = nil, len(f.Data)
	b := f.Data
	html := strings.HasSuffix(f.Path, ".html")
	if html {
		sf.live = livePlace(b)
	}
	switch {
	case laterFrom != noLater && len(b) >= laterFrom:
		sf.body, sf.later, sf.bare = b, true, html
	case html:
		sf.body, sf.gz = compactPage(b, sf.live)
	default:
		sf.body, sf.gz = compact(b)
	}
	if strings.HasPrefix(f.Path, "assets/") {
		sf.src = f.Data // the theme's, kept by it anyway
	}
	return sf
}

// compactPage is page with the live script put in at live (livePlace),
// gzip-compressed, and true; or, when compressing does not pay
// (compactParts), as it is with the script put in, and false.
func compactPage(page []byte, live int) ([]byte, bool) {
	if z := compactParts(page[:live], liveTag, page[live:]); z != nil {
		return z, true
	}
	return injectLive(page, live), false
}

// injectLive is page with the live script put in at i (livePlace).
func injectLive(page []byte, i int) []byte {
	out := make([]byte, 0, len(page)+len(liveTag))
	out = append(out, page[:i]...)
	out = append(out, liveTag...)
	return append(out, page[i:]...)
}

// livePlace is where injectLive puts the live script: before </body>, or
// at the end.
func livePlace(page []byte) int {
	if i := bytes.LastIndex(page, []byte("</body>")); i >= 0 {
		return i
	}
	return len(page)
}

// lookup finds the file for a URL path the way GitHub Pages does: "/a/"
// serves a/index.html, "/a" redirects to "/a/" when that is a folder page.
// redirect is the address to send the browser to when the path should gain
// a slash ("" otherwise): see folderAddress.
func (m siteFiles) lookup(urlPath string) (f *servedFile, redirect string, ok bool) {
	p := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if p == "" || strings.HasSuffix(urlPath, "/") {
		if p != "" {
			p += "/"
		}
		sf, ok := m[p+"index.html"]
		return sf, "", ok
	}
	if sf, ok := m[p]; ok {
		return sf, "", true
	}
	if _, ok = m[p+"/index.html"]; ok {
		return nil, folderAddress(p), true
	}
	if sf, ok := m[p+".html"]; ok {
		return sf, "", true
	}
	return nil, "", false
}

// folderAddress is the address of the folder page at the clean path p
// ("a/b" → "/a/b/"), always a path on this server. The request's own path
// will not do: "//example.org", or "/%2F%2Fexample.org" decoded, would
// send the browser to another host ("//example.org/" is an address
// without its scheme). p has no leading slash, and every character a
// browser might read as one is escaped: "\" (browsers take "/\host" for
// "//host"), tabs and line breaks (which they drop).
func folderAddress(p string) string {
	return (&url.URL{Path: "/" + p + "/"}).EscapedPath()
}

// serveFile writes one file kept in memory. A compressed file goes out
// compressed to a client that accepts gzip, and is decompressed as it is
// written for one that does not: never whole, for each request.
func serveFile(w http.ResponseWriter, r *http.Request, f *servedFile, status int) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	if strings.HasPrefix(f.Path, "assets/") {
		// Theme assets carry their content's hash in their name: a reload
		// need not fetch them again.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	plain := f.gz && !acceptsGzip(r.Header.Get("Accept-Encoding"))
	size := len(f.body)
	if f.bare {
		size = f.plainLen()
	}
	if f.gz {
		h.Add("Vary", "Accept-Encoding")
		if plain {
			size = f.plainLen()
		} else {
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Length", strconv.Itoa(size))
	w.WriteHeader(status)
	switch {
	case r.Method == http.MethodHead:
	case plain:
		// An error is the client's going: compact made the bytes, and
		// they decompress.
		writeGunzipped(w, f.body)
	case f.bare:
		w.Write(f.body[:f.live])
		w.Write(liveTag)
		w.Write(f.body[f.live:])
	default:
		w.Write(f.body)
	}
}

// serveCopied streams a copy of a source file (a static file, an image or
// data file beside a page) from disk, so that a large file is never held
// in memory, however many ask for it at once. It is opened now, under the
// site's file rule with limit: a link made since the site was loaded, or
// a file grown past the limit, is refused here too. A 200 goes through
// http.ServeContent, which answers Range and conditional requests; another
// status (a site's own 404.html) is sent whole.
func serveCopied(w http.ResponseWriter, r *http.Request, f *servedFile, status int, limit sitefs.Limit) {
	in, err := openCopied(f.File, limit)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	if status == http.StatusOK {
		// Last-Modified counts whole seconds: a file saved twice in one
		// second would be answered 304 the second time. The ETag tells
		// them apart, and a browser that has it asks with it instead.
		h.Set("ETag", fileETag(fi))
		http.ServeContent(w, r, f.Path, fi.ModTime(), in)
		return
	}
	ctype, err := sniffType(f.Path, in)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	h.Set("Content-Type", ctype)
	h.Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		io.CopyN(w, in, fi.Size())
	}
}

// openCopied opens the source of a copied file under the site's file rule.
func openCopied(f output.File, limit sitefs.Limit) (*os.File, error) {
	if f.Root != nil {
		return f.Root.OpenFile(f.Rel, limit)
	}
	return f.Open()
}

// fileETag is a validator for a file on disk: its modification time to
// the nanosecond and its size.
func fileETag(fi fs.FileInfo) string {
	return `"` + strconv.FormatInt(fi.ModTime().UnixNano(), 36) + "-" + strconv.FormatInt(fi.Size(), 36) + `"`
}

// sniffType is the Content-Type of a file at path whose bytes in holds,
// as http.ServeContent finds it: by the name's extension, else by its
// first 512 bytes. in is left at its start.
func sniffType(p string, in io.ReadSeeker) (string, error) {
	if ctype := mime.TypeByExtension(path.Ext(p)); ctype != "" {
		return ctype, nil
	}
	var buf [512]byte
	n, err := io.ReadFull(in, buf[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", err
	}
	if _, err := in.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	return http.DetectContentType(buf[:n]), nil
}

// contentType is the Content-Type of a file at path with these bytes.
func contentType(p string, data []byte) string {
	if ctype := mime.TypeByExtension(path.Ext(p)); ctype != "" {
		return ctype
	}
	return http.DetectContentType(data)
}

// pageURL is the address of an output file: "a/index.html" → "/a/".
func pageURL(p string) string {
	if p == "index.html" {
		return "/"
	}
	if d, ok := strings.CutSuffix(p, "/index.html"); ok {
		return "/" + d + "/"
	}
	return "/" + p
}

// chartsOnly reports whether two versions of a page differ only inside their
// charts (data or spec), so the browser can update the charts in place.
func chartsOnly(old, new []byte) bool {
	return bytes.Equal(skeleton(old), skeleton(new))
}

// hasCharts reports whether a page has a chart figure. A page made again
// without one differs from its last version by more than its charts
// (skeleton keeps the start of each figure), so diff need not decompress
// the last version to tell: a listing page a save shifted, say.
func hasCharts(page []byte) bool { return bytes.Contains(page, figureStart) }

var figureStart, figureEnd = []byte(`<figure class="scalesite-chart"`), []byte(`</figure>`)

// skeleton is a page without the insides of its chart figures.
func skeleton(page []byte) []byte {
	var out []byte
	for {
		i := bytes.Index(page, figureStart)
		if i < 0 {
			return append(out, page...)
		}
		j := bytes.Index(page[i:], figureEnd)
		if j < 0 {
			return append(out, page...)
		}
		out = append(out, page[:i+len(figureStart)]...)
		page = page[i+j:]
	}
}

// laterFrom is the size from which the files of out at the indexes in
// todo, made by a save, are stored as they are and compressed once the
// browsers have been told of the save: every file, when they make
// laterBudget bytes at most (a page dated anew shifts the entries of some
// hundreds of listing pages, whose compression would otherwise stand
// between the save and the screen); the large ones only when they make
// more (a change to every page), so that the site is never held
// uncompressed.
func laterFrom(out *output.Output, todo []int) int {
	n := 0
	for _, i := range todo {
		n += len(out.Files[i].Data)
	}
	if n <= laterBudget {
		return compactMin
	}
	return laterMin
}

// storeFiles stores the files of out at the indexes in todo into m, in
// parallel (compressing is the work), and lets go of their bytes in out.
// Files of laterFrom bytes or more are left for compressLater (storeFile).
func storeFiles(out *output.Output, todo []int, m siteFiles, laterFrom int) {
	stored := make([]*servedFile, len(todo))
	par.For(len(todo), 0, func(j int) {
		stored[j] = storeFile(out.Files[todo[j]], laterFrom)
	})
	for j, i := range todo {
		m[out.Files[i].Path] = stored[j]
		out.Files[i].Data = nil
	}
}

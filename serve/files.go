package serve

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/render"
)

// LiveScriptPath is where the live-reload script is served. The script tag
// is added to pages only by this server, never to a build's output.
const LiveScriptPath = "/__scalesite/live.js"

// EventsPath is the Server-Sent Events stream of rebuilds and errors.
const EventsPath = "/__scalesite/events"

var liveTag = []byte(`<script src="` + LiveScriptPath + `" defer></script>`)

// siteFiles is one built site held in memory: what the server serves.
type siteFiles map[string]servedFile

// servedFile is a file as served (pages with the live script added), and
// the renderer's bytes it came from.
type servedFile struct {
	render.File
	raw []byte
}

// sameBytes reports whether a and b are the same slice: the renderer hands
// back the very bytes of a file it did not render again.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// newSiteFiles indexes a rendered site by path, adding the live script to
// every HTML page. Files the renderer did not render again keep their
// served copy from prev.
func newSiteFiles(out *render.Output, prev siteFiles) siteFiles {
	m := make(siteFiles, len(out.Files))
	for _, f := range out.Files {
		if old, ok := prev[f.Path]; ok && old.Src == f.Src && sameBytes(old.raw, f.Data) {
			m[f.Path] = old
			continue
		}
		sf := servedFile{File: f, raw: f.Data}
		if strings.HasSuffix(f.Path, ".html") && f.Src == "" {
			sf.Data = injectLive(f.Data)
		}
		m[f.Path] = sf
	}
	return m
}

// injectLive adds the live script before </body> (or at the end).
func injectLive(page []byte) []byte {
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	out := make([]byte, 0, len(page)+len(liveTag))
	out = append(out, page[:i]...)
	out = append(out, liveTag...)
	return append(out, page[i:]...)
}

// lookup finds the file for a URL path the way GitHub Pages does: "/a/"
// serves a/index.html, "/a" redirects to "/a/" when that is a folder page.
// redirect is set when the path should gain a slash.
func (m siteFiles) lookup(urlPath string) (f render.File, redirect, ok bool) {
	p := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if p == "" || strings.HasSuffix(urlPath, "/") {
		if p != "" {
			p += "/"
		}
		sf, ok := m[p+"index.html"]
		return sf.File, false, ok
	}
	if sf, ok := m[p]; ok {
		return sf.File, false, true
	}
	if _, ok = m[p+"/index.html"]; ok {
		return render.File{}, true, true
	}
	if sf, ok := m[p+".html"]; ok {
		return sf.File, false, true
	}
	return render.File{}, false, false
}

// serveFile writes one file. Copies of source files are read at request
// time, so a large image is not held in memory.
func serveFile(w http.ResponseWriter, r *http.Request, f render.File, status int) {
	data := f.Data
	if f.Src != "" {
		// Read now, under the site's file rule: a link made since the
		// site was loaded is refused here too.
		in, err := f.Open()
		if err != nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		b, err := io.ReadAll(in)
		in.Close()
		if err != nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		data = b
	}
	ctype := mime.TypeByExtension(path.Ext(f.Path))
	if ctype == "" {
		ctype = http.DetectContentType(data)
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	if strings.HasPrefix(f.Path, "assets/") && f.Src == "" {
		// Theme assets carry their content's hash in their name: a reload
		// need not fetch them again.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	h.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
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

package serve

import (
	"bytes"
	"mime"
	"net/http"
	"os"
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
type siteFiles map[string]render.File

// newSiteFiles indexes a rendered site by path, adding the live script to
// every HTML page.
func newSiteFiles(out *render.Output, reuse siteFiles) siteFiles {
	m := make(siteFiles, len(out.Files))
	for _, f := range out.Files {
		if strings.HasSuffix(f.Path, ".html") && f.Src == "" {
			if old, ok := reuse[f.Path]; ok && bytes.Equal(stripLive(old.Data), f.Data) {
				f.Data = old.Data // unchanged: keep the injected copy
			} else {
				f.Data = injectLive(f.Data)
			}
		}
		m[f.Path] = f
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

func stripLive(page []byte) []byte {
	i := bytes.LastIndex(page, liveTag)
	if i < 0 {
		return page
	}
	return append(page[:i:i], page[i+len(liveTag):]...)
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
		f, ok = m[p+"index.html"]
		return f, false, ok
	}
	if f, ok = m[p]; ok {
		return f, false, true
	}
	if _, ok = m[p+"/index.html"]; ok {
		return render.File{}, true, true
	}
	if f, ok = m[p+".html"]; ok {
		return f, false, true
	}
	return render.File{}, false, false
}

// serveFile writes one file. Copies of source files are read at request
// time, so a large image is not held in memory.
func serveFile(w http.ResponseWriter, r *http.Request, f render.File, status int) {
	data := f.Data
	if f.Src != "" {
		b, err := os.ReadFile(f.Src)
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

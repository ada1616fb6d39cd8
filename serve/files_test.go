package serve

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/render"
)

// TestCopiedFilesStreamed: a file copied as it is (static/, or beside a
// page) is sent from disk with http.ServeContent: Range requests get their
// part, a browser that has the file gets 304, and a file saved again in
// the same second, at the same size, is not mistaken for the one it has.
func TestCopiedFilesStreamed(t *testing.T) {
	ts := newTestSite(t, false)
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<14) // 256 KB
	ts.write("static/big.bin", string(big))
	ts.write("static/404.html", "<!DOCTYPE html><title>Gone</title><p>Our own 404.</p>\n")
	ts.srv.Rebuild([]string{"static/big.bin", "static/404.html"})
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	do := func(method, path string, header ...string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, ts.url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Header.Get("Content-Security-Policy") != render.ContentSecurityPolicy || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s %v: the security headers are missing: %v", method, path, header, resp.Header)
		}
		return resp, b
	}

	resp, body := do("GET", "/big.bin")
	if resp.StatusCode != 200 || !bytes.Equal(body, big) || resp.Header.Get("Accept-Ranges") != "bytes" {
		t.Errorf("GET /big.bin: %d, %d bytes, Accept-Ranges %q; want 200, all %d bytes, bytes",
			resp.StatusCode, len(body), resp.Header.Get("Accept-Ranges"), len(big))
	}
	etag, modified := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if etag == "" || modified == "" || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("GET /big.bin: ETag %q, Last-Modified %q, Cache-Control %q; want validators and no-cache",
			etag, modified, resp.Header.Get("Cache-Control"))
	}

	tests := []struct {
		name   string
		method string
		path   string
		header []string
		status int
		body   []byte // nil: not compared
		length int    // Content-Length, -1: not compared
	}{
		{"a range", "GET", "/big.bin", []string{"Range", "bytes=1000-1999"}, 206, big[1000:2000], 1000},
		{"the last bytes", "GET", "/big.bin", []string{"Range", "bytes=-16"}, 206, big[len(big)-16:], 16},
		{"a range past the end", "GET", "/big.bin", []string{"Range", "bytes=999999999-"}, 416, nil, -1},
		{"unchanged, by ETag", "GET", "/big.bin", []string{"If-None-Match", etag}, 304, []byte{}, -1},
		{"unchanged, by date", "GET", "/big.bin", []string{"If-Modified-Since", modified}, 304, []byte{}, -1},
		{"a range of this version", "GET", "/big.bin", []string{"Range", "bytes=0-9", "If-Range", etag}, 206, big[:10], 10},
		{"HEAD", "HEAD", "/big.bin", nil, 200, []byte{}, len(big)},
		{"beside a page", "GET", "/a/runs.csv", []string{"Range", "bytes=0-4"}, 206, []byte("s,n,v"), 5},
		{"the site's own 404 page", "GET", "/missing/", nil, 404, []byte("<!DOCTYPE html><title>Gone</title><p>Our own 404.</p>\n"), -1},
		{"HEAD of the 404 page", "HEAD", "/missing/", nil, 404, []byte{}, 54},
	}
	for _, tt := range tests {
		resp, body := do(tt.method, tt.path, tt.header...)
		if resp.StatusCode != tt.status {
			t.Errorf("%s: %s %s %v: %d, want %d", tt.name, tt.method, tt.path, tt.header, resp.StatusCode, tt.status)
		}
		if tt.body != nil && !bytes.Equal(body, tt.body) {
			t.Errorf("%s: %s %s %v: %.40q (%d bytes), want %.40q", tt.name, tt.method, tt.path, tt.header, body, len(body), tt.body)
		}
		if tt.length >= 0 && resp.Header.Get("Content-Length") != strconv.Itoa(tt.length) {
			t.Errorf("%s: %s %s: Content-Length %q, want %d", tt.name, tt.method, tt.path, resp.Header.Get("Content-Length"), tt.length)
		}
	}
	if resp, _ := do("GET", "/missing/"); !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("the site's own 404 page is served as %q", resp.Header.Get("Content-Type"))
	}

	// Saved again, same size, same second: the browser's copy is stale.
	changed := bytes.ToUpper(big)
	p := filepath.Join(ts.dir, "static", "big.bin")
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	same := fi.ModTime().Truncate(time.Second).Add(time.Duration(fi.ModTime().Nanosecond()+1) % time.Second)
	if err := os.Chtimes(p, same, same); err != nil {
		t.Fatal(err)
	}
	resp, body = do("GET", "/big.bin", "If-None-Match", etag, "If-Modified-Since", modified)
	if resp.StatusCode != 200 || !bytes.Equal(body, changed) {
		t.Errorf("after a save in the same second: %d with %.20q, want 200 with the new bytes", resp.StatusCode, body)
	}
}

// TestCopiedFileRuleAtRequest: a copied file is opened under the site's
// file rule when asked for, size limit included: one grown past the
// limit since the build is not sent.
func TestCopiedFileRuleAtRequest(t *testing.T) {
	ts := newTestSite(t, false)
	ts.write("scalesite.yaml", "title: Test site\nlimits: {file: 64KB}\n")
	ts.srv.Rebuild(nil)
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	if status, body := ts.get("/robots.txt"); status != 200 || !strings.Contains(body, "User-agent") {
		t.Fatalf("GET /robots.txt: %d %.40q", status, body)
	}
	ts.write("static/robots.txt", "User-agent: *\n"+strings.Repeat("#", 100<<10))
	if status, body := ts.get("/robots.txt"); status == 200 || len(body) > 64<<10 {
		t.Errorf("GET /robots.txt grown to 100 KB past the 64 KB limit: %d with %d bytes, want it refused", status, len(body))
	}
}

// TestRedirectsStayOnThisServer: the slash a folder page's address lacks
// is added by a redirect to a path on this server, whatever the request
// held: "//example.org" must not send the browser to example.org.
func TestRedirectsStayOnThisServer(t *testing.T) {
	ts := newTestSite(t, false)
	ts.write("content/example.org/index.md", "---\ntitle: A page named like a host\n---\nHost-like.\n")
	ts.write(`content/\example.org/index.md`, "---\ntitle: A backslash\n---\nBackslash.\n")
	ts.srv.Rebuild(nil)
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	if status, body := ts.get("/example.org/"); status != 200 || !strings.Contains(body, "Host-like.") {
		t.Fatalf("GET /example.org/: %d %.80q", status, body)
	}
	tests := []struct {
		target   string
		location string // "" when any local path will do
	}{
		{"/a", "/a/"},
		{"/example.org", "/example.org/"},
		{"//example.org", "/example.org/"},
		{"///example.org", "/example.org/"},
		{"////example.org", "/example.org/"},
		{"/%2F%2Fexample.org", "/example.org/"},
		{"/%2fexample.org", "/example.org/"},
		{"/.//example.org", "/example.org/"},
		{"/a/..//example.org", "/example.org/"},
		{`/\example.org`, ""},
		{`/%5Cexample.org`, ""},
		{`/%5c%5cexample.org`, ""},
		{`/%5C/example.org`, ""},
		{`//%5Cexample.org`, ""},
		{"/%09/example.org", ""},
		{"/%0D%0A/example.org", ""},
	}
	for _, tt := range tests {
		status, location := rawRedirect(t, ts.url, "GET "+tt.target+" HTTP/1.1")
		if status >= 300 && status < 400 && !localPath(location) {
			t.Errorf("GET %s: %d to %q, which a browser takes for another host", tt.target, status, location)
		}
		if tt.location != "" && (status != http.StatusMovedPermanently || location != tt.location) {
			t.Errorf("GET %s: %d to %q, want 301 to %q", tt.target, status, location, tt.location)
		}
	}
	// The folder named with a backslash gets its slash too, escaped.
	if status, location := rawRedirect(t, ts.url, `GET /%5Cexample.org HTTP/1.1`); status != http.StatusMovedPermanently || location != "/%5Cexample.org/" {
		t.Errorf(`GET /%%5Cexample.org: %d to %q, want 301 to "/%%5Cexample.org/"`, status, location)
	}
}

// localPath reports whether a Location is a path on the same server as a
// browser reads it: browsers drop tabs and line breaks, and take "\" for
// "/", so "/\t/host" and "/\host" are "//host", another server.
func localPath(location string) bool {
	l := strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\n', '\r':
			return -1
		case '\\':
			return '/'
		}
		return r
	}, strings.TrimLeft(location, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "))
	return strings.HasPrefix(l, "/") && !strings.HasPrefix(l, "//")
}

// rawRedirect sends a request line as is and returns the status and the
// Location header.
func rawRedirect(t *testing.T, base, line string) (int, string) {
	t.Helper()
	resp := rawResponse(t, base, line)
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

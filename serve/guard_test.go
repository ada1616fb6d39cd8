package serve

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/render"
)

// TestHostGuard: the preview answers only requests that name it (localhost,
// an IP address, its --bind host); a page elsewhere that reaches it by DNS
// rebinding gets 403 and nothing of the site.
func TestHostGuard(t *testing.T) {
	var log bytes.Buffer
	ts := newTestSite(t, false)
	srv, err := New(Options{Source: ts.dir, Bind: "Preview.Lan", Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:1414", true},
		{"127.0.0.1", true},
		{"localhost:1414", true},
		{"LOCALHOST:1414", true},
		{"localhost.:1414", true},
		{"[::1]:1414", true},
		{"[::1]", true},
		{"192.168.1.20:1414", true},
		{"[fe80::1%25eth0]:1414", true},
		{"preview.lan:1414", true}, // the --bind host, in any case
		{"PREVIEW.LAN", true},
		{"evil.example:1414", false},
		{"evil.example", false},
		{"localhost.evil.example:1414", false},
		{"127.0.0.1.evil.example", false},
		{"x.localhost:1414", false},
		{"preview.lan.evil.example", false},
		{"", false},
	}
	for _, tt := range tests {
		for _, path := range []string{"/a/", "/robots.txt", EventsPath, LiveScriptPath, "/missing/"} {
			req := httptest.NewRequest("GET", "http://127.0.0.1"+path, nil)
			req.Host = tt.host
			ctx, cancel := context.WithCancel(req.Context())
			rec := httptest.NewRecorder()
			if path == EventsPath && tt.ok {
				cancel() // the stream ends as soon as it has said hello
			}
			srv.ServeHTTP(rec, req.WithContext(ctx))
			cancel()
			body := rec.Body.String()
			switch {
			case tt.ok && rec.Code == http.StatusForbidden:
				t.Errorf("Host %q, GET %s: 403, want it answered", tt.host, path)
			case !tt.ok && rec.Code != http.StatusForbidden:
				t.Errorf("Host %q, GET %s: %d, want 403", tt.host, path, rec.Code)
			case !tt.ok && (strings.Contains(body, "Alpha") || strings.Contains(body, "User-agent") || strings.Contains(body, "EventSource") || len(body) > 300):
				t.Errorf("Host %q, GET %s: the refusal carries the site: %.100q", tt.host, path, body)
			case !tt.ok && !strings.Contains(body, "localhost"):
				t.Errorf("Host %q, GET %s: refusal %q does not say which hosts are answered", tt.host, path, body)
			}
		}
	}
	if n := strings.Count(log.String(), "refused a request for host"); n != 1 {
		t.Errorf("the log names %d refused hosts, want the first one only:\n%s", n, log.String())
	}
}

// TestSecurityHeaders: every response of the preview carries the site's
// Content-Security-Policy and nosniff, whatever it serves.
func TestSecurityHeaders(t *testing.T) {
	ts := newTestSite(t, false)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	_, home := ts.get("/")
	asset := ""
	if i := strings.Index(home, `/assets/`); i >= 0 {
		asset = home[i:]
		asset = asset[:strings.IndexAny(asset, `"'`)]
	}
	if asset == "" {
		t.Fatal("the home page names no asset")
	}
	tests := []struct {
		name, method, path string
		status             int
		host               string
	}{
		{"page", "GET", "/a/", 200, ""},
		{"HEAD of a page", "HEAD", "/b/", 200, ""},
		{"theme asset", "GET", asset, 200, ""},
		{"static file", "GET", "/robots.txt", 200, ""},
		{"static SVG", "GET", "/img/figure.svg", 200, ""},
		{"data file beside a page", "GET", "/a/runs.csv", 200, ""},
		{"sitemap", "GET", "/sitemap.xml", 200, ""},
		{"not found", "GET", "/missing/", 404, ""},
		{"redirect", "GET", "/a", 301, ""},
		{"live script", "GET", LiveScriptPath, 200, ""},
		{"event stream", "GET", EventsPath, 200, ""},
		{"method not allowed", "POST", "/a/", 405, ""},
		{"refused host", "GET", "/a/", 403, "evil.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, tt.method, ts.url+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.host != "" {
				req.Host = tt.host
			}
			resp, err := noRedirect.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if tt.path != EventsPath {
				io.Copy(io.Discard, resp.Body)
			}
			if resp.StatusCode != tt.status {
				t.Errorf("%s %s: %d, want %d", tt.method, tt.path, resp.StatusCode, tt.status)
			}
			if got := resp.Header.Get("Content-Security-Policy"); got != render.ContentSecurityPolicy {
				t.Errorf("%s %s: Content-Security-Policy %q, want %q", tt.method, tt.path, got, render.ContentSecurityPolicy)
			}
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("%s %s: X-Content-Type-Options %q, want nosniff", tt.method, tt.path, got)
			}
		})
	}
}

// TestSecurityHeadersBeforeFirstBuild: the page that shows the first
// build's error carries them too.
func TestSecurityHeadersBeforeFirstBuild(t *testing.T) {
	ts := &testSite{t: t, dir: t.TempDir()}
	ts.write("content/a.md", "---\ntitle: [unclosed\n---\nA.\n")
	srv, err := New(Options{Source: ts.dir})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost:1414/a/", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("before the first good build: %d, want 503", rec.Code)
	}
	if rec.Header().Get("Content-Security-Policy") != render.ContentSecurityPolicy || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("the not-built page lacks the security headers: %v", rec.Header())
	}
}

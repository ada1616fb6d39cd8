package e2e

import (
	"context"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/site"
)

// The publishing tests serve a built site the way GitHub Pages does a
// project site, from a plain static file server under /<repo>/ with nothing
// at the root, and crawl it: every link and asset from the home page, the
// sitemap, the feed and robots.txt must load, and none may leave the
// sub-path. Then every page is opened in Chromium.

// subPathServer serves dir under prefix ("/repo/", or "/") and records the
// path of every request it gets, so a test can tell that nothing was asked
// of the server outside the site.
type subPathServer struct {
	URL    string // the server's root, no slash at the end
	prefix string
	mu     sync.Mutex
	paths  []string
}

func serveUnder(t *testing.T, dir, prefix string) *subPathServer {
	t.Helper()
	s := &subPathServer{prefix: prefix}
	files := http.FileServer(http.Dir(dir))
	var h http.Handler = files
	if prefix != "/" {
		mux := http.NewServeMux()
		mux.Handle(prefix, http.StripPrefix(strings.TrimSuffix(prefix, "/"), files))
		h = mux // and nothing at "/": the mux answers 404
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.URL.Path)
		s.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// outside lists the requests the server got outside the site's prefix.
func (s *subPathServer) outside() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, p := range s.paths {
		if !strings.HasPrefix(p, s.prefix) {
			out = append(out, p)
		}
	}
	return out
}

// crawler fetches a served site from its home page.
type crawler struct {
	t       *testing.T
	srv     *subPathServer
	siteURL *url.URL // the baseURL the site was built for; its host stands for the server
	client  *http.Client

	queue  []string          // server URLs to fetch
	from   map[string]string // server URL → the file that first linked it
	status map[string]int    // server URL → HTTP status
	body   map[string][]byte // server URL → bytes (2xx only)
	ctype  map[string]string
	pages  []string // server URLs of HTML pages, in crawl order
	errors []string
}

func newCrawler(t *testing.T, srv *subPathServer, baseURL string) *crawler {
	su, err := url.Parse(baseURL)
	if err != nil {
		t.Fatal(err)
	}
	return &crawler{
		t: t, srv: srv, siteURL: su,
		client: &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		from:   map[string]string{}, status: map[string]int{}, body: map[string][]byte{}, ctype: map[string]string{},
	}
}

func (c *crawler) errorf(format string, args ...any) {
	c.errors = append(c.errors, fmt.Sprintf(format, args...))
}

// ref is one reference found in a file: the URL as written, and whether it
// is a plain link to a page (which may point anywhere) or something the
// site loads or publishes as its own (which must stay in the site).
type ref struct {
	raw  string
	link bool
}

// add resolves raw against the file it was found in and queues it when it
// is in the site. It returns the server URL, or "" when it is not fetched.
func (c *crawler) add(base string, r ref) string {
	raw := strings.TrimSpace(html.UnescapeString(r.raw))
	if raw == "" || strings.HasPrefix(raw, "#") {
		return ""
	}
	bu, _ := url.Parse(base)
	u, err := bu.Parse(raw)
	if err != nil {
		c.errorf("%s: %q is not a URL: %v", base, raw, err)
		return ""
	}
	switch u.Scheme {
	case "http", "https":
	case "data", "mailto", "tel", "javascript":
		return ""
	default:
		c.errorf("%s: %q has an unexpected scheme", base, raw)
		return ""
	}
	server, _ := url.Parse(c.srv.URL)
	ours := u.Host == server.Host || (c.siteURL.Host != "" && u.Host == c.siteURL.Host)
	if !ours {
		if !r.link {
			c.errorf("%s: %q is loaded from another host", base, raw)
		}
		return ""
	}
	if !strings.HasPrefix(u.Path, c.srv.prefix) {
		c.errorf("%s: %q leaves the site's path %s", base, raw, c.srv.prefix)
		return ""
	}
	target := c.srv.URL + u.EscapedPath()
	if u.RawQuery != "" {
		target += "?" + u.RawQuery
	}
	if _, seen := c.from[target]; !seen {
		c.from[target] = base
		c.queue = append(c.queue, target)
	}
	return target
}

var (
	tagRE  = regexp.MustCompile(`(?s)<([a-zA-Z][a-zA-Z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>`)
	attrRE = regexp.MustCompile(`([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')`)
	cssURL = regexp.MustCompile(`url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]+))\s*\)`)
	xmlLoc = regexp.MustCompile(`<loc>\s*([^<\s]+)\s*</loc>`)
	xmlRef = regexp.MustCompile(`\bhref="([^"]*)"`)
)

// htmlTag is a start tag with its attributes (names lowercased).
type htmlTag struct {
	name  string
	attrs map[string]string
}

// tags lists the start tags of an HTML document, skipping the contents of
// scripts (the chart options are JSON in script elements).
func tags(doc string) []htmlTag {
	var out []htmlTag
	for _, m := range tagRE.FindAllStringSubmatchIndex(doc, -1) {
		name := strings.ToLower(doc[m[2]:m[3]])
		attrs := map[string]string{}
		for _, a := range attrRE.FindAllStringSubmatch(doc[m[4]:m[5]], -1) {
			attrs[strings.ToLower(a[1])] = a[2] + a[3]
		}
		out = append(out, htmlTag{name, attrs})
	}
	return out
}

// stripScripts blanks what stands between <script> and </script>.
func stripScripts(doc string) string {
	var b strings.Builder
	for {
		i := strings.Index(strings.ToLower(doc), "<script")
		if i < 0 {
			b.WriteString(doc)
			return b.String()
		}
		end := strings.Index(doc[i:], ">")
		if end < 0 {
			b.WriteString(doc)
			return b.String()
		}
		b.WriteString(doc[:i+end+1])
		doc = doc[i+end+1:]
		close := strings.Index(strings.ToLower(doc), "</script")
		if close < 0 {
			return b.String()
		}
		doc = doc[close:]
	}
}

// refs lists the references in a file, by its kind.
func refs(body []byte, ctype, name string) []ref {
	var out []ref
	switch {
	case strings.HasPrefix(ctype, "text/html"):
		for _, tg := range tags(stripScripts(string(body))) {
			for _, attr := range []string{"href", "src", "poster", "data"} {
				v, ok := tg.attrs[attr]
				if !ok || (tg.name == "object" && attr != "data") {
					continue
				}
				out = append(out, ref{raw: v, link: tg.name == "a"})
			}
			if s, ok := tg.attrs["srcset"]; ok {
				for _, part := range strings.Split(s, ",") {
					if f := strings.Fields(part); len(f) > 0 {
						out = append(out, ref{raw: f[0]})
					}
				}
			}
			// og:url, og:image, twitter:image: published as the site's own.
			if tg.name == "meta" {
				if v := tg.attrs["content"]; strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "/") {
					if p := tg.attrs["property"] + tg.attrs["name"]; strings.HasSuffix(p, ":url") || strings.HasSuffix(p, ":image") {
						out = append(out, ref{raw: v})
					}
				}
			}
		}
	case strings.HasPrefix(ctype, "text/css"):
		for _, m := range cssURL.FindAllStringSubmatch(string(body), -1) {
			out = append(out, ref{raw: m[1] + m[2] + m[3]})
		}
	case strings.HasSuffix(name, ".xml"):
		for _, m := range xmlLoc.FindAllStringSubmatch(string(body), -1) {
			out = append(out, ref{raw: m[1]})
		}
		for _, m := range xmlRef.FindAllStringSubmatch(string(body), -1) {
			out = append(out, ref{raw: m[1]})
		}
	case strings.HasSuffix(name, "/robots.txt"):
		for _, line := range strings.Split(string(body), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "sitemap") {
				out = append(out, ref{raw: strings.TrimSpace(v)})
			}
		}
	}
	return out
}

// fetch gets one server URL and queues what it references.
func (c *crawler) fetch(target string) {
	resp, err := c.client.Get(target)
	if err != nil {
		c.errorf("GET %s: %v", target, err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	c.status[target] = resp.StatusCode
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		// A folder without its slash: GitHub Pages redirects too, but
		// the site should link the real address.
		c.add(target, ref{raw: resp.Header.Get("Location")})
		c.errorf("%s (linked from %s) redirects to %s: link the address itself", target, c.from[target], resp.Header.Get("Location"))
		return
	case resp.StatusCode != http.StatusOK:
		c.errorf("%s (linked from %s): HTTP %d", target, c.from[target], resp.StatusCode)
		return
	}
	ct := resp.Header.Get("Content-Type")
	c.body[target], c.ctype[target] = body, ct
	if strings.HasPrefix(ct, "text/html") {
		c.pages = append(c.pages, target)
	}
	for _, r := range refs(body, ct, target) {
		c.add(target, r)
	}
}

// run crawls from the home page and the files a site must publish, and
// returns the home page's server URL.
func (c *crawler) run() string {
	home := c.srv.URL + c.srv.prefix
	c.from[home] = "(start)"
	c.queue = append(c.queue, home)
	files := []string{"sitemap.xml", "404.html", ".nojekyll"}
	if c.srv.prefix == "/" {
		files = append(files, "robots.txt") // only at the host's root, where crawlers read it
	}
	for _, f := range files {
		c.add(home, ref{raw: f})
	}
	for len(c.queue) > 0 {
		next := c.queue[0]
		c.queue = c.queue[1:]
		c.fetch(next)
	}
	return home
}

// atomFeed is what the test reads of an Atom feed.
type atomFeed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Entries []struct {
		Title string `xml:"title"`
		Link  []struct {
			Href string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"entry"`
}

type sitemap struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc string `xml:"loc"`
	} `xml:"url"`
}

// crawlSite crawls a served site and checks what every published site has.
// It returns the server URLs of the HTML pages.
func crawlSite(t *testing.T, srv *subPathServer, baseURL string, wantPages int) []string {
	t.Helper()
	c := newCrawler(t, srv, baseURL)
	home := c.run()
	for _, e := range c.errors {
		t.Error(e)
	}
	if f := srv.outside(); len(f) > 0 {
		t.Errorf("the crawl asked for paths outside %s: %q", srv.prefix, f)
	}
	if c.status[home] != http.StatusOK {
		t.Fatalf("the home page %s: HTTP %d", home, c.status[home])
	}

	// What the home page must link: the feed and the favicon.
	var feed, icon string
	for _, tg := range tags(string(c.body[home])) {
		if tg.name != "link" {
			continue
		}
		rel := strings.Fields(strings.ToLower(tg.attrs["rel"]))
		switch {
		case slices.Contains(rel, "alternate") && tg.attrs["type"] == "application/atom+xml":
			feed = c.add(home, ref{raw: tg.attrs["href"]})
		case slices.Contains(rel, "icon"):
			icon = c.add(home, ref{raw: tg.attrs["href"]})
		}
	}
	if feed == "" {
		t.Errorf(`the home page has no <link rel="alternate" type="application/atom+xml"> to the site's feed`)
	} else if !strings.HasSuffix(feed, "/feed.xml") {
		t.Errorf("the feed is at %s, want feed.xml", feed)
	} else {
		var f atomFeed
		if err := xml.Unmarshal(c.body[feed], &f); err != nil {
			t.Errorf("the feed %s is not an Atom feed: %v", feed, err)
		} else if want := min(wantPages, site.DefaultFeedSize); len(f.Entries) != want || f.Updated == "" {
			t.Errorf("the feed has %d entries (updated %q), want one per page, the newest %d at most: %d", len(f.Entries), f.Updated, site.DefaultFeedSize, want)
		}
	}
	if icon == "" {
		t.Errorf(`the home page has no <link rel="icon">`)
	} else if c.status[icon] != http.StatusOK {
		t.Errorf("the favicon %s: HTTP %d", icon, c.status[icon])
	}
	sm := srv.URL + srv.prefix + "sitemap.xml"
	var m sitemap
	if err := xml.Unmarshal(c.body[sm], &m); err != nil {
		t.Errorf("sitemap.xml is not a sitemap: %v", err)
	} else if len(m.URLs) < wantPages+1 {
		t.Errorf("sitemap.xml lists %d URLs, want at least the home page and %d pages", len(m.URLs), wantPages)
	}
	if c.siteURL.Host != "" {
		for _, u := range m.URLs {
			if !strings.HasPrefix(u.Loc, baseURL) {
				t.Errorf("sitemap.xml lists %s, which is not under %s", u.Loc, baseURL)
			}
		}
	}
	robots := string(c.body[srv.URL+srv.prefix+"robots.txt"])
	if srv.prefix != "/" {
		// Under a sub-path crawlers never read it: the build writes none.
		if r, err := http.Get(srv.URL + srv.prefix + "robots.txt"); err != nil || r.StatusCode != http.StatusNotFound {
			t.Errorf("robots.txt under the sub-path %s: %v %v, want 404: the build writes none there", srv.prefix, r, err)
		} else {
			r.Body.Close()
		}
	} else if !strings.Contains(robots, "User-agent:") || !strings.Contains(robots, "sitemap.xml") {
		t.Errorf("robots.txt does not name the sitemap:\n%s", robots)
	}
	for _, f := range []string{"404.html", ".nojekyll"} {
		if s := c.status[srv.URL+srv.prefix+f]; s != http.StatusOK {
			t.Errorf("%s: HTTP %d", f, s)
		}
	}
	t.Logf("crawled %d URLs, %d of them pages", len(c.status), len(c.pages))
	return c.pages
}

// TestCrawlDemoSite builds the demo site for a GitHub Pages project site,
// serves it under that sub-path and crawls it; then the same at the root.
func TestCrawlDemoSite(t *testing.T) {
	tests := []struct {
		name, baseURL, prefix string
	}{
		{"sub-path", "https://someone.github.io/scalesite-demo/", "/scalesite-demo/"},
		{"root", "/", "/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir, n := buildDemo(t, tc.baseURL)
			pages := crawlSite(t, serveUnder(t, dir, tc.prefix), tc.baseURL, n)
			if len(pages) < n+2 {
				t.Errorf("the crawl found %d pages, want the home page, the 404 page and the %d pages at least", len(pages), n)
			}
		})
	}
}

// browsePages opens every page in Chromium, in parallel windows: no request may fail or go to
// another host or outside the sub-path, and every chart must start.
func browsePages(t *testing.T, b *browser, srv *subPathServer, pages []string) {
	t.Helper()
	for _, p := range pages {
		name := strings.TrimPrefix(p, srv.URL)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tb := b.window(t)
			var mu sync.Mutex
			var bad []string
			idle := map[cdp.LoaderID]bool{} // the documents whose network went idle
			idled := make(chan struct{}, 1) // a token each time one does
			chromedp.ListenTarget(tb.ctx, func(ev any) {
				switch e := ev.(type) {
				case *network.EventResponseReceived:
					if e.Response.Status >= 400 {
						mu.Lock()
						bad = append(bad, fmt.Sprintf("%s: HTTP %d", e.Response.URL, e.Response.Status))
						mu.Unlock()
					}
				case *page.EventLifecycleEvent:
					if e.Name == "networkIdle" {
						mu.Lock()
						idle[e.LoaderID] = true
						mu.Unlock()
						select {
						case idled <- struct{}{}:
						default: // a token is there already
						}
					}
				}
			})
			if err := chromedp.Run(tb.ctx, page.SetLifecycleEventsEnabled(true)); err != nil {
				t.Fatal(err)
			}
			var canvases int
			if err := chromedp.Run(tb.ctx, chromedp.Navigate(p), chromedp.Evaluate(`document.querySelectorAll('.scalesite-canvas').length`, &canvases)); err != nil {
				t.Fatalf("opening %s: %v", p, err)
			}
			var started int
			if canvases > 0 {
				if err := chromedp.Run(tb.ctx, tb.waitCharts(canvases)); err != nil {
					t.Errorf("%d charts on the page, but the site script did not start them all: %v", canvases, err)
				}
				tb.eval(t, `return Object.values(window.scalesite.charts).filter(c => c.getDom().querySelector('canvas')).length`, &started)
				if started != canvases {
					t.Errorf("%d charts started and drew a canvas, want one per chart element: %d", started, canvases)
				}
			}
			// Let late requests (the favicon) be made: wait until the page's
			// network has been idle for half a second, as Chromium says.
			var loader cdp.LoaderID
			if err := chromedp.Run(tb.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
				tree, err := page.GetFrameTree().Do(ctx)
				if err == nil {
					loader = tree.Frame.LoaderID
				}
				return err
			})); err != nil {
				t.Fatalf("asking Chromium for %s's document: %v", p, err)
			}
			for deadline := time.After(60 * time.Second); ; {
				mu.Lock()
				done := idle[loader]
				mu.Unlock()
				if done {
					break
				}
				select {
				case <-idled:
				case <-deadline:
					t.Fatalf("the network of %s was not idle 60 s after its charts started", p)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			tb.mu.Lock()
			defer tb.mu.Unlock()
			for _, e := range append(bad, tb.errors...) {
				t.Errorf("failed request: %s", e)
			}
			for _, r := range tb.requests {
				u, err := url.Parse(r)
				if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && (u.Host != strings.TrimPrefix(srv.URL, "http://") || !strings.HasPrefix(u.Path, srv.prefix))) {
					t.Errorf("a request outside the site %s%s: %s", srv.URL, srv.prefix, r)
				}
			}
			if len(tb.dialogs) > 0 {
				t.Errorf("dialogs opened: %v", tb.dialogs)
			}
		})
	}
	// the pages' subtests run in parallel, after the caller returns
	t.Cleanup(func() {
		if f := srv.outside(); len(f) > 0 {
			t.Errorf("the browser asked for paths outside %s: %q", srv.prefix, f)
		}
	})
}

// TestDemoSiteUnderSubPathInChromium opens every page of the demo site,
// built for and served under a sub-path, in Chromium.
func TestDemoSiteUnderSubPathInChromium(t *testing.T) {
	const baseURL = "https://someone.github.io/scalesite-demo/"
	b := newBrowser(t)
	dir, n := buildDemo(t, baseURL)
	srv := serveUnder(t, dir, "/scalesite-demo/")
	pages := crawlSite(t, srv, baseURL, n)
	browsePages(t, b, srv, pages)
}

// TestNewSiteOnGitHubPages is issue 4's "done when": a newcomer runs
// `scalesite new site blog && cd blog && scalesite build --base-url
// https://someone.github.io/blog/`, serves public/ under /blog/ from a plain
// static server, and every page, chart, feed and asset loads in Chromium
// with no request outside the site.
func TestNewSiteOnGitHubPages(t *testing.T) {
	browserTest(t)
	work := t.TempDir()
	bin := filepath.Join(work, "scalesite")
	root, _ := filepath.Abs("..")
	gobuild := exec.Command("go", "build", "-o", bin, "./cmd/scalesite")
	gobuild.Dir = root
	if out, err := gobuild.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	runIn := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("scalesite %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		t.Logf("scalesite %s:\n%s", strings.Join(args, " "), out)
	}
	runIn(work, "new", "site", "blog")
	blog := filepath.Join(work, "blog")
	runIn(blog, "build", "--base-url", "https://someone.github.io/blog/")
	if _, err := os.Stat(filepath.Join(blog, "public", "index.html")); err != nil {
		t.Fatal(err)
	}

	b := newBrowser(t)
	srv := serveUnder(t, filepath.Join(blog, "public"), "/blog/")
	pages := crawlSite(t, srv, "https://someone.github.io/blog/", 1)
	var chartPage bool
	for _, p := range pages {
		chartPage = chartPage || strings.HasSuffix(p, "/blog/first-chart/")
	}
	if !chartPage {
		t.Errorf("the crawl did not reach the sample page: %q", pages)
	}
	browsePages(t, b, srv, pages)

	// The feed, as a feed reader in the browser would fetch it from the
	// home page's link. (Opening the XML itself in a tab would make
	// Chromium ask for /favicon.ico, outside the site, for want of a page
	// to name one.)
	tb := b.tab(t)
	var feed struct {
		Status int
		Type   string
		Feed   bool
	}
	err := chromedp.Run(tb.ctx, chromedp.Navigate(srv.URL+"/blog/"), chromedp.Evaluate(`(async () => {
		const href = document.querySelector('link[rel="alternate"][type="application/atom+xml"]').href;
		const r = await fetch(href), text = await r.text();
		const doc = new DOMParser().parseFromString(text, 'application/xml');
		return {Status: r.status, Type: r.headers.get('content-type'),
			Feed: doc.documentElement.localName === 'feed' && doc.querySelectorAll('entry').length === 1};
	})()`, &feed, func(p *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	if feed.Status != http.StatusOK || !feed.Feed {
		t.Errorf("the feed in Chromium: HTTP %d, %s, an Atom feed with one entry: %v", feed.Status, feed.Type, feed.Feed)
	}
	if f := tb.foreignRequests(srv.URL); len(f) > 0 {
		t.Errorf("requests to other hosts: %q", f)
	}
	if f := srv.outside(); len(f) > 0 {
		t.Errorf("the browser asked for paths outside /blog/: %q", f)
	}
}

// TestCrawlerCatches checks the crawler itself on a small hand-made site:
// it must report a missing file, a link that leaves the sub-path, an asset
// from another host and a missing CSS image, and follow the sitemap.
func TestCrawlerCatches(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html": `<!DOCTYPE html><html><head><link rel="stylesheet" href="/repo/a.css">
<script src="https://cdn.example.com/x.js"></script><script type="application/json">{"href": "/nowhere"}</script></head>
<body><a href="page/">ok</a> <a href="https://elsewhere.example.org/">fine: a link out</a>
<a href="/other/">outside</a> <a href="missing.html">broken</a> <img src="/repo/img.png" alt=""></body></html>`,
		"page/index.html":   `<a href="../">home</a> <a href="https://someone.github.io/repo/page/">itself, absolute</a>`,
		"a.css":             `body { background: url("bg.png") } .x { background: url(img.png) }`,
		"img.png":           "png",
		"sitemap.xml":       `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://someone.github.io/repo/hidden/</loc></url></urlset>`,
		"hidden/index.html": `hidden`,
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
	}
	srv := serveUnder(t, dir, "/repo/")
	c := newCrawler(t, srv, "https://someone.github.io/repo/")
	c.run()
	want := []string{
		`"https://cdn.example.com/x.js" is loaded from another host`,
		`"/other/" leaves the site's path /repo/`,
		`/repo/missing.html (linked from ` + srv.URL + `/repo/): HTTP 404`,
		`/repo/bg.png (linked from ` + srv.URL + `/repo/a.css): HTTP 404`,
	}
	got := strings.Join(c.errors, "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the crawler did not report %q; it reported:\n%s", w, got)
		}
	}
	if strings.Contains(got, "elsewhere") || strings.Contains(got, "nowhere") {
		t.Errorf("the crawler reported a link out of the site or a string in a script:\n%s", got)
	}
	if c.status[srv.URL+"/repo/hidden/"] != http.StatusOK || c.status[srv.URL+"/repo/img.png"] != http.StatusOK {
		t.Errorf("the crawler did not follow the sitemap and the CSS: %v", c.status)
	}
	if len(c.errors) != 6 { // the four above, 404.html and .nojekyll (no robots.txt: the site is under a sub-path)
		t.Errorf("%d errors, want 6:\n%s", len(c.errors), got)
	}
}

// TestCrawlPagedListings builds a site whose listings take several pages
// (listSize: 4, 23 pages, each with two tags) for a sub-path and crawls it: every
// page of the home listing and of each tag's is reached through the
// pagers, and every link of theirs leads to a file the build wrote.
func TestCrawlPagedListings(t *testing.T) {
	const baseURL = "https://someone.github.io/paged/"
	src := t.TempDir()
	synth.Write(t, src, 23, 3)
	if err := os.WriteFile(filepath.Join(src, "scalesite.yaml"), []byte("title: Paged\nbaseURL: "+baseURL+"\nlistSize: 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: dir}); err != nil {
		t.Fatal(err)
	}
	pages := crawlSite(t, serveUnder(t, dir, "/paged/"), baseURL, 23)
	// 23 pages by 4, numbered from the oldest: full pages page/1/ to
	// page/4/, and a first page of the newest 7.
	for _, want := range []string{"/paged/page/1/", "/paged/page/4/", "/paged/tags/bench/page/4/", "/paged/tags/scaling/page/1/"} {
		if !slices.ContainsFunc(pages, func(p string) bool { return strings.HasSuffix(p, want) }) {
			t.Errorf("the crawl did not reach %s (reached %d pages)", want, len(pages))
		}
	}
	if slices.ContainsFunc(pages, func(p string) bool { return strings.HasSuffix(p, "/page/5/") }) {
		t.Errorf("the crawl reached a fifth full page of a listing of 23 pages by 4")
	}
}

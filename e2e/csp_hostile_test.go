package e2e

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/render"
)

// A site whose every field tries to run script, in Chromium under the
// Content-Security-Policy (csp_test.go): served as GitHub Pages serves it,
// and by `scalesite serve`.

// pwned is what each payload runs: it sets its own flag on the top window.
func pwned(id string) string { return "top.__pwned_" + id + "=1" }

// hostileCSP is a site whose every field tries to run script.
func hostileCSP() map[string]string {
	q := strconv.Quote // a YAML double-quoted string
	img := func(id string) string { return "<img src=x onerror=" + pwned(id) + ">" }
	svg := func(id string) string { return "<svg onload=" + pwned(id) + ">" }
	script := func(id string) string { return "</script><script>" + pwned(id) + "</script>" }
	csv := func(fields ...string) string {
		for i, f := range fields {
			fields[i] = `"` + doubleQuotes(f) + `"`
		}
		return strings.Join(fields, ",") + "\n"
	}
	return map[string]string{
		"scalesite.yaml":   "title: " + q("</title>"+script("site_title")) + "\ndescription: " + q(`">`+svg("site_description")) + "\n",
		"content/index.md": "---\ntitle: Home\n---\n" + img("home_prose") + "\n",
		"content/evil/index.md": "---\n" +
			"title: " + q(script("title")+img("title_img")) + "\n" +
			"description: " + q(`"><svg onload=`+pwned("description")+`>`) + "\n" +
			"tags: [" + q(svg("tag")) + "]\n" +
			"---\n" +
			"Text.\n\n" +
			"<script>" + pwned("md_script") + "</script>\n\n" +
			// Raw HTML as CommonMark reads it (quoted attribute values),
			// which the Markdown renderer leaves out.
			"Inline <img src=\"x\" onerror=\"" + pwned("md_img") + "\"> and <svg onload=\"" + pwned("md_svg") + "\"></svg>.\n\n" +
			"<div onmouseover=\"" + pwned("md_block") + "\"><img src=\"x\" onerror=\"" + pwned("md_block_img") + "\"></div>\n\n" +
			"## A heading " + img("md_heading") + "\n\n" +
			"[a link](javascript:" + pwned("md_link") + ") and <javascript:" + pwned("md_autolink") + ">\n\n" +
			"<iframe src=\"/evil.svg\"></iframe>\n\n" +
			"<object data=\"/evil.svg\"></object>\n\n" +
			"<embed src=\"/evil.svg\">\n\n" +
			"<iframe src=\"/x.html\"></iframe>\n\n" +
			"![the static SVG as an image](/evil.svg)\n\n" +
			"```chart\ntype: scatter\n" +
			"title: " + q(script("chart_title")) + "\n" +
			"subtitle: " + q(img("subtitle")) + "\n" +
			"data: data.csv\n" +
			"x: {field: " + q(img("column")) + ", scale: log}\n" +
			"y: {field: score, title: " + q(svg("axis_title")) + "}\n" +
			"series: model\nlabel: name\n" +
			"hlines: [{y: 0.55, label: " + q(img("hline")) + "}]\n" +
			"annotations: [{x: 30, y: 0.58, text: " + q(img("annotation")) + "}]\n" +
			"```\n",
		"content/evil/data.csv": csv("model", img("column"), "score", "name") +
			csv(img("series"), "10", "0.5", svg("label")) +
			csv(img("series"), "100", "0.6", script("label_script")) +
			csv(script("series_script"), "50", "0.7", "plain"),
		// Opened directly, these run their script on the site's origin
		// unless a Content-Security-Policy header says otherwise.
		"static/evil.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="` + pwned("svg_onload") + `">` +
			`<script>` + pwned("svg_script") + `</script><rect width="40" height="40" fill="teal"/></svg>`,
		"static/x.html": "<!DOCTYPE html>\n<title>x</title>\n<script>" + pwned("html_script") + "</script>\n" + img("html_img") + "\n",
		// A script of the site's own origin that tries eval: what the theme's
		// scripts must never need.
		"static/eval.js": "try { eval('" + pwned("eval") + "'); } catch (e) { window.__evalRefused = e.name; }\n",
	}
}

// pageState is what a page shows of the payloads.
type pageState struct {
	Pwned    []string // flags the payloads set: none may be
	Handlers []string // event-handler attributes in the document
	Frames   int      // iframes, objects and embeds
	Scripts  []string // scripts that are neither the theme's nor the preview's files nor the JSON options
	JSLinks  []string // javascript: addresses
	Policy   string   // the <meta http-equiv> policy
	Text     string   // the title and the body's text, data tables open
}

const pageStateJS = `document.querySelectorAll('details').forEach(d => { d.open = true; });
const all = [...document.querySelectorAll('*')];
return {
  Pwned: Object.keys(window).filter(k => k.startsWith('__pwned_')),
  Handlers: all.flatMap(e => [...e.attributes].filter(a => /^on/i.test(a.name)).map(a => e.tagName + ' ' + a.name)),
  Frames: document.querySelectorAll('iframe, frame, object, embed').length,
  Scripts: [...document.scripts].filter(s => !(s.type === 'application/json' && !s.src) &&
    !(s.src && new URL(s.src).origin === location.origin && /^\/(assets\/[a-z.]+\.[0-9a-f]{8}\.js|__scalesite\/live\.js)$/.test(new URL(s.src).pathname)))
    .map(s => s.outerHTML.slice(0, 120)),
  JSLinks: all.flatMap(e => ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].map(n => e.getAttribute(n) || '')
    .filter(v => /^\s*javascript:/i.test(v))),
  Policy: (document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || '',
  Text: document.title + '\n' + document.body.innerText,
};`

// checkHostilePages opens every kind of page of the hostile site at base,
// each in a tab of its own, shows every tooltip, and checks that no payload
// ran, none reached the page as markup, and each shows as text.
func checkHostilePages(t *testing.T, b *browser, base string) {
	var tagPage string
	pages := []struct {
		kind string
		path *string
		text []string // payloads that must show as text
	}{
		{"page", ptr("/evil/"), []string{"<script>" + pwned("title") + "</script>", "Text.", "A heading <img src=x onerror=" + pwned("md_heading") + ">",
			"<svg onload=" + pwned("tag") + ">", "</script><script>" + pwned("label_script") + "</script>"}},
		{"home", ptr("/"), []string{"</title></script><script>" + pwned("site_title") + "</script>", "<svg onload=" + pwned("tag") + ">"}},
		{"tags", ptr("/tags/"), []string{"<svg onload=" + pwned("tag") + ">"}},
		{"tag", &tagPage, []string{"<svg onload=" + pwned("tag") + ">", "<script>" + pwned("title") + "</script>"}},
		{"404", ptr("/404.html"), []string{"Page not found"}},
	}
	for _, p := range pages {
		t.Run(p.kind, func(t *testing.T) {
			if *p.path == "" {
				t.Fatal("/evil/ links to no tag page")
			}
			ct := b.cspTab(t)
			ct.navigate(t, base+*p.path)
			if *p.path == "/evil/" {
				ct.eval(t, `const a = document.querySelector('a.tag'); return a ? new URL(a.href).pathname : '';`, &tagPage)
				ct.showEveryTooltip(t)
			}
			var st pageState
			ct.eval(t, pageStateJS, &st)
			if len(st.Pwned) > 0 {
				t.Errorf("payloads ran: %q", st.Pwned)
			}
			if len(st.Handlers) > 0 || st.Frames > 0 || len(st.Scripts) > 0 || len(st.JSLinks) > 0 {
				t.Errorf("hostile markup reached the page: handlers %q, %d frames, scripts %q, javascript: links %q",
					st.Handlers, st.Frames, st.Scripts, st.JSLinks)
			}
			if st.Policy != render.ContentSecurityPolicy {
				t.Errorf("the page's policy is %q, want render.ContentSecurityPolicy", st.Policy)
			}
			for _, w := range p.text {
				if !strings.Contains(st.Text, w) {
					t.Errorf("the page does not show %q as text:\n%s", w, st.Text)
				}
			}
			// Nothing was even tried: the escaping stopped every payload
			// before the policy had to.
			ct.noViolations(t, *p.path)
			if len(ct.dialogs) > 0 {
				t.Errorf("dialogs: %q", ct.dialogs)
			}
			if f := ct.foreignRequests(base); len(f) > 0 {
				t.Errorf("requests to other hosts: %q", f)
			}
		})
	}
}

func ptr(s string) *string { return &s }

// showEveryTooltip shows the tooltip of every point of the page's one
// chart: ECharts writes tooltips as HTML.
func (ct *cspTab) showEveryTooltip(t *testing.T) {
	t.Helper()
	var ids []string
	ct.eval(t, `return Object.keys(window.scalesite.charts);`, &ids)
	if len(ids) != 1 {
		t.Fatalf("%d charts, want 1", len(ids))
	}
	var points []int // by series; 0 for the marks' own series
	ct.eval(t, `return Object.values(window.scalesite.charts)[0].getOption().series.map(s =>
		typeof s.id === 'string' && s.id.startsWith('scalesite-') ? 0 : s.data.length);`, &points)
	if len(points) < 2 {
		t.Fatalf("the chart has series %v, want the two hostile ones", points)
	}
	for s, n := range points {
		for i := range n {
			if tip := ct.tooltip(t, ids[0], s, i); !strings.Contains(tip, "<") {
				t.Errorf("tooltip of series %d point %d is %q, want the hostile name as text", s, i, tip)
			}
		}
	}
}

// checkInjected puts each payload into /evil/ as markup, as if an escape
// had failed, and checks that the policy alone stops every one: each is
// reported (by each of the page's policies: the <meta> one, and the
// header's when the server sends one), none runs.
func checkInjected(t *testing.T, b *browser, base string, policies int) {
	ct := b.cspTab(t)
	ct.navigate(t, base+"/evil/")
	ct.eval(t, `const add = html => document.body.insertAdjacentHTML('beforeend', html);
		const s = document.createElement('script'); s.textContent = '`+pwned("inject_script")+`'; document.body.append(s);
		add('<img src=x onerror=`+pwned("inject_img")+`>');
		add('<iframe src="/evil.svg"></iframe><iframe src="/x.html"></iframe>');
		add('<object data="/evil.svg"></object><embed src="/evil.svg">');
		const e = document.createElement('script'); e.src = '/eval.js'; document.body.append(e);
		const a = document.createElement('a'); a.href = 'javascript:`+pwned("inject_link")+`'; a.textContent = 'x';
		document.body.append(a); a.click();
		return true;`, new(bool))
	var want []string
	for _, d := range []string{"frame-src", "frame-src", "object-src", "object-src", "script-src", "script-src-attr", "script-src-elem", "script-src-elem"} {
		for range policies {
			want = append(want, d)
		}
	}
	// Each payload is either reported or run (as it would be with no policy).
	ct.waitFor(t, "the injected payloads' violations", `(window.__evalRefused || window.__pwned_eval) && (window.__cspViolations.length >= `+
		strconv.Itoa(len(want))+` || window.__pwned_inject_script && window.__pwned_inject_img && window.__pwned_inject_link)`)
	var got []string
	for _, v := range ct.violations(t) {
		got = append(got, v.Directive)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("violations %q, want %q: %+v", got, want, ct.violations(t))
	}
	var st pageState
	ct.eval(t, pageStateJS, &st)
	var refused string
	ct.eval(t, `return window.__evalRefused || "";`, &refused)
	if len(st.Pwned) > 0 || refused != "EvalError" {
		t.Errorf("injected payloads ran: %q (eval: %q)", st.Pwned, refused)
	}
}

// openStatic opens a static file directly, in a tab of its own, and waits
// until its payloads either ran or were each reported.
func openStatic(t *testing.T, b *browser, url string, payloads ...string) (ran []string) {
	t.Helper()
	ct := b.cspTab(t)
	if err := chromedp.Run(ct.ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	var flags []string
	for _, p := range payloads {
		flags = append(flags, "window.__pwned_"+p)
	}
	ct.waitFor(t, url+"'s payloads", `(`+strings.Join(flags, " && ")+`) || (window.__cspViolations || []).length >= `+strconv.Itoa(len(payloads)))
	ct.eval(t, `return Object.keys(window).filter(k => k.startsWith('__pwned_')).map(k => k.slice(8)).sort();`, &ran)
	return ran
}

// TestCSPOnGitHubPages serves the built hostile site as GitHub Pages does:
// plain files, no headers. The theme's <meta> policy keeps the pages safe;
// a static HTML or SVG file opened directly has no policy and runs its
// script, which is why `scalesite check` warns about it.
func TestCSPOnGitHubPages(t *testing.T) {
	browserTest(t)
	bin := scalesiteCommand(t)
	src := sitetest.New(t, hostileCSP())
	dest := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	base := serve(t, dest)
	b := newBrowser(t)
	checkHostilePages(t, b, base)
	t.Run("injected", func(t *testing.T) { checkInjected(t, b, base, 1) })

	t.Run("static", func(t *testing.T) {
		// No header protects the static files: opened directly, they run.
		if ran := openStatic(t, b, base+"/evil.svg", "svg_onload", "svg_script"); !slices.Equal(ran, []string{"svg_onload", "svg_script"}) {
			t.Errorf("static/evil.svg opened directly ran %q: without a header it runs both payloads (the test no longer sees them?)", ran)
		}
		if ran := openStatic(t, b, base+"/x.html", "html_img", "html_script"); !slices.Equal(ran, []string{"html_img", "html_script"}) {
			t.Errorf("static/x.html opened directly ran %q: without a header it runs both payloads (the test no longer sees them?)", ran)
		}
		// So check warns about each.
		cmd := exec.Command(bin, "check", "--source", src)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("scalesite check: %v\n%s", err, stderr.String())
		}
		for _, want := range []string{
			"warning[script-in-static]: static/evil.svg:1:1: this SVG file is published as it is, and a browser that opens it runs script or loads another document from it (the event attribute onload, and 1 more) on the site's origin",
			"warning[script-in-static]: static/x.html:3:1: this HTML file is published as it is, and a browser that opens it runs script or loads another document from it (a script element, and 1 more)",
		} {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("scalesite check does not warn %q:\n%s", want, stderr.String())
			}
		}
	})
}

// TestCSPUnderServe serves the hostile site with `scalesite serve`, which
// sends the policy as a header on every response: the pages are as safe as
// on GitHub Pages, and the static files opened directly run nothing.
func TestCSPUnderServe(t *testing.T) {
	browserTest(t)
	bin := scalesiteCommand(t)
	src := sitetest.New(t, hostileCSP())
	base := scalesiteServe(t, bin, src)
	for _, p := range []string{"/evil/", "/evil.svg", "/x.html", "/evil/data.csv", "/no-such-page/"} {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Content-Security-Policy"); got != render.ContentSecurityPolicy {
			t.Errorf("%s: Content-Security-Policy header %q, want render.ContentSecurityPolicy", p, got)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q, want nosniff", p, got)
		}
	}
	b := newBrowser(t)
	checkHostilePages(t, b, base)
	t.Run("injected", func(t *testing.T) { checkInjected(t, b, base, 2) })
	t.Run("static", func(t *testing.T) {
		for _, f := range []struct {
			path     string
			payloads []string
		}{
			{"/evil.svg", []string{"svg_onload", "svg_script"}},
			{"/x.html", []string{"html_img", "html_script"}},
		} {
			if ran := openStatic(t, b, base+f.path, f.payloads...); len(ran) > 0 {
				t.Errorf("%s opened directly under scalesite serve ran %q", f.path, ran)
			}
		}
	})
}

// scalesiteCommand builds the scalesite command into a temp folder.
func scalesiteCommand(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "scalesite")
	root, _ := filepath.Abs("..")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/scalesite")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// scalesiteServe runs `scalesite serve` on a free port until the test ends,
// and returns its address once it says it is serving.
func scalesiteServe(t *testing.T, bin, src string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "serve", "--source", src, "--port", "0")
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 30 * time.Second
	out := &serveOutput{found: make(chan string, 1)}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cancel()
		<-exited
	})
	select {
	case url := <-out.found:
		return strings.TrimSuffix(url, "/")
	case err := <-exited:
		t.Fatalf("scalesite serve stopped: %v\n%s", err, out)
	case <-time.After(60 * time.Second):
		t.Fatalf("scalesite serve said nothing of serving in 60 s:\n%s", out)
	}
	return ""
}

// serveOutput is what `scalesite serve` prints: it sends the address from
// its "serving FOLDER at URL (Ctrl-C to stop)" line.
type serveOutput struct {
	mu    sync.Mutex
	out   []byte
	found chan string
	sent  bool
}

var servingLine = regexp.MustCompile(`serving .* at (http://\S+) `)

func (w *serveOutput) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out = append(w.out, p...)
	if m := servingLine.FindSubmatch(w.out); m != nil && !w.sent {
		w.sent = true
		w.found <- string(m[1])
	}
	return len(p), nil
}

func (w *serveOutput) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.out)
}

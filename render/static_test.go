package render

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/site"
)

const staticChartPage = "---\ntitle: P\ndate: 2025-01-01\n---\n```chart\ntitle: Loss <&> \"q\"\ndata: |\n  n,v\n  1,2\n  2,3\n  4,5\nx: n\ny: v\n```\n"

// TestStaticFigureMarkup: a build's page holds each chart's static figure
// inside its canvas element, wide, tablet and narrow, hidden from assistive
// technology, with the box heights for site.css and no <noscript> note;
// the chart's SVG file lies beside its CSV; the feed shows it as an image.
// staticFigures: false leaves all of it out, and the note back in.
func TestStaticFigureMarkup(t *testing.T) {
	files := map[string]string{"scalesite.yaml": "title: S\nbaseURL: https://example.org/s/\nstaticFigures: true\n", "content/p.md": staticChartPage}
	got := renderSite(t, files, site.Options{})
	html := got["p/index.html"]
	canvas := regexp.MustCompile(`<div class="scalesite-canvas" id="([^"]+)" style="--scalesite-h: (\d+)px; --scalesite-ht: (\d+)px; --scalesite-hn: (\d+)px" role="img" aria-label="[^"]+">(.*?)</div>`).FindStringSubmatch(html)
	if canvas == nil {
		t.Fatalf("no canvas element with a static figure in:\n%.2000s", html)
	}
	id, inner := canvas[1], canvas[5]
	for _, want := range []string{
		`<svg class="scalesite-static scalesite-static-wide" aria-hidden="true" focusable="false" viewBox="0 0 1006 ` + canvas[2],
		`<svg class="scalesite-static scalesite-static-tablet" aria-hidden="true" focusable="false" viewBox="0 0 742 ` + canvas[3],
		`<svg class="scalesite-static scalesite-static-narrow" aria-hidden="true" focusable="false" viewBox="0 0 336 ` + canvas[4],
		`Loss &lt;&amp;&gt; &quot;q&quot;`, // the title, escaped, as text
		`clip-path="url(#s-` + id + `-wide-`,
		`clip-path="url(#s-` + id + `-tablet-`,
		`clip-path="url(#s-` + id + `-narrow-`,
	} {
		if !strings.Contains(inner, want) {
			t.Errorf("the canvas element lacks %s:\n%.1500s", want, inner)
		}
	}
	if strings.Contains(inner, `role="img"`) || strings.Contains(inner, "xmlns=") {
		t.Errorf("the inline SVG keeps its document attributes:\n%.300s", inner)
	}
	if strings.Contains(html, "scalesite-noscript") {
		t.Error("the page keeps the <noscript> note beside the static figure")
	}
	svg := got["p/"+id+".svg"]
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.Contains(svg, `<title>`) {
		t.Errorf("p/%s.svg: %.200q", id, svg)
	}
	if _, ok := got["p/"+id+".csv"]; !ok {
		t.Errorf("no CSV beside the SVG")
	}
	feed := got[FeedFile]
	if !strings.Contains(feed, `&lt;img src=&#34;https://example.org/s/p/`+id+`.svg&#34; alt=&#34;Loss &amp;lt;&amp;amp;&amp;gt; &amp;#34;q&amp;#34;&#34;&gt;`) {
		t.Errorf("the feed entry has no image of the chart:\n%s", feed)
	}

	files["scalesite.yaml"] = strings.Replace(files["scalesite.yaml"], "staticFigures: true", "staticFigures: false", 1)
	off := renderSite(t, files, site.Options{})
	if h := off["p/index.html"]; strings.Contains(h, "scalesite-static") || !strings.Contains(h, "scalesite-noscript") || !strings.Contains(h, `style="height: `) {
		t.Errorf("staticFigures: false: the page still has a static figure or lacks the note")
	}
	for p := range off {
		if strings.HasSuffix(p, ".svg") && strings.Contains(p, "chart-") {
			t.Errorf("staticFigures: false: %s written", p)
		}
	}
	if strings.Contains(off[FeedFile], "&lt;img") {
		t.Error("staticFigures: false: the feed shows images")
	}
}

// TestStaticFiguresShareLongPaths: the tablet's and the phone's pictures
// of a chart of long lines draw each line as a <use> of the desktop's
// path of it, which the desktop's picture names; the feed's SVG file,
// shown alone, draws its own.
func TestStaticFiguresShareLongPaths(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("run,step,loss\n")
	for _, run := range []string{"a", "b"} {
		for i := 1; i <= 200; i++ {
			fmt.Fprintf(&csv, "%s,%d,%.4f\n", run, i, 3/math.Sqrt(float64(i))+0.1*math.Sin(float64(i)))
		}
	}
	page := "---\ntitle: P\n---\n```chart\ntype: line\ndata: runs.csv\nx: {field: step, scale: log}\ny: loss\nseries: run\n```\n"
	got := renderSite(t, map[string]string{"scalesite.yaml": "title: S\n", "content/p/index.md": page, "content/p/runs.csv": csv.String()}, site.Options{})
	html := got["p/index.html"]
	pictures := regexp.MustCompile(`<svg class="scalesite-static scalesite-static-(\w+)".*?</svg>`).FindAllStringSubmatch(html, -1)
	if len(pictures) != 3 {
		t.Fatalf("%d static pictures, want 3", len(pictures))
	}
	wide := pictures[0][0]
	named := regexp.MustCompile(`<path id="(s-chart-p-1-wide-p\d+)" vector-effect="non-scaling-stroke" d="M`).FindAllStringSubmatch(wide, -1)
	if len(named) != 2 {
		t.Errorf("the desktop's picture names %d lines, want 2:\n%.3000s", len(named), wide)
	}
	for _, p := range pictures[1:] {
		uses := regexp.MustCompile(`<use href="#([^"]+)" transform="matrix\([^)]+\)"`).FindAllStringSubmatch(p[0], -1)
		if len(uses) != 2 {
			t.Errorf("the %s picture draws %d lines as a <use>, want 2:\n%.3000s", p[1], len(uses), p[0])
		}
		for _, u := range uses {
			if !strings.Contains(wide, `id="`+u[1]+`"`) {
				t.Errorf("the %s picture uses #%s, which the desktop's picture does not name", p[1], u[1])
			}
		}
	}
	if svg := got["p/chart-p-1.svg"]; strings.Contains(svg, "<use") || strings.Contains(svg, "vector-effect") {
		t.Errorf("the chart's SVG file reuses paths; it is shown alone:\n%.500s", svg)
	}
}

// TestPreviewDrawsNoStaticFigures: the preview's Renderer (NewRenderer)
// draws no static figure: the live chart is there at once.
func TestPreviewDrawsNoStaticFigures(t *testing.T) {
	s, err := site.Load(writeSite(t, map[string]string{"scalesite.yaml": "title: S\nstaticFigures: true\n", "content/p.md": staticChartPage}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr, err := NewRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	out, err := rr.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range out.Files {
		if (strings.HasSuffix(f.Path, ".html") && strings.Contains(string(f.Data), "scalesite-static")) || (strings.HasSuffix(f.Path, ".svg") && strings.Contains(f.Path, "chart-")) {
			t.Errorf("%s: a static figure in the preview", f.Path)
		}
	}
}

// TestStaticFigureScriptStopped: a site's theme whose ticks.js loops, or
// allocates, forever fails the build (bound by the engine's limits, set
// small here) with an error at the chart's page and line that names the
// site's script; a stopped engine is not used again.
func TestStaticFigureScriptStopped(t *testing.T) {
	// the time limit is in the CPU time of the call's thread on Linux
	ofCPU := map[bool]string{true: " of CPU time", false: ""}[runtime.GOOS == "linux"]
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	stub := func(body string) string {
		return "(function () {\n  var ns = window.scalesiteLayout = window.scalesiteLayout || {};\n" +
			"  ns.chooseTicks = function chooseTicks() {\n    " + body + "\n  };\n" +
			"  ns.tickLabel = function (v) { return String(v); };\n" +
			"  ns.tickLabels = function (vals) { return { labels: vals.map(String), digits: 1, powers: false }; };\n})();\n"
	}
	tests := []struct {
		name, body, want string
	}{
		{"loops", "for (;;) {}", "content/a.md:5: the theme's ticks.js did not finish drawing the chart's static figure in 200 ms" + ofCPU + ", in chooseTicks (ticks.js:3): fix themes/mine/assets/ticks.js"},
		{"allocates", "var hoard = []; for (;;) hoard.push([1, 2, 3, 4, 5, 6, 7, 8]);", "content/a.md:5: the theme's ticks.js used more than 32 MB of memory drawing the chart's static figure, in chooseTicks (ticks.js:4): fix themes/mine/assets/ticks.js"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, map[string]string{
				"scalesite.yaml":              "title: T\nstaticFigures: true\ntheme: mine\n",
				"content/a.md":                "---\ntitle: A\n---\n```chart\ndata: |\n  n,v\n  1,2\n  2,3\nx: n\ny: v\n```\n",
				"themes/mine/assets/ticks.js": stub(tt.body),
			})
			s, rr := loadRenderer(t, dir, true)
			limit := 200 * time.Millisecond
			if tt.name == "allocates" {
				limit = 10 * time.Minute // memory is the point
			}
			rr.statics.limits = scene.Limits{Time: limit, Memory: 32 << 20}
			_, err := rr.Render(s)
			var de *diag.Error
			if !errors.As(err, &de) || !strings.HasPrefix(de.Error(), tt.want) {
				t.Fatalf("got %v\nwant an error starting %q", err, tt.want)
			}
			if e, ok := rr.statics.pool.Get().(*scene.Engine); ok && e.Failed() {
				t.Error("a stopped engine went back to the pool")
			}
		})
	}
}

// TestStaticScenesSideBySide: a chart's Scenes are computed side by side,
// as many at once as there are slots (cores) and no more, so that a site
// of one chart keeps every core busy. The first Scenes wait until two are
// being computed at once: drawn one after another, the test would hang.
func TestStaticScenesSideBySide(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	s, err := site.Load(writeSite(t, map[string]string{"scalesite.yaml": "title: S\n", "content/p.md": staticChartPage}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := newStatics(mustTheme(t, s))
	st.slots = make(chan struct{}, 2)
	var mu sync.Mutex
	both := sync.NewCond(&mu)
	in, most := 0, 0
	st.drawing = func(start bool) {
		mu.Lock()
		defer mu.Unlock()
		if !start {
			in--
			return
		}
		in++
		most = max(most, in)
		both.Broadcast()
		for most < 2 {
			both.Wait()
		}
	}
	c := s.Body(s.Pages[0]).Charts[0]
	if _, err := st.figure(c, chart.OptionBytes(chart.Option(c)), "alt"); err != nil {
		t.Fatal(err)
	}
	if most != 2 {
		t.Errorf("%d Scenes computed at once, with 2 slots", most)
	}
	if got := st.drawn.Load(); got != int64(len(staticWidths)) {
		t.Errorf("%d Scenes drawn, want %d", got, len(staticWidths))
	}
}

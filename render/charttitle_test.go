package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/site"
)

// kaplanSite is a page whose title and whose chart's title hold TeX
// (issue 34), with a chart titled in plain text beside it.
var kaplanSite = map[string]string{
	"scalesite.yaml": "title: Lab notes\nbaseURL: https://someone.github.io/\n",
	"content/k/index.md": "---\ntitle: 'Scaling $L(N) \\propto N^{-\\alpha_N}$'\ndate: 2025-01-02\n---\nText.\n\n" +
		"```chart\ntitle: 'Loss $L(N)$ falls as $N^{-\\alpha_N}$'\nsubtitle: Kaplan et al. 2020\ndata: k.csv\nx: {field: n, scale: log}\ny: loss\n```\n\n" +
		"```chart\ntitle: Loss by size\ndata: k.csv\nx: {field: n, scale: log}\ny: loss\n```\n",
	"content/k/k.csv": "n,loss\n1e6,4.1\n1e7,3.5\n1e8,3.0\n1e9,2.6\n",
}

// TestChartTitleTeXBuilt: a chart title with TeX is in the built page as
// KaTeX's HTML over each static figure (the picture drawn without it),
// its markup and box in the chart's option for the live chart, and KaTeX's
// stylesheet linked; a chart titled in plain text keeps ECharts' title.
func TestChartTitleTeXBuilt(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	files := renderSite(t, kaplanSite, site.Options{})
	page := files["k/index.html"]
	// one formula, the prose as \text
	const katex = `<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mtext>Loss`
	for _, tt := range []struct{ name, pattern string }{
		{"KaTeX's stylesheet", `<link rel="stylesheet" href="/assets/katex-[^"]+/katex.min.css">`},
		{"wide", `</svg><div class="scalesite-static scalesite-static-wide scalesite-tex scalesite-tex-title scalesite-tex-middle" style="left:calc\(50% \+ 0px\);top:-[0-9.]+px;font-size:[0-9.]+px"><span class="scalesite-tex-line"><span>` + regexp.QuoteMeta(katex)},
		{"tablet", `<div class="scalesite-static scalesite-static-tablet scalesite-tex scalesite-tex-title scalesite-tex-middle" style="[^"]*"><span class="scalesite-tex-line"><span>` + regexp.QuoteMeta(katex)},
		{"narrow, at the left", `<div class="scalesite-static scalesite-static-narrow scalesite-tex scalesite-tex-title" style="left:calc\(50% \+ -157px\);[^"]*"><span class="scalesite-tex-line"><span>` + regexp.QuoteMeta(katex)},
		{"subtitle", `<div class="scalesite-static scalesite-static-wide scalesite-tex scalesite-tex-subtitle scalesite-tex-middle" style="[^"]*"><span class="scalesite-tex-line"><span><span class="katex">.*?<annotation encoding="application/x-tex">\\text\{Kaplan et al. 2020\}</annotation>`},
		{"option", `"texTitle":\{"html":"\\u003cspan class=\\"katex\\"\\u003e.*?","w":[0-9.]+,"a":[0-9.]+,"d":[0-9.]+,"text":"Loss L\(N\) falls as N\^\(−α_N\)"\}`},
		{"plain title", `"title":\[\{"text":"Loss by size"`},
	} {
		if !regexp.MustCompile(tt.pattern).MatchString(page) {
			t.Errorf("%s: the page does not match %s", tt.name, tt.pattern)
		}
	}
	if regexp.MustCompile(`"title":\[\{[^\]]*Loss L\(N\)`).MatchString(page) {
		t.Error("ECharts is given the typeset title's plain form too")
	}
	// the pictures under the HTML do not draw it
	for _, svg := range regexp.MustCompile(`(?s)<svg class="scalesite-static.*?</svg>`).FindAllString(page, -1) {
		if strings.Contains(svg, "Loss L") {
			t.Errorf("a static picture draws the title as text")
		}
	}
}

// TestChartTitleTeXScene: the Scenes of a chart titled with TeX (the
// pictures, the card) hold the title and subtitle as "tex" items, their
// boxes (as measured, scaled by the item's font size) inside the picture
// and above every plot, the subtitle under the title, and no canvas title.
func TestChartTitleTeXScene(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	s, err := site.Load(writeSite(t, kaplanSite), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := s.Pages[0]
	c := s.Body(p).Charts[0]
	if c.TitleTeX == nil || c.SubtitleTeX == nil {
		t.Fatalf("the chart's title is not typeset: %+v %+v", c.TitleTeX, c.SubtitleTeX)
	}
	st := newStatics(mustTheme(t, s))
	scenes, err := st.scenes(chart.OptionBytes(chart.Option(c)))
	if err != nil {
		t.Fatal(err)
	}
	for i, sc := range scenes {
		checkTeXTitles(t, staticWidths[i], sc, map[string]*site.TeXLine{"title": c.TitleTeX, "subtitle": c.SubtitleTeX}, map[string]float64{"title": site.ChartTitlePx, "subtitle": site.ChartSubtitlePx})
	}
	heading := cardHeadingTeX(p)
	if heading == nil {
		t.Fatal("the card's heading is not typeset")
	}
	card, _, err := st.cardScene(c, cardWords{heading: p.Title, site: "Lab notes", headingTeX: heading})
	if err != nil {
		t.Fatal(err)
	}
	checkTeXTitles(t, CardWidth, card, map[string]*site.TeXLine{"title": heading}, map[string]float64{"title": site.ChartTitlePx})
}

// checkTeXTitles checks the "tex" items of s, the Scene drawn at width,
// against the typeset lines they draw by role, measured at sizes px.
func checkTeXTitles(t *testing.T, width int, s *figure.Scene, lines map[string]*site.TeXLine, sizes map[string]float64) {
	t.Helper()
	top := s.Height
	for _, r := range s.Clips {
		top = min(top, r.Y)
	}
	seen := map[string]figure.Item{}
	for _, it := range s.Items {
		if it.Kind == "text" && (it.Role == "title" || it.Role == "subtitle") {
			t.Errorf("at %d px: a canvas %s %q", width, it.Role, it.Text)
		}
		if it.Kind != "tex" {
			continue
		}
		l := lines[it.Role]
		if l == nil {
			t.Errorf("at %d px: a tex item of role %q", width, it.Role)
			continue
		}
		seen[it.Role] = it
		k := it.FontSize / sizes[it.Role]
		left := it.X
		if it.Anchor == "middle" {
			left -= l.Width * k / 2
		}
		if k <= 0 || k > 1 || left < 0 || left+l.Width*k > s.Width+0.01 || it.Y-l.Ascent*k < 0 || it.Y+l.Descent*k > top || it.Baseline != "alphabetic" {
			t.Errorf("at %d px: %s at (%g, %g) %g px, box %+v, in a picture %g wide whose plots start at %g", width, it.Role, it.X, it.Y, it.FontSize, *l, s.Width, top)
		}
	}
	for role := range lines {
		if _, ok := seen[role]; !ok {
			t.Errorf("at %d px: no tex item for the %s", width, role)
		}
	}
	if ti, ok := seen["title"]; ok {
		if su, ok := seen["subtitle"]; ok && su.Y-lines["subtitle"].Ascent*su.FontSize/sizes["subtitle"] < ti.Y+lines["title"].Descent*ti.FontSize/sizes["title"] {
			t.Errorf("at %d px: the subtitle (baseline %g) overlaps the title (baseline %g)", width, su.Y, ti.Y)
		}
	}
}

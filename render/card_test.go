package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/benchcpu"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// cardPage is a page of two charts; front is its front matter's extra
// lines.
func cardPage(front string) string {
	return "---\ntitle: P\ndate: 2025-01-01\n" + front + "---\n" +
		"```chart\ntitle: First <&> \"q\"\ndata: |\n  n,v\n  1,2\n  2,3\n  4,5\nx: n\ny: v\n```\n\n" +
		"```chart\ntitle: Second\ndata: |\n  n,v\n  1,7\n  2,3\nx: n\ny: v\n```\n"
}

// cardMeta is the page's social card meta tags, by property or name.
func cardMeta(html string) map[string]string {
	m := map[string]string{}
	for _, g := range regexp.MustCompile(`<meta (?:property|name)="((?:og|twitter):[a-z:_]+)" content="([^"]*)">`).FindAllStringSubmatch(html, -1) {
		m[g[1]] = g[2]
	}
	return m
}

// pngSize is the size of a PNG file, or an error.
func pngSize(b string) (int, int, error) {
	c, err := png.DecodeConfig(strings.NewReader(b))
	return c.Width, c.Height, err
}

// TestCardMeta: a page with charts carries its social card, the chart the
// front matter's card: names or else its first, as og:image (its full
// address, size and text alternative) and a large Twitter card; the PNG
// lies beside the chart's CSV, 1200 × 630. A page with card: false, and
// every page when staticFigures is off, keeps the small card and no PNG;
// without the key, static figures and cards are on.
func TestCardMeta(t *testing.T) {
	const yaml = "title: S\nbaseURL: https://example.org/s/\nstaticFigures: true\n"
	for _, tc := range []struct {
		name, front, want string // want: the card's chart id; "" for none
		yaml              string
	}{
		{"first chart", "", "chart-p-1", yaml},
		{"card by number", "card: 2\n", "chart-p-2", yaml},
		{"card by id", "card: chart-p-2\n", "chart-p-2", yaml},
		{"card: true", "card: true\n", "chart-p-1", yaml},
		{"card: false", "card: false\n", "", yaml},
		{"no static figures", "", "", strings.Replace(yaml, "true", "false", 1)},
		{"on by default (no staticFigures key)", "", "chart-p-1", strings.Replace(yaml, "staticFigures: true\n", "", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := renderSite(t, map[string]string{"scalesite.yaml": tc.yaml, "content/p.md": cardPage(tc.front)}, site.Options{})
			meta := cardMeta(got["p/index.html"])
			var cards []string
			for p := range got {
				if strings.HasSuffix(p, ".card.png") {
					cards = append(cards, p)
				}
			}
			if tc.want == "" {
				if meta["twitter:card"] != "summary" || meta["og:image"] != "" || meta["twitter:image"] != "" || len(cards) > 0 {
					t.Errorf("a card where none is wanted: meta %v, files %v", meta, cards)
				}
				return
			}
			name := "p/" + tc.want + ".card.png"
			wantMeta := map[string]string{
				"og:image": "https://example.org/s/" + name, "og:image:type": "image/png",
				"og:image:width": "1200", "og:image:height": "630",
				"twitter:card": "summary_large_image", "twitter:image": "https://example.org/s/" + name,
			}
			for k, v := range wantMeta {
				if meta[k] != v {
					t.Errorf("%s = %q, want %q", k, meta[k], v)
				}
			}
			wantAlt := "Second. Line chart"
			if tc.want == "chart-p-1" {
				wantAlt = "First &lt;&amp;&gt; &#34;q&#34;. Line chart"
			}
			for _, k := range []string{"og:image:alt", "twitter:image:alt"} {
				if !strings.HasPrefix(meta[k], wantAlt) {
					t.Errorf("%s = %q, want it to start %q", k, meta[k], wantAlt)
				}
			}
			if len(cards) != 1 || cards[0] != name {
				t.Fatalf("card files %v, want [%s]", cards, name)
			}
			if w, h, err := pngSize(got[name]); err != nil || w != 1200 || h != 630 {
				t.Errorf("%s: %d × %d, %v; want a PNG of 1200 × 630", name, w, h, err)
			}
		})
	}
}

// TestCardAltPanels: the card of a chart of more panels than it shows
// describes the panels it shows, and says that the others are left out.
func TestCardAltPanels(t *testing.T) {
	page := "---\ntitle: P\n---\n```chart\ntitle: Four\ndata: |\n  n,v,w\n  1,2,3\n  2,3,4\nx: n\ny: v\n" +
		"panels:\n  - {title: Alpha}\n  - {title: Beta}\n  - {title: Gamma, y: w}\n  - {title: Delta}\n  - {title: Epsilon}\n```\n"
	got := renderSite(t, map[string]string{"scalesite.yaml": "staticFigures: true\n", "content/p.md": page}, site.Options{})
	alt := cardMeta(got["p/index.html"])["og:image:alt"]
	for _, want := range []string{"Panel 1 (Alpha)", "Panel 4 (Delta)", "The first 4 of the chart&#39;s 5 panels."} {
		if !strings.Contains(alt, want) {
			t.Errorf("og:image:alt %q lacks %q", alt, want)
		}
	}
	for _, not := range []string{"Epsilon", "Panel 5"} {
		if strings.Contains(alt, not) {
			t.Errorf("og:image:alt %q describes %q, which the card does not show", alt, not)
		}
	}
}

// TestDemoCards: every page of the demo site with a chart, the home page
// included, has its og:image meta and a PNG of 1200 × 630 at that address;
// every text on each card is at least 24 px, and its plots keep a height
// that reads.
func TestDemoCards(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the demo site")
	}
	s := loadDemo(t)
	if !s.Config.StaticFigures {
		t.Fatal("the demo site draws no static figures")
	}
	out, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range out.Files {
		files[f.Path] = f.Data
	}
	pages := append([]*site.Page{s.Home}, s.Pages...)
	st := newStatics(mustTheme(t, s))
	n := 0
	var sizes []int
	for _, p := range pages {
		if p == nil || len(p.Charts) == 0 {
			continue
		}
		n++
		html := string(files[p.OutputPath()])
		meta := cardMeta(html)
		c := s.Body(p).CardChart()
		name := cardFile(p.Slug, c.ID)
		if want := s.Config.BaseURL + name; meta["og:image"] != want || meta["twitter:card"] != "summary_large_image" {
			t.Errorf("%s: og:image %q, twitter:card %q; want %q and summary_large_image", p.Path, meta["og:image"], meta["twitter:card"], want)
		}
		if meta["og:image:alt"] == "" {
			t.Errorf("%s: no og:image:alt", p.Path)
		}
		c0, err := png.DecodeConfig(bytes.NewReader(files[name]))
		if err != nil || c0.Width != 1200 || c0.Height != 630 {
			t.Errorf("%s: %s is %d × %d (%v), want a PNG of 1200 × 630", p.Path, name, c0.Width, c0.Height, err)
		}
		sc, _, err := st.cardScene(c, cardWords{heading: p.Title, site: "Site"})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range sc.Items {
			if it.Kind != "text" {
				continue
			}
			fs := it.FontSize
			if fs == 0 {
				fs = 12
			}
			if fs*cardText/12 < 24 {
				t.Errorf("%s: %q (%s) is %g px on the card, under 24", p.Path, it.Text, it.Role, fs*cardText/12)
			}
		}
		checkCard(t, p.Path, sc, c, p.Title, "Site")
		sizes = append(sizes, len(files[name]))
	}
	slices.Sort(sizes)
	if len(sizes) > 0 {
		t.Logf("%d cards: %d to %d bytes, %d at the median", len(sizes), sizes[0], sizes[len(sizes)-1], sizes[len(sizes)/2])
	}
	if len(sizes) > 0 && sizes[len(sizes)/2] > 50<<10 {
		t.Errorf("the demo's cards are %d bytes at the median, over 50 KB: %v", sizes[len(sizes)/2], sizes)
	}
	if n < 20 {
		t.Errorf("%d demo pages with charts, want 20 or more", n)
	}
}

// checkCard checks what a card of chart c shows (issue 33): the page's
// title over it and the site's name under it; all its panels up to
// cardMaxPanels, or a note of those left out; a legend whenever c has
// more than one series; plots that keep some height; no text over a
// marker but the marker's own label's neighbours' (labels.js).
func checkCard(t *testing.T, page string, sc *figure.Scene, c *site.Chart, heading, siteName string) {
	t.Helper()
	roles := map[string][]string{}
	for _, it := range sc.Items {
		if it.Kind == "text" {
			roles[it.Role] = append(roles[it.Role], it.Text)
		}
	}
	if got := strings.Join(roles["title"], " "); heading != "" && !strings.HasPrefix(strings.TrimSuffix(cardTitle(heading, cardTitleLines), "…"), strings.TrimSuffix(got, "…")) || got == "" {
		t.Errorf("%s: the card's heading is %q, want the page's title %q", page, got, heading)
	}
	if len(roles["footer"]) != 1 || roles["footer"][0] != siteName {
		t.Errorf("%s: the card's footer is %q, want the site's name %q", page, roles["footer"], siteName)
	}
	panels := max(1, len(c.Panels))
	if len(sc.Clips) != min(panels, cardMaxPanels) {
		t.Errorf("%s: %d of %d panels on the card, want %d", page, len(sc.Clips), panels, min(panels, cardMaxPanels))
	}
	if (len(sc.Clips) < panels) != strings.HasPrefix(strings.Join(roles["note"], ""), "Panel") {
		t.Errorf("%s: %d of %d panels on the card, its note %q", page, len(sc.Clips), panels, roles["note"])
	}
	var opt struct {
		Series []struct{ Name *string }
	}
	if err := json.Unmarshal(chart.OptionBytes(chart.Option(c)), &opt); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range opt.Series {
		if s.Name != nil {
			names[*s.Name] = true
		}
	}
	if len(names) > 1 && !c.Spec.Legend.Hide && len(roles["legend"]) == 0 {
		t.Errorf("%s: %d series and no legend on the card", page, len(names))
	}
	// every text inside the card, none of the legend's over the footer's
	// line (a legend of 14 entries at the plots' right ran off the card)
	for _, it := range sc.Items {
		if it.Kind != "text" || it.Rotate != 0 {
			continue
		}
		half := max(it.FontSize, 12) / 2
		bottom := sc.Height
		if it.Role == "legend" {
			bottom -= 16
		}
		if it.Y-half < -1 || it.Y+half > bottom+1 || it.X < -1 || it.X > sc.Width+1 {
			t.Errorf("%s: %s %q at (%.0f, %.0f) runs off the card's %.0f × %.0f", page, it.Role, it.Text, it.X, it.Y, sc.Width, bottom)
		}
	}
	// no point label over a marker: no marker's centre inside a label's box
	for _, it := range sc.Items {
		if it.Kind != "text" || it.Role != "label" {
			continue
		}
		fs := max(it.FontSize, 1)
		x0, x1 := it.X, it.X+figure.MeasureFont(it.Text, fmt.Sprintf("%gpx sans-serif", fs))
		y0, y1 := it.Y-fs/2, it.Y+fs/2
		for _, m := range sc.Items {
			if m.Kind == "symbol" && m.Role == "" && m.X > x0+1 && m.X < x1-1 && m.Y > y0+1 && m.Y < y1-1 {
				t.Errorf("%s: the label %q covers a marker at (%.0f, %.0f)", page, it.Text, m.X, m.Y)
				break
			}
		}
	}
	// (a name wider than its panel, of several side by side, is cut to it)
	for role, texts := range roles {
		if len(sc.Clips) == 1 && strings.HasPrefix(role, "axis-name") && strings.HasSuffix(strings.Join(texts, ""), "…") {
			t.Errorf("%s: an axis name cut on the card: %q", page, texts)
		}
	}
	// some three x tick labels' worth; panels side by side share the card
	// (four: a quarter each)
	minW := 90.0
	switch {
	case len(sc.Clips) == cardMaxPanels:
		minW = 56
	case len(sc.Clips) > 1:
		minW = 72
	}
	for _, r := range sc.Clips {
		if r.H < 40 || r.W < minW {
			t.Errorf("%s: a plot of %.0f × %.0f units on the card", page, r.W, r.H)
		}
	}
}

// mustTheme is the theme a Renderer of s draws with.
func mustTheme(t *testing.T, s *site.Site) *theme {
	t.Helper()
	rr, err := NewStreamRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	return rr.theme
}

// TestCardCrowded: a chart of many series with long names, and one of
// many panels, still fit the card, their plots a height that reads.
func TestCardCrowded(t *testing.T) {
	var many strings.Builder
	many.WriteString("name,n,v\n")
	for i := range 24 {
		fmt.Fprintf(&many, "model family number %d,1,%d\nmodel family number %d,2,%d\n", i, i, i, i+1)
	}
	var panels strings.Builder
	panels.WriteString("panels:\n")
	for i := range 8 {
		fmt.Fprintf(&panels, "  - title: Panel %d\n    data: p.csv\n    x: n\n    y: v\n", i)
	}
	files := map[string]string{
		"scalesite.yaml":          "title: S\nstaticFigures: true\n",
		"content/many/index.md":   "---\ntitle: Many\n---\n```chart\ntitle: Twenty-four series\nsubtitle: with long names\ndata: m.csv\nx: n\ny: v\nseries: name\n```\n",
		"content/many/m.csv":      many.String(),
		"content/panels/index.md": "---\ntitle: Panels\n---\n```chart\ntitle: Eight panels\n" + panels.String() + "```\n",
		"content/panels/p.csv":    "n,v\n1,2\n2,3\n",
	}
	s, err := site.Load(writeSite(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := newStatics(mustTheme(t, s))
	for _, p := range s.Pages {
		sc, _, err := st.cardScene(s.Body(p).Charts[0], cardWords{heading: p.Title, site: "Site"})
		if err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		if len(sc.Clips) == 0 {
			t.Fatalf("%s: no plot on the card", p.Path)
		}
		checkCard(t, p.Path, sc, s.Body(p).Charts[0], p.Title, "Site")
	}
}

// TestCardPanels: a card shows every panel of a chart of up to
// cardMaxPanels, never fewer (the old card showed one panel of two and
// only a note said so), and of a chart of more its first cardMaxPanels
// with a note of the rest, which its og:image:alt says too; a y name
// longer than the card's low plot is high stands level over the plot,
// whole, not cut to "Optimal…".
func TestCardPanels(t *testing.T) {
	const yName = "Optimal parameters N_opt (count)"
	for _, tc := range []struct {
		panels int
		shown  int
		note   string
	}{
		{1, 1, ""},
		{2, 2, ""},
		{3, 3, ""},
		{4, 4, ""},
		{5, 4, "Panels 1–4 of 5: all on the page"},
		{8, 4, "Panels 1–4 of 8: all on the page"},
	} {
		t.Run(fmt.Sprint(tc.panels), func(t *testing.T) {
			var panels strings.Builder
			panels.WriteString("panels:\n")
			for i := range tc.panels {
				fmt.Fprintf(&panels, "  - title: Panel %d\n    x: {field: n, title: Training FLOPs C}\n    y: {field: v, title: %s}\n", i+1, yName)
			}
			files := map[string]string{
				"scalesite.yaml":     "title: S\nstaticFigures: true\n",
				"content/p/index.md": "---\ntitle: Panels\n---\n```chart\ntitle: Panels\ndata: p.csv\nseries: s\n" + panels.String() + "```\n",
				"content/p/p.csv":    "s,n,v\na,1,2\na,2,3\nb,1,3\nb,2,5\n",
			}
			s, err := site.Load(writeSite(t, files), site.Options{})
			if err != nil {
				t.Fatal(err)
			}
			c := s.Body(s.Pages[0]).Charts[0]
			sc, _, err := newStatics(mustTheme(t, s)).cardScene(c, cardWords{heading: "Panels", site: "S"})
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.Clips) != tc.shown {
				t.Errorf("%d panels on the card, want %d", len(sc.Clips), tc.shown)
			}
			var notes, names []string
			for _, it := range sc.Items {
				switch {
				case it.Kind != "text":
				case it.Role == "note":
					notes = append(notes, it.Text)
				case strings.HasPrefix(it.Role, "axis-name-y"):
					names = append(names, it.Text)
				}
			}
			if want := []string{tc.note}; tc.note == "" && len(notes) > 0 || tc.note != "" && !slices.Equal(notes, want) {
				// (two series: the legend holds them)
				t.Errorf("the card's note is %q, want %q", notes, tc.note)
			}
			if len(names) == 0 {
				t.Errorf("no y name on the card")
			}
			for _, n := range names {
				if n != yName {
					t.Errorf("a y name %q on the card, want %q whole", n, yName)
				}
			}
			alt := cardAlt(c)
			left := fmt.Sprintf("The first %d of the chart's %d panels.", tc.shown, tc.panels)
			if got := strings.Contains(alt, left); got != (tc.shown < tc.panels) {
				t.Errorf("og:image:alt %q says %q: %v, want %v", alt, left, got, tc.shown < tc.panels)
			}
			if tc.shown < tc.panels && strings.Contains(alt, fmt.Sprintf("Panel %d", tc.shown+1)) {
				t.Errorf("og:image:alt %q describes panel %d, which the card does not show", alt, tc.shown+1)
			}
			checkCard(t, "p", sc, c, "Panels", "S")
		})
	}
}

// TestCardLongTitle: a chart title of 1,200 characters (words, one long
// word, CJK) leaves a card of 600 × 315 px whose plot reads, its title cut
// to cardTitleLines lines with "…".
func TestCardLongTitle(t *testing.T) {
	titles := map[string]string{
		"words": strings.Repeat("Held-out loss against training compute, ", 30)[:1200],
		"word":  strings.Repeat("W", 1200),
		"cjk":   strings.Repeat("損失と計算量", 200),
	}
	files := map[string]string{"scalesite.yaml": "title: S\nstaticFigures: true\n"}
	for name, title := range titles {
		files["content/"+name+"/index.md"] = "---\ntitle: T\n---\n```chart\ntitle: \"" + title + "\"\ndata: |\n  n,v\n  1,2\n  2,3\nx: n\ny: v\n```\n"
	}
	s, err := site.Load(writeSite(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := newStatics(mustTheme(t, s))
	for _, p := range s.Pages {
		sc, _, err := st.cardScene(s.Body(p).Charts[0], cardWords{heading: s.Body(p).Charts[0].Spec.Title, site: "Site"})
		if err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		if k := cardText / 12; math.Abs(sc.Width*k-CardWidth) > 0.5 || math.Abs(sc.Height*k-CardHeight) > 1 || lowestPlot(sc) < cardMinPlot {
			t.Errorf("%s: a card of %g × %g px, its plot %g units high", p.Path, sc.Width*k, sc.Height*k, lowestPlot(sc))
		}
		title := cardTitle(s.Body(p).Charts[0].Spec.Title, cardTitleLines)
		if !strings.HasSuffix(title, "…") {
			t.Errorf("%s: the card's title %q is not cut", p.Path, title)
		}
		lines := 0
		for _, it := range sc.Items {
			if it.Kind == "text" && it.FontSize == 16 {
				lines++
			}
		}
		if lines == 0 || lines > cardTitleLines {
			t.Errorf("%s: the card's title is %d lines, want 1 to %d", p.Path, lines, cardTitleLines)
		}
	}
	if got := cardTitle("Loss against compute", cardTitleLines); got != "Loss against compute" {
		t.Errorf("a short title is changed: %q", got)
	}
}

// TestCardIncremental: a Renderer that remembers (the preview's mechanism,
// here with static figures on) draws a page's card again when its chart
// changes, and keeps it when another page changes.
func TestCardIncremental(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"scalesite.yaml": "title: S\nstaticFigures: true\n",
		"content/a.md":   "---\ntitle: A\n---\n```chart\ndata: a.csv\nx: n\ny: v\n```\n",
		"content/a.csv":  "n,v\n1,2\n2,3\n",
		"content/b.md":   "---\ntitle: B\n---\n```chart\ndata: b.csv\nx: n\ny: v\n```\n",
		"content/b.csv":  "n,v\n1,2\n2,3\n",
	})
	s, rr := loadRenderer(t, dir, true)
	const aCard, bCard = "a/chart-a-1.card.png", "b/chart-b-1.card.png"
	cards := func(out *output.Output) map[string]string {
		m := map[string]string{}
		for _, f := range out.Files {
			if strings.HasSuffix(f.Path, ".card.png") && f.Data != nil { // made by this call
				m[f.Path] = string(f.Data)
			}
		}
		return m
	}
	out, err := rr.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	before := cards(out)
	entryA, entryB := rr.cache[aCard], rr.cache[bCard]
	if len(before) != 2 || entryA == nil || entryB == nil {
		t.Fatalf("first render: cards %d, cache entries %v %v", len(before), entryA, entryB)
	}
	writeSiteFile(t, dir, "content/b.csv", "n,v\n1,9\n2,3\n")
	n, err := s.Reload([]string{"content/b.csv"})
	if err != nil {
		t.Fatal(err)
	}
	out, err = rr.Render(n)
	if err != nil {
		t.Fatal(err)
	}
	after := cards(out)
	if _, made := after[aCard]; rr.cache[aCard] != entryA || made {
		t.Error("a's card was drawn again, though its page did not change")
	}
	if b, made := after[bCard]; rr.cache[bCard] == entryB || !made || b == before[bCard] {
		t.Error("b's card was not drawn again after its data changed")
	}
}

// TestCutText: the card's text alternative is cut at a word, marked.
func TestCutText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"one two three four", 12, "one two…"},
		{"abcdefghijklmnop", 8, "abcdefg…"},
		{"ééééééé", 4, "ééé…"},
		{"one two, three", 11, "one two…"},
	} {
		if got := cutText(tc.in, tc.max); got != tc.want {
			t.Errorf("cutText(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
}

// BenchmarkCard: one social card of the demo site (each page's card chart
// in turn): its Scene (option, layout, fallbacks), and the Scene drawn as
// the PNG.
func BenchmarkCard(b *testing.B) {
	s := loadDemo(b)
	rr, err := NewStreamRenderer(s)
	if err != nil {
		b.Fatal(err)
	}
	st := newStatics(rr.theme)
	var charts []*site.Chart
	for _, p := range s.Pages {
		if c := s.Body(p).CardChart(); c != nil {
			charts = append(charts, c)
		}
	}
	scenes := make([]*figure.Scene, len(charts))
	for i, c := range charts {
		if scenes[i], _, err = st.cardScene(c, cardWords{heading: "A page", site: "A site"}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("scene", func(b *testing.B) {
		defer benchcpu.Start(b)()
		for i := 0; b.Loop(); i++ {
			if _, _, err := st.cardScene(charts[i%len(charts)], cardWords{heading: "A page", site: "A site"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("png", func(b *testing.B) {
		defer benchcpu.Start(b)()
		for i := 0; b.Loop(); i++ {
			if err := figure.WritePNG(io.Discard, scenes[i%len(scenes)], figure.PNGOptions{Scale: cardText / 12, Palette: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("card", func(b *testing.B) {
		defer benchcpu.Start(b)()
		for i := 0; b.Loop(); i++ {
			if _, err := st.card(charts[i%len(charts)], cardWords{heading: "A page", site: "A site"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestCardHome: the home page's charts give it a card too, beside its
// CSV at the site's root.
func TestCardHome(t *testing.T) {
	got := renderSite(t, map[string]string{
		"scalesite.yaml":   "title: S\nbaseURL: https://example.org/s/\nstaticFigures: true\n",
		"content/index.md": cardPage("card: 2\n"),
	}, site.Options{})
	meta := cardMeta(got["index.html"])
	const name = "chart-home-2.card.png"
	if meta["og:image"] != "https://example.org/s/"+name || meta["twitter:card"] != "summary_large_image" {
		t.Errorf("home page: og:image %q, twitter:card %q", meta["og:image"], meta["twitter:card"])
	}
	if w, h, err := pngSize(got[name]); err != nil || w != 1200 || h != 630 {
		t.Errorf("%s: %d × %d, %v", name, w, h, err)
	}
}

// TestCardKeyPanels: the figure cache keys a card by the card's own
// option, which holds its first panels alone, so the key must also say
// how many panels the chart has: charts of 5 and 6 panels, alike in their
// first four, get cards of their own ("of 5", "of 6"), not one from the
// cache.
func TestCardKeyPanels(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	files := map[string]string{"scalesite.yaml": "title: S\nstaticFigures: true\n", "content/p.csv": "n,v\n1,2\n2,3\n"}
	for _, n := range []int{5, 6} {
		var panels strings.Builder
		for i := range n {
			fmt.Fprintf(&panels, "  - title: Panel %d\n    x: n\n    y: v\n", i+1)
		}
		files[fmt.Sprintf("content/p%d.md", n)] = "---\ntitle: Panels\n---\n```chart\ndata: p.csv\npanels:\n" + panels.String() + "```\n"
	}
	s, err := site.Load(writeSite(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := newStatics(mustTheme(t, s))
	if !st.cache.store.Writable() {
		t.Fatal("no figure cache: the test needs one")
	}
	var cards [][]byte
	for _, p := range s.Pages {
		if !strings.HasPrefix(p.Slug, "p") {
			continue
		}
		b, err := st.card(s.Body(p).Charts[0], cardWords{heading: "Panels", site: "S"})
		if err != nil {
			t.Fatal(err)
		}
		cards = append(cards, b)
	}
	if len(cards) != 2 || bytes.Equal(cards[0], cards[1]) {
		t.Errorf("%d cards; the cards of 5 and 6 panels are the same bytes", len(cards))
	}
}

// cardScene is cardSceneOf with the card's option made for it.
func (st *statics) cardScene(c *site.Chart, w cardWords) (*figure.Scene, scene.Medium, error) {
	return st.cardSceneOf(c, cardOption(cardChart(c, cardPanels(c))), w)
}

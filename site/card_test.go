package site

import (
	"strings"
	"testing"
)

// TestCardFrontMatter: card: names the chart of the page's social card by
// its number or its id; false asks for none; without it, the first chart.
// A card: that names no chart of the page is an error at its value.
func TestCardFrontMatter(t *testing.T) {
	const charts = "```chart\ndata: |\n  n,v\n  1,2\nx: n\ny: v\n```\n\n```chart\ndata: |\n  n,v\n  1,3\nx: n\ny: v\n```\n"
	for _, tc := range []struct {
		front string
		want  int // p.Card
		id    string
	}{
		{"", 0, "chart-p-1"},
		{"card: 2\n", 1, "chart-p-2"},
		{"card: chart-p-2\n", 1, "chart-p-2"},
		{"card: \" chart-p-1 \"\n", 0, "chart-p-1"},
		{"card: true\n", 0, "chart-p-1"},
		{"card: false\n", -1, ""},
	} {
		s := load(t, map[string]string{"content/p.md": "---\ntitle: P\n" + tc.front + "---\n" + charts}, Options{})
		p := page(t, s, "content/p.md")
		id := ""
		if c := s.Body(p).CardChart(); c != nil {
			id = c.ID
		}
		if p.Card != tc.want || id != tc.id {
			t.Errorf("%q: Card %d (%q), want %d (%q)", tc.front, p.Card, id, tc.want, tc.id)
		}
	}
	if b := body(t, load(t, map[string]string{"content/p.md": "---\ntitle: P\n---\nNo chart.\n"}, Options{}), "content/p.md"); b.CardChart() != nil {
		p := b.Page
		t.Errorf("a page without charts has a card: %d", p.Card)
	}
	for _, tc := range []struct{ front, body, want string }{
		{"card: 3\n", charts, `content/p.md:3:7: "card" names chart 3, but the page has 2 charts (numbered from 1)`},
		{"card: 0\n", charts, `content/p.md:3:7: "card" names chart 0, but the page has 2 charts (numbered from 1)`},
		{"card: chart-q-1\n", charts, `content/p.md:3:7: "card" names chart "chart-q-1", which is not on this page: its charts are "chart-p-1", "chart-p-2" (or write the chart's number: card: 1)`},
		{"card: 1\n", "No chart.\n", `content/p.md:3:7: "card" names a chart for the page's social card, but the page has no chart`},
		{"card: [1, 2]\n", charts, `content/p.md:3:7: "card" must be a single value, not a list`},
		{"card: \"\"\n", charts, `content/p.md:3:7: "card" needs a chart`},
	} {
		got := loadErr(t, map[string]string{"content/p.md": "---\ntitle: P\n" + tc.front + "---\n" + tc.body})
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%q: errors\n got %q\nwant %q", tc.front, got, tc.want)
		}
	}
}

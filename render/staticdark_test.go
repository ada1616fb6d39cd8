package render

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/themes"
)

// darkRule is one recolouring of the static figure in site.css's dark
// block: `.scalesite-static [fill="#54555a"] { fill: #cbcbce; }`, or the
// text halo's `text[stroke="#ffffff"], ... { stroke: #111418; }`.
var darkRule = regexp.MustCompile(`\.scalesite-static (text)?\[(fill|stroke)="([^"]+)"\][^{]*\{\s*(fill|stroke):\s*([^;]+);`)

// TestStaticDarkColours: the static figure is drawn once, in the light
// scheme, and site.css recolours it for the dark one by attribute
// selectors. Every colour scene.js gives an item differently in the dark
// (the same chart's Scene, light and dark, item by item) must have its
// rule there, turning the light colour into the dark one; otherwise a
// reader in the dark scheme sees light-scheme text or grid until the live
// chart is drawn, and always without JavaScript. (A series colour too dark
// for the dark page, which colors.js lightens there, is the exception: the
// static figure keeps it.)
func TestStaticDarkColours(t *testing.T) {
	css, err := fs.ReadFile(themes.Default(), "assets/site.css")
	if err != nil {
		t.Fatal(err)
	}
	_, darkCSS, ok := strings.Cut(string(css), "@media screen and (prefers-color-scheme: dark)")
	if !ok {
		t.Fatal("site.css has no dark block")
	}
	type key struct {
		attr, light string
		text        bool
	}
	rules := map[key]string{}
	for _, m := range darkRule.FindAllStringSubmatch(darkCSS, -1) {
		if m[2] != m[4] {
			t.Errorf("site.css: [%s=%q] sets %s", m[2], m[3], m[4])
		}
		rules[key{m[2], norm(m[3]), m[1] == "text"}] = norm(m[5])
	}
	if len(rules) == 0 {
		t.Fatal("no recolouring rule in site.css's dark block")
	}
	e, err := scene.New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	charts := chartcorpus.Charts(t, "..")
	if testing.Short() {
		charts = charts[:min(len(charts), 12)]
	}
	missing := map[string]string{}
	for _, c := range charts {
		d := layout.NewChart(c)
		option := chart.OptionBytes(d.Option)
		light, err := e.Scene(option, StaticWide, false)
		if err != nil {
			t.Fatal(err)
		}
		dark, err := e.Scene(option, StaticWide, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(light.Items) != len(dark.Items) {
			t.Errorf("chart %s: %d items light, %d dark: the dark scheme is laid out otherwise", c.ID, len(light.Items), len(dark.Items))
			continue
		}
		series := seriesColours(t, option)
		for i := range light.Items {
			l, k := &light.Items[i], &dark.Items[i]
			for _, p := range [][3]string{{"fill", l.Fill, k.Fill}, {"stroke", l.Stroke, k.Stroke}} {
				from, to := norm(p[1]), norm(p[2])
				if from == to || series[from] {
					// a series' colour that colors.js makes lighter for
					// the dark page (one too dark to read on it) is left
					// as it is: a selector cannot tell it from a text
					// colour of the same value
					continue
				}
				got, ok := rules[key{p[0], from, false}]
				if !ok && l.Kind == "text" {
					got, ok = rules[key{p[0], from, true}]
				}
				if !ok || got != to {
					missing[p[0]+" "+from+" → "+to] = c.ID + " (" + l.Kind + " " + l.Role + ")"
				}
			}
		}
	}
	for rule, where := range missing {
		t.Errorf("site.css's dark block does not turn %s, as chart %s has it", rule, where)
	}
	t.Logf("%d charts, %d rules", len(charts), len(rules))
}

// seriesColours are the colours the option gives its series, normalised.
func seriesColours(t *testing.T, option []byte) map[string]bool {
	var o struct {
		Color  []string
		Series []struct {
			ItemStyle, LineStyle, AreaStyle struct{ Color any }
		}
	}
	if err := json.Unmarshal(option, &o); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, c := range o.Color {
		out[norm(c)] = true
	}
	for _, s := range o.Series {
		for _, c := range []any{s.ItemStyle.Color, s.LineStyle.Color, s.AreaStyle.Color} {
			if c, ok := c.(string); ok {
				out[norm(c)] = true
			}
		}
	}
	return out
}

// norm writes a CSS colour without spaces, in lower case.
func norm(c string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimSpace(c), " ", ""))
}

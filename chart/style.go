package chart

import (
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// palette gives series their colours in first-seen order: ten hues that
// keep at least 3:1 contrast against both the light (#ffffff) and the dark
// (#111418) page, so a series reads in either scheme and keeps its colour
// when the scheme changes. It is the site's only palette: the option
// carries each series' colour and the site script draws it as given
// (TestSeriesCarryTheirColours; e2e's TestDemoSiteInChromium checks the
// drawn colours), and TestPaletteContrast checks the contrast.
//
// Tableau 10's hue families (blue, orange, red, teal, green, yellow,
// purple, pink, brown, grey) tuned into the band where every colour has at
// least 3:1 contrast (WCAG 2.x, graphics) on both page backgrounds:
// relative luminance 0.121..0.300. Five of the Tableau originals (#f28e2b
// #76b7b2 #edc948 #ff9da7 #bab0ac) are below 3:1 on white. Contrast on
// #ffffff / #111418:
//
//	#3b75af 4.83 / 3.83   blue
//	#e5731b 3.09 / 5.98   orange
//	#c23b3d 5.27 / 3.51   red
//	#2a9d8f 3.32 / 5.56   teal
//	#4f9a3f 3.48 / 5.30   green
//	#b8860b 3.25 / 5.67   yellow (dark goldenrod: no yellow reads on white)
//	#9a5ea1 4.68 / 3.95   purple
//	#d4577d 3.85 / 4.80   pink
//	#8c6d4f 4.76 / 3.88   brown
//	#6e7c8c 4.26 / 4.33   grey (slate)
//
// Smallest OKLab distance between two of them 0.085 (Tableau 10: 0.084);
// with simulated deuteranopia / protanopia (Machado 2009) 0.028 / 0.016
// (Tableau 10: 0.007 / 0.009).
var palette = [...]string{"#3b75af", "#e5731b", "#c23b3d", "#2a9d8f", "#4f9a3f", "#b8860b", "#9a5ea1", "#d4577d", "#8c6d4f", "#6e7c8c"}

// PaletteSize is the number of series colours in the palette: a chart of
// more series than this repeats colours.
const PaletteSize = len(palette)

// namedColors maps the colour words researchers use for a series to the
// palette's version of that hue, so "red" matches the other series' tones.
var namedColors = map[string]string{
	"blue": "#3b75af", "orange": "#e5731b", "red": "#c23b3d", "teal": "#2a9d8f", "green": "#4f9a3f",
	"yellow": "#b8860b", "purple": "#9a5ea1", "pink": "#d4577d", "brown": "#8c6d4f", "gray": "#6e7c8c", "grey": "#6e7c8c",
}

// After the palette's colours, series are told apart by marker and dash:
// the k-th series to reuse a colour gets symbols[k] and dashes[k], so no two
// series share colour, marker and dash.
var (
	symbols = []string{"circle", "rect", "triangle", "diamond", "emptyCircle", "emptyRect", "emptyTriangle", "emptyDiamond", "pin", "arrow"}
	dashes  = [][]int{nil, {6, 3}, {2, 2}, {8, 3, 2, 3}, {12, 4}, {4, 2, 1, 2}}
)

// SeriesStyle is how one series looks in every panel.
type SeriesStyle struct {
	Color  string
	Symbol string
	Dash   []int // nil for a solid line
	// Width (px) and Draw (chartspec.DrawLine, DrawPoints, DrawBoth) are the
	// spec's `style`, where it sets them (marks.go); zero leaves the
	// renderer's choice.
	Width float64
	Draw  string
}

// SeriesStyles gives each series name one look, the same in every panel,
// in first-seen order. Colours the spec names are kept; the others take the
// palette's colours in order, skipping those the spec gave to other series.
func SeriesStyles(c *site.Chart) map[string]SeriesStyle {
	resolve := func(col string) string {
		if named, ok := namedColors[strings.ToLower(col)]; ok {
			return named
		}
		return col
	}
	names := orderNames(c.Spec.Order, styleNames(c))
	colors := make(map[string]string, len(names))
	taken := map[string]bool{}
	for k, name := range names {
		if v, ok := specColor(c.Spec, name); ok {
			colors[name] = resolve(v)
		} else if k < len(c.Spec.ColorList) {
			colors[name] = resolve(c.Spec.ColorList[k])
		}
		if col, ok := colors[name]; ok {
			taken[strings.ToLower(col)] = true
		}
	}
	// Free palette colours first; once all are used, the palette again in
	// order (markers and dashes then tell the series apart).
	var free []string
	for _, col := range palette {
		if !taken[col] {
			free = append(free, col)
		}
	}
	next := 0
	for _, name := range names {
		if _, ok := colors[name]; ok {
			continue
		}
		if next < len(free) {
			colors[name] = free[next]
		} else {
			colors[name] = palette[(next-len(free))%len(palette)]
		}
		next++
	}
	out := make(map[string]SeriesStyle, len(names))
	uses := map[string]int{}
	for _, name := range names {
		col := colors[name]
		k := uses[strings.ToLower(col)]
		uses[strings.ToLower(col)]++
		out[name] = SeriesStyle{Color: col, Symbol: symbols[k%len(symbols)], Dash: dashes[k%len(dashes)]}
	}
	applySpecStyles(c.Spec, names, out)
	return out
}

// StyleKey is the name a series' look is kept under in SeriesStyles: its
// name, or, for the one series of a panel without a series column, its
// legend entry (the y axis' title). Two panels' lone series ("Optimal
// parameters", "Optimal tokens") are two entries of the shared legend, so
// they get two looks; keyed by their empty data name they would get one,
// and the legend could not be read.
func StyleKey(p chartspec.Panel, s site.Series) string {
	if p.Named() {
		return s.Name
	}
	return seriesName(p, s, nil)
}

// styleNames lists the style keys of a chart's series, in first-seen
// order across its panels.
func styleNames(c *site.Chart) []string {
	var names []string
	seen := map[string]bool{}
	for i, data := range c.Panels {
		for _, s := range data.Series {
			k := s.Name
			if i < len(c.Spec.Panels) {
				k = StyleKey(c.Spec.Panels[i], s)
			}
			if !seen[k] {
				seen[k] = true
				names = append(names, k)
			}
		}
	}
	return names
}

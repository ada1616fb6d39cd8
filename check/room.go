package check

import (
	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/site"
)

// roomWidths are the chart widths a reference line's label is laid out at:
// a phone's (375 px less the page's margins) and a wide desktop's.
var roomWidths = [...]int{335, 1006}

// LabelRoom warns about the labels of reference lines (hlines, vlines) that
// cover a point or a line wherever they go along their line, at a phone's
// or a desktop's width. The theme's own layout decides it (chartlayout.js,
// labels.js placeLineLabels, run at build time by internal/scene), the one
// the page runs: the live chart lays its labels out in the reader's browser
// and can tell no one, so check asks the same scripts here. Point labels
// left out for want of room are Labels' to warn about. The built-in
// theme's scripts are run (a site's own overrides are not read here).
func LabelRoom(c *site.Chart) diag.List {
	lines := labelledRefLines(c)
	if len(lines) == 0 {
		return nil
	}
	eng, err := scene.New(figure.MeasureFont)
	if err != nil {
		return nil // the build reports a broken theme where it draws figures
	}
	option := chart.OptionBytes(chart.Option(c))
	crowded := map[string]int{} // label → the narrowest width it has no room at
	for _, w := range roomWidths {
		notes, err := eng.Notes(option, w)
		if err != nil {
			return nil
		}
		for _, n := range notes {
			if _, seen := crowded[n.Text]; n.Kind == "refLabel" && !seen {
				crowded[n.Text] = w
			}
		}
	}
	var out diag.List
	for _, l := range lines {
		w, ok := crowded[l.Label]
		if !ok {
			continue
		}
		delete(crowded, l.Label) // one warning per label
		where := "on a phone"
		if w > 500 {
			where = "on a wide screen"
		}
		pos := l.Pos
		if pos.File == "" {
			pos = chartPos(c)
		}
		out = append(out, diag.Errorf(pos,
			"the reference line's label %q covers a point or a line %s, at its end, its start and its middle: shorten the label, or widen the axis range (min:, max:) to give it room beside the points",
			l.Label, where))
	}
	return out
}

// labelledRefLines lists the reference lines of c with a label.
func labelledRefLines(c *site.Chart) []chartspec.RefLine {
	if c.Spec == nil {
		return nil
	}
	var out []chartspec.RefLine
	for _, p := range c.Spec.Panels {
		for _, l := range append(append([]chartspec.RefLine(nil), p.Marks.HLines...), p.Marks.VLines...) {
			if l.Label != "" {
				out = append(out, l)
			}
		}
	}
	return out
}

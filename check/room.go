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
// a phone's and a wide desktop's chart box.
var roomWidths = [...]int{scene.PhoneWidth, scene.DesktopWidth}

// LabelRoom warns about the labels of reference lines (hlines, vlines) that
// cover a point or a line wherever they go along their line, and those of
// bands that do in every corner of their band, at a phone's
// or a desktop's width. The theme's own layout decides it (chartlayout.js,
// labels.js placeLineLabels, run at build time by internal/scene), the one
// the page runs: the live chart lays its labels out in the reader's browser
// and can tell no one, so check asks the same scripts here. Point labels
// left out for want of room are Labels' to warn about. The built-in
// theme's scripts are run (a site's own overrides are not read here).
func LabelRoom(c *site.Chart) diag.List {
	lines := labelledMarks(c)
	if len(lines) == 0 {
		return nil
	}
	eng, err := scene.New(figure.MeasureFont)
	if err != nil {
		return nil // the build reports a broken theme where it draws figures
	}
	option := chart.OptionBytes(chart.Option(c))
	crowded := map[string]int{} // kind and label → the narrowest width it has no room at
	for _, w := range roomWidths {
		notes, err := eng.Notes(option, w)
		if err != nil {
			return nil
		}
		for _, n := range notes {
			if _, seen := crowded[n.Kind+"\x00"+n.Text]; (n.Kind == "refLabel" || n.Kind == "bandLabel") && !seen {
				crowded[n.Kind+"\x00"+n.Text] = w
			}
		}
	}
	var out diag.List
	for _, l := range lines {
		key := l.kind + "\x00" + l.Label
		w, ok := crowded[key]
		if !ok {
			continue
		}
		delete(crowded, key) // one warning per label
		where := "on a phone"
		if w > 500 {
			where = "on a wide screen"
		}
		pos := l.Pos
		if pos.File == "" {
			pos = chartPos(c)
		}
		if l.kind == "bandLabel" {
			out = append(out, diag.Warnf(diag.LabelRoom, pos,
				"the band's label %q covers a point or a line %s, in every corner of its band: shorten the label, or widen the axis range (min:, max:) to give it room beside the points",
				l.Label, where))
			continue
		}
		out = append(out, diag.Warnf(diag.LabelRoom, pos,
			"the reference line's label %q covers a point or a line %s, at its end, its start and its middle: shorten the label, or widen the axis range (min:, max:) to give it room beside the points",
			l.Label, where))
	}
	return out
}

// markLabel is a reference line's or a band's label, where the spec
// sets it; kind is the layout's name for it (scene.Note's Kind).
type markLabel struct {
	kind, Label string
	Pos         diag.Pos
}

// labelledMarks lists the labels of c's reference lines and bands.
func labelledMarks(c *site.Chart) []markLabel {
	if c.Spec == nil {
		return nil
	}
	var out []markLabel
	for _, p := range c.Spec.Panels {
		for _, l := range append(append([]chartspec.RefLine(nil), p.Marks.HLines...), p.Marks.VLines...) {
			if l.Label != "" {
				out = append(out, markLabel{"refLabel", l.Label, l.Pos})
			}
		}
		for _, b := range p.Marks.Bands {
			if b.Label != "" {
				out = append(out, markLabel{"bandLabel", b.Label, b.Pos})
			}
		}
	}
	return out
}

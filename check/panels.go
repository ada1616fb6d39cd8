package check

import (
	"fmt"
	"math"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/site"
)

// A chart's panels are measured as the page draws them: the theme's own
// layout (chartlayout.js frame, which puts fewer panels in a row on a
// narrower chart, and one a row on a phone) run by internal/scene at the
// width of a chart's box on a wide screen, a tablet and a phone, and each
// plot's width read from the Scene.
const (
	// minPlotWidth is the narrowest plot (the area inside a panel's axes)
	// worth reading: half the narrowest panel the layout draws beside
	// others (240 px), the other half its tick labels, its axis title and
	// the gap to the next. The layout's own plots at that width are about
	// 140 to 170 px wide: a plot narrower than this lost its room to long
	// tick labels.
	minPlotWidth = 120
)

// panelWidths are the chart widths the panels are laid out at, widest
// first, with what each is called in a warning.
var panelWidths = [...]struct {
	px   int
	name string
}{
	{scene.DesktopWidth, "on a wide screen"},
	{scene.TabletWidth, "on a tablet"},
	{scene.PhoneWidth, "on a phone"},
}

// drawnPanels is a chart's layout at one width, as the page draws it.
type drawnPanels struct {
	columns int     // panels side by side in the first row
	panel   int     // the panel with the narrowest plot
	plot    float64 // that plot's width, CSS px
}

// NarrowPanels warns about a chart of several panels that the page draws
// with a plot too narrow to read, at the widest of a wide screen's, a
// tablet's or a phone's chart width where it does, and says which columns
// value (laid out again the same way) gives every plot room. The built-in
// theme's scripts are run (a site's own overrides are not read here).
func NarrowPanels(c *site.Chart) diag.List {
	if c.Spec == nil || len(c.Spec.Panels) < 2 {
		return nil
	}
	eng, err := scene.New(figure.MeasureFont)
	if err != nil {
		return nil // the build reports a broken theme where it draws figures
	}
	drawn, err := layOut(eng, c)
	if err != nil {
		return nil
	}
	at := -1
	for i, d := range drawn {
		if d.plot < minPlotWidth {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	d, w := drawn[at], panelWidths[at]
	row := "one panel a row"
	if d.columns > 1 {
		row = fmt.Sprintf("%d panels side by side", d.columns)
	}
	msg := fmt.Sprintf("%s's plot is drawn %d px wide %s (%s in a chart %s px wide), too narrow to read its ticks",
		panelLabel(c, d.panel), int(math.Floor(d.plot)), w.name, row, diag.Thousands(w.px))
	if k := fewerColumns(eng, c, d.columns); k > 0 {
		msg += fmt.Sprintf(": set columns: %d (or fewer)", k)
	} else {
		msg += ": shorten its y axis' tick labels, which take the width its plot needs (format: si or sci writes long numbers shorter)"
	}
	return diag.List{diag.Warnf(diag.NarrowPanels, chartPos(c), "%s", msg)}
}

// layOut lays chart c out at each of panelWidths with eng, as the page
// does.
func layOut(eng *scene.Engine, c *site.Chart) ([len(panelWidths)]drawnPanels, error) {
	var out [len(panelWidths)]drawnPanels
	widths := make([]int, len(panelWidths))
	for i, w := range panelWidths {
		widths[i] = w.px
	}
	scenes, err := eng.Plots(chart.OptionBytes(chart.Option(c)), widths)
	if err != nil {
		return out, err
	}
	for i, s := range scenes {
		out[i] = measurePanels(s)
	}
	return out, nil
}

// measurePanels reads a Scene's plots (its clip rectangles, one per
// panel, in the panels' order): how many stand in the first row (until
// one starts left of the right edge of the one before) and which is
// narrowest.
func measurePanels(s *figure.Scene) drawnPanels {
	d := drawnPanels{columns: len(s.Clips), plot: math.Inf(1)}
	for i, r := range s.Clips {
		if prev := s.Clips[max(0, i-1)]; i > 0 && r.X < prev.X+prev.W && d.columns == len(s.Clips) {
			d.columns = i
		}
		if r.W < d.plot {
			d.panel, d.plot = i, r.W
		}
	}
	return d
}

// fewerColumns is the most columns, fewer than drawn, at which chart c's
// every plot has room at every width; 0 when even one a row leaves one
// too narrow (its tick labels take the room, not its neighbours).
func fewerColumns(eng *scene.Engine, c *site.Chart, drawn int) int {
	for k := drawn - 1; k >= 1; k-- {
		spec := *c.Spec
		spec.Columns = k
		alt := *c
		alt.Spec = &spec
		layouts, err := layOut(eng, &alt)
		if err != nil {
			return 0
		}
		roomy := true
		for _, d := range layouts {
			roomy = roomy && d.plot >= minPlotWidth
		}
		if roomy {
			return k
		}
	}
	return 0
}

// panelLabel names panel i of c at the start of a sentence: `panel "Loss"`
// or `panel 2`.
func panelLabel(c *site.Chart, i int) string {
	if t := c.Spec.Panels[i].Title; t != "" {
		return fmt.Sprintf("panel %q", t)
	}
	return fmt.Sprintf("panel %d", i+1)
}

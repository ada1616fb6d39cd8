package chart

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// AltText describes a chart in words for screen readers and for readers
// without JavaScript: what is plotted against what, and which series.
func AltText(c *site.Chart) string {
	var b strings.Builder
	sc := c.Spec
	if sc.Title != "" {
		b.WriteString(sc.Title)
		b.WriteString(". ")
	}
	for i, p := range sc.Panels {
		if i > 0 {
			b.WriteString(" ")
		}
		kind := "Line chart"
		if p.Type == chartspec.TypeScatter {
			kind = "Scatter plot"
		}
		if sc.HasPanels {
			b.WriteString("Panel ")
			b.WriteString(strconv.Itoa(i + 1))
			if p.Title != "" {
				b.WriteString(" (")
				b.WriteString(p.Title)
				b.WriteString(")")
			}
			b.WriteString(": ")
			kind = strings.ToLower(kind[:1]) + kind[1:]
		}
		b.WriteString(kind)
		b.WriteString(" of ")
		b.WriteString(axisName(p.Y))
		b.WriteString(scaleNote(p.Y))
		b.WriteString(" against ")
		b.WriteString(axisName(p.X))
		b.WriteString(scaleNote(p.X))
		names, n := 0, 0
		for _, s := range c.Panels[i].Series {
			if s.Name != "" {
				names++
			}
			n += drawn(s.Points)
		}
		b.WriteString(", ")
		b.WriteString(strconv.Itoa(n))
		b.WriteString(" points")
		if names > 0 {
			b.WriteString(" in ")
			b.WriteString(strconv.Itoa(names))
			b.WriteString(" series: ")
			sep := ""
			for _, s := range c.Panels[i].Series {
				if s.Name != "" {
					b.WriteString(sep)
					b.WriteString(s.Name)
					if s.Runs != nil {
						b.WriteString(" (" + s.RunsText() + ")")
					}
					sep = ", "
				}
			}
		}
		b.WriteString(".")
		b.WriteString(groupAlt(p, c.Panels[i].Series))
		// a fitted law is what many a scaling chart is for: say it
		ysym, xsym := symbols2(c.Spec, i)
		for _, f := range c.Panels[i].Fits {
			b.WriteString(" Fit")
			if f.Series != "" {
				fmt.Fprintf(&b, " to %s", f.Series)
			}
			fmt.Fprintf(&b, ": %s.", fitDescription(f, ysym, xsym))
		}
		if p.Frontier.Dir != "" {
			b.WriteString(" The frontier (best so far along x) is marked.")
		}
		b.WriteString(smoothNote(p))
	}
	return b.String()
}

func scaleNote(a chartspec.Axis) string {
	if a.Scale == chartspec.ScaleLog {
		return " (log scale)"
	}
	return ""
}

package render

import (
	"fmt"
	"strings"

	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/spec"
)

// altText describes a chart in words for screen readers and for readers
// without JavaScript: what is plotted against what, and which series.
func altText(c *site.Chart) string {
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
		if p.Type == spec.TypeScatter {
			kind = "Scatter plot"
		}
		if sc.HasPanels {
			fmt.Fprintf(&b, "Panel %d", i+1)
			if p.Title != "" {
				fmt.Fprintf(&b, " (%s)", p.Title)
			}
			b.WriteString(": ")
			kind = strings.ToLower(kind[:1]) + kind[1:]
		}
		fmt.Fprintf(&b, "%s of %s against %s", kind, axisName(p.Y)+scaleNote(p.Y), axisName(p.X)+scaleNote(p.X))
		var names []string
		n := 0
		for _, s := range c.Panels[i].Series {
			if s.Name != "" {
				names = append(names, s.Name)
			}
			n += drawn(s.Points)
		}
		fmt.Fprintf(&b, ", %d points", n)
		if len(names) > 0 {
			fmt.Fprintf(&b, " in %d series: %s", len(names), strings.Join(names, ", "))
		}
		b.WriteString(".")
		// a fitted law is what many a scaling chart is for: say it
		ysym, xsym := symbols2(p)
		for _, f := range c.Panels[i].Fits {
			b.WriteString(" Fit")
			if f.Series != "" {
				fmt.Fprintf(&b, " to %s", f.Series)
			}
			fmt.Fprintf(&b, ": %s (%s).", f.Formula(ysym, xsym), f.R2Text())
		}
		if p.Frontier.Dir != "" {
			b.WriteString(" The frontier (best so far along x) is marked.")
		}
	}
	return b.String()
}

func scaleNote(a spec.Axis) string {
	if a.Scale == spec.ScaleLog {
		return " (log scale)"
	}
	return ""
}

package check

import (
	"fmt"
	"strings"
	"testing"
)

// TestLabelRoom: a reference line's label is warned about, at the line that
// sets it, only when the theme's layout finds it no free place along its
// line: a line through a run of points on a phone, not one with room at
// its end.
func TestLabelRoom(t *testing.T) {
	var along, clear strings.Builder
	along.WriteString("x,y\n")
	clear.WriteString("x,y\n")
	for i := range 120 {
		// points all along y = 1.69, a little above and below it
		fmt.Fprintf(&along, "%d,%g\n", i, 1.69+0.01*float64(i%3-1))
		fmt.Fprintf(&clear, "%d,%g\n", i, 2+float64(i)/120)
	}
	spec := func(data string) string {
		return "type: scatter\ndata: |\n  " + strings.ReplaceAll(strings.TrimSpace(data), "\n", "\n  ") +
			"\nx: {field: x}\ny: {field: y, min: 1.5, max: 3.2}\nhlines:\n  - {y: 1.69, label: 'E = 1.69 (irreducible)'}\n"
	}
	for _, c := range []struct {
		name, data string
		want       bool
	}{{"points along the line", along.String(), true}, {"room at the end", clear.String(), false}} {
		t.Run(c.name, func(t *testing.T) {
			s := load(t, map[string]string{"scalesite.yaml": withConfig, "content/p.md": page(spec(c.data))})
			got := LabelRoom(s.Body(s.Pages[0]).Charts[0])
			if !c.want {
				if len(got) != 0 {
					t.Errorf("LabelRoom = %v, want none", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("LabelRoom = %v, want one warning", got)
			}
			msg := got[0].Error()
			// the line of the hline's entry: the page's chart starts at line 6
			if !strings.Contains(msg, "content/p.md:") || !strings.Contains(msg, `"E = 1.69 (irreducible)"`) || !strings.Contains(msg, "on a phone") {
				t.Errorf("warning = %s", msg)
			}
			t.Log(msg)
		})
	}
}

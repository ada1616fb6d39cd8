package figure

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// sharedLine is a noisy polyline of n points across the plot (x0, y0, w,
// h), as a loss curve is drawn.
func sharedLine(n int, x0, y0, w, h float64) []float64 {
	p := make([]float64, 0, 2*n)
	for i := range n {
		f := float64(i) / float64(n-1)
		v := 0.2 + 0.7*math.Exp(-4*f) + 0.05*math.Sin(float64(i*7))
		p = append(p, x0+f*w, y0+v*h)
	}
	return p
}

func TestMatchPaths(t *testing.T) {
	line := Item{Kind: "path", Stroke: "#3b75af", LineWidth: 1.5}
	band := Item{Kind: "path", Fill: "#3b75af", Opacity: 0.2, Close: true}
	at := func(it Item, p []float64) Item { it.Points = p; return it }
	base := &Scene{Width: 1006, Height: 440, Items: []Item{
		{Kind: "text", Text: "15", X: 50, Y: 40},
		at(line, sharedLine(300, 64, 42, 926, 318)),
		at(band, sharedLine(134, 64, 42, 926, 318)),
		at(line, sharedLine(20, 64, 42, 926, 318)), // too short to share
	}}
	bent := sharedLine(300, 56, 42, 662, 318)
	bent[301] += 0.5 // one point half a pixel off: not the base's line moved
	dashed := at(line, sharedLine(300, 56, 42, 662, 318))
	dashed.Dash = []float64{4, 2}
	other := at(line, sharedLine(300, 56, 42, 662, 318))
	other.Stroke = "#e5731b"
	s := &Scene{Width: 742, Height: 440, Items: []Item{
		at(band, sharedLine(134, 56, 42, 662, 318)), // 0: the band, moved
		at(line, sharedLine(300, 40, 30, 290, 250)), // 1: the line, scaled both ways
		at(line, bent), // 2
		dashed,         // 3
		other,          // 4: another colour
		at(line, sharedLine(20, 56, 42, 662, 318)),    // 5: short
		at(line, sharedLine(300, 990, 42, -926, 318)), // 6: mirrored
	}}
	reuse, named := MatchPaths(base, s)
	if len(reuse) != 2 || len(named) != 2 || !named[1] || !named[2] {
		t.Fatalf("MatchPaths = %v, %v; want items 0 and 1 drawn as base items 2 and 1", reuse, named)
	}
	for j, ref := range map[int]int{0: 2, 1: 1} {
		r, ok := reuse[j]
		if !ok || r.Ref != ref {
			t.Fatalf("item %d: %+v, want a reuse of base item %d", j, r, ref)
		}
		from, to := base.Items[ref].Points, s.Items[j].Points
		for i := 0; i+1 < len(from); i += 2 {
			if dx, dy := r.Sx*from[i]+r.Tx-to[i], r.Sy*from[i+1]+r.Ty-to[i+1]; math.Hypot(dx, dy) > sharedTolerance*math.Sqrt2 {
				t.Fatalf("item %d, point %d: off by (%g, %g) px", j, i/2, dx, dy)
			}
		}
	}
	if r, n := MatchPaths(base, &Scene{Items: []Item{base.Items[0]}}); r != nil || n != nil {
		t.Errorf("no path to share: %v, %v, want nil", r, n)
	}
}

// TestSVGReuse: the base picture names the paths another reuses, with a
// stroke that keeps its width when scaled; the other draws a <use> of
// each, with the transform and paint but not the opacity (which the path
// brings), and writes its own paths as before.
func TestSVGReuse(t *testing.T) {
	line := Item{Kind: "path", Stroke: "#3b75af", LineWidth: 1.5, Points: sharedLine(300, 64, 42, 926, 318)}
	band := Item{Kind: "path", Fill: "#3b75af", Opacity: 0.2, Close: true, Points: sharedLine(134, 64, 42, 926, 318)}
	base := &Scene{Width: 1006, Height: 440, Items: []Item{band, line}}
	l2, b2 := line, band
	l2.Points, b2.Points = sharedLine(300, 40, 30, 290, 250), sharedLine(134, 40, 30, 290, 250)
	s := &Scene{Width: 336, Height: 392, Items: []Item{b2, l2, {Kind: "path", Stroke: "#000", Points: []float64{0, 0, 10, 0, 10, 5}}}}
	reuse, named := MatchPaths(base, s)

	var b bytes.Buffer
	if err := WriteSVG(&b, base, SVGOptions{Named: named}); err != nil {
		t.Fatal(err)
	}
	checkXML(t, b.Bytes())
	// the named paths' paint on a group around each, which a <use> does
	// not bring (site.css recolours the <use>'s for the dark scheme)
	for _, want := range []string{`<g fill="#3b75af"><path id="p0" d="M`, `z" opacity=".2"/></g>`,
		`<g fill="none" stroke="#3b75af" stroke-width="1.5"><path id="p1" vector-effect="non-scaling-stroke" d="M`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the base picture lacks %s:\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := WriteSVG(&b, s, SVGOptions{Reuse: reuse}); err != nil {
		t.Fatal(err)
	}
	checkXML(t, b.Bytes())
	out := b.String()
	for _, want := range []string{
		`<use href="#p0" transform="matrix(.313175 0 0 .786164 19.957 -3.019)" fill="#3b75af"/>`,
		`<use href="#p1" transform="matrix(.313175 0 0 .786164 19.957 -3.019)" fill="none" stroke="#3b75af" stroke-width="1.5"/>`,
		`<path d="M0 0h10v5" fill="none" stroke="#000"/>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the picture lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "opacity") {
		t.Errorf("a <use> carries the opacity its path brings too:\n%s", out)
	}
}

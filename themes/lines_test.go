package themes

import (
	"encoding/json"
	"math"
	"testing"
)

// Issue 33: labels respect everything drawn. A frontier's staircase or a
// fit line runs through the labels placed beside its points unless the
// placer keeps off it, and a reference line's label at its usual end
// covers the points there.

// segThrough: does the segment pass through r shrunk by 1 px?
func segThrough(x1, y1, x2, y2 float64, r rect) bool {
	rx, ry, rw, rh := r.X+1, r.Y+1, r.W-2, r.H-2
	t0, t1 := 0.0, 1.0
	dx, dy := x2-x1, y2-y1
	for _, pq := range [4][2]float64{{-dx, x1 - rx}, {dx, rx + rw - x1}, {-dy, y1 - ry}, {dy, ry + rh - y1}} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			t0 = math.Max(t0, t)
		} else {
			if t < t0 {
				return false
			}
			t1 = math.Min(t1, t)
		}
	}
	return t0 < t1
}

// TestPlaceLabelsOffLines: the MMLU frontier of TestTextsClear's hard case
// as Chromium drew it at 800 px (the frontier's points, their labels'
// widths, the staircase through them, step 'end'): every label finds a
// place the staircase does not run through. Without opts.lines the labels
// beside their points lay on the staircase's treads.
func TestPlaceLabelsOffLines(t *testing.T) {
	plot := placeBounds{X: 64, Y: 44, Width: 720, Height: 300}
	pts := []struct{ x, y, w float64 }{
		{97, 248, 79}, {160, 214, 62}, {215, 183, 74}, {300, 150, 58}, {394, 95, 76},
		{488, 80, 76}, {560, 70, 63}, {640, 60, 88},
	}
	var c labelCase
	c.name = "frontier staircase"
	c.maxLeader = plot.Width / 4
	var stair []float64
	for i, p := range pts {
		c.labelled(p.x, p.y, p.w, plot)
		if i > 0 {
			stair = append(stair, p.x, pts[i-1].y) // the tread, then the riser
		}
		stair = append(stair, p.x, p.y)
	}
	c.lines = [][]float64{stair}
	out := runLabels(t, "labels", []labelCase{c})
	var placed []*placement
	if err := json.Unmarshal([]byte(out[0]), &placed); err != nil {
		t.Fatal(err)
	}
	if n := checkReadable(t, c, placed); n != len(pts) {
		t.Errorf("%d of %d labels placed, want all: there is room", n, len(pts))
	}
	for i, p := range placed {
		if p == nil {
			continue
		}
		r := rect{p.X, p.Y, c.items[i].W, c.items[i].H}
		for k := 0; k+3 < len(stair); k += 2 {
			if segThrough(stair[k], stair[k+1], stair[k+2], stair[k+3], r) {
				t.Errorf("label %d %+v lies under the staircase", i, r)
				break
			}
		}
	}
}

type lineRef struct {
	AX     float64     `json:"ax"`
	AY     float64     `json:"ay"`
	BX     float64     `json:"bx"`
	BY     float64     `json:"by"`
	W      float64     `json:"w"`
	H      float64     `json:"h"`
	Dist   float64     `json:"dist"`
	Bounds placeBounds `json:"bounds"`
}

type lineSpot struct {
	Position string      `json:"position"`
	Free     bool        `json:"free"`
	Box      placeBounds `json:"box"`
}

// TestPlaceLineLabels: Chinchilla's irreducible loss, E = 1.69, as a
// reference line under a fit that approaches it at the right end, where
// ECharts puts the label (insideEndTop): the label moves to a free place;
// a line with points all along it, both sides: no place is free, and the
// placer says so (the chart's author is warned); a band's label moves to a
// free corner.
func TestPlaceLineLabels(t *testing.T) {
	plot := placeBounds{X: 64, Y: 40, Width: 700, Height: 300}
	ref := lineRef{AX: 64, AY: 300, BX: 764, BY: 300, W: 130, H: 14, Dist: 5, Bounds: plot}
	// the fit L = E + A·C^-b, falling from the top left to 4 px over E
	var fit []float64
	for i := 0; i <= 100; i++ {
		x := 64 + 7*float64(i)
		fit = append(fit, x, 296-250*math.Exp(-float64(i)/18))
	}
	var along []marker
	for x := 64.0; x <= 764; x += 8 {
		along = append(along, marker{x, 294, 4}, marker{x, 306, 4})
	}
	cases := []map[string]any{
		{"kind": "lineLabels", "refs": []lineRef{ref}, "lines": [][]float64{fit}},
		{"kind": "lineLabels", "refs": []lineRef{ref}, "markers": along},
	}
	out := runHarness(t, cases)
	var got [2][]lineSpot
	for i := range out {
		if err := json.Unmarshal([]byte(out[i]), &got[i]); err != nil {
			t.Fatalf("case %d: %v: %s", i, err, out[i])
		}
	}
	if s := got[0][0]; !s.Free || s.Position == "insideEndTop" {
		t.Errorf("under the fit: %+v, want a free place other than insideEndTop", s)
	} else {
		b := rect{s.Box.X, s.Box.Y, s.Box.Width, s.Box.Height}
		for k := 0; k+3 < len(fit); k += 2 {
			if segThrough(fit[k], fit[k+1], fit[k+2], fit[k+3], b) {
				t.Errorf("the label %+v lies under the fit", s)
				break
			}
		}
	}
	if s := got[1][0]; s.Free {
		t.Errorf("points all along the line: %+v, want free false", s)
	}

	// a band's label (its places given: the band's corners) whose usual
	// corner, top left, holds a point: it moves to the next free corner
	band := map[string]any{
		"spots": []map[string]any{
			{"position": "insideTopLeft", "x": 69, "y": 105, "width": 90, "height": 14},
			{"position": "insideTopRight", "x": 669, "y": 105, "width": 90, "height": 14},
		},
		"bounds": placeBounds{X: 64, Y: 100, Width: 700, Height: 60},
	}
	out = runHarness(t, []map[string]any{{"kind": "lineLabels", "refs": []any{band}, "markers": []marker{{100, 110, 5}}}})
	var bs []lineSpot
	if err := json.Unmarshal([]byte(out[0]), &bs); err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 || bs[0].Position != "insideTopRight" || !bs[0].Free {
		t.Errorf("band label: %+v, want insideTopRight, free", bs)
	}
}

package themes

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

// segHitsRef says whether the segment (x1,y1)-(x2,y2) passes through the
// rectangle's inside by the separating-axis test, an algorithm other than
// labelgeometry.js' clipping: the boxes overlap, and the rectangle's
// corners do not all lie on one side of the segment's line.
func segHitsRef(x1, y1, x2, y2, rx, ry, rw, rh float64) bool {
	if math.Max(x1, x2) <= rx || math.Min(x1, x2) >= rx+rw || math.Max(y1, y2) <= ry || math.Min(y1, y2) >= ry+rh {
		return false
	}
	var pos, neg bool
	for _, c := range [][2]float64{{rx, ry}, {rx + rw, ry}, {rx, ry + rh}, {rx + rw, ry + rh}} {
		side := (x2-x1)*(c[1]-y1) - (y2-y1)*(c[0]-x1)
		pos = pos || side > 0
		neg = neg || side < 0
	}
	return pos && neg
}

func TestSegHitsRect(t *testing.T) {
	// x1, y1, x2, y2, rx, ry, rw, rh
	fixed := []struct {
		name string
		seg  [8]float64
		want bool
	}{
		{"inside whole", [8]float64{12, 12, 18, 18, 10, 10, 10, 10}, true},
		{"across", [8]float64{0, 15, 30, 15, 10, 10, 10, 10}, true},
		{"vertical through", [8]float64{15, 0, 15, 30, 10, 10, 10, 10}, true},
		{"vertical left of it", [8]float64{5, 0, 5, 30, 10, 10, 10, 10}, false},
		{"horizontal above", [8]float64{0, 5, 30, 5, 10, 10, 10, 10}, false},
		{"stops short", [8]float64{0, 15, 9, 15, 10, 10, 10, 10}, false},
		{"starts past", [8]float64{21, 15, 40, 15, 10, 10, 10, 10}, false},
		{"diagonal misses the corner", [8]float64{0, 12, 12, 0, 10, 10, 10, 10}, false},
		{"diagonal cuts the corner", [8]float64{0, 22, 22, 0, 10, 10, 10, 10}, true},
		{"reversed", [8]float64{30, 15, 0, 15, 10, 10, 10, 10}, true},
		{"a point inside", [8]float64{15, 15, 15, 15, 10, 10, 10, 10}, true},
		// A coordinate that is not a number fails no clipping edge: the placer
		// keeps such points out before it asks (finite).
		{"not a number", [8]float64{math.NaN(), 15, 30, 15, 10, 10, 10, 10}, true},
	}
	var segs [][8]float64
	var want []bool
	for _, c := range fixed {
		segs = append(segs, c.seg)
		want = append(want, c.want)
	}
	rng := rand.New(rand.NewPCG(47, 1))
	for range 4000 {
		var g [8]float64
		for i := range 4 {
			g[i] = rng.Float64()*100 - 50
		}
		g[4], g[5] = rng.Float64()*60-30, rng.Float64()*60-30
		g[6], g[7] = 1+rng.Float64()*30, 1+rng.Float64()*30
		if rng.IntN(8) == 0 { // an axis-parallel segment
			g[2] = g[0]
		}
		segs = append(segs, g)
		want = append(want, segHitsRef(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]))
	}
	for i, c := range fixed { // the reference agrees with the cases written out
		g := c.seg
		if c.name != "a point inside" && c.name != "not a number" && segHitsRef(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]) != c.want {
			t.Fatalf("reference disagrees with case %d (%s)", i, c.name)
		}
	}
	// NaN does not survive JSON: the harness gets null, which the
	// arithmetic turns into 0, so that case is sent as a string JS reads as NaN.
	raw := make([][8]any, len(segs))
	for i, g := range segs {
		for j, v := range g {
			if math.IsNaN(v) {
				raw[i][j] = "NaN"
			} else {
				raw[i][j] = v
			}
		}
	}
	out := harness(t, []any{map[string]any{"kind": "segHitsRect", "segs": raw}}, 1)
	var got []bool
	if err := json.Unmarshal([]byte(out[0]), &got); err != nil {
		t.Fatal(err)
	}
	for i := range segs {
		if got[i] != want[i] {
			name := "random"
			if i < len(fixed) {
				name = fixed[i].name
			}
			t.Errorf("segHitsRect%v (%s) = %v, want %v", segs[i], name, got[i], want[i])
		}
	}
}

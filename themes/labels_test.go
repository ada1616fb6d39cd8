package themes

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The point-label cases of issue 20 ("a figure never lies quietly"): a
// label a reader pairs with the wrong point, leaders that cross, a label
// over a band's text and a label drawn off the canvas all misstate the
// data. Each case is checked for the properties, not for positions, so that
// any placement that keeps them passes.

// labelItem is a point to label as chartlayout.js hands it to labels.js.
type labelItem struct {
	X      float64     `json:"x"`
	Y      float64     `json:"y"`
	R      float64     `json:"r"`
	W      float64     `json:"w"`
	H      float64     `json:"h"`
	Area   float64     `json:"area"`
	Bounds placeBounds `json:"bounds"`
}

// labelCase is one placement: items (each with its marker among markers),
// the texts of bands and notes already drawn, and the site's options.
type labelCase struct {
	name      string
	items     []labelItem
	markers   []marker
	obstacles []placeBounds
	maxLeader float64
	lines     [][]float64 // drawn lines (opts.lines): fits, frontiers
}

func (c labelCase) opts() map[string]any {
	o := map[string]any{}
	if c.maxLeader > 0 {
		o["maxLeader"] = c.maxLeader
	}
	if len(c.obstacles) > 0 {
		o["obstacles"] = c.obstacles
	}
	if len(c.lines) > 0 {
		o["lines"] = c.lines
	}
	return o
}

// distRect is the distance from (x, y) to the rectangle r.
func distRect(x, y float64, r rect) float64 {
	dx := math.Max(0, math.Max(r.X-x, x-(r.X+r.W)))
	dy := math.Max(0, math.Max(r.Y-y, y-(r.Y+r.H)))
	return math.Hypot(dx, dy)
}

// leaderEnd is the point of r nearest (x, y), where a leader meets a label.
func leaderEndOf(x, y float64, r rect) (float64, float64) {
	return math.Max(r.X, math.Min(x, r.X+r.W)), math.Max(r.Y, math.Min(y, r.Y+r.H))
}

// cross: do the segments a-b and c-d cross properly (each has the other's
// ends strictly on either side)?
func cross(ax, ay, bx, by, cx, cy, dx, dy float64) bool {
	side := func(px, py, qx, qy, rx, ry float64) float64 {
		v := (qx-px)*(ry-py) - (qy-py)*(rx-px)
		if math.Abs(v) < 1e-6 {
			return 0
		}
		return math.Copysign(1, v)
	}
	return side(ax, ay, bx, by, cx, cy)*side(ax, ay, bx, by, dx, dy) < 0 &&
		side(cx, cy, dx, dy, ax, ay)*side(cx, cy, dx, dy, bx, by) < 0
}

// checkReadable checks what a reader relies on in a placement: a label
// without a leader has its own point nearest (no other marker's centre
// nearer its box), no two leaders cross, every label lies inside its
// bounds and covers no obstacle (a band's or note's text) and no other
// label. It returns the number of labels placed.
func checkReadable(t *testing.T, c labelCase, placed []*placement) int {
	t.Helper()
	type leader struct{ ax, ay, bx, by float64 }
	var leaders []leader
	var rects []rect
	n := 0
	for i, p := range placed {
		if p == nil {
			continue
		}
		n++
		it := c.items[i]
		r := rect{p.X, p.Y, it.W, it.H}
		b := it.Bounds
		if r.X < b.X-1e-6 || r.Y < b.Y-1e-6 || r.X+r.W > b.X+b.Width+1e-6 || r.Y+r.H > b.Y+b.Height+1e-6 {
			t.Errorf("%s: label %d %+v leaves its plot %+v", c.name, i, r, b)
		}
		for _, o := range c.obstacles {
			if r.X < o.X+o.Width && o.X < r.X+r.W && r.Y < o.Y+o.Height && o.Y < r.Y+r.H {
				t.Errorf("%s: label %d %+v covers the text %+v", c.name, i, r, o)
			}
		}
		for _, q := range rects {
			if r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H {
				t.Errorf("%s: label %d %+v covers the label %+v", c.name, i, r, q)
			}
		}
		rects = append(rects, r)
		if p.Leader {
			bx, by := leaderEndOf(it.X, it.Y, r)
			leaders = append(leaders, leader{it.X, it.Y, bx, by})
			continue
		}
		own := distRect(it.X, it.Y, r)
		for _, m := range c.markers {
			if d := distRect(m.X, m.Y, r); d < own-0.5 {
				t.Errorf("%s: label %d %+v stands %.1f px from its point (%g, %g) but %.1f px from the point (%g, %g), with no leader", c.name, i, r, own, it.X, it.Y, d, m.X, m.Y)
				break
			}
		}
	}
	for i, a := range leaders {
		for _, b := range leaders[:i] {
			if cross(a.ax, a.ay, a.bx, a.by, b.ax, b.ay, b.bx, b.by) {
				t.Errorf("%s: the leaders %+v and %+v cross", c.name, a, b)
			}
		}
	}
	return n
}

func runLabels(t *testing.T, kind string, cases []labelCase) []string {
	t.Helper()
	in := make([]map[string]any, len(cases))
	for i, c := range cases {
		in[i] = map[string]any{"kind": kind, "items": c.items, "markers": c.markers, "opts": c.opts()}
	}
	return runHarness(t, in)
}

// labelled adds a labelled point with its marker to c.
func (c *labelCase) labelled(x, y, w float64, b placeBounds) {
	c.items = append(c.items, labelItem{X: x, Y: y, R: 4, W: w, H: 14, Area: 64, Bounds: b})
	c.markers = append(c.markers, marker{x, y, 4})
}

// phonePlot is the plot of a chart at 375 px, as chartlayout.js frames it.
var phonePlot = placeBounds{X: 64, Y: 90, Width: 295, Height: 252}

func TestPlaceLabelsReadable(t *testing.T) {
	var cases []labelCase

	// GPT-3 (175B, 3.1e23 FLOPs) and Jurassic-1 (178B, 3.7e23) on a phone:
	// their markers almost coincide, a label beside one is nearer the other.
	for _, dx := range []float64{0, 1, 3, 5, 8} {
		var c labelCase
		c.name = fmt.Sprintf("nearly coincident, %g px apart", dx)
		c.maxLeader = math.Max(44, phonePlot.Width/4)
		c.labelled(250, 180, 40, phonePlot)                // GPT-3
		c.labelled(250+dx, 178, 62, phonePlot)             // Jurassic-1
		c.labelled(230, 220, 50, phonePlot)                // a neighbour
		c.markers = append(c.markers, marker{270, 160, 4}) // an unlabelled point
		cases = append(cases, c)
	}

	// A crowded corner: a dozen points in the top right, where the labels
	// only fit farther out, with leaders.
	{
		var c labelCase
		c.name = "crowded corner"
		c.maxLeader = 90
		b := placeBounds{X: 60, Y: 40, Width: 600, Height: 300}
		for i := range 12 {
			c.labelled(640-float64(i%4)*9, 52+float64(i/4)*8+float64(i%4)*3, 70, b)
		}
		cases = append(cases, c)
	}

	// Random crowds, seeded: dense clusters of points of several sizes
	// along a rising line, as a scaling chart draws them.
	rng := rand.New(rand.NewPCG(20, 1))
	for k := range 40 {
		var c labelCase
		c.name = fmt.Sprintf("crowd %d", k)
		b := placeBounds{X: 50, Y: 30, Width: 300 + rng.Float64()*800, Height: 250 + rng.Float64()*300}
		c.maxLeader = math.Max(44, b.Width/4)
		n := 10 + rng.IntN(50)
		for range n {
			f := rng.Float64()
			x := b.X + b.Width*(0.05+0.9*f)
			y := b.Y + b.Height*(0.95-0.9*f) + rng.NormFloat64()*b.Height*0.04
			y = math.Max(b.Y+4, math.Min(y, b.Y+b.Height-4))
			c.labelled(x, y, 30+rng.Float64()*60, b)
		}
		cases = append(cases, c)
	}

	// A band's label and a note's text among the points: no label over them.
	{
		var c labelCase
		c.name = "band and note texts"
		b := placeBounds{X: 60, Y: 40, Width: 500, Height: 300}
		c.obstacles = []placeBounds{{X: 200, Y: 100, Width: 90, Height: 14}, {X: 310, Y: 180, Width: 120, Height: 14}}
		for i := range 10 {
			c.labelled(190+float64(i)*20, 108+float64(i)*8, 44, b)
		}
		cases = append(cases, c)
	}

	out := runLabels(t, "labels", cases)
	for i, c := range cases {
		var placed []*placement
		if err := json.Unmarshal([]byte(out[i]), &placed); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(placed) != len(c.items) {
			t.Fatalf("%s: %d placements for %d items", c.name, len(placed), len(c.items))
		}
		n := checkReadable(t, c, placed)
		// the two of a nearly coincident pair both keep a label
		if i < 5 && (placed[0] == nil || placed[1] == nil) {
			t.Errorf("%s: a label of the pair was left out: %v", c.name, placed)
		}
		if n == 0 {
			t.Errorf("%s: no label placed", c.name)
		}
	}
}

// TestParkHidden: a label the placer leaves out is laid over a shown label
// that ECharts' hideOverlap keeps (an earlier item's, of a marker no
// smaller), or else kept inside its plot, never off the canvas where no
// other label hides it and it is drawn cut.
func TestParkHidden(t *testing.T) {
	b := placeBounds{X: 40, Y: 20, Width: 300, Height: 200}
	tests := []struct {
		name  string
		items []labelItem
		under []int // for each hidden item in order, the item it lies under (-1: none)
	}{
		{
			name: "first label hidden, at the right edge",
			// a label far too wide to place beside a point at the right edge
			items: []labelItem{
				{X: 338, Y: 100, R: 4, W: 400, H: 14, Area: 64, Bounds: b},
				{X: 100, Y: 100, R: 4, W: 30, H: 14, Area: 64, Bounds: b},
			},
			under: []int{-1},
		},
		{
			name: "hidden under an earlier label of no smaller marker",
			items: []labelItem{
				{X: 100, Y: 100, R: 4, W: 30, H: 14, Area: 64, Bounds: b},
				{X: 338, Y: 210, R: 4, W: 400, H: 14, Area: 64, Bounds: b},
			},
			under: []int{0},
		},
		{
			name: "an earlier label of a smaller marker does not hide it",
			items: []labelItem{
				{X: 100, Y: 100, R: 2, W: 30, H: 14, Area: 16, Bounds: b},
				{X: 338, Y: 218, R: 4, W: 400, H: 14, Area: 64, Bounds: b},
			},
			under: []int{-1},
		},
	}
	cases := make([]labelCase, len(tests))
	for i, tc := range tests {
		cases[i] = labelCase{name: tc.name, items: tc.items}
		for _, it := range tc.items {
			cases[i].markers = append(cases[i].markers, marker{it.X, it.Y, it.R})
		}
	}
	out := runLabels(t, "parkHidden", cases)
	for i, tc := range tests {
		var got struct {
			Placed []*placement `json:"placed"`
			Parked []*struct {
				X, Y  float64
				Under bool
			} `json:"parked"`
		}
		if err := json.Unmarshal([]byte(out[i]), &got); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		h := 0
		for j, it := range tc.items {
			p, k := got.Placed[j], got.Parked[j]
			if p != nil {
				if k != nil {
					t.Errorf("%s: item %d placed and parked", tc.name, j)
				}
				continue
			}
			if k == nil {
				t.Errorf("%s: item %d neither placed nor parked", tc.name, j)
				continue
			}
			if h >= len(tc.under) {
				t.Fatalf("%s: more hidden labels than expected: %s", tc.name, out[i])
			}
			want := tc.under[h]
			h++
			if want >= 0 {
				q := got.Placed[want]
				if q == nil || !k.Under || k.X != q.X || k.Y != q.Y {
					t.Errorf("%s: item %d parked at %+v, want under item %d's label %+v", tc.name, j, k, want, q)
				}
				continue
			}
			if k.Under {
				t.Errorf("%s: item %d parked under a label: %+v", tc.name, j, k)
			}
			// the box's left and top inside the plot: where a label too wide
			// for it starts, so that what shows of it is on the canvas
			bd := it.Bounds
			if k.X < bd.X || k.Y < bd.Y || k.Y+it.H > bd.Y+bd.Height || (it.W <= bd.Width && k.X+it.W > bd.X+bd.Width) {
				t.Errorf("%s: item %d parked at (%g, %g), %g×%g, outside its plot %+v", tc.name, j, k.X, k.Y, it.W, it.H, bd)
			}
		}
		if h != len(tc.under) {
			t.Errorf("%s: %d labels hidden, want %d: %s", tc.name, h, len(tc.under), out[i])
		}
	}
}

// TestPlaceLabelsPairsGrowLinearly: the work of placing labels, counted as
// the pairs of shapes (label and label, label and marker, leader and label
// or leader) the placer tests, grows with the labels, not with their
// square. Scatters of 1,000 and 4,000 labelled points at the same density
// (the plot grows with the points, so each has as many neighbours): when
// every candidate was tested against every leader drawn, the leader tests
// alone were 2,646 per label at 1,000 points and 14,424 at 4,000 (the
// bound below fails by far); with the leaders in a grid, every test counted
// is about 450 and 600 per label.
func TestPlaceLabelsPairsGrowLinearly(t *testing.T) {
	sizes := []int{1000, 4000}
	cases := make([]placeCase, len(sizes))
	for k, n := range sizes {
		side := math.Sqrt(float64(n) / 1000)
		b := placeBounds{X: 60, Y: 40, Width: 700 * side, Height: 640 * side}
		rng := rand.New(rand.NewPCG(uint64(n), 32))
		c := placeCase{name: fmt.Sprintf("%d points", n)}
		for i := range n {
			x, y := b.X+rng.Float64()*b.Width, b.Y+rng.Float64()*b.Height
			c.markers = append(c.markers, marker{x, y, 4})
			c.items = append(c.items, placeItem{X: x, Y: y, R: 4, W: 20 + 7*float64(len(fmt.Sprint(i))), H: 12, Bounds: b})
		}
		cases[k] = c
	}
	res := runPlace(t, cases)
	const perLabel = 1500 // pairs a label may cost, whatever the number of labels
	for k, c := range cases {
		n := len(c.items)
		t.Logf("%s: %.0f pairs tested, %.0f per label; %d labels placed", c.name, res[k].Pairs, res[k].Pairs/float64(n), checkPlacements(t, c, res[k]))
		if res[k].Pairs <= 0 || res[k].Pairs > perLabel*float64(n) {
			t.Errorf("%s: %.0f pairs of shapes tested, want at most %d per label (%d)", c.name, res[k].Pairs, perLabel, perLabel*n)
		}
	}
	if a, b := res[0].Pairs/1000, res[1].Pairs/4000; b > 2*a {
		t.Errorf("pairs per label grew from %.0f at 1,000 points to %.0f at 4,000: the work grows faster than n log n", a, b)
	}
}

var updatePlacements = flag.Bool("update", false, "rewrite testdata/placements.golden")

// TestPlaceLabelsUnchanged holds placeLabels and parkHidden, on crowded
// generated scatters (300 points, which go through uncross; 1,000 and
// 4,000 in one plot; 2,000 labels among 20,000 markers; markers of
// several sizes, some texts of bands), to testdata/placements.golden,
// which the placer wrote when it tested every leader drawn for each
// candidate: the grid of leaders, the memo of refused candidates and
// parkHidden's binary search change the cost, never a label's place or
// whether it shows. -update rewrites it, for a change of placement made on
// purpose.
func TestPlaceLabelsUnchanged(t *testing.T) {
	var cases []labelCase
	for _, n := range []int{300, 1000, 4000} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		b := placeBounds{X: 60, Y: 40, Width: 700, Height: 640}
		c := labelCase{name: fmt.Sprintf("scatter of %d", n), maxLeader: 175}
		for range n {
			f := rng.Float64()
			x := b.X + b.Width*f
			y := math.Max(b.Y+2, math.Min(b.Y+b.Height-2, b.Y+b.Height*(0.9-0.8*f)+rng.NormFloat64()*60))
			r := []float64{2, 3, 4, 6}[rng.IntN(4)]
			c.items = append(c.items, labelItem{X: x, Y: y, R: r, W: 20 + float64(rng.IntN(50)), H: 12, Area: r * r * 4, Bounds: b})
			c.markers = append(c.markers, marker{x, y, r})
		}
		if n == 300 {
			c.obstacles = []placeBounds{{X: 300, Y: 300, Width: 120, Height: 14}, {X: 500, Y: 100, Width: 90, Height: 14}}
		}
		cases = append(cases, c)
	}
	{
		rng := rand.New(rand.NewPCG(3, 4))
		b := placeBounds{X: 60, Y: 40, Width: 1000, Height: 500}
		c := labelCase{name: "2,000 labels among 20,000 markers", maxLeader: 250}
		for s := range 10 {
			phase := rng.Float64() * 6
			for j := range 2000 {
				c.markers = append(c.markers, marker{b.X + float64(j)/2000*b.Width, b.Y + b.Height*(0.08+0.085*float64(s)+0.04*math.Sin(float64(j)/150+phase)), 2})
			}
		}
		for _, k := range rng.Perm(len(c.markers))[:2000] {
			m := c.markers[k]
			c.items = append(c.items, labelItem{X: m.X, Y: m.Y, R: m.R, W: 24 + float64(rng.IntN(40)), H: 12, Area: 16, Bounds: b})
		}
		cases = append(cases, c)
	}
	out := runLabels(t, "parkHidden", cases)
	var got strings.Builder
	for i, c := range cases {
		sum := sha256.Sum256([]byte(out[i]))
		fmt.Fprintf(&got, "%s: %s\n", c.name, hex.EncodeToString(sum[:12]))
	}
	golden := filepath.Join("testdata", "placements.golden")
	if *updatePlacements {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("placements differ from %s:\n%s\nwant\n%s", golden, got.String(), want)
	}
}

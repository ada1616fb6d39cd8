package chart

import (
	"math"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// line returns n points at x = 0..n-1 with y = f(i).
func line(n int, f func(i int) float64) []site.Point {
	pts := make([]site.Point, n)
	for i := range pts {
		pts[i] = site.Point{X: float64(i), Y: f(i)}
	}
	return pts
}

// wavy is a smooth line with some detail, for the general cases.
func wavy(i int) float64 { return math.Sin(float64(i)/50) + 0.3*math.Sin(float64(i)/7) }

func gapPoint(x float64) site.Point { return site.Point{X: x, Y: math.NaN()} }

// isSubsequence reports whether every point of out is a point of in, in order
// (comparing NaN as equal to NaN), labels in notes.
func isSubsequence(out, in []site.Point, notes *site.Notes) bool {
	same := func(a, b site.Point) bool {
		return a.X == b.X && notes.Label(a) == notes.Label(b) && a.Row == b.Row && (a.Y == b.Y || math.IsNaN(a.Y) && math.IsNaN(b.Y))
	}
	j := 0
	for _, p := range out {
		for j < len(in) && !same(in[j], p) {
			j++
		}
		if j == len(in) {
			return false
		}
		j++
	}
	return true
}

func countGaps(pts []site.Point) int {
	n := 0
	for _, p := range pts {
		if math.IsNaN(p.Y) {
			n++
		}
	}
	return n
}

func TestDownsample(t *testing.T) {
	spike := line(10000, wavy)
	spike[4321].Y = 50
	dip := line(10000, wavy)
	dip[777].Y = -50

	withGap := line(6000, wavy)
	withGap[3000] = gapPoint(3000)

	var notes site.Notes // the labels of every case's points
	labelled := line(10000, wavy)
	labelled[5] = notes.With(site.Point{X: 5, Y: wavy(5)}, "first run", nil)
	labelled[9998] = notes.With(site.Point{X: 9998, Y: wavy(9998)}, "last run", nil)

	// Row numbers, to check that the kept points are the original ones.
	rows := line(5000, wavy)
	for i := range rows {
		rows[i].Row = int32(i + 2)
	}

	tests := []struct {
		name     string
		pts      []site.Point
		target   int
		logX     bool
		logY     bool
		minLen   int
		maxLen   int
		mustKeep []int // indices into pts
	}{
		{name: "endpoints kept", pts: line(10000, wavy), target: 500, minLen: 500, maxLen: 502, mustKeep: []int{0, 9999}},
		{name: "spike kept", pts: spike, target: 200, minLen: 200, maxLen: 202, mustKeep: []int{0, 4321, 9999}},
		{name: "dip kept", pts: dip, target: 200, minLen: 200, maxLen: 202, mustKeep: []int{777}},
		{name: "gap kept between its segments", pts: withGap, target: 601, minLen: 598, maxLen: 606, mustKeep: []int{0, 2999, 3000, 3001, 5999}},
		{name: "labels kept", pts: labelled, target: 100, minLen: 100, maxLen: 104, mustKeep: []int{5, 9998}},
		{name: "rows stay with their points", pts: rows, target: 300, minLen: 300, maxLen: 302},
		{name: "target of 2: endpoints and extremes", pts: line(1000, wavy), target: 2, minLen: 2, maxLen: 4, mustKeep: []int{0, 999}},
		{name: "target below 2 counts as 2", pts: line(1000, wavy), target: 0, minLen: 2, maxLen: 4, mustKeep: []int{0, 999}},
		{name: "three points, target 2", pts: line(3, wavy), target: 2, minLen: 2, maxLen: 3, mustKeep: []int{0, 2}},
		{name: "a vertical line (one x)", pts: []site.Point{{X: 1, Y: 3}, {X: 1, Y: 1}, {X: 1, Y: 9}, {X: 1, Y: 2}, {X: 1, Y: 5}}, target: 3, minLen: 3, maxLen: 4, mustKeep: []int{0, 2, 4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := downsample(tc.pts, &notes, tc.target, tc.logX, tc.logY)
			if len(got) < tc.minLen || len(got) > tc.maxLen {
				t.Errorf("%d points kept, want %d to %d", len(got), tc.minLen, tc.maxLen)
			}
			if !isSubsequence(got, tc.pts, &notes) {
				t.Errorf("the result is not a subsequence of the input: a point was made up or moved")
			}
			if !slices.IsSortedFunc(got, func(a, b site.Point) int { return compareX(a, b) }) {
				t.Errorf("the result is not sorted by x")
			}
			for _, i := range tc.mustKeep {
				p := tc.pts[i]
				if !slices.ContainsFunc(got, func(q site.Point) bool {
					return q.X == p.X && (q.Y == p.Y || math.IsNaN(q.Y) && math.IsNaN(p.Y))
				}) {
					t.Errorf("point %d (%v, %v) was dropped", i, p.X, p.Y)
				}
			}
			if g, w := countGaps(got), countGaps(tc.pts); g != w {
				t.Errorf("%d gaps kept, want %d", g, w)
			}
		})
	}
}

func compareX(a, b site.Point) int {
	switch {
	case a.X < b.X:
		return -1
	case a.X > b.X:
		return 1
	}
	return 0
}

// TestDownsampleUnchanged: nothing to thin, or nothing it may thin, gives
// back the same slice.
func TestDownsampleUnchanged(t *testing.T) {
	unsorted := line(100, wavy)
	unsorted[10].X, unsorted[11].X = unsorted[11].X, unsorted[10].X
	var notes site.Notes
	tests := []struct {
		name   string
		pts    []site.Point
		target int
	}{
		{"nil", nil, 10},
		{"empty", []site.Point{}, 10},
		{"one point", line(1, wavy), 0},
		{"two points", line(2, wavy), 1},
		{"target equal to length", line(100, wavy), 100},
		{"target above length", line(100, wavy), 2000},
		{"not sorted by x: drawn in file order, left alone", unsorted, 10},
		{"every point labelled", func() []site.Point {
			p := line(50, wavy)
			for i := range p {
				p[i] = notes.With(p[i], "l", nil)
			}
			return p
		}(), 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := downsample(tc.pts, &notes, tc.target, false, false)
			if len(got) != len(tc.pts) || (len(got) > 0 && &got[0] != &tc.pts[0]) {
				t.Errorf("got %d points (a new slice?), want the input's %d, the same slice", len(got), len(tc.pts))
			}
		})
	}
}

// TestDownsampleLogSpace checks that the triangles are measured on screen:
// on log axes, decades get their share and dips that only a log axis shows
// survive.
func TestDownsampleLogSpace(t *testing.T) {
	t.Run("log-spaced x keeps every decade", func(t *testing.T) {
		// x from 1 to 1e4 in equal log steps: each decade is a quarter of
		// the plot and should keep about a quarter of the points.
		const n = 20000
		pts := make([]site.Point, n)
		for i := range pts {
			x := math.Pow(10, 4*float64(i)/(n-1))
			pts[i] = site.Point{X: x, Y: 3 - 0.5*math.Log10(x) + 0.01*math.Sin(float64(i))}
		}
		got := downsample(pts, nil, 1000, true, true)
		var perDecade [4]int
		for _, p := range got {
			perDecade[min(3, int(math.Log10(p.X)))]++
		}
		for d, k := range perDecade {
			if k < 200 || k > 300 {
				t.Errorf("decade %d keeps %d of %d points, want about a quarter: %v", d, k, len(got), perDecade)
			}
		}
	})
	t.Run("segments share the target by their width on a log axis", func(t *testing.T) {
		// Two segments of 1000 points each: x 1..10 and 10..1e4. On a log
		// axis the second is three times as wide; on a linear one the first
		// is a sliver and keeps only about its endpoints.
		var pts []site.Point
		for i := range 1000 {
			pts = append(pts, site.Point{X: math.Pow(10, float64(i)/1000), Y: wavy(i) + 2})
		}
		pts = append(pts, gapPoint(10))
		for i := range 1000 {
			pts = append(pts, site.Point{X: math.Pow(10, 1+3*float64(i)/999), Y: wavy(i) + 2})
		}
		count := func(got []site.Point) (first, second int) {
			for _, p := range got {
				switch {
				case math.IsNaN(p.Y):
				case p.X < 10:
					first++
				default:
					second++
				}
			}
			return
		}
		f, s := count(downsample(pts, nil, 401, true, false))
		if f < 95 || f > 105 || s < 295 || s > 305 {
			t.Errorf("log x: segments keep %d and %d points, want about 100 and 300", f, s)
		}
		f, s = count(downsample(pts, nil, 401, false, false))
		if f > 4 || s < 390 {
			t.Errorf("linear x: segments keep %d and %d points, want a handful and nearly 400", f, s)
		}
	})
	t.Run("triangles are measured in log y", func(t *testing.T) {
		// A flat line at 1 and 100 buckets of 100 points, each with a dip
		// to 0.001 and a bump to 2. In the raw numbers the bump is the
		// larger change; on a log axis the dip is three decades and the
		// bump a third of one, so the dips should win there.
		pts := line(10002, func(int) float64 { return 1 })
		for i := range 100 {
			pts[100*i+40].Y = 0.001
			pts[100*i+60].Y = 2
		}
		count := func(logY bool) (dips, bumps int) {
			for _, q := range downsample(pts, nil, 102, false, logY) {
				switch q.Y {
				case 0.001:
					dips++
				case 2:
					bumps++
				}
			}
			return
		}
		if d, b := count(true); d < 40 || b > 5 {
			t.Errorf("log y: %d dips and %d bumps kept, want the dips (40 or more) over the bumps (5 or fewer)", d, b)
		}
		if d, b := count(false); b < 40 {
			t.Errorf("linear y: %d dips and %d bumps kept, want bumps kept as often as dips", d, b)
		}
	})
}

func TestDownsampleDeterministic(t *testing.T) {
	pts := line(20000, func(i int) float64 { return float64((i * 7919) % 1013) })
	a := downsample(pts, nil, 2000, false, false)
	b := downsample(slices.Clone(pts), nil, 2000, false, false)
	if !slices.Equal(a, b) {
		t.Errorf("two runs on the same points kept different points")
	}
}

// TestDownsampleScratchReused: a chart's series are thinned one after
// another in the same scratch, longer ones then shorter, and each keeps the
// points it keeps alone.
func TestDownsampleScratchReused(t *testing.T) {
	series := [][]site.Point{
		line(20000, func(i int) float64 { return float64((i * 7919) % 1013) }),
		line(5000, wavy),
		line(12000, func(i int) float64 { return math.Sin(float64(i) / 50) }),
		line(30000, func(i int) float64 { return float64(i % 97) }),
	}
	var scratch lineScratch
	var sx []float64
	for _, logX := range []bool{false, true} {
		for k, pts := range series {
			sx = screenXs(pts, logX, sx)
			got := downsampleAt(pts, nil, sx, 1000, logX, false, &scratch)
			if want := downsample(pts, nil, 1000, logX, false); !slices.Equal(got, want) {
				t.Errorf("series %d (log x %v): kept %d points in reused scratch, %d alone", k, logX, len(got), len(want))
			}
		}
	}
}

func BenchmarkDownsample(b *testing.B) {
	lin := line(20000, wavy)
	logPts := make([]site.Point, 20000)
	for i := range logPts {
		x := math.Pow(10, 4*float64(i)/19999)
		logPts[i] = site.Point{X: x, Y: 1 / math.Sqrt(x) * (1 + 0.1*wavy(i))}
	}
	b.Run("linear/20000to2000", func(b *testing.B) {
		for b.Loop() {
			downsample(lin, nil, 2000, false, false)
		}
	})
	b.Run("log/20000to2000", func(b *testing.B) {
		for b.Loop() {
			downsample(logPts, nil, 2000, true, true)
		}
	})
}

// FuzzDownsample checks the promises of downsample on any series: a sorted
// subsequence of the input with its endpoints, every gap and label, and not
// many more points than asked for.
func FuzzDownsample(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 5, false, false)
	f.Add([]byte{0, 0, 0, 255, 3, 0, 9, 200, 1, 1, 1, 1, 77, 5, 5, 5}, 3, true, true)
	f.Add([]byte("a series of bytes with gaps and labels, long enough to be thinned"), 10, true, false)
	f.Add([]byte(""), -81, true, true)              // nothing, and a target below 0
	f.Add([]byte("0\x000\x000\x00"), 1, true, true) // gaps only, more than the target
	f.Fuzz(func(t *testing.T, data []byte, target int, logX, logY bool) {
		// Two bytes a point: the x step (0 repeats an x) and the y; a y
		// byte of 0 is a gap, and a y divisible by 37 has a label.
		var pts []site.Point
		var notes site.Notes
		x := 0.0
		if logX {
			x = 1
		}
		for i := 0; i+1 < len(data); i += 2 {
			x += float64(data[i] % 4)
			p := site.Point{X: x, Y: float64(data[i+1]) - 100, Row: int32(i/2 + 2)}
			switch {
			case data[i+1] == 0:
				p.Y = math.NaN()
			case data[i+1]%37 == 0:
				p = notes.With(p, "l", nil)
			}
			pts = append(pts, p)
		}
		target %= 1000
		got := downsample(pts, &notes, target, logX, logY)

		if len(pts) <= max(target, 2) {
			if len(got) != len(pts) || (len(got) > 0 && &got[0] != &pts[0]) {
				t.Fatalf("%d points, target %d: want the input back", len(pts), target)
			}
			return
		}
		if !isSubsequence(got, pts, &notes) {
			t.Fatalf("not a subsequence of the input")
		}
		if !slices.IsSortedFunc(got, compareX) {
			t.Fatalf("not sorted by x")
		}
		// (A gap at either end is kept too, and compares unequal to itself.)
		if first := pts[0]; len(got) == 0 || !math.IsNaN(first.Y) && got[0] != first {
			t.Fatalf("first point dropped")
		}
		if last := pts[len(pts)-1]; !math.IsNaN(last.Y) && got[len(got)-1] != last {
			t.Fatalf("last point dropped")
		}
		gaps, labels, segs := 0, 0, 0
		for i, p := range pts {
			switch {
			case math.IsNaN(p.Y):
				gaps++
			case i == 0 || math.IsNaN(pts[i-1].Y):
				segs++
			}
			if notes.Label(p) != "" {
				labels++
			}
		}
		if g := countGaps(got); g != gaps {
			t.Fatalf("%d gaps kept of %d", g, gaps)
		}
		for _, p := range pts {
			if notes.Label(p) != "" && !slices.Contains(got, p) {
				t.Fatalf("labelled point %v dropped", p)
			}
		}
		// Gaps are always kept; each segment may round its share up to 2
		// and add its two extremes.
		if bound := max(target, gaps, 2) + 4*segs + labels; len(got) > bound {
			t.Fatalf("%d points kept, target %d (%d segments, %d gaps, %d labels): want at most %d",
				len(got), target, segs, gaps, labels, bound)
		}
	})
}

package site

import (
	"math"
	"slices"

	"github.com/scalesite/scalesite/chartspec"
)

// gatheredPoints gathers a panel's points in row order, each with its series,
// for dealPoints to hand to the series in one backing array after the loop
// (appending to each series as it came grew its slice a dozen times per
// chart).
//
// A page often draws the same data twice (a training log on a log and on a
// linear x), ten million points each. So while every point so far equals
// the one an earlier panel of the page drew at the same place (prev), none
// is stored: the points are only compared, and if all of them match, the
// panel's series share the earlier panel's points (adopt). The first point
// that differs copies the matched ones and the gathering goes on as usual.
type gatheredPoints struct {
	points []Point
	// notes are the stored points' labels and bounds, which the panel's
	// series share.
	notes *Notes
	// counts are how many points each series has. While the points come
	// grouped by series (series k's after series k-1's, as a log written
	// run after run), that is all dealing them needs; series, each point's
	// series, is made only once one comes out of that order (40 MB less for
	// ten million points).
	counts []int
	series []int32 // points[i]'s series, once they are not grouped (many)
	many   bool
	size   int // the most points the panel can draw: the capacity to make
	// expect, for a panel loaded as its file is read, is how many points
	// the panel will have drawn when it has drawn n so far, as the file's
	// size promises: size is only a first guess, and the points are moved
	// to room for expect's when it runs out.
	expect func(n int) int

	prev    *sharedPoints // nil once a point differs, or with no earlier panel
	matched int           // how many of prev's (or live's) points the panel drew so far
	// live, for a panel loaded as its data file is read (streampanels.go),
	// is the gathering of the first panel of the page that reads the
	// file, under way a few rows ahead: its points so far, which the
	// panel's are compared with as prev's are, while they come grouped by
	// series. liveK is the series of live's point matched, which starts at
	// liveStart.
	live             *gatheredPoints
	liveK, liveStart int
	// sharing are the points the panel lets a later one share, once it
	// is loaded (shared), for a panel whose live gathering this was.
	sharing *sharedPoints
	// grouped: the points came grouped by series, so dealing them left
	// them where they were.
	grouped bool
}

// sharedPoints are the points of a panel that a later panel of the page may
// share: in row order and grouped by series (series k's are
// points[start[k]:start[k+1]]), which the panel's series are slices of.
type sharedPoints struct {
	points []Point
	notes  *Notes // the points' notes
	start  []int
	series []Series
}

// newGatheredPoints returns the gathering of a panel's points, at most size of
// them, compared first with prev's (nil: none).
func newGatheredPoints(size int, many bool, prev *sharedPoints) *gatheredPoints {
	d := &gatheredPoints{many: many, size: size, prev: prev, notes: &Notes{}}
	if prev == nil {
		d.store(0)
	}
	return d
}

// newGatheredPointsLive is newGatheredPoints for a panel loaded as its
// file is read (about size points), compared first with live's as they
// come (nil: none).
func newGatheredPointsLive(size int, many bool, live *gatheredPoints) *gatheredPoints {
	d := &gatheredPoints{many: many, size: size, notes: &Notes{}}
	if live != nil && live.many == many && live.points != nil {
		d.live = live
	} else {
		d.store(0)
	}
	return d
}

// store makes room for the points and copies the first n of prev's, or
// live's, which the panel drew the same.
func (d *gatheredPoints) store(n int) {
	d.points = make([]Point, 0, d.room(n))
	points, notes, counts := d.source()
	d.prev, d.live = nil, nil
	if n == 0 {
		return
	}
	for _, p := range points[:n] {
		d.points = append(d.points, d.notes.with(p, notes.of(p)))
	}
	if d.many {
		// The points compared with are grouped by series.
		start := 0
		for k, c := range counts {
			if c := min(start+c, n) - min(start, n); c > 0 {
				d.count(k, c)
			}
			start += c
		}
	}
}

// room is the room to make for the points, n of them drawn so far.
func (d *gatheredPoints) room(n int) int {
	if d.expect == nil {
		return max(d.size, n)
	}
	return max(d.size, d.expect(n), n+n/8)
}

// source is what the panel's points are compared with: prev's points, or
// live's so far, with their notes and how many each series has.
func (d *gatheredPoints) source() ([]Point, *Notes, []int) {
	if d.prev != nil {
		counts := make([]int, len(d.prev.start)-1)
		for k := range counts {
			counts[k] = d.prev.start[k+1] - d.prev.start[k]
		}
		return d.prev.points, d.prev.notes, counts
	}
	if d.live != nil {
		return d.live.points, d.live.notes, d.live.counts
	}
	return nil, nil, nil
}

// count records c more points of series k, the last gathered.
func (d *gatheredPoints) count(k, c int) {
	if k >= len(d.counts) {
		d.counts = append(d.counts, make([]int, k+1-len(d.counts))...)
	}
	if d.series == nil && k+1 < len(d.counts) {
		// A point of an earlier series than the last: the points are no
		// longer grouped, so each one's series is kept from here on.
		d.series = make([]int32, 0, max(cap(d.points), len(d.points)+c))
		for j, n := range d.counts {
			for range n {
				d.series = append(d.series, int32(j))
			}
		}
	}
	d.counts[k] += c
	if d.series != nil {
		for range c {
			d.series = append(d.series, int32(k))
		}
	}
}

// add gathers p, a point of series k, with its note m.
func (d *gatheredPoints) add(p Point, m note, k int) {
	if d.prev != nil {
		if d.prev.drew(d.matched, p, m, k) {
			d.matched++
			return
		}
		d.store(d.matched)
	}
	if d.live != nil {
		if d.liveDrew(p, m, k) {
			d.matched++
			return
		}
		d.store(d.matched)
	}
	if d.expect != nil && len(d.points) == cap(d.points) {
		more := make([]Point, len(d.points), d.room(len(d.points)))
		copy(more, d.points)
		d.points = more
	}
	d.points = append(d.points, d.notes.with(p, m))
	if d.many {
		d.count(k, 1)
	}
}

// drew reports whether the i-th point the earlier panel drew was p, with
// the note m, in series k. Bounds are compared by pointer, which two panels
// never share: a point with bounds is never shared.
func (s *sharedPoints) drew(i int, p Point, m note, k int) bool {
	if i >= len(s.points) || k+1 >= len(s.start) || i < s.start[k] || i >= s.start[k+1] {
		return false
	}
	q := s.points[i]
	return math.Float64bits(q.X) == math.Float64bits(p.X) && math.Float64bits(q.Y) == math.Float64bits(p.Y) &&
		q.Row == p.Row && s.notes.of(q) == m && m.bounds == nil
}

// liveDrew reports whether the next point live gathered was p, with the
// note m, in series k, as drew does for prev's. It is false once live's
// points are no longer grouped by series (dealing them will move them).
func (d *gatheredPoints) liveDrew(p Point, m note, k int) bool {
	l, i := d.live, d.matched
	if l.series != nil || i >= len(l.points) || m.bounds != nil {
		return false
	}
	if d.many {
		for d.liveK < len(l.counts) && i >= d.liveStart+l.counts[d.liveK] {
			d.liveStart += l.counts[d.liveK]
			d.liveK++
		}
	}
	q := l.points[i]
	return k == d.liveK && math.Float64bits(q.X) == math.Float64bits(p.X) && math.Float64bits(q.Y) == math.Float64bits(p.Y) &&
		q.Row == p.Row && l.notes.of(q) == m
}

// settle stops comparing with live when it cannot be shared whole: when
// its points are no longer grouped, or the panel did not draw as many.
// Called once every panel of the stream has gathered its points and
// before any deals them, as dealing live's may move them.
func (d *gatheredPoints) settle() {
	if d.live != nil && (d.live.series != nil || d.matched != len(d.live.points)) {
		d.store(d.matched)
	}
}

// deal hands the points to series, sharing the earlier panel's when the
// panel drew all of them and its series have the same names. A panel
// compared with a live gathering deals once that panel is loaded, and
// shares what it shares.
func (d *gatheredPoints) deal(series []Series) {
	if d.live != nil {
		if l := d.live; l.sharing != nil && d.matched == len(l.points) {
			d.prev, d.live = l.sharing, nil
		} else {
			d.store(d.matched)
		}
	}
	if d.prev != nil {
		if d.matched == len(d.prev.points) && len(series) == len(d.prev.series) {
			same := true
			for k := range series {
				same = same && series[k].Name == d.prev.series[k].Name
			}
			if same {
				for k := range series {
					series[k].Points = d.prev.series[k].Points
					series[k].Notes = d.prev.notes
				}
				return
			}
		}
		d.store(d.matched)
	}
	if len(d.notes.list) > 0 {
		for k := range series {
			series[k].Notes = d.notes
		}
	}
	if d.many && d.series == nil {
		d.grouped = true
		dealGrouped(series, d.points, d.counts)
		return
	}
	d.grouped = !d.many || slices.IsSorted(d.series)
	dealPoints(series, d.points, d.series)
}

// shared returns the panel's points for a later panel to share, or nil
// when they cannot be: when they were not grouped by series already, or
// sortByX made a series anew (which leaves the gathered points as they
// were, but the series no longer slices of them), or the spec goes on to
// change points in place (labelOnly, groupRuns). series are the panel's
// series, dealt and sorted.
func (d *gatheredPoints) shared(sp *chartspec.Panel, series []Series) *sharedPoints {
	if sp.Group.Set() || sp.LabelOnly.What == chartspec.LabelOnlyFrontier {
		return nil
	}
	if d.points == nil { // the panel shares an earlier panel's points
		return d.prev
	}
	if len(d.points) == 0 {
		return nil
	}
	if !d.grouped {
		return nil
	}
	s := &sharedPoints{points: d.points, notes: d.notes, start: make([]int, len(series)+1), series: series}
	for k, ser := range series {
		n := len(ser.Points)
		s.start[k+1] = s.start[k] + n
		if n > 0 && (s.start[k+1] > len(d.points) || &ser.Points[0] != &d.points[s.start[k]]) {
			return nil
		}
	}
	if s.start[len(series)] != len(d.points) {
		return nil
	}
	return s
}

// dealPoints hands the points, in order, to their series (series[of[i]]
// gets points[i]). The series share points' backing array, each capped at
// its end so that an append never runs into the next: the points are
// grouped by series in place, so that a chart of ten million points does
// not hold them twice (a log written run after run is grouped already).
// of is overwritten.
func dealPoints(series []Series, points []Point, of []int32) {
	switch len(series) {
	case 0:
		return
	case 1:
		series[0].Points = points[:len(points):len(points)]
		return
	}
	start := make([]int, len(series)+1)
	for _, k := range of {
		start[k+1]++
	}
	for k := range series {
		start[k+1] += start[k]
	}
	defer sliceSeries(series, points, start)
	// Series are numbered as first met, so points already grouped have
	// their series in increasing order.
	if slices.IsSorted(of) {
		return
	}
	// Where each point goes, in of's place; then each cycle of that
	// permutation is walked, a point at a time.
	next := slices.Clone(start[:len(series)])
	for i, k := range of {
		of[i] = int32(next[k])
		next[k]++
	}
	for i := range points {
		for int(of[i]) != i {
			d := of[i]
			points[i], points[d] = points[d], points[i]
			of[i], of[d] = of[d], of[i]
		}
	}
}

// dealGrouped is dealPoints for points grouped by series already: series k
// gets the counts[k] points after those of the series before it.
func dealGrouped(series []Series, points []Point, counts []int) {
	start := make([]int, len(series)+1)
	for k := range series {
		start[k+1] = start[k]
		if k < len(counts) {
			start[k+1] += counts[k]
		}
	}
	sliceSeries(series, points, start)
}

// sliceSeries makes series k's points points[start[k]:start[k+1]], capped
// at its end so that an append never runs into the next series.
func sliceSeries(series []Series, points []Point, start []int) {
	for k := range series {
		series[k].Points = points[start[k]:start[k+1]:start[k+1]]
	}
}

// Package polyclip cuts polygons to rectangles: figure cuts a chart's
// filled areas to their plot, texbox a formula's drawings (a square root's
// bar, an arrow's shaft) to their viewports, where tdewolff/canvas has no
// clip paths and its boolean operations are costly and fragile.
package polyclip

// Polygon cuts the polygon p (x0, y0, x1, y1, ...) to the rectangle at
// x, y, w wide and h tall (Sutherland–Hodgman): the part of p inside it,
// as one polygon, empty when none is.
func Polygon(p []float64, x, y, w, h float64) []float64 {
	r := struct{ X, Y, W, H float64 }{x, y, w, h}
	type edge struct {
		in    func(x, y float64) bool
		cross func(x0, y0, x1, y1 float64) (float64, float64)
	}
	atX := func(x float64) func(x0, y0, x1, y1 float64) (float64, float64) {
		return func(x0, y0, x1, y1 float64) (float64, float64) {
			return x, y0 + (y1-y0)*(x-x0)/(x1-x0)
		}
	}
	atY := func(y float64) func(x0, y0, x1, y1 float64) (float64, float64) {
		return func(x0, y0, x1, y1 float64) (float64, float64) {
			return x0 + (x1-x0)*(y-y0)/(y1-y0), y
		}
	}
	edges := []edge{
		{func(x, _ float64) bool { return x >= r.X }, atX(r.X)},
		{func(x, _ float64) bool { return x <= r.X+r.W }, atX(r.X + r.W)},
		{func(_, y float64) bool { return y >= r.Y }, atY(r.Y)},
		{func(_, y float64) bool { return y <= r.Y+r.H }, atY(r.Y + r.H)},
	}
	out := p
	for _, e := range edges {
		in := out
		out = nil
		n := len(in) / 2
		for i := range n {
			cx, cy := in[2*i], in[2*i+1]
			j := (i + n - 1) % n
			px, py := in[2*j], in[2*j+1]
			switch cin, pin := e.in(cx, cy), e.in(px, py); {
			case cin && pin:
				out = append(out, cx, cy)
			case cin:
				x, y := e.cross(px, py, cx, cy)
				out = append(out, x, y, cx, cy)
			case pin:
				x, y := e.cross(px, py, cx, cy)
				out = append(out, x, y)
			}
		}
	}
	return out
}

package chartspec

import (
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// How a line is smoothed (Smooth.Method).
const (
	// SmoothEMA is TensorBoard's debiased exponential moving average.
	SmoothEMA = "ema"
	// SmoothWindow is a centred moving mean over a number of points.
	SmoothWindow = "window"
)

// Smooth is how a panel's lines are smoothed: drawn in the series' colour
// over the raw line, drawn faint. The zero value draws the raw lines.
type Smooth struct {
	// Method is SmoothEMA, SmoothWindow, or "" for no smoothing.
	Method string
	// Weight is the EMA's weight, 0 ≤ Weight < 1 (SmoothEMA).
	Weight float64
	// Window is the number of points each mean takes, at least 2
	// (SmoothWindow).
	Window int
	// Pos is where `smooth` was written.
	Pos diag.Pos
}

// On reports whether the lines are smoothed.
func (s Smooth) On() bool { return s.Method != "" }

// smoothKeys are the keys of `smooth: {...}`.
var smoothKeys = []string{SmoothEMA, SmoothWindow}

const smoothHelp = "smooth: {ema: 0.9} (TensorBoard's exponential moving average) or smooth: {window: 50} (a centred moving mean), or false"

// smooth reads `smooth`. ok is false when the value was not usable (an
// error was reported); off is `smooth: false`.
func (p *parser) smooth(e entry) (s Smooth, ok bool) {
	pos := p.valuePos(e)
	s.Pos = pos
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil:
		return s, false
	case *ast.BoolNode:
		if !v.Value {
			return s, true
		}
		p.errorf(pos, "smooth: true does not say how much: write %s", smoothHelp)
		return s, false
	case *ast.MappingNode:
		return p.smoothMap(v, pos)
	}
	if t, isText := scalarText(n); isText && !isNull(n) {
		if w, err := strconv.ParseFloat(strings.TrimSpace(t), 64); err == nil && w > 0 && w < 1 {
			p.errorf(pos, "smooth needs the method with its weight: write smooth: {ema: %s} (or {window: 50} for a moving mean)", strings.TrimSpace(t))
			return s, false
		}
	}
	p.errorf(pos, "smooth must be %s, %s", smoothHelp, unlike(n))
	return s, false
}

func (p *parser) smoothMap(m *ast.MappingNode, pos diag.Pos) (Smooth, bool) {
	s := Smooth{Pos: pos}
	ok := true
	for _, e := range p.entries(m) {
		if s.Method != "" && (e.key == SmoothEMA || e.key == SmoothWindow) {
			p.errorf(p.pos(e.tok), "smooth takes one of ema and window, not both: keep %s", s.Method)
			return Smooth{Pos: pos}, false
		}
		switch e.key {
		case SmoothEMA:
			w, good := p.emaWeight(e)
			s.Method, s.Weight, ok = SmoothEMA, w, ok && good
		case SmoothWindow:
			n, good := p.smoothWindow(e)
			s.Method, s.Window, ok = SmoothWindow, n, ok && good
		default:
			tail := diag.DidYouMean(e.key, smoothKeys)
			switch strings.ToLower(e.key) {
			case "alpha", "weight", "smoothing", "beta", "exp", "exponential", "decay", "factor", "tensorboard":
				tail = ` — did you mean "ema"?`
			case "n", "size", "span", "rolling", "mean", "width", "points", "steps", "moving", "average", "boxcar":
				tail = ` — did you mean "window"?`
			}
			if tail == "" {
				tail = ": use ema (e.g. {ema: 0.9}) or window (e.g. {window: 50})"
			}
			p.errorf(p.pos(e.tok), "unknown key %q in smooth%s", e.key, tail)
			ok = false
		}
	}
	if ok && s.Method == "" {
		p.errorf(pos, "smooth is empty: write %s", smoothHelp)
		ok = false
	}
	if !ok {
		return Smooth{Pos: pos}, false
	}
	return s, true
}

// emaWeight reads ema's weight: 0 ≤ w < 1 (1 would hold the first value
// for ever, and TensorBoard's debiasing divides by zero there).
func (p *parser) emaWeight(e entry) (float64, bool) {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	t, isText := scalarText(n)
	w, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if n == nil || isNull(n) || !isText || err != nil || math.IsNaN(w) {
		p.errorf(pos, "ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), %s", unlikeValue(n, t))
		return 0, false
	}
	if w < 0 || w >= 1 {
		tail := ""
		if w >= 1 && w < 100 {
			tail = " (a percentage? " + strconv.FormatFloat(w, 'g', -1, 64) + "% is ema: " + strconv.FormatFloat(w/100, 'g', -1, 64) + ")"
		}
		if w == 1 {
			tail = " (1 would hold the first value for ever)"
		}
		p.errorf(pos, "ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), not %s%s", strings.TrimSpace(t), tail)
		return 0, false
	}
	return w, true
}

// smoothWindow reads window: a whole number of points, at least 2.
func (p *parser) smoothWindow(e entry) (int, bool) {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	t, isText := scalarText(n)
	v, err := strconv.Atoi(strings.TrimSpace(t))
	if n == nil || isNull(n) || !isText || err != nil || v < 2 {
		what := unlikeValue(n, t)
		p.errorf(pos, "window is the number of points each mean takes, a whole number of at least 2, e.g. 50, %s", what)
		return 0, false
	}
	return v, true
}

// unlikeValue says what a scalar was instead of the number expected.
func unlikeValue(n ast.Node, t string) string {
	if n == nil || isNull(n) {
		return "but it is empty"
	}
	if _, isText := scalarText(n); isText {
		return "not " + strconv.Quote(strings.TrimSpace(t))
	}
	return unlike(n)
}

// checkSmooth refuses smoothing where it means nothing: the points of a
// scatter panel are not a curve in order (each is a model, a run), so an
// average of neighbours mixes unrelated points. A chart-wide smooth over
// panels of both kinds smooths the lines and leaves the scatters.
func (p *parser) checkSmooth(c *Chart, own []Smooth) {
	anyLine := false
	for _, pan := range c.Panels {
		if pan.Type == TypeLine {
			anyLine = true
		}
	}
	for i := range c.Panels {
		pan := &c.Panels[i]
		if pan.Type != TypeScatter || !pan.Smooth.On() {
			continue
		}
		if (i < len(own) && own[i].On()) || !anyLine {
			p.errorf(pan.Smooth.Pos, "smooth draws a moving average along a line, and a scatter's points are not in order: use type: line for a training curve, or leave smooth out")
			return
		}
		pan.Smooth = Smooth{}
	}
}

package chartspec

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// How a series is drawn (SeriesStyle.Draw).
const (
	DrawLine   = "line"   // a line through the points, no markers
	DrawPoints = "points" // markers only
	DrawBoth   = "both"   // a line with a marker on every point
)

// Bounds of a series' line width, in CSS pixels.
const (
	MinWidth = 0.5
	MaxWidth = 10
)

// SeriesStyle is how the spec's `style` key asks one series to look. A zero
// field leaves the renderer's choice, which keeps series apart by colour,
// marker and dash.
type SeriesStyle struct {
	Color string
	// Dash is the line's dash pattern in pixels (on, off, ...); nil with
	// DashSet is a solid line.
	Dash    []int
	DashSet bool
	Width   float64
	// Marker is an ECharts symbol name (circle, rect, triangle, diamond,
	// emptyCircle, ..., or none).
	Marker string
	// Draw is DrawLine, DrawPoints or DrawBoth.
	Draw string
	// Pos is where the series' name stands in `style`.
	Pos diag.Pos
}

var (
	styleKeys = []string{"color", "dash", "width", "marker", "draw"}
	draws     = []string{DrawLine, DrawPoints, DrawBoth}
	dashWords = []string{"solid", "dashed", "dotted", "dashdot"}
	// markers maps the marker words of the spec to ECharts symbols.
	markers = map[string]string{
		"circle": "circle", "square": "rect", "triangle": "triangle", "diamond": "diamond", "pin": "pin", "arrow": "arrow",
		"open-circle": "emptyCircle", "open-square": "emptyRect", "open-triangle": "emptyTriangle", "open-diamond": "emptyDiamond",
		"rounded-square": "roundRect", "none": "none",
	}
	// DashPatterns are the dash words' patterns.
	DashPatterns = map[string][]int{"solid": nil, "dashed": {6, 3}, "dotted": {2, 2}, "dashdot": {8, 3, 2, 3}}
)

// markerWords lists the marker words for messages, in a fixed order.
func markerWords() []string {
	w := make([]string, 0, len(markers))
	for k := range markers {
		w = append(w, k)
	}
	sort.Strings(w)
	return w
}

// styles reads `style`: a mapping from series name to its look.
func (p *parser) styles(c *Chart, e entry) {
	n := p.resolve(e.val)
	m, ok := n.(*ast.MappingNode)
	if !ok {
		if n != nil && !isNull(n) {
			p.errorf(p.valuePos(e), `style must be a mapping from series name to its look, e.g. style: {"Chinchilla fit": {draw: line, dash: dashed}}, %s`, unlike(n))
		}
		return
	}
	for _, se := range p.entries(m) {
		st, good := p.seriesStyle(se)
		if !good {
			continue
		}
		if c.Styles == nil {
			c.Styles = make(map[string]SeriesStyle, len(m.Values))
		}
		c.Styles[p.seriesKey(se.key, se.tok, p.pos(se.tok))] = st
	}
}

// seriesStyle reads the look of one series.
func (p *parser) seriesStyle(e entry) (SeriesStyle, bool) {
	st := SeriesStyle{Pos: p.pos(e.tok)}
	n := p.resolve(e.val)
	m, isMap := n.(*ast.MappingNode)
	if !isMap {
		if n == nil {
			return st, false
		}
		// A bare word is forgiven when it can only mean one thing.
		if s, isText := scalarText(n); isText {
			w := strings.ToLower(strings.TrimSpace(s))
			switch {
			case contains(draws, w):
				st.Draw = w
				return st, true
			case contains(dashWords, w):
				st.Dash, st.DashSet = DashPatterns[w], true
				return st, true
			}
		}
		p.errorf(p.valuePos(e), `the style of %q must be a mapping of %s, e.g. {draw: line, dash: dashed}, %s`, e.key, strings.Join(styleKeys, ", "), unlike(n))
		return st, false
	}
	ok := true
	for _, ke := range p.entries(m) {
		switch ke.key {
		case "color":
			col, good := p.color(ke.val, p.valuePos(ke))
			st.Color, ok = col, ok && good
		case "dash":
			d, good := p.dash(ke)
			st.Dash, st.DashSet, ok = d, good, ok && good
		case "width":
			w, good := p.lineWidth(ke)
			st.Width, ok = w, ok && good
		case "marker":
			mk, good := p.marker(ke)
			st.Marker, ok = mk, ok && good
		case "draw":
			st.Draw = p.choice(ke, draws, "unknown draw %q: a series is drawn as a line, points or both%s", drawAlias)
			ok = ok && st.Draw != ""
		default:
			alias := ""
			switch strings.ToLower(ke.key) {
			case "colour", "colors", "colours", "c":
				alias = "color"
			case "linestyle", "line_style", "ls", "style", "dashes", "dashed", "pattern":
				alias = "dash"
			case "linewidth", "line_width", "lw", "thickness", "size", "stroke":
				alias = "width"
			case "symbol", "shape", "markers", "point", "points":
				alias = "marker"
			case "type", "kind", "mode", "as", "show", "plot":
				alias = "draw"
			}
			p.unknownMarkKey(ke, "a series' style", alias, styleKeys)
			ok = false
		}
	}
	return st, ok
}

func drawAlias(w string) string {
	switch w {
	case "lines", "curve", "solid":
		return DrawLine
	case "point", "markers", "marker", "dots", "dot", "scatter", "symbols":
		return DrawPoints
	case "line+points", "lines+markers", "line+markers", "linespoints", "line-points", "line_points", "all":
		return DrawBoth
	}
	return ""
}

// dash reads a dash: solid, dashed, dotted, dashdot, or a pattern of
// whole pixels ([6, 3]: 6 on, 3 off).
func (p *parser) dash(e entry) ([]int, bool) {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	if seq, isSeq := n.(*ast.SequenceNode); isSeq {
		if len(seq.Values) < 2 || len(seq.Values) > 8 {
			p.errorf(pos, "a dash pattern is 2 to 8 lengths in pixels, on and off, like [6, 3], not %d", len(seq.Values))
			return nil, false
		}
		out := make([]int, len(seq.Values))
		for i, v := range seq.Values {
			s, isText := scalarText(p.resolve(v))
			f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if !isText || err != nil || f <= 0 || f > 100 || f != math.Trunc(f) {
				p.errorf(p.nodePos(v), "a dash pattern holds whole pixel lengths from 1 to 100, like [6, 3], not %q", s)
				return nil, false
			}
			out[i] = int(f)
		}
		return out, true
	}
	s, _, ok := p.text(e, "solid, dashed, dotted, dashdot or a pattern like [6, 3]")
	if !ok {
		return nil, false
	}
	w := strings.ToLower(strings.TrimSpace(s))
	if d, known := DashPatterns[w]; known {
		return d, true
	}
	tail := ""
	switch w {
	case "--", "dash", "dashes", "broken":
		tail = ` — did you mean "dashed"?`
	case ":", "dot", "dots", "dotted-line":
		tail = ` — did you mean "dotted"?`
	case "-.", "dash-dot", "dash_dot", "dashdotted":
		tail = ` — did you mean "dashdot"?`
	case "-", "line", "none", "plain", "continuous":
		tail = ` — did you mean "solid"?`
	default:
		tail = diag.DidYouMean(w, dashWords)
	}
	p.errorf(pos, "unknown dash %q: a dash is solid, dashed, dotted, dashdot or a pattern like [6, 3]%s", s, tail)
	return nil, false
}

// lineWidth reads a series' line width in pixels.
func (p *parser) lineWidth(e entry) (float64, bool) {
	v, text, pos, ok := p.number(e)
	if !ok || v == nil {
		return 0, false
	}
	if *v < MinWidth || *v > MaxWidth {
		p.errorf(pos, "width %s is out of range: a line is %g to %g pixels wide", text, float64(MinWidth), float64(MaxWidth))
		return 0, false
	}
	return *v, true
}

// marker reads a series' marker.
func (p *parser) marker(e entry) (string, bool) {
	s, pos, ok := p.text(e, "a marker name like circle or square")
	if !ok {
		return "", false
	}
	w := strings.ToLower(strings.TrimSpace(s))
	w = strings.NewReplacer("_", "-", " ", "-").Replace(w)
	for _, pre := range []string{"empty-", "hollow-"} {
		if rest, cut := strings.CutPrefix(w, pre); cut {
			w = "open-" + rest
		}
	}
	if sym, known := markers[w]; known {
		return sym, true
	}
	// ECharts' own names (rect, emptyCircle, roundRect) are forgiven.
	for _, sym := range markers {
		if strings.EqualFold(sym, strings.ReplaceAll(w, "-", "")) {
			return sym, true
		}
	}
	tail := ""
	switch w {
	case "dot", "dots", "o", "point", "round":
		tail = ` — did you mean "circle"?`
	case "box", "s", "rectangle":
		tail = ` — did you mean "square"?`
	case "^", "tri", "triangle-up":
		tail = ` — did you mean "triangle"?`
	case "d", "rhombus", "lozenge":
		tail = ` — did you mean "diamond"?`
	case "no", "off", "hidden", "false":
		tail = ` — did you mean "none"?`
	default:
		tail = diag.DidYouMean(w, markerWords())
	}
	p.errorf(pos, "unknown marker %q: a marker is %s%s", s, strings.Join(markerWords(), ", "), tail)
	return "", false
}

// order reads `order`: series names in the order they are drawn and listed.
func (p *parser) order(e entry) []Field {
	n := p.resolve(e.val)
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		if n != nil && !isNull(n) {
			p.errorf(p.valuePos(e), `order must be a list of series names, e.g. order: [GPT-3, Chinchilla], %s`, unlike(n))
		}
		return nil
	}
	var out []Field
	for i, v := range seq.Values {
		pos := p.nodePos(v)
		if isNull(v) && i < len(seq.Entries) && seq.Entries[i] != nil {
			pos = p.pos(seq.Entries[i].GetToken())
		}
		r := p.resolve(v)
		if r == nil {
			continue
		}
		s, isText := scalarText(r)
		s = strings.TrimSpace(s)
		if !isText || s == "" {
			p.errorf(pos, "each entry of order is a series name, %s", unlike(r))
			continue
		}
		s = p.seriesKey(s, tokenOf(r), pos)
		dup := false
		for _, f := range out {
			if f.Name == s {
				p.errorf(pos, "order names %q twice (first on line %d)", s, f.Pos.Line)
				dup = true
			}
		}
		if !dup {
			out = append(out, Field{Name: s, Pos: pos})
		}
	}
	return out
}

// checkStyleColors reports a series given a colour by both `colors` and
// `style`.
func (p *parser) checkStyleColors(c *Chart) {
	names := make([]string, 0, len(c.Styles))
	for name, st := range c.Styles {
		if st.Color != "" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if _, both := c.Colors[name]; both {
			p.errorf(c.Styles[name].Pos, "series %q gets a colour from both colors and style: keep one", name)
		}
	}
}

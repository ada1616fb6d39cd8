package chartspec

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// Marks are what a panel draws besides its data: reference lines across the
// plot, shaded bands, and notes at a point. Their values are in data units,
// as the axes show them (the renderer takes log10 on a log axis).
type Marks struct {
	// HLines are horizontal lines at a y value (random chance, a baseline);
	// VLines vertical lines at an x value (a compute budget).
	HLines, VLines []RefLine
	Bands          []Band
	Annotations    []Annotation
}

// Empty reports whether there is nothing to draw.
func (m Marks) Empty() bool {
	return len(m.HLines) == 0 && len(m.VLines) == 0 && len(m.Bands) == 0 && len(m.Annotations) == 0
}

// RefLine is one reference line: at Value on the y axis (hlines) or the x
// axis (vlines), with an optional label drawn along it.
type RefLine struct {
	Value float64
	Label string
	Pos   diag.Pos // where the value stands
}

// Band shades a range of one axis across the whole plot: Lo to Hi on the y
// axis (a horizontal band) or the x axis (a vertical one).
type Band struct {
	Axis   string // "x" or "y"
	Lo, Hi float64
	Label  string
	Pos    diag.Pos // where the range stands
}

// Annotation is a note at a point of the plot, with an optional arrow from
// the text to the point.
type Annotation struct {
	X, Y  float64
	Text  string
	Arrow bool
	// Position is where the text stands from the point: one of the
	// Position constants.
	Position string
	Pos      diag.Pos // where the annotation's entry starts
}

// Where an annotation's text stands from its point.
const (
	PositionTop    = "top"
	PositionBottom = "bottom"
	PositionLeft   = "left"
	PositionRight  = "right"
)

var (
	positions      = []string{PositionTop, PositionBottom, PositionLeft, PositionRight}
	refLineKeys    = map[string][]string{"hlines": {"y", "label"}, "vlines": {"x", "label"}}
	bandKeys       = []string{"x", "y", "label"}
	annotationKeys = []string{"x", "y", "text", "arrow", "position"}
)

// markValue is a number of a mark as written, for the checks that need the
// panel's axes (a value ≤ 0 on a log axis).
type markValue struct {
	v    float64
	text string
	pos  diag.Pos
}

type refLineLayer struct {
	val   markValue
	label string
}

type bandLayer struct {
	axis   string
	lo, hi markValue
	label  string
	pos    diag.Pos
}

type annotationLayer struct {
	x, y     markValue
	text     string
	arrow    bool
	position string
	pos      diag.Pos
}

// marksLayer holds the mark keys as one level of the spec set them. A
// panel that sets a key replaces the chart's list for that key (an empty
// list drops it); the others it inherits.
type marksLayer struct {
	hlines, vlines           []refLineLayer
	bands                    []bandLayer
	annotations              []annotationLayer
	hSet, vSet, bSet, aSet   bool
	hBad, vBad, bBad, aBad   bool // the key was written wrong: nothing of it is drawn
	hlinesPos, vlinesPos     diag.Pos
	bandsPos, annotationsPos diag.Pos
}

// marksKey reads hlines, vlines, bands or annotations into m.
func (p *parser) marksKey(m *marksLayer, e entry) {
	items, ok := p.markList(e)
	switch e.key {
	case "hlines", "vlines":
		out, good := readItems(items, func(it markItem) (refLineLayer, bool) { return p.refLine(e.key, it) })
		if e.key == "hlines" {
			m.hlines, m.hSet, m.hBad, m.hlinesPos = out, true, !ok || !good, p.valuePos(e)
		} else {
			m.vlines, m.vSet, m.vBad, m.vlinesPos = out, true, !ok || !good, p.valuePos(e)
		}
	case "bands":
		out, good := readItems(items, p.band)
		m.bands, m.bSet, m.bBad, m.bandsPos = out, true, !ok || !good, p.valuePos(e)
	case "annotations":
		out, good := readItems(items, p.annotation)
		m.annotations, m.aSet, m.aBad, m.annotationsPos = out, true, !ok || !good, p.valuePos(e)
	}
}

// readItems reads each entry of a mark list; ok is false when any was
// wrong (each reports its own error).
func readItems[T any](items []markItem, read func(markItem) (T, bool)) (out []T, ok bool) {
	ok = true
	for _, it := range items {
		if v, good := read(it); good {
			out = append(out, v)
		} else {
			ok = false
		}
	}
	return out, ok
}

// markItem is one entry of a mark list, with where it stands.
type markItem struct {
	n   ast.Node // resolved
	pos diag.Pos
}

// markList reads the value of a mark key as a list of entries: a list, or a
// single entry written without one (hlines: 25, bands: {y: [40, 60]}). An
// empty value is an empty list, which drops what a panel would inherit.
func (p *parser) markList(e entry) ([]markItem, bool) {
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil:
		return nil, false
	case *ast.NullNode:
		return nil, true
	case *ast.SequenceNode:
		if len(v.Values) > MaxMarks {
			p.errorf(p.valuePos(e), "%s has %d entries, more than the %d a panel can show: draw fewer, or plot them as data", e.key, len(v.Values), MaxMarks)
			return nil, false
		}
		items := make([]markItem, 0, len(v.Values))
		ok := true
		for i, iv := range v.Values {
			pos := p.nodePos(iv)
			if isNull(iv) && i < len(v.Entries) && v.Entries[i] != nil {
				pos = p.pos(v.Entries[i].GetToken())
			}
			r := p.resolve(iv)
			if r == nil {
				ok = false
				continue
			}
			items = append(items, markItem{r, pos})
		}
		return items, ok
	}
	return []markItem{{n, p.valuePos(e)}}, true
}

// refLine reads one entry of hlines or vlines: a number, or {y: 25, label: ...}.
func (p *parser) refLine(key string, it markItem) (refLineLayer, bool) {
	axis := "y"
	if key == "vlines" {
		axis = "x"
	}
	example := key + `: [{` + axis + `: 25, label: "random chance"}]`
	if axis == "x" {
		example = key + `: [{x: 1e24, label: "GPT-4 budget"}]`
	}
	m, isMap := it.n.(*ast.MappingNode)
	if !isMap {
		if _, isSeq := it.n.(*ast.SequenceNode); isSeq || isNull(it.n) {
			p.errorf(it.pos, "each entry of %s is a number or a mapping like {%s: 25, label: ...}, %s", key, axis, unlike(it.n))
			return refLineLayer{}, false
		}
		v, ok := p.markNumber(it.n, it.pos, "each entry of "+key)
		return refLineLayer{val: v}, ok
	}
	var l refLineLayer
	ok, found := true, false
	for _, me := range p.entries(m) {
		switch me.key {
		case axis:
			found = true
			var good bool
			l.val, good = p.markNumber(p.resolve(me.val), p.valuePos(me), me.key)
			ok = ok && good
		case "label":
			l.label, _, _ = p.chartText(me)
		default:
			alias := ""
			switch strings.ToLower(me.key) {
			case "value", "at", "pos", "position", "x", "y":
				alias = axis
			case "text", "name", "title", "note":
				alias = "label"
			}
			p.unknownMarkKey(me, key, alias, refLineKeys[key])
			ok = false
		}
	}
	if !found && ok {
		p.errorf(it.pos, "this entry of %s has no %s: give the line's value, e.g. %s", key, axis, example)
		ok = false
	}
	return l, ok
}

// band reads one entry of bands: {y: [40, 60], label: ...} or {x: [lo, hi]}.
func (p *parser) band(it markItem) (bandLayer, bool) {
	m, isMap := it.n.(*ast.MappingNode)
	if !isMap {
		p.errorf(it.pos, `each entry of bands is a mapping like {y: [40, 60], label: "human range"} or {x: [1e20, 1e22]}, %s`, unlike(it.n))
		return bandLayer{}, false
	}
	b := bandLayer{pos: it.pos}
	ok := true
	for _, me := range p.entries(m) {
		switch me.key {
		case "x", "y":
			if b.axis != "" {
				p.errorf(p.pos(me.tok), "a band spans one axis: give x or y, not both (draw two bands for a rectangle)")
				ok = false
				continue
			}
			b.axis = me.key
			var good bool
			b.lo, b.hi, good = p.bandRange(me)
			ok = ok && good
		case "label":
			b.label, _, _ = p.chartText(me)
		default:
			alias := ""
			switch strings.ToLower(me.key) {
			case "range", "span", "from", "lo", "hi", "low", "high", "between", "values":
				alias = "y"
			case "text", "name", "title", "note":
				alias = "label"
			}
			p.unknownMarkKey(me, "bands", alias, bandKeys)
			ok = false
		}
	}
	if b.axis == "" && ok {
		p.errorf(it.pos, `this band has no range: give y: [low, high] for a horizontal band or x: [low, high] for a vertical one`)
		ok = false
	}
	return b, ok
}

// bandRange reads a band's [lo, hi].
func (p *parser) bandRange(e entry) (lo, hi markValue, ok bool) {
	pos := p.valuePos(e)
	seq, isSeq := p.resolve(e.val).(*ast.SequenceNode)
	if !isSeq || len(seq.Values) != 2 {
		what := "not a list"
		if isSeq {
			what = "a list of " + strconv.Itoa(len(seq.Values))
		} else if n := p.resolve(e.val); n != nil {
			what = unlike(n)
		}
		p.errorf(pos, "a band's %s is its two ends, like %s: [40, 60], %s", e.key, e.key, what)
		return lo, hi, false
	}
	lo, okLo := p.markNumber(p.resolve(seq.Values[0]), p.nodePos(seq.Values[0]), "the band's low end")
	hi, okHi := p.markNumber(p.resolve(seq.Values[1]), p.nodePos(seq.Values[1]), "the band's high end")
	if !okLo || !okHi {
		return lo, hi, false
	}
	switch {
	case lo.v == hi.v:
		p.errorf(pos, "a band needs two different ends, not %s twice: for a single value use hlines or vlines", lo.text)
		return lo, hi, false
	case lo.v > hi.v:
		p.errorf(pos, "a band runs from low to high, but %s is above %s: write %s: [%s, %s]", lo.text, hi.text, e.key, hi.text, lo.text)
		return lo, hi, false
	}
	return lo, hi, true
}

// annotation reads one entry of annotations.
func (p *parser) annotation(it markItem) (annotationLayer, bool) {
	m, isMap := it.n.(*ast.MappingNode)
	if !isMap {
		p.errorf(it.pos, `each entry of annotations is a mapping like {x: 1e23, y: 2.1, text: "Chinchilla", arrow: true}, %s`, unlike(it.n))
		return annotationLayer{}, false
	}
	a := annotationLayer{pos: it.pos, position: PositionTop}
	ok := true
	var hasX, hasY, hasText bool
	for _, me := range p.entries(m) {
		switch me.key {
		case "x", "y":
			v, good := p.markNumber(p.resolve(me.val), p.valuePos(me), me.key)
			ok = ok && good
			if me.key == "x" {
				a.x, hasX = v, true
			} else {
				a.y, hasY = v, true
			}
		case "text":
			var good bool
			var pos diag.Pos
			a.text, pos, good = p.chartText(me)
			a.text = strings.TrimSpace(a.text)
			hasText = true
			if good && a.text == "" {
				p.errorf(pos, `the annotation's text is empty: write what the note says, e.g. text: "Chinchilla"`)
				good = false
			}
			ok = ok && good
		case "arrow":
			b, isBool := p.resolve(me.val).(*ast.BoolNode)
			if !isBool {
				p.errorf(p.valuePos(me), "arrow must be true or false")
				ok = false
				continue
			}
			a.arrow = b.Value
		case "position":
			a.position = p.choice(me, positions, "unknown position %q: an annotation's text stands top, bottom, left or right of its point%s", positionAlias)
			if a.position == "" {
				ok = false
			}
		default:
			alias := ""
			switch strings.ToLower(me.key) {
			case "label", "name", "title", "note", "content":
				alias = "text"
			case "arrows", "pointer", "leader":
				alias = "arrow"
			case "pos", "place", "placement", "anchor", "side", "align":
				alias = "position"
			}
			p.unknownMarkKey(me, "annotations", alias, annotationKeys)
			ok = false
		}
	}
	var missing []string
	if !hasX {
		missing = append(missing, "x")
	}
	if !hasY {
		missing = append(missing, "y")
	}
	if !hasText {
		missing = append(missing, "text")
	}
	if len(missing) > 0 && ok {
		p.errorf(it.pos, `this annotation has no %s: an annotation needs x, y and text, e.g. {x: 1e23, y: 2.1, text: "Chinchilla"}`, strings.Join(missing, " or "))
		ok = false
	}
	return a, ok
}

func positionAlias(w string) string {
	switch w {
	case "above", "up", "over", "north":
		return PositionTop
	case "below", "down", "under", "south":
		return PositionBottom
	case "west", "before":
		return PositionLeft
	case "east", "after":
		return PositionRight
	}
	return ""
}

// unknownMarkKey reports a key a mark entry does not have.
func (p *parser) unknownMarkKey(e entry, list, alias string, valid []string) {
	p.unknown++
	tail := ""
	switch {
	case alias != "" && contains(valid, alias):
		tail = ` — did you mean "` + alias + `"?`
	default:
		tail = diag.DidYouMean(e.key, valid)
		if tail == "" {
			tail = ": the keys of an entry of " + list + " are " + strings.Join(valid, ", ")
		}
	}
	p.errorf(p.pos(e.tok), "unknown key %q in %s%s", e.key, list, tail)
}

// markNumber reads a number of a mark; what names it in messages.
func (p *parser) markNumber(n ast.Node, pos diag.Pos, what string) (markValue, bool) {
	if n == nil {
		return markValue{}, false
	}
	if isNull(n) {
		p.errorf(pos, "%s has no value: write a number, like 25 or 1e24", what)
		return markValue{}, false
	}
	v, text, _, ok := p.number(entry{key: what, val: n})
	if !ok || v == nil {
		return markValue{}, false
	}
	return markValue{v: *v, text: text, pos: pos}, true
}

// mergeMarks lays a panel's mark keys over the chart's, key by key.
func mergeMarks(chart, panel marksLayer) marksLayer {
	m := chart
	if panel.hSet {
		m.hlines, m.hSet, m.hBad, m.hlinesPos = panel.hlines, true, panel.hBad, panel.hlinesPos
	}
	if panel.vSet {
		m.vlines, m.vSet, m.vBad, m.vlinesPos = panel.vlines, true, panel.vBad, panel.vlinesPos
	}
	if panel.bSet {
		m.bands, m.bSet, m.bBad, m.bandsPos = panel.bands, true, panel.bBad, panel.bandsPos
	}
	if panel.aSet {
		m.annotations, m.aSet, m.aBad, m.annotationsPos = panel.annotations, true, panel.aBad, panel.annotationsPos
	}
	return m
}

// resolveMarks checks a panel's marks against its axes (a log axis shows
// only values above 0) and returns them.
func (p *parser) resolveMarks(m *marksLayer, x, y Axis) Marks {
	var out Marks
	onLog := func(v markValue, ax Axis, name, what string) bool {
		if ax.Scale != ScaleLog || v.v > 0 {
			return true
		}
		p.errorf(v.pos, "%s is %s, but the %s axis is a log axis (scale: log at %s), which only shows values greater than 0: use a value above 0, or scale: linear",
			what, v.text, name, ax.Pos)
		return false
	}
	if !m.hBad {
		for _, l := range m.hlines {
			if onLog(l.val, y, "y", "this horizontal line's y") {
				out.HLines = append(out.HLines, RefLine{Value: l.val.v, Label: l.label, Pos: l.val.pos})
			}
		}
	}
	if !m.vBad {
		for _, l := range m.vlines {
			if onLog(l.val, x, "x", "this vertical line's x") {
				out.VLines = append(out.VLines, RefLine{Value: l.val.v, Label: l.label, Pos: l.val.pos})
			}
		}
	}
	if !m.bBad {
		for _, b := range m.bands {
			ax := y
			if b.axis == "x" {
				ax = x
			}
			if onLog(b.lo, ax, b.axis, "the band's low end") && onLog(b.hi, ax, b.axis, "the band's high end") {
				out.Bands = append(out.Bands, Band{Axis: b.axis, Lo: b.lo.v, Hi: b.hi.v, Label: b.label, Pos: b.pos})
			}
		}
	}
	if !m.aBad {
		for _, a := range m.annotations {
			okX := onLog(a.x, x, "x", "the annotation's x")
			okY := onLog(a.y, y, "y", "the annotation's y")
			if okX && okY {
				out.Annotations = append(out.Annotations, Annotation{X: a.x.v, Y: a.y.v, Text: a.text, Arrow: a.arrow, Position: a.position, Pos: a.pos})
			}
		}
	}
	return out
}

package chartspec

import (
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/yamlx"
	"github.com/scalesite/scalesite/table"
)

var (
	scales  = []string{ScaleLinear, ScaleLog}
	formats = []string{FormatAuto, FormatSci, FormatPow, FormatSI, FormatPercent, FormatFraction, FormatPlain, FormatYear}
)

// axisLayer is an axis as one level of the spec wrote it. Each key is kept
// apart, with its position, because a panel inherits the chart's axis key by
// key, and checks such as "min < max" can only run once both levels are laid
// over each other.
type axisLayer struct {
	set              bool
	pos              diag.Pos
	field            Field
	title            string
	scale, format    string // "" when not set
	formatPos        diag.Pos
	min, max         *float64
	minText, maxText string // as written, for messages
	minPos, maxPos   diag.Pos
	fieldSet         bool
	fieldTried       bool    // field written, valid or not
	fields           []Field // y's list of columns (wide.go); nil for one column
	titleSet         bool
	minSet, maxSet   bool // set, possibly to nothing (min: ~ drops an inherited min)
	unit             unitValue
	iv               intervalLayer
}

// axis reads `x` or `y`: a column name, or a mapping of axis keys.
func (p *parser) axis(e entry) axisLayer {
	a := axisLayer{set: true, pos: p.valuePos(e)}
	n := p.resolve(e.val)
	m, ok := n.(*ast.MappingNode)
	if !ok {
		// Anything but a mapping stands for the field: if it is wrong, that
		// is reported, and not a missing field too.
		a.fieldTried = true
		if n == nil {
			return a
		}
		if seq, isList := n.(*ast.SequenceNode); isList {
			a.fields, a.fieldSet = p.fieldList(e.key, seq, a.pos)
			a.field = Field{Pos: a.pos}
			return a
		}
		s, isText := scalarText(n)
		if !isText {
			p.errorf(a.pos, "%s must be a column name or a mapping like {field: flops, scale: log}, %s", e.key, unlike(n))
			return a
		}
		a.field, a.fieldSet = p.axisField(e.key, strings.TrimSpace(s), a.pos)
		return a
	}
	for _, ae := range p.entries(m) {
		switch ae.key {
		case "field":
			a.fieldTried = true
			if seq, isList := p.resolve(ae.val).(*ast.SequenceNode); isList {
				pos := p.valuePos(ae)
				a.fields, a.fieldSet = p.fieldList(e.key, seq, pos)
				a.field = Field{Pos: pos}
				continue
			}
			s, pos, ok := p.text(ae, "a column name")
			if ok {
				a.field, a.fieldSet = p.axisField(e.key, strings.TrimSpace(s), pos)
			}
		case "title":
			a.title, _, a.titleSet = p.chartText(ae)
		case "scale":
			a.scale = p.choice(ae, scales, "unknown scale %q: an axis scale is linear or log%s", scaleAlias)
		case "format":
			a.format = p.choice(ae, formats, "unknown format %q: a tick format is auto, sci, pow, si, percent, fraction, plain or year%s", formatAlias)
			a.formatPos = p.valuePos(ae)
		case "min":
			a.min, a.minText, a.minPos, a.minSet = p.number(ae)
		case "max":
			a.max, a.maxText, a.maxPos, a.maxSet = p.number(ae)
		case "unit":
			a.unit = p.unit(ae)
		case "low", "high", "err", "interval":
			p.intervalKey(&a.iv, ae)
		default:
			p.unknownKey(ae, "unknown key %q in "+e.key+"%s", axisKeys, e.key)
		}
	}
	return a
}

// axisField checks a column name for an axis; an empty one is reported.
func (p *parser) axisField(axis, name string, pos diag.Pos) (Field, bool) {
	if name == "" {
		p.errorf(pos, "%s has no field: name the column to plot, e.g. %s: {field: flops}", axis, axis)
		return Field{}, false
	}
	return Field{Name: name, Pos: pos}, true
}

// choice reads a value that must be one of a few words (scale, format).
// Case is forgiven. It returns "" after reporting anything else.
func (p *parser) choice(e entry, valid []string, msg string, alias func(string) string) string {
	s, pos, ok := p.text(e, strings.Join(valid, " or "))
	if !ok {
		return ""
	}
	w := strings.ToLower(strings.TrimSpace(s))
	if contains(valid, w) {
		return w
	}
	tail := ""
	if a := alias(w); a != "" {
		tail = ` — did you mean "` + a + `"?`
	} else if w != "" {
		tail = diag.DidYouMean(w, valid)
	}
	p.errorf(pos, msg, s, tail)
	return ""
}

func scaleAlias(w string) string {
	switch w {
	case "logarithmic", "log10", "loglog", "log-log", "logscale", "exp":
		return ScaleLog
	case "lin", "linear-scale", "none", "normal":
		return ScaleLinear
	}
	return ""
}

func formatAlias(w string) string {
	switch w {
	case "scientific", "exp", "exponent", "e", "1e", "engineering":
		return FormatSci
	case "power", "powers", "pow10", "10^", "superscript":
		return FormatPow
	case "metric", "human", "k", "kmb", "short", "compact":
		return FormatSI
	case "%", "percentage", "pct":
		return FormatPercent
	case "ratio", "fractional", "proportion":
		return FormatFraction
	case "number", "default", "raw", "comma", "decimal", "int", "integer":
		return FormatPlain
	}
	return ""
}

// number reads min or max. An empty value is set to nothing, which drops a
// bound a panel would inherit.
func (p *parser) number(e entry) (v *float64, text string, pos diag.Pos, ok bool) {
	pos = p.valuePos(e)
	n := p.resolve(e.val)
	if n == nil {
		return nil, "", pos, false
	}
	var f float64
	switch nv := n.(type) {
	case *ast.NullNode:
		return nil, "", pos, true
	case *ast.IntegerNode:
		switch i := nv.Value.(type) {
		case int64:
			f = float64(i)
		case uint64:
			f = float64(i)
		}
		text = yamlx.TokenText(nv)
	case *ast.FloatNode:
		f, text = nv.Value, yamlx.TokenText(nv)
	case *ast.StringNode:
		// YAML 1.2 reads 1e20 as a float but the library reads it as text;
		// quoted numbers are forgiven too.
		text = strings.TrimSpace(nv.Value)
		var err error
		if f, err = strconv.ParseFloat(text, 64); err != nil && !isRange(err) {
			p.errorf(pos, "%s must be a number, like 0.5 or 1e20, not %q", e.key, nv.Value)
			return nil, "", pos, false
		}
	case *ast.InfinityNode, *ast.NanNode:
		f, text = math.NaN(), yamlx.TokenText(nv)
	default:
		s, isText := scalarText(n)
		if isText {
			p.errorf(pos, "%s must be a number, like 0.5 or 1e20, not %q", e.key, s)
		} else {
			p.errorf(pos, "%s must be a number, like 0.5 or 1e20, %s", e.key, unlike(n))
		}
		return nil, "", pos, false
	}
	if math.IsInf(f, 0) && strings.ContainsAny(text, "0123456789") {
		p.errorf(pos, "%s is %s, too large for a number: the largest is about 1.8e308", e.key, shortNumber(text))
		return nil, "", pos, false
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		p.errorf(pos, "%s must be a finite number, like 0.5 or 1e20, not %s", e.key, shortNumber(text))
		return nil, "", pos, false
	}
	if table.Underflows(text, f) {
		p.errorf(pos, "%s is %s, too small for a number: the smallest above 0 is about 5e-324; write 0 if the value is zero", e.key, shortNumber(text))
		return nil, "", pos, false
	}
	if len(text) > maxNumberText {
		text = strconv.FormatFloat(f, 'g', -1, 64) // messages quote it
	}
	return &f, text, pos, true
}

// maxNumberText is the longest number text messages show as written.
const maxNumberText = 32

// shortNumber cuts the text of a number for a message.
func shortNumber(text string) string {
	if len(text) > maxNumberText {
		return text[:maxNumberText] + "…"
	}
	return text
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// mergeAxis lays a panel's axis over the chart's, key by key.
func mergeAxis(chart, panel axisLayer) axisLayer {
	if !panel.set {
		return chart
	}
	a := chart
	a.set, a.pos = true, panel.pos
	if panel.fieldTried {
		a.field, a.fieldSet, a.fieldTried = panel.field, panel.fieldSet, true
		a.fields = panel.fields
	}
	if panel.titleSet {
		a.title, a.titleSet = panel.title, true
	}
	if panel.scale != "" {
		a.scale = panel.scale
	}
	if panel.format != "" {
		a.format, a.formatPos = panel.format, panel.formatPos
	}
	if panel.minSet {
		a.min, a.minText, a.minPos, a.minSet = panel.min, panel.minText, panel.minPos, true
	}
	if panel.maxSet {
		a.max, a.maxText, a.maxPos, a.maxSet = panel.max, panel.maxText, panel.maxPos, true
	}
	if panel.unit.set {
		a.unit = panel.unit
	}
	a.iv = mergeInterval(chart.iv, panel.iv)
	return a
}

// resolveAxis fills the defaults of a fully inherited axis and checks what
// only the whole can tell: a field, bounds in order, and a log axis above 0.
// at stands for the axis when no level of the spec set it.
func (p *parser) resolveAxis(a *axisLayer, name string, at diag.Pos, quiet bool) Axis {
	ax := Axis{Field: a.field, Fields: a.fields, Title: a.title, Scale: a.scale, Format: a.format, FormatPos: a.formatPos, Min: a.min, Max: a.max, Pos: at}
	if a.set {
		ax.Pos = a.pos
	}
	// An axis without a title is named by its column: a column named in
	// TeX ($\alpha$) is drawn as plain text as a title would be.
	if ax.Title == "" && strings.Contains(ax.Field.Name, "$") {
		ax.Title = p.plain(ax.Field.Name, name+" field (the axis' name, as it has no title)", nil, ax.Field.Pos)
	}
	if ax.Scale == "" {
		ax.Scale = ScaleLinear
	}
	if ax.Format == "" {
		ax.Format = FormatAuto
	}
	p.resolveUnit(&ax, a, name)
	ax.Low, ax.High, ax.Err, ax.Interval = p.resolveInterval(&a.iv, name)
	if !a.fieldTried && !quiet {
		p.errorf(ax.Pos, "%s has no field: name the column to plot, e.g. %s: {field: flops}", name, name)
	}
	bad := false
	if ax.Scale == ScaleLog {
		if a.min != nil && *a.min <= 0 {
			p.errorf(a.minPos, "min is %s, but a log axis only shows values greater than 0: raise min (e.g. min: 1e18) or use scale: linear", a.minText)
			bad = true
		}
		if a.max != nil && *a.max <= 0 {
			p.errorf(a.maxPos, "max is %s, but a log axis only shows values greater than 0: raise max or use scale: linear", a.maxText)
			bad = true
		}
	}
	if !bad && a.min != nil && a.max != nil && *a.min >= *a.max {
		p.errorf(a.minPos, "min (%s) must be less than max (%s)", a.minText, a.maxText)
	}
	return ax
}

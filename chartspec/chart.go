package chartspec

import (
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// The keys each level of a spec knows, in the order messages list them.
var (
	chartKeys = []string{"type", "title", "subtitle", "data", "x", "y", "series", "label", "where", "panels", "columns", "height", "colors", "legend", "downsample", "hlines", "vlines", "bands", "annotations", "style", "order", "connect", "fit", "frontier", "source", "quiet", "compute", "names", "smooth", "group", "band"}
	panelKeys = []string{"title", "type", "data", "x", "y", "series", "label", "where", "hlines", "vlines", "bands", "annotations", "connect", "fit", "frontier", "names", "smooth"}
	axisKeys  = []string{"field", "title", "scale", "min", "max", "format", "unit", "low", "high", "err", "interval"}
	chartOnly = []string{"subtitle", "panels", "columns", "height", "colors", "legend", "downsample", "style", "order", "source", "quiet", "compute", "group", "band"}
	types     = []string{TypeLine, TypeScatter, TypeIsoFLOP}
)

// layer holds the keys that a chart and its panels share, as one level of the
// spec set them: a panel's layer is laid over the chart's.
type layer struct {
	pos                 diag.Pos
	title               string // a panel's own; never inherited
	typ                 string
	data                DataRef
	x, y                axisLayer
	series, label       Field
	typSet, dataSet     bool
	seriesSet, labelSet bool
	labelOnly           LabelOnly // goes with label
	where               whereLayer
	// dataTried reports that the key was written, valid or not: a bad value
	// is reported once, not also as missing data.
	dataTried bool
	marks     marksLayer
	fits      fitLayer
	// connect is the `connect` key as written (ConnectX or ConnectRows),
	// "" when not set.
	connect    string
	connectPos diag.Pos
	// names is `names`: the series' names of y's columns (wide.go).
	names namesLayer
	// smooth is the `smooth` key (smooth.go); smoothSet that it was
	// written, false included.
	smooth    Smooth
	smoothSet bool
}

// chart reads the top-level mapping and resolves its panels.
func (p *parser) chart(root ast.Node) *Chart {
	c := &Chart{Pos: p.at}
	n := p.resolve(root)
	m, ok := n.(*ast.MappingNode)
	if !ok {
		if n != nil {
			p.errorf(p.nodePos(root), `a chart spec is a set of "key: value" lines (data: runs.csv, x: flops, y: loss, ...), %s`, unlike(n))
		}
		return nil
	}
	top := layer{pos: p.at}
	var panels []layer
	var compute Field
	var panelsPos diag.Pos
	panelsOK := true
	for _, e := range p.entries(m) {
		switch e.key {
		case "title":
			c.Title, c.TitleTeX = p.titleText(e)
		case "subtitle":
			c.Subtitle, c.SubtitleTeX = p.titleText(e)
		case "source":
			p.source(c, e)
		case "height":
			c.Height = p.height(e)
		case "colors":
			p.colors(c, e)
		case "columns":
			c.Columns = p.columns(e)
		case "legend":
			c.Legend = p.legend(e)
		case "downsample":
			if v, ok := p.downsample(e); ok {
				c.Downsample = v
			}
		case "panels":
			c.HasPanels = true
			panelsPos = p.valuePos(e)
			panels, panelsOK = p.panels(e)
		case "compute":
			compute, _ = p.field(e)
		case "style":
			p.styles(c, e)
		case "order":
			c.Order = p.order(e)
		case "quiet":
			c.Quiet = p.quiet(e)
		case "group":
			p.group(&p.runs, e)
		case "band":
			p.groupBand(&p.runs, e)
		default:
			if !p.layerKey(&top, e) {
				p.unknownKey(e, "unknown key %q%s", chartKeys, "")
			}
		}
	}
	p.checkStyleColors(c)
	p.checkSource(c)
	if !panelsOK {
		return c
	}
	// A misspelt key usually explains a missing one: say only the first
	// thing, not its consequences.
	quiet := p.unknown > 0
	for _, l := range panels {
		if l.typ == TypeIsoFLOP {
			p.errorf(l.pos, "type: isoflop is a whole chart's type (it draws its own two panels), not a panel's")
			return c
		}
	}
	if top.typ == TypeIsoFLOP {
		if top.smooth.On() {
			p.errorf(top.smooth.Pos, "smooth draws a moving average along a line; an isoflop chart draws its own parabolas: leave smooth out")
		}
		p.isoflop(c, &top, compute, panelsPos, quiet)
		return c
	}
	if compute.Name != "" {
		p.errorf(compute.Pos, "compute names the compute budgets of an isoflop chart: add type: isoflop, or leave compute out")
	}
	if !c.HasPanels {
		c.Panels = []Panel{p.resolvePanel(&top, nil, 0, quiet)}
		p.checkSmooth(c, []Smooth{top.smooth})
		return c
	}
	c.Panels = make([]Panel, len(panels))
	own := make([]Smooth, len(panels))
	for i := range panels {
		c.Panels[i] = p.resolvePanel(&top, &panels[i], i+1, quiet)
		own[i] = panels[i].smooth
	}
	p.checkSmooth(c, own)
	return c
}

// panels reads the `panels` list. ok is false when it is not a usable list.
func (p *parser) panels(e entry) ([]layer, bool) {
	n := p.resolve(e.val)
	if n == nil {
		return nil, false
	}
	seq, ok := n.(*ast.SequenceNode)
	if !ok || len(seq.Values) == 0 {
		what := "but it is an empty list"
		if !ok {
			what = unlike(n)
		}
		p.errorf(p.valuePos(e), `panels must be a list with one entry per panel, e.g. "- {title: Training, x: train_flops}", %s`, what)
		return nil, false
	}
	if len(seq.Values) > MaxPanels {
		p.errorf(p.valuePos(e), "panels lists %d panels, more than the %d a chart can show: split them into several charts", len(seq.Values), MaxPanels)
		return nil, false
	}
	ls := make([]layer, 0, len(seq.Values))
	ok = true
	for i, v := range seq.Values {
		pn := p.resolve(v)
		if pn == nil {
			ok = false
			continue
		}
		pm, isMap := pn.(*ast.MappingNode)
		if !isMap {
			pos := p.nodePos(v)
			if isNull(pn) && i < len(seq.Entries) && seq.Entries[i] != nil {
				pos = p.pos(seq.Entries[i].GetToken())
			}
			p.errorf(pos, `panel %d must be a set of keys, e.g. - {title: Training, x: train_flops}, %s`, i+1, unlike(pn))
			ok = false
			continue
		}
		ls = append(ls, p.panel(pm))
	}
	return ls, ok
}

// panel reads one entry of `panels`.
func (p *parser) panel(m *ast.MappingNode) layer {
	l := layer{pos: p.nodePos(m)}
	for _, e := range p.entries(m) {
		switch {
		case e.key == "title":
			l.title, _, _ = p.chartText(e)
		case e.key == "where":
			l.where = p.where(e, true)
		case p.layerKey(&l, e):
		default:
			p.unknownKey(e, "unknown key %q in a panel%s", panelKeys, "panel")
		}
	}
	return l
}

// layerKey reads a key that charts and panels share into l, reporting
// whether the key was one of them.
func (p *parser) layerKey(l *layer, e entry) bool {
	switch e.key {
	case "type":
		l.typ, l.typSet = p.chartType(e)
	case "data":
		l.data, l.dataSet = p.data(e)
		l.dataTried = true
	case "x":
		l.x = p.axis(e)
	case "y":
		l.y = p.axis(e)
	case "series":
		l.series, l.seriesSet = p.field(e)
	case "label":
		l.label, l.labelOnly, l.labelSet = p.label(e)
	case "hlines", "vlines", "bands", "annotations":
		p.marksKey(&l.marks, e)
	case "where":
		l.where = p.where(e, false)
	case "fit", "frontier":
		p.fitKey(&l.fits, e)
	case "connect":
		l.connect, l.connectPos = p.connect(e)
	case "names":
		l.names = p.namesKey(e)
	case "smooth":
		l.smooth, _ = p.smooth(e)
		l.smoothSet = true
	default:
		return false
	}
	return true
}

// field reads a column name (series) or a label template (label), as
// written. An empty value is kept as set: it lets a panel turn off the
// series or labels it would inherit.
func (p *parser) field(e entry) (Field, bool) {
	what := "a column name"
	if e.key == "label" {
		what = `a column name or a template like "{model} ({params})"`
	}
	if e.key == "label" {
		if m, isMap := p.resolve(e.val).(*ast.MappingNode); isMap && m.IsFlowStyle {
			p.errorf(p.valuePos(e), `YAML reads a label that starts with "{" as a mapping: put the template in quotes, e.g. label: "{model} ({params})"`)
			return Field{}, false
		}
	}
	s, pos, ok := p.text(e, what)
	return Field{Name: s, Pos: pos}, ok
}

// chartType reads `type`. Case is forgiven: "Scatter" is not worth a failed
// build.
func (p *parser) chartType(e entry) (string, bool) {
	s, pos, ok := p.text(e, "line or scatter")
	if !ok {
		return "", false
	}
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case TypeLine, TypeScatter, TypeIsoFLOP:
		return t, true
	case "":
		p.errorf(pos, "type has no value: use line or scatter")
		return "", false
	}
	tail := diag.DidYouMean(t, types)
	switch t {
	case "points", "point", "dots", "dot", "markers", "marker", "scatterplot", "scatter_plot", "bubble":
		tail = ` — did you mean "scatter"?`
	case "lines", "linechart", "line_chart", "curve", "curves", "plot":
		tail = ` — did you mean "line"?`
	}
	p.errorf(pos, "unknown chart type %q: scalesite draws line and scatter charts%s", s, tail)
	return "", false
}

// connect reads `connect`: how a line joins its points, in x order (the
// default) or in the order of the rows (a trajectory). Case is forgiven.
func (p *parser) connect(e entry) (string, diag.Pos) {
	s, pos, ok := p.text(e, "x or rows")
	if !ok {
		return "", pos
	}
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case ConnectX, ConnectRows:
		return t, pos
	case "":
		p.errorf(pos, "connect has no value: use x (join each line's points in x order, the default) or rows (in the order of the rows, e.g. a training trajectory)")
		return "", pos
	}
	tail := diag.DidYouMean(t, []string{ConnectX, ConnectRows})
	switch t {
	case "row", "data", "order", "path", "file", "input", "none", "false", "no", "off", "as-is", "asis", "trajectory":
		tail = ` — did you mean "rows"?`
	case "sorted", "sort", "true", "yes", "on", "x-order", "x_order":
		tail = ` — did you mean "x"?`
	}
	p.errorf(pos, "connect must be x (join each line's points in x order, the default) or rows (in the order of the rows, e.g. a training trajectory), not %q%s", s, tail)
	return "", pos
}

// resolvePanel lays a panel's keys over the chart's and checks that the
// result can be drawn. n is the panel's number (1-based), 0 for a chart
// without panels. quiet drops the "missing key" errors.
func (p *parser) resolvePanel(top, own *layer, n int, quiet bool) Panel {
	l := *top
	if own != nil {
		l.pos = own.pos
		l.title = own.title
		if own.typSet {
			l.typ, l.typSet = own.typ, true
		}
		if own.dataTried {
			l.data, l.dataSet, l.dataTried = own.data, own.dataSet, true
		}
		if own.seriesSet {
			l.series = own.series
		}
		if own.labelSet {
			l.label, l.labelOnly = own.label, own.labelOnly
		}
		if own.connect != "" {
			l.connect, l.connectPos = own.connect, own.connectPos
		}
		if own.names.set {
			l.names = own.names
		}
		if own.smoothSet {
			l.smooth = own.smooth
		}
		l.x = mergeAxis(top.x, own.x)
		l.y = mergeAxis(top.y, own.y)
		l.marks = mergeMarks(top.marks, own.marks)
		l.fits = mergeFits(top.fits, own.fits)
	}
	pan := Panel{Title: l.title, Type: l.typ, Data: l.data, Series: l.series, Label: l.label, LabelOnly: l.labelOnly, Pos: l.pos}
	pan.Where = top.where.conds
	if own != nil {
		pan.Where = mergeWhere(top.where, own.where)
	}
	if pan.Type == "" {
		pan.Type = TypeLine
	}
	pan.Connect, pan.ConnectPos = l.connect, l.connectPos
	pan.Smooth = l.smooth
	if !l.dataTried && !quiet {
		if n == 0 {
			p.errorf(l.pos, `the chart has no data: add "data: file.csv" or an inline CSV block`)
		} else {
			p.errorf(l.pos, `panel %d has no data: add "data: file.csv" to the panel or to the chart`, n)
		}
	}
	pan.X = p.resolveAxis(&l.x, "x", l.pos, quiet)
	pan.Y = p.resolveAxis(&l.y, "y", l.pos, quiet)
	p.resolveNames(&pan, l.names, n)
	p.checkWideInterval(&pan)
	pan.Marks = p.resolveMarks(&l.marks, pan.X, pan.Y)
	p.resolveFits(&pan, l.fits, n)
	return pan
}

// unknownKey reports an unknown key; format has a %q for the key and a %s
// for unknownTail's explanation.
func (p *parser) unknownKey(e entry, format string, valid []string, scope string) {
	p.unknown++
	p.errorf(p.pos(e.tok), format, e.key, unknownTail(e.key, valid, scope))
}

// unknownTail explains an unknown key: the key it probably is, where the key
// belongs if it is misplaced, or else the keys that are valid here. scope is
// "" for the chart, "panel", or the axis name.
func unknownTail(key string, valid []string, scope string) string {
	k := strings.ToLower(key)
	if scope == "panel" && contains(chartOnly, k) {
		return ": " + k + " is set once for the whole chart, at the top of the spec, not in a panel"
	}
	if scope == "" || scope == "panel" {
		if contains(axisKeys, k) {
			return ": " + k + " belongs to an axis, e.g. x: {field: flops, " + k + ": ...}"
		}
		if len(k) > 1 && (k[0] == 'x' || k[0] == 'y') && contains(axisWords, strings.TrimLeft(k[1:], "_-")) {
			return ": set it inside the axis, e.g. " + k[:1] + ": {field: flops, title: \"Training FLOPs\", scale: log}"
		}
	}
	switch k {
	case "ticks", "tick", "tickvals", "tick_values", "nticks", "splitnumber", "tick_interval", "tickinterval", "major_ticks", "minor_ticks":
		return ": scalesite chooses the ticks itself, from the axis' range and its width on screen (on a log axis a label every decade while they fit, else every 2, 3 or 4); format sets how they read, min and max the range"
	}
	if a := keyAlias(k, scope); a != "" && contains(valid, a) {
		return ` — did you mean "` + a + `"?`
	}
	if s := diag.DidYouMean(key, valid); s != "" {
		return s
	}
	where := "a chart"
	switch scope {
	case "":
	case "panel":
		where = "a panel"
	default:
		where = "an axis"
	}
	return ": the keys of " + where + " are " + strings.Join(valid, ", ")
}

// axisWords are what plotting libraries put after x or y (xlabel, y_scale).
var axisWords = []string{"label", "title", "scale", "log", "lim", "limits", "range", "min", "max", "field", "format", "ticks", "unit", "units"}

// keyAlias maps the words other plotting tools use to scalesite's key.
func keyAlias(k, scope string) string {
	if scope != "" && scope != "panel" {
		switch k {
		case "column", "col", "name", "key", "variable", "var", "data":
			return "field"
		case "label", "name_", "axis_title", "text":
			return "title"
		case "type", "scale_type", "log", "logscale", "log_scale":
			return "scale"
		case "minimum", "from", "start":
			return "min"
		case "maximum", "to", "end":
			return "max"
		case "lo", "lower", "lower_bound", "ci_low", "ci_lo":
			return "low"
		case "hi", "upper", "upper_bound", "ci_high", "ci_hi":
			return "high"
		case "error", "errors", "sd", "std", "stderr", "se", "yerr", "xerr", "errorbar", "errorbars", "error_bars":
			return "err"
		case "tickformat", "tick_format", "number_format", "ticklabels":
			return "format"
		case "units", "suffix", "unit_label", "dimension", "measure":
			return "unit"
		}
		return ""
	}
	switch k {
	case "file", "path", "csv", "src", "dataset", "datafile", "data_file":
		return "data"
	case "group", "groups", "groupby", "group_by", "hue", "color_by", "colour_by", "by":
		return "series"
	case "kind", "chart", "plot", "mark", "charttype", "chart_type":
		return "type"
	case "xaxis", "x_axis":
		return "x"
	case "yaxis", "y_axis":
		return "y"
	case "color", "colour", "colours", "palette":
		return "colors"
	case "subplots", "facets", "facet", "plots", "charts":
		return "panels"
	case "cols", "ncols", "ncol", "per_row", "perrow", "grid":
		return "columns"
	case "sampling", "max_points", "maxpoints", "decimate", "thin":
		return "downsample"
	case "labels", "text":
		return "label"
	case "annotation", "annotate", "note", "notes", "callout", "callouts":
		return "annotations"
	case "hline", "axhline", "refline", "reflines", "baseline", "baselines", "threshold", "thresholds":
		return "hlines"
	case "vline", "axvline":
		return "vlines"
	case "band", "span", "spans", "shade", "shading", "axhspan", "axvspan", "region", "regions":
		return "bands"
	case "styles", "looks", "series_style", "series_styles":
		return "style"
	case "trend", "trendline", "trend_line", "regression", "fits", "curve_fit", "law":
		return "fit"
	case "pareto", "envelope", "pareto_front", "front":
		return "frontier"
	case "smoothing", "smoothed", "ema", "ewm", "ewma", "rolling", "moving_average", "running_average":
		return "smooth"
	case "series_order", "sort", "legend_order":
		return "order"
	case "filter", "filters", "query", "subset", "select", "rows", "condition", "conditions", "if", "when":
		return "where"
	case "name", "heading", "header":
		return "title"
	case "rename", "renames", "series_names", "legend_names", "aliases", "display_names":
		return "names"
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

package chartspec

import (
	"errors"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

// ok is a valid body that error cases add one mistake to.
const ok = "data: runs.csv\nx: flops\ny: loss\n"

var errorTests = []struct {
	name string
	src  string
	want string // the whole error text, one problem per line
}{
	// YAML that cannot be read at all.
	{"yaml: unclosed flow mapping", "data: runs.csv\nx: {field: flops, scale: log\ny: loss\n",
		`content/audio.md:11:4: invalid YAML: this "{" is never closed by a "}"`},
	{"yaml: unclosed flow list", "colors: [red, blue\n" + ok,
		`content/audio.md:10:9: invalid YAML: this "[" is never closed by a "]"`},
	{"yaml: unclosed flow mapping in a list", "data: runs.csv\nx: [a, {b: c]\ny: loss\n",
		`content/audio.md:11:8: invalid YAML: this "{" is never closed by a "}"`},
	{"yaml: unclosed flow mapping over lines", "data: runs.csv\nx: {field: flops,\n    scale: log\ny: loss\n",
		`content/audio.md:11:4: invalid YAML: this "{" is never closed by a "}"`},
	{"yaml: alias to itself", "&a\n*a\n",
		`content/audio.md:11:1: the alias "*a" stands inside the value of its own anchor "&a", so it would repeat itself without end: give the anchor a value that does not use it`},
	{"yaml: alias inside its anchor's list", ok + "hlines: &a [1, *a]\n",
		`content/audio.md:13:16: the alias "*a" stands inside the value of its own anchor "&a", so it would repeat itself without end: give the anchor a value that does not use it`},
	{"yaml: alias before its anchor", ok + "title: *t\nsubtitle: &t Loss\n",
		`content/audio.md:13:8: the alias "*t" refers to no anchor "&t" above it`},
	{"yaml: unquoted label template", ok + "label: {model} ({acc})\n",
		`content/audio.md:13:16: invalid YAML: unexpected text here: check the indentation; text that starts with "{" or "[" must be in quotes, e.g. label: "{model} ({params})"`},
	{"yaml: bad indentation", "data: runs.csv\nx:\n  field: flops\n y: loss\n",
		`content/audio.md:13:2: invalid YAML: unexpected text here: check the indentation`},
	{"yaml: tab", "data: runs.csv\n\tx: flops\n",
		`content/audio.md:11:1: invalid YAML: a tab cannot indent YAML: use spaces`},
	{"yaml: unterminated quote", ok + `title: "Loss` + "\n",
		`content/audio.md:13:8: invalid YAML: this quoted text has no closing '"'`},
	{"yaml: unquoted hex colour in a flow list", "colors: [#1f77b4, red]\n" + ok,
		`content/audio.md:10:9: invalid YAML: this "[" is never closed by a "]"; note that # starts a comment in YAML, so a colour like #1f77b4 must be quoted: "#1f77b4"`},
	{"yaml: undefined alias", ok + "title: *nothing\n",
		`content/audio.md:13:8: the alias "*nothing" refers to no anchor "&nothing" above it`},
	{"yaml: two documents", ok + "---\ntitle: second\n",
		"content/audio.md:14:1: a chart spec is one YAML document: remove the \"---\" line above this one, or start a new ```chart block"},

	// The spec as a whole.
	{"empty", "",
		`content/audio.md:10:1: the chart spec is empty: it needs at least data, x and y, e.g. data: runs.csv, x: flops, y: loss`},
	{"only comments", "# data: runs.csv\n\n",
		`content/audio.md:10:1: the chart spec is empty: it needs at least data, x and y, e.g. data: runs.csv, x: flops, y: loss`},
	{"not a mapping: list", "- data: runs.csv\n- x: flops\n",
		`content/audio.md:10:1: a chart spec is a set of "key: value" lines (data: runs.csv, x: flops, y: loss, ...), not a list`},
	{"not a mapping: text", "\n\njust some words\n",
		`content/audio.md:12:1: a chart spec is a set of "key: value" lines (data: runs.csv, x: flops, y: loss, ...), not text`},

	// Keys.
	{"unknown key, close", ok + "serie: model\n",
		`content/audio.md:13:1: unknown key "serie" — did you mean "series"?`},
	{"unknown key, alias", ok + "file: runs.csv\n",
		`content/audio.md:13:1: unknown key "file" — did you mean "data"?`},
	{"unknown key, far", ok + "zzz: 1\n",
		// the lists grow with the spec: the message lists them all
		`content/audio.md:13:1: unknown key "zzz": the keys of a chart are ` + strings.Join(chartKeys, ", ")},
	{"axis key at the top", ok + "scale: log\n",
		`content/audio.md:13:1: unknown key "scale": scale belongs to an axis, e.g. x: {field: flops, scale: ...}`},
	{"matplotlib key at the top", ok + "xlabel: FLOPs\n",
		`content/audio.md:13:1: unknown key "xlabel": set it inside the axis, e.g. x: {field: flops, title: "Training FLOPs", scale: log}`},
	{"unknown axis key", "data: runs.csv\nx: {field: flops, scael: log}\ny: loss\n",
		`content/audio.md:11:19: unknown key "scael" in x — did you mean "scale"?`},
	{"unknown axis key, alias", "data: runs.csv\nx: {column: flops}\ny: loss\n",
		`content/audio.md:11:5: unknown key "column" in x — did you mean "field"?`},
	{"unknown axis key, far", "data: runs.csv\nx: flops\ny: {field: loss, zzz: 1}\n",
		`content/audio.md:12:18: unknown key "zzz" in y: the keys of an axis are ` + strings.Join(axisKeys, ", ")},
	{"unknown panel key", ok + "panels:\n  - {title: A, seires: model}\n",
		`content/audio.md:14:16: unknown key "seires" in a panel — did you mean "series"?`},
	{"chart key in a panel", ok + "panels:\n  - {title: A}\n  - {title: B, height: 300}\n",
		`content/audio.md:15:16: unknown key "height" in a panel: height is set once for the whole chart, at the top of the spec, not in a panel`},
	{"unknown panel key, far", ok + "panels:\n  - {zzz: 1}\n",
		`content/audio.md:14:6: unknown key "zzz" in a panel: the keys of a panel are ` + strings.Join(panelKeys, ", ")},
	{"duplicate key", ok + "title: A\ntitle: B\n",
		`content/audio.md:14:1: duplicate key "title": it is already set on line 13`},
	{"duplicate axis key", "data: runs.csv\nx: {field: a, field: b}\ny: loss\n",
		`content/audio.md:11:15: duplicate key "field": it is already set on line 11`},
	{"list as a key", ok + "[a, b]: 1\n",
		`content/audio.md:13:7: invalid YAML: a key must be a name, like title or x`},

	// Values.
	{"unknown chart type", ok + "type: bar\n",
		`content/audio.md:13:7: unknown chart type "bar": scalesite draws line and scatter charts`},
	{"chart type typo", ok + "type: scater\n",
		`content/audio.md:13:7: unknown chart type "scater": scalesite draws line and scatter charts — did you mean "scatter"?`},
	{"chart type synonym", ok + "type: points\n",
		`content/audio.md:13:7: unknown chart type "points": scalesite draws line and scatter charts — did you mean "scatter"?`},
	{"connect bad value", ok + "connect: zigzag\n",
		`content/audio.md:13:10: connect must be x (join each line's points in x order, the default) or rows (in the order of the rows, e.g. a training trajectory), not "zigzag"`},
	{"connect synonym", ok + "connect: path\n",
		`content/audio.md:13:10: connect must be x (join each line's points in x order, the default) or rows (in the order of the rows, e.g. a training trajectory), not "path" — did you mean "rows"?`},
	{"connect typo in a panel", ok + "panels:\n  - {connect: row}\n",
		`content/audio.md:14:15: connect must be x (join each line's points in x order, the default) or rows (in the order of the rows, e.g. a training trajectory), not "row" — did you mean "rows"?`},
	{"connect misspelt key", ok + "conect: rows\n",
		`content/audio.md:13:1: unknown key "conect" — did you mean "connect"?`},
	{"chart type empty", ok + "type:\n",
		`content/audio.md:13:1: type has no value: use line or scatter`},
	{"unknown scale", "data: runs.csv\nx: {field: flops, scale: logarithmic}\ny: loss\n",
		`content/audio.md:11:26: unknown scale "logarithmic": an axis scale is linear or log — did you mean "log"?`},
	{"unknown scale, far", "data: runs.csv\nx: {field: flops, scale: sqrt}\ny: loss\n",
		`content/audio.md:11:26: unknown scale "sqrt": an axis scale is linear or log`},
	{"unknown format", "data: runs.csv\nx: {field: flops, format: scientific}\ny: loss\n",
		`content/audio.md:11:27: unknown format "scientific": a tick format is auto, sci, pow, si, percent, fraction, plain or year — did you mean "sci"?`},
	{"unknown format, typo", "data: runs.csv\nx: {field: flops, format: percnet}\ny: loss\n",
		`content/audio.md:11:27: unknown format "percnet": a tick format is auto, sci, pow, si, percent, fraction, plain or year — did you mean "percent"?`},
	{"min not a number", "data: runs.csv\nx: flops\ny: {field: loss, min: low}\n",
		`content/audio.md:12:23: min must be a number, like 0.5 or 1e20, not "low"`},
	{"max a list", "data: runs.csv\nx: flops\ny: {field: loss, max: [1, 2]}\n",
		`content/audio.md:12:23: max must be a number, like 0.5 or 1e20, not a list`},
	{"max infinite", "data: runs.csv\nx: flops\ny: {field: loss, max: .inf}\n",
		`content/audio.md:12:23: max must be a finite number, like 0.5 or 1e20, not .inf`},
	{"min not below max", "data: runs.csv\nx: flops\ny: {field: loss, min: 89, max: 84}\n",
		`content/audio.md:12:23: min (89) must be less than max (84)`},
	{"min equal to max", "data: runs.csv\nx: flops\ny: {field: loss, min: 1e3, max: 1000}\n",
		`content/audio.md:12:23: min (1e3) must be less than max (1000)`},
	{"log axis min 0", "data: runs.csv\nx: {field: flops, scale: log, min: 0}\ny: loss\n",
		`content/audio.md:11:36: min is 0, but a log axis only shows values greater than 0: raise min (e.g. min: 1e18) or use scale: linear`},
	{"log axis max negative", "data: runs.csv\nx: {field: flops, scale: log, max: -1}\ny: loss\n",
		`content/audio.md:11:36: max is -1, but a log axis only shows values greater than 0: raise max or use scale: linear`},
	{"log axis min inherited by a panel", "data: runs.csv\nx: {field: flops, min: 0}\ny: loss\npanels:\n  - {x: {scale: log}}\n  - {x: {scale: log}}\n",
		`content/audio.md:11:24: min is 0, but a log axis only shows values greater than 0: raise min (e.g. min: 1e18) or use scale: linear`},
	{"title a list", ok + "title: [a, b]\n",
		`content/audio.md:13:8: title must be text, not a list`},
	{"series a mapping", ok + "series: {field: model}\n",
		`content/audio.md:13:9: series must be a column name, not a mapping`},
	{"label a block mapping with a misspelt field", ok + "label:\n  column: model\n",
		`content/audio.md:14:3: unknown key "column" in label — did you mean "field"?`},
	{"unquoted label template", ok + "label: {model}\n",
		`content/audio.md:13:8: YAML reads a label that starts with "{" as a mapping: put the template in quotes, e.g. label: "{model} ({params})", or write label: {field: model, only: frontier}`},
	{"axis a list", "data: runs.csv\nx: [flops, params]\ny: loss\n",
		`content/audio.md:11:4: x takes one column: a list of columns draws one series per column, and goes on y (y: [train_loss, val_loss])`},
	{"axis field a list", "data: runs.csv\nx: {field: [a]}\ny: loss\n",
		`content/audio.md:11:12: x takes one column: a list of columns draws one series per column, and goes on y (y: [train_loss, val_loss])`},
	{"data a list", "data: [a.csv, b.csv]\nx: flops\ny: loss\n",
		`content/audio.md:10:7: data must be a file name (data: runs.csv) or inline CSV (data: |), not a list`},
	{"data empty", "data:\nx: flops\ny: loss\n",
		`content/audio.md:10:1: data has no value: name a file (data: runs.csv) or write CSV on the lines below "data: |"`},
	{"inline data empty", "data: |\nx: flops\ny: loss\n",
		`content/audio.md:10:7: the inline data is empty: write the CSV header and rows on the lines below data: |, indented`},
	{"height not a number", ok + "height: tall\n",
		`content/audio.md:13:9: height must be a whole number of pixels, like 400, not "tall"`},
	{"height too small", ok + "height: 100\n",
		`content/audio.md:13:9: height 100 is out of range: use 150 to 2000 (pixels)`},
	{"height too large", ok + "height: 3000px\n",
		`content/audio.md:13:9: height 3000 is out of range: use 150 to 2000 (pixels)`},
	{"height a list", ok + "height: [1]\n",
		`content/audio.md:13:9: height must be a whole number of pixels, like 400, not a list`},
	{"bad colour in a list", ok + "colors: [red, '#12345']\n",
		`content/audio.md:13:15: "#12345" is not a colour: use a name like red, a code like "#1f77b4" or "#f00", or rgb(31, 119, 180)`},
	{"bad colour in a mapping", ok + "colors: {gpt: dark-blue}\n",
		`content/audio.md:13:15: "dark-blue" is not a colour: use a name like red, a code like "#1f77b4" or "#f00", or rgb(31, 119, 180)`},
	{"colour function split by YAML", ok + "colors: [rgb(1, 2, 3)]\n",
		`content/audio.md:13:10: "rgb(1" is not a colour: inside [...] or {...} YAML splits text at commas, so put the colour in quotes: "rgb(31, 119, 180)"
content/audio.md:13:17: "2" is not a colour: use a name like red, a code like "#1f77b4" or "#f00", or rgb(31, 119, 180)
content/audio.md:13:20: "3)" is not a colour: use a name like red, a code like "#1f77b4" or "#f00", or rgb(31, 119, 180)`},
	{"unquoted hex colour in a block list", ok + "colors:\n  - #1f77b4\n  - red\n",
		`content/audio.md:14:3: this colour is empty because YAML reads # as the start of a comment: put the colour in quotes, e.g. "#1f77b4"`},
	{"unquoted hex colour in a block mapping", ok + "colors:\n  gpt: #1f77b4\n",
		`content/audio.md:14:3: this colour is empty because YAML reads # as the start of a comment: put the colour in quotes, e.g. "#1f77b4"`},
	{"colors a number", ok + "colors: 3\n",
		`content/audio.md:13:9: colors must be a list of colours ([red, "#1f77b4"]) or a mapping from series to colour ({gpt: red}), not a number`},

	// Panels.
	{"panels not a list", ok + "panels: {title: A}\n",
		`content/audio.md:13:9: panels must be a list with one entry per panel, e.g. "- {title: Training, x: train_flops}", not a mapping`},
	{"panels empty", ok + "panels: []\n",
		`content/audio.md:13:9: panels must be a list with one entry per panel, e.g. "- {title: Training, x: train_flops}", but it is an empty list`},
	{"panels without value", ok + "panels:\n",
		`content/audio.md:13:1: panels must be a list with one entry per panel, e.g. "- {title: Training, x: train_flops}", but it is empty`},
	{"panel not a mapping", ok + "panels:\n  - Training\n  -\n",
		`content/audio.md:14:5: panel 1 must be a set of keys, e.g. - {title: Training, x: train_flops}, not text
content/audio.md:15:3: panel 2 must be a set of keys, e.g. - {title: Training, x: train_flops}, but it is empty`},

	// What the resolved panels lack.
	{"no data", "x: flops\ny: loss\n",
		`content/audio.md:10:1: the chart has no data: add "data: file.csv" or an inline CSV block`},
	{"no x", "data: runs.csv\ny: loss\n",
		`content/audio.md:10:1: x has no field: name the column to plot, e.g. x: {field: flops}`},
	{"x without field", "data: runs.csv\nx: {scale: log}\ny: loss\n",
		`content/audio.md:11:4: x has no field: name the column to plot, e.g. x: {field: flops}`},
	{"empty field", "data: runs.csv\nx: flops\ny: {field: \"\"}\n",
		`content/audio.md:12:12: y has no field: name the column to plot, e.g. y: {field: flops}`},
	{"panel without data or y", "x: flops\npanels:\n  - {data: a.csv, y: loss}\n  - title: B\n    x: params\n",
		`content/audio.md:13:5: panel 2 has no data: add "data: file.csv" to the panel or to the chart
content/audio.md:13:5: y has no field: name the column to plot, e.g. y: {field: flops}`},
	{"a bad value is not also reported as a missing key", "data: runs.csv\nx: flops\ny: loss\npanels:\n  - {y: [a, a]}\n",
		`content/audio.md:14:13: column "a" is listed twice in y (first on line 14): each column is drawn once, as one series`},
	{"a bad value does not hide a missing key", "x: flops\ny: loss\nheight: 10\n",
		`content/audio.md:10:1: the chart has no data: add "data: file.csv" or an inline CSV block
content/audio.md:12:9: height 10 is out of range: use 150 to 2000 (pixels)`},
	{"a typo is not also reported as a missing key", "dat: runs.csv\nx: flops\ny: loss\n",
		`content/audio.md:10:1: unknown key "dat" — did you mean "data"?`},

	// Several problems at once, in line order.
	{"several", "type: bar\nserie: model\ndata: runs.csv\nx: {field: flops, scale: logg}\ny: loss\nheight: 10\n",
		`content/audio.md:10:7: unknown chart type "bar": scalesite draws line and scatter charts
content/audio.md:11:1: unknown key "serie" — did you mean "series"?
content/audio.md:13:26: unknown scale "logg": an axis scale is linear or log — did you mean "log"?
content/audio.md:15:9: height 10 is out of range: use 150 to 2000 (pixels)`},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range errorTests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c)
			}
			if c != nil {
				t.Errorf("a chart came back with the error")
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			// One problem is a *diag.Error, several a diag.List.
			var l diag.List
			var e *diag.Error
			switch n := strings.Count(tt.want, "\n") + 1; {
			case n == 1 && !errors.As(err, &e):
				t.Errorf("got %T, want *diag.Error", err)
			case n > 1 && !errors.As(err, &l):
				t.Errorf("got %T, want diag.List", err)
			}
			if strings.Contains(err.Error(), "\x1b[") {
				t.Errorf("colour codes in %q", err)
			}
		})
	}
}

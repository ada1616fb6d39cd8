package chartspec

import (
	"reflect"
	"strings"
	"testing"
)

func TestMarks(t *testing.T) {
	src := `data: runs.csv
x: {field: flops, scale: log}
y: {field: acc, low: acc_lo, high: acc_hi}
hlines: [25, {y: 50, label: "human baseline"}]
vlines:
  - {x: 1e24, label: "GPT-4 budget"}
bands:
  - {y: [40, 60], label: "expert range"}
  - {x: [1e20, 1e22]}
annotations:
  - {x: 1e23, y: 2.1, text: "Chinchilla", arrow: true}
  - {x: 3e21, y: 30, text: "  note  ", position: bottom}
panels:
  - {title: A}
  - {title: B, hlines: [], y: {err: acc_sd}}
  - {title: C, vlines: 1e21, bands: {x: [1e19, 1e20]}}
`
	c, err := Parse([]byte(src), at)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Panels) != 3 {
		t.Fatalf("%d panels", len(c.Panels))
	}
	a := c.Panels[0].Marks
	want := Marks{
		HLines: []RefLine{{Value: 25, Pos: pos(4, 10)}, {Value: 50, Label: "human baseline", Pos: pos(4, 18)}},
		VLines: []RefLine{{Value: 1e24, Label: "GPT-4 budget", Pos: pos(6, 9)}},
		Bands: []Band{
			{Axis: "y", Lo: 40, Hi: 60, Label: "expert range", Pos: pos(8, 5)},
			{Axis: "x", Lo: 1e20, Hi: 1e22, Pos: pos(9, 5)},
		},
		Annotations: []Annotation{
			{X: 1e23, Y: 2.1, Text: "Chinchilla", Arrow: true, Position: PositionTop, Pos: pos(11, 5)},
			{X: 3e21, Y: 30, Text: "note", Position: PositionBottom, Pos: pos(12, 5)},
		},
	}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("panel A marks:\n got %+v\nwant %+v", a, want)
	}
	if y := c.Panels[0].Y; y.Low.Name != "acc_lo" || y.High.Name != "acc_hi" || y.Err.Name != "" || !y.HasInterval() {
		t.Errorf("panel A y interval: %+v", y)
	}
	if c.Panels[0].X.HasInterval() {
		t.Errorf("panel A x has an interval")
	}
	b := c.Panels[1]
	if len(b.Marks.HLines) != 0 || len(b.Marks.VLines) != 1 || len(b.Marks.Bands) != 2 {
		t.Errorf("panel B marks: %+v (hlines: [] drops the chart's, the rest is inherited)", b.Marks)
	}
	if b.Y.Err.Name != "acc_sd" || b.Y.Low.Name != "" || b.Y.High.Name != "" || b.Y.Field.Name != "acc" {
		t.Errorf("panel B y: err %q low %q high %q field %q, want err alone (it replaces the inherited low/high)", b.Y.Err.Name, b.Y.Low.Name, b.Y.High.Name, b.Y.Field.Name)
	}
	cm := c.Panels[2].Marks
	if len(cm.VLines) != 1 || cm.VLines[0].Value != 1e21 || len(cm.Bands) != 1 || cm.Bands[0].Lo != 1e19 || len(cm.HLines) != 2 {
		t.Errorf("panel C marks: %+v", cm)
	}
}

func TestStyleAndOrder(t *testing.T) {
	src := `data: runs.csv
x: flops
y: loss
colors: {GPT-3: red}
style:
  Chinchilla fit: {draw: line, dash: dashed, width: 1.5, color: "#555"}
  observed: {draw: points, marker: open-square}
  other: {dash: [4, 2], marker: none}
  dotted: dotted
  both: {draw: both, marker: Diamond}
order: [observed, "Chinchilla fit"]
`
	c, err := Parse([]byte(src), at)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]SeriesStyle{
		"Chinchilla fit": {Color: "#555", Dash: []int{6, 3}, DashSet: true, Width: 1.5, Draw: DrawLine, Pos: pos(6, 3)},
		"observed":       {Draw: DrawPoints, Marker: "emptyRect", Pos: pos(7, 3)},
		"other":          {Dash: []int{4, 2}, DashSet: true, Marker: "none", Pos: pos(8, 3)},
		"dotted":         {Dash: []int{2, 2}, DashSet: true, Pos: pos(9, 3)},
		"both":           {Draw: DrawBoth, Marker: "diamond", Pos: pos(10, 3)},
	}
	if !reflect.DeepEqual(c.Styles, want) {
		t.Errorf("styles:\n got %+v\nwant %+v", c.Styles, want)
	}
	wantOrder := []Field{field("observed", 11, 9), field("Chinchilla fit", 11, 19)}
	if !reflect.DeepEqual(c.Order, wantOrder) {
		t.Errorf("order %+v, want %+v", c.Order, wantOrder)
	}
}

var markErrorTests = []struct {
	name, src, want string
}{
	{"hline on a log axis at 0", "data: runs.csv\nx: flops\ny: {field: loss, scale: log}\nhlines: [1, 0]\n",
		`content/audio.md:13:13: this horizontal line's y is 0, but the y axis is a log axis (scale: log at content/audio.md:12:4), which only shows values greater than 0: use a value above 0, or scale: linear`},
	{"vline on a log axis below 0, inherited by a panel", "data: runs.csv\nx: flops\ny: loss\nvlines: [{x: -1e3}]\npanels:\n  - {x: {scale: log}}\n",
		`content/audio.md:13:14: this vertical line's x is -1e3, but the x axis is a log axis (scale: log at content/audio.md:15:9), which only shows values greater than 0: use a value above 0, or scale: linear`},
	{"hline not a number", ok + "hlines: [25, chance]\n",
		`content/audio.md:13:14: each entry of hlines must be a number, like 0.5 or 1e20, not "chance"`},
	{"hline without y", ok + "hlines: [{label: chance}]\n",
		`content/audio.md:13:10: this entry of hlines has no y: give the line's value, e.g. hlines: [{y: 25, label: "random chance"}]`},
	{"hline with x", ok + "hlines: [{x: 3}]\n",
		`content/audio.md:13:11: unknown key "x" in hlines — did you mean "y"?`},
	{"vline value key", ok + "vlines: [{value: 3}]\n",
		`content/audio.md:13:11: unknown key "value" in vlines — did you mean "x"?`},
	{"band with lo above hi", ok + "bands: [{y: [60, 40]}]\n",
		`content/audio.md:13:13: a band runs from low to high, but 60 is above 40: write y: [40, 60]`},
	{"band with lo equal to hi", ok + "bands: [{x: [1e3, 1000]}]\n",
		`content/audio.md:13:13: a band needs two different ends, not 1e3 twice: for a single value use hlines or vlines`},
	{"band with one end", ok + "bands: [{y: [40]}]\n",
		`content/audio.md:13:13: a band's y is its two ends, like y: [40, 60], a list of 1`},
	{"band with both axes", ok + "bands: [{y: [40, 60], x: [1, 2]}]\n",
		`content/audio.md:13:23: a band spans one axis: give x or y, not both (draw two bands for a rectangle)`},
	{"band without a range", ok + "bands: [{label: hi}]\n",
		`content/audio.md:13:9: this band has no range: give y: [low, high] for a horizontal band or x: [low, high] for a vertical one`},
	{"band on a log axis", "data: runs.csv\nx: {field: flops, scale: log}\ny: loss\nbands: [{x: [0, 1e20]}]\n",
		`content/audio.md:13:14: the band's low end is 0, but the x axis is a log axis (scale: log at content/audio.md:11:4), which only shows values greater than 0: use a value above 0, or scale: linear`},
	{"annotation without text", ok + "annotations: [{x: 1, y: 2}]\n",
		`content/audio.md:13:15: this annotation has no text: an annotation needs x, y and text, e.g. {x: 1e23, y: 2.1, text: "Chinchilla"}`},
	{"annotation with empty text", ok + "annotations: [{x: 1, y: 2, text: \"\"}]\n",
		`content/audio.md:13:34: the annotation's text is empty: write what the note says, e.g. text: "Chinchilla"`},
	{"annotation label key", ok + "annotations: [{x: 1, y: 2, label: hi}]\n",
		`content/audio.md:13:28: unknown key "label" in annotations — did you mean "text"?`},
	{"annotation arrow not a bool", ok + "annotations: [{x: 1, y: 2, text: a, arrow: yes please}]\n",
		`content/audio.md:13:44: arrow must be true or false`},
	{"annotation position", ok + "annotations: [{x: 1, y: 2, text: a, position: middle}]\n",
		`content/audio.md:13:47: unknown position "middle": an annotation's text stands top, bottom, left or right of its point`},
	{"annotation not a mapping", ok + "annotations: [Chinchilla]\n",
		`content/audio.md:13:15: each entry of annotations is a mapping like {x: 1e23, y: 2.1, text: "Chinchilla", arrow: true}, not text`},
	{"annotation on a log axis", "data: runs.csv\nx: flops\ny: {field: loss, scale: log}\nannotations: [{x: 1, y: -2, text: a}]\n",
		`content/audio.md:13:25: the annotation's y is -2, but the y axis is a log axis (scale: log at content/audio.md:12:4), which only shows values greater than 0: use a value above 0, or scale: linear`},
	{"misnamed mark key", ok + "hline: 25\n",
		`content/audio.md:13:1: unknown key "hline" — did you mean "hlines"?`},
	{"axvspan", ok + "axvspan: [1, 2]\n",
		`content/audio.md:13:1: unknown key "axvspan" — did you mean "bands"?`},

	{"interval: err and low", "data: runs.csv\nx: flops\ny: {field: acc, err: sd, low: lo, high: hi}\n",
		`content/audio.md:12:31: y has both err (line 12) and low/high: give either err, for value ± err, or low and high, the interval's two ends`},
	{"interval: low without high", "data: runs.csv\nx: flops\ny: {field: acc, low: lo}\n",
		`content/audio.md:12:22: y has low but no high: name both columns of the interval, e.g. y: {field: acc, low: acc_lo, high: acc_hi}, or use err: for a symmetric one`},
	{"interval: alias", "data: runs.csv\nx: flops\ny: {field: acc, stderr: sd}\n",
		`content/audio.md:12:17: unknown key "stderr" in y — did you mean "err"?`},
	{"interval: a list", "data: runs.csv\nx: flops\ny: {field: acc, err: [a, b]}\n",
		`content/audio.md:12:22: err must be a column name, not a list`},

	{"interval: unknown", "data: runs.csv\nx: flops\ny: {field: acc, err: sd, interval: whiskers}\n",
		`content/audio.md:12:36: unknown interval "whiskers": an interval is drawn as bars or a band — did you mean "bars"?`},
	{"interval: without columns", "data: runs.csv\nx: flops\ny: {field: acc, interval: bars}\n",
		`content/audio.md:12:27: interval: bars draws the y axis' interval, but it has none: name its columns, e.g. y: {field: acc, low: acc_lo, high: acc_hi} or {field: acc, err: acc_sd}`},
	{"interval: a band on x", "data: runs.csv\nx: {field: flops, err: e, interval: band}\ny: acc\n",
		`content/audio.md:11:37: interval: band shades a y interval along a line; an x interval is drawn as bars`},

	{"style not a mapping", ok + "style: [a]\n",
		`content/audio.md:13:8: style must be a mapping from series name to its look, e.g. style: {"Chinchilla fit": {draw: line, dash: dashed}}, not a list`},
	{"style unknown dash", ok + "style: {fit: {dash: --}}\n",
		`content/audio.md:13:21: unknown dash "--": a dash is solid, dashed, dotted, dashdot or a pattern like [6, 3] — did you mean "dashed"?`},
	{"style bad dash pattern", ok + "style: {fit: {dash: [6, -3]}}\n",
		`content/audio.md:13:25: a dash pattern holds whole pixel lengths from 1 to 100, like [6, 3], not "-3"`},
	{"style unknown marker", ok + "style: {fit: {marker: star}}\n",
		`content/audio.md:13:23: unknown marker "star": a marker is arrow, circle, diamond, none, open-circle, open-diamond, open-square, open-triangle, pin, rounded-square, square, triangle`},
	{"style marker typo", ok + "style: {fit: {marker: sqare}}\n",
		`content/audio.md:13:23: unknown marker "sqare": a marker is arrow, circle, diamond, none, open-circle, open-diamond, open-square, open-triangle, pin, rounded-square, square, triangle — did you mean "square"?`},
	{"style unknown draw", ok + "style: {fit: {draw: scatter}}\n",
		`content/audio.md:13:21: unknown draw "scatter": a series is drawn as a line, points or both — did you mean "points"?`},
	{"style width out of range", ok + "style: {fit: {width: 20}}\n",
		`content/audio.md:13:22: width 20 is out of range: a line is 0.5 to 10 pixels wide`},
	{"style unknown key", ok + "style: {fit: {linewidth: 2}}\n",
		`content/audio.md:13:15: unknown key "linewidth" in a series' style — did you mean "width"?`},
	{"style bare word", ok + "style: {fit: thick}\n",
		`content/audio.md:13:14: the style of "fit" must be a mapping of color, dash, width, marker, draw, e.g. {draw: line, dash: dashed}, not text`},
	{"style colour twice", ok + "colors: {fit: red}\nstyle:\n  fit: {color: blue}\n",
		`content/audio.md:15:3: series "fit" gets a colour from both colors and style: keep one`},
	{"style in a panel", ok + "panels:\n  - {style: {a: {draw: line}}}\n",
		`content/audio.md:14:6: unknown key "style" in a panel: style is set once for the whole chart, at the top of the spec, not in a panel`},
	{"order not a list", ok + "order: fit\n",
		`content/audio.md:13:8: order must be a list of series names, e.g. order: [GPT-3, Chinchilla], not text`},
	{"order twice", ok + "order: [a, b, a]\n",
		`content/audio.md:13:15: order names "a" twice (first on line 13)`},
}

func TestMarkErrors(t *testing.T) {
	for _, tt := range markErrorTests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			if strings.Count(err.Error(), "\n") > 0 {
				t.Errorf("several errors for one mistake")
			}
		})
	}
}

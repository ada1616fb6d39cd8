package chartspec

import (
	"reflect"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

// The chart block starts on line 10 of the page in every test, so that a
// position that forgot to add the block's offset shows.
var at = diag.Pos{File: "content/audio.md", Line: 10, Col: 1}

// pos is the page position of YAML line l, column c of the block.
func pos(l, c int) diag.Pos { return diag.Pos{File: at.File, Line: at.Line + l - 1, Col: c} }

func num(v float64) *float64 { return &v }

func field(name string, l, c int) Field { return Field{Name: name, Pos: pos(l, c)} }

// axis builds an Axis with the defaults.
func axis(f Field, p diag.Pos) Axis {
	return Axis{Field: f, Scale: ScaleLinear, Format: FormatAuto, Pos: p}
}

var validTests = []struct {
	name string
	src  string
	want func() *Chart
}{
	{
		name: "contract example",
		src: `type: scatter            # scatter | line (default line)
title: Audio model performance vs. parameter count
subtitle: optional
data: audio.csv
x: {field: params_m, title: "Number of audio parameters (millions)", scale: log}
y: {field: roc_auc, title: "Avg. ROC-AUC (probing & SFT)", min: 84, max: 89}
series: model
label: model
`,
		want: func() *Chart {
			x := axis(field("params_m", 5, 12), pos(5, 4))
			x.Title, x.Scale = "Number of audio parameters (millions)", ScaleLog
			y := axis(field("roc_auc", 6, 12), pos(6, 4))
			y.Title, y.Min, y.Max = "Avg. ROC-AUC (probing & SFT)", num(84), num(89)
			return &Chart{
				Title:    "Audio model performance vs. parameter count",
				Subtitle: "optional",
				Pos:      at,
				Panels: []Panel{{
					Type:   TypeScatter,
					Data:   DataRef{Path: "audio.csv", Pos: pos(4, 7)},
					X:      x,
					Y:      y,
					Series: field("model", 7, 9),
					Label:  field("model", 8, 8),
					Pos:    at,
				}},
			}
		},
	},
	{
		name: "panels inherit chart keys, axis key by axis key",
		src: `type: line
series: model
y: {field: acc, title: "Average accuracy (%)"}
x: {scale: log, format: pow, min: 1e18}
data: rwkv.csv
panels:
  - {title: Training, x: {field: train_flops, title: "Training FLOPs"}}
  - title: Inference
    type: scatter
    x: {field: active_params, scale: linear, min: ~}
    y: {min: 0, max: 100}
    series: ""
    label: "{model} ({acc})"
`,
		want: func() *Chart {
			data := DataRef{Path: "rwkv.csv", Pos: pos(5, 7)}
			y := axis(field("acc", 3, 12), pos(3, 4))
			y.Title = "Average accuracy (%)"
			x1 := axis(field("train_flops", 7, 34), pos(7, 26))
			x1.Title, x1.Scale, x1.Format, x1.FormatPos, x1.Min = "Training FLOPs", ScaleLog, FormatPow, pos(4, 25), num(1e18)
			x2 := axis(field("active_params", 10, 16), pos(10, 8))
			x2.Format, x2.FormatPos = FormatPow, pos(4, 25)
			y2 := y
			y2.Pos, y2.Min, y2.Max = pos(11, 8), num(0), num(100)
			return &Chart{
				Pos:       at,
				HasPanels: true,
				Panels: []Panel{{
					Title:  "Training",
					Type:   TypeLine,
					Data:   data,
					X:      x1,
					Y:      y,
					Series: field("model", 2, 9),
					Pos:    pos(7, 5),
				}, {
					Title:  "Inference",
					Type:   TypeScatter,
					Data:   data,
					X:      x2,
					Y:      y2,
					Series: field("", 12, 13),
					Label:  field("{model} ({acc})", 13, 12),
					Pos:    pos(8, 5),
				}},
			}
		},
	},
	{
		name: "bare axis strings, block axis, height, colour mapping",
		src: `data: data/loss.csv
x: flops
y:
  field: loss
  scale: LOG
  format: sci
  max: 10
height: 400px
colors: {gpt-4: "#1f77b4", llama: "rgb(255, 127, 14)", claude: Orange}
`,
		want: func() *Chart {
			y := axis(field("loss", 4, 10), pos(4, 3))
			y.Scale, y.Format, y.FormatPos, y.Max = ScaleLog, FormatSci, pos(6, 11), num(10)
			return &Chart{
				Pos:    at,
				Height: 400,
				Colors: map[string]string{"gpt-4": "#1f77b4", "llama": "rgb(255, 127, 14)", "claude": "Orange"},
				Panels: []Panel{{
					Type: TypeLine,
					Data: DataRef{Path: "data/loss.csv", Pos: pos(1, 7)},
					X:    axis(field("flops", 2, 4), pos(2, 4)),
					Y:    y,
					Pos:  at,
				}},
			}
		},
	},
	{
		name: "inline data, colour list, anchors and merge keys",
		src: `data: |
  model,flops,loss
  a,1e20,3.1
x: &ax {field: flops, scale: log}
y: loss
colors: [red, "#f00", '#ff000080', hsl(120 50% 50%)]
panels:
  - {x: *ax}
  - <<: {title: Merged, y: acc}
    title: Own
`,
		want: func() *Chart {
			data := DataRef{Inline: "model,flops,loss\na,1e20,3.1\n", InlinePos: pos(2, 3), Pos: pos(1, 7)}
			x := axis(field("flops", 4, 16), pos(4, 4))
			x.Scale = ScaleLog
			x1 := x
			x1.Pos = pos(8, 9)
			return &Chart{
				Pos:       at,
				HasPanels: true,
				ColorList: []string{"red", "#f00", "#ff000080", "hsl(120 50% 50%)"},
				Panels: []Panel{{
					Type: TypeLine,
					Data: data,
					X:    x1,
					Y:    axis(field("loss", 5, 4), pos(5, 4)),
					Pos:  pos(8, 5),
				}, {
					Title: "Own",
					Type:  TypeLine,
					Data:  data,
					X:     x,
					Y:     axis(field("acc", 9, 28), pos(9, 28)),
					Pos:   pos(9, 5),
				}},
			}
		},
	},
	{
		name: "numbers as column names, comments, quoted min",
		src: `# a comment first
data: runs.tsv
x: 2024
y: {field: true, min: "-1.5e-3", max: 0x10}
type: Scatter
title:
`,
		want: func() *Chart {
			y := axis(field("true", 4, 12), pos(4, 4))
			y.Min, y.Max = num(-1.5e-3), num(16)
			return &Chart{
				Pos: at,
				Panels: []Panel{{
					Type: TypeScatter,
					Data: DataRef{Path: "runs.tsv", Pos: pos(2, 7)},
					X:    axis(field("2024", 3, 4), pos(3, 4)),
					Y:    y,
					Pos:  at,
				}},
			}
		},
	},
	{
		name: "YAML directive, document markers, empty colours, tags",
		src:  "%YAML 1.2\n---\ndata: runs.csv\nx: !!str flops\ny: loss\ncolors: {}\n...\n",
		want: func() *Chart {
			return &Chart{
				Pos: at,
				Panels: []Panel{{
					Type: TypeLine,
					Data: DataRef{Path: "runs.csv", Pos: pos(3, 7)},
					X:    axis(field("flops", 4, 4), pos(4, 4)),
					Y:    axis(field("loss", 5, 4), pos(5, 4)),
					Pos:  at,
				}},
			}
		},
	},
}

func TestParse(t *testing.T) {
	for _, tt := range validTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatalf("unexpected error:\n%v", err)
			}
			want := tt.want()
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
				for i := range min(len(got.Panels), len(want.Panels)) {
					if !reflect.DeepEqual(got.Panels[i], want.Panels[i]) {
						t.Errorf("panel %d:\ngot  %+v\nwant %+v", i+1, got.Panels[i], want.Panels[i])
					}
				}
			}
		})
	}
}

// TestParseCRLF checks that Windows line ends read like Unix ones.
func TestParseCRLF(t *testing.T) {
	src := validTests[3].src
	got, err := Parse([]byte(strings.ReplaceAll(src, "\n", "\r\n")), at)
	if err != nil {
		t.Fatal(err)
	}
	if want := validTests[3].want(); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// TestColonInTitle: a title full of colons means what it says, unquoted.
func TestColonInTitle(t *testing.T) {
	c, err := Parse([]byte("title: Loss: small models\nsubtitle: Note: 1:2 scale\ndata: runs.csv\nx: flops\ny: loss\n"), diag.Pos{File: "p.md", Line: 5, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	if c.Title != "Loss: small models" || c.Subtitle != "Note: 1:2 scale" {
		t.Errorf("title %q, subtitle %q", c.Title, c.Subtitle)
	}
}

// TestConnect checks that `connect` is read at the chart and in a panel, a
// panel inheriting the chart's and able to set its own, and that case is
// forgiven.
func TestConnect(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // each panel's Connect
	}{
		{"not set", "data: runs.csv\nx: flops\ny: loss\n", []string{""}},
		{"rows", "data: runs.csv\nx: flops\ny: loss\nconnect: rows\n", []string{ConnectRows}},
		{"x, any case", "data: runs.csv\nx: flops\ny: loss\nconnect: X\n", []string{ConnectX}},
		{"inherited and overridden", "data: runs.csv\nx: flops\ny: loss\nconnect: Rows\npanels:\n  - {title: A}\n  - {title: B, connect: x}\n", []string{ConnectRows, ConnectX}},
		{"a panel's own", "data: runs.csv\nx: flops\ny: loss\npanels:\n  - {title: A}\n  - {title: B, connect: rows}\n", []string{"", ConnectRows}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range c.Panels {
				got = append(got, p.Connect)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Connect = %q, want %q", got, tt.want)
			}
		})
	}
}

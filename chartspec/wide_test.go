package chartspec

import (
	"reflect"
	"testing"
)

func TestParseWide(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		fields [][]string          // each panel's y columns
		names  []map[string]string // each panel's names
		title  string              // the first panel's y title
		scale  string              // the first panel's y scale
	}{
		{"flow list", "data: log.csv\nx: step\ny: [train_loss, val_loss]\n",
			[][]string{{"train_loss", "val_loss"}}, []map[string]string{nil}, "", ScaleLinear},
		{"block list", "data: log.csv\nx: step\ny:\n  - train_loss\n  - val_loss\n",
			[][]string{{"train_loss", "val_loss"}}, []map[string]string{nil}, "", ScaleLinear},
		{"list as the field", "data: log.csv\nx: step\ny: {field: [train_loss, val_loss], title: Loss, scale: log}\n",
			[][]string{{"train_loss", "val_loss"}}, []map[string]string{nil}, "Loss", ScaleLog},
		{"one column in a list", "data: log.csv\nx: step\ny: [loss]\n",
			[][]string{{"loss"}}, []map[string]string{nil}, "", ScaleLinear},
		{"names", "data: log.csv\nx: step\ny: [train_loss, val_loss]\nnames: {train_loss: Train, val_loss: Validation}\n",
			[][]string{{"train_loss", "val_loss"}}, []map[string]string{{"train_loss": "Train", "val_loss": "Validation"}}, "", ScaleLinear},
		{"names of some columns", "data: log.csv\nx: step\ny: [train_loss, val_loss]\nnames: {val_loss: Validation}\n",
			[][]string{{"train_loss", "val_loss"}}, []map[string]string{{"val_loss": "Validation"}}, "", ScaleLinear},
		{"panels inherit the list", "data: log.csv\ny: {field: [train_loss, val_loss], title: Loss}\nnames: {train_loss: Train}\npanels:\n  - {x: step}\n  - {x: tokens}\n",
			[][]string{{"train_loss", "val_loss"}, {"train_loss", "val_loss"}}, []map[string]string{{"train_loss": "Train"}, {"train_loss": "Train"}}, "Loss", ScaleLinear},
		{"a list per panel", "data: log.csv\nx: step\npanels:\n  - {y: [train_loss, val_loss], names: {val_loss: Val}}\n  - {y: [train_acc, val_acc]}\n  - {y: lr}\n",
			[][]string{{"train_loss", "val_loss"}, {"train_acc", "val_acc"}, nil}, []map[string]string{{"val_loss": "Val"}, nil, nil}, "", ScaleLinear},
		{"a panel's one column replaces the list", "data: log.csv\nx: step\ny: {field: [a, b], scale: log}\npanels:\n  - {}\n  - {y: {field: c}}\n",
			[][]string{{"a", "b"}, nil}, []map[string]string{nil, nil}, "", ScaleLog},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Panels) != len(tt.fields) {
				t.Fatalf("%d panels, want %d", len(c.Panels), len(tt.fields))
			}
			for i, p := range c.Panels {
				var got []string
				for _, f := range p.Y.Fields {
					got = append(got, f.Name)
					if f.Pos.Line == 0 || f.Pos.Col == 0 {
						t.Errorf("panel %d: column %q has no position", i+1, f.Name)
					}
				}
				if !reflect.DeepEqual(got, tt.fields[i]) {
					t.Errorf("panel %d: y columns %q, want %q", i+1, got, tt.fields[i])
				}
				if p.Wide() != (len(tt.fields[i]) > 0) || p.Named() != p.Wide() {
					t.Errorf("panel %d: Wide %v, Named %v", i+1, p.Wide(), p.Named())
				}
				if p.Wide() && p.Y.Field.Name != "" {
					t.Errorf("panel %d: a list's Field has the name %q", i+1, p.Y.Field.Name)
				}
				if !reflect.DeepEqual(p.Names, tt.names[i]) {
					t.Errorf("panel %d: names %v, want %v", i+1, p.Names, tt.names[i])
				}
			}
			if y := c.Panels[0].Y; y.Title != tt.title || y.Scale != tt.scale {
				t.Errorf("y title %q scale %q, want %q %q", y.Title, y.Scale, tt.title, tt.scale)
			}
		})
	}
}

func TestWideName(t *testing.T) {
	p := Panel{Y: Axis{Fields: []Field{{Name: "train_loss"}, {Name: "val_loss"}}}, Names: map[string]string{"val_loss": "Validation"}}
	run := p
	run.Series = Field{Name: "run"}
	tests := []struct {
		p        Panel
		run, col string
		want     string
	}{
		{p, "", "train_loss", "train_loss"},
		{p, "", "val_loss", "Validation"},
		{run, "seed-1", "train_loss", "seed-1 · train_loss"},
		{run, "seed-1", "val_loss", "seed-1 · Validation"},
	}
	for _, tt := range tests {
		if got := tt.p.WideName(tt.run, tt.col); got != tt.want {
			t.Errorf("WideName(%q, %q) = %q, want %q", tt.run, tt.col, got, tt.want)
		}
	}
	if !run.Named() || !p.Named() || (Panel{}).Named() {
		t.Errorf("Named: wide %v, wide with series %v, neither %v", p.Named(), run.Named(), Panel{}.Named())
	}
}

const wideTop = "data: log.csv\nx: step\n"

var wideErrorTests = []struct {
	name, src, want string
}{
	{"empty list", wideTop + "y: []\n",
		`content/audio.md:12:4: y lists no column: name one or more columns to draw, e.g. y: [train_loss, val_loss]`},
	{"empty list as the field", wideTop + "y: {field: [], title: Loss}\n",
		`content/audio.md:12:12: y lists no column: name one or more columns to draw, e.g. y: [train_loss, val_loss]`},
	{"duplicate column", wideTop + "y: [train_loss, val_loss, train_loss]\n",
		`content/audio.md:12:27: column "train_loss" is listed twice in y (first on line 12): each column is drawn once, as one series`},
	{"duplicate column in a block list", wideTop + "y:\n  - train_loss\n  - val_loss\n  - train_loss\n",
		`content/audio.md:15:5: column "train_loss" is listed twice in y (first on line 13): each column is drawn once, as one series`},
	{"list on x", "data: log.csv\nx: [step, tokens]\ny: loss\n",
		`content/audio.md:11:4: x takes one column: a list of columns draws one series per column, and goes on y (y: [train_loss, val_loss])`},
	{"entry not a name", wideTop + "y: [train_loss, {field: val_loss}]\n",
		`content/audio.md:12:17: entry 2 of y must be a column name, not a mapping`},
	{"empty entry", wideTop + "y:\n  - train_loss\n  -\n",
		`content/audio.md:14:3: entry 2 of y is empty: name a column, e.g. y: [train_loss, val_loss]`},
	{"names a column not listed", wideTop + "y: [train_loss, val_loss]\nnames: {train_los: Train, val_loss: Validation}\n",
		`content/audio.md:13:9: names names column "train_los", which y does not list (y lists "train_loss", "val_loss") — did you mean "train_loss"?`},
	{"names in a panel naming a column not listed", wideTop + "panels:\n  - {y: [a, b], names: {c: C}}\n",
		`content/audio.md:13:25: names names column "c", which y of panel 1 does not list (y lists "a", "b") — did you mean "a"?`},
	{"names without a list", wideTop + "y: loss\nnames: {loss: Loss}\n",
		`content/audio.md:13:8: names gives the series of a list of y columns their names (y: [train_loss, val_loss] with names: {train_loss: Train}), but y is one column: name its series with y's title, or list the columns`},
	{"names not a mapping", wideTop + "y: [a, b]\nnames: [A, B]\n",
		`content/audio.md:13:8: names must be a mapping from a y column to its series' name, e.g. names: {train_loss: Train, val_loss: Validation}, not a list`},
	{"two columns one name", wideTop + "y: [a, b]\nnames: {a: Loss, b: Loss}\n",
		`content/audio.md:13:18: names gives "Loss" to both column "a" and column "b": their points would make one series; give each its own name`},
	{"a name that is another column", wideTop + "y: [a, b]\nnames: {a: b}\n",
		`content/audio.md:13:9: names gives column "a" the name "b", which is the name of column "b"'s own series: their points would make one series; give it another name`},
	{"an empty name", wideTop + "y: [a, b]\nnames: {a: \"\"}\n",
		`content/audio.md:13:12: names gives column "a" no name: write the name its series takes in the legend, or leave the column out of names`},
	{"an interval on a list", wideTop + "y: {field: [a, b], err: a_sd}\n",
		`content/audio.md:12:25: y lists several columns, and "a_sd" is the interval of one of them: draw the columns in long form (a series column and one value column) to give each series its interval`},
	{"a list on an isoflop chart", "type: isoflop\ndata: runs.csv\ncompute: flops\nx: params\ny: [train_loss, val_loss]\n",
		`content/audio.md:14:4: an isoflop chart draws one column of loss against x at each compute budget: name one column on y (y: loss), or draw the columns as an isoflop chart each`},
	{"names by another word", wideTop + "y: [a, b]\nrename: {a: A}\n",
		`content/audio.md:13:1: unknown key "rename" — did you mean "names"?`},
	{"misspelt names", wideTop + "y: [a, b]\nnmaes: {a: A}\n",
		`content/audio.md:13:1: unknown key "nmaes" — did you mean "names"?`},
}

func TestParseWideErrors(t *testing.T) {
	for _, tt := range wideErrorTests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

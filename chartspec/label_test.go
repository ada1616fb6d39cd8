package chartspec

import (
	"testing"
)

// TestLabelOnly: label: {field, only} names every point and labels some;
// the plain form and a panel's own label are read as before.
func TestLabelOnly(t *testing.T) {
	type want struct {
		label Field
		only  LabelOnly
	}
	frontier := func(l, c int) LabelOnly { return LabelOnly{What: LabelOnlyFrontier, Pos: pos(l, c)} }
	tests := []struct {
		name string
		src  string
		want []want // per panel
	}{
		{"plain column labels every point", ok + "label: model\n",
			[]want{{field("model", 4, 8), LabelOnly{}}}},
		{"flow mapping", ok + "label: {field: model, only: frontier}\n",
			[]want{{field("model", 4, 16), frontier(4, 29)}}},
		{"block mapping, case forgiven", ok + "label:\n  field: \"{model} ({params})\"\n  only: Frontier\n",
			[]want{{field("{model} ({params})", 5, 10), LabelOnly{What: LabelOnlyFrontier, Pos: pos(6, 9)}}}},
		{"a mapping without only labels every point", ok + "label: {field: model}\n",
			[]want{{field("model", 4, 16), LabelOnly{}}}},
		{"panels inherit only with the label, and a panel's label replaces both",
			ok + "label: {field: model, only: frontier}\npanels:\n  - {title: A}\n  - {title: B, label: model}\n",
			[]want{{field("model", 4, 16), frontier(4, 29)}, {field("model", 7, 23), LabelOnly{}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Panels) != len(tt.want) {
				t.Fatalf("%d panels, want %d", len(c.Panels), len(tt.want))
			}
			for i, w := range tt.want {
				if got := c.Panels[i].Label; got != w.label {
					t.Errorf("panel %d: Label = %+v, want %+v", i+1, got, w.label)
				}
				if got := c.Panels[i].LabelOnly; got != w.only {
					t.Errorf("panel %d: LabelOnly = %+v, want %+v", i+1, got, w.only)
				}
			}
		})
	}
}

// TestLabelOnlyErrors: each mistake in a label mapping is reported once,
// at the file, line and column it stands at.
func TestLabelOnlyErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unknown only", ok + "label: {field: model, only: pareto}\n",
			`content/audio.md:13:29: unknown label only "pareto": only: frontier labels the points of the panel's frontier (the others keep their name in the tooltip) — did you mean "frontier"?`},
		{"only misspelt", ok + "label: {field: model, only: fronteir}\n",
			`content/audio.md:13:29: unknown label only "fronteir": only: frontier labels the points of the panel's frontier (the others keep their name in the tooltip) — did you mean "frontier"?`},
		{"unknown key", ok + "label: {field: model, where: {year: \">= 2017\"}}\n",
			`content/audio.md:13:23: unknown key "where" in label — did you mean "only"?`},
		{"no field", ok + "label: {only: frontier}\n",
			`content/audio.md:13:8: label has no field: say which column (or "{template}") names the points, e.g. label: {field: model, only: frontier}`},
		{"field a list", ok + "label: {field: [a, b], only: frontier}\n",
			`content/audio.md:13:16: label must be a column name or a template like "{model} ({params})", not a list`},
		{"an unquoted template is still explained", ok + "label: {model}\n",
			`content/audio.md:13:8: YAML reads a label that starts with "{" as a mapping: put the template in quotes, e.g. label: "{model} ({params})", or write label: {field: model, only: frontier}`},
	}
	for _, tt := range tests {
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

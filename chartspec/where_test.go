package chartspec

import (
	"strings"
	"testing"
)

// whereView writes a panel's conditions compactly: `task = "A" | = "B"`,
// one condition per entry, the matches of each separated by " | ".
func whereView(p Panel) []string {
	var out []string
	for _, c := range p.Where {
		var alts []string
		for _, m := range c.Any {
			var tests []string
			for _, t := range m.Tests {
				v := t.Value
				if t.IsNum {
					v += "#"
				}
				tests = append(tests, t.Op+" "+v)
			}
			alts = append(alts, strings.Join(tests, " & "))
		}
		out = append(out, c.Column.Name+" "+strings.Join(alts, " | "))
	}
	return out
}

func TestWhere(t *testing.T) {
	const base = "data: runs.csv\nx: flops\ny: score\n"
	tests := []struct {
		name string
		src  string
		want [][]string // per panel
	}{
		{"one value", base + "where: {task: Modular arithmetic}\n",
			[][]string{{"task = Modular arithmetic"}}},
		{"quoted value with spaces kept inside", base + "where: {task: \" Modular arithmetic \"}\n",
			[][]string{{"task = Modular arithmetic"}}},
		{"any of a list; numbers as numbers", base + "where: {budget: [6e18, 1e19, 3.2B]}\n",
			[][]string{{"budget = 6e18# | = 1e19# | = 3.2B#"}}},
		{"block style, two columns", base + "where:\n  task: MMLU\n  shots: 5\n",
			[][]string{{"task = MMLU", "shots = 5#"}}},
		{"comparison", base + "where: {params: \">= 1e9\"}\n",
			[][]string{{"params >= 1e9#"}}},
		{"comparisons joined by and", base + "where: {params: \">1e9 and <= 1.5T\"}\n",
			[][]string{{"params > 1e9# & <= 1.5T#"}}},
		{"unicode comparison and &&", base + "where: {params: \"≥ 1e9 && ≤ 1e11\"}\n",
			[][]string{{"params >= 1e9# & <= 1e11#"}}},
		{"a list of comparisons: any", base + "where: {params: [\"< 1e8\", \"> 1e11\"]}\n",
			[][]string{{"params < 1e8# | > 1e11#"}}},
		{"not equal, quoted", base + "where: {model: \"!= GPT-3\"}\n",
			[][]string{{"model != GPT-3"}}},
		{"not equal, unquoted (a YAML tag)", base + "where: {model: != GPT-3}\n",
			[][]string{{"model != GPT-3"}}},
		{"equals sign", base + "where: {model: \"== GPT-3\"}\n",
			[][]string{{"model = GPT-3"}}},
		{"a number that YAML reads as an integer", base + "where: {seed: 7}\n",
			[][]string{{"seed = 7#"}}},
		{"a boolean is its text", base + "where: {chat: true}\n",
			[][]string{{"chat = true"}}},
		{"empty text matches blank cells", base + "where: {note: \"\"}\n",
			[][]string{{"note = "}}},
		{"panels combine with the chart's where (AND)", base + "where: {split: test}\npanels:\n  - {where: {task: A}}\n  - {where: {task: B}}\n  - {}\n",
			[][]string{{"split = test", "task = A"}, {"split = test", "task = B"}, {"split = test"}}},
		{"a panel's condition on the chart's column replaces it", base + "where: {task: A, split: test}\npanels:\n  - {where: {task: B}}\n",
			[][]string{{"split = test", "task = B"}}},
		{"a column set to nothing drops the chart's condition", base + "where: {task: A, split: test}\npanels:\n  - {where: {split: ~}}\n",
			[][]string{{"task = A"}}},
		{"where: ~ drops the whole filter", base + "where: {task: A}\npanels:\n  - {where: ~}\n  - {title: B}\n",
			[][]string{nil, {"task = A"}}},
		{"anchors and aliases", base + "panels:\n  - {where: &w {task: A}}\n  - {where: *w}\n",
			[][]string{{"task = A"}, {"task = A"}}},
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
			for i, p := range c.Panels {
				got := whereView(p)
				if strings.Join(got, "; ") != strings.Join(tt.want[i], "; ") {
					t.Errorf("panel %d: where %q, want %q", i+1, got, tt.want[i])
				}
			}
		})
	}
}

// TestWherePositions: each condition keeps where its column and each value
// were written, for the messages that need the data to find a problem.
func TestWherePositions(t *testing.T) {
	c, err := Parse([]byte("data: runs.csv\nx: flops\ny: score\nwhere:\n  task: A\n  budget: [6e18, 1e19]\n"), at)
	if err != nil {
		t.Fatal(err)
	}
	w := c.Panels[0].Where
	if len(w) != 2 {
		t.Fatalf("where %+v", w)
	}
	if w[0].Column.Pos != pos(5, 3) || w[0].Any[0].Pos != pos(5, 9) {
		t.Errorf("task at %v, its value at %v", w[0].Column.Pos, w[0].Any[0].Pos)
	}
	if w[1].Column.Pos != pos(6, 3) || w[1].Any[0].Pos != pos(6, 12) || w[1].Any[1].Pos != pos(6, 18) {
		t.Errorf("budget at %v, its values at %v and %v", w[1].Column.Pos, w[1].Any[0].Pos, w[1].Any[1].Pos)
	}
	if w[1].Any[0].Tests[0].Num != 6e18 || !w[0].Any[0].Equality() {
		t.Errorf("values %+v", w)
	}
}

func TestWhereErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"filter: did you mean where", ok + "filter: {task: A}\n",
			`content/audio.md:13:1: unknown key "filter" — did you mean "where"?`},
		{"filter in a panel", ok + "panels:\n  - {filter: {task: A}}\n",
			`content/audio.md:14:6: unknown key "filter" in a panel — did you mean "where"?`},
		{"where a list", ok + "where: [task, A]\n",
			`content/audio.md:13:8: where must be a set of "column: value" pairs, e.g. where: {task: "Modular arithmetic"} or where: {budget: [6e18, 1e19]}, not a list`},
		{"where text", ok + "where: task = A\n",
			`content/audio.md:13:8: where must be a set of "column: value" pairs, e.g. where: {task: "Modular arithmetic"} or where: {budget: [6e18, 1e19]}, not text`},
		{"a column without value at the top", ok + "where: {task: }\n",
			`content/audio.md:13:9: where "task" has no value: write the value the rows must have, e.g. where: {task: "Modular arithmetic"}, or a list of values, or a comparison like ">= 1e9"`},
		{"an empty list", ok + "where: {budget: []}\n",
			`content/audio.md:13:17: where "budget" is an empty list: list the values to keep, e.g. [6e18, 1e19]`},
		{"a mapping as value", ok + "where: {params: {min: 1e9}}\n",
			`content/audio.md:13:17: where "params" must be a value, a list of values or a comparison, e.g. where: {task: "Modular arithmetic"} or {params: ">= 1e9"}, not a mapping`},
		{"a list in a list", ok + "where: {budget: [[1, 2]]}\n",
			`content/audio.md:13:18: where "budget" must be a value, e.g. where: {task: "Modular arithmetic"} or {params: ">= 1e9"}, not a list`},
		{"comparison with text", ok + "where: {params: \">= big\"}\n",
			`content/audio.md:13:17: where "params" ">= big": >= compares with a number, like ">= 1e9" or ">= 1.4B", and "big" is not one`},
		{"comparison with a hint", ok + "where: {params: \"> 70m\"}\n",
			`content/audio.md:13:17: where "params" "> 70m": > compares with a number, like "> 1e9" or "> 1.4B", and "70m" is not one (a lower-case m is milli (10⁻³) in SI units but million in many tables, so "70m" is ambiguous; write 70M for 70 million, or 7e-2 for 70 thousandths)`},
		{"comparison without value", ok + "where: {params: \"<=\"}\n",
			`content/audio.md:13:17: where "params" "<=": the comparison <= needs a value after it, e.g. "<= 1e9"`},
		{"and without a comparison", ok + "where: {params: \">= 1e9 and 1e11\"}\n",
			`content/audio.md:13:17: where "params" ">= 1e9 and 1e11": each part joined by "and" needs its own comparison, e.g. ">= 1e9 and < 1e11"`},
		{"unquoted >= is bad YAML", ok + "where: {params: >= 1e9}\n",
			`content/audio.md:13:17: invalid YAML: a comparison must be in quotes, e.g. where: {params: ">= 1e9"}: YAML reads a value that starts with ">" as a block of text`},
		{"unquoted >= in block style", ok + "where:\n  params: >= 1e9\n",
			`content/audio.md:14:11: invalid YAML: a comparison must be in quotes, e.g. where: {params: ">= 1e9"}: YAML reads a value that starts with ">" as a block of text`},
		{"another tag", ok + "where:\n  model: !gpt 4\n",
			`content/audio.md:14:10: where "model": a value that starts with "!" reads as a YAML tag: put it in quotes`},
		{"NaN as a value", ok + "where: {acc: NaN}\n",
			`content/audio.md:13:14: where "acc" "NaN": NaN equals nothing, not even NaN, so comparing with it keeps no row (and != keeps every row); rows whose "acc" is blank, NA or NaN are left out of the chart anyway, and the build names them; to keep only the rows where "acc" is a number, compare it with one, e.g. ">= 0"`},
		{"YAML's .nan", ok + "where: {acc: .nan}\n",
			`content/audio.md:13:14: where "acc" ".nan": NaN equals nothing…`},
		{"compared with nan", ok + "where: {acc: \"> nan\"}\n",
			`content/audio.md:13:14: where "acc" "> nan": NaN equals nothing…`},
		{"not NaN", ok + "where: {acc: \"!= NaN\"}\n",
			`content/audio.md:13:14: where "acc" "!= NaN": NaN equals nothing…`},
		{"YAML's .NaN after and", ok + "where: {acc: \">= 0 and <= .NaN\"}\n",
			`content/audio.md:13:14: where "acc" ">= 0 and <= .NaN": NaN equals nothing…`},
		{"-nan in a list", ok + "where: {acc: [0.5, -nan]}\n",
			`content/audio.md:13:20: where "acc" "-nan": NaN equals nothing…`},
		{"a panel's NaN", ok + "panels:\n  - {where: {acc: \"== NaN\"}}\n",
			`content/audio.md:14:19: where "acc" "== NaN": NaN equals nothing…`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c)
			}
			// A want ending in … is the start of the message.
			got := err.Error()
			if start, cut := strings.CutSuffix(tt.want, "…"); cut && strings.HasPrefix(got, start) {
				return
			}
			if got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestUnit(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		unit       []string // x unit per panel
		yUnit      string
		yFormat    string
		tick, axis string // TickUnit and TitleWithUnit of the first x axis
	}{
		{"a long unit goes in the title", "x: {field: flops, title: Compute, unit: FLOPs}\ny: loss\n",
			[]string{"FLOPs"}, "", FormatAuto, "", "Compute (FLOPs)"},
		{"a title that names the unit is kept", "x: {field: flops, title: Training FLOPs, unit: FLOPs}\ny: loss\n",
			[]string{"FLOPs"}, "", FormatAuto, "", "Training FLOPs"},
		{"a short unit goes on the ticks", "x: {field: t, title: Latency, unit: ms}\ny: loss\n",
			[]string{"ms"}, "", FormatAuto, "ms", "Latency"},
		{"spaces are trimmed", "x: {field: t, title: Time, unit: \" s \"}\ny: loss\n",
			[]string{"s"}, "", FormatAuto, "s", "Time"},
		{"two words are not short", "x: {field: t, title: Time, unit: GPU h}\ny: loss\n",
			[]string{"GPU h"}, "", FormatAuto, "", "Time (GPU h)"},
		{"% is format: percent", "x: {field: t, title: T}\ny: {field: acc, unit: \"%\"}\n",
			[]string{""}, "", FormatPercent, "", "T"},
		{"% with format: fraction keeps fraction", "x: {field: t, title: T}\ny: {field: acc, unit: \"%\", format: fraction}\n",
			[]string{""}, "", FormatFraction, "", "T"},
		{"panels inherit and override the unit", "x: {field: t, title: T, unit: s}\ny: {field: acc, unit: tokens}\npanels:\n  - {title: A}\n  - {x: {unit: ms}}\n  - {x: {unit: ~}}\n",
			[]string{"s", "ms", ""}, "tokens", FormatAuto, "s", "T"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte("data: runs.csv\n"+tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range c.Panels {
				if p.X.Unit != tt.unit[i] {
					t.Errorf("panel %d: x unit %q, want %q", i+1, p.X.Unit, tt.unit[i])
				}
			}
			y := c.Panels[0].Y
			if y.Unit != tt.yUnit || y.Format != tt.yFormat {
				t.Errorf("y unit %q format %q, want %q %q", y.Unit, y.Format, tt.yUnit, tt.yFormat)
			}
			x := c.Panels[0].X
			if got := TickUnit(x.Unit); got != tt.tick {
				t.Errorf("TickUnit(%q) = %q, want %q", x.Unit, got, tt.tick)
			}
			if got := TitleWithUnit(x.Title, x.Unit); got != tt.axis {
				t.Errorf("TitleWithUnit(%q, %q) = %q, want %q", x.Title, x.Unit, got, tt.axis)
			}
		})
	}
}

func TestUnitErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unit a list", "data: runs.csv\nx: {field: t, unit: [s, ms]}\ny: loss\n",
			`content/audio.md:11:21: unit must be a unit written after the values, like FLOPs, tokens or ms, not a list`},
		{"unit too long", "data: runs.csv\nx: {field: t, unit: floating point operations per second}\ny: loss\n",
			`content/audio.md:11:21: unit "floating point operations per second" is too long for a unit (at most 24 characters): put a description in the axis title`},
		{"unit percent", "data: runs.csv\nx: flops\ny: {field: acc, unit: percent}\n",
			`content/audio.md:12:23: unit "percent": write format: percent for values already in percent (45 → 45%), or format: fraction for fractions (0.45 → 45%)`},
		{"% with another format", "data: runs.csv\nx: flops\ny: {field: acc, unit: \"%\", format: si}\n",
			`content/audio.md:12:23: y has unit "%" and format: si: a percent sign goes with format: percent (45 → 45%) or format: fraction (0.45 → 45%); remove one of the two`},
		{"units: did you mean unit", "data: runs.csv\nx: {field: t, units: s}\ny: loss\n",
			`content/audio.md:11:15: unknown key "units" in x — did you mean "unit"?`},
		{"unit at the top", ok + "unit: s\n",
			`content/audio.md:13:1: unknown key "unit": unit belongs to an axis, e.g. x: {field: flops, unit: ...}`},
		{"xunit at the top", ok + "xunit: s\n",
			`content/audio.md:13:1: unknown key "xunit": set it inside the axis, e.g. x: {field: flops, title: "Training FLOPs", scale: log}`},
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

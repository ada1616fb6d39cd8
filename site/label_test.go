package site

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// labelTable is a table of one row, on line 2, with the given cells,
// columns a, b, c...
func labelTable(cells ...string) *table.Table {
	var header, row []string
	for i, c := range cells {
		header = append(header, string(rune('a'+i)))
		row = append(row, `"`+strings.ReplaceAll(c, `"`, `""`)+`"`)
	}
	src := strings.Join(header, ",") + "\n" + strings.Join(row, ",") + "\n"
	t, err := table.Parse("data.csv", []byte(src))
	if err != nil {
		panic(err)
	}
	return t
}

func TestPointLabelText(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	greek := strings.Repeat("β", MaxLabelChars)
	tests := []struct {
		name, field string
		cells       []string
		want        string
		cut         bool
		err         string
	}{
		{name: "column", field: "a", cells: []string{"GPT-3"}, want: "GPT-3"},
		{name: "template", field: "{a} ({b})", cells: []string{"GPT-3", "175B"}, want: "GPT-3 (175B)"},
		{name: "no label", field: "", cells: []string{"x"}, want: ""},
		{name: "a column of the limit", field: "a", cells: []string{greek}, want: greek},
		{name: "a template of the limit", field: "{a}", cells: []string{greek}, want: greek},
		{name: "a long cell is cut", field: "a", cells: []string{long}, want: strings.Repeat("x", MaxLabelChars-1) + "…", cut: true},
		{name: "a cell named 160 times is cut", field: strings.Repeat("{a}", 160), cells: []string{long}, want: strings.Repeat("x", MaxLabelChars-1) + "…", cut: true},
		{name: "cut between characters", field: "{a}{a}", cells: []string{greek}, want: strings.Repeat("β", MaxLabelChars-1) + "…", cut: true},
		{name: "a template too long", field: strings.Repeat("{a}", 20_000), cells: []string{"x"},
			err: "data.md:3:8: label template is 60000 characters long: a point label holds at most 500 characters; shorten the template (each {column} in it is filled from the row)"},
		{name: "a missing column", field: "{z}", cells: []string{"x"}, err: `data.md:3:8: label names column "{z}"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var errs diag.List
			f := chartspec.Field{Name: tc.field, Pos: diag.Pos{File: "data.md", Line: 3, Col: 8}}
			pl := compileLabel(f, labelTable(tc.cells...), "data.csv", &errs)
			if tc.err != "" {
				if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), tc.err) {
					t.Fatalf("errors %v, want one starting %q", errs, tc.err)
				}
				return
			}
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			got, cut := pl.text(0)
			if got != tc.want || cut != tc.cut {
				t.Errorf("label %q (%d characters), cut %v; want %q, cut %v", got[:min(len(got), 40)], utf8.RuneCountInString(got), cut, tc.want[:min(len(tc.want), 40)], tc.cut)
			}
		})
	}
}

// TestPointLabelBoundedWork: a template that names a 100 KB cell as often
// as it may writes no more than MaxLabelChars characters a row, however
// large the cells: the bytes a label allocates are counted.
func TestPointLabelBoundedWork(t *testing.T) {
	var errs diag.List
	tb := labelTable(strings.Repeat("y", 100_000))
	pl := compileLabel(chartspec.Field{Name: strings.Repeat("{a}", MaxLabelChars/3)}, tb, "data.csv", &errs)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	allocs := testing.AllocsPerRun(10, func() { pl.text(0) })
	if allocs > 20 {
		t.Errorf("%g allocations a label, want a handful", allocs)
	}
	var sink string
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			sink, _ = pl.text(0)
		}
	})
	if per := res.AllocedBytesPerOp(); per > 8*MaxLabelChars {
		t.Errorf("%d bytes allocated a label, want at most %d", per, 8*MaxLabelChars)
	}
	_ = sink
}

// FuzzPointLabel: any template over any cells compiles or is an error at
// the template, and no label is longer than MaxLabelChars characters.
func FuzzPointLabel(f *testing.F) {
	f.Add("{a} ({b})", "GPT-3", "175B")
	f.Add("{a}{a}{a}", strings.Repeat("β", 300), "")
	f.Add("{", "x", "y")
	f.Add("{a}}{b", "x", "y")
	f.Add("{}", "", "")
	f.Fuzz(func(t *testing.T, field, a, b string) {
		var errs diag.List
		pl := compileLabel(chartspec.Field{Name: field}, labelTable(a, b), "data.csv", &errs)
		if len(errs) > 0 {
			return
		}
		got, cut := pl.text(0)
		if n := utf8.RuneCountInString(got); n > MaxLabelChars {
			t.Fatalf("label of %d characters", n)
		}
		if cut && !strings.HasSuffix(got, "…") {
			t.Fatalf("cut label %q without its ellipsis", got)
		}
	})
}

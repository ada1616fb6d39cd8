package site

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/table"
)

// long is a long-format table, as papers' results come: one row per task
// and model, model sizes written the way papers write them. Row lines:
// Mod 2-5, WiC 6-9.
const long = `task,model,params,flops,score
Mod,A,70M,1e20,1
Mod,B,1.4B,1e21,2
Mod,C,12B,1e22,NA
Mod,D,"1,024",1e19,0
WiC,A,70M,1e20,50
WiC,B,1.4B,1e21,52
WiC,C,12B,1e22,60
WiC,D,"1,024",1e19,49
`

func TestWhereRows(t *testing.T) {
	tests := []struct {
		name     string
		spec     string
		want     [][]string // per panel: gapView
		warnings []string   // prefixes, sorted
	}{
		{
			name: "one value: exactly its rows, with their lines; a missing value among them is reported",
			spec: "type: scatter\ndata: long.csv\nx: flops\ny: score\nwhere: {task: Mod}\n",
			want: [][]string{{": 1e+20,1@2 1e+21,2@3 1e+19,0@5"}},
			warnings: []string{
				"content/p/long.csv:4: 1 row left out of the chart at content/p/index.md:7:1 because of missing values (blank or NA) on line 4",
			},
		},
		{
			name: "one panel per task from one file",
			spec: "data: long.csv\nx: {field: params, scale: log}\ny: score\nseries: model\npanels:\n  - {where: {task: Mod}}\n  - {where: {task: WiC}}\n",
			want: [][]string{
				{"A: 7e+07,1@2", "B: 1.4e+09,2@3", "D: 1024,0@5"},
				{"A: 7e+07,50@6", "B: 1.4e+09,52@7", "C: 1.2e+10,60@8", "D: 1024,49@9"},
			},
			warnings: []string{"content/p/long.csv:4: 1 row left out"},
		},
		{
			name: "any of a list; numbers match however written",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: WiC, params: [7e7, 12000000000]}\n",
			want: [][]string{{": 1e+20,50@6 1e+22,60@8"}},
		},
		{
			name: "a comparison with a suffix number",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: WiC, params: \">= 1B\"}\n",
			want: [][]string{{": 1e+21,52@7 1e+22,60@8"}},
		},
		{
			name: "a range and a negation",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {params: \"> 1e3 and < 1e10\", task: \"!= Mod\"}\nconnect: rows\n",
			want: [][]string{{": 1e+20,50@6 1e+21,52@7 1e+19,49@9"}},
		},
		{
			name: "a panel adds to the chart's where, or replaces it on the same column",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: WiC}\npanels:\n  - {where: {model: [A, B]}}\n  - {where: {task: Mod, model: A}}\n",
			want: [][]string{{": 1e+20,50@6 1e+21,52@7"}, {": 1e+20,1@2"}},
		},
		{
			name: "a value no row has, beside one that some rows have, is a warning",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: [WiC, wic]}\nconnect: rows\n",
			want: [][]string{{": 1e+20,50@6 1e+21,52@7 1e+22,60@8 1e+19,49@9"}},
			warnings: []string{
				`content/p/index.md:10:21: no row of content/p/long.csv has "wic" in column "task" (its values: "Mod", "WiC" — did you mean "WiC"?): this value of where keeps nothing`,
			},
		},
		{
			name:     "a chart's where inherited by several panels warns once",
			spec:     "data: long.csv\nx: flops\ny: score\nwhere: {task: [WiC, Wic]}\npanels:\n  - {where: {model: A}}\n  - {where: {model: B}}\n",
			want:     [][]string{{": 1e+20,50@6"}, {": 1e+21,52@7"}},
			warnings: []string{`content/p/index.md:10:21: no row of content/p/long.csv has "Wic" in column "task"`},
		},
		{
			name: "inline data",
			spec: "data: |\n  m,x,y\n  a,1,1\n  b,2,2\n  a,3,3\nx: x\ny: y\nwhere: {m: a}\n",
			want: [][]string{{": 1,1@9 3,3@11"}},
		},
		{
			name: "a where that keeps only rows with missing values: the chart draws no point, and says so",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: Mod, model: C}\n",
			want: [][]string{{":"}},
			warnings: []string{
				"content/p/index.md:7:1: the chart draws no point: the 1 row of content/p/long.csv that where keeps (\"Mod\" in column \"task\" and \"C\" in column \"model\", at line 10) has no value (blank, NA or NaN) for x \"flops\" or y \"score\", on line 4; it is built empty: fill in the values, plot other columns, or change the where",
				"content/p/long.csv:4: 1 row left out of the chart at content/p/index.md:7:1 because of missing values (blank or NA) on line 4",
			},
		},
		{
			name: "a panel whose rows all lack a value is named",
			spec: "data: long.csv\nx: flops\ny: score\nseries: model\npanels:\n  - {where: {task: WiC}}\n  - {where: {model: C, task: Mod}}\n",
			want: [][]string{{"A: 1e+20,50@6", "B: 1e+21,52@7", "C: 1e+22,60@8", "D: 1e+19,49@9"}, {}},
			warnings: []string{
				"content/p/index.md:13:5: panel 2 draws no point: the 1 row of content/p/long.csv that where keeps (\"C\" in column \"model\" and \"Mod\" in column \"task\", at line 13) has no value (blank, NA or NaN) for x \"flops\", y \"score\" or series \"model\", on line 4",
				"content/p/long.csv:4: 1 row left out",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p/long.csv": long, "content/p/index.md": chartMD(tc.spec)}, Options{})
			c := body(t, s, "content/p/index.md").Charts[0]
			if len(c.Panels) != len(tc.want) {
				t.Fatalf("%d panels, want %d", len(c.Panels), len(tc.want))
			}
			for i, p := range c.Panels {
				got := gapView(p)
				if want := tc.want[i]; !slices.Equal(got, want) {
					t.Errorf("panel %d:\n got %q\nwant %q", i+1, got, tc.want[i])
				}
			}
			got := s.Warnings.Sort()
			if len(got) != len(tc.warnings) {
				t.Fatalf("%d warnings, want %d:\n%v", len(got), len(tc.warnings), got)
			}
			for i, w := range tc.warnings {
				if !strings.HasPrefix(got[i].Error(), w) {
					t.Errorf("warning %d:\n got %s\nwant %s", i, got[i], w)
				}
			}
		})
	}
}

func TestWhereErrorsNeedData(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want []string
	}{
		{
			name: "unknown column",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {tsak: Mod}\n",
			want: []string{`content/p/index.md:10:9: where column "tsak" is not in content/p/long.csv (its columns: "task", "model", "params", "flops", "score") — did you mean "task"?`},
		},
		{
			name: "unknown column and unknown y: both reported",
			spec: "data: long.csv\nx: flops\ny: scor\nwhere: {tsak: Mod}\n",
			want: []string{
				`content/p/index.md:9:4: y column "scor" is not in content/p/long.csv (its columns: "task", "model", "params", "flops", "score") — did you mean "score"?`,
				`content/p/index.md:10:9: where column "tsak" is not in content/p/long.csv`,
			},
		},
		{
			name: "a value no row has: the values present, and the likely one",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: \"mod \"}\n",
			want: []string{`content/p/index.md:10:9: where keeps none of the 8 rows of content/p/long.csv, so the chart would be empty: no row of content/p/long.csv has "mod" in column "task" (its values: "Mod", "WiC" — did you mean "Mod"?)`},
		},
		{
			name: "a comparison no row passes: the range present",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {params: \"> 1T\"}\n",
			want: []string{`content/p/index.md:10:9: where keeps none of the 8 rows of content/p/long.csv, so the chart would be empty: no row of content/p/long.csv has a value > 1T in column "params" (its numbers run from 1024 to 1.2e10)`},
		},
		{
			name: "values each present, never together",
			spec: "data: long.csv\nx: flops\ny: score\nwhere: {task: Mod, score: 60}\n",
			want: []string{`content/p/index.md:10:9: where keeps none of the 8 rows of content/p/long.csv, so the chart would be empty: no row has "Mod" in column "task" and 60 in column "score" at once`},
		},
		{
			name: "a panel's filter",
			spec: "data: long.csv\nx: flops\ny: score\npanels:\n  - {where: {task: Mod}}\n  - {where: {task: NLU}}\n",
			want: []string{`content/p/index.md:12:14: where keeps none of the 8 rows of content/p/long.csv, so the chart would be empty: no row of content/p/long.csv has "NLU" in column "task" (its values: "Mod", "WiC")`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadErr(t, map[string]string{"content/p/long.csv": long, "content/p/index.md": chartMD(tc.spec)})
			if len(got) != len(tc.want) {
				t.Fatalf("%d errors, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("error %d:\n got %s\nwant %s", i, got[i], w)
				}
			}
		})
	}
}

// TestWhereNumbersHeld: a where on a Parquet column held as numbers
// (table.Table.Numeric) keeps the rows it keeps when the same cells are
// read as text, for every operator, on zeros of both signs, infinities,
// NaN, nulls, integers past 2^53 and float32 values.
func TestWhereNumbersHeld(t *testing.T) {
	type row struct {
		F float64  `parquet:"f"`
		G float32  `parquet:"g"`
		I int64    `parquet:"i"`
		O *float64 `parquet:"o,optional"`
	}
	two := 2.0
	rows := []row{
		{0, 0.1, 0, nil},
		{math.Copysign(0, -1), 3.4e38, -1, &two},
		{1, 1e-45, 1<<53 + 1, nil},
		{1.5, 1, math.MaxInt64, &two},
		{1e20, -2.5, 70000000, nil},
		{math.NaN(), 0, 9007199254740992, nil},
		{math.Inf(1), float32(math.Inf(-1)), 1, nil},
		{math.Inf(-1), float32(math.NaN()), 2, nil},
		{6e18, 7e7, 6000000000000000000, nil},
	}
	tb, err := table.ParseParquet("n.parquet", []byte(parquetOf(t, rows)))
	if err != nil {
		t.Fatal(err)
	}
	values := []string{"0", "-0", "1", "1.5", "2", "-1", "1e20", "6e18", "6E+18", "7e7", "70M", "0.1", "3.4e38",
		"9007199254740993", "9007199254740992", "9223372036854775807", "Inf", "-Inf", "NaN", "NA", "", "x"}
	ops := []string{chartspec.OpEq, chartspec.OpNe, chartspec.OpLt, chartspec.OpLe, chartspec.OpGt, chartspec.OpGe}
	for c, name := range tb.Columns {
		if !tb.Numeric(c) {
			t.Fatalf("column %s is not held as numbers: the test reads nothing typed", name)
		}
		for r := range tb.Len() {
			for _, v := range values {
				for _, op := range ops {
					tt := chartspec.Test{Op: op, Value: v}
					if f, missing, ok := table.Number(v); ok && !missing {
						tt.Num, tt.IsNum = f, true
					}
					typed, text := cellAt(tb, r, c), textCell(tb.Cell(r, c))
					if got, want := test(tt, &typed), test(tt, &text); got != want {
						t.Errorf("%s row %d (%q) %s %q: %v held as a number, %v as text", name, r, tb.Cell(r, c), op, v, got, want)
					}
				}
			}
		}
	}
}

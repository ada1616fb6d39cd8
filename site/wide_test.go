package site

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// trainLog is a training log as trackers export it: a validation loss every
// few steps, blank between.
const trainLog = "step,train_loss,val_loss\n" +
	"100,4.12,4.20\n" +
	"200,3.61,\n" +
	"300,3.30,3.41\n" +
	"400,3.12,\n" +
	"500,2.98,3.09\n"

func TestWide(t *testing.T) {
	tests := []struct {
		name string
		csv  string
		spec string
		want []string // gapView of the first panel
	}{
		{
			name: "one series per column, a blank cell joins its neighbours",
			csv:  trainLog,
			spec: "data: log.csv\nx: step\ny: [train_loss, val_loss]\n",
			want: []string{
				"train_loss: 100,4.12@2 200,3.61@3 300,3.3@4 400,3.12@5 500,2.98@6",
				"val_loss: 100,4.2@2 300,3.41@4 500,3.09@6",
			},
		},
		{
			name: "names rename the series",
			csv:  trainLog,
			spec: "data: log.csv\nx: step\ny: {field: [val_loss, train_loss], scale: log}\nnames: {train_loss: Train, val_loss: Validation}\n",
			want: []string{
				"Validation: 100,4.2@2 300,3.41@4 500,3.09@6",
				"Train: 100,4.12@2 200,3.61@3 300,3.3@4 400,3.12@5 500,2.98@6",
			},
		},
		{
			name: "with a series column, one series per run and column",
			csv:  "run,step,train_loss,val_loss\na,1,3,3.5\nb,1,4,\na,2,2,2.5\nb,2,3,3.2\n",
			spec: "data: log.csv\nx: step\ny: [train_loss, val_loss]\nnames: {val_loss: val}\nseries: run\n",
			want: []string{
				"a · train_loss: 1,3@2 2,2@4",
				"a · val: 1,3.5@2 2,2.5@4",
				"b · train_loss: 1,4@3 2,3@5",
				"b · val: 2,3.2@5",
			},
		},
		{
			name: "a column with no value at all is no series",
			csv:  "step,a,b\n1,1,\n2,2,\n",
			spec: "data: log.csv\nx: step\ny: [a, b]\n",
			want: []string{"a: 1,1@2 2,2@3"},
		},
		{
			name: "rows out of x order are sorted per column",
			csv:  "step,a,b\n2,2,20\n1,1,10\n3,3,\n",
			spec: "data: log.csv\nx: step\ny: [a, b]\nconnect: x\n",
			want: []string{"a: 1,1@3 2,2@2 3,3@4", "b: 1,10@3 2,20@2"},
		},
		{
			name: "a panel draws its own list",
			csv:  trainLog,
			spec: "data: log.csv\nx: step\npanels:\n  - {y: [train_loss]}\n",
			want: []string{"train_loss: 100,4.12@2 200,3.61@3 300,3.3@4 400,3.12@5 500,2.98@6"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p/index.md": chartMD(tc.spec), "content/p/log.csv": tc.csv}, Options{})
			c := s.Body(page(t, s, "content/p/index.md")).Charts[0]
			if got := gapView(c.Panels[0]); !slices.Equal(got, tc.want) {
				t.Errorf("series:\n got %q\nwant %q", got, tc.want)
			}
			for _, w := range s.Warnings {
				t.Errorf("warning: %v", w)
			}
		})
	}
}

// TestWideAsLong checks that wide data draws the same series, and fits the
// same curves, as the same data written long (a series column and one value
// column).
func TestWideAsLong(t *testing.T) {
	long := "step,which,loss\n" +
		"100,Train,4.12\n100,Validation,4.20\n" +
		"200,Train,3.61\n" +
		"300,Train,3.30\n300,Validation,3.41\n" +
		"400,Train,3.12\n" +
		"500,Train,2.98\n500,Validation,3.09\n"
	for _, fit := range []string{"powerlaw", `{law: "L = A / S^a", where: {S: step}}`} {
		t.Run(fit, func(t *testing.T) {
			s := load(t, map[string]string{
				"content/p/index.md": chartMD(
					"data: log.csv\nx: step\ny: {field: [train_loss, val_loss], scale: log}\nnames: {train_loss: Train, val_loss: Validation}\nfit: "+fit+"\n",
					"data: long.csv\nx: step\ny: {field: loss, scale: log}\nseries: which\nfit: "+fit+"\n"),
				"content/p/log.csv":  trainLog,
				"content/p/long.csv": long,
			}, Options{})
			cs := s.Body(page(t, s, "content/p/index.md")).Charts
			wide, long := cs[0].Panels[0], cs[1].Panels[0]
			if got, want := seriesView(wide), seriesView(long); !slices.Equal(got, want) {
				t.Errorf("wide:\n%q\nlong:\n%q", got, want)
			}
			if len(wide.Fits) != 2 || len(long.Fits) != 2 {
				t.Fatalf("fits: wide %d, long %d, want 2 each", len(wide.Fits), len(long.Fits))
			}
			for i := range wide.Fits {
				w, l := wide.Fits[i], long.Fits[i]
				if w.Series != l.Series || w.Result != l.Result || lawText(w) != lawText(l) {
					t.Errorf("fit %d: wide %s %+v %s, long %s %+v %s", i, w.Series, w.Result, lawText(w), l.Series, l.Result, lawText(l))
				}
			}
		})
	}
}

// lawText is what a fit by law found, for comparing two: its constants,
// estimates and the variables of its points (nil for other fits).
func lawText(f Fitted) string {
	if f.Law == nil {
		return ""
	}
	return fmt.Sprintf("%v %+v %v", f.Law.Names, f.Law.Fit, f.Law.Vars)
}

func TestWideErrors(t *testing.T) {
	tests := []struct {
		name string
		csv  string
		spec string
		want []string
	}{
		{
			name: "a column not in the table, at its entry",
			csv:  trainLog,
			spec: "data: log.csv\nx: step\ny: [train_loss, val_los]\n",
			want: []string{`content/p/index.md:9:17: y column "val_los" is not in content/p/log.csv (its columns: "step", "train_loss", "val_loss") — did you mean "val_loss"?`},
		},
		{
			name: "two columns not in the table",
			csv:  trainLog,
			spec: "data: log.csv\nx: step\ny:\n  - loss\n  - val_los\n",
			want: []string{
				`content/p/index.md:10:5: y column "loss" is not in content/p/log.csv (its columns: "step", "train_loss", "val_loss")`,
				`content/p/index.md:11:5: y column "val_los" is not in content/p/log.csv (its columns: "step", "train_loss", "val_loss") — did you mean "val_loss"?`,
			},
		},
		{
			name: "a cell that is not a number, at the cell",
			csv:  "step,a,b\n1,1,2\n2,2,x\n",
			spec: "data: log.csv\nx: step\ny: [a, b]\n",
			want: []string{`content/p/log.csv:3:5: "x" in column "b" is not a number: leave the cell blank or write NA for a missing value`},
		},
		{
			name: "a value a log axis cannot show",
			csv:  "step,a,b\n1,1,2\n2,2,0\n",
			spec: "data: log.csv\nx: step\ny: {field: [a, b], scale: log}\n",
			want: []string{`content/p/log.csv:3:5: 0 in column "b" cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/p/index.md:9:4)`},
		},
		{
			name: "a fit's series is a column's name",
			csv:  trainLog,
			spec: "data: log.csv\nx: step\ny: [train_loss, val_loss]\nnames: {val_loss: Validation}\nfit: {type: powerlaw, series: [val_loss]}\n",
			want: []string{`content/p/index.md:11:32: fit series "val_loss" is not a series of the panel (its series, one per y column: "train_loss", "Validation")`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadErr(t, map[string]string{"content/p/index.md": chartMD(tc.spec), "content/p/log.csv": tc.csv})
			if !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestWideWarnings(t *testing.T) {
	tests := []struct {
		name string
		csv  string
		spec string
		want []string
	}{
		{
			name: "a row with values but no x is left out",
			csv:  "step,a,b\n1,1,2\n,2,3\n3,3,\n",
			spec: "data: log.csv\nx: step\ny: [a, b]\n",
			want: []string{`content/p/log.csv:3: 1 row left out of the chart at content/p/index.md:7:1 because of missing values (blank or NA) on line 3`},
		},
		{
			name: "a column's value outside the axis range, named by its column",
			csv:  "step,a,b\n1,1,2\n2,2,9\n",
			spec: "data: log.csv\nx: step\ny: {field: [a, b], max: 5}\n",
			want: []string{`content/p/log.csv:3: 1 row lies outside the y axis range set at content/p/index.md:9:4 (max 5) and is not drawn: line 3 (column "b": 9); widen min/max or remove it`},
		},
		{
			name: "no column has a value",
			csv:  "step,a,b\n1,,\n2,NA,\n",
			spec: "data: log.csv\nx: step\ny: [a, b]\n",
			want: []string{`content/p/index.md:7:1: the chart draws no point: all 2 rows of content/p/log.csv have no value (blank, NA or NaN) for x "step" or y "a", "b", on lines 2, 3; it is built empty: fill in the values, or plot other columns`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p/index.md": chartMD(tc.spec), "content/p/log.csv": tc.csv}, Options{})
			var got []string
			for _, w := range s.Warnings {
				got = append(got, w.Error())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("warnings:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestYColumnOf(t *testing.T) {
	s := load(t, map[string]string{
		"content/p/index.md": chartMD("data: log.csv\nx: step\ny: [train_loss, val_loss]\nnames: {val_loss: Validation}\nseries: run\n"),
		"content/p/log.csv":  "run,step,train_loss,val_loss\na,1,1,2\n",
	}, Options{})
	sp := &s.Body(page(t, s, "content/p/index.md")).Charts[0].Spec.Panels[0]
	for name, want := range map[string]string{"a · train_loss": "train_loss", "a · Validation": "val_loss", "other": "y"} {
		if got := yColumnOf(sp, name); got != want {
			t.Errorf("yColumnOf(%q) = %q, want %q", name, got, want)
		}
	}
	if q := yQuoted(sp); !strings.Contains(q, `"val_loss"`) {
		t.Errorf("yQuoted = %s", q)
	}
}

// TestWideLabels checks that every column's point of a row takes the row's
// label.
func TestWideLabels(t *testing.T) {
	s := load(t, map[string]string{
		"content/p/index.md": chartMD("type: scatter\ndata: acc.csv\nx: {field: params, scale: log}\ny: [mmlu, gsm8k]\nlabel: model\n"),
		"content/p/acc.csv":  "model,params,mmlu,gsm8k\nLLaMA-7B,7e9,35.1,11.0\nLLaMA-13B,13e9,46.9,\n",
	}, Options{})
	got := seriesView(s.Body(page(t, s, "content/p/index.md")).Charts[0].Panels[0])
	want := []string{"mmlu: 7e+09,35.1[LLaMA-7B] 1.3e+10,46.9[LLaMA-13B]", "gsm8k: 7e+09,11[LLaMA-7B]"}
	if !slices.Equal(got, want) {
		t.Errorf("series:\n got %q\nwant %q", got, want)
	}
}

package site

import (
	"slices"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
)

// Published tables the unit checks are held to: MMLU (5-shot) and GSM8K
// (8-shot) accuracies in percent of LLaMA 7B–65B, Llama 2 7B–70B, MPT 7B
// and 30B and Falcon 7B and 40B, from Touvron et al. (2023, "Llama 2",
// tables 3 and 25), typed in by hand. What the checks depend on is their
// shape: MMLU's narrow span (26 to 69), GSM8K's near-decade (6.8 to 57).
var (
	mmluPercent  = []float64{35.1, 46.9, 57.8, 63.4, 45.3, 54.8, 62.6, 68.9, 26.8, 46.9, 26.2, 55.4}
	gsm8kPercent = []float64{11.0, 17.8, 35.6, 50.9, 14.6, 28.7, 42.2, 56.8, 6.8, 15.2, 6.8, 19.6}
)

// fractions divides values by 100, as a leaderboard's export writes them.
func fractions(vals []float64) []float64 {
	out := make([]float64, len(vals))
	for i, v := range vals {
		out[i] = v / 100
	}
	return out
}

// spliced is vals with the values at idx divided by 100 (or multiplied,
// when times is true): a table joined from two sources.
func spliced(vals []float64, times bool, idx ...int) []float64 {
	out := slices.Clone(vals)
	for _, i := range idx {
		if times {
			out[i] *= 100
		} else {
			out[i] /= 100
		}
	}
	return out
}

func TestMixedKinds(t *testing.T) {
	tests := []struct {
		name      string
		vals      []float64
		fractions []int // want; nil: not mixed
		percents  []int
	}{
		{"MMLU in percent", mmluPercent, nil, nil},
		{"MMLU as fractions", fractions(mmluPercent), nil, nil},
		{"GSM8K in percent", gsm8kPercent, nil, nil},
		{"GSM8K as fractions", fractions(gsm8kPercent), nil, nil},
		{"MMLU in percent, Falcon's two rows as fractions", spliced(mmluPercent, false, 10, 11),
			[]int{10, 11}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"MMLU as fractions, MPT's two rows in percent", spliced(fractions(mmluPercent), true, 8, 9),
			[]int{0, 1, 2, 3, 4, 5, 6, 7, 10, 11}, []int{8, 9}},
		{"GSM8K, half and half", spliced(gsm8kPercent, false, 0, 1, 2, 3, 4, 5),
			[]int{0, 1, 2, 3, 4, 5}, []int{6, 7, 8, 9, 10, 11}},
		// One row of the other kind is not substantial: a single typo is
		// caught under format: fraction by the values over 1 instead.
		{"one fraction among percents", spliced(mmluPercent, false, 3), nil, nil},
		// A benchmark the small models fail: a few values under 1%, the
		// rest running on across the decades.
		{"small percents running on", []float64{0.3, 0.8, 2.5, 12, 40, 61}, nil, nil},
		{"small percents, a sparse table", []float64{0.2, 0.9, 10.5, 35, 57}, nil, nil},
		{"near-zero percents", []float64{0.01, 0.02, 25, 31, 45}, nil, nil},
		// The rule's known false alarm: two failures under 1% beside
		// 30 to 75 read as fractions typed among percents.
		{"two failures beside high scores", []float64{0.5, 0.7, 30, 45, 60, 75}, []int{0, 1}, []int{2, 3, 4, 5}},
		{"zeros are either kind", []float64{0, 0, 25, 31, 45}, nil, nil},
		// Not proportions: a loss falls through 1, a change goes negative,
		// a count passes 100.
		{"a loss", []float64{10.9, 6.1, 3.3, 2.2, 1.6, 0.98, 0.91}, nil, nil},
		{"a change in percent", []float64{-20, 0.5, 0.7, 30, 40}, nil, nil},
		{"past 100", []float64{0.5, 0.6, 50, 60, 250}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fr, pc, ok := mixedKinds(tt.vals)
			if ok != (tt.fractions != nil) || !slices.Equal(fr, tt.fractions) && ok || !slices.Equal(pc, tt.percents) && ok {
				t.Errorf("mixedKinds = %v, %v, %v; want %v, %v", fr, pc, ok, tt.fractions, tt.percents)
			}
		})
	}
}

func TestPercentsAsFractions(t *testing.T) {
	tests := []struct {
		name string
		vals []float64
		over []int // want; nil: no warning
	}{
		{"MMLU in percent", mmluPercent, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
		{"MMLU as fractions", fractions(mmluPercent), nil},
		{"one row in percent", spliced(fractions(mmluPercent), true, 2), []int{2}},
		{"a percent change", []float64{-20, 3, 12, 40}, []int{1, 2, 3}},
		{"a speed-up", []float64{0.8, 1, 1.4, 1.8, 2.1}, nil},
		{"past 100", []float64{0.5, 120, 400}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			over, ok := percentsAsFractions(tt.vals)
			if ok != (tt.over != nil) || ok && !slices.Equal(over, tt.over) {
				t.Errorf("percentsAsFractions = %v, %v; want %v", over, ok, tt.over)
			}
		})
	}
}

func TestPercentText(t *testing.T) {
	for v, want := range map[float64]string{0.45: "45%", 40: "4,000%", 80: "8,000%", 1234.5: "123,450%", -12: "-1,200%", 0.001: "0.1%", 1e30: "1e32%"} {
		if got := percentText(v); got != want {
			t.Errorf("percentText(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestProportionAxis(t *testing.T) {
	tests := []struct {
		ax   chartspec.Axis
		want bool
	}{
		{chartspec.Axis{Field: chartspec.Field{Name: "loss"}, Format: chartspec.FormatFraction}, true},
		{chartspec.Axis{Field: chartspec.Field{Name: "loss"}, Format: chartspec.FormatPercent}, true},
		{chartspec.Axis{Field: chartspec.Field{Name: "gsm8k"}, Title: "GSM8K (%)"}, true},
		{chartspec.Axis{Field: chartspec.Field{Name: "val_acc"}}, true},
		{chartspec.Axis{Field: chartspec.Field{Name: "score"}, Title: "Top-1 accuracy"}, true},
		{chartspec.Axis{Fields: []chartspec.Field{{Name: "train_acc"}, {Name: "val_acc"}}}, true},
		{chartspec.Axis{Field: chartspec.Field{Name: "params_b"}, Title: "Parameters (billions)"}, false},
		{chartspec.Axis{Field: chartspec.Field{Name: "grad_accumulation"}}, false},
		{chartspec.Axis{Field: chartspec.Field{Name: "mmlu"}}, false},
	}
	for _, tt := range tests {
		if got := proportionAxis(&tt.ax); got != tt.want {
			t.Errorf("proportionAxis(%+v) = %v, want %v", tt.ax, got, tt.want)
		}
	}
}

func TestUnitWarnings(t *testing.T) {
	const mmlu = "model,params,mmlu\nLLaMA-7B,7e9,35.1\nLLaMA-13B,13e9,46.9\nLLaMA-33B,33e9,57.8\nLLaMA-65B,65e9,63.4\n"
	tests := []struct {
		name string
		csv  string
		spec string
		want []string
	}{
		{
			name: "percents under format: fraction",
			csv:  mmlu,
			spec: "data: acc.csv\nx: {field: params, scale: log}\ny: {field: mmlu, format: fraction}\n",
			want: []string{`content/p/index.md:9:26: format: fraction shows a fraction in percent (0.45 → 45%), but column "mmlu" of content/p/acc.csv holds 4 values over 1, from 35.1 to 63.4 (35.1 on line 2, 46.9 on line 3, 57.8 on line 4 and 63.4 on line 5), so the y axis reads 3,510% to 6,340%: if the values are already in percent, write format: percent; if they are fractions, divide those rows by 100`},
		},
		{
			name: "fractions under format: fraction",
			csv:  "model,params,mmlu\nLLaMA-7B,7e9,0.351\nLLaMA-13B,13e9,0.469\n",
			spec: "data: acc.csv\nx: {field: params, scale: log}\ny: {field: mmlu, format: fraction}\n",
		},
		{
			name: "a column of both kinds, in a wide chart, under a title with %",
			csv:  "model,params,mmlu,gsm8k\nLLaMA-7B,7e9,35.1,0.110\nLLaMA-13B,13e9,46.9,0.178\nLLaMA-33B,33e9,57.8,35.6\nLLaMA-65B,65e9,63.4,50.9\nLlama-2-7B,7e9,45.3,0.146\n",
			spec: "type: scatter\ndata: acc.csv\nx: {field: params, scale: log}\ny: {field: [mmlu, gsm8k], title: Accuracy (%)}\n",
			want: []string{`content/p/acc.csv:4: column "gsm8k" of content/p/acc.csv mixes fractions and percents: 35.6 on line 4 and 50.9 on line 5 are percents, while its other 3 values are fractions (0.11 to 0.178), so one kind is drawn a hundred times off: write every value in percent (45 for 0.45) with format: percent, or every value as a fraction with format: fraction`},
		},
		{
			name: "percents with small values are left alone",
			csv:  "params,acc\n1e8,0.3\n3e8,0.8\n1e9,2.5\n3e9,12\n1e10,40\n",
			spec: "data: acc.csv\nx: {field: params, scale: log}\ny: {field: acc, format: percent}\n",
		},
		{
			name: "an axis of no proportion is not checked",
			csv:  "step,loss\n1,0.5\n2,0.6\n3,50\n4,60\n",
			spec: "data: acc.csv\nx: step\ny: loss\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p/index.md": chartMD(tc.spec), "content/p/acc.csv": tc.csv}, Options{})
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

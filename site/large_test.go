package site

import (
	"fmt"
	"strings"
	"testing"
)

func TestLargeScatterWarning(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("model,params,auc\n")
	for i := 0; i < 25000; i++ {
		fmt.Fprintf(&csv, "m,%d,%.3f\n", 1000+i, 0.5+float64(i%500)/1000)
	}
	for _, tc := range []struct {
		extra string
		want  string
	}{
		{"", `content/p.md:5:1: the scatter series "m" has 25000 points, more than a scatter draws one by one (20000)`},
		{"downsample: false\n", ""},
	} {
		s := load(t, map[string]string{
			"content/index.md": "# Home\n",
			"data/big.csv":     csv.String(),
			"content/p.md":     "---\ntitle: P\n---\n```chart\ntype: scatter\ndata: data/big.csv\nx: {field: params, scale: log}\ny: auc\nseries: model\n" + tc.extra + "```\n",
		}, Options{})
		var got []string
		for _, w := range s.Warnings {
			got = append(got, w.Error())
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%q: warnings %q, want none", tc.extra, got)
		case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("%q: warnings %q, want one starting %q", tc.extra, got, tc.want)
		}
	}
}

// TestTooManySeries holds a chart to MaxChartSeries series and fits
// together: at the limit it loads, past it the error names the series
// column's line and the limit.
func TestTooManySeries(t *testing.T) {
	rows := func(series int) string {
		var b strings.Builder
		b.WriteString("model,flops,loss\n")
		for i := range series {
			fmt.Fprintf(&b, "m%d,1e18,3.%d\nm%d,1e19,2.%d\n", i, i%10, i, i%10)
		}
		return b.String()
	}
	const spec = "---\ntitle: P\n---\n```chart\ndata: data/runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\n"
	for _, tc := range []struct {
		name   string
		series int
		extra  string
		want   string // "" when the chart loads
	}{
		{"series at the limit", MaxChartSeries, "", ""},
		{"series past the limit", MaxChartSeries + 1, "", fmt.Sprintf("content/p.md:8:9: this chart draws %d series, more than the %d a chart can draw", MaxChartSeries+1, MaxChartSeries)},
		{"fitted series at the limit", MaxChartSeries / 2, "fit: powerlaw\n", ""},
		{"fitted series past the limit", MaxChartSeries/2 + 1, "fit: powerlaw\n", fmt.Sprintf("content/p.md:8:9: this chart draws %d series and %d fitted curves, more than the %d", MaxChartSeries/2+1, MaxChartSeries/2+1, MaxChartSeries)},
		{"one fit over all points", MaxChartSeries, "fit: {type: powerlaw, over: all}\n", fmt.Sprintf("content/p.md:8:9: this chart draws %d series and 1 fitted curve, more", MaxChartSeries)},
		{"10,000 fitted series", 10000, "fit: powerlaw\n", "content/p.md:8:9: this chart draws 10000 series and 10000 fitted curves"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"content/index.md": "# Home\n",
				"data/runs.csv":    rows(tc.series),
				"content/p.md":     spec + tc.extra + "```\n",
			}
			if tc.want == "" {
				load(t, files, Options{})
				return
			}
			got := loadErr(t, files)
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
				t.Errorf("errors %q, want one starting %q", got, tc.want)
			}
		})
	}
}

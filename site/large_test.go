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

package chart

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// mmluCSV is an MMLU table with one row appended at the end for a model the
// table already has a size of: drawn in row order, the Llama 3 line went
// 8B → 70B → 405B and back to 8B, a triangle.
const mmluCSV = `family,model,params_b,mmlu
Llama 2,Llama-2-7B,7,45.3
Llama 2,Llama-2-13B,13,54.8
Llama 2,Llama-2-70B,70,68.9
Llama 3,Llama-3-8B,8,66.6
Llama 3,Llama-3-70B,70,79.5
Llama 3,Llama-3.1-405B,405,85.2
Llama 3,Llama-3.1-8B,8,66.7
`

// TestLineDrawnInXOrder checks the option a line chart carries: each line's
// points in x order, ties in row order, unless the spec says connect: rows.
func TestLineDrawnInXOrder(t *testing.T) {
	tests := []struct {
		name    string
		connect string
		want    [][2]float64 // the Llama 3 line's points, in the order drawn
	}{
		{"x order by default: no triangle", "", [][2]float64{{8, 66.6}, {8, 66.7}, {70, 79.5}, {405, 85.2}}},
		{"connect: rows keeps the rows' order", "connect: rows\n", [][2]float64{{8, 66.6}, {70, 79.5}, {405, 85.2}, {8, 66.7}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			md := "---\ntitle: M\n---\n```chart\ndata: mmlu.csv\nx: {field: params_b, scale: log}\ny: mmlu\nseries: family\n" + tt.connect + "```\n"
			s, err := site.Load(sitetest.New(t, map[string]string{"content/m/index.md": md, "content/m/mmlu.csv": mmluCSV}), site.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(Option(s.Body(s.Pages[0]).Charts[0]))
			if err != nil {
				t.Fatal(err)
			}
			var opt struct {
				Series []struct {
					Name string
					Data [][]float64
				}
			}
			if err := json.Unmarshal(b, &opt); err != nil {
				t.Fatal(err)
			}
			var got [][2]float64
			for _, se := range opt.Series {
				if se.Name != "Llama 3" {
					continue
				}
				for _, d := range se.Data {
					got = append(got, [2]float64{d[0], d[1]}) // [x, y], the values, on a log axis too
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Llama 3 drawn through %v, want %v\noption: %s", got, tt.want, b)
			}
		})
	}
}

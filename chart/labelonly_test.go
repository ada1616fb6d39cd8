package chart

import (
	"slices"
	"testing"
)

// TestLabelOnlyFrontier: label: {field, only: frontier} names every point
// in the option (the tooltip shows the name) and hides the label of each
// point off the frontier; the frontier is the panel's own direction, else
// max.
func TestLabelOnlyFrontier(t *testing.T) {
	const data = "data: |\n  m,d,year,flop\n  A,x,1,10\n  B,x,2,5\n  C,y,3,20\n  D,y,4,8\n  E,x,5,40\n"
	tests := []struct {
		name, spec string
		shown      []string // the names drawn beside their points
		labelled   []bool   // per series: whether its labels are shown at all
	}{
		{"every point, as before", data + "x: year\ny: flop\nlabel: m\n",
			[]string{"A", "B", "C", "D", "E"}, []bool{true}},
		{"the max frontier by default", data + "x: year\ny: flop\nlabel: {field: m, only: frontier}\n",
			[]string{"A", "C", "E"}, []bool{true}},
		{"the panel's frontier: min", data + "x: year\ny: flop\nfrontier: min\nlabel: {field: m, only: frontier}\n",
			[]string{"A", "B"}, []bool{true}},
		{"over every series; a series with none labelled shows no labels", data + "x: year\ny: flop\nseries: d\nfrontier: min\nlabel: {field: m, only: frontier}\n",
			[]string{"A", "B"}, []bool{true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, opt := specOption(t, tt.spec)
			var named, shown []string
			var labelled []bool
			for _, s := range opt["series"].([]any) {
				sm := s.(map[string]any)
				if sm["scalesiteFit"] != nil || sm["type"] == "custom" || sm["data"] == nil {
					continue
				}
				data, ok := sm["data"].([]any)
				if !ok || len(data) == 0 {
					continue
				}
				l, _ := sm["label"].(map[string]any)
				labelled = append(labelled, l != nil && l["show"] == true)
				for _, d := range data {
					item, ok := d.(map[string]any)
					if !ok {
						t.Fatalf("point %v has no name", d)
					}
					name := item["name"].(string)
					named = append(named, name)
					il, _ := item["label"].(map[string]any)
					if l != nil && l["show"] == true && (il == nil || il["show"] != false) {
						shown = append(shown, name)
					}
				}
			}
			slices.Sort(named)
			if !slices.Equal(named, []string{"A", "B", "C", "D", "E"}) {
				t.Errorf("named %q, want every point named", named)
			}
			slices.Sort(shown)
			if !slices.Equal(shown, tt.shown) {
				t.Errorf("labels shown %q, want %q", shown, tt.shown)
			}
			if !slices.Equal(labelled, tt.labelled) {
				t.Errorf("series labelled %v, want %v", labelled, tt.labelled)
			}
		})
	}
}

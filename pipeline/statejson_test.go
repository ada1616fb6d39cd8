package pipeline

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

// TestStateJSON: the state joined from each page's JSON (stateJSON) is the
// bytes json.Marshal writes of the whole buildState, for paths and
// warnings json.Marshal escapes, and for none.
func TestStateJSON(t *testing.T) {
	pages := map[string]pageState{
		"content/b.md": {Source: "ab12", Links: "00", Summary: site.Summary{Math: true, Charts: []site.ChartSummary{{ID: "c1", Title: "B <&> \u2028 é", Points: 3}}}, Files: []string{"b/index.html", "b/chart-1.csv"},
			Inputs: map[string]string{"data/z.csv": "ff", "data/a.csv": ""}},
		"content/a<&>.md": {Source: "cd34", Summary: site.Summary{TOC: true},
			Warnings: []diag.Error{{Pos: diag.Pos{File: "content/a<&>.md", Line: 3, Col: 1}, Msg: "a \"quoted\" <warning>", Name: "crowded-labels"}}},
		"content/\u00e9t\u00e9.md": {Files: []string{}},
	}
	for _, n := range []int{0, 1, len(pages)} {
		sub := map[string]pageState{}
		written := map[string][]byte{}
		for p, st := range pages {
			if len(sub) == n {
				break
			}
			sub[p], written[p] = st, pageJSON(st)
		}
		want, err := json.Marshal(buildState{Version: stateVersion, Site: "k<&>\"ey", Pages: sub})
		if err != nil {
			t.Fatal(err)
		}
		if got := stateJSON("k<&>\"ey", written); !bytes.Equal(got, want) {
			t.Errorf("%d pages:\n got %s\nwant %s", n, got, want)
		}
	}
	if got := stateJSON("k", map[string][]byte{"content/a.md": nil}); got != nil {
		t.Errorf("a page without its state: %s, want none", got)
	}
}

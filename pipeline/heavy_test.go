package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestHeavyPageWarning: a page over the site's page limit builds, with a
// warning at the page that says how heavy it is and what to do.
func TestHeavyPageWarning(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("step,loss\n")
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&csv, "%d,%.4f\n", i, 3+1/float64(i))
	}
	for _, tc := range []struct {
		config string
		want   string
	}{
		{"limits: {page: 64KB}\n", "content/log.md:1: the built page is "},
		{"limits: {page: 10MB}\n", ""},
	} {
		root := t.TempDir()
		src := filepath.Join(root, "site")
		writeSite(t, src, goodSite)
		writeSite(t, src, map[string]string{
			"scalesite.yaml": tc.config,
			"data/log.csv":   csv.String(),
			"content/log.md": "---\ntitle: Log\n---\n```chart\ntype: scatter\ndata: data/log.csv\nx: step\ny: loss\n```\n",
		})
		r, err := Run(Options{Source: src, Dest: filepath.Join(root, "public")})
		if err != nil {
			t.Fatalf("%s: %v", tc.config, err)
		}
		var got []string
		for _, w := range r.Warnings {
			if strings.Contains(w.Msg, "the built page is") {
				got = append(got, w.Error())
			}
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: unexpected warning %q", tc.config, got)
		case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want) || !strings.Contains(got[0], "over the 64KB a page should weigh")):
			t.Errorf("%s: warnings %q, want one starting %q", tc.config, got, tc.want)
		}
	}
}

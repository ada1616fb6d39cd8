package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
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

// TestLargeDownloadWarning: a chart whose CSV download is over the site's
// file limit (GitHub Pages' 100 MB by default) gets a warning at the chart
// that names the file, its size and the limit; one under it none.
func TestLargeDownloadWarning(t *testing.T) {
	s, err := site.Load(sitetest.New(t, map[string]string{
		"content/log.md":  "---\ntitle: Log\n---\n\n```chart\ndata: log.csv\nx: step\ny: loss\n```\n",
		"content/log.csv": "step,loss\n1,3\n2,2\n",
	}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	name := chart.DataFile(s.Pages[0].Slug, c)
	for _, tc := range []struct {
		size int
		want string
	}{
		{150 << 20, "content/log.md:6:1: the chart's CSV download " + chart.DataName(c) + " is 150MB, over the 100MB a file may weigh"},
		{90 << 20, ""},
	} {
		out := &output.Output{Files: []output.File{{Path: name, Size: tc.size}}}
		var got []string
		for _, w := range LargeDownloads(s, out) {
			got = append(got, w.Error())
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%d bytes: unexpected warning %q", tc.size, got)
		case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("%d bytes: warnings %q, want one starting %q", tc.size, got, tc.want)
		}
	}
}

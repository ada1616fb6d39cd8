package e2e

import (
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/page"
)

// dejaVuBox is the height of a word's box in pdftotext -bbox over its
// font size, for the chart font: DejaVu Sans' ascent and descent, 0.928
// and 0.236 of the em (measured: 12 px text gives a box 10.48 pt high).
const dejaVuBox = 1.1641

// TestPrintedChartText: a page printed on Letter and on A4 paper, with the
// print dialog's default margins (0.4 in), prints each chart's static
// picture once, its axes' text no smaller than 11 px (issue 33: print with
// text of 11 px or more): 12.0 and 11.7 px. The desktop's picture, 1006 px
// wide, printed in the chart box, set it at 8.4 to 9 px.
func TestPrintedChartText(t *testing.T) {
	for _, tool := range []string{"pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (apt-get install poppler-utils; .ci/run does)", tool)
		}
	}
	b := newBrowser(t)
	base := buildSite(t, map[string]string{
		"scalesite.yaml": "title: Print\n",
		"content/p.md": "---\ntitle: Printed\n---\nSome text.\n\n```chart\ntitle: Loss\ndata: |\n  n,loss\n  1e6,4\n  1e8,3\n  1e10,2.5\n" +
			"x: {field: n, title: Xylophonist parameters, scale: log}\ny: {field: loss, title: Quokka loss}\n```\n",
	})
	tb := b.tab(t)
	tb.open(t, base+"/p/", 1)
	box := regexp.MustCompile(`xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">(Xylophonist|Quokka)</word>`)
	for _, paper := range []struct {
		name string
		w, h float64 // inches
	}{
		{"Letter", 8.5, 11},
		{"A4", 210 / 25.4, 297 / 25.4},
	} {
		t.Run(paper.name, func(t *testing.T) {
			file := printToPDF(t, tb, page.PrintToPDF().WithPaperWidth(paper.w).WithPaperHeight(paper.h).
				WithMarginLeft(0.4).WithMarginRight(0.4).WithMarginTop(0.4).WithMarginBottom(0.4))
			out, err := exec.Command("pdftotext", "-bbox", file, "-").CombinedOutput()
			if err != nil {
				t.Fatalf("pdftotext: %v\n%s", err, out)
			}
			words := map[string]int{}
			for _, m := range box.FindAllStringSubmatch(string(out), -1) {
				var v [4]float64
				for i := range v {
					v[i], _ = strconv.ParseFloat(m[i+1], 64)
				}
				word := m[5]
				words[word]++
				// the word's box in pt (across its line: the y name is
				// turned), its font size in CSS px (3/4 pt)
				if px := min(v[2]-v[0], v[3]-v[1]) / dejaVuBox * 4 / 3; px < 11 {
					t.Errorf("the axis name's %q prints at %.1f px, want 11 or more", word, px)
				} else {
					t.Logf("%q prints at %.1f px", word, px)
				}
			}
			for _, w := range []string{"Xylophonist", "Quokka"} {
				if words[w] != 1 {
					t.Errorf("%q printed %d times, want once (one picture of the chart)", w, words[w])
				}
			}
		})
	}
}

//go:build unix

package pipeline

import (
	"hash/fnv"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/internal/corpus"
)

const (
	// corpusMaxGrowth is how many times its input's size a build may write,
	// besides the theme's assets (assets/, the same for every site) and the
	// frame of each HTML file (corpusFrame): issue 32 promises output linear
	// in the input, 100 times it for what the content itself becomes.
	corpusMaxGrowth = 100
	// corpusFrame is what one HTML file may hold besides its content: the
	// head, the page's policy, its link-preview tags, the header and footer
	// (about 2.1 KB in the built-in theme). A tag of one page or listSize: 1
	// make a file from a few bytes of input, so each file gets this much.
	corpusFrame = 4 << 10
	// corpusBytesPerFile is the fewest bytes of input a file of the output
	// may come from: a tag line of the front matter ("  - a" and its line
	// break) makes a listing page. It keeps the frames' share linear too.
	corpusBytesPerFile = 4
	// corpusChartFrame is what one chart's pictures may hold besides its
	// content: static figures and social cards are on by default (issue
	// 33), and each chart's frame (axes, ticks, legend, the feed picture's
	// embedded font, the card's 1200 × 630 PNG) is drawn at a fixed size
	// from a few bytes of spec. A chart is counted by its feed picture,
	// CHART-ID.svg.
	corpusChartFrame = 128 << 10
)

// checkOutputBounded checks that the output a build wrote (tree) is linear
// in the site it was made from (src, its regular files): at most
// corpusMaxGrowth times its bytes plus corpusFrame a file and
// corpusChartFrame a chart, in at most a file
// for each corpusBytesPerFile bytes, the theme's assets aside.
func checkOutputBounded(t *testing.T, src string, tree map[string][]byte) {
	t.Helper()
	var in, out, files, charts int64
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			in += info.Size()
		}
		return err
	})
	if err != nil {
		t.Fatalf("measuring the site: %v", err)
	}
	for p, b := range tree {
		if !strings.HasPrefix(p, "assets/") {
			out += int64(len(b))
			files++
			if strings.HasSuffix(p, ".svg") {
				charts++
			}
		}
	}
	t.Logf("output %d bytes in %d files (the theme's assets aside) for %d bytes of input: %.1fx", out, files, in, float64(out)/float64(max(in, 1)))
	if limit := corpusMaxGrowth*in + corpusFrame*files + corpusChartFrame*charts; out > limit {
		t.Errorf("the build wrote %d bytes in %d files, %d charts (the theme's assets aside) for a site of %d bytes: more than %d times its input, %d bytes a file and %d a chart", out, files, charts, in, corpusMaxGrowth, corpusFrame, corpusChartFrame)
	}
	if files*corpusBytesPerFile > in {
		t.Errorf("the build wrote %d files (the theme's assets aside) for a site of %d bytes: more than one for each %d bytes of input", files, in, corpusBytesPerFile)
	}
}

// figureFormat is the format a case's figures are drawn in: each case one
// of the three, chosen by its name, so the corpus reaches every writer
// without drawing every chart three times.
func figureFormat(name string) string {
	h := fnv.New32a()
	h.Write([]byte(name))
	return [...]string{"svg", "pdf", "png"}[h.Sum32()%3]
}

// checkFigures runs `scalesite figure --all` on a case's site (one that
// builds) under the build's bounds: issue 32 promises the paper figure the
// same bounds of time and memory as the build, and no crash or unsafe line.
func checkFigures(t *testing.T, cc *corpusCommand, c *corpus.Case, src, root string) {
	t.Helper()
	format := figureFormat(c.Name)
	r := cc.run(t, c.Timeout, "figure", "--all", "--source", src, "--format", format, "--out", filepath.Join(t.TempDir(), "figures"))
	t.Logf("%s: figure --all --format %s exit %d in %v, peak RSS %d MiB", c.Desc, format, r.code, r.elapsed.Round(time.Millisecond), r.maxRSS>>20)
	stderr, ok := checkSecondRun(t, "figure", c, r, src, root)
	if !ok {
		return
	}
	if r.code != 0 && !strings.Contains(stderr, "the site has no chart") {
		t.Errorf("figure failed (exit %d) on a site that builds:\n%s", r.code, excerptText(stderr, 3000))
	}
}

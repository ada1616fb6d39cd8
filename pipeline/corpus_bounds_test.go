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

// corpusMaxGrowth is how many times its input's size a build may write, not
// counting the theme's assets (assets/), which are the same for every site:
// issue 32 promises that no input within the documented limits makes a
// build write more than 100 times its size.
const corpusMaxGrowth = 100

// checkOutputBounded checks that the output a build wrote (tree) holds at
// most corpusMaxGrowth times the bytes of the site it was made from (src,
// its regular files), the theme's assets aside.
func checkOutputBounded(t *testing.T, src string, tree map[string][]byte) {
	t.Helper()
	var in, out int64
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
		}
	}
	t.Logf("output %d bytes (the theme's assets aside) for %d bytes of input: %.1fx", out, in, float64(out)/float64(max(in, 1)))
	if out > corpusMaxGrowth*in {
		t.Errorf("the build wrote %d bytes (the theme's assets aside) for a site of %d bytes: more than %d times its input", out, in, corpusMaxGrowth)
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
func checkFigures(t *testing.T, bin string, c *corpus.Case, src, root string) {
	t.Helper()
	format := figureFormat(c.Name)
	r := runScalesite(t, bin, c.Timeout, "figure", "--all", "--source", src, "--format", format, "--out", filepath.Join(t.TempDir(), "figures"))
	t.Logf("%s: figure --all --format %s exit %d in %v, peak RSS %d MiB", c.Desc, format, r.code, r.elapsed.Round(time.Millisecond), r.maxRSS>>20)
	stderr := normalize(r.stderr, src, root)
	if r.timedOut {
		t.Errorf("figure did not finish in %v and was killed", c.Timeout)
		return
	}
	for _, bad := range []string{"panic:", "goroutine ", "fatal error:"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("figure crashed (stderr holds %q):\n%s", bad, excerptText(stderr, 3000))
			return
		}
	}
	if r.maxRSS >= corpusMaxRSS {
		t.Errorf("figure took %d MiB of memory (limit %d MiB)", r.maxRSS>>20, corpusMaxRSS>>20)
	}
	checkTerminalSafe(t, "figure's stderr", stderr)
	if r.code != 0 && !strings.Contains(stderr, "the site has no chart") {
		t.Errorf("figure failed (exit %d) on a site that builds:\n%s", r.code, excerptText(stderr, 3000))
	}
	for _, text := range append([]string{corpusSecret}, c.Forbid...) {
		if strings.Contains(r.stdout, text) || strings.Contains(r.stderr, text) {
			t.Errorf("figure printed %q", excerptText(text, 80))
		}
	}
}

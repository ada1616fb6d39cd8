package site

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/diskcache"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestFitCache: a fit by law is kept in the fit cache by its content, so
// that loading the page again (its prose changed) reads the fit back
// instead of fitting; a change to the data, or to the fit's spec, fits
// again. The proof of a read is an entry planted with another constant.
func TestFitCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := sitetest.New(t, map[string]string{"content/p/index.md": lawPage(chinchillaFit + "  bootstrap: 20\n"), "content/p/runs.csv": chinchillaCSV(0.01)})
	load := func() *LawFitted {
		t.Helper()
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s.Body(s.Pages[0]).Charts[0].Panels[0].Fits[0].Law
	}
	first := load()
	cacheDir := filepath.Join(os.Getenv("XDG_CACHE_HOME"), "scalesite", "fits")
	entries, _ := filepath.Glob(filepath.Join(cacheDir, "*", "*"))
	if len(entries) != 1 {
		t.Fatalf("%d entries in %s after one fit, want 1", len(entries), cacheDir)
	}
	// Plant E = 42 in the entry, under its own key.
	path := entries[0]
	key := filepath.Base(filepath.Dir(path)) + filepath.Base(path)
	planted := first.Fit
	planted.Consts = append([]float64(nil), planted.Consts...)
	planted.Consts[0] = 42
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(planted); err != nil {
		t.Fatal(err)
	}
	if err := diskcache.Open().Put(fitKind, key, b.Bytes()); err != nil {
		t.Fatal(err)
	}
	// New prose: the page is loaded again, the fit read back.
	sitetest.Write(t, dir, map[string]string{"content/p/index.md": strings.Replace(lawPage(chinchillaFit+"  bootstrap: 20\n"), "Intro.", "New prose.", 1)})
	if got := load(); got.Fit.Consts[0] != 42 || len(got.Fit.Replicates) != 20 {
		t.Errorf("E = %g with %d replicates after a change of prose, want the cached fit's 42 and 20", got.Fit.Consts[0], len(got.Fit.Replicates))
	}
	// Another resample count: fitted again.
	sitetest.Write(t, dir, map[string]string{"content/p/index.md": lawPage(chinchillaFit + "  bootstrap: 21\n")})
	if got := load(); got.Fit.Consts[0] == 42 || len(got.Fit.Replicates) != 21 {
		t.Errorf("E = %g with %d replicates after bootstrap changed, want a new fit", got.Fit.Consts[0], len(got.Fit.Replicates))
	}
	// Other data: fitted again.
	sitetest.Write(t, dir, map[string]string{"content/p/index.md": lawPage(chinchillaFit + "  bootstrap: 20\n"), "content/p/runs.csv": chinchillaCSV(0.02)})
	if got := load(); got.Fit.Consts[0] == 42 {
		t.Error("E = 42 after the data changed: the cached fit of other data was used")
	}
	// A corrupt entry is a miss, fitted again.
	if err := os.WriteFile(path, []byte("scalesite-fits 2 "+key+" 00\ngarbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	sitetest.Write(t, dir, map[string]string{"content/p/runs.csv": chinchillaCSV(0.01)})
	if got := load(); got.Fit.Consts[0] == 42 || !sameFit(got.Fit, first.Fit) {
		t.Errorf("after a corrupt entry: E = %g, want the fit again (%g)", got.Fit.Consts[0], first.Fit.Consts[0])
	}
}

// sameFit reports whether two fits have the same constants.
func sameFit(a, b fit.LawFit) bool {
	if len(a.Consts) != len(b.Consts) {
		return false
	}
	for i := range a.Consts {
		if a.Consts[i] != b.Consts[i] {
			return false
		}
	}
	return true
}

package pipeline

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/output"
)

// TestRebuildCards: the build writes a page's social card again when its
// chart changed, leaves it untouched when nothing of its page did, and
// removes it when the page asks for none (internal/rebuild: the card goes
// with its page).
func TestRebuildCards(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // this test's manifests only
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	files := maps.Clone(goodSite)
	files["scalesite.yaml"] += "staticFigures: true\n"
	writeSite(t, src, files)
	runsCard := filepath.Join(dest, "runs", "chart-runs-1.card.png")
	audioCard := filepath.Join(dest, "audio", "chart-audio-1.card.png")
	type state struct {
		data string
		mod  time.Time
	}
	read := func(p string) (state, bool) {
		b, err := os.ReadFile(p)
		if err != nil {
			return state{}, false
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return state{string(b), fi.ModTime()}, true
	}
	build := func() {
		t.Helper()
		buildCounting(t, src, dest)
	}
	build()
	// the cards' modification times an hour back: a card written again has
	// a new one, however coarse the file system's clock
	past := time.Now().Add(-time.Hour)
	for _, p := range []string{runsCard, audioCard} {
		if err := os.Chtimes(p, past, past); err != nil {
			t.Fatalf("the first build wrote no card: %v", err)
		}
	}
	runs0, _ := read(runsCard)
	audio0, _ := read(audioCard)

	writeSite(t, src, map[string]string{"data/runs.csv": "model,flops,loss\na,1e18,3.2\na,1e19,2.8\nb,1e18,3.0\nb,1e19,2.6\n"})
	build()
	runs1, _ := read(runsCard)
	audio1, _ := read(audioCard)
	if runs1.data == runs0.data {
		t.Error("the runs page's data changed, and its card is the same")
	}
	if audio1 != audio0 {
		t.Error("the audio page did not change, and its card was written again")
	}

	writeSite(t, src, map[string]string{"content/runs.md": strings.Replace(files["content/runs.md"], "date: 2025-01-02\n", "date: 2025-01-02\ncard: false\n", 1)})
	build()
	if _, ok := read(runsCard); ok {
		t.Error("card: false, and the runs page's card is still there")
	}
	if audio2, _ := read(audioCard); audio2 != audio0 {
		t.Error("the audio page did not change, and its card was written again")
	}

	// a file of someone else's where the card is to go is not replaced
	if err := os.WriteFile(runsCard, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeSite(t, src, map[string]string{"content/runs.md": files["content/runs.md"]})
	_, err := run(Options{Source: src, Dest: dest}, output.Options{}.Begin, nil)
	if err == nil || !strings.Contains(err.Error(), "that scalesite did not write") {
		t.Errorf("a card over a file scalesite did not write: %v", err)
	}
	if b, _ := os.ReadFile(runsCard); string(b) != "mine" {
		t.Errorf("the file in the card's place was replaced: %.20q", b)
	}
}

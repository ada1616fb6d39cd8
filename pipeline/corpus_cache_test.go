//go:build unix

package pipeline

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/internal/corpus"
)

// corpusCommand is the command the corpus runs, bin, the base site every
// case is laid over, and what its one good build left (buildBase): its
// figure cache and its output.
type corpusCommand struct {
	bin     string
	base    *corpus.Archive
	figures string // the base site's figure cache; "" for none
	output  string // the base site's output folder; "" for none
}

// buildBase builds the corpus's base site once with the command bin, into
// a cache folder of the test's, so that each command of the corpus starts
// from what a site's cache holds after its last good build instead of
// drawing the base site's charts again, and each case starts from this
// build's output instead of building the base site again: every case lays
// itself over the base site, whose output is the same each time (no
// command sees another's cache, the manifest of an output included).
// Whatever a case changes is drawn by each of its commands as before
// (commandCache).
func buildBase(t *testing.T, bin string, base *corpus.Archive) *corpusCommand {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join(root, "site")
	for _, f := range base.Files {
		writeFile(t, filepath.Join(src, filepath.FromSlash(f.Name)), f.Data)
	}
	cmd := exec.Command(bin, "build", "--source", src, "--dest", filepath.Join(root, "public"))
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(root, "cache"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("building the base site: %v\n%s", err, stderr.Bytes())
	}
	return &corpusCommand{bin: bin, base: base, figures: filepath.Join(root, "cache", "scalesite", "figures"), output: filepath.Join(root, "public")}
}

// commandCache is a new cache folder for one command of the corpus, of the
// test's (never the user's), holding a copy of the base site's figure
// cache (buildBase) and nothing else: no command sees what another one
// wrote.
func (cc *corpusCommand) commandCache(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if cc.figures == "" {
		return dir
	}
	if err := os.CopyFS(filepath.Join(dir, "scalesite", "figures"), os.DirFS(cc.figures)); err != nil {
		t.Fatal(err)
	}
	return dir
}

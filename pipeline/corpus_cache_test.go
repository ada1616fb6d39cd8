//go:build unix

package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/internal/corpus"
)

// corpusSeed is the figure cache of the corpus's base site, as its one
// good build leaves it (seedFigureCache); "" before it is made.
var corpusSeed string

// seedFigureCache builds the corpus's base site once with the command bin,
// into a cache folder of the test's, so that each command of the corpus
// starts from what a site's cache holds after its last good build instead
// of drawing the base site's charts again: every case builds the base site
// first, and then the case, which keeps most of it. Whatever a case
// changes is drawn by each of its commands as before (commandCache).
func seedFigureCache(t *testing.T, bin string, base *corpus.Archive) {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join(root, "site")
	for _, f := range base.Files {
		writeFile(t, filepath.Join(src, filepath.FromSlash(f.Name)), f.Data)
	}
	cmd := exec.Command(bin, "build", "--source", src, "--dest", filepath.Join(root, "public"))
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(root, "cache"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the base site: %v\n%s", err, out)
	}
	corpusSeed = filepath.Join(root, "cache", "scalesite", "figures")
}

// commandCache is a new cache folder for one command of the corpus, of the
// test's (never the user's), holding a copy of the base site's figure
// cache (seedFigureCache) and nothing else: no command sees what another
// one wrote.
func commandCache(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if corpusSeed == "" {
		return dir
	}
	if err := os.CopyFS(filepath.Join(dir, "scalesite", "figures"), os.DirFS(corpusSeed)); err != nil {
		t.Fatal(err)
	}
	return dir
}

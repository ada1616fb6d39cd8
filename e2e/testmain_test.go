package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/site"
)

// TestMain runs the tests with a temporary cache folder: the sites they
// build draw static figures (on by default), whose figure cache, like the
// manifest, would otherwise go into the user's own cache. The demo builds
// that buildDemo shares go with it.
func TestMain(m *testing.M) {
	code := sitetest.MainInTempCache(m)
	if demoRoot != "" {
		os.RemoveAll(demoRoot)
	}
	os.Exit(code)
}

// A demo build that buildDemo made: the output folder, the count of the
// site's pages, or the error.
type demoBuild struct {
	once  sync.Once
	dir   string
	pages int
	err   error
}

var (
	demoMu     sync.Mutex
	demoRoot   string                    // the folder of the builds below, removed by TestMain
	demoBuilds = map[string]*demoBuild{} // by base URL
)

// buildDemo builds the demo site for baseURL, once per test binary, and
// returns the output folder and the count of its pages. Many tests open the
// demo site; none changes it, so they share one build: the folder is
// read-only for them.
func buildDemo(t *testing.T, baseURL string) (dir string, pages int) {
	t.Helper()
	demoMu.Lock()
	if demoRoot == "" {
		var err error
		if demoRoot, err = os.MkdirTemp("", "scalesite-e2e-demo-"); err != nil {
			demoMu.Unlock()
			t.Fatal(err)
		}
	}
	b := demoBuilds[baseURL]
	if b == nil {
		b = &demoBuild{dir: filepath.Join(demoRoot, strconv.Itoa(len(demoBuilds)))}
		demoBuilds[baseURL] = b
	}
	demoMu.Unlock()
	b.once.Do(func() {
		root, _ := filepath.Abs("..")
		if _, b.err = pipeline.Run(pipeline.Options{Source: root, Dest: b.dir, Options: site.Options{BaseURL: baseURL}}); b.err != nil {
			return
		}
		var s *site.Site
		if s, b.err = site.Load(root, site.Options{}); b.err == nil {
			b.pages = len(s.Pages)
		}
	})
	if b.err != nil {
		t.Fatalf("building the demo site for %s: %v", baseURL, b.err)
	}
	return b.dir, b.pages
}

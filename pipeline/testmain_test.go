package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestMain runs the tests with a temporary cache folder: the sites they
// build draw static figures (on by default), whose figure cache, like the
// manifest, would otherwise go into the user's own cache.
// It removes the demo build the tests share (demoOutput).
func TestMain(m *testing.M) {
	code := sitetest.MainInTempCache(m)
	if sharedDemo.dir != "" {
		os.RemoveAll(filepath.Dir(sharedDemo.dir))
	}
	os.Exit(code)
}

package render

import (
	"os"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestMain runs the tests with a temporary cache folder: the sites they
// build draw static figures (on by default), whose figure cache, like the
// manifest, would otherwise go into the user's own cache.
func TestMain(m *testing.M) { os.Exit(sitetest.MainInTempCache(m)) }

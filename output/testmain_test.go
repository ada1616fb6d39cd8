package output

import (
	"os"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestMain runs the tests with a temporary cache folder: the outputs they
// write keep their manifests, and the sites they build their figures, in
// the user's cache folder otherwise (make test's cacheguard found them).
func TestMain(m *testing.M) { os.Exit(sitetest.MainInTempCache(m)) }

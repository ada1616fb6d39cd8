package chart

import (
	"os"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestMain runs the tests with a temporary cache folder: the sites they
// load fit scaling laws, whose fit cache would otherwise go into the
// user's own cache.
func TestMain(m *testing.M) { os.Exit(sitetest.MainInTempCache(m)) }

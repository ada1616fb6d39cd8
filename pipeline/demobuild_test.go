package pipeline

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// sharedDemo is the demo site built once per test binary with the default
// options, for the tests that only read its output: each demo build is
// about four CPU seconds.
var sharedDemo struct {
	once sync.Once
	dir  string
	err  error
}

// demoOutput builds the demo site (the module's root) into a folder of its
// own once per test binary and returns that folder. Callers must not change
// it; a test that builds twice to compare, or changes the output, builds
// its own. TestMain removes it.
func demoOutput(t *testing.T) string {
	t.Helper()
	sharedDemo.once.Do(func() {
		root, err := os.MkdirTemp("", "scalesite-pipeline-demo-")
		if err != nil {
			sharedDemo.err = err
			return
		}
		sharedDemo.dir = filepath.Join(root, "public")
		_, sharedDemo.err = Run(Options{Source: "..", Dest: sharedDemo.dir})
	})
	if sharedDemo.err != nil {
		t.Fatalf("building the demo site: %v", sharedDemo.err)
	}
	return sharedDemo.dir
}

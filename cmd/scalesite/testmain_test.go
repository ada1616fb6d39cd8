package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestMain runs the tests with a temporary cache folder: the sites they
// build draw static figures (on by default), whose figure cache, like the
// manifest, would otherwise go into the user's own cache. The command that
// commandBinary compiled goes with it.
func TestMain(m *testing.M) {
	code := sitetest.MainInTempCache(m)
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// binDir holds the command commandBinary compiled, once for the package's
// tests, which only run it.
var (
	binOnce sync.Once
	binDir  string
	binErr  string
)

// commandBinary compiles this command, once per test binary, and returns
// its path: signals are about a whole process, so these tests run the real
// one. Go's build cache is the user's (MainInTempCache keeps GOCACHE), so
// the compile reuses what `go test` just compiled. It skips the test under
// -short: `make test-fast` compiles no command.
func commandBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles the command (-short)")
	}
	binOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
		}
		if binDir, err = os.MkdirTemp("", "scalesite-bin-"); err != nil {
			binErr = err.Error()
			return
		}
		out, err := exec.Command(goTool, "build", "-o", filepath.Join(binDir, "scalesite"), ".").CombinedOutput()
		if err != nil {
			binErr = "go build: " + err.Error() + "\n" + string(out)
		}
	})
	if binErr != "" {
		t.Fatal(binErr)
	}
	return filepath.Join(binDir, "scalesite")
}

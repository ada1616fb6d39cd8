// Command cacheguard runs a command (the test suite, as `make test` and
// `make test-fast` run it) with a home folder of its own and fails if
// anything the command ran wrote into scalesite's folder of the user's
// cache there:
//
//	go run ./tools/cacheguard go test -short ./...
//
// Tests must write only into temporary folders. A test that forgets to
// (a site built without sitetest.MainInTempCache, a command run without
// XDG_CACHE_HOME set) writes into os.UserCacheDir()/scalesite or
// $HOME/.cache/scalesite. The command runs with HOME a new empty folder
// and XDG_CACHE_HOME unset, so those folders are ones nothing else on the
// machine touches: if either exists after the run, a test wrote it, and
// cacheguard says which files and exits 1. Watching the real ~/.cache
// instead would fail whenever the user (or anyone sharing the account)
// builds a site while the tests run. Go's own folders (GOCACHE,
// GOMODCACHE, GOPATH, GOENV) are set to where they were, so the tests
// reuse the build and module caches.
//
// The command's temporary folder (TMPDIR, where t.TempDir and go test's
// own files go) is a new folder too, removed after. With -memory-tmp
// (make test-fast) it is on Linux's memory filesystem (/dev/shm) where
// that has room: the tests write hundreds of thousands of small files and
// sync many of them, which on a disk took a quarter of the suite's time
// (BENCHMARKS.md, "Fast tests, stop 44"). make test leaves it on disk:
// its large sites would hold gigabytes of memory.
//
//	go run ./tools/cacheguard -memory-tmp go test -short ./...
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

func main() {
	memoryTmp := flag.Bool("memory-tmp", false, "put the command's temporary folder on the memory filesystem (/dev/shm) when it has room")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./tools/cacheguard [-memory-tmp] COMMAND [ARG...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	tmpRoot := ""
	if *memoryTmp {
		tmpRoot = memoryTempRoot()
	}
	code, err := guard(flag.Args(), tmpRoot, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cacheguard:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// guard runs args with a new empty home folder, and a new temporary folder
// in tmpRoot ("" for the system's), and returns the command's exit code,
// and an error if it could not run or if anything it ran wrote into
// scalesite's cache folder of that home.
func guard(args []string, tmpRoot string, stdout, stderr io.Writer) (int, error) {
	home, err := os.MkdirTemp("", "scalesite-test-home-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(home)
	tmp, err := os.MkdirTemp(tmpRoot, "scalesite-test-tmp-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	env, err := guardedEnv(os.Environ(), home, tmp)
	if err != nil {
		return 1, err
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env, cmd.Stdin, cmd.Stdout, cmd.Stderr = env, os.Stdin, stdout, stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return 1, fmt.Errorf("running %s: %w", args[0], err)
		}
		code = exit.ExitCode()
	}
	if written := cacheWrites(home); len(written) > 0 {
		return code, fmt.Errorf("the tests wrote into the user's cache folder (they must write only into t.TempDir(), "+
			"or run sites under sitetest.MainInTempCache):\n  %s", strings.Join(written, "\n  "))
	}
	return code, nil
}

// guardedEnv is env with HOME set to home, XDG_CACHE_HOME removed (so
// that os.UserCacheDir() is inside home), TMPDIR set to tmp and Go's
// folders kept where the go command finds them now, which is under the
// real home by default.
func guardedEnv(env []string, home, tmp string) ([]string, error) {
	goFolders := []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"}
	out, err := exec.Command("go", append([]string{"env"}, goFolders...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("asking the go command for its folders (go env): %w", err)
	}
	values := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(values) != len(goFolders) {
		return nil, fmt.Errorf("go env %s printed %d lines, want %d", strings.Join(goFolders, " "), len(values), len(goFolders))
	}
	env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return name == "HOME" || name == "XDG_CACHE_HOME" || name == "TMPDIR" || slices.Contains(goFolders, name)
	})
	for i, name := range goFolders {
		env = append(env, name+"="+values[i])
	}
	return append(env, "HOME="+home, "TMPDIR="+tmp), nil
}

// cacheWrites lists what is in scalesite's cache folders of home, as the
// command saw them: $HOME/.cache/scalesite and os.UserCacheDir()/scalesite
// (a different folder on macOS), a path a line, each folder and file.
func cacheWrites(home string) []string {
	folders := []string{filepath.Join(home, ".cache", "scalesite")}
	switch runtime.GOOS {
	case "darwin", "ios":
		folders = append(folders, filepath.Join(home, "Library", "Caches", "scalesite"))
	case "plan9":
		folders = append(folders, filepath.Join(home, "lib", "cache", "scalesite"))
	}
	var found []string
	for _, dir := range folders {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil || !errors.Is(err, fs.ErrNotExist) {
				found = append(found, p)
			}
			return nil
		})
	}
	return found
}

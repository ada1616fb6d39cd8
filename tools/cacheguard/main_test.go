package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuard runs this test binary under guard as the command, doing what
// the helper named in CACHEGUARD_HELPER does (TestHelperProcess): guard
// must fail exactly when the command wrote into the user's cache, and
// pass the command's exit code on.
func TestGuard(t *testing.T) {
	tests := []struct {
		helper   string
		wantCode int
		wantErr  string // "" for none
	}{
		{helper: "nothing"},
		{helper: "user-cache-dir", wantErr: filepath.Join(".cache", "scalesite", "figures", "f.svg")},
		{helper: "home-cache", wantErr: filepath.Join(".cache", "scalesite", "outputs")},
		{helper: "own-xdg-cache"},       // as sitetest.MainInTempCache does: not the user's cache
		{helper: "exit-3", wantCode: 3}, // a failing test run stays a failure
		{helper: "write-and-exit-3", wantCode: 3, wantErr: filepath.Join(".cache", "scalesite")},
	}
	for _, tc := range tests {
		t.Run(tc.helper, func(t *testing.T) {
			t.Setenv("CACHEGUARD_HELPER", tc.helper)
			t.Setenv("XDG_CACHE_HOME", t.TempDir()) // guard must not let the command see it
			var out bytes.Buffer
			code, err := guard([]string{os.Args[0], "-test.run=^TestHelperProcess$"}, "", &out, &out)
			if code != tc.wantCode {
				t.Errorf("exit code %d, want %d\n%s", code, tc.wantCode, out.Bytes())
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("guard failed: %v\n%s", err, out.Bytes())
			case tc.wantErr != "" && err == nil:
				t.Errorf("guard passed; the command wrote %s into the user's cache\n%s", tc.wantErr, out.Bytes())
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("guard's error does not name %s:\n%v", tc.wantErr, err)
			}
		})
	}
}

// TestGuardRemovesTempDir: the command's temporary folder is a new one,
// not the caller's, in the root guard is given (the system's, and the
// memory filesystem where this system has one with room), and it is gone,
// with what the command left in it, once guard returns.
func TestGuardRemovesTempDir(t *testing.T) {
	t.Setenv("CACHEGUARD_HELPER", "leave-temp")
	roots := []string{""}
	if root := memoryTempRoot(); root != "" {
		roots = append(roots, root)
	}
	for _, root := range roots {
		var out bytes.Buffer
		if code, err := guard([]string{os.Args[0], "-test.run=^TestHelperProcess$"}, root, &out, &out); code != 0 || err != nil {
			t.Fatalf("root %q: exit code %d, %v\n%s", root, code, err, out.Bytes())
		}
		left, _, _ := strings.Cut(out.String(), "\n")
		left, ok := strings.CutPrefix(left, "left ")
		if !ok {
			t.Fatalf("root %q: the helper did not say what it left:\n%s", root, out.Bytes())
		}
		tmp := filepath.Dir(left)
		if tmp == filepath.Clean(os.TempDir()) {
			t.Errorf("root %q: the command's temporary folder is the caller's, %s", root, os.TempDir())
		}
		if want := root; want != "" && filepath.Dir(tmp) != want {
			t.Errorf("the command's temporary folder %s is not in %s", tmp, want)
		}
		if _, err := os.Stat(tmp); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("root %q: the command's temporary folder %s is still there (%v)", root, tmp, err)
		}
	}
}

// TestGuardKeepsGoFolders checks that the command finds Go's build cache
// where it was, not in the new home folder, so that go test reuses it.
func TestGuardKeepsGoFolders(t *testing.T) {
	env, err := guardedEnv([]string{"HOME=/real/home", "XDG_CACHE_HOME=/real/cache", "TMPDIR=/real/tmp", "PATH=" + os.Getenv("PATH")}, "/new/home", "/new/tmp")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		got[name] = value
	}
	if got["HOME"] != "/new/home" {
		t.Errorf("HOME=%q, want /new/home", got["HOME"])
	}
	if got["TMPDIR"] != "/new/tmp" {
		t.Errorf("TMPDIR=%q, want /new/tmp", got["TMPDIR"])
	}
	if v, ok := got["XDG_CACHE_HOME"]; ok {
		t.Errorf("XDG_CACHE_HOME=%q is kept: the command's cache folder must be in the new home", v)
	}
	for _, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"} {
		if got[name] == "" || strings.HasPrefix(got[name], "/new/home") {
			t.Errorf("%s=%q, want Go's folder as it was", name, got[name])
		}
	}
}

// TestHelperProcess is the command TestGuard runs: it does nothing unless
// CACHEGUARD_HELPER names what to do.
func TestHelperProcess(t *testing.T) {
	helper := os.Getenv("CACHEGUARD_HELPER")
	write := func(path string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	switch helper {
	case "":
		return
	case "user-cache-dir":
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Join(dir, "scalesite", "figures", "f.svg"))
	case "home-cache", "write-and-exit-3":
		write(filepath.Join(os.Getenv("HOME"), ".cache", "scalesite", "outputs", "m.json"))
	case "own-xdg-cache":
		t.Setenv("XDG_CACHE_HOME", t.TempDir())
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Join(dir, "scalesite", "figures", "f.svg"))
	case "leave-temp":
		left := filepath.Join(os.TempDir(), "left-behind")
		write(left)
		fmt.Println("left " + left)
	}
	if strings.HasSuffix(helper, "exit-3") {
		os.Exit(3)
	}
}

// Package sitetest writes small sites for tests: real files in a temp
// folder, the way scalesite finds them on disk.
package sitetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Write writes files (slash-separated path → content) under root, making
// folders as needed.
func Write(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// New writes files into a new temp folder and returns it.
func New(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	Write(t, dir, files)
	return dir
}

// Tree reads everything under dir without following links, as slash path →
// content: a folder as its path with a trailing slash and no content, a
// link as "→" and its target. Tests of what a build keeps compare two of
// them: a link followed by mistake shows as a changed entry, not as the
// files behind it.
func Tree(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.Type()&os.ModeSymlink != 0:
			target, err := os.Readlink(p)
			out[rel] = "→" + filepath.ToSlash(target)
			return err
		case d.IsDir():
			out[rel+"/"] = ""
		default:
			b, err := os.ReadFile(p)
			out[rel] = string(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Symlink makes link point to target, or skips the test where the system
// cannot make links.
func Symlink(t testing.TB, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
}

// TreeDiff says how two Trees differ: each path added, changed or missing
// in got, a line each, for a test's failure message.
func TreeDiff(got, want map[string]string) string {
	var b strings.Builder
	for p, v := range got {
		if w, ok := want[p]; !ok {
			b.WriteString("\n  added " + p)
		} else if w != v {
			b.WriteString("\n  changed " + p)
		}
	}
	for p := range want {
		if _, ok := got[p]; !ok {
			b.WriteString("\n  missing " + p)
		}
	}
	return b.String()
}

// MainInTempCache runs a package's tests (m.Run) with the user's cache
// folder (XDG_CACHE_HOME, where a build keeps its manifest and figure
// cache) a temporary folder, removed after: a package whose tests build
// sites calls it from its TestMain, so that no test writes into the
// user's own cache. The figure cache in it is one for all the package's
// tests, so a chart drawn by one test is not drawn again by the next.
// Go's build cache stays where it was (GOCACHE is set to it first): a test
// that runs go build or go install reuses what `go test` compiled instead
// of compiling every package again into the empty folder. It returns
// m.Run's exit code.
func MainInTempCache(m interface{ Run() int }) int {
	keepGoCache()
	dir, err := os.MkdirTemp("", "scalesite-test-cache-")
	if err != nil {
		return m.Run()
	}
	defer os.RemoveAll(dir)
	os.Setenv("XDG_CACHE_HOME", dir)
	return m.Run()
}

// keepGoCache sets GOCACHE to Go's build cache as the go command finds it
// now, unless GOCACHE is set already: by default it is under the user's
// cache folder, which MainInTempCache is about to change.
func keepGoCache() {
	if os.Getenv("GOCACHE") != "" {
		return
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return // no go command to run, so none to keep the cache of
	}
	out, err := exec.Command(goTool, "env", "GOCACHE").Output()
	if dir := strings.TrimSpace(string(out)); err == nil && dir != "" && dir != "off" {
		os.Setenv("GOCACHE", dir)
	}
}

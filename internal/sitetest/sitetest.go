// Package sitetest writes small sites for tests: real files in a temp
// folder, the way scalesite finds them on disk.
package sitetest

import (
	"os"
	"path/filepath"
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

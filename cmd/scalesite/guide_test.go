package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuideDataCopiesAgree checks the demo site's format guide: a chart reads
// the files beside its page (or under data/), so a data file that several
// guide pages draw, like runs.csv, has a copy in each of their folders, and
// the copies must stay the same file.
func TestGuideDataCopiesAgree(t *testing.T) {
	root := filepath.Join("..", "..", "content", "format")
	first := map[string]string{} // file name -> the first copy's path
	copies := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".md") {
			return err
		}
		name := d.Name()
		if prev, ok := first[name]; ok {
			copies++
			a, err := os.ReadFile(prev)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if !bytes.Equal(a, b) {
				t.Errorf("%s differs from %s: the guide's copies of a data file must be the same", path, prev)
			}
			return nil
		}
		first[name] = path
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if copies == 0 {
		t.Errorf("no data file of the guide has a copy; if the guide no longer copies files, remove this test")
	}
}

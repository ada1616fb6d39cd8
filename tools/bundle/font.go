package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// FontFiles are the faces of DejaVu Sans that figure/ draws chart text
// with, as named in the npm package dejavu-fonts-ttf and in dir.
var FontFiles = []string{"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"}

// writeFont copies DejaVu Sans, Book and Bold, from
// node_modules/dejavu-fonts-ttf/ttf into dir (figure/font), with the font's
// licence (the Bitstream Vera and Arev licences, which ask that it ship
// with the fonts) as LICENSE beside them. The fonts are copied whole, not
// subset: figure measures text with their kerning (the GPOS table), which
// a subsetter that drops it would lose, and Chromium on Debian draws
// sans-serif with the same faces, so the static figure measures what the
// live chart measures.
func writeFont(root, dir string) (string, error) {
	src := filepath.Join(root, "node_modules", "dejavu-fonts-ttf")
	version, err := npmVersion(root, "dejavu-fonts-ttf")
	if err != nil {
		return "", err
	}
	files := map[string][]byte{}
	for _, f := range FontFiles {
		b, err := os.ReadFile(filepath.Join(src, "ttf", f))
		if err != nil {
			return "", err
		}
		files[f] = b
	}
	licence, err := os.ReadFile(filepath.Join(src, "LICENSE"))
	if err != nil {
		return "", fmt.Errorf("the licence file of dejavu-fonts-ttf: %v", err)
	}
	files["LICENSE"] = licence
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	size := 0
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return "", err
		}
		size += len(b)
	}
	return fmt.Sprintf("wrote %s: DejaVu Sans %s, Book and Bold, %s", dir, version, kb(size)), nil
}

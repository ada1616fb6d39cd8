package output

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// MarkerName is the file in which a build lists, inside the output folder,
// every file it wrote there. It is what makes a folder provably scalesite's
// own output: a build writes only into a folder that does not exist, is
// empty, or holds this list, and it replaces or removes only files the list
// names (and removes one only while its bytes are still those listed).
// Anything else in the folder, a .git made to publish it, a file added by
// hand, is kept.
//
// The list is published with the site (GitHub Pages serves it like any
// other file); it names only files that are published too, with their
// sizes and checksums. The manifest in the cache folder (manifest.go) is
// what makes rebuilds fast; this list is what makes them safe, and it is
// there even when the cache is not (a CI runner, another computer).
const MarkerName = ".scalesite-output"

// markerHeader starts every list: what the file is, for a person who finds
// it, then the line that names the format's version.
const markerHeader = `# Written by scalesite build: the files it wrote into this folder, each with
# its size and checksum. A later build replaces or removes only these files
# (and removes one only while it is unchanged); anything else in the folder
# is kept. Without this list, scalesite does not write into a folder that is
# not empty.
scalesite-output 1
`

// ownedFile is what the list says of one file: its size and checksum when
// the build wrote it.
type ownedFile struct {
	Size int64
	Sum  uint64
}

// formatMarker writes the list of files: one line each, sorted by path, as
// size, checksum (hexadecimal) and the path quoted as Go quotes strings, so
// that any name, one with a space or a newline too, stays on its line.
func formatMarker(files map[string]manifestEntry) []byte {
	paths := slices.Sorted(maps.Keys(files))
	b := make([]byte, 0, len(markerHeader)+len(paths)*64)
	b = append(b, markerHeader...)
	for _, p := range paths {
		e := files[p]
		b = strconv.AppendInt(b, e.Size, 10)
		b = append(b, ' ')
		b = strconv.AppendUint(b, e.Sum, 16)
		b = append(b, ' ')
		b = strconv.AppendQuote(b, p)
		b = append(b, '\n')
	}
	return b
}

// errNoMarker is readMarker's error for a folder without a list.
var errNoMarker = errors.New("no list of the files scalesite wrote")

// readMarker reads the list of files in the folder dest. It returns the
// list's bytes too, so that a build that would write the same list leaves
// it alone. A list that cannot be read, or names a path outside the folder
// (the list is a file anyone can edit), is an error: the folder is then
// not provably scalesite's.
func readMarker(dest string) (map[string]ownedFile, []byte, error) {
	p := filepath.Join(dest, MarkerName)
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, errNoMarker
	}
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s is not a regular file", MarkerName)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, nil, err
	}
	files, err := parseMarker(b)
	if err != nil {
		return nil, nil, err
	}
	return files, b, nil
}

// parseMarker reads a list written by formatMarker.
func parseMarker(b []byte) (map[string]ownedFile, error) {
	files := map[string]ownedFile{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	versioned := false
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") {
			continue
		}
		if !versioned {
			if text != "scalesite-output 1" {
				return nil, fmt.Errorf("%s line %d: not a list of this version of scalesite", MarkerName, line)
			}
			versioned = true
			continue
		}
		size, rest, ok1 := strings.Cut(text, " ")
		sum, quoted, ok2 := strings.Cut(rest, " ")
		n, err1 := strconv.ParseInt(size, 10, 64)
		s, err2 := strconv.ParseUint(sum, 16, 64)
		p, err3 := strconv.Unquote(quoted)
		if !ok1 || !ok2 || err1 != nil || err2 != nil || err3 != nil || n < 0 {
			return nil, fmt.Errorf("%s line %d: not a line of the list", MarkerName, line)
		}
		if !validPath(p) {
			return nil, fmt.Errorf("%s line %d: a path outside the folder", MarkerName, line)
		}
		files[p] = ownedFile{Size: n, Sum: s}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", MarkerName, err)
	}
	if !versioned {
		return nil, fmt.Errorf("%s: not a list of the files scalesite wrote", MarkerName)
	}
	return files, nil
}

// validPath reports whether p is a path a build may write in its output
// folder: relative, clean, with slashes, inside the folder, not the list
// itself, and not inside a .git folder (a build never writes, replaces or
// removes anything there, whatever a list says).
func validPath(p string) bool {
	return p != "" && p != MarkerName && path.Clean(p) == p && filepath.IsLocal(filepath.FromSlash(p)) &&
		!slices.Contains(strings.Split(p, "/"), ".git")
}

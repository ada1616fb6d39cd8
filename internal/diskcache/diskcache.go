// Package diskcache keeps what a build computed in a folder of the user's
// cache, so that the next build reads it back instead of computing it
// again: the static figures' Scenes and social cards (render's figure
// cache) and the fits of scaling laws (site's fit cache). Each keeps its
// entries in its own folder under scalesite/ in os.UserCacheDir, by the
// same rules, stated in full in render/figcache.go: an entry is a file
// named by its key (a SHA-256 in hex, under a folder of its first two
// digits), whose first line proves its key and body; written to a
// temporary file and renamed; bounded by the least recently used.
package diskcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scalesite/scalesite/internal/atomicfile"
)

// Folder is where the entries of a cache named name lie: scalesite/NAME
// in the user's cache folder, or "" when there is none.
func Folder(name string) string {
	root, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(root, "scalesite", name)
}

// ProgramID names the scalesite program for a cache's key: a program built
// from a module version (go install …@v1.2.3 or @COMMIT: a pseudo-version)
// or from a clean checkout at a commit is named by that, with the Go
// version and platform, so that the same scalesite installed again (a
// workflow's go install on every run) keeps its entries; any other (a
// build with local changes) by its path, size and modification time, as
// the build's site key takes it.
func ProgramID() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		tail := fmt.Sprintf(" %s %s/%s\n", info.GoVersion, settings["GOOS"], settings["GOARCH"])
		if v := info.Main.Version; v != "" && v != "(devel)" && !strings.Contains(v, "+dirty") {
			return "module " + info.Main.Path + "@" + v + " " + info.Main.Sum + tail
		}
		if rev := settings["vcs.revision"]; rev != "" && settings["vcs.modified"] == "false" {
			return "vcs " + rev + tail
		}
	}
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			return fmt.Sprintf("exe %s %d %d\n", exe, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return "unknown\n"
}

// Form is the form of a cache's entries: the word their first line starts
// with and the version of their form, which changes whenever an entry's
// form or meaning does.
type Form struct {
	Magic   string
	Version int
}

// Path is where the entry of key with the name's ending ext lies in dir.
func Path(dir, key, ext string) string {
	return filepath.Join(dir, key[:2], key[2:]+ext)
}

// Encode is the entry of key holding body: a first line
// "MAGIC VERSION KEY SUM" (SUM the SHA-256 of body, in hex), then body.
func (f Form) Encode(key string, body []byte) []byte {
	sum := sha256.Sum256(body)
	head := fmt.Sprintf("%s %d %s %s\n", f.Magic, f.Version, key, hex.EncodeToString(sum[:]))
	return append([]byte(head), body...)
}

// Decode is the body of entry b, ok only when b is an entry of this form,
// for key, whose body has the SHA-256 its first line says.
func (f Form) Decode(b []byte, key string) (body []byte, ok bool) {
	line, body, found := bytes.Cut(b, []byte("\n"))
	if !found {
		return nil, false
	}
	fs := strings.Fields(string(line))
	if len(fs) != 4 || fs[0] != f.Magic || fs[1] != strconv.Itoa(f.Version) || fs[2] != key {
		return nil, false
	}
	sum := sha256.Sum256(body)
	if fs[3] != hex.EncodeToString(sum[:]) {
		return nil, false
	}
	return body, true
}

// Read reads the body of the entry of key in dir, or is nil when there is
// none or it does not prove to be key's (Decode). A hit sets the entry's
// modification time when it is older than touch, so that Prune keeps the
// entries in use.
func (f Form) Read(dir, key, ext string, touch time.Duration) []byte {
	if dir == "" {
		return nil
	}
	p := Path(dir, key, ext)
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	body, ok := f.Decode(b, key)
	if !ok {
		return nil
	}
	if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > touch {
		now := time.Now()
		os.Chtimes(p, now, now)
	}
	return body
}

// Write keeps body as the entry of key in dir, through a temporary file
// renamed, so that a concurrent build never reads half an entry.
func (f Form) Write(dir, key, ext string, body []byte) error {
	return atomicfile.Write(Path(dir, key, ext), f.Encode(key, body), ".new-*", 0o600)
}

// Prune removes the least recently used entries of dir (the files under a
// two-digit folder whose names end in one of exts) when they hold more
// than limit bytes, down to three quarters of it, and the temporary files
// older than every: at most once per every (a marker file's time says when
// it last ran). It never removes another file someone put in the folder.
func Prune(dir string, limit int64, exts []string, every time.Duration, now time.Time) {
	if dir == "" {
		return
	}
	marker := filepath.Join(dir, ".pruned")
	if fi, err := os.Stat(marker); err == nil && now.Sub(fi.ModTime()) < every {
		return
	}
	type entry struct {
		path string
		size int64
		used time.Time
	}
	var entries []entry
	var total int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || p == marker {
			return nil
		}
		base := filepath.Base(p)
		temp := strings.HasPrefix(base, ".new-")
		own := slices.ContainsFunc(exts, func(ext string) bool { return strings.HasSuffix(base, ext) })
		if !temp && !(own && len(filepath.Base(filepath.Dir(p))) == 2) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if temp {
			if now.Sub(fi.ModTime()) > every {
				os.Remove(p) // a temporary file left behind
			}
			return nil
		}
		entries = append(entries, entry{p, fi.Size(), fi.ModTime()})
		total += fi.Size()
		return nil
	})
	if err != nil {
		return
	}
	if total > limit {
		slices.SortFunc(entries, func(a, b entry) int { return a.used.Compare(b.used) })
		for _, e := range entries {
			if total <= limit/4*3 {
				break
			}
			if os.Remove(e.path) == nil {
				total -= e.size
			}
		}
	}
	if os.MkdirAll(dir, 0o755) == nil {
		os.WriteFile(marker, nil, 0o644)
		os.Chtimes(marker, now, now)
	}
}

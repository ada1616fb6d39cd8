// Package diskcache is the store in which scalesite keeps, between runs,
// what it computed or wrote: the static figures' Scenes and social cards
// (render/figcache.go), the fits of scaling laws (site/fitcache.go) and
// each output folder's manifest (output/manifest.go). Each of those says
// only what it keys on; the one rule of every entry is here:
//
//   - Key: a SHA-256, in hex, of everything the entry is a function of (or,
//     for a manifest, of the output folder it describes). A change to any of
//     it misses: no entry is ever wrong, only unused.
//   - Where: one file an entry, KIND/XX/REST in the folder scalesite of the
//     user's cache (os.UserCacheDir: on Linux $XDG_CACHE_HOME/scalesite, or
//     ~/.cache/scalesite without it), XX the key's first two digits, REST
//     the others; the kinds are figures, fits and outputs.
//   - Proof: an entry's name is not trusted. Its first line is
//     "scalesite-KIND VERSION KEY SUM", SUM the SHA-256 of the body after
//     it, and it is read only when its kind, version (which changes whenever
//     an entry's form or meaning does), full key and checksum all match: an
//     entry moved to another's name, cut short or with a byte changed is a
//     miss, computed again and written over, never used.
//   - Atomic: an entry is written to a temporary file and renamed, so that
//     concurrent runs never read half of one.
//   - Bound: the whole folder holds at most Limit bytes of entries. A hit
//     marks its entry used (its modification time, at most once an hour);
//     a build (or a check) prunes the store as it starts, at most once an
//     hour (Prune, from pipeline's newPageSource): the entries least
//     recently used are removed until it holds three quarters of Limit,
//     with temporary files an hour old. Nothing else in the folder is
//     removed. A run writes its entries before the next prune: the folder
//     may pass the bound by what one run writes. The live preview, which
//     keeps fits alone, never prunes, so that no save waits on a walk of
//     the folder (a quarter of a second at 40,000 entries).
//   - Lost: no cache folder, one that cannot be written, an entry pruned or
//     deleted by hand cost time, never a wrong result: each user computes
//     what it misses, and a manifest is only trusted while it agrees with
//     the output folder's own list of scalesite's files (output/marker.go).
package diskcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/scalesite/scalesite/internal/atomicfile"
)

const (
	// Limit bounds the bytes of the store's entries: a Scene of a
	// benchmark-site chart is about 3 KB gzipped, of a 20,000-point line
	// some 200 KB, a fit with 4,000 resamples of five constants 170 KB, a
	// manifest of 10,000 pages a few MB.
	Limit = 320 << 20
	// touch is how stale an entry's time may be before a hit sets it
	// again, and how often the store is pruned.
	touch = time.Hour
	// tempPattern names the temporary files entries are written through.
	tempPattern = ".new-*"
)

// A Kind is a kind of entry: the folder its entries lie in, and the
// version of their form.
type Kind struct {
	Name    string
	Version int
}

// A Store is the folder of entries. Its methods are safe for concurrent
// use; a Store whose folder is "" keeps nothing.
type Store struct {
	dir   string
	limit int64
	// off is set once an entry could not be written (a read-only home,
	// cold_ab.sh's /proc/no-cache): the run stops trying.
	off atomic.Bool
}

// Open opens the store in the user's cache folder. Without a cache folder
// it keeps nothing.
func Open() *Store {
	root, err := os.UserCacheDir()
	if err != nil {
		return &Store{}
	}
	return OpenIn(filepath.Join(root, "scalesite"), Limit)
}

// OpenIn opens the store in dir bounded by limit bytes.
func OpenIn(dir string, limit int64) *Store { return &Store{dir: dir, limit: limit} }

// Dir is the folder of kind k's entries, "" when the store keeps nothing.
func (s *Store) Dir(k Kind) string {
	if s.dir == "" {
		return ""
	}
	return filepath.Join(s.dir, k.Name)
}

// path is where the entry of key of kind k lies, "" when the store keeps
// nothing or key is not a key (64 hexadecimal digits).
func (s *Store) path(k Kind, key string) string {
	if s.dir == "" || len(key) != 2*sha256.Size || !isHex(key) {
		return ""
	}
	return filepath.Join(s.dir, k.Name, key[:2], key[2:])
}

// Get reads the body of the entry of key of kind k, or is nil when there
// is none or it does not prove to be that entry; a hit marks it used.
func (s *Store) Get(k Kind, key string) []byte {
	p := s.path(k, key)
	if p == "" {
		return nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	body, ok := decode(b, k, key)
	if !ok {
		return nil
	}
	if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > touch {
		now := time.Now()
		os.Chtimes(p, now, now)
	}
	return body
}

// Put keeps body as the entry of key of kind k. Once a Put failed, the
// store writes nothing more and every Put fails.
func (s *Store) Put(k Kind, key string, body []byte) error {
	p := s.path(k, key)
	switch {
	case s.dir == "":
		return nil
	case p == "":
		return fmt.Errorf("diskcache: %q is not a key", key)
	case s.off.Load():
		return errors.New("diskcache: the store cannot be written")
	}
	err := atomicfile.Write(p, encode(k, key, body), tempPattern, 0o600)
	if err != nil {
		s.off.Store(true)
	}
	return err
}

// Writable reports whether a Put may keep an entry, so that a caller
// need not encode a body that would not be kept.
func (s *Store) Writable() bool { return s.dir != "" && !s.off.Load() }

// Delete removes the entry of key of kind k, if there is one.
func (s *Store) Delete(k Kind, key string) error {
	p := s.path(k, key)
	if p == "" {
		return nil
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// encode is the entry of key of kind k holding body.
func encode(k Kind, key string, body []byte) []byte {
	sum := sha256.Sum256(body)
	head := fmt.Sprintf("scalesite-%s %d %s %s\n", k.Name, k.Version, key, hex.EncodeToString(sum[:]))
	return append([]byte(head), body...)
}

// decode is the body of entry b, ok only when b is an entry of kind k for
// key whose body has the SHA-256 its first line says.
func decode(b []byte, k Kind, key string) (body []byte, ok bool) {
	line, body, found := bytes.Cut(b, []byte("\n"))
	if !found {
		return nil, false
	}
	fs := strings.Fields(string(line))
	if len(fs) != 4 || fs[0] != "scalesite-"+k.Name || fs[1] != strconv.Itoa(k.Version) || fs[2] != key {
		return nil, false
	}
	sum := sha256.Sum256(body)
	if fs[3] != hex.EncodeToString(sum[:]) {
		return nil, false
	}
	return body, true
}

// isEntry reports whether the file at p, relative to the store, is named
// as an entry: KIND/XX/REST, REST starting with the key's other 62 digits
// (entries of earlier versions had an ending after them).
func isEntry(rel string) bool {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	return len(parts) == 3 && len(parts[1]) == 2 && isHex(parts[1]) &&
		len(parts[2]) >= 2*sha256.Size-2 && isHex(parts[2][:2*sha256.Size-2])
}

func isHex(s string) bool {
	return strings.Trim(s, "0123456789abcdef") == ""
}

// Prune removes the least recently used entries when the store holds more
// than its limit, down to three quarters of it, and the temporary files
// older than an hour: at most once an hour (a marker file's time says when
// it last ran at now). It never removes another file someone put in the
// folder.
func (s *Store) Prune(now time.Time) {
	if s.dir == "" {
		return
	}
	marker := filepath.Join(s.dir, ".pruned")
	if fi, err := os.Stat(marker); err == nil && now.Sub(fi.ModTime()) < touch {
		return
	}
	type entry struct {
		path string
		size int64
		used time.Time
	}
	var entries []entry
	var total int64
	err := filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(s.dir, p)
		temp := strings.HasPrefix(d.Name(), ".new-")
		if !temp && !isEntry(rel) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if temp {
			if now.Sub(fi.ModTime()) > touch {
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
	if total > s.limit {
		slices.SortFunc(entries, func(a, b entry) int { return a.used.Compare(b.used) })
		for _, e := range entries {
			if total <= s.limit/4*3 {
				break
			}
			if os.Remove(e.path) == nil {
				total -= e.size
			}
		}
	}
	if os.MkdirAll(s.dir, 0o755) == nil {
		os.WriteFile(marker, nil, 0o644)
		os.Chtimes(marker, now, now)
	}
}

// ProgramID names the scalesite program for a key: a program built from a
// module version (go install …@v1.2.3 or @COMMIT: a pseudo-version) or
// from a clean checkout at a commit is named by that, with the Go version
// and platform, so that the same scalesite installed again (a workflow's
// go install on every run) keeps its entries; any other (a build with
// local changes) by its path, size and modification time, as the build's
// site key takes it.
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

package output

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash/crc64"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/scalesite/scalesite/internal/atomicfile"
)

// A manifest lists what the last build wrote into an output folder: each
// file's path, size, checksum and modification time. With it, the next
// build writes only the files whose bytes changed, without reading the old
// ones: a file is taken as unchanged when its new bytes have the listed
// size and checksum and the file on disk still has the listed size and
// time (nobody touched it since).
//
// It is kept in the user's cache folder (~/.cache/scalesite/outputs/ on
// Linux), named after the output folder's real path, so that it is neither
// published with the site nor left in the site's folder; without one, a
// build reads the files it would keep to compare them, and renders every
// page, which is slower, not wrong. It is trusted only while it agrees with
// the list of files in the output folder (MarkerName), which is what says
// which files are scalesite's. It is removed before a commit starts
// changing the output folder and written again once the folder is
// complete, so that a build killed in between leaves none.

// manifestVersion changes whenever the format or the meaning of a manifest
// does; a manifest of another version is ignored.
const manifestVersion = 1

type manifest struct {
	Version int                      `json:"version"`
	Dest    string                   `json:"dest"` // the output folder, absolute
	Files   map[string]manifestEntry `json:"files"`
	// State is what the build keeps for the next one (Writer.SetState).
	State json.RawMessage `json:"state,omitempty"`
}

type manifestEntry struct {
	Size  int64  `json:"size"`
	Sum   uint64 `json:"sum"`
	MTime int64  `json:"mtime"` // nanoseconds since 1970
}

var crcTable = crc64.MakeTable(crc64.ECMA)

// checksum is the checksum a manifest keeps of a file's bytes.
func checksum(b []byte) uint64 { return crc64.Checksum(b, crcTable) }

// checksumReader is checksum of what r reads.
func checksumReader(r io.Reader) (sum uint64, size int64, err error) {
	h := crc64.New(crcTable)
	size, err = io.Copy(h, r)
	return h.Sum64(), size, err
}

// manifestPath is where the manifest of the output folder dest is kept, or
// "" when there is no cache folder.
func manifestPath(dest string) string {
	cache, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte(absPath(dest)))
	return filepath.Join(cache, "scalesite", "outputs", hex.EncodeToString(sum[:12])+".json")
}

// readManifest returns dest's manifest, or nil when there is none that
// can be trusted (missing, unreadable, of another version).
func readManifest(dest string) *manifest {
	p := manifestPath(dest)
	if p == "" {
		return nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	var m manifest
	if json.Unmarshal(b, &m) != nil || m.Version != manifestVersion || m.Files == nil || m.Dest != absPath(dest) {
		return nil
	}
	return &m
}

func absPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}

// writeManifest replaces dest's manifest with m, atomically.
func writeManifest(dest string, m *manifest) error {
	m.Version, m.Dest = manifestVersion, absPath(dest)
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	p := manifestPath(dest)
	if p == "" {
		return nil
	}
	err = atomicfile.Write(p, b, filepath.Base(p)+".new-*", 0o600)
	pruneManifests(filepath.Dir(p))
	return err
}

// pruneManifests removes, once a day and once the cache folder holds more
// than a few, the manifests of output folders that no longer exist (tests'
// temporary folders, renamed sites), so that the cache does not grow for
// ever.
func pruneManifests(dir string) {
	const few = 64
	marker := filepath.Join(dir, ".pruned")
	if fi, err := os.Stat(marker); err == nil && time.Since(fi.ModTime()) < 24*time.Hour {
		return
	}
	es, err := os.ReadDir(dir)
	if err != nil || len(es) <= few {
		return
	}
	for _, e := range es {
		p := filepath.Join(dir, e.Name())
		dest, ok := manifestDest(p)
		if !ok {
			continue
		}
		if _, err := os.Lstat(dest); errors.Is(err, fs.ErrNotExist) {
			os.Remove(p)
		}
	}
	os.WriteFile(marker, nil, 0o644)
}

// manifestDest reads the output folder a manifest file is of: the "dest"
// key near its start, without reading the rest.
func manifestDest(p string) (string, bool) {
	f, err := os.Open(p)
	if err != nil {
		return "", false
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 512))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return "", false
		}
		if key == "dest" {
			var dest string
			if dec.Decode(&dest) != nil || dest == "" {
				return "", false
			}
			return dest, true
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", false
		}
	}
	return "", false
}

// removeManifest removes dest's manifest: dest is about to change.
func removeManifest(dest string) error {
	p := manifestPath(dest)
	if p == "" {
		return nil
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// unchanged reports whether the file at p (in the output folder) is the
// one e describes, and e describes bytes of this size and checksum.
func (e manifestEntry) unchanged(p string, size int64, sum uint64) bool {
	if e.Size != size || e.Sum != sum {
		return false
	}
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Size() == size && fi.ModTime().UnixNano() == e.MTime
}

// entryOf is the manifest entry of a file just written at p.
func entryOf(p string, size int64, sum uint64) (manifestEntry, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return manifestEntry{}, err
	}
	return manifestEntry{Size: size, Sum: sum, MTime: fi.ModTime().UnixNano()}, nil
}

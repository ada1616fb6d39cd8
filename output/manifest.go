package output

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash/crc64"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/scalesite/scalesite/internal/diskcache"
	"github.com/scalesite/scalesite/internal/fastjson"
)

// A manifest lists what the last build wrote into an output folder: each
// file's path, size, checksum and modification time. With it, the next
// build writes only the files whose bytes changed, without reading the old
// ones: a file is taken as unchanged when its new bytes have the listed
// size and checksum and the file on disk still has the listed size and
// time (nobody touched it since).
//
// It is an entry of the store in the user's cache folder
// (internal/diskcache: ~/.cache/scalesite/outputs/ on Linux), keyed by the
// output folder's absolute path, so that it is neither published with the site nor
// left in the site's folder; without one (none written, or pruned), a
// build reads the files it would keep to compare them, and renders every
// page, which is slower, not wrong. It is trusted only while it agrees
// with the list of files in the output folder (MarkerName), which is what
// says which files are scalesite's. It is removed before a commit starts
// changing the output folder and written again once the folder is
// complete, so that a build killed in between leaves none.
type manifest struct {
	Files map[string]manifestEntry `json:"files"`
	// State is what the build keeps for the next one (Writer.SetState).
	State json.RawMessage `json:"state,omitempty"`
}

// manifestKind is the kind of the manifests' entries; its version
// changes whenever a manifest's form or meaning does.
var manifestKind = diskcache.Kind{Name: "outputs", Version: 2}

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

// manifestKey is the key of the manifest of the output folder dest: the
// SHA-256 of its absolute path.
func manifestKey(dest string) string {
	if abs, err := filepath.Abs(dest); err == nil {
		dest = abs
	}
	sum := sha256.Sum256([]byte(dest))
	return hex.EncodeToString(sum[:])
}

// readManifest returns dest's manifest, or nil when there is none that
// can be trusted (missing, unreadable, of another version).
func readManifest(dest string) *manifest {
	var m manifest
	b := diskcache.Open().Get(manifestKind, manifestKey(dest))
	if b == nil || json.Unmarshal(b, &m) != nil || m.Files == nil {
		return nil
	}
	return &m
}

// writeManifest replaces dest's manifest with m, atomically.
func writeManifest(dest string, m *manifest) error {
	b, err := manifestJSON(m)
	if err != nil {
		return err
	}
	return diskcache.Open().Put(manifestKind, manifestKey(dest), b)
}

// manifestJSON is json.Marshal(m) for a state that json.Marshal wrote
// (the build's, pipeline's pageSource.state), taken as it is: json.Marshal
// would check and compact it again byte by byte, 9 MB at 10,000 pages.
//
// The files are written here too (appendFilesJSON): through reflection,
// json.Marshal took 0.1 s for the 30,000 files of 10,000 pages, at the
// end of the build, when nothing else runs.
func manifestJSON(m *manifest) ([]byte, error) {
	b := make([]byte, 0, len(m.Files)*80+len(m.State)+len(`{"files":,"state":}`))
	b = appendFilesJSON(append(b, `{"files":`...), m.Files)
	if len(m.State) > 0 {
		b = append(append(b, `,"state":`...), m.State...)
	}
	return append(b, '}'), nil
}

// appendFilesJSON appends json.Marshal(files): the paths in order, each
// entry's fields as manifestEntry's tags name them.
func appendFilesJSON(b []byte, files map[string]manifestEntry) []byte {
	if files == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	for i, p := range slices.Sorted(maps.Keys(files)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = fastjson.AppendString(b, p)
		e := files[p]
		b = strconv.AppendInt(append(b, `:{"size":`...), e.Size, 10)
		b = strconv.AppendUint(append(b, `,"sum":`...), e.Sum, 10)
		b = strconv.AppendInt(append(b, `,"mtime":`...), e.MTime, 10)
		b = append(b, '}')
	}
	return append(b, '}')
}

// removeManifest removes dest's manifest: dest is about to change.
func removeManifest(dest string) error {
	return diskcache.Open().Delete(manifestKind, manifestKey(dest))
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

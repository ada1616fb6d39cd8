package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"sync/atomic"
	"time"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/diskcache"
)

// The fit cache: every rule of it is here (and internal/rebuild names it).
//
// A fit by law searches a grid of starting points and, bootstrapped, refits
// the law a thousand times or more: Chinchilla's law with 4,000 resamples
// costs seconds, where a page costs milliseconds. A build loads a page
// again whenever its Markdown changes (its prose, another chart), and the
// preview at every save of it; the cache keeps each fit, so that a page
// loaded again refits only the fits whose inputs changed.
//
//   - Key: a SHA-256 of what a fit is a function of, and nothing else: the
//     law as written, the symbols where binds (in order), the loss, delta,
//     the space of the residuals, the start ranges, the number of
//     resamples and their seed, and the group's data, each point's
//     response and variables as the bits of their float64 values; the
//     scalesite program (diskcache.ProgramID: the fitter is in it) and
//     fitCacheVersion. Not the names of the columns or of the series, nor
//     the chart around the fit: they change no number. A change to any of
//     them misses: no entry is ever wrong, only unused.
//   - Where and how: the rules of package diskcache, in the folder
//     scalesite/fits of the user's cache; the body is the fit.LawFit in
//     gob, which keeps every bit of its numbers (NaN replicates too).
//   - Bound: fitCacheLimit bytes, the least recently used removed, pruned
//     at most once an hour when a site is loaded.
//   - Who: every load of a site (build and preview). No cache folder, or
//     one that cannot be written: every fit is computed, the build goes on.
type fitCache struct {
	dir  string
	base []byte
	off  atomic.Bool // set once an entry could not be written
}

const (
	// fitCacheVersion changes whenever an entry's form or meaning does.
	fitCacheVersion = 1
	// fitCacheLimit bounds the entries' bytes: a fit with 4,000 resamples
	// of five constants is about 170 KB, one without a bootstrap a few
	// hundred bytes.
	fitCacheLimit = 64 << 20
	// fitCacheTouch is how stale an entry's time may be before a hit sets
	// it again, and how often the folder is pruned.
	fitCacheTouch = time.Hour
	// fitEntry ends every entry's name.
	fitEntry = ".fit.gob"
)

var fitForm = diskcache.Form{Magic: "scalesite-fit", Version: fitCacheVersion}

// openFitCache opens the fit cache in dir ("" for none) and prunes it if
// it is due.
func openFitCache(dir string) *fitCache {
	fc := &fitCache{dir: dir}
	if dir == "" {
		return fc
	}
	h := sha256.New()
	fmt.Fprintf(h, "fits %d\n", fitCacheVersion)
	h.Write([]byte(diskcache.ProgramID()))
	fc.base = h.Sum(nil)
	diskcache.Prune(dir, fitCacheLimit, []string{fitEntry}, fitCacheTouch, time.Now())
	return fc
}

// key is the key of the fit of law lw (with bootstrap resamples) to the
// responses ys at the variables vars.
func (fc *fitCache) key(lw *chartspec.Law, bootstrap int, ys []float64, vars [][]float64) string {
	h := sha256.New()
	h.Write(fc.base)
	text := func(s string) { fmt.Fprintf(h, "%d:%s\n", len(s), s) }
	text(lw.Formula)
	for _, w := range lw.Where {
		text(w.Symbol)
	}
	text(lw.Loss)
	text(lw.In)
	writeFloats(h, lw.Delta)
	for _, s := range lw.Start {
		text(s.Name)
		writeFloats(h, s.Lo, s.Hi)
	}
	fmt.Fprintf(h, "bootstrap %d %d points %d\n", bootstrap, lawSeed, len(ys))
	for i, y := range ys {
		writeFloats(h, y)
		writeFloats(h, vars[i]...)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func writeFloats(h hash.Hash, vs ...float64) {
	var b [8]byte
	for _, v := range vs {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		h.Write(b[:])
	}
}

// get reads the fit of key, ok false when there is none.
func (fc *fitCache) get(key string) (fit.LawFit, bool) {
	if fc == nil || key == "" {
		return fit.LawFit{}, false
	}
	b := fitForm.Read(fc.dir, key, fitEntry, fitCacheTouch)
	if b == nil {
		return fit.LawFit{}, false
	}
	var r fit.LawFit
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&r); err != nil {
		return fit.LawFit{}, false
	}
	return r, true
}

// put keeps r as the fit of key.
func (fc *fitCache) put(key string, r fit.LawFit) {
	if fc == nil || fc.dir == "" || fc.off.Load() {
		return
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(r); err != nil {
		return
	}
	if err := fitForm.Write(fc.dir, key, fitEntry, b.Bytes()); err != nil {
		fc.off.Store(true)
	}
}

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

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/diskcache"
)

// The fit cache: what it keys on is here, how it keeps entries is the one
// rule of internal/diskcache (and internal/rebuild names it).
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
//     fitKind.Version. Not the names of the columns or of the series, nor
//     the chart around the fit: they change no number.
//   - Body: the fit.LawFit in gob, which keeps every bit of its numbers
//     (NaN replicates too), in the store's fits/.
//   - Who: every load of a site (build and preview).
type fitCache struct {
	store *diskcache.Store
	base  []byte
}

// fitKind is the kind of the cache's entries; its version changes
// whenever an entry's form or meaning does.
var fitKind = diskcache.Kind{Name: "fits", Version: 2}

// openFitCache opens the fit cache in store.
func openFitCache(store *diskcache.Store) *fitCache {
	h := sha256.New()
	fmt.Fprintf(h, "fits %d\n", fitKind.Version)
	h.Write([]byte(diskcache.ProgramID()))
	return &fitCache{store: store, base: h.Sum(nil)}
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
	b := fc.store.Get(fitKind, key)
	if b == nil {
		return fit.LawFit{}, false
	}
	var r fit.LawFit
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&r); err != nil {
		return fit.LawFit{}, false
	}
	return r, true
}

// put keeps r as the fit of key; a failure only leaves it out.
func (fc *fitCache) put(key string, r fit.LawFit) {
	if fc == nil || !fc.store.Writable() {
		return
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(r); err != nil {
		return
	}
	_ = fc.store.Put(fitKind, key, b.Bytes())
}

package render

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/diskcache"
	"github.com/scalesite/scalesite/internal/scene"
)

// The figure cache: what it keys on is here, how it keeps entries is the
// one rule of internal/diskcache.
//
// A chart's static figure is four Scenes (static.go), each a few
// milliseconds of the theme's scripts in goja; a page whose prose changed,
// or which another change makes the build render again, would draw all
// its charts again. The cache keeps each Scene computed, so that a build
// draws again only the charts whose inputs changed: the other Scenes are
// read back (a tenth of a millisecond) and written as SVG as before.
//
//   - Key: a SHA-256 of what a Scene is a function of, and nothing else:
//     the page option (the JSON the page carries: the chart, its data and
//     its alt text, as chart.OptionBytes writes them), the width in CSS px,
//     the colour scheme, the theme's scripts the engine runs
//     (scene.ScriptsSum: the built-in theme's, overlaid with the site's
//     own), the font the text is measured with (figure.FontTTF, both
//     weights), the scalesite program (diskcache.ProgramID: the Go code that
//     runs the scripts and measures the text is in it) and
//     figureKind.Version.
//   - Body: the Scene in gob, gzipped (read back five times as fast as
//     its JSON, every bit of its numbers kept), in the store's figures/
//     (the folder a new site's Pages workflow keeps between runs with
//     actions/cache: scaffold).
//   - Social cards (card.go) are kept the same way, as the PNG file: keyed
//     by the same base, the card's size and scale and the page option of
//     its chart with the words it draws (from which card.go derives all it
//     draws).
//   - Who: the build's renderers (NewStreamRenderer, Render) with
//     static figures on (unless staticFigures: false). The live preview
//     draws no static figure, so neither reads nor writes the cache.
type figureCache struct {
	store *diskcache.Store
	base  []byte // the part of the key every Scene of this render shares
}

// figureKind is the kind of the cache's entries; its version changes
// whenever an entry's form or meaning does.
var figureKind = diskcache.Kind{Name: "figures", Version: 3}

// openFigureCache opens the cache for the Scenes drawn with theme's
// scripts. Without a cache folder, or the scripts' sum, it keeps nothing.
func openFigureCache(th *theme) *figureCache {
	scripts, err := scene.ScriptsSum(th.files)
	if err != nil {
		return &figureCache{store: &diskcache.Store{}}
	}
	h := sha256.New()
	fmt.Fprintf(h, "figures %d\n", figureKind.Version)
	h.Write([]byte(diskcache.ProgramID()))
	h.Write(scripts[:])
	for _, w := range []int{400, 600} {
		f := sha256.Sum256(figure.FontTTF(w))
		h.Write(f[:])
	}
	return &figureCache{store: diskcache.Open(), base: h.Sum(nil)}
}

// key is the key of the Scene of option at width px in a scheme.
func (fc *figureCache) key(option []byte, width int, dark bool) string {
	return fc.sum(fmt.Sprintf("%d %t %d\n", width, dark, len(option)), option)
}

// cardKey is the key of the social card whose option (cardOption, its
// chart as the card shows it), words and panel count are option.
func (fc *figureCache) cardKey(option []byte) string {
	return fc.sum(fmt.Sprintf("card %d %d %g %d\n", CardWidth, CardHeight, cardText, len(option)), option)
}

func (fc *figureCache) sum(head string, option []byte) string {
	h := sha256.New()
	h.Write(fc.base)
	h.Write([]byte(head))
	h.Write(option)
	return hex.EncodeToString(h.Sum(nil))
}

// read reads the body of the entry of key (a Scene's or a card's), or is
// nil.
func (fc *figureCache) read(key string) []byte { return fc.store.Get(figureKind, key) }

// write keeps b as the body of the entry of key; a failure only leaves it
// out.
func (fc *figureCache) write(key string, b []byte) { _ = fc.store.Put(figureKind, key, b) }

// get reads the Scene of key, or is nil.
func (fc *figureCache) get(key string) *figure.Scene {
	b := fc.read(key)
	if b == nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	var s figure.Scene
	if err := gob.NewDecoder(zr).Decode(&s); err != nil {
		return nil
	}
	return &s
}

// put keeps s as the Scene of key.
func (fc *figureCache) put(key string, s *figure.Scene) {
	if !fc.store.Writable() {
		return
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	if err := gob.NewEncoder(zw).Encode(s); err != nil {
		return
	}
	if err := zw.Close(); err != nil {
		return
	}
	fc.write(key, b.Bytes())
}

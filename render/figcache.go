package render

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/diskcache"
	"github.com/scalesite/scalesite/internal/scene"
)

// The figure cache: every rule of it is here.
//
// A chart's static figure is two Scenes (static.go), each a few
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
//     weights), the scalesite program (programID: its module version or
//     commit when it has one, else its path, size and modification time:
//     the Go code that runs the scripts and measures the text is in it)
//     and figureCacheVersion (the
//     form of an entry). A change to any of them misses: no entry is ever
//     wrong, only unused.
//   - Where: (the rules of internal/diskcache, which the fit cache of
//     site/fitcache.go follows too) one file an entry, the Scene as gzipped JSON (figure.Scene's
//     own encoding), in the user's cache folder (os.UserCacheDir, as the
//     build's manifest), scalesite/figures/, named by its key: on Linux
//     $XDG_CACHE_HOME/scalesite/figures, or ~/.cache/scalesite/figures
//     without it, the folder a new site's Pages workflow keeps between
//     runs with actions/cache (scaffold). Written to
//     a temporary file and renamed, so that concurrent builds never read a
//     half-written entry; an entry that cannot be read or decoded is a
//     miss. No cache folder, or one that cannot be written: every Scene is
//     drawn, the build goes on.
//   - Proof: an entry's name is not trusted. Its first line
//     (encodeEntry) holds its full key and a SHA-256 of its body, and it
//     is used only when both match: an entry moved to another's name, cut
//     short or with a byte changed is a miss, drawn again and written over
//     (never served).
//   - Bound: at most figureCacheLimit bytes of entries. A hit sets the
//     entry's modification time (at most once an hour), and when a render
//     starts, at most once an hour, the entries least recently used are
//     removed until the folder holds three quarters of the limit. A build
//     writes its new entries before the next prune: the folder may pass
//     the limit by what one build draws.
//   - Social cards (card.go) are kept the same way, as the PNG file: keyed
//     by the same base, the card's size and scale and the page option of
//     its chart (from which card.go derives all it draws), with their own
//     name (.png), under the same bound.
//   - Who: the build's renderers (NewStreamRenderer, Render) with
//     static figures on (unless staticFigures: false). The live preview draws no static figure, so
//     neither reads nor writes the cache.
type figureCache struct {
	dir   string // the entries' folder; "" when there is no cache
	base  []byte // the part of the key every Scene of this render shares
	limit int64  // figureCacheLimit (a test's smaller)
	// off is set once an entry could not be written: the folder is not
	// writable (a read-only home, cold_ab.sh's /proc/no-cache), and the
	// build stops trying.
	off atomic.Bool
}

const (
	// figureCacheVersion changes whenever an entry's form or meaning does.
	figureCacheVersion = 2
	// figureCacheLimit bounds the entries' bytes: a Scene of a
	// benchmark-site chart is about 3 KB gzipped, of a 20,000-point line
	// some 200 KB, so tens of thousands of charts.
	figureCacheLimit = 256 << 20
	// figureCacheTouch is how stale an entry's time may be before a hit
	// sets it again, and how often the folder is pruned.
	figureCacheTouch = time.Hour
)

// openFigureCache opens the cache for the Scenes drawn with theme's
// scripts, and prunes it if it is due. Without a cache folder it keeps
// nothing.
func openFigureCache(th *theme) *figureCache {
	fc := &figureCache{limit: figureCacheLimit}
	dir := diskcache.Folder("figures")
	if dir == "" {
		return fc
	}
	scripts, err := scene.ScriptsSum(th.files)
	if err != nil {
		return fc
	}
	h := sha256.New()
	fmt.Fprintf(h, "figures %d\n", figureCacheVersion)
	h.Write([]byte(diskcache.ProgramID()))
	h.Write(scripts[:])
	for _, w := range []int{400, 600} {
		f := sha256.Sum256(figure.FontTTF(w))
		h.Write(f[:])
	}
	fc.base = h.Sum(nil)
	fc.dir = dir
	fc.prune(time.Now())
	return fc
}

// key is the key of the Scene of option at width px in a scheme.
func (fc *figureCache) key(option []byte, width int, dark bool) string {
	h := sha256.New()
	h.Write(fc.base)
	fmt.Fprintf(h, "%d %t %d\n", width, dark, len(option))
	h.Write(option)
	return hex.EncodeToString(h.Sum(nil))
}

// cardKey is the key of the social card whose option (cardOption, its
// chart as the card shows it), words and panel count are option.
func (fc *figureCache) cardKey(option []byte) string {
	h := sha256.New()
	h.Write(fc.base)
	fmt.Fprintf(h, "card %d %d %g %d\n", CardWidth, CardHeight, cardText, len(option))
	h.Write(option)
	return hex.EncodeToString(h.Sum(nil))
}

// The entries' names: a Scene's, a card's.
const (
	sceneEntry = ".json.gz"
	cardEntry  = ".png"
)

// figureForm is the form of the cache's entries (diskcache.Form).
var figureForm = diskcache.Form{Magic: "scalesite-figure", Version: figureCacheVersion}

// read reads the body of the entry of key, or is nil when there is none
// or it does not prove to be key's (decodeEntry); a hit marks it used.
func (fc *figureCache) read(key, ext string) []byte {
	return figureForm.Read(fc.dir, key, ext, figureCacheTouch)
}

// write keeps b as the body of the entry of key; a failure only leaves it
// out.
func (fc *figureCache) write(key, ext string, b []byte) {
	if fc.dir == "" || fc.off.Load() {
		return
	}
	if err := figureForm.Write(fc.dir, key, ext, b); err != nil {
		fc.off.Store(true)
	}
}

// encodeEntry is the entry of key holding body: a first line
// "scalesite-figure VERSION KEY SUM" (SUM the SHA-256 of body, in hex),
// then body.
func encodeEntry(key string, body []byte) []byte { return figureForm.Encode(key, body) }

// decodeEntry is the body of entry b, ok only when b is an entry of this
// version, for key, whose body has the SHA-256 its first line says.
func decodeEntry(b []byte, key string) (body []byte, ok bool) { return figureForm.Decode(b, key) }

// get reads the Scene of key, or is nil.
func (fc *figureCache) get(key string) *figure.Scene {
	b := fc.read(key, sceneEntry)
	if b == nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	var s figure.Scene
	if err := json.NewDecoder(zr).Decode(&s); err != nil {
		return nil
	}
	return &s
}

// put keeps s as the Scene of key.
func (fc *figureCache) put(key string, s *figure.Scene) {
	if fc.dir == "" || fc.off.Load() {
		return
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	if err := json.NewEncoder(zw).Encode(s); err != nil {
		return
	}
	if err := zw.Close(); err != nil {
		return
	}
	fc.write(key, sceneEntry, b.Bytes())
}

// prune removes the least recently used entries when the folder holds
// more than its limit of bytes, down to three quarters of it; at most
// once per figureCacheTouch (a marker file's time says when it last ran).
// Temporary files an interrupted build left are removed with them.
func (fc *figureCache) prune(now time.Time) {
	diskcache.Prune(fc.dir, fc.limit, []string{sceneEntry, cardEntry}, figureCacheTouch, now)
}

package figure

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
	tfont "github.com/tdewolff/font"
)

// TestWebFaces checks the web faces the pages load: the same bytes on
// every call; for each weight a base part and the rest, whose
// unicode-ranges split webRanges between them, the base holding
// webBaseRanges; each a WOFF file that unwraps to a font a loader reads,
// with a glyph for every rune of its part and the advance the whole face
// gives it, no hinting left, and small. (e2e TestMeasureMatchesChromium
// checks that Chromium measures text in them as Measure does.)
func TestWebFaces(t *testing.T) {
	faces, err := WebFaces()
	if err != nil {
		t.Fatal(err)
	}
	again, err := WebFaces()
	if err != nil {
		t.Fatal(err)
	}
	type part struct {
		weight int
		base   bool
	}
	var got []part
	for _, f := range faces {
		got = append(got, part{f.Weight, f.Base})
	}
	if want := []part{{400, true}, {400, false}, {700, true}, {700, false}}; !slices.Equal(got, want) {
		t.Fatalf("faces %v, want %v", got, want)
	}
	for i, f := range faces {
		name := fmt.Sprintf("weight %d, base %v", f.Weight, f.Base)
		if !bytes.Equal(f.Data, again[i].Data) {
			t.Errorf("%s: two calls give different bytes", name)
		}
		// the base part is ASCII and number signs, some 120 glyphs of
		// some 70 bytes; the rest some 290 glyphs (the whole face is
		// 700 KB)
		if limit := map[bool]int{true: 10_000, false: 16_000}[f.Base]; len(f.Data) > limit {
			t.Errorf("%s: %d bytes, over %d", name, len(f.Data), limit)
		}
		if !bytes.HasPrefix(f.Data, []byte("wOFF")) || int(binary.BigEndian.Uint32(f.Data[8:])) != len(f.Data) {
			t.Fatalf("%s: not a WOFF file of its length: % x", name, f.Data[:12])
		}
		ttf, err := tfont.ParseWOFF(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ld, err := opentype.NewLoader(bytes.NewReader(ttf))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		web, err := font.NewFont(ld)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		whole := faceFor(f.Weight)
		webFace := &font.Face{Font: web}
		scale := whole.upem / float64(web.Upem())
		inRange := unicodeRangeSet(t, f.UnicodeRange)
		for _, rg := range webRanges {
			for r := rg[0]; r <= rg[1]; r++ {
				if inRange[r] != (webPart(r) == map[bool]uint8{true: partBase, false: partExt}[f.Base]) {
					t.Errorf("%s: its unicode-range has %U: %v", name, r, inRange[r])
				}
				if !inRange[r] || whole.glyph[r] == 0 {
					continue // another part's, or not in DejaVu Sans either
				}
				g, ok := web.NominalGlyph(r)
				if !ok {
					t.Errorf("%s: no glyph for %U", name, r)
					continue
				}
				if got, want := float64(webFace.HorizontalAdvance(g))*scale, float64(whole.adv[whole.glyph[r]]); got != want {
					t.Errorf("%s: %U advances %v, the whole face %v", name, r, got, want)
				}
			}
		}
		for r := range inRange {
			if !inRanges(r, webRanges) {
				t.Errorf("%s: its unicode-range has %U, outside webRanges", name, r)
			}
		}
		if n := instructionBytes(t, ttf); n != 0 {
			t.Errorf("%s: %d bytes of hinting instructions left", name, n)
		}
	}
	for _, r := range []rune{'a', '0', ' ', '×', '⁻', '²', 'µ', '°'} {
		if webPart(r) != partBase {
			t.Errorf("%q is not in the base part: the number formats write it", r)
		}
	}
}

// unicodeRangeSet reads a CSS unicode-range value as unicodeRange writes
// it.
func unicodeRangeSet(t *testing.T, v string) map[rune]bool {
	t.Helper()
	set := map[rune]bool{}
	for _, item := range strings.Split(v, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimPrefix(item, "U+"), "-")
		a, err := strconv.ParseUint(lo, 16, 32)
		b := a
		if isRange {
			b, err = strconv.ParseUint(hi, 16, 32)
		}
		if err != nil || b < a {
			t.Fatalf("unicode-range %q: bad item %q", v, item)
		}
		for r := a; r <= b; r++ {
			set[rune(r)] = true
		}
	}
	return set
}

// TestWOFF: a TrueType file wrapped as WOFF unwraps (tdewolff/font's
// reader) to the same tables, and a font too short for its directory is
// an error.
func TestWOFF(t *testing.T) {
	tables := map[string][]byte{"head": bytes.Repeat([]byte{1}, 54), "name": []byte("abc"), "glyf": bytes.Repeat([]byte("xy"), 500)}
	sfnt := writeSFNT(tables)
	w, err := woff(sfnt)
	if err != nil {
		t.Fatal(err)
	}
	back, err := tfont.ParseWOFF(w)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back, sfnt) {
		t.Errorf("WOFF round trip: %d bytes back, %d in; they differ", len(back), len(sfnt))
	}
	if len(w) >= len(sfnt) {
		t.Errorf("WOFF %d bytes, the font %d: the repeated glyf was not compressed", len(w), len(sfnt))
	}
	if _, err := woff(sfnt[:20]); err == nil {
		t.Error("a font cut short wraps without an error")
	}
}

// instructionBytes sums the instruction lengths of the simple glyphs of
// a TrueType file.
func instructionBytes(t *testing.T, ttf []byte) int {
	t.Helper()
	tables := map[string][]byte{}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := range n {
		e := ttf[12+16*i:]
		off, ln := binary.BigEndian.Uint32(e[8:]), binary.BigEndian.Uint32(e[12:])
		tables[string(e[:4])] = ttf[off : off+ln]
	}
	loca, glyf := tables["loca"], tables["glyf"]
	if binary.BigEndian.Uint16(tables["head"][50:]) != 1 {
		t.Fatal("loca is not in the long format")
	}
	sum := 0
	for i := 0; i+8 <= len(loca); i += 4 {
		start, end := binary.BigEndian.Uint32(loca[i:]), binary.BigEndian.Uint32(loca[i+4:])
		g := glyf[start:end]
		if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) < 0 {
			continue
		}
		p := 10 + 2*int(binary.BigEndian.Uint16(g))
		sum += int(binary.BigEndian.Uint16(g[p:]))
	}
	return sum
}

// FuzzUnhintGlyph: unhintGlyph never panics, and what it returns is no
// longer than what it was given.
func FuzzUnhintGlyph(f *testing.F) {
	f.Add([]byte{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0xb0, 0x01, 1, 0})
	f.Add([]byte{0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x03, 0, 5, 0, 0, 0, 0, 0, 1, 0xaa})
	f.Fuzz(func(t *testing.T, g []byte) {
		out, err := unhintGlyph(g)
		if err == nil && len(out) > len(g) {
			t.Errorf("%d bytes in, %d out", len(g), len(out))
		}
	})
}

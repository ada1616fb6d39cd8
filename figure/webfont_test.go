package figure

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
)

// TestWebFaces checks the web faces the pages load: the same bytes on
// every call, a font a loader reads, a glyph for every rune of webRanges
// with the advance the whole face gives it, no hinting left, and small.
// (e2e TestMeasureMatchesChromium checks that Chromium measures text in
// them as Measure does.)
func TestWebFaces(t *testing.T) {
	faces, err := WebFaces()
	if err != nil {
		t.Fatal(err)
	}
	again, err := WebFaces()
	if err != nil {
		t.Fatal(err)
	}
	if len(faces) != 2 || faces[0].Weight != 400 || faces[1].Weight != 700 {
		t.Fatalf("faces %v, want weights 400 and 700", faces)
	}
	for i, f := range faces {
		if !bytes.Equal(f.Data, again[i].Data) {
			t.Errorf("weight %d: two calls give different bytes", f.Weight)
		}
		// about 600 glyphs of some 50 bytes: a face past 40 KB has kept
		// more than it should (the whole face is 700 KB)
		if len(f.Data) > 40_000 {
			t.Errorf("weight %d: %d bytes, over 40,000", f.Weight, len(f.Data))
		}
		ld, err := opentype.NewLoader(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("weight %d: %v", f.Weight, err)
		}
		web, err := font.NewFont(ld)
		if err != nil {
			t.Fatalf("weight %d: %v", f.Weight, err)
		}
		whole := faceFor(f.Weight)
		webFace := &font.Face{Font: web}
		scale := whole.upem / float64(web.Upem())
		for _, rg := range webRanges {
			for r := rg[0]; r <= rg[1]; r++ {
				if whole.glyph[r] == 0 {
					continue // not in DejaVu Sans either
				}
				g, ok := web.NominalGlyph(r)
				if !ok {
					t.Errorf("weight %d: no glyph for %U", f.Weight, r)
					continue
				}
				if got, want := float64(webFace.HorizontalAdvance(g))*scale, float64(whole.adv[whole.glyph[r]]); got != want {
					t.Errorf("weight %d: %U advances %v, the whole face %v", f.Weight, r, got, want)
				}
			}
		}
		if n := instructionBytes(t, f.Data); n != 0 {
			t.Errorf("weight %d: %d bytes of hinting instructions left", f.Weight, n)
		}
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

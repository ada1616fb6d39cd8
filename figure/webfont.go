package figure

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"strings"

	tfont "github.com/tdewolff/font"
)

// The chart font as a web page loads it. A static figure is laid out with
// widths measured here; the live chart that replaces it in the page must
// measure the same widths, or its ticks, labels and legend land elsewhere
// and the chart jumps when it appears. Readers' sans-serif differs from
// machine to machine, so a site with static figures ships the chart font
// too, and its pages draw their charts with it.
//
// The whole faces are 1.4 MB; the web faces keep the glyphs of chart text
// (webRanges) and drop the hinting instructions, which widths do not
// depend on. They keep the kerning (the legacy kern table, which a
// browser applies as DejaVu's GPOS kerning: the same pairs) but no
// substitutions, so the page draws no ligatures, and Measure measures
// none.
//
// Each weight comes in two parts, declared with their unicode-range: the
// base (ASCII and the characters the theme's number formats write, all a
// chart of plain text draws: about 8 KB on the wire) and the rest of
// webRanges (accented letters, Greek, symbols: about 12 KB), which a
// browser fetches only for a page whose text needs it. A browser shapes
// text one face at a time, so no kerning applies between a character of
// one part and one of the other: Measure does the same (webPart).
// They are WOFF files, their tables compressed, so that they travel
// small from a host that does not compress fonts.

// WebFace is one part of one face of the chart font as a web font: a WOFF
// file.
type WebFace struct {
	Weight int // the CSS font-weight it is declared with: 400 or 700
	// Base reports the base part, which every page with charts needs
	// (preloaded); the other part is fetched when a page's text needs it.
	Base bool
	// UnicodeRange is the part's characters as CSS unicode-range writes
	// them ("U+20-7E, U+A0, ...").
	UnicodeRange string
	Data         []byte
}

// webBaseRanges are the characters of the web faces' base part: ASCII,
// and what format.js and ticks.js write of numbers and units (no-break
// space, superscripts, ×, µ, °, ‰, primes, ∞, dashes, ellipsis). They lie
// within webRanges.
var webBaseRanges = [][2]rune{
	{0x20, 0x7e}, {0xa0, 0xa0}, {0xb0, 0xb0}, {0xb2, 0xb3}, {0xb5, 0xb5}, {0xb7, 0xb7}, {0xb9, 0xb9}, {0xd7, 0xd7},
	{0x2013, 0x2014}, {0x2026, 0x2026}, {0x2030, 0x2030}, {0x2032, 0x2033},
	{0x2070, 0x2070}, {0x2074, 0x2079}, {0x207b, 0x207b}, {0x2212, 0x2212}, {0x221e, 0x221e},
}

// Parts of the web faces a rune is drawn from (webPart).
const (
	partBase  = iota // webBaseRanges
	partExt          // the rest of webRanges
	partOther        // neither: the reader's sans-serif
)

// webPart is the part of the web faces that holds r.
func webPart(r rune) uint8 {
	if inRanges(r, webBaseRanges) {
		return partBase
	}
	if inRanges(r, webRanges) {
		return partExt
	}
	return partOther
}

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// webRanges are the characters the web faces hold: ASCII and Latin-1 (the
// accented letters of most Western names), the Greek letters, and the
// punctuation, super- and subscripts, arrows and mathematical signs of
// axis titles and labels. Other text falls back to the reader's
// sans-serif, and may be drawn a little wider or narrower than the static
// figure measured it: each glyph kept costs some 60 bytes on the wire.
var webRanges = [][2]rune{
	{0x20, 0x7e}, {0xa0, 0xff}, // Basic Latin, Latin-1
	{0x391, 0x3a9}, {0x3b1, 0x3c9}, {0x3d1, 0x3d1}, {0x3d5, 0x3d5}, // Greek letters, ϑ, ϕ
	{0x2013, 0x2014}, {0x2018, 0x201d}, {0x2020, 0x2022}, {0x2026, 0x2026}, {0x2030, 0x2030}, {0x2032, 0x2033}, // dashes, quotes, daggers, bullet, ellipsis, per mille, primes
	{0x2070, 0x2071}, {0x2074, 0x208e}, // superscripts and subscripts
	{0x20ac, 0x20ac}, {0x2113, 0x2113}, {0x2122, 0x2122}, // €, ℓ, ™
	{0x2190, 0x2193}, {0x21d2, 0x21d2}, // arrows
	{0x2202, 0x2202}, {0x2206, 0x2207}, {0x2208, 0x2208}, {0x2211, 0x2213}, {0x2217, 0x2217}, {0x221a, 0x221a}, {0x221d, 0x221e}, // ∂ ∆ ∇ ∈ ∑ − ∓ ∗ √ ∝ ∞
	{0x2223, 0x2223}, {0x222b, 0x222b}, {0x223c, 0x223c}, {0x2248, 0x2248}, {0x2260, 0x2261}, {0x2264, 0x2265}, {0x226a, 0x226b}, {0x22c5, 0x22c5}, // ∣ ∫ ∼ ≈ ≠ ≡ ≤ ≥ ≪ ≫ ⋅
}

// WebFaces returns the chart font's Book and Bold faces cut to webRanges,
// without hinting, each in its two parts: Book's base, Book's rest,
// Bold's base, Bold's rest. The result is the same on every call (a build
// writes the same bytes every time).
func WebFaces() ([]WebFace, error) {
	var faces []WebFace
	for _, weight := range []int{400, 700} {
		for _, part := range []uint8{partBase, partExt} {
			runes := partRunes(part)
			b, err := webFace(FontTTF(weight), runes)
			if err != nil {
				return nil, fmt.Errorf("figure: the web face of weight %d: %w", weight, err)
			}
			faces = append(faces, WebFace{Weight: weight, Base: part == partBase, UnicodeRange: unicodeRange(runes), Data: b})
		}
	}
	return faces, nil
}

// partRunes are the runes of webRanges in the given part, in order.
func partRunes(part uint8) []rune {
	var runes []rune
	for _, rg := range webRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			if webPart(r) == part {
				runes = append(runes, r)
			}
		}
	}
	return runes
}

// unicodeRange writes runes (in order) as a CSS unicode-range value.
func unicodeRange(runes []rune) string {
	var b strings.Builder
	for i := 0; i < len(runes); {
		j := i
		for j+1 < len(runes) && runes[j+1] == runes[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "U+%X", runes[i])
		if j > i {
			fmt.Fprintf(&b, "-%X", runes[j])
		}
		i = j + 1
	}
	return b.String()
}

// webTables are the tables the web faces keep: what a browser needs to
// draw and space the glyphs (no hinting programs, no substitutions or
// positioning beyond the kern table).
var webTables = []string{"OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "kern", "loca", "maxp", "name", "post"}

// webFace is the face ttf cut to the glyphs of runes, without hinting, as
// a WOFF file.
func webFace(ttf []byte, runes []rune) ([]byte, error) {
	f, err := tfont.ParseSFNT(ttf, 0)
	if err != nil {
		return nil, err
	}
	ids := []uint16{0}
	seen := map[uint16]bool{0: true}
	for _, r := range runes {
		if g := f.GlyphIndex(r); g != 0 && !seen[g] {
			seen[g] = true
			ids = append(ids, g)
		}
	}
	sub, err := f.Subset(ids, tfont.SubsetOptions{Tables: webTables})
	if err != nil {
		return nil, err
	}
	tables := map[string][]byte{}
	for _, tag := range webTables {
		if b, ok := sub.Tables[tag]; ok {
			tables[tag] = slices.Clone(b)
		}
	}
	if err := unhint(tables); err != nil {
		return nil, err
	}
	return woff(writeSFNT(tables))
}

// unhint rewrites tables' glyf without the glyphs' instructions, and loca
// (in the long format) and head to match.
func unhint(tables map[string][]byte) error {
	head, loca, glyf := tables["head"], tables["loca"], tables["glyf"]
	if len(head) < 54 || glyf == nil || loca == nil {
		return fmt.Errorf("no head, loca or glyf table")
	}
	long := binary.BigEndian.Uint16(head[50:]) == 1
	offset := func(i int) (int, bool) {
		if long {
			if 4*i+4 > len(loca) {
				return 0, false
			}
			return int(binary.BigEndian.Uint32(loca[4*i:])), true
		}
		if 2*i+2 > len(loca) {
			return 0, false
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:])), true
	}
	n := len(loca)/2 - 1
	if long {
		n = len(loca)/4 - 1
	}
	var out []byte
	newLoca := make([]byte, 0, 4*(n+1))
	for i := 0; i < n; i++ {
		newLoca = binary.BigEndian.AppendUint32(newLoca, uint32(len(out)))
		start, ok1 := offset(i)
		end, ok2 := offset(i + 1)
		if !ok1 || !ok2 || start > end || end > len(glyf) {
			return fmt.Errorf("glyph %d: bad loca", i)
		}
		g, err := unhintGlyph(glyf[start:end])
		if err != nil {
			return fmt.Errorf("glyph %d: %w", i, err)
		}
		out = append(out, g...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	newLoca = binary.BigEndian.AppendUint32(newLoca, uint32(len(out)))
	binary.BigEndian.PutUint16(head[50:], 1)
	tables["glyf"], tables["loca"] = out, newLoca
	return nil
}

// Composite glyph flags (OpenType glyf table).
const (
	argsAreWords     = 0x0001
	haveScale        = 0x0008
	moreComponents   = 0x0020
	haveXYScale      = 0x0040
	haveTwoByTwo     = 0x0080
	haveInstructions = 0x0100
)

// unhintGlyph returns g without its instructions.
func unhintGlyph(g []byte) ([]byte, error) {
	if len(g) == 0 {
		return nil, nil
	}
	if len(g) < 10 {
		return nil, fmt.Errorf("short glyph")
	}
	contours := int16(binary.BigEndian.Uint16(g))
	if contours >= 0 {
		p := 10 + 2*int(contours)
		if p+2 > len(g) {
			return nil, fmt.Errorf("short glyph")
		}
		n := int(binary.BigEndian.Uint16(g[p:]))
		if p+2+n > len(g) {
			return nil, fmt.Errorf("instructions past the glyph")
		}
		out := make([]byte, 0, len(g)-n)
		out = append(out, g[:p]...)
		out = append(out, 0, 0)
		return append(out, g[p+2+n:]...), nil
	}
	out := slices.Clone(g)
	for p := 10; ; {
		if p+4 > len(out) {
			return nil, fmt.Errorf("short composite glyph")
		}
		flags := binary.BigEndian.Uint16(out[p:])
		q := p + 4
		if flags&argsAreWords != 0 {
			q += 4
		} else {
			q += 2
		}
		switch {
		case flags&haveScale != 0:
			q += 2
		case flags&haveXYScale != 0:
			q += 4
		case flags&haveTwoByTwo != 0:
			q += 8
		}
		if q > len(out) {
			return nil, fmt.Errorf("short composite glyph")
		}
		if flags&moreComponents == 0 {
			binary.BigEndian.PutUint16(out[p:], flags&^haveInstructions)
			return out[:q], nil
		}
		p = q
	}
}

// writeSFNT writes tables as a TrueType file: the tables in tag order,
// each padded to four bytes, with their checksums and head's checksum
// adjustment. Unlike tdewolff/font's writer it leaves head's dates as they
// are, so the file is the same on every build.
func writeSFNT(tables map[string][]byte) []byte {
	tags := slices.Sorted(maps.Keys(tables))
	n := len(tags)
	sel := 0
	for 1<<(sel+1) <= n {
		sel++
	}
	b := binary.BigEndian.AppendUint32(nil, 0x00010000)
	b = binary.BigEndian.AppendUint16(b, uint16(n))
	b = binary.BigEndian.AppendUint16(b, uint16(16<<sel))
	b = binary.BigEndian.AppendUint16(b, uint16(sel))
	b = binary.BigEndian.AppendUint16(b, uint16(16*n-16<<sel))
	dir := len(b)
	b = append(b, make([]byte, 16*n)...)
	headAt := -1
	for i, tag := range tags {
		t := tables[tag]
		at := len(b)
		if tag == "head" {
			headAt = at
			t = slices.Clone(t)
			binary.BigEndian.PutUint32(t[8:], 0) // checkSumAdjustment, set below
		}
		b = append(b, t...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		e := b[dir+16*i:]
		copy(e, tag)
		binary.BigEndian.PutUint32(e[4:], checksum(b[at:]))
		binary.BigEndian.PutUint32(e[8:], uint32(at))
		binary.BigEndian.PutUint32(e[12:], uint32(len(t)))
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(b[headAt+8:], 0xB1B0AFBA-checksum(b))
	}
	return b
}

// checksum is the OpenType table checksum: the sum of b as big-endian
// 32-bit words (b padded to four bytes).
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

package figure

import (
	"bytes"
	_ "embed"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/font/opentype/tables"
	"github.com/go-text/typesetting/harfbuzz"
	"github.com/go-text/typesetting/language"
)

// The chart font: DejaVu Sans, Book and Bold, copied from the npm package
// dejavu-fonts-ttf by tools/bundle (font/LICENSE is its licence). Headless
// Chromium on Debian draws sans-serif with the same faces, so text measured
// here is as wide as the live chart measures it.
var (
	//go:embed font/DejaVuSans.ttf
	bookTTF []byte
	//go:embed font/DejaVuSans-Bold.ttf
	boldTTF []byte
	//go:embed font/LICENSE
	fontLicense string
)

// FontFamily is the CSS font-family the figures name for their text.
const FontFamily = "DejaVu Sans, sans-serif"

// FontLicense is the licence of the embedded font (the Bitstream Vera and
// Arev licences, with DejaVu's changes in the public domain).
func FontLicense() string { return fontLicense }

// FontTTF returns the TrueType file of the face drawn at weight (see
// Measure): DejaVu Sans Bold for 600 and heavier, Book for the rest. It is
// the embedded file itself: callers must not modify it.
func FontTTF(weight int) []byte {
	if bold(weight) {
		return boldTTF
	}
	return bookTTF
}

// bold reports whether text of the CSS weight is drawn with the Bold face:
// with two faces, a browser draws 600 and heavier in Bold.
func bold(weight int) bool { return weight >= 600 }

// Measure returns the advance width in CSS px of one line of text drawn in
// the chart font at size px and CSS weight (400 normal, 600 and up bold),
// shaped as a browser shapes it by default, with kerning and without
// ligatures: what canvas measureText says in Chromium with the web faces
// (WebFaces), which have none. (With the whole font installed, Chromium
// would join fi, fl and ff.)
//
// It is safe for concurrent use. Text of Latin, Greek and Cyrillic letters,
// digits, punctuation and the common symbols is measured from cached
// advances and kerning pairs without allocating; anything else (combining
// marks, ligatures, other scripts) is shaped in full and the result kept.
func Measure(text string, size float64, weight int) float64 {
	f := faceFor(weight)
	return float64(f.units(text)) * size / f.upem
}

var (
	facesOnce sync.Once
	faces     [2]*face
)

func faceFor(weight int) *face {
	facesOnce.Do(func() {
		faces[0] = mustFace(bookTTF)
		faces[1] = mustFace(boldTTF)
	})
	if bold(weight) {
		return faces[1]
	}
	return faces[0]
}

// denseRunes is the end of the runes whose glyphs are looked up in a table:
// Latin, Greek, Cyrillic, general punctuation, super- and subscripts,
// letterlike symbols, arrows and mathematical operators.
const denseRunes = 0x2300

// asciiPairs is the number of printable ASCII runes, whose kerning pairs
// are computed once.
const asciiPairs = 0x7f - 0x20

// Rune classes in face.class.
const (
	runeMissing = iota // no glyph, or outside the table: shaped in full
	runeComplex        // may take part in a substitution or mark: shaped in full
	runeCommon         // digits, punctuation, symbols: of no script
	runeLatin
	runeGreek
	runeCyrillic
)

// face is one face of the chart font, with what Measure needs of it.
type face struct {
	upem            float64
	ascent, descent float64 // font units, positive (hhea)
	// typoAscent and typoHeight are the OS/2 typographic ascent and
	// ascent + descent, in font units, which divide the em box (see
	// BaselineShift).
	typoAscent, typoHeight float64

	glyph [denseRunes]uint16 // rune → glyph
	class [denseRunes]uint8
	// part is the part of the web faces each rune is drawn from
	// (webPart): no kerning applies between runes of two parts, since a
	// browser shapes each face's run of text alone.
	part [denseRunes]uint8
	adv  []int16 // glyph → advance

	// kern holds the kerning lookups of the script classes (index
	// runeCommon... runeCyrillic); asciiKern caches them for printable
	// ASCII pairs, [script][left-0x20][right-0x20].
	kern      [runeCyrillic + 1][]tables.PairPos
	asciiKern [runeCyrillic + 1][asciiPairs * asciiPairs]int16

	// ligatures holds the glyph pairs (first<<16 | second) a default
	// ligature starts with: text holding one is shaped in full.
	ligatures map[uint32]bool

	mu     sync.Mutex
	shaper *harfbuzz.Font
	shaped map[string]int32
}

func mustFace(ttf []byte) *face {
	f, err := newFace(ttf)
	if err != nil {
		panic("figure: the embedded font: " + err.Error()) // only a broken build gets here
	}
	return f
}

func newFace(ttf []byte) (*face, error) {
	ld, err := opentype.NewLoader(bytes.NewReader(ttf))
	if err != nil {
		return nil, err
	}
	fnt, err := font.NewFont(ld)
	if err != nil {
		return nil, err
	}
	hf := &font.Face{Font: fnt}
	ext, _ := hf.FontHExtents()
	f := &face{
		upem:    float64(fnt.Upem()),
		ascent:  float64(ext.Ascender),
		descent: -float64(ext.Descender),
		shaper:  harfbuzz.NewFont(hf),
		shaped:  map[string]int32{},
	}
	f.typoAscent, f.typoHeight = f.ascent, f.ascent+f.descent
	if raw, err := ld.RawTable(opentype.MustNewTag("OS/2")); err == nil {
		if os2, _, err := tables.ParseOs2(raw); err == nil && os2.STypoAscender > 0 && os2.STypoAscender > os2.STypoDescender {
			f.typoAscent = float64(os2.STypoAscender)
			f.typoHeight = float64(os2.STypoAscender) - float64(os2.STypoDescender)
		}
	}
	complexGlyphs, ligatures := substituted(fnt)
	f.ligatures = ligatures
	maxGlyph := uint16(0)
	for r := rune(0); r < denseRunes; r++ {
		g, ok := fnt.NominalGlyph(r)
		if !ok || g > 0xffff || g == 0 {
			continue
		}
		f.glyph[r] = uint16(g)
		maxGlyph = max(maxGlyph, uint16(g))
		switch {
		case complexGlyphs[tables.GlyphID(g)], unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf, unicode.Cc), r == 0x34f, r >= 0x115f && r <= 0x1160, r >= 0x180b && r <= 0x180f:
			// marks, and what HarfBuzz draws as nothing (default ignorables)
			f.class[r] = runeComplex
		case unicode.Is(unicode.Latin, r):
			f.class[r] = runeLatin
		case unicode.Is(unicode.Greek, r):
			f.class[r] = runeGreek
		case unicode.Is(unicode.Cyrillic, r):
			f.class[r] = runeCyrillic
		case unicode.In(r, unicode.Common):
			f.class[r] = runeCommon
		default:
			f.class[r] = runeComplex // another script, or inherited
		}
	}
	// A canvas measures (and SVG with xml:space="preserve" draws) tab,
	// line feed, form feed and carriage return as spaces.
	for r := range rune(denseRunes) {
		f.part[r] = webPart(r)
	}
	for _, r := range []rune{'\t', '\n', '\f', '\r'} {
		f.glyph[r], f.class[r], f.part[r] = f.glyph[' '], f.class[' '], f.part[' ']
	}
	f.adv = make([]int16, int(maxGlyph)+1)
	for g := range f.adv {
		f.adv[g] = int16(hf.HorizontalAdvance(font.GID(g)))
	}
	for cls, tag := range map[int]string{runeCommon: "DFLT", runeLatin: "latn", runeGreek: "grek", runeCyrillic: "cyrl"} {
		f.kern[cls] = kernLookups(fnt, tag)
		for a := range asciiPairs {
			for b := range asciiPairs {
				f.asciiKern[cls][a*asciiPairs+b] = pairKern(f.kern[cls], f.glyph[a+0x20], f.glyph[b+0x20])
			}
		}
	}
	return f, nil
}

// defaultSubst are the substitution features a browser applies by default
// to horizontal text of the scripts Measure measures itself, less the
// ligatures (liga, clig), which the web faces the pages draw with do not
// have (webfont.go).
var defaultSubst = []string{"ccmp", "locl", "rlig", "rclt", "calt"}

// noLigatures turns off the default ligatures when text is shaped in full.
var noLigatures = []harfbuzz.Feature{
	{Tag: opentype.MustNewTag("liga"), Value: 0, Start: 0, End: harfbuzz.FeatureGlobalEnd},
	{Tag: opentype.MustNewTag("clig"), Value: 0, Start: 0, End: harfbuzz.FeatureGlobalEnd},
}

// substituted returns the glyphs a default substitution of the font may
// start at, and of those that start a ligature only, the pairs of glyphs
// (first<<16 | second) a ligature starts with: text holding one (or one of
// the pairs) is shaped in full. Contextual lookups are left out: the
// font's (DejaVu's ccmp) act only on combining marks, which are shaped in
// full anyway (TestMeasureFastMatchesShaping holds this to full shaping).
func substituted(fnt *font.Font) (glyphs map[tables.GlyphID]bool, ligatures map[uint32]bool) {
	glyphs, ligatures = map[tables.GlyphID]bool{}, map[uint32]bool{}
	ligFirst := map[tables.GlyphID]bool{}
	for _, lk := range lookupsOf(fnt.GSUB.Layout, []string{"DFLT", "latn", "grek", "cyrl"}, defaultSubst) {
		for _, st := range fnt.GSUB.Lookups[lk].Subtables {
			switch st := st.(type) {
			case tables.ContextualSubs, tables.ChainedContextualSubs:
				continue
			case tables.LigatureSubs:
				for g := range 0x10000 {
					idx, ok := st.Coverage.Index(tables.GlyphID(g))
					if !ok || idx >= len(st.LigatureSets) {
						continue
					}
					for _, lig := range st.LigatureSets[idx].Ligatures {
						if len(lig.ComponentGlyphIDs) == 0 {
							glyphs[tables.GlyphID(g)] = true // a ligature of one glyph
							continue
						}
						ligFirst[tables.GlyphID(g)] = true
						ligatures[uint32(g)<<16|uint32(lig.ComponentGlyphIDs[0])] = true
					}
				}
				continue
			}
			cov := st.Cov()
			for g := range 0x10000 {
				if _, ok := cov.Index(tables.GlyphID(g)); ok {
					glyphs[tables.GlyphID(g)] = true
				}
			}
		}
	}
	return glyphs, ligatures
}

// lookupsOf lists the lookups of the features named, for the default
// language of the scripts named, in order.
func lookupsOf(l font.Layout, scripts, features []string) []uint16 {
	seen := map[uint16]bool{}
	var out []uint16
	for _, s := range l.Scripts {
		if !hasTag(scripts, s.Tag) || s.DefaultLangSys == nil {
			continue
		}
		for _, fi := range s.DefaultLangSys.FeatureIndices {
			if int(fi) >= len(l.Features) || !hasTag(features, l.Features[fi].Tag) {
				continue
			}
			for _, lk := range l.Features[fi].LookupListIndices {
				if !seen[lk] {
					seen[lk] = true
					out = append(out, lk)
				}
			}
		}
	}
	return out
}

func hasTag(names []string, tag font.Tag) bool {
	for _, n := range names {
		if opentype.MustNewTag(n) == tag {
			return true
		}
	}
	return false
}

// kernLookups returns the pair-positioning subtables of the kern feature
// of the script (falling back on DFLT), in lookup order.
func kernLookups(fnt *font.Font, script string) []tables.PairPos {
	lks := lookupsOf(fnt.GPOS.Layout, []string{script}, []string{"kern"})
	if lks == nil {
		lks = lookupsOf(fnt.GPOS.Layout, []string{"DFLT"}, []string{"kern"})
	}
	var out []tables.PairPos
	for _, lk := range lks {
		for _, st := range fnt.GPOS.Lookups[lk].Subtables {
			if pp, ok := st.(tables.PairPos); ok {
				out = append(out, pp)
			}
		}
	}
	return out
}

// pairKern is the kerning of the glyph pair l, r in font units: the first
// subtable covering l in each lookup decides, as in HarfBuzz.
func pairKern(pps []tables.PairPos, l, r uint16) int16 {
	var k int16
	for _, pp := range pps {
		idx, ok := pp.Cov().Index(tables.GlyphID(l))
		if !ok {
			continue
		}
		switch d := pp.Data.(type) {
		case tables.PairPosData1:
			if idx < len(d.PairSets) {
				if rec, ok := d.PairSets[idx].FindGlyph(tables.GlyphID(r)); ok {
					k += rec.ValueRecord1.XAdvance + rec.ValueRecord2.XAdvance
				}
			}
		case tables.PairPosData2:
			c1, _ := d.ClassDef1.Class(tables.GlyphID(l))
			c2, _ := d.ClassDef2.Class(tables.GlyphID(r))
			rec := d.Record(c1, c2)
			k += rec.ValueRecord1.XAdvance + rec.ValueRecord2.XAdvance
		}
	}
	return k
}

// units is the advance width of text in font units.
func (f *face) units(text string) int32 {
	if w, ok := f.fast(text); ok {
		return w
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if w, ok := f.shaped[text]; ok {
		return w
	}
	w := f.shape(text)
	f.shaped[text] = w
	return w
}

// fast measures text from the tables, if every rune of it is in them and
// takes part in no substitution, and its letters are of one script.
func (f *face) fast(text string) (int32, bool) {
	script := uint8(runeCommon)
	for i := 0; i < len(text); {
		r, n := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[i:])
		}
		i += n
		if r >= denseRunes {
			return 0, false
		}
		switch c := f.class[r]; c {
		case runeMissing, runeComplex:
			return 0, false
		case runeCommon:
		default:
			if script != runeCommon && script != c {
				return 0, false
			}
			script = c
		}
	}
	var w int32
	prev := rune(-1)
	for _, r := range text {
		g := f.glyph[r]
		if prev >= 0 && f.ligatures[uint32(f.glyph[prev])<<16|uint32(g)] {
			return 0, false
		}
		w += int32(f.adv[g])
		if prev >= 0 {
			if prev >= 0x20 && prev < 0x7f && r >= 0x20 && r < 0x7f {
				w += int32(f.asciiKern[script][(prev-0x20)*asciiPairs+(r-0x20)])
			} else if f.part[prev] == f.part[r] {
				w += int32(pairKern(f.kern[script], f.glyph[prev], g))
			}
		}
		prev = r
	}
	return w, true
}

// shape measures text shaped in full by HarfBuzz (go-text's port), in runs
// of one script and one part of the web faces (webPart), as a browser
// segments it. f.mu is held.
func (f *face) shape(text string) int32 {
	var w int32
	runes := []rune(text)
	for i, r := range runes {
		if r == '\t' || r == '\n' || r == '\f' || r == '\r' {
			runes[i] = ' ' // as the fast path
		}
	}
	for start := 0; start < len(runes); {
		end, script := scriptRun(runes, start)
		for i := start + 1; i < end; i++ {
			if webPart(runes[i]) != webPart(runes[start]) { // white space is a space by now
				end = i
				break
			}
		}
		buf := harfbuzz.NewBuffer()
		buf.AddRunes(runes, start, end-start)
		buf.Props.Direction = harfbuzz.LeftToRight
		buf.Props.Script = script
		buf.GuessSegmentProperties()
		buf.Shape(f.shaper, noLigatures)
		for _, p := range buf.Pos {
			w += p.XAdvance
		}
		start = end
	}
	return w
}

// scriptRun finds the run of text from start in one script: runes of no
// script (Common, Inherited) join the run they stand in, as in a browser's
// segmentation.
func scriptRun(runes []rune, start int) (int, language.Script) {
	script := language.Common
	for i := start; i < len(runes); i++ {
		s := language.LookupScript(runes[i])
		if s == language.Common || s == language.Inherited || s == language.Unknown {
			continue
		}
		if script == language.Common {
			script = s
			continue
		}
		if s != script {
			// the run ends at the last rune of its script, with the
			// common runes after it
			return i, script
		}
	}
	return len(runes), script
}

// MeasureFont is Measure with the size and weight read from a CSS font
// shorthand, as canvas's ctx.font takes it ("bold 13px sans-serif",
// "600 12px DejaVu Sans", "italic 400 16px/1.2 serif"): the family is
// ignored (the chart font is the one font), as is the style.
func MeasureFont(text, font string) float64 {
	size, weight := ParseFont(font)
	return Measure(text, size, weight)
}

// ParseFont reads the size in px and the weight of a CSS font shorthand:
// the weight ("bold", "bolder", "normal", "lighter" or a number from 1 to
// 1000) before the size ("12px", "9pt", "1em" as 16px), the size being
// the first word that starts with a digit or a dot and has a unit. What it
// cannot read is 12 px and weight 400, the canvas's default (10px
// sans-serif aside, which ECharts never leaves in place).
func ParseFont(font string) (size float64, weight int) {
	size, weight = 12, 400
	for rest := font; rest != ""; {
		var word string
		word, rest = nextWord(rest)
		if word == "" {
			continue
		}
		switch word {
		case "bold", "bolder":
			weight = 700
			continue
		case "lighter":
			weight = 300
			continue
		}
		if c := word[0]; c < '0' || c > '9' {
			if c != '.' {
				continue
			}
		}
		if digits(word) {
			if w, err := strconv.Atoi(word); err == nil && w >= 1 && w <= 1000 {
				weight = w
			}
			continue
		}
		if i := strings.IndexByte(word, '/'); i >= 0 {
			word = word[:i] // the line height
		}
		for _, u := range [...]struct {
			unit  string
			scale float64
		}{{"px", 1}, {"pt", 96.0 / 72}, {"em", 16}, {"rem", 16}} {
			if num, ok := strings.CutSuffix(word, u.unit); ok && number(num) {
				if v, err := strconv.ParseFloat(num, 64); err == nil && v > 0 && !math.IsInf(v, 0) {
					return v * u.scale, weight
				}
			}
		}
	}
	return size, weight
}

// digits reports whether s is all ASCII digits (and not empty).
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// number reports whether s is digits with at most one dot, which
// strconv.ParseFloat reads without an error (and so without allocating).
func number(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.' && !dot:
			dot = true
		case c < '0' || c > '9':
			return false
		}
	}
	return s != "" && s != "."
}

// nextWord cuts the first space-separated word off s.
func nextWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " \t")
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

package texbox

import (
	"fmt"
	"strings"
	"sync"

	"github.com/scalesite/scalesite/internal/katex"
	"github.com/tdewolff/canvas"
	"github.com/tdewolff/font"
)

// face is one of KaTeX's fonts, parsed from its WOFF2 file.
type face struct {
	name string // the file's name without .woff2: "KaTeX_Main-Regular"
	sfnt *font.SFNT
	upem float64
}

// faceKey names a face as katex.css's @font-face rules do.
type faceKey struct {
	family string
	bold   bool
	italic bool
}

// faceSet is every KaTeX font, each parsed once per process on its first
// use (a formula's title uses three or four of the twenty, and parsing
// them all takes some 60 ms), so that a site without TeX in its charts
// pays nothing.
type faceSet struct {
	byKey map[faceKey]func() (*face, error)
}

var faces = sync.OnceValues(loadFaces)

// loadFaces finds the WOFF2 fonts katex.Files embeds, naming each by the
// family, weight and style its file name says (KaTeX_Main-BoldItalic is
// KaTeX_Main at weight 700, italic), as katex.css's @font-face rules do.
func loadFaces() (*faceSet, error) {
	set := &faceSet{byKey: map[faceKey]func() (*face, error){}}
	for _, f := range katex.Files() {
		name, ok := strings.CutPrefix(f.Name, "fonts/")
		if !ok || !strings.HasSuffix(name, ".woff2") {
			continue
		}
		name = strings.TrimSuffix(name, ".woff2")
		family, variant, ok := strings.Cut(name, "-")
		if !ok {
			return nil, fmt.Errorf("texbox: KaTeX's font %s has no variant in its name", f.Name)
		}
		key := faceKey{family: family, bold: strings.Contains(variant, "Bold"), italic: strings.Contains(variant, "Italic")}
		set.byKey[key] = sync.OnceValues(func() (*face, error) {
			sfnt, err := font.ParseFont(f.Data, 0)
			if err != nil {
				return nil, fmt.Errorf("KaTeX's font %s: %w", f.Name, err)
			}
			return &face{name: name, sfnt: sfnt, upem: float64(sfnt.Head.UnitsPerEm)}, nil
		})
	}
	if len(set.byKey) == 0 {
		return nil, fmt.Errorf("texbox: no KaTeX fonts are embedded")
	}
	return set, nil
}

// lookup finds the face a browser would draw family at the weight and
// style with, by CSS font matching: an italic face stands in for a normal
// one and a bold face for a regular one, as the browser draws them. A face
// the browser would synthesize (slanting a normal face, emboldening a
// regular one) is an error: its outlines are not in the fonts.
func (s *faceSet) lookup(family string, bold, italic bool) (*face, error) {
	// style first, then weight, as CSS matches them
	candidates := []faceKey{{family, bold, italic}}
	if !bold {
		candidates = append(candidates, faceKey{family, true, italic})
	}
	if !italic {
		candidates = append(candidates, faceKey{family, bold, true})
		if !bold {
			candidates = append(candidates, faceKey{family, true, true})
		}
	}
	for _, k := range candidates {
		if load := s.byKey[k]; load != nil {
			return load()
		}
	}
	weight, style := "regular", "upright"
	if bold {
		weight = "bold"
	}
	if italic {
		style = "italic"
	}
	return nil, fmt.Errorf("KaTeX has no %s %s face of %s (a browser would synthesize one)", weight, style, family)
}

// glyph is a character's glyph in a face.
func (f *face) glyph(r rune) (uint16, bool) {
	id := f.sfnt.GlyphIndex(r)
	return id, id != 0
}

// advance is the glyph's advance width at size px.
func (f *face) advance(id uint16, size float64) float64 {
	return float64(f.sfnt.GlyphAdvance(id)) * size / f.upem
}

// outline appends the glyph's outline, size px, its origin at x, y on
// the baseline (y down), to p.
func (f *face) outline(p *canvas.Path, id uint16, x, y, size float64) error {
	return f.sfnt.GlyphPath(flipped{p, x, y}, id, 0, 0, 0, size/f.upem, font.NoHinting)
}

// metrics are the face's ascent and descent (hhea), in em: the glyph boxes
// a browser reports span them.
func (f *face) metrics() (ascent, descent float64) {
	return float64(f.sfnt.Hhea.Ascender) / f.upem, -float64(f.sfnt.Hhea.Descender) / f.upem
}

// flipped is a font.Pather that draws onto a canvas path with y down,
// from the origin x, y: fonts have y up.
type flipped struct {
	p    *canvas.Path
	x, y float64
}

func (f flipped) MoveTo(x, y float64) { f.p.MoveTo(f.x+x, f.y-y) }
func (f flipped) LineTo(x, y float64) { f.p.LineTo(f.x+x, f.y-y) }
func (f flipped) QuadTo(cx, cy, x, y float64) {
	f.p.QuadTo(f.x+cx, f.y-cy, f.x+x, f.y-y)
}
func (f flipped) CubeTo(c1x, c1y, c2x, c2y, x, y float64) {
	f.p.CubeTo(f.x+c1x, f.y-c1y, f.x+c2x, f.y-c2y, f.x+x, f.y-y)
}
func (f flipped) Close() { f.p.Close() }

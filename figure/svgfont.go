package figure

import (
	"encoding/base64"
	"fmt"
	"slices"
	"sync"
)

// EmbeddedFamily is the font-family an SVG written with EmbedFont names
// first: the chart font's faces carried in the SVG itself.
const EmbeddedFamily = "scalesite-chart"

// svgFontFaces is the CSS of an SVG's own font: for each weight its texts
// use, an @font-face of the chart font cut to the characters they draw
// (a WOFF file as a data: URL). A reader that shows the picture as an
// image (a feed reader, a mail client) loads no web font and may have no
// DejaVu Sans: its own sans-serif draws superscripts as boxes, and other
// widths than the layout measured. Characters the chart font lacks are
// left to the family's fallbacks.
func svgFontFaces(s *Scene) (string, error) {
	var runes [2][]rune // Book, Bold
	var seen [2]map[rune]bool
	for i := range s.Items {
		it := &s.Items[i]
		if it.Kind != "text" || it.Text == "" {
			continue
		}
		w := 0
		if bold(it.Weight) {
			w = 1
		}
		if seen[w] == nil {
			seen[w] = map[rune]bool{}
		}
		for _, r := range it.Text {
			if !seen[w][r] {
				seen[w][r] = true
				runes[w] = append(runes[w], r)
			}
		}
	}
	css := ""
	for w, rs := range runes {
		if len(rs) == 0 {
			continue
		}
		slices.Sort(rs) // the same face for the same texts in any order
		face, err := svgFaces.get(400+300*w, rs)
		if err != nil {
			return "", err
		}
		css += face
	}
	return css, nil
}

// svgFaces keeps the @font-face rules svgFontFaces made: the charts of a
// site draw much the same characters (digits, the same axis titles), and
// a face costs a subset of the font and a dozen deflated tables.
var svgFaces = faceCache{faces: map[string]string{}}

// faceCache is a cache of @font-face rules by weight and characters,
// emptied when it holds maxFaces. Safe for concurrent use.
type faceCache struct {
	mu    sync.Mutex
	faces map[string]string
}

// maxFaces bounds faceCache: a rule is a few KB.
const maxFaces = 512

// get is the @font-face rule of the chart font of weight cut to runes
// (sorted, each once).
func (c *faceCache) get(weight int, runes []rune) (string, error) {
	key := fmt.Sprint(weight) + "\x00" + string(runes)
	c.mu.Lock()
	css, ok := c.faces[key]
	c.mu.Unlock()
	if ok {
		return css, nil
	}
	face, err := webFace(FontTTF(weight), runes)
	if err != nil {
		return "", fmt.Errorf("figure: the SVG's font of weight %d: %w", weight, err)
	}
	css = fmt.Sprintf(`@font-face{font-family:%s;font-weight:%d;src:url(data:font/woff;base64,%s) format("woff")}`,
		EmbeddedFamily, weight, base64.StdEncoding.EncodeToString(face))
	c.mu.Lock()
	if len(c.faces) >= maxFaces {
		clear(c.faces)
	}
	c.faces[key] = css
	c.mu.Unlock()
	return css, nil
}

package render

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tfont "github.com/tdewolff/font"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/site"
)

// feedGallery are demo gallery pages whose charts the feed test draws:
// superscripted tick labels (log axes), TeX titles, panels, fits, many
// series.
var feedGallery = []string{"kaplan-tex-titles", "chinchilla-two-panel-fits", "emergent-abilities", "mmlu-vs-params"}

// TestFeedPicture draws real gallery charts and reads each chart's SVG
// file (the feed's picture) as a feed reader shows it, at most 650 px
// wide: every text is at least 11 px there, and the SVG carries a font
// (an @font-face of a data: URL) that has a glyph for every character its
// texts draw, in each weight they use. On the old drawing (the 1006 px
// picture, the reader's fonts) text was 7.8 px and no font was carried.
func TestFeedPicture(t *testing.T) {
	refs, err := os.ReadFile(filepath.Join("..", "content", "refs.bib"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"scalesite.yaml":   "title: S\nbaseURL: https://example.org/\nstaticFigures: true\nbibliography: content/refs.bib\n",
		"content/refs.bib": string(refs),
	}
	for _, name := range feedGallery {
		dir := filepath.Join("..", "content", "gallery", name)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files["content/gallery/"+name+"/"+e.Name()] = string(b)
		}
	}
	got := renderSite(t, files, site.Options{})
	n := 0
	for path, svg := range got {
		if !strings.HasSuffix(path, ".svg") || !strings.Contains(path, "/chart-") {
			continue
		}
		n++
		checkFeedSVG(t, path, []byte(svg))
	}
	if n < len(feedGallery) {
		t.Errorf("%d chart SVG files, want one for each chart of %d pages", n, len(feedGallery))
	}
}

var fontFaceRule = regexp.MustCompile(`@font-face\{font-family:` + figure.EmbeddedFamily + `;font-weight:(\d+);src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)`)

func checkFeedSVG(t *testing.T, path string, svg []byte) {
	t.Helper()
	faces := map[int]*tfont.SFNT{}
	for _, m := range fontFaceRule.FindAllSubmatch(svg, -1) {
		weight, _ := strconv.Atoi(string(m[1]))
		woff, err := base64.StdEncoding.DecodeString(string(m[2]))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ttf, err := tfont.ParseWOFF(woff)
		if err != nil {
			t.Fatalf("%s: the font of weight %d: %v", path, weight, err)
		}
		if faces[weight], err = tfont.ParseSFNT(ttf, 0); err != nil {
			t.Fatalf("%s: the font of weight %d: %v", path, weight, err)
		}
	}
	if len(faces) == 0 {
		t.Errorf("%s: no embedded font", path)
	}
	type style struct {
		size   float64
		weight int
		text   bool
	}
	d := xml.NewDecoder(bytes.NewReader(svg))
	var stack []style
	shown := 0.0 // the scale the picture is shown at in a 650 px column
	minSize, texts := 1e9, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			st := style{12, 400, false}
			if len(stack) > 0 {
				st = stack[len(stack)-1]
			}
			st.text = st.text || tok.Name.Local == "text"
			for _, a := range tok.Attr {
				switch a.Name.Local {
				case "font-size":
					st.size, _ = strconv.ParseFloat(a.Value, 64)
				case "font-weight":
					if a.Value == "bold" {
						st.weight = 700
					}
				case "width":
					if tok.Name.Local == "svg" {
						w, _ := strconv.ParseFloat(a.Value, 64)
						shown = min(1, 650/w)
					}
				case "font-family":
					if tok.Name.Local == "svg" && !strings.HasPrefix(a.Value, figure.EmbeddedFamily+",") {
						t.Errorf("%s: font-family %q names the embedded font not first", path, a.Value)
					}
				}
			}
			stack = append(stack, st)
			if tok.Name.Local == "text" {
				texts++
				minSize = min(minSize, st.size)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			st := stack[len(stack)-1]
			if !st.text {
				continue
			}
			face := faces[st.weight]
			for _, r := range string(tok) {
				if face == nil || face.GlyphIndex(r) == 0 {
					t.Errorf("%s: the embedded font of weight %d has no %q", path, st.weight, r)
					break
				}
			}
		}
	}
	if shown == 0 {
		t.Errorf("%s: no width", path)
	}
	if texts == 0 || minSize*shown < 11 {
		t.Errorf("%s: its smallest text is %.1f px in a 650 px column (%d texts), want at least 11", path, minSize*shown, texts)
	}
}

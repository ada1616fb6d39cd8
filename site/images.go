package site

import (
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders image.DecodeConfig reads the size with
	_ "image/jpeg"
	_ "image/png"
	"io"
	"math"
	"path"
	"strconv"
	"strings"

	_ "golang.org/x/image/webp"

	"github.com/scalesite/scalesite/diag"
)

// imgSize is an image's size in CSS pixels; ok is false when the file does
// not say (an SVG sized in percentages, a format scalesite does not read).
type imgSize struct {
	w, h int
	ok   bool
}

// rasterKinds are the formats whose size image.DecodeConfig reads, by the
// extension of their files, each with the name messages give it.
var rasterKinds = map[string]string{
	".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".gif": "GIF", ".webp": "WebP",
}

// svgHead is how much of an SVG file is read to find its <svg> element:
// enough for an XML declaration, a DOCTYPE and a long comment before it.
const svgHead = 1 << 20

// imageSize reads the size of the image in r, the file name: from the
// header of a PNG, JPEG, GIF or WebP file, and from the width, height and
// viewBox of an SVG file's <svg> element. Other formats (AVIF, BMP, ICO...)
// have no size and no error. A file whose content is not the format its
// name says (and no other format read here) is an error.
func imageSize(r io.Reader, name string) (imgSize, error) {
	ext := strings.ToLower(path.Ext(name))
	if ext == ".svg" {
		return svgSize(io.LimitReader(r, svgHead))
	}
	kind, ok := rasterKinds[ext]
	if !ok {
		return imgSize{}, nil
	}
	// A browser goes by the content, not the name: a PNG file named .jpg
	// is shown, and has its size read, as a PNG.
	cfg, _, err := image.DecodeConfig(r)
	switch {
	case errors.Is(err, image.ErrFormat):
		return imgSize{}, fmt.Errorf("is not a %s image", kind)
	case err != nil:
		return imgSize{}, fmt.Errorf("is not a %s image scalesite can read (%v)", kind, err)
	case cfg.Width <= 0 || cfg.Height <= 0:
		return imgSize{}, fmt.Errorf("has no width or height")
	}
	return imgSize{cfg.Width, cfg.Height, true}, nil
}

// svgSize reads the size an SVG image is drawn at by <img>: its width and
// height when both are lengths, else the viewBox's proportions scaled to
// whichever of them is given, else the viewBox's own size.
func svgSize(r io.Reader) (imgSize, error) {
	d := xml.NewDecoder(r)
	d.Strict = false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return imgSize{}, errors.New("is not an SVG image: it has no <svg> element")
		}
		if err != nil {
			return imgSize{}, fmt.Errorf("is not an SVG image scalesite can read (%v)", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if el.Name.Local != "svg" {
			return imgSize{}, fmt.Errorf("is not an SVG image: it starts with <%s>, not <svg>", diag.QuoteIfNeeded(el.Name.Local))
		}
		var w, h float64
		var vw, vh float64
		for _, a := range el.Attr {
			if a.Name.Space != "" {
				continue
			}
			switch a.Name.Local {
			case "width":
				w = svgLength(a.Value)
			case "height":
				h = svgLength(a.Value)
			case "viewBox":
				f := strings.FieldsFunc(a.Value, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
				if len(f) == 4 {
					vw, vh = svgNumber(f[2]), svgNumber(f[3])
				}
			}
		}
		switch {
		case w > 0 && h > 0:
		case w > 0 && vw > 0 && vh > 0:
			h = w * vh / vw
		case h > 0 && vw > 0 && vh > 0:
			w = h * vw / vh
		case vw > 0 && vh > 0:
			w, h = vw, vh
		default:
			return imgSize{}, nil
		}
		return imgSize{int(math.Round(w)), int(math.Round(h)), w >= 0.5 && h >= 0.5}, nil
	}
}

// svgLength reads an SVG width or height in CSS pixels: a number, with px
// or an absolute unit; 0 for a percentage, a relative unit or nonsense.
func svgLength(s string) float64 {
	s = strings.TrimSpace(s)
	for _, u := range []struct {
		unit string
		px   float64
	}{{"px", 1}, {"pt", 4.0 / 3}, {"pc", 16}, {"mm", 96 / 25.4}, {"cm", 96 / 2.54}, {"in", 96}} {
		if num, ok := strings.CutSuffix(s, u.unit); ok {
			return svgNumber(num) * u.px
		}
	}
	return svgNumber(s)
}

// svgNumber reads a positive finite number, or gives 0.
func svgNumber(s string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(f > 0) || math.IsInf(f, 0) || f > 1e6 {
		return 0
	}
	return f
}

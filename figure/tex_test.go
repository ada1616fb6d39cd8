package figure

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/texbox"
)

// texScene is a card-sized Scene whose title is Kaplan et al.'s law,
// typeset, with a plain subtitle under it.
func texScene(t *testing.T, tex string) (*Scene, *texbox.Box) {
	t.Helper()
	r, err := katex.Render(tex, false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := texbox.Layout(r.HTML, 20)
	if err != nil {
		t.Fatal(err)
	}
	return &Scene{Width: 320, Height: 120, Background: "#fff", Items: []Item{
		{Kind: "tex", HTML: r.HTML, X: 160, Y: 20, FontSize: 20, Anchor: "middle", Baseline: "top", Fill: "#1f3a93", Role: "title"},
		{Kind: "text", Text: "test loss", X: 160, Y: 100, FontSize: 12, Anchor: "middle", Fill: "#6e7c8c", Role: "subtitle"},
	}}, b
}

const kaplan = `L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}`

// TestSVGTexGolden writes a Scene with a formula and compares it with
// testdata/tex.svg (go test ./figure -update rewrites it; look at it in a
// browser before committing).
func TestSVGTexGolden(t *testing.T) {
	s, _ := texScene(t, kaplan)
	var b bytes.Buffer
	if err := WriteSVG(&b, s, SVGOptions{Title: "Kaplan"}); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/tex.svg"
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("WriteSVG differs from %s (go test ./figure -update rewrites it):\n%s", golden, b.String())
	}
	checkXML(t, b.Bytes())
	if !strings.Contains(b.String(), `fill="#1f3a93"`) {
		t.Error("the formula is not filled in its colour")
	}
}

// TestPNGTexInk draws the formula and finds its ink in its box (centred
// on X, its top at Y) and nowhere else above the subtitle.
func TestPNGTexInk(t *testing.T) {
	s, box := texScene(t, kaplan)
	var buf bytes.Buffer
	if err := WritePNG(&buf, s, PNGOptions{Scale: 2}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	x0, x1 := 160-box.Width/2, 160+box.Width/2
	y0, y1 := 20.0, 20+box.Ascent+box.Descent
	inside, outside := 0, 0
	for py := 0; py < 2*90; py++ {
		for px := 0; px < 2*320; px++ {
			r, g, b, _ := img.At(px, py).RGBA()
			if r>>8 > 0xc0 && g>>8 > 0xc0 && b>>8 > 0xc0 {
				continue // paper
			}
			x, y := float64(px)/2, float64(py)/2
			if x >= x0-1 && x <= x1+1 && y >= y0-1 && y <= y1+1 {
				inside++
			} else {
				outside++
			}
		}
	}
	if inside < 500 || outside > 0 {
		t.Errorf("%d inked pixels in the formula's box %.1f–%.1f × %.1f–%.1f, %d outside it", inside, x0, x1, y0, y1, outside)
	}
}

func TestPDFTex(t *testing.T) {
	s, _ := texScene(t, kaplan)
	var with, without bytes.Buffer
	if err := WritePDF(&with, s, PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	s.Items = s.Items[1:]
	if err := WritePDF(&without, s, PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	if with.Len() <= without.Len()+500 {
		t.Errorf("the PDF with the formula is %d bytes, without %d: no outlines drawn", with.Len(), without.Len())
	}
}

// TestTexRefused: a formula texbox cannot lay out is an error of every
// writer, naming what it could not lay out.
func TestTexRefused(t *testing.T) {
	for _, c := range []struct{ tex, want string }{
		{`\color{red}{x}`, "color"},
		{`\boxed{x}`, `class "boxpad"`},
		{`\begin{pmatrix}a\\b\end{pmatrix}`, `class "mtable"`},
	} {
		s, _ := texScene(t, `x`)
		r, err := katex.Render(c.tex, false)
		if err != nil {
			t.Fatal(err)
		}
		s.Items[0].HTML = r.HTML
		for name, write := range map[string]func() error{
			"SVG": func() error { return WriteSVG(&bytes.Buffer{}, s, SVGOptions{}) },
			"PNG": func() error { return WritePNG(&bytes.Buffer{}, s, PNGOptions{}) },
			"PDF": func() error { return WritePDF(&bytes.Buffer{}, s, PDFOptions{}) },
		} {
			if err := write(); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "title") {
				t.Errorf("%s of %s: error %v, want one naming the title and %s", name, c.tex, err, c.want)
			}
		}
	}
}

// TestTexPlacement: Anchor and Baseline place the formula's box.
func TestTexPlacement(t *testing.T) {
	r, err := katex.Render(`N^{-\alpha_N}`, false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := texbox.Layout(r.HTML, 16)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := b.Outline()
	if err != nil {
		t.Fatal(err)
	}
	ink := whole.FastBounds()
	for _, c := range []struct {
		anchor, base string
		dx, dy       float64 // where the box's origin goes, from X, Y
	}{
		{"start", "alphabetic", 0, 0},
		{"middle", "top", -b.Width / 2, b.Ascent},
		{"end", "bottom", -b.Width, -b.Descent},
		{"", "middle", 0, (b.Ascent - b.Descent) / 2},
	} {
		p, err := texInk(&Item{Kind: "tex", HTML: r.HTML, X: 100, Y: 50, FontSize: 16, Anchor: c.anchor, Baseline: c.base})
		if err != nil {
			t.Fatal(err)
		}
		got := p.FastBounds()
		if math.Abs(got.X0-(100+c.dx+ink.X0)) > 1e-9 || math.Abs(got.Y0-(50+c.dy+ink.Y0)) > 1e-9 {
			t.Errorf("%s %s: ink from %.3f, %.3f, want %.3f, %.3f", c.anchor, c.base, got.X0, got.Y0, 100+c.dx+ink.X0, 50+c.dy+ink.Y0)
		}
	}
}

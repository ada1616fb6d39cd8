package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestFigureTeXTitle: scalesite figure --title of a chart titled with TeX
// (Kaplan's notation, issue 34) draws the title typeset, as KaTeX's glyph
// outlines, in SVG, PDF and PNG: no canvas text of it, ink where it
// stands; the same chart titled in plain text draws its title as text.
func TestFigureTeXTitle(t *testing.T) {
	chartOf := func(title string) string {
		return "```chart\ntitle: " + title + "\ndata: k.csv\nx: {field: n, scale: log}\ny: loss\n```\n"
	}
	src := sitetest.New(t, map[string]string{
		"scalesite.yaml":     "title: Lab\n",
		"content/k/index.md": "---\ntitle: K\n---\n" + chartOf(`'Loss $L(N)$ falls as $N^{-\alpha_N}$'`) + "\n" + chartOf("Loss by size"),
		"content/k/k.csv":    "n,loss\n1e6,4.1\n1e7,3.5\n1e8,3.0\n1e9,2.6\n",
	})
	out := t.TempDir()
	draw := func(name string, args ...string) []byte {
		t.Helper()
		var stdout, stderr bytes.Buffer
		file := filepath.Join(out, name)
		if code := runFigure(append([]string{"--source", src, "-o", file}, args...), &stdout, &stderr); code != 0 {
			t.Fatalf("figure %v: exit %d: %s", args, code, stderr.String())
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// the title's ink: a path in the title's colour over the plot
	titleInk := regexp.MustCompile(`<path d="M[^"]+" fill="#3c3c41"/>`)
	titleText := regexp.MustCompile(`<text[^>]*>Loss`)
	svg := string(draw("tex.svg", "--title", "content/k/index.md#1"))
	if titleText.MatchString(svg) || !titleInk.MatchString(svg) {
		t.Errorf("the SVG does not draw the typeset title as outlines (text %v, ink %v)", titleText.MatchString(svg), titleInk.MatchString(svg))
	}
	if plain := string(draw("plain.svg", "--title", "content/k/index.md#2")); !titleText.MatchString(plain) || titleInk.MatchString(plain) {
		t.Errorf("the SVG of a chart titled in plain text does not draw its title as text")
	}
	untitled := draw("untitled.pdf", "content/k/index.md#1")
	if pdf := draw("tex.pdf", "--title", "content/k/index.md#1"); !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < len(untitled)+1000 {
		t.Errorf("the PDF with the typeset title is %d bytes, without it %d: no outlines drawn", len(pdf), len(untitled))
	}
	img, err := png.Decode(bytes.NewReader(draw("tex.png", "--title", "content/k/index.md#1")))
	if err != nil {
		t.Fatal(err)
	}
	// ink in the top tenth, where the title stands (the plot starts lower)
	r := img.Bounds()
	dark := 0
	for y := r.Min.Y; y < r.Min.Y+r.Dy()/10; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c, _, _, _ := img.At(x, y).RGBA(); c < 0x8000 {
				dark++
			}
		}
	}
	if dark < 500 {
		t.Errorf("the PNG has %d dark pixels where the title stands", dark)
	}
}

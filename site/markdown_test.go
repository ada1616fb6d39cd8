package site

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/internal/sitetest"
)

func TestMarkdownConfig(t *testing.T) {
	tests := []struct {
		name   string
		config string
		toc    bool
		unsafe bool
	}{
		{"neither", "title: T\n", false, false},
		{"toc", "toc: true\n", true, false},
		{"unsafe in flow style", "markdown: {unsafe: true}\n", false, true},
		{"unsafe in block style", "markdown:\n  unsafe: true\n", false, true},
		{"unsafe false", "markdown: {unsafe: false}\ntoc: false\n", false, false},
		{"empty markdown", "markdown:\n", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{ConfigFile: tc.config, "content/index.md": "Home\n"}, Options{})
			if s.Config.TOC != tc.toc || s.Config.Markdown.Unsafe != tc.unsafe {
				t.Errorf("toc %v, unsafe %v; want %v, %v", s.Config.TOC, s.Config.Markdown.Unsafe, tc.toc, tc.unsafe)
			}
		})
	}
}

func TestMarkdownConfigErrors(t *testing.T) {
	tests := []struct {
		name, config string
		want         []string
	}{
		{"unsafe not a bool", "markdown: {unsafe: yes please}\n", []string{`scalesite.yaml:1:20: "unsafe" must be true or false`}},
		{"markdown a string", "markdown: unsafe\n", []string{`scalesite.yaml:1:11: markdown must be a mapping, like markdown: {unsafe: true}`}},
		{"unknown key", "markdown: {usafe: true}\n", []string{`scalesite.yaml:1:12: unknown key "usafe" in the markdown settings — did you mean "unsafe"?`}},
		{"toc not a bool", "toc: 3\n", []string{`scalesite.yaml:1:6: "toc" must be true or false`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadErr(t, map[string]string{ConfigFile: tc.config, "content/index.md": "Home\n"})
			if !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestTOCSetting(t *testing.T) {
	tests := []struct {
		name, config, front string
		want                bool
	}{
		{"off by default", "", "", false},
		{"the page asks", "", "toc: true\n", true},
		{"the site asks", "toc: true\n", "", true},
		{"the page declines", "toc: true\n", "toc: false\n", false},
		{"the page asks, the site not", "toc: false\n", "toc: true\n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{ConfigFile: tc.config, "content/p.md": "---\ntitle: P\n" + tc.front + "---\n## A\n"}, Options{})
			if got := page(t, s, "content/p.md").TOC; got != tc.want {
				t.Errorf("TOC = %v, want %v", got, tc.want)
			}
		})
	}
	got := loadErr(t, map[string]string{"content/p.md": "---\ntoc: sometimes\n---\nText\n"})
	if want := []string{`content/p.md:2:6: "toc" must be true or false`}; !slices.Equal(got, want) {
		t.Errorf("errors:\n got %q\nwant %q", got, want)
	}
}

func TestHeadingsAndCode(t *testing.T) {
	src := "---\ntitle: P\n---\n# Title\n\nIntro.\n\n## Loss vs `compute`\n\n### *Fitted* law\n\n> ## Quoted\n\n- ## Listed\n\n## Loss vs `compute`\n\nSetext\n------\n"
	s := load(t, map[string]string{"content/p.md": src}, Options{})
	p := page(t, s, "content/p.md")
	want := []Heading{
		{1, "title", "Title", ""},
		{2, "loss-vs-compute", "Loss vs compute", ""},
		{3, "fitted-law", "Fitted law", ""},
		{2, "loss-vs-compute-1", "Loss vs compute", ""},
		{2, "setext", "Setext", ""},
	}
	if !slices.Equal(p.Headings, want) {
		t.Errorf("headings:\n got %+v\nwant %+v", p.Headings, want)
	}
	if p.Code {
		t.Error("a page without code has Code")
	}
	for _, src := range []string{"```\nx\n```\n", "Text.\n\n    indented\n", "- ```go\n  x\n  ```\n"} {
		s := load(t, map[string]string{"content/p.md": src}, Options{})
		if !page(t, s, "content/p.md").Code {
			t.Errorf("no Code for %q", src)
		}
	}
	s = load(t, map[string]string{"content/p.md": "```chart\ndata: |\n  a,b\n  1,2\nx: a\ny: b\n```\n"}, Options{})
	if page(t, s, "content/p.md").Code {
		t.Error("a chart counts as code")
	}
}

func TestPos(t *testing.T) {
	p := &Body{Page: &Page{Path: "content/p.md"}, Markdown: []byte("ab\nçé x\n"), Line: 4}
	for _, tc := range []struct {
		off  int
		want string
	}{{0, "content/p.md:4:1"}, {1, "content/p.md:4:2"}, {3, "content/p.md:5:1"}, {8, "content/p.md:5:4"}, {99, "content/p.md:6:1"}, {-1, "content/p.md:4:1"}} {
		if got := p.Pos(tc.off).String(); got != tc.want {
			t.Errorf("Pos(%d) = %s, want %s", tc.off, got, tc.want)
		}
	}
}

// pngFile, jpegFile and gifFile are images of w×h pixels.
func pngFile(t *testing.T, w, h int) string {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func jpegFile(t *testing.T, w, h int) string {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func gifFile(t *testing.T, w, h int) string {
	var b bytes.Buffer
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, color.White})
	if err := gif.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// webpFile is the header of a lossless WebP image of w×h pixels: all that
// its size is read from.
func webpFile(w, h int) string {
	var vp8l bytes.Buffer
	vp8l.WriteByte(0x2f)
	_ = binary.Write(&vp8l, binary.LittleEndian, uint32(w-1)|uint32(h-1)<<14)
	vp8l.Write([]byte{0, 0, 0}) // a little of the image data
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(4+8+vp8l.Len()))
	b.WriteString("WEBPVP8L")
	_ = binary.Write(&b, binary.LittleEndian, uint32(vp8l.Len()))
	b.Write(vp8l.Bytes())
	return b.String()
}

// imgTags renders nothing: it lists the width and height set on each image
// of the page's tree, as "dest w×h".
func imgTags(p *Body) []string {
	var out []string
	_ = ast.Walk(p.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if img, ok := n.(*ast.Image); ok && entering {
			size := "-"
			if w, ok := img.AttributeString("width"); ok {
				h, _ := img.AttributeString("height")
				size = fmt.Sprintf("%s×%s", w, h)
			}
			out = append(out, fmt.Sprintf("%s %s", img.Destination, size))
		}
		return ast.WalkContinue, nil
	})
	return out
}

func TestImageSizes(t *testing.T) {
	files := map[string]string{
		"content/p/index.md": "![a](a.png)\n\n![b](b.jpg \"Caption\")\n\n![c](sub/c.gif) ![d](d.webp)\n\n" +
			"![s](/img/s.svg)\n\n![v](v.svg)\n\n![pct](pct.svg)\n\n![r](https://example.org/x.png)\n\n![data](data:image/png;base64,AAAA)\n\n" +
			"![spaces](my%20plot.png?v=2#top)\n\n![up](../shared.png)\n\n![t](t.tiff)\n",
		"content/p/a.png":       pngFile(t, 640, 480),
		"content/p/b.jpg":       jpegFile(t, 33, 17),
		"content/p/sub/c.gif":   gifFile(t, 5, 9),
		"content/p/d.webp":      webpFile(300, 200),
		"static/img/s.svg":      `<?xml version="1.0"?><!-- drawn by hand --><svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80"></svg>`,
		"content/p/v.svg":       `<svg viewBox="0 0 400 100" width="200"/>`,
		"content/p/pct.svg":     `<svg width="100%" height="100%"/>`,
		"content/p/my plot.png": pngFile(t, 2, 3),
		"content/shared.png":    pngFile(t, 8, 8),
		"content/p/t.tiff":      "II*\x00",
	}
	s := load(t, files, Options{})
	p := body(t, s, "content/p/index.md")
	want := []string{
		"a.png 640×480", "b.jpg 33×17", "sub/c.gif 5×9", "d.webp 300×200",
		"/img/s.svg 120×80", "v.svg 200×50", "pct.svg -",
		"https://example.org/x.png -", "data:image/png;base64,AAAA -",
		"my%20plot.png?v=2#top 2×3", "../shared.png 8×8", "t.tiff -",
	}
	if got := imgTags(p); !slices.Equal(got, want) {
		t.Errorf("images:\n got %q\nwant %q", got, want)
	}
	wantFiles := []string{"content/p/a.png", "content/p/b.jpg", "content/p/sub/c.gif", "content/p/d.webp", "static/img/s.svg",
		"content/p/v.svg", "content/p/pct.svg", "content/p/my plot.png", "content/shared.png", "content/p/t.tiff"}
	if !slices.Equal(p.Page.Images, wantFiles) {
		t.Errorf("Images:\n got %q\nwant %q", p.Page.Images, wantFiles)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings: %v", s.Warnings)
	}
}

func TestImageUnderBasePath(t *testing.T) {
	files := map[string]string{
		ConfigFile:         "baseURL: https://u.github.io/repo/\n",
		"content/p.md":     "![a](/img/a.png)\n",
		"static/img/a.png": pngFile(t, 4, 2),
	}
	s := load(t, files, Options{})
	if got := imgTags(body(t, s, "content/p.md")); !slices.Equal(got, []string{"/repo/img/a.png 4×2"}) {
		t.Errorf("images: %q", got)
	}
	// An author who writes the base path too means a folder of that name:
	// links.go puts the base path in front of every site-absolute path.
	files["content/p.md"] = "![a](/img/a.png)\n\n![b](/repo/img/a.png)\n"
	got := loadErr(t, files)
	if want := []string{`content/p.md:3:1: image "/repo/img/a.png" not found (looked for content/repo/img/a.png and static/repo/img/a.png)`}; !slices.Equal(got, want) {
		t.Errorf("errors:\n got %q\nwant %q", got, want)
	}
}

func TestImageErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"missing, in a bundle", map[string]string{"content/p/index.md": "---\ntitle: P\n---\nSee:\n\n  ![Loss](loss.png \"Loss\")\n"},
			[]string{`content/p/index.md:6:3: image "loss.png" not found (looked for content/p/loss.png and static/p/loss.png)`}},
		{"missing, site-relative", map[string]string{"content/p.md": "Text ![x](/img/x.png).\n"},
			[]string{`content/p.md:1:6: image "/img/x.png" not found (looked for content/img/x.png and static/img/x.png)`}},
		{"missing, in a list, after non-ASCII", map[string]string{"content/p.md": "- ü ![x](x.png)\n"},
			[]string{`content/p.md:1:5: image "x.png" not found (looked for content/p/x.png and static/p/x.png)`}},
		{"reference image", map[string]string{"content/p.md": "Text.\n\n![x][img]\n\n[img]: gone.png\n"},
			[]string{`content/p.md:3:1: image "gone.png" not found (looked for content/p/gone.png and static/p/gone.png)`}},
		{"beside a page that is not a folder", map[string]string{"content/a/b.md": "![x](x.png)\n", "content/a/x.png": pngFile(t, 1, 1)},
			[]string{`content/a/b.md:1:1: image "x.png" not found (looked for content/a/b/x.png and static/a/b/x.png); content/a/x.png is beside the page, but the page is published at a/b/, so write ../x.png, or make the page a folder: content/a/b/index.md with the image in it`}},
		{"leaves the site", map[string]string{"content/p.md": "![x](../../../etc/x.png)\n"},
			[]string{`content/p.md:1:1: image "../../../etc/x.png" leaves the site folder: keep images beside the page, under content/ or under static/`}},
		{"two on one page", map[string]string{"content/p.md": "![a](a.png)\n\n![b](b.png)\n"},
			[]string{`content/p.md:1:1: image "a.png" not found (looked for content/p/a.png and static/p/a.png)`,
				`content/p.md:3:1: image "b.png" not found (looked for content/p/b.png and static/p/b.png)`}},
		{"a folder", map[string]string{"content/p/index.md": "![d](d)\n", "content/p/d/x.png": pngFile(t, 1, 1)},
			[]string{`content/p/index.md:1:1: image content/p/d is a folder, not a regular file: scalesite reads only regular files`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadErr(t, tc.files)
			if !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestImageWarnings(t *testing.T) {
	s := load(t, map[string]string{
		"content/p/index.md": "![a](a.png)\n\n![b](b.svg)\n\n![c](c.jpg)\n",
		"content/p/a.png":    "not a png",
		"content/p/b.svg":    "<html><svg/></html>",
		"content/p/c.jpg":    pngFile(t, 3, 4), // a PNG named .jpg is shown, as a PNG
	}, Options{})
	var got []string
	for _, w := range s.Warnings {
		got = append(got, w.Error())
	}
	want := []string{
		`content/p/index.md:1:1: image content/p/a.png: is not a PNG image; it is shown without a width and height, so the page may shift as it loads`,
		`content/p/index.md:3:1: image content/p/b.svg: is not an SVG image: it starts with <html>, not <svg>; it is shown without a width and height, so the page may shift as it loads`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n got %q\nwant %q", got, want)
	}
	if got := imgTags(body(t, s, "content/p/index.md")); got[2] != "c.jpg 3×4" {
		t.Errorf("images: %q", got)
	}
}

func TestImageOverTheFileLimit(t *testing.T) {
	got := loadErr(t, map[string]string{
		ConfigFile:           "limits: {file: 1KB}\n",
		"content/p/index.md": "![a](a.png)\n",
		"content/p/a.png":    strings.Repeat("x", 2048),
	})
	if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "image content/p/a.png is 2KB, over the 1KB limit") {
		t.Errorf("errors: %q", got)
	}
}

func TestImageLinkOutsideTheSite(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.png")
	if err := os.WriteFile(outside, []byte(pngFile(t, 1, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	root := sitetest.New(t, map[string]string{"content/p/index.md": "![a](a.png)\n"})
	if err := os.Symlink(outside, filepath.Join(root, "content", "p", "a.png")); err != nil {
		t.Skip(err)
	}
	_, err := Load(root, Options{})
	if err == nil || !strings.Contains(err.Error(), "content/p/index.md:1:1: image content/p/a.png") {
		t.Errorf("Load: %v", err)
	}
}

func TestImageReload(t *testing.T) {
	root := sitetest.New(t, map[string]string{"content/p/index.md": "![a](a.png)\n", "content/p/a.png": pngFile(t, 10, 20)})
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sitetest.Write(t, root, map[string]string{"content/p/a.png": pngFile(t, 30, 40)})
	n, err := s.Reload([]string{"content/p/a.png"})
	if err != nil {
		t.Fatal(err)
	}
	if got := imgTags(body(t, n, "content/p/index.md")); !slices.Equal(got, []string{"a.png 30×40"}) {
		t.Errorf("after the image changed: %q", got)
	}
	if err := os.Remove(filepath.Join(root, "content", "p", "a.png")); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Reload([]string{"content/p/a.png"}); err == nil || !strings.Contains(err.Error(), `image "a.png" not found`) {
		t.Errorf("after the image was removed: %v", err)
	}
}

func TestSVGSize(t *testing.T) {
	tests := []struct {
		svg  string
		want imgSize
	}{
		{`<svg width="10" height="20"/>`, imgSize{10, 20, true}},
		{`<svg width="1in" height="72pt"/>`, imgSize{96, 96, true}},
		{`<svg width="2.5cm" height="10mm"/>`, imgSize{94, 38, true}},
		{`<svg viewBox="0,0,300,150"/>`, imgSize{300, 150, true}},
		{`<svg viewBox="0 0 300 150" height="50"/>`, imgSize{100, 50, true}},
		{`<svg viewBox="0 0 0 150" height="50"/>`, imgSize{}},
		{`<svg width="10em" height="2em"/>`, imgSize{}},
		{`<svg width="NaN" height="Inf"/>`, imgSize{}},
		{`<svg width="0.1" height="0.1"/>`, imgSize{0, 0, false}},
		{`<!DOCTYPE svg><svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="3" height="4"/>`, imgSize{3, 4, true}},
	}
	for _, tc := range tests {
		got, err := svgSize(strings.NewReader(tc.svg))
		if err != nil || got != tc.want {
			t.Errorf("svgSize(%s) = %+v, %v; want %+v", tc.svg, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "plain text", "<svg", "<html/>"} {
		if _, err := svgSize(strings.NewReader(bad)); err == nil {
			t.Errorf("svgSize(%q) has no error", bad)
		}
	}
}

// FuzzImageSize checks that no file makes the size readers panic or give
// a size below one pixel.
func FuzzImageSize(f *testing.F) {
	f.Add("a.svg", `<svg width="10" height="20"/>`)
	f.Add("a.svg", `<svg viewBox="0 0 1e6 1e-6"/>`)
	f.Add("a.webp", webpFile(3, 4))
	f.Add("a.png", "\x89PNG\r\n\x1a\n")
	f.Add("a.gif", "GIF89a\x01\x00")
	f.Fuzz(func(t *testing.T, name, data string) {
		got, err := imageSize(strings.NewReader(data), name)
		if err == nil && got.ok && (got.w < 1 || got.h < 1) {
			t.Errorf("imageSize(%q) = %+v", name, got)
		}
	})
}

// TestMarkdownLimits: a page past a limit of markdown.Prescan fails at the
// place in the file where it passes it, without goldmark reading it.
func TestMarkdownLimits(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"quotes 33 deep", "Text.\n\n" + strings.Repeat("> ", 33) + "x\n",
			"content/p.md:6:65: block quotes and lists are nested 33 deep here, more than the 32 levels a page may have: nest them less deeply"},
		{"1001 footnotes", strings.Repeat("[^a]: x\n\n", 1001),
			"content/p.md:2004:1: this is footnote 1001 of the page, more than the 1000 footnotes a page may have: split the page"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := sitetest.New(t, map[string]string{
				"scalesite.yaml": "title: T\n",
				"content/p.md":   "---\ntitle: P\n---\n" + tc.body,
			})
			_, err := Load(root, Options{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestChartsOnlyDropsTrees: with ChartsOnly (scalesite figure), Load keeps
// no page's Markdown tree, which can take a few hundred MB, and keeps its
// charts.
func TestChartsOnlyDropsTrees(t *testing.T) {
	root := sitetest.New(t, map[string]string{
		"scalesite.yaml": "title: T\n",
		"data/runs.csv":  "flops,loss\n1e18,3.1\n1e19,2.9\n",
		"content/p.md":   "---\ntitle: P\n---\nText.\n\n```chart\ndata: data/runs.csv\nx: flops\ny: loss\n```\n",
	})
	s, err := Load(root, Options{ChartsOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	p := body(t, s, "content/p.md")
	if p.Doc != nil {
		t.Error("the page keeps its Markdown tree")
	}
	if len(p.Charts) != 1 || p.Charts[0].Spec == nil || len(p.Charts[0].Panels) == 0 {
		t.Errorf("the page's charts are not kept whole: %+v", p.Charts)
	}
}

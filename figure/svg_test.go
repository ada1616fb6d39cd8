package figure

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"strings"
	"testing"
)

// TestSVGGolden writes testScene and compares it with
// testdata/scene.svg (go test ./figure -update rewrites it; look at it in
// a browser before committing).
func TestSVGGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, testScene(), SVGOptions{Title: `Test "scene" <1>`, Desc: "Every item kind & shape."}); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/scene.svg"
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
}

func TestSVGShape(t *testing.T) {
	var b bytes.Buffer
	s := &Scene{Width: 200, Height: 100, Items: []Item{
		{Kind: "text", Text: "a < b & c > \"d\" 'e' ]]>", X: 10, Y: 10, Fill: "#000"},
		{Kind: "text", Text: "ctl\x01\x08\x0b\x0c\x1f\x7f\u0085 \xc3\x28 \ufffe\uffff\U0010FFFF end", X: 10, Y: 30},
		{Kind: "text", Text: "</text><script>alert(1)</script>", X: 10, Y: 50, Fill: `"/><script>alert(1)</script>`},
		{Kind: "path", Points: []float64{0, 0, 1}, Stroke: "#000"},                     // one point and a half: nothing
		{Kind: "path", Points: []float64{0, 0, math.NaN(), 1}, Stroke: "#000"},         // not finite: nothing
		{Kind: "symbol", Shape: "circle", X: math.Inf(1), Y: 1, Size: 3, Fill: "#000"}, // nothing
		{Kind: "path", Points: []float64{0.04, -0.04, 10.25, 3.5, 1e-9, 2}, Stroke: "#000", Clip: 7},
		{Kind: "wobble", Text: "unknown kinds are left out"},
	}}
	if err := WriteSVG(&b, s, SVGOptions{Width: 400, Height: 200, Title: "a\nb"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	checkXML(t, b.Bytes())
	for _, want := range []string{
		`viewBox="0 0 200 100" width="400" height="200" role="img" aria-label="a&#10;b"`,
		`<title>a&#10;b</title>`,
		`>a &lt; b &amp; c &gt; &quot;d&quot; &#39;e&#39; ]]&gt;</text>`,
		"ctl\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd \ufffd( \ufffd\ufffd\U0010FFFF end",
		`&lt;/text&gt;&lt;script&gt;`,
		`fill="none"`, // the hostile colour is not painted
		`<path d="M0 0l10.3 3.5-10.3-1.5" fill="none" stroke="#000"/>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the SVG lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"<script", "NaN", "Inf", "unknown kinds", "clip-path"} {
		if strings.Contains(out, bad) {
			t.Errorf("the SVG holds %q:\n%s", bad, out)
		}
	}
	if n := strings.Count(out, "<path"); n != 1 {
		t.Errorf("%d paths, want 1:\n%s", n, out)
	}

	b.Reset()
	if err := WriteSVG(&b, s, SVGOptions{Responsive: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "width=") || strings.Contains(b.String(), "<title>") {
		t.Errorf("responsive, untitled: %s", b.String())
	}
}

func TestSVGNumbers(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{0, "0"}, {-0.0, "0"}, {-0.04, "0"}, {0.5, ".5"}, {-0.5, "-.5"}, {12, "12"}, {12.34, "12.3"}, {12.35, "12.4"}, {-3.96, "-4"}, {1e7, "10000000"}, {math.NaN(), "0"}} {
		var b bytes.Buffer
		bw := bufioWriter(&b)
		sw := svgWriter{w: bw, out: bw}
		sw.n(c.v)
		bw.Flush()
		if b.String() != c.want {
			t.Errorf("n(%g) = %q, want %q", c.v, b.String(), c.want)
		}
	}
}

// TestSVGSize holds a typical chart (six series of 120 points, lines and
// markers) to its budget: 15 KB gzipped.
func TestSVGSize(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, chartScene(), SVGOptions{Title: "A chart"}); err != nil {
		t.Fatal(err)
	}
	checkXML(t, b.Bytes())
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	zw.Write(b.Bytes())
	zw.Close()
	t.Logf("typical chart: %d bytes, %d gzipped", b.Len(), z.Len())
	if z.Len() > 15000 {
		t.Errorf("typical chart: %d bytes gzipped, over the 15 KB budget", z.Len())
	}
}

// checkXML parses the document with encoding/xml, failing on anything
// not well-formed, and checks the root is an SVG element.
func checkXML(t testing.TB, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if tok.Name.Local != "svg" || tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root element %v", tok.Name)
				}
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if roots != 1 || depth != 0 {
		t.Fatalf("%d root elements, depth %d at the end", roots, depth)
	}
}

// FuzzWriteSVG writes Scenes of random items and checks the output is
// well-formed XML.
func FuzzWriteSVG(f *testing.F) {
	f.Add([]byte("\x00\x01\x02"), "hello <b>", "#fff", 1.5, -3.0, "circle")
	f.Add([]byte("\xff\xfe\x80"), "]]>\x00&amp;", "rgba(0,0,0,.5)", math.Inf(1), math.NaN(), "emptyPin")
	f.Fuzz(func(t *testing.T, data []byte, text, color string, a, b float64, shape string) {
		s := &Scene{Width: a, Height: b, Background: color, Clips: []Rect{{X: a, Y: b, W: 10, H: -1}}}
		kinds := []string{"path", "symbol", "text", text}
		for i, c := range data {
			v := float64(c) - 100
			it := Item{
				Kind: kinds[int(c)%len(kinds)], Text: text, Shape: shape, Fill: color, Stroke: text,
				X: v * a, Y: v + b, Size: v, FontSize: b, Weight: int(c) * 4, Anchor: text, Baseline: shape,
				Rotate: a, LineWidth: v / 10, Dash: []float64{a, b}, Opacity: v / 100, Clip: int(c)%3 - 1,
				Close: c&1 == 1, Role: text,
			}
			for j := 0; j < int(c%7); j++ {
				it.Points = append(it.Points, float64(j)*a, float64(i)*b)
			}
			s.Items = append(s.Items, it)
		}
		var out bytes.Buffer
		if err := WriteSVG(&out, s, SVGOptions{Title: text, Desc: color, Width: a}); err != nil {
			t.Fatal(err)
		}
		checkXML(t, out.Bytes())
	})
}

func BenchmarkWriteSVG(b *testing.B) {
	s := chartScene()
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteSVG(io.Discard, s, SVGOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func bufioWriter(w io.Writer) *bufio.Writer { return bufio.NewWriter(w) }

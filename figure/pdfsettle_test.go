package figure

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWritePDFSameBytes draws one Scene into PDFs a clock second apart:
// their bytes are the same. tdewolff/canvas writes the time into the
// information dictionary and into each subset font's head table, so
// without settlePDF the two differ.
func TestWritePDFSameBytes(t *testing.T) {
	draw := func(opts PDFOptions) []byte {
		var b bytes.Buffer
		if err := WritePDF(&b, titledChartScene(), opts); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	first := draw(PDFOptions{Title: "Loss"})
	// the clocks tdewolff writes count seconds: the next drawing is in
	// another second (an event of the clock, not a sleep of a guessed length)
	for t0 := time.Now().Unix(); time.Now().Unix() == t0; {
		time.Sleep(10 * time.Millisecond)
	}
	second := draw(PDFOptions{Title: "Loss"})
	if !bytes.Equal(first, second) {
		at := 0
		for at < min(len(first), len(second)) && first[at] == second[at] {
			at++
		}
		t.Errorf("two drawings of one Scene differ from byte %d (of %d and %d)", at, len(first), len(second))
	}
	if bytes.Contains(first, []byte("/CreationDate")) {
		t.Error("a PDF drawn without a date has a CreationDate")
	}
	for _, f := range pdfFonts(t, first) {
		checkFontChecksums(t, f)
		if created, modified := fontDates(f); modified != created {
			t.Errorf("a font's modification date is %v, not its creation date %v", modified, created)
		}
	}

	date := time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC)
	dated := draw(PDFOptions{Title: "Loss", Date: date})
	if !bytes.Contains(dated, []byte("/CreationDate(D:20231114221320Z)")) {
		t.Errorf("a PDF drawn on %v has no CreationDate of it", date)
	}
	fonts := pdfFonts(t, dated)
	if len(fonts) != 2 {
		t.Errorf("%d fonts; the Scene's text is in Book and Bold", len(fonts))
	}
	for _, f := range fonts {
		checkFontChecksums(t, f)
		if _, modified := fontDates(f); !modified.Equal(date) {
			t.Errorf("a font's modification date is %v, want %v", modified, date)
		}
	}
	if !bytes.Equal(dated, draw(PDFOptions{Title: "Loss", Date: date})) {
		t.Error("two drawings of one Scene on one date differ")
	}
	checkPDF(t, dated)
}

// TestWritePDFFontsTrueType lists the fonts of a chart's PDF with
// pdffonts (poppler-utils): each is embedded, as TrueType (CID TrueType:
// glyph outlines a viewer hints and a journal's preflight accepts), never
// Type 3 (glyphs as drawings, which journals reject and text selection
// and search lose).
func TestWritePDFFontsTrueType(t *testing.T) {
	pdffonts, err := exec.LookPath("pdffonts")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdffonts is not installed (apt-get install poppler-utils)")
		}
		t.Skip("pdffonts is not installed (apt-get install poppler-utils)")
	}
	var b bytes.Buffer
	if err := WritePDF(&b, titledChartScene(), PDFOptions{Title: "Loss"}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "chart.pdf")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdffonts, file).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	rows := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n")[2:] {
		rows++
		// name, type (one or two words), encoding, emb, sub, uni, object ID
		f := strings.Fields(line)
		if len(f) < 8 {
			t.Errorf("pdffonts row %q", line)
			continue
		}
		typ := strings.Join(f[1:len(f)-6], " ")
		if emb := f[len(f)-5]; emb != "yes" {
			t.Errorf("%s: not embedded", f[0])
		}
		if typ != "CID TrueType" && typ != "TrueType" {
			t.Errorf("%s: type %q, want TrueType", f[0], typ)
		}
	}
	if rows != 2 || strings.Contains(string(out), "Type 3") {
		t.Errorf("pdffonts:\n%s", out)
	}
}

// TestSettlePDFRefuses: what is not a PDF of tdewolff/canvas's shape is an
// error, not a PDF made worse.
func TestSettlePDFRefuses(t *testing.T) {
	var b bytes.Buffer
	if err := WritePDF(&b, testScene(), PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	xref := bytes.LastIndex(good, []byte("xref\n"))
	for name, pdf := range map[string][]byte{
		"empty":          nil,
		"no table":       good[:xref],
		"offset moved":   append([]byte("%"), good...),
		"startxref lost": bytes.Replace(good, []byte("startxref\n"), []byte("startxref \n"), 1),
	} {
		if _, err := settlePDF(pdf, time.Time{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if out, err := settlePDF(good, time.Time{}); err != nil || !bytes.Equal(out, good) {
		t.Errorf("a settled PDF settled again: %v, same bytes %v", err, bytes.Equal(out, good))
	}
}

func FuzzSettlePDF(f *testing.F) {
	var b bytes.Buffer
	if err := WritePDF(&b, testScene(), PDFOptions{}); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<</Size 2>>\nstartxref\n29\n%%EOF\n"))
	f.Fuzz(func(t *testing.T, pdf []byte) {
		out, err := settlePDF(pdf, time.Unix(1700000000, 0))
		if err != nil {
			return
		}
		// what it writes it reads back
		if _, err := readPDFObjects(out); err != nil {
			t.Errorf("settlePDF wrote a PDF it cannot read: %v", err)
		}
	})
}

// titledChartScene is chartScene with a bold title: text in both faces.
func titledChartScene() *Scene {
	s := chartScene()
	s.Items = append(s.Items, Item{Kind: "text", X: 380, Y: 20, Text: "Loss vs. compute (10⁻³ PF-days)", Anchor: "middle", FontSize: 14, Weight: 700, Fill: "#222"})
	return s
}

// pdfFonts returns the TrueType programs embedded in pdf, decompressed.
func pdfFonts(t *testing.T, pdf []byte) [][]byte {
	t.Helper()
	doc, err := readPDFObjects(pdf)
	if err != nil {
		t.Fatal(err)
	}
	refs := map[int]bool{}
	for _, m := range fontFileRef.FindAllSubmatch(pdf, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		refs[n] = true
	}
	var fonts [][]byte
	for _, o := range doc.objs {
		if !refs[o.num] {
			continue
		}
		s := bytes.Index(o.body, []byte("stream\n")) + len("stream\n")
		n, _ := strconv.Atoi(string(regexp.MustCompile(`/Length (\d+)`).FindSubmatch(o.body)[1]))
		zr, err := zlib.NewReader(bytes.NewReader(o.body[s : s+n]))
		if err != nil {
			t.Fatal(err)
		}
		f, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	return fonts
}

// checkFontChecksums checks a TrueType file's table checksums and head's
// checksum adjustment, as a font validator does.
func checkFontChecksums(t *testing.T, f []byte) {
	t.Helper()
	n := int(binary.BigEndian.Uint16(f[4:]))
	for i := range n {
		e := f[12+16*i:]
		off, ln := int(binary.BigEndian.Uint32(e[8:])), int(binary.BigEndian.Uint32(e[12:]))
		table := append([]byte(nil), f[off:min(len(f), off+(ln+3)&^3)]...)
		if string(e[:4]) == "head" {
			binary.BigEndian.PutUint32(table[8:], 0)
			whole := append([]byte(nil), f...)
			binary.BigEndian.PutUint32(whole[off+8:], 0)
			if adj := binary.BigEndian.Uint32(f[off+8:]); adj != 0xB1B0AFBA-checksum(whole) {
				t.Errorf("head's checksum adjustment is %#x, want %#x", adj, 0xB1B0AFBA-checksum(whole))
			}
		}
		if sum := binary.BigEndian.Uint32(e[4:]); sum != checksum(table) {
			t.Errorf("table %q: checksum %#x, want %#x", e[:4], sum, checksum(table))
		}
	}
}

// fontDates are the created and modified dates of a TrueType file's head.
func fontDates(f []byte) (created, modified time.Time) {
	epoch := time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	n := int(binary.BigEndian.Uint16(f[4:]))
	for i := range n {
		e := f[12+16*i:]
		if string(e[:4]) == "head" {
			h := f[binary.BigEndian.Uint32(e[8:]):]
			created = epoch.Add(time.Duration(binary.BigEndian.Uint64(h[20:])) * time.Second)
			modified = epoch.Add(time.Duration(binary.BigEndian.Uint64(h[28:])) * time.Second)
		}
	}
	return created, modified
}

// checkPDF runs qpdf --check on pdf, when qpdf is installed.
func checkPDF(t *testing.T, pdf []byte) {
	t.Helper()
	qpdf, err := exec.LookPath("qpdf")
	if err != nil {
		return
	}
	file := filepath.Join(t.TempDir(), "check.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(qpdf, "--check", file).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

// BenchmarkSettlePDF is the cost settlePDF adds to a chart's PDF: its
// fonts inflated, dated and deflated again, the table rewritten.
func BenchmarkSettlePDF(b *testing.B) {
	var buf bytes.Buffer
	if err := WritePDF(&buf, titledChartScene(), PDFOptions{}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := settlePDF(buf.Bytes(), time.Time{}); err != nil {
			b.Fatal(err)
		}
	}
}

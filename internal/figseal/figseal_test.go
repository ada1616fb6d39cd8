package figseal

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
)

// samples returns a small figure of each format as its writer leaves it,
// before Seal.
func samples(t testing.TB) map[string][]byte {
	var p bytes.Buffer
	if err := png.Encode(&p, image.NewGray(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	pdf := "%PDF-1.7\n1 0 obj\n<</Creator(scalesite figure)/Keywords(" + Keywords + ")/Title(Loss \\(nats\\))>>\nendobj\nxref\n%%EOF\n"
	return map[string][]byte{
		"svg": []byte(`<?xml version="1.0"?>` + "\n<svg><text>loss</text></svg>\n"),
		"png": p.Bytes(),
		"pdf": []byte(pdf),
	}
}

// TestSealVerifies: a sealed figure of each format verifies; the same
// figure with any one byte changed, or cut short, or unsealed, does not.
func TestSealVerifies(t *testing.T) {
	for format, data := range samples(t) {
		sealed, err := Seal(format, bytes.Clone(data))
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if !Verify(sealed) {
			t.Errorf("%s: the sealed figure does not verify: %q", format, sealed)
		}
		if Verify(data) {
			t.Errorf("%s: the figure before its seal verifies", format)
		}
		if again, _ := Seal(format, bytes.Clone(data)); !bytes.Equal(again, sealed) {
			t.Errorf("%s: sealed twice, two files", format)
		}
		for i := range sealed {
			b := bytes.Clone(sealed)
			b[i] ^= 0x20
			if Verify(b) {
				t.Errorf("%s: byte %d of %d changed (%q → %q), and it verifies", format, i, len(b), sealed[i], b[i])
			}
		}
		for _, n := range []int{0, 1, len(sealed) / 2, len(sealed) - 1} {
			if Verify(sealed[:n]) {
				t.Errorf("%s: cut to %d bytes, it verifies", format, n)
			}
		}
		if Verify(append(bytes.Clone(sealed), '\n')) {
			t.Errorf("%s: a byte added at the end, and it verifies", format)
		}
	}
}

// TestVerifyRefusesLookAlikes: files that mention the seal, or carry a
// seal that is not of their bytes, are not figures it wrote.
func TestVerifyRefusesLookAlikes(t *testing.T) {
	svg, _ := Seal("svg", []byte("<svg/>"))
	for _, b := range []string{
		"",
		"scalesite figure",
		"\\documentclass{article} % scalesite-seal sha256:" + zeros + "\n",
		"<svg/>" + svgStart + zeros + svgEnd,
		"<svg/>x" + string(svg[len("<svg/>"):]), // another file's seal
		strings.ToUpper(string(svg)),
		"%PDF-1.7 (" + Keywords + ")",
	} {
		if Verify([]byte(b)) {
			t.Errorf("%q verifies", b)
		}
	}
}

// FuzzVerify: any bytes are checked without a panic, and any SVG sealed
// verifies, and stops verifying when one byte changes.
func FuzzVerify(f *testing.F) {
	for _, data := range samples(f) {
		f.Add(data, 0)
	}
	f.Add([]byte("<svg/>"+svgStart+zeros+svgEnd), 3)
	f.Fuzz(func(t *testing.T, b []byte, at int) {
		Verify(b)
		sealed, err := Seal("svg", bytes.Clone(b))
		if err != nil || !Verify(sealed) {
			t.Fatalf("sealed %q: %v, does not verify", b, err)
		}
		if at < 0 {
			at = -at
		}
		i := at % len(sealed)
		sealed[i]++
		if Verify(sealed) {
			t.Fatalf("byte %d changed in %q, and it verifies", i, sealed)
		}
	})
}

// Package figseal seals the figures `scalesite figure` writes, so that it
// can prove, from a file's bytes alone, that it wrote the file: it
// replaces an existing file only when that file carries a seal that
// verifies. A seal is the SHA-256 of the figure's bytes without the
// seal's own, written into the figure where its format allows a note:
//
//   - SVG: a comment at the end, "<!-- scalesite-seal sha256:HEX -->";
//     the digest covers the bytes before it.
//   - PNG: a tEXt chunk "scalesite-seal" holding "sha256:HEX" just before
//     the IEND chunk; the digest covers the file without that chunk.
//   - PDF: the document's Keywords, "scalesite-seal sha256:HEX", which
//     Seal fills in place (the same length, so no offset moves); the
//     digest covers the file without the 64 digits.
//
// A file edited in any byte, a file that merely mentions scalesite, or
// anything else fails Verify. The seal proves authorship against mistakes,
// not against someone who forges one on purpose.
package figseal

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
)

// Keywords is what a PDF is written with as its Keywords, for Seal to fill
// in: the seal's words and 64 zeros where the digest goes.
const Keywords = pdfSeal + zeros

const (
	pdfSeal   = "scalesite-seal sha256:"
	svgStart  = "<!-- scalesite-seal sha256:"
	svgEnd    = " -->\n"
	pngKey    = "scalesite-seal"
	pngPrefix = "sha256:"
	digestLen = 2 * sha256.Size
	zeros     = "0000000000000000000000000000000000000000000000000000000000000000"
)

// iend is the last chunk of every PNG: no data, and its CRC.
const iend = "\x00\x00\x00\x00IEND\xae\x42\x60\x82"

// maxPDFSeals bounds how many places that look like a PDF's seal Verify
// checks, each by hashing the file once.
const maxPDFSeals = 4

// Seal returns the figure data, in format "svg", "pdf" or "png", with its
// seal. A PDF must have been written with Keywords as its keywords.
func Seal(format string, data []byte) ([]byte, error) {
	switch format {
	case "svg":
		sum := sha256.Sum256(data)
		out := make([]byte, 0, len(data)+len(svgStart)+digestLen+len(svgEnd))
		out = append(out, data...)
		out = append(out, svgStart...)
		out = hex.AppendEncode(out, sum[:])
		return append(out, svgEnd...), nil
	case "png":
		if !bytes.HasSuffix(data, []byte(iend)) || !bytes.HasPrefix(data, []byte("\x89PNG")) {
			return nil, errors.New("figseal: not a PNG that ends with its IEND chunk")
		}
		sum := sha256.Sum256(data)
		body := data[:len(data)-len(iend)]
		out := make([]byte, 0, len(data)+pngChunkLen)
		out = append(out, body...)
		out = append(out, pngChunk(hex.EncodeToString(sum[:]))...)
		return append(out, iend...), nil
	case "pdf":
		at := bytes.LastIndex(data, []byte("("+Keywords+")"))
		if at < 0 {
			return nil, errors.New("figseal: the PDF has no Keywords to hold its seal")
		}
		d := at + 1 + len(pdfSeal)
		out := bytes.Clone(data)
		h := sha256.New()
		h.Write(out[:d])
		h.Write(out[d+digestLen:])
		hex.Encode(out[d:d+digestLen], h.Sum(nil))
		return out, nil
	}
	return nil, errors.New("figseal: no seal for format " + format)
}

// pngChunkLen is the length of the seal's chunk: length, type, keyword,
// its zero byte, the text and the CRC.
const pngChunkLen = 4 + 4 + len(pngKey) + 1 + len(pngPrefix) + digestLen + 4

// pngChunk is the tEXt chunk of the seal with the digest hexDigest.
func pngChunk(hexDigest string) []byte {
	text := pngKey + "\x00" + pngPrefix + hexDigest
	c := binary.BigEndian.AppendUint32(make([]byte, 0, pngChunkLen), uint32(len(text)))
	c = append(c, "tEXt"...)
	c = append(c, text...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}

// Verify reports whether b is a figure whose seal matches its bytes, byte
// for byte: a figure scalesite figure wrote, unchanged since.
// Each format's seal is looked for, whatever the file's first bytes: each
// check hashes the file only when a seal of its form is in place.
func Verify(b []byte) bool {
	return verifySVG(b) || verifyPNG(b) || verifyPDF(b)
}

func verifySVG(b []byte) bool {
	n := len(svgStart) + digestLen + len(svgEnd)
	if len(b) < n || !bytes.HasSuffix(b, []byte(svgEnd)) || !bytes.HasPrefix(b[len(b)-n:], []byte(svgStart)) {
		return false
	}
	body := b[:len(b)-n]
	return matches(b[len(body)+len(svgStart):len(b)-len(svgEnd)], body)
}

func verifyPNG(b []byte) bool {
	if len(b) < pngChunkLen+len(iend) || !bytes.HasSuffix(b, []byte(iend)) {
		return false
	}
	at := len(b) - len(iend) - pngChunkLen
	chunk := b[at : at+pngChunkLen]
	digest := chunk[pngChunkLen-4-digestLen : pngChunkLen-4]
	if !isHex(digest) || !bytes.Equal(chunk, pngChunk(string(digest))) {
		return false
	}
	return matches(digest, b[:at], []byte(iend))
}

func verifyPDF(b []byte) bool {
	end := len(b)
	for range maxPDFSeals {
		at := bytes.LastIndex(b[:end], []byte("("+pdfSeal))
		if at < 0 {
			return false
		}
		d := at + 1 + len(pdfSeal)
		if d+digestLen < len(b) && b[d+digestLen] == ')' && matches(b[d:d+digestLen], b[:d], b[d+digestLen:]) {
			return true
		}
		end = at
	}
	return false
}

// matches reports whether hexDigest is the lower-case hexadecimal SHA-256
// of the parts, one after another.
func matches(hexDigest []byte, parts ...[]byte) bool {
	if len(hexDigest) != digestLen || !isHex(hexDigest) {
		return false
	}
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
	}
	var want [sha256.Size]byte
	hex.Decode(want[:], hexDigest)
	return bytes.Equal(h.Sum(nil), want[:])
}

// isHex reports whether b is lower-case hexadecimal digits only, as Seal
// writes them.
func isHex(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

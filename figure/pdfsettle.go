package figure

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"time"
)

// A PDF a paper commits must be the same bytes for the same chart, or the
// figure churns in the paper's history at every build. tdewolff/canvas
// writes two clocks into it: the information dictionary's CreationDate
// and, inside each subset font, the font's modification date (its head
// table, written at time.Now by tdewolff/font's SFNT.Write, then
// compressed). settlePDF rewrites both to the date asked for, or to
// dates of the input alone when none is, as reproducible-builds.org's
// SOURCE_DATE_EPOCH specification asks of a build: the date comes from
// the caller (scalesite figure reads SOURCE_DATE_EPOCH), never the clock.

// settlePDF returns the PDF b, as tdewolff/canvas wrote it, with its
// dates made date: the CreationDate date (none when date is zero) and
// the modification date of each embedded TrueType font (the font's own
// creation date when date is zero). The objects keep their order; the
// cross-reference table is written anew for the offsets that moved.
func settlePDF(b []byte, date time.Time) ([]byte, error) {
	doc, err := readPDFObjects(b)
	if err != nil {
		return nil, fmt.Errorf("figure: reading the PDF written: %w", err)
	}
	fontFiles := map[int]bool{}
	for _, o := range doc.objs {
		dict := o.body
		if i := bytes.Index(dict, []byte(">>stream\n")); i >= 0 {
			dict = dict[:i]
		}
		for _, m := range fontFileRef.FindAllSubmatch(dict, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			fontFiles[n] = true
		}
	}
	for i := range doc.objs {
		o := &doc.objs[i]
		switch {
		case fontFiles[o.num]:
			if o.body, err = settleFontStream(o.body, date); err != nil {
				return nil, fmt.Errorf("figure: the PDF's font (object %d): %w", o.num, err)
			}
		case o.num == doc.info:
			o.body = settleInfo(o.body, date)
		}
	}
	return doc.write(), nil
}

var (
	fontFileRef  = regexp.MustCompile(`/FontFile2 (\d+) 0 R`)
	infoRef      = regexp.MustCompile(`/Info (\d+) 0 R`)
	streamLength = regexp.MustCompile(`/Length (\d+)`)
	creationDate = regexp.MustCompile(`/CreationDate\([^()\\]*\)`)
)

// pdfObjects is a PDF of one cross-reference table, as tdewolff/canvas
// writes one: what comes before the first object, the objects in the
// order of the file, and the trailer.
type pdfObjects struct {
	head    []byte
	objs    []pdfObject
	trailer []byte // from "trailer" to before "startxref"
	info    int    // the number of the information dictionary's object
}

type pdfObject struct {
	num  int
	body []byte // from "N 0 obj" to the next object or the table
}

// readPDFObjects splits b at the offsets of its cross-reference table.
func readPDFObjects(b []byte) (*pdfObjects, error) {
	at := bytes.LastIndex(b, []byte("startxref\n"))
	if at < 0 {
		return nil, errors.New("no startxref")
	}
	rest := b[at+len("startxref\n"):]
	end := bytes.IndexByte(rest, '\n')
	if end < 0 {
		return nil, errors.New("startxref without an offset")
	}
	xref, err := strconv.Atoi(string(rest[:end]))
	if err != nil || xref <= 0 || xref >= at || !bytes.HasPrefix(b[xref:], []byte("xref\n0 ")) {
		return nil, errors.New("startxref does not point at a cross-reference table")
	}
	p := b[xref+len("xref\n0 "):]
	end = bytes.IndexByte(p, '\n')
	if end < 0 {
		return nil, errors.New("a cross-reference table without its size")
	}
	n, err := strconv.Atoi(string(p[:end]))
	if err != nil || n < 1 || len(p) < end+1+20*n {
		return nil, errors.New("a cross-reference table of no size")
	}
	entries := p[end+1 : end+1+20*n]
	doc := &pdfObjects{trailer: b[xref+len("xref\n0 ")+end+1+20*n : at]}
	if !bytes.HasPrefix(doc.trailer, []byte("trailer\n")) {
		return nil, errors.New("no trailer after the cross-reference table")
	}
	if m := infoRef.FindSubmatch(doc.trailer); m != nil {
		doc.info, _ = strconv.Atoi(string(m[1]))
	}
	type entry struct{ num, off int }
	var offs []entry
	for i := 1; i < n; i++ {
		e := entries[20*i : 20*i+20]
		if e[17] != 'n' {
			continue
		}
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || off <= 0 || off >= xref {
			return nil, fmt.Errorf("object %d at offset %q", i, e[:10])
		}
		offs = append(offs, entry{i, off})
	}
	if len(offs) == 0 {
		return nil, errors.New("no objects")
	}
	slices.SortFunc(offs, func(a, b entry) int { return a.off - b.off })
	doc.head = b[:offs[0].off]
	for i, e := range offs {
		next := xref
		if i+1 < len(offs) {
			next = offs[i+1].off
		}
		if next == e.off {
			return nil, fmt.Errorf("objects %d and %d at one offset", e.num, offs[i+1].num)
		}
		body := b[e.off:next]
		if !bytes.HasPrefix(body, []byte(strconv.Itoa(e.num)+" 0 obj")) {
			return nil, fmt.Errorf("object %d is not at its offset", e.num)
		}
		doc.objs = append(doc.objs, pdfObject{num: e.num, body: body})
	}
	return doc, nil
}

// write writes the document with a cross-reference table of its objects'
// offsets now.
func (doc *pdfObjects) write() []byte {
	size := len(doc.head) + len(doc.trailer) + 64
	maxNum := 0
	for _, o := range doc.objs {
		size += len(o.body) + 20
		maxNum = max(maxNum, o.num)
	}
	out := make([]byte, 0, size)
	out = append(out, doc.head...)
	offsets := make([]int, maxNum+1)
	for _, o := range doc.objs {
		offsets[o.num] = len(out)
		out = append(out, o.body...)
	}
	xref := len(out)
	out = fmt.Appendf(out, "xref\n0 %d\n0000000000 65535 f \n", maxNum+1)
	for _, off := range offsets[1:] {
		if off == 0 {
			out = append(out, "0000000000 65535 f \n"...)
			continue
		}
		out = fmt.Appendf(out, "%010d 00000 n \n", off)
	}
	out = append(out, doc.trailer...)
	return fmt.Appendf(out, "startxref\n%d\n%%%%EOF\n", xref)
}

// settleInfo is the information dictionary's object with its
// CreationDate date, or without one when date is zero.
func settleInfo(body []byte, date time.Time) []byte {
	repl := []byte(nil)
	if !date.IsZero() {
		repl = []byte("/CreationDate(" + pdfDate(date) + ")")
	}
	loc := creationDate.FindIndex(body)
	if loc == nil {
		return body
	}
	return slices.Concat(body[:loc[0]], repl, body[loc[1]:])
}

// pdfDate is t as a PDF date string (ISO 32000-1, 7.9.4), in UTC.
func pdfDate(t time.Time) string {
	return t.UTC().Format("D:20060102150405Z")
}

// settleFontStream is a FontFile2 stream object (zlib compressed, as
// tdewolff/canvas writes it) with the font's modification date made date.
func settleFontStream(body []byte, date time.Time) ([]byte, error) {
	s := bytes.Index(body, []byte(">>stream\n"))
	if s < 0 {
		return nil, errors.New("not a stream")
	}
	dict := body[:s+2]
	m := streamLength.FindSubmatchIndex(dict)
	if m == nil || !bytes.Contains(dict, []byte("/Filter/FlateDecode")) {
		return nil, errors.New("not a stream of one FlateDecode filter and a length")
	}
	n, err := strconv.Atoi(string(dict[m[2]:m[3]]))
	start := s + len(">>stream\n")
	if err != nil || start+n > len(body) || !bytes.HasPrefix(body[start+n:], []byte("\nendstream")) {
		return nil, errors.New("the stream's length does not end it")
	}
	zr, err := zlib.NewReader(bytes.NewReader(body[start : start+n]))
	if err != nil {
		return nil, err
	}
	font, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if err := settleFontDate(font, date); err != nil {
		return nil, err
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(font)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return slices.Concat(dict[:m[2]], []byte(strconv.Itoa(z.Len())), dict[m[3]:], []byte("stream\n"), z.Bytes(), body[start+n:]), nil
}

// settleFontDate sets the modification date in the head table of the
// TrueType font f (in place) to date, or to the font's creation date when
// date is zero, and its checksums to match.
func settleFontDate(f []byte, date time.Time) error {
	if len(f) < 12 {
		return errors.New("a font of no table directory")
	}
	n := int(binary.BigEndian.Uint16(f[4:]))
	if len(f) < 12+16*n {
		return errors.New("a font's table directory cut short")
	}
	for i := range n {
		e := f[12+16*i : 12+16*i+16]
		if string(e[:4]) != "head" {
			continue
		}
		off, ln := int(binary.BigEndian.Uint32(e[8:])), int(binary.BigEndian.Uint32(e[12:]))
		if ln < 54 || off < 0 || off+ln > len(f) {
			return errors.New("a font's head table lies outside it")
		}
		head := f[off : off+ln]
		modified := head[28:36]
		if date.IsZero() {
			copy(modified, head[20:28]) // created
		} else {
			since1904 := date.Unix() - time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
			binary.BigEndian.PutUint64(modified, uint64(since1904))
		}
		binary.BigEndian.PutUint32(head[8:], 0) // checkSumAdjustment
		padded := f[off:min(len(f), off+(ln+3)&^3)]
		binary.BigEndian.PutUint32(e[4:], checksum(padded))
		binary.BigEndian.PutUint32(head[8:], 0xB1B0AFBA-checksum(f))
		return nil
	}
	return errors.New("a font without a head table")
}

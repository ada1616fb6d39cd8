package check

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/scalesite/scalesite/diag"
)

// A browser that opens an HTML, XHTML, SVG or XML file directly runs the
// script it holds, outside the Content-Security-Policy of the theme's pages.
// The scanners here read such a file as the browser does (HTML with a real
// HTML tokenizer, the rest as XML with encoding/xml, namespaces and entity
// references resolved) and list every construct through which it can run
// script, so that the warning says what and where, and so that markup
// written to slip past a text search (<s:script xmlns:s=...>, an event
// attribute in another namespace, java&#x73;cript:) is found all the same.
//
// Each scan is bounded: it stops after maxScanTokens tokens or at
// maxScanDepth levels of nesting, and the tokenizer holds at most
// maxScanToken bytes of one token, so a hostile file can exhaust neither
// time nor memory. A file that cannot be read to its end (too large, too
// deep, not well-formed) is reported as one that may run script: a browser
// may read more of it than the scan did.

const (
	// maxScanTokens is the most tokens (tags, attributes, text runs) a scan
	// reads: far more than a figure holds.
	maxScanTokens = 4 << 20
	// maxScanDepth is the deepest nesting of elements a scan follows.
	maxScanDepth = 1024
	// maxScanToken is the most bytes one HTML token may take.
	maxScanToken = 16 << 20
)

// construct is one place in a file through which a browser runs script,
// or cannot be told not to.
type construct struct {
	line, col int    // 1-based; the column counts characters
	what      string // "a script element", "the event attribute onload"
	// unsure is set when the file could not be read to its end, so that
	// what follows the place may run script unseen.
	unsure bool
}

// scanLimit is a construct for a scan that stopped before the end.
func scanLimit(line, col int, why string) construct {
	return construct{line: line, col: col, what: why, unsure: true}
}

// lineCounter turns byte offsets of one text, given in increasing order,
// into lines and columns, reading each byte once.
type lineCounter struct {
	text      []byte
	off       int // the offset line and col are at
	line, col int
}

func newLineCounter(text []byte) *lineCounter { return &lineCounter{text: text, line: 1, col: 1} }

func (c *lineCounter) at(off int) (line, col int) {
	off = min(max(off, c.off), len(c.text))
	for c.off < off {
		r, size := utf8.DecodeRune(c.text[c.off:])
		if r == '\n' {
			c.line, c.col = c.line+1, 1
		} else {
			c.col++
		}
		c.off += size
	}
	return c.line, c.col
}

// Elements through which a document runs script or loads another
// document, by local name in lower case, whatever their namespace.
var activeElements = map[string]string{
	"script":   "a script element",
	"handler":  "a handler element (SVG Tiny event handler)",
	"listener": "a listener element (XML Events)",
	"iframe":   "an iframe element, which loads another document",
	"frame":    "a frame element, which loads another document",
	"frameset": "a frameset element, which loads other documents",
	"object":   "an object element, which loads another document",
	"embed":    "an embed element, which loads another document",
	"applet":   "an applet element",
	"portal":   "a portal element, which loads another document",
}

// animations are the SVG elements that set another attribute over time:
// one that sets href or an event attribute can run script.
var animations = map[string]bool{"set": true, "animate": true, "animatemotion": true, "animatetransform": true, "animatecolor": true}

// xsltSpace is XSLT's namespace: a stylesheet can write script into the
// document it makes from an XML file.
const xsltSpace = "http://www.w3.org/1999/XSL/Transform"

// scriptURL reports whether an attribute value is an address that runs
// script when followed: javascript: (or vbscript:), however written. A
// browser drops tabs and line breaks anywhere in an address and leading
// control characters and spaces; character references are already
// decoded by the tokenizer.
func scriptURL(v string) bool {
	var b strings.Builder
	for _, r := range v {
		if r <= ' ' || r == 0x7f {
			continue
		}
		b.WriteRune(r)
	}
	s := strings.ToLower(b.String())
	return strings.Contains(s, "javascript:") || strings.Contains(s, "vbscript:")
}

// eventAttribute reports whether name (local, any namespace) is an event
// handler: onload, onclick, onbegin, ….
func eventAttribute(name string) bool {
	return len(name) > 2 && strings.EqualFold(name[:2], "on")
}

// attribute is one attribute as the scanners see it.
type attribute struct{ name, value string }

// checkElement lists what an element and its attributes can run: name is
// its local name, attrs its attributes (local names).
func checkElement(name string, attrs []attribute, add func(what string)) {
	lname := strings.ToLower(name)
	if what, ok := activeElements[lname]; ok {
		add(what)
	}
	for _, a := range attrs {
		switch {
		case eventAttribute(a.name):
			add("the event attribute " + diag.QuoteIfNeeded(a.name))
		case scriptURL(a.value):
			add("a javascript: address in " + diag.QuoteIfNeeded(a.name))
		case animations[lname] && strings.EqualFold(a.name, "attributeName"):
			target := strings.ToLower(a.value)
			if i := strings.LastIndexByte(target, ':'); i >= 0 {
				target = target[i+1:]
			}
			if target == "href" || eventAttribute(target) {
				add("a " + diag.QuoteIfNeeded(name) + " element that sets " + diag.Quote(a.value))
			}
		}
	}
}

// scanXML lists the constructs of an XML document (SVG, XHTML, XML,
// XSLT) through which a browser opening it runs script.
func scanXML(text []byte) []construct {
	text, decoded := xmlUTF8(text)
	d := xml.NewDecoder(bytes.NewReader(text))
	d.Strict = true
	// A browser knows the XHTML entities (&nbsp;) of an XHTML document;
	// what an entity holds is text, never markup.
	d.Entity = xml.HTMLEntity
	// The text is UTF-8 now, whatever its declaration says (xmlUTF8); an
	// encoding xmlUTF8 does not know stops the scan, unsure.
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if decoded {
			return in, nil
		}
		return nil, fmt.Errorf("it is in an encoding check does not know, %s", diag.Quote(label))
	}
	lines := newLineCounter(text)
	var out []construct
	depth, tokens := 0, 0
	for {
		start := int(d.InputOffset())
		tok, err := d.Token()
		line, col := lines.at(start)
		if err == io.EOF {
			return out
		}
		if err != nil {
			var se *xml.SyntaxError
			why := err.Error()
			if errors.As(err, &se) {
				why = se.Msg
			}
			return append(out, scanLimit(line, col, "it is not XML a browser reads to the end ("+why+")"))
		}
		add := func(what string) { out = append(out, construct{line: line, col: col, what: what}) }
		switch t := tok.(type) {
		case xml.StartElement:
			if depth++; depth > maxScanDepth {
				return append(out, scanLimit(line, col, fmt.Sprintf("its elements nest more than %d deep", maxScanDepth)))
			}
			tokens += len(t.Attr)
			attrs := make([]attribute, len(t.Attr))
			for i, a := range t.Attr {
				attrs[i] = attribute{a.Name.Local, a.Value}
			}
			checkElement(t.Name.Local, attrs, add)
			if t.Name.Space == xsltSpace {
				checkXSLT(t, add)
			}
		case xml.EndElement:
			depth--
		case xml.ProcInst:
			if t.Target == "xml-stylesheet" && !cssStylesheet(string(t.Inst)) {
				add("an xml-stylesheet instruction, whose XSLT stylesheet can write script")
			}
		case xml.Directive:
			// A DOCTYPE's internal subset may declare entities, which a
			// browser expands into markup, script included; encoding/xml
			// expands none.
			if bytes.Contains(t, []byte("<!ENTITY")) {
				add("an entity declared in the DOCTYPE, which can carry markup this check does not see")
			}
		}
		if tokens++; tokens > maxScanTokens {
			return append(out, scanLimit(line, col, fmt.Sprintf("it has more than %d tags, attributes and runs of text, past which check reads no further", maxScanTokens)))
		}
	}
}

// checkXSLT lists what an XSLT instruction can write into the document it
// makes: an element or attribute named at run time or named script or
// on…, and text written unescaped, as markup.
func checkXSLT(t xml.StartElement, add func(what string)) {
	for _, a := range t.Attr {
		switch {
		case a.Name.Local == "disable-output-escaping" && strings.TrimSpace(a.Value) == "yes":
			add("an XSLT " + diag.QuoteIfNeeded(t.Name.Local) + " that writes markup unescaped")
		case a.Name.Local == "name" && (t.Name.Local == "element" || t.Name.Local == "attribute"):
			name := strings.ToLower(a.Value)
			if i := strings.LastIndexByte(name, ':'); i >= 0 {
				name = name[i+1:]
			}
			_, active := activeElements[name]
			if strings.Contains(name, "{") || active || eventAttribute(name) || name == "href" || name == "src" {
				add("an XSLT " + t.Name.Local + " that writes " + diag.Quote(a.Value))
			}
		}
	}
}

// cssStylesheet reports whether an xml-stylesheet instruction's data
// names a CSS stylesheet (type="text/css"), which runs no script.
func cssStylesheet(inst string) bool {
	// The data is pseudo-attributes: read it as an element's attributes.
	d := xml.NewDecoder(strings.NewReader("<x " + inst + "/>"))
	tok, err := d.Token()
	el, ok := tok.(xml.StartElement)
	if err != nil || !ok {
		return false
	}
	for _, a := range el.Attr {
		if a.Name.Local == "type" {
			return strings.EqualFold(strings.TrimSpace(a.Value), "text/css")
		}
	}
	return false
}

// scanHTML lists the constructs of an HTML document through which a
// browser opening it runs script, reading it with the HTML tokenizer of
// golang.org/x/net/html, which splits tags as browsers do (<svg/onload=…>,
// unquoted attributes, raw text inside <script> and <style>).
func scanHTML(text []byte) []construct {
	text, _ = utf8Text(text)
	z := html.NewTokenizer(bytes.NewReader(text))
	z.SetMaxBuf(maxScanToken)
	lines := newLineCounter(text)
	var out []construct
	off := 0
	for tokens := 0; ; tokens++ {
		tt := z.Next()
		line, col := lines.at(off)
		off += len(z.Raw())
		add := func(what string) { out = append(out, construct{line: line, col: col, what: what}) }
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return append(out, scanLimit(line, col, "it is not HTML check reads to the end ("+err.Error()+")"))
			}
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			var attrs []attribute
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs = append(attrs, attribute{string(k), string(v)})
				tokens++
			}
			checkElement(string(name), attrs, add)
			// Whether an element's text is raw (script, style, title,
			// textarea) depends on where it stands: inside <svg> or <math>
			// it is not, and <svg><style><img onerror=…> runs. Reading
			// every element's text as markup finds what a browser would
			// find either way (and in a script's text, which runs anyway).
			if tt == html.StartTagToken {
				z.NextIsNotRawText()
			}
		}
		// The tokenizer keeps no stack of open elements, so nesting costs
		// it nothing: only the tokens are counted.
		if tokens > maxScanTokens {
			return append(out, scanLimit(line, col, fmt.Sprintf("it has more than %d tags, attributes and runs of text, past which check reads no further", maxScanTokens)))
		}
	}
}

// xmlDeclEncoding finds the encoding an XML declaration names.
var xmlDeclEncoding = regexp.MustCompile(`^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']`)

// xmlUTF8 returns an XML document as UTF-8, and true when it was decoded
// from another encoding: UTF-16 with a byte order mark, or the encoding
// its declaration names (<?xml version="1.0" encoding="ISO-8859-1"?>),
// read as a browser reads it. Lines and columns are then counted in what a
// browser shows, not in bytes of the file.
func xmlUTF8(b []byte) ([]byte, bool) {
	if out, ok := utf8Text(b); ok {
		return out, true
	}
	m := xmlDeclEncoding.FindSubmatch(b[:min(len(b), 256)])
	if m == nil || strings.EqualFold(string(m[1]), "utf-8") {
		return b, false
	}
	r, err := charset.NewReaderLabel(string(m[1]), bytes.NewReader(b))
	if err != nil {
		return b, false
	}
	out, err := io.ReadAll(r)
	if err != nil {
		return b, false
	}
	return out, true
}

// utf8Text returns a document saved as UTF-16 (with a byte order mark) as
// UTF-8, which the scanners read, as a browser reads it, and true; any
// other text as it is (an ASCII-compatible encoding keeps its markup
// readable), and false.
func utf8Text(b []byte) ([]byte, bool) {
	if !bytes.HasPrefix(b, []byte{0xff, 0xfe}) && !bytes.HasPrefix(b, []byte{0xfe, 0xff}) {
		return b, false
	}
	out, _, err := transform.Bytes(unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder(), b)
	if err != nil {
		return b, false
	}
	return out, true
}

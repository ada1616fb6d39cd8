package markdown

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindCitation is the node kind of a citation such as [@hoffmann2022].
var KindCitation = ast.NewNodeKind("Citation")

// Citation is a bracketed citation in prose, in Pandoc's syntax:
// [@key], [@a; @b], [@key, p. 3], and [-@key] to leave the author out
// ("Hoffmann et al. [-@hoffmann2022] show…"). Only the bracketed form is a
// citation: an @ anywhere else (an e-mail address, an @handle) is text, and
// so is a bracket followed by ( or [, which makes it a link.
type Citation struct {
	ast.BaseInline
	Items []CiteItem
	// Raw is the citation as written, "[@a; @b]", for messages and for
	// rendering without a bibliography.
	Raw string
}

// CiteItem is one cited work of a citation.
type CiteItem struct {
	Key string
	// Locator is what follows the key's comma, trimmed ("p. 3"), or "".
	Locator string
	// SuppressAuthor is set by a - before the @: the year (or number) alone.
	SuppressAuthor bool
	// Offset is the byte offset of the item's @ in the parsed source (or,
	// from ParseCitation, in the string parsed).
	Offset int
}

// Kind implements ast.Node.
func (n *Citation) Kind() ast.NodeKind { return KindCitation }

// Dump implements ast.Node.
func (n *Citation) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Raw": n.Raw}, nil)
}

// Keys lists the citation's keys in order.
func (n *Citation) Keys() []string {
	keys := make([]string, len(n.Items))
	for i, it := range n.Items {
		keys[i] = it.Key
	}
	return keys
}

// Citations is the goldmark extension for citations.
var Citations goldmark.Extender = citeExtension{}

type citeExtension struct{}

func (citeExtension) Extend(m goldmark.Markdown) {
	// Before the link parser (200), which would read [@key] as link text.
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(citeParser{}, 150)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(citeRenderer{}, 100)))
}

// maxCitation bounds how far a citation is looked for: a [ followed by
// @ that does not close within this many bytes is text.
const maxCitation = 2000

type citeParser struct{}

func (citeParser) Trigger() []byte { return []byte{'['} }

// Parse reads a citation at the reader's [, possibly over several lines
// of the paragraph. It returns nil, leaving the reader where it was, when
// the text there is not a citation.
func (citeParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) < 3 || line[0] != '[' {
		return nil
	}
	// A quick look before the full scan: [ spaces, an optional -, and @.
	rest := strings.TrimLeft(string(line[1:min(len(line), 16)]), " \t")
	if !strings.HasPrefix(rest, "@") && !strings.HasPrefix(rest, "-@") {
		return nil
	}
	var buf strings.Builder
	var offsets []int
	for n := 0; n < maxCitation; n++ {
		c := block.Peek()
		if c == text.EOF || (c == '[' && n > 0) {
			return nil
		}
		_, seg := block.Position()
		buf.WriteByte(c)
		offsets = append(offsets, seg.Start)
		block.Advance(1)
		if c == ']' {
			break
		}
	}
	s := buf.String()
	if !strings.HasSuffix(s, "]") {
		return nil
	}
	// [@key](url) and [@key][ref] are links, not citations.
	if next := block.Peek(); next == '(' || next == '[' {
		return nil
	}
	items, ok := parseCitation(s)
	if !ok {
		return nil
	}
	for i := range items {
		items[i].Offset = offsets[items[i].Offset]
	}
	return &Citation{Items: items, Raw: strings.Join(strings.Fields(s), " ")}
}

// ParseCitation reads s as a citation, "[@a; @b, p. 3]", whole. ok is
// false when s is not one. Each item's Offset is the offset of its @ in s.
func ParseCitation(s string) (items []CiteItem, ok bool) { return parseCitation(s) }

// parseCitation reads "[" item { ";" item } "]", where item is
// [-]@key[, locator].
func parseCitation(s string) ([]CiteItem, bool) {
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	inner := s[1 : len(s)-1]
	if strings.ContainsAny(inner, "[]") {
		return nil, false
	}
	var items []CiteItem
	start := 1
	for _, part := range strings.Split(inner, ";") {
		it, ok := parseItem(part, start)
		if !ok {
			return nil, false
		}
		items = append(items, it)
		start += len(part) + 1
	}
	return items, true
}

// parseItem reads one item; base is the offset of part in the citation.
func parseItem(part string, base int) (CiteItem, bool) {
	var it CiteItem
	i := 0
	for i < len(part) && isCiteSpace(part[i]) {
		i++
	}
	if i < len(part) && part[i] == '-' {
		it.SuppressAuthor = true
		i++
	}
	if i >= len(part) || part[i] != '@' {
		return it, false
	}
	it.Offset = base + i
	i++
	if i < len(part) && part[i] == '{' {
		end := strings.IndexByte(part[i:], '}')
		if end < 2 {
			return it, false
		}
		it.Key = part[i+1 : i+end]
		i += end + 1
	} else {
		it.Key = citeKey(part[i:])
		i += len(it.Key)
	}
	if it.Key == "" || strings.ContainsFunc(it.Key, unicode.IsSpace) {
		return it, false
	}
	rest := strings.TrimFunc(part[i:], isCiteSpaceRune)
	switch {
	case rest == "":
	case rest[0] == ',':
		it.Locator = strings.Join(strings.Fields(rest[1:]), " ")
	default:
		return it, false // "[@a and more]" is not a citation
	}
	return it, true
}

// citeKey returns the key at the start of s: a letter, digit or _, then
// letters, digits, _ and the punctuation :.#$%&-+?<>~/ inside the key (a
// key does not end with punctuation: "[@a.]" cites a).
func citeKey(s string) string {
	end := 0
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			end = i + utf8.RuneLen(r)
		case i > 0 && strings.ContainsRune(":.#$%&-+?<>~/", r):
		default:
			return s[:end]
		}
	}
	return s[:end]
}

func isCiteSpace(c byte) bool     { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isCiteSpaceRune(r rune) bool { return r < utf8.RuneSelf && isCiteSpace(byte(r)) }

// CiteWriter is implemented by the writer given to goldmark's Render when
// the page's bibliography is known: CitationHTML returns the markup of a
// citation. Rendering through any other writer prints the citation as
// written.
type CiteWriter interface {
	util.BufWriter
	CitationHTML(c *Citation) []byte
}

type citeRenderer struct{}

func (citeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindCitation, renderCitation)
}

func renderCitation(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	c := n.(*Citation)
	if cw, ok := w.(CiteWriter); ok {
		_, err := w.Write(cw.CitationHTML(c))
		return ast.WalkSkipChildren, err
	}
	_, err := w.WriteString(`<span class="citation">` + html.EscapeString(c.Raw) + `</span>`)
	return ast.WalkSkipChildren, err
}

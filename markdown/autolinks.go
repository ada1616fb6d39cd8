package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// autolinks is the page parser with GFM's autolinks (goldmark's linkify,
// which turns www.x.org, http://… and a@b.org into links) and plain, the
// same parser without them. A page in which no autolink can start is read
// by plain: linkify is tried at every space, asterisk, underscore, tilde
// and parenthesis of the text, and cuts the text there, a fifth of the
// time goldmark takes over a page of prose. The pages read the same;
// their text is only cut in fewer places (one text node a line), but for
// blanks at a line's end, which linkify's cuts keep but the last of
// (needsLinkify).
type autolinks struct {
	parser.Parser
	plain parser.Parser
}

// Parse parses the source of r with linkify when it may read differently
// without.
func (p autolinks) Parse(r text.Reader, opts ...parser.ParseOption) ast.Node {
	if needsLinkify(r.Source()) {
		return p.Parser.Parse(r, opts...)
	}
	return p.plain.Parse(r, opts...)
}

// AddOptions adds opts to both parsers.
func (p autolinks) AddOptions(opts ...parser.Option) {
	p.Parser.AddOptions(opts...)
	p.plain.AddOptions(opts...)
}

// needsLinkify reports whether src holds what linkify needs to make a
// link, a URL's start (http:, https:, ftp:, www.; case matters, as in
// linkify) or the @ of an e-mail address; or a line ending in two blanks
// or more (spaces, tabs, vertical tabs, form feeds or carriage returns
// before its line end), of which the text keeps all but the last with
// linkify, none without.
func needsLinkify(src []byte) bool {
	if bytes.IndexByte(src, '@') >= 0 || bytes.Contains(src, []byte("www.")) ||
		bytes.Contains(src, []byte("http")) || bytes.Contains(src, []byte("ftp:")) {
		return true
	}
	for rest := src; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if n := len(line); n >= 2 && blank(line[n-1]) && blank(line[n-2]) {
			return true
		}
	}
	return false
}

// blank reports whether c is a blank goldmark trims from a line's end.
func blank(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' }

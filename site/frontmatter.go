package site

import (
	"bytes"
	"time"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/textfile"
)

var frontMatterKeys = []string{"title", "date", "description", "tags", "draft", "toc", "bibliography", "citations", "card"}

// dateLayouts are the ways a page date may be written, most common first.
var dateLayouts = []string{"2006-01-02", time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04"}

// splitFrontMatter separates the YAML between the opening and closing "---"
// lines from the Markdown body. bodyLine is the 1-based line where the body
// starts. A file without front matter is all body.
//
// A page that is not UTF-8 text (UTF-16, or binary with NUL bytes) is an
// error here, before any YAML or Markdown reader sees its bytes.
func splitFrontMatter(src []byte, file string) (fm, body []byte, bodyLine int, err error) {
	if err := textfile.Check(src, diag.Pos{File: file, Line: 1, Col: 1}, "page"); err != nil {
		return nil, nil, 0, err
	}
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	first, rest, ok := cutLine(src)
	if !ok || string(bytes.TrimRight(first, " \t\r")) != "---" {
		return nil, src, 1, nil
	}
	line := 2
	start := rest
	for len(rest) > 0 {
		l, next, _ := cutLine(rest)
		if t := string(bytes.TrimRight(l, " \t\r")); t == "---" || t == "..." {
			return start[:len(start)-len(rest)], next, line + 1, nil
		}
		rest = next
		line++
	}
	return nil, nil, 0, diag.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, "the front matter that starts here never ends: close it with a line holding only ---")
}

func cutLine(b []byte) (line, rest []byte, found bool) {
	if len(b) == 0 {
		return nil, nil, false
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:], true
	}
	return b, nil, true
}

// parseFrontMatter fills the page's title, date, description, tags and
// draft; formulas typesets the title's TeX, as the page's.
func (p *Page) parseFrontMatter(fm []byte, formulas *katex.Cache) error {
	at := diag.Pos{File: p.Path, Line: 2, Col: 1}
	entries, err := parseMapping(fm, at, "front matter")
	if err != nil {
		return err
	}
	errs := checkKeys(entries, at, frontMatterKeys, "front matter")
	errs = append(errs, escapeProblems(entries, at)...)
	for _, mv := range entries {
		var err error
		switch keyName(mv) {
		case "title":
			var s string
			if s, err = scalarText(mv, at); err == nil {
				err = p.typesetTitle(s, nodePos(at, mv.Value), formulas)
			}
		case "description":
			p.Description, err = scalarText(mv, at)
		case "tags":
			p.Tags, p.TagPos, err = readTags(mv, at)
		case "draft":
			p.Draft, err = boolValue(mv, at)
		case "bibliography", "citations":
			err = p.frontMatterCite(mv, at)
		case "card":
			err = p.readCard(mv, at)
		case "toc":
			var toc bool
			if toc, err = boolValue(mv, at); err == nil {
				p.TOC, p.tocSet = toc, true
			}
		case "date":
			var s string
			if s, err = scalarText(mv, at); err == nil && s != "" {
				p.Date, err = parseDate(s, nodePos(at, mv.Value))
			}
		}
		errs.Add(err)
	}
	return errs.Err()
}

func parseDate(s string, pos diag.Pos) (time.Time, error) {
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, diag.Errorf(pos, "date %q is not a date scalesite can read: write it as 2025-03-01 (or 2025-03-01T14:30:00Z)", s)
}

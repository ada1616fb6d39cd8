package markdown

import (
	"bytes"
	"fmt"
)

// What goldmark cannot read in linear time is counted here, in one pass over
// the page, before goldmark sees it. Containers nested one inside another
// (block quotes and list items) cost goldmark time and memory growing with
// the square of their depth: 200 KB of "- - - …" took 22 s, a list indented
// 3,000 levels deep 27 s and 789 MB. Footnote definitions cost it the
// square of their number (each reference walks the list of definitions, and
// the list is sorted by insertion): 50,000 took 42 s. A real page nests a
// few levels and has tens of footnotes; the limits are far above that and
// far below what slows a build.
const (
	// MaxNesting is how deep block quotes and list items may be nested.
	MaxNesting = 32
	// MaxFootnotes is how many footnote definitions a page may have.
	MaxFootnotes = 1000
	// MaxParagraphLines is how many lines a paragraph with a closing
	// bracket in it (a link, a citation, a footnote) may have: goldmark
	// reads each link's text by walking back from the paragraph's last
	// line, so 40,000 lines of links took 3 s, and 150,000 half a minute.
	MaxParagraphLines = 1000
	// MaxBytes is the largest page: goldmark's tree of a page takes up to
	// 320 times its size in memory (2 MB of [ took 650 MB), and a build
	// loads pages two at a time.
	MaxBytes = 1 << 20
)

// LimitError is the first place in a page's Markdown where it passes one of
// the limits Prescan checks.
type LimitError struct {
	Offset int    // the byte of the source where the limit is passed
	Msg    string // what is wrong, the limit, and what to do
}

func (e *LimitError) Error() string { return e.Msg }

// container is a block quote or list item open at the current line.
type container struct {
	quote  bool // a block quote; otherwise a list item
	indent int  // a list item's content column: lines indented this far continue it
}

// prescan is the state of Prescan between lines.
type prescan struct {
	src       []byte
	open      []container
	fence     []byte // the opening fence (``` or ~~~ run) of the code block the scan is in, or nil
	fenceOpen int    // how many containers hold that code block
	paragraph bool   // the last line was paragraph text, which a lazy line may continue
	footnotes int
	// lines and bracket: how many lines the paragraph the scan is in has
	// had, and whether one held a ].
	lines   int
	bracket bool
	// defs: every line of the paragraph so far looks like a link reference
	// definition, which goldmark takes out before it reads the links.
	defs bool

	maxNesting, maxFootnotes, maxLines int // the limits (the constants but in tests)
}

// Prescan checks a page's Markdown against MaxNesting and MaxFootnotes in
// time linear in its length, and returns where it first passes one, or nil.
// It reads the block structure as CommonMark does (block quote markers,
// list markers and the indentation that continues a list item, lazy
// continuation lines, fenced code), closely enough that a page it accepts
// is nested no deeper in goldmark's tree, and that a page nested well within
// the limit in goldmark's tree is not refused.
func Prescan(src []byte) *LimitError {
	return prescanWith(src, MaxNesting, MaxFootnotes, MaxParagraphLines)
}

// prescanWith is Prescan with other limits, for tests that reach them with
// small pages.
func prescanWith(src []byte, maxNesting, maxFootnotes, maxLines int) *LimitError {
	s := &prescan{src: src, maxNesting: maxNesting, maxFootnotes: maxFootnotes, maxLines: maxLines}
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if err := s.line(start, end); err != nil {
			return err
		}
		if end >= MaxBytes && len(src) > MaxBytes {
			// Any other limit passed before this point is told first.
			return &LimitError{Offset: MaxBytes, Msg: fmt.Sprintf(
				"the Markdown of this page is %.1f MB, more than the %d MB a page may have: split the page, and put data in CSV files beside it", float64(len(src))/(1<<20), MaxBytes>>20)}
		}
		start = end + 1
	}
	return nil
}

// line reads the line src[start:end].
func (s *prescan) line(start, end int) *LimitError {
	ln := s.src[start:end]
	i, col := 0, 0
	matched := 0
	for matched < len(s.open) {
		c := s.open[matched]
		j, w := skipSpace(ln, i, col)
		if c.quote {
			if w-col > 3 || j >= len(ln) || ln[j] != '>' {
				break
			}
			i, col = afterQuoteMarker(ln, j, w)
		} else {
			if j < len(ln) && w < c.indent {
				break
			}
			if j == len(ln) { // a blank line continues a list item
				i, col = j, w
			} else {
				i, col = advanceTo(ln, i, col, c.indent)
			}
		}
		matched++
	}
	if s.fence != nil {
		if matched >= s.fenceOpen {
			if isClosingFence(ln[i:], s.fence) {
				s.fence = nil
			}
			s.open = s.open[:max(matched, s.fenceOpen)]
			return nil
		}
		s.fence = nil // its container ended: so did the code block
	}
	kept := s.open[:matched]
	opened := 0
	for {
		j, w := skipSpace(ln, i, col)
		if w-col > 3 || j >= len(ln) {
			break
		}
		if ln[j] == '>' {
			i, col = afterQuoteMarker(ln, j, w)
			kept, opened = append(kept, container{quote: true}), opened+1
		} else if n, ok := listMarker(ln[j:]); ok && !isThematicBreak(ln[j:]) {
			i, col = j+n, w+n
			k, wk := skipSpace(ln, i, col)
			switch {
			case k == len(ln) || wk-col > 4:
				col++ // an empty item, or indented code in it: content one space after the marker
				if i < len(ln) {
					i++
				}
			default:
				i, col = k, wk
			}
			kept, opened = append(kept, container{indent: col}), opened+1
		} else {
			break
		}
		if len(kept) > s.maxNesting {
			return &LimitError{Offset: start + j, Msg: fmt.Sprintf(
				"block quotes and lists are nested %d deep here, more than the %d levels a page may have: nest them less deeply", len(kept), s.maxNesting)}
		}
	}
	j, w := skipSpace(ln, i, col)
	rest := ln[j:]
	blank := len(bytes.TrimRight(rest, "\r")) == 0
	fence := opensFence(rest)
	if w-col > 3 {
		fence = nil
	}
	// A line that would go on a paragraph continues it lazily, its
	// containers open although their markers are missing.
	lazy := opened == 0 && matched < len(s.open) && s.paragraph && !blank &&
		fence == nil && !isThematicBreak(rest) && !bytes.HasPrefix(rest, []byte("#"))
	// The line goes on the paragraph of the line before.
	continues := s.paragraph && opened == 0 && (lazy || matched == len(s.open))
	if !lazy {
		s.open = kept
	}
	s.paragraph = false
	switch {
	case blank:
	case fence != nil:
		s.fence, s.fenceOpen = fence, len(s.open)
	default:
		if w-col <= 3 && isFootnoteDefinition(rest) {
			s.footnotes++
			if s.footnotes > s.maxFootnotes {
				return &LimitError{Offset: start + j, Msg: fmt.Sprintf(
					"this is footnote %d of the page, more than the %d footnotes a page may have: split the page", s.footnotes, s.maxFootnotes)}
			}
			continues = false
		}
		s.paragraph = true
		if !continues {
			s.lines, s.bracket, s.defs = 0, false, true
		}
		if s.defs = s.defs && w-col <= 3 && isDefinition(rest); s.defs {
			return nil
		}
		s.lines++
		s.bracket = s.bracket || bytes.IndexByte(rest, ']') >= 0
		if s.lines > s.maxLines && s.bracket {
			return &LimitError{Offset: start + j, Msg: fmt.Sprintf(
				"this paragraph runs on for more than %d lines with links or brackets in it, more than a paragraph may have: put blank lines between its parts", s.maxLines)}
		}
	}
	return nil
}

// skipSpace skips spaces and tabs from ln[i], at column col, and returns
// where it stopped and that byte's column (a tab moves to the next multiple
// of 4).
func skipSpace(ln []byte, i, col int) (int, int) {
	for ; i < len(ln); i++ {
		switch ln[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return i, col
		}
	}
	return i, col
}

// advanceTo moves from ln[i] at column col over spaces and tabs up to column
// to (or fewer, where a tab passes it).
func advanceTo(ln []byte, i, col, to int) (int, int) {
	for i < len(ln) && col < to && (ln[i] == ' ' || ln[i] == '\t') {
		if ln[i] == ' ' {
			col++
		} else {
			col += 4 - col%4
		}
		i++
	}
	return i, col
}

// afterQuoteMarker is where a block quote's content starts after its > at
// ln[j], column w: past one optional space.
func afterQuoteMarker(ln []byte, j, w int) (int, int) {
	j, w = j+1, w+1
	if j < len(ln) && (ln[j] == ' ' || ln[j] == '\t') {
		j, w = j+1, w+1
	}
	return j, w
}

// listMarker reports whether b starts with a list item's marker (-, +, *,
// or 1 to 9 digits and . or )) followed by a space, a tab or the line's end,
// and the marker's length.
func listMarker(b []byte) (int, bool) {
	n := 0
	switch {
	case len(b) > 0 && (b[0] == '-' || b[0] == '+' || b[0] == '*'):
		n = 1
	default:
		for n < len(b) && n < 9 && b[n] >= '0' && b[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(b) || (b[n] != '.' && b[n] != ')') {
			return 0, false
		}
		n++
	}
	if n < len(b) && b[n] != ' ' && b[n] != '\t' && b[n] != '\r' {
		return 0, false
	}
	return n, true
}

// isThematicBreak reports whether the line b is a thematic break (three or
// more -, * or _, alone but for spaces), which is no list item.
func isThematicBreak(b []byte) bool {
	var mark byte
	n := 0
	for _, c := range b {
		switch {
		case c == ' ' || c == '\t' || c == '\r':
		case (c == '-' || c == '*' || c == '_') && (mark == 0 || c == mark):
			mark = c
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// opensFence returns the fence a line b opens a fenced code block with
// (three or more backticks or tildes), or nil.
func opensFence(b []byte) []byte {
	if len(b) < 3 || (b[0] != '`' && b[0] != '~') {
		return nil
	}
	n := 0
	for n < len(b) && b[n] == b[0] {
		n++
	}
	if n < 3 || (b[0] == '`' && bytes.IndexByte(b[n:], '`') >= 0) {
		return nil
	}
	return b[:n]
}

// isClosingFence reports whether the line b closes a code block opened by
// fence: as long a run of its character, alone on the line.
func isClosingFence(b, fence []byte) bool {
	j, w := skipSpace(b, 0, 0)
	if w > 3 {
		return false
	}
	n := 0
	for j+n < len(b) && b[j+n] == fence[0] {
		n++
	}
	return n >= len(fence) && len(bytes.TrimRight(b[j+n:], " \t\r")) == 0
}

// isFootnoteDefinition reports whether the line b starts a footnote
// definition: [^label]: with a label of no space.
func isFootnoteDefinition(b []byte) bool {
	if !bytes.HasPrefix(b, []byte("[^")) {
		return false
	}
	end := bytes.Index(b, []byte("]:"))
	return end > 2 && bytes.IndexAny(b[2:end], " \t]") < 0
}

// isDefinition reports whether the line b looks like the start of a link
// reference definition: [label]: on a line of its own.
func isDefinition(b []byte) bool {
	end := bytes.Index(b, []byte("]:"))
	return len(b) > 0 && b[0] == '[' && end > 1 && bytes.IndexByte(b[1:end], ']') < 0
}

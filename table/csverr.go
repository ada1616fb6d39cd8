package table

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// ragged explains a row whose cell count differs from the header's, with the
// likely cause when the row shows it.
func (p *csvParser) ragged(columns []string, rec []string, r *records) *diag.Error {
	n, want := len(rec), len(columns)
	msg := fmt.Sprintf("row has %s but the header has %s (%s)", plural(n, "cell"), plural(want, "column"), columnList(columns))
	sep := sepName(p.comma)
	line, _ := r.FieldPos(0)
	pos := p.pos(line, 0)
	if n < want {
		return &diag.Error{Pos: pos, Msg: msg + " — an empty cell is written as nothing between two " + sep + "s"}
	}
	pos = p.pos(p.fieldPos(r, want)) // the first cell too many
	switch {
	case allEmpty(rec[want:]):
		msg += " — remove the " + sep + " at the end of the row"
	case p.comma == ',' && splitThousands(rec):
		msg += " — a number like 1,000 splits into two cells: write 1000"
	default:
		msg += " — put a cell that contains a " + sep + " in double quotes"
	}
	return &diag.Error{Pos: pos, Msg: msg}
}

// quoteError puts encoding/csv's quoting errors into words, at the quote that
// is wrong rather than where the reader gave up.
func (p *csvParser) quoteError(pe *csv.ParseError) *diag.Error {
	const double = ` (write "" for a " inside a quoted cell)`
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		return &diag.Error{Pos: p.pos(pe.Line, pe.Column), Msg: `unexpected " in a cell that does not start with one: ` +
			`to keep it, put the whole cell in double quotes and double this one, e.g. "say ""hi"""`}
	case errors.Is(pe.Err, csv.ErrQuote):
		// The reader reports two different mistakes this way: text after a
		// closing quote (the column is that quote), and a quote never closed
		// (the column is past the end of the input).
		if b, ok := p.w.byteAt(p.offset(pe.Line, pe.Column)); ok && b == '"' {
			return &diag.Error{Pos: p.pos(pe.Line, pe.Column), Msg: "text follows the \" that closes this quoted cell: a quoted cell must end at a " +
				sepName(p.comma) + " or at the end of the line" + double}
		}
		if off := p.openQuote(pe.StartLine); off >= 0 {
			l, c := p.lineCol(off)
			return &diag.Error{Pos: p.pos(l, c), Msg: `this " opens a quoted cell that is never closed: add the closing "` + double}
		}
		return &diag.Error{Pos: p.pos(pe.StartLine, 0), Msg: `a quoted cell on this row is never closed: add the closing "` + double}
	}
	return &diag.Error{Pos: p.pos(pe.Line, pe.Column), Msg: pe.Err.Error()}
}

// openQuote finds the quote that opens the cell left unclosed at the end of
// the input, by reading the record that starts on line the way encoding/csv
// does. It returns -1 if the record reads differently.
func (p *csvParser) openQuote(line int) int {
	// The offsets below count from the window's start.
	s, i := p.w.bytesAt(p.w.base, p.w.read), p.offset(line, 1)-p.w.base
	for i < len(s) {
		for p.trim && i < len(s) && s[i] != '\n' {
			r, size := utf8.DecodeRune(s[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += size
		}
		if i < len(s) && s[i] == '"' {
			open := i
			for {
				j := bytes.IndexByte(s[i+1:], '"')
				if j < 0 {
					return p.w.base + open
				}
				i += j + 2 // past the quote
				if i < len(s) && s[i] == '"' {
					continue // "" stands for a quote
				}
				break
			}
			if r, size := utf8.DecodeRune(s[i:]); i < len(s) && r == p.comma {
				i += size
				continue
			}
			return -1
		}
		// An unquoted cell: on to the next separator, unless the line ends first.
		j := bytes.IndexAny(s[i:], string(p.comma)+"\n")
		if j < 0 || s[i+j] == '\n' {
			return -1
		}
		_, size := utf8.DecodeRune(s[i+j:])
		i += j + size
	}
	return -1
}

// validComma mirrors encoding/csv's rule, so that a bad separator is reported
// as such instead of as an error from the first Read.
func validComma(r rune) bool {
	return r != 0 && r != '"' && r != '\r' && r != '\n' && utf8.ValidRune(r) && r != utf8.RuneError
}

// sepName names a separator the way a researcher would.
func sepName(r rune) string {
	switch r {
	case ',':
		return "comma"
	case '\t':
		return "tab"
	case ';':
		return "semicolon"
	case '|':
		return "vertical bar"
	case ' ':
		return "space"
	}
	return fmt.Sprintf("%q", r)
}

func allEmpty(cells []string) bool {
	for _, c := range cells {
		if c != "" {
			return false
		}
	}
	return true
}

// splitThousands reports whether some cell looks like the tail of a number
// with a thousands separator that the comma split off: "1,000" in a CSV row
// becomes the cells "1" and "000".
func splitThousands(cells []string) bool {
	for i := 1; i < len(cells); i++ {
		prev, c := cells[i-1], cells[i]
		if len(c) >= 3 && isDigits(c[:3]) && (len(c) == 3 || c[3] == '.') && prev != "" && isDigits(prev[len(prev)-1:]) {
			return true
		}
	}
	return false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

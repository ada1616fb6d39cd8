package table

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// records is what ParseCSV reads a table through: encoding/csv's Reader,
// or plainReader for text without a double quote.
type records interface {
	Read() ([]string, error)
	FieldPos(field int) (line, column int)
}

// plainReader reads delimited text that holds no double quote, giving the
// records and field positions encoding/csv's Reader would with
// FieldsPerRecord -1, ReuseRecord and TrimLeadingSpace as ParseCSV sets
// them (TestPlainReaderMatchesEncodingCSV, FuzzPlainReader). Without
// quotes a record is one line and a cell never fails to parse, so the
// cells can be cut from one string of the whole text: inline data is read
// for every chart of every page, and encoding/csv copies each line twice
// and makes a string of each record.
type plainReader struct {
	text  string
	at    int // the offset in text of the next line
	line  int // the number of the last line read
	comma rune
	trim  bool // TrimLeadingSpace
	rec   []string
	cols  []int // the byte column of each field of rec
}

// Read returns the next record, or io.EOF.
func (r *plainReader) Read() ([]string, error) {
	for r.at < len(r.text) {
		line := r.text[r.at:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		r.at += len(line)
		r.line++
		// A line's end is \n, \r\n, or a \r ending the text; its content
		// is what stands before it.
		content := line
		switch {
		case len(content) >= 2 && content[len(content)-2] == '\r' && content[len(content)-1] == '\n':
			content = content[:len(content)-2]
		case len(content) >= 1 && content[len(content)-1] == '\n':
			content = content[:len(content)-1]
		case r.at == len(r.text) && len(content) >= 1 && content[len(content)-1] == '\r':
			content = content[:len(content)-1]
		}
		if len(content) == 0 && len(line) > 0 && r.endsLine(line) {
			continue // an empty line is no record
		}
		return r.fields(content), nil
	}
	return nil, io.EOF
}

// endsLine reports whether line (not empty) is nothing but a line end.
func (r *plainReader) endsLine(line string) bool {
	return line == "\n" || line == "\r\n" || (line == "\r" && r.at == len(r.text))
}

// fields cuts one line's content into its cells.
func (r *plainReader) fields(content string) []string {
	r.rec, r.cols = r.rec[:0], r.cols[:0]
	col := 1
	commaLen := utf8.RuneLen(r.comma)
	for {
		if r.trim {
			i := indexNonSpace(content)
			content = content[i:]
			col += i
		}
		i := strings.IndexRune(content, r.comma)
		field := content
		if i >= 0 {
			field = content[:i]
		}
		r.rec = append(r.rec, field)
		r.cols = append(r.cols, col)
		if i < 0 {
			return r.rec
		}
		content = content[i+commaLen:]
		col += i + commaLen
	}
}

// FieldPos returns the line and byte column (1-based) where field of the
// last record read starts.
func (r *plainReader) FieldPos(field int) (line, column int) {
	if field < 0 || field >= len(r.cols) {
		panic("out of range index passed to FieldPos")
	}
	return r.line, r.cols[field]
}

// indexNonSpace is the offset of the first character of s that is not a
// space (unicode.IsSpace), or len(s).
func indexNonSpace(s string) int {
	for i, c := range s {
		if !unicode.IsSpace(c) {
			return i
		}
	}
	return len(s)
}

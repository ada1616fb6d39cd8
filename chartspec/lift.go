package chartspec

import (
	"bytes"
	"strings"
)

// liftedBlock is the text of a `data: |` block taken out of the YAML before
// parsing, with the line (of the spec as written) and column where its first
// line starts.
type liftedBlock struct {
	text      string
	line, col int
}

// lineShift records lines taken out of the YAML: the lines after YAML line
// `after` stood `by` lines further down in the spec as written.
type lineShift struct{ after, by int }

// liftDataBlocks takes the content of each `data: |` (or `data: >`) block
// scalar out of src. Inline CSV is most of a chart spec's bytes, and the YAML
// library scans a block scalar (even its blank lines) at a cost far above
// reading it here; the text is the same either way, since a block scalar is
// taken literally. The result maps the YAML line of each `data:` key (in the
// shortened source) to its block, and lists the shifts that turn a line of
// the shortened source back into a line of the spec as written.
//
// Blocks the simple reading cannot be sure of (tabs in the indentation, a
// line indented less than the first) are left to the YAML library.
func liftDataBlocks(src []byte) ([]byte, map[int]liftedBlock, []lineShift) {
	if !bytes.Contains(src, []byte("data:")) {
		return src, nil, nil
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	var lifted map[int]liftedBlock
	var shifts []lineShift
	removed := 0
	for i := 0; i < len(lines); i++ {
		keyIndent, ok := dataBlockKey(lines[i])
		if !ok {
			continue
		}
		// The block is every following line that is blank or indented past
		// the key.
		end, first, indent := i+1, -1, 0
		for ; end < len(lines); end++ {
			l := lines[end]
			t := bytes.TrimRight(l, " \n")
			if len(t) == 0 {
				continue
			}
			n := len(l) - len(bytes.TrimLeft(l, " "))
			if n <= keyIndent {
				break
			}
			if first < 0 {
				first, indent = end, n
			}
			if n < indent || bytes.IndexByte(l[:n+1], '\t') >= 0 {
				first = -2 // leave this block to the YAML library
				break
			}
		}
		if first == -2 || first < 0 {
			continue
		}
		if lifted == nil {
			lifted = map[int]liftedBlock{}
		}
		key := i + 1 - removed // the key's line in the shortened source
		lifted[key] = liftedBlock{text: blockText(lines[first:end], indent), line: first + 1, col: indent + 1}
		shifts = append(shifts, lineShift{after: key, by: end - (i + 1)})
		removed += end - (i + 1)
		for j := i + 1; j < end; j++ {
			lines[j] = nil
		}
		i = end - 1
	}
	if lifted == nil {
		return src, nil, nil
	}
	size := 1 // what is left: the spec's few lines
	for _, l := range lines {
		size += len(l)
	}
	out := make([]byte, 0, size)
	for _, l := range lines {
		out = append(out, l...)
	}
	if len(out) > 0 && out[len(out)-1] != '\n' && bytes.HasSuffix(src, []byte("\n")) {
		out = append(out, '\n')
	}
	return out, lifted, shifts
}

// blockText is the text of a block scalar's lines: each without its
// indentation, and one line end after the last line with text (clip
// chomping, as YAML reads `|` and as the library gave it before lifting).
// A blank line keeps the spaces past the indentation, as YAML does: they
// are text (a line of spaces) in a block scalar. It is built in one
// allocation: inline data is most of a chart spec's bytes.
func blockText(lines [][]byte, indent int) string {
	last, size := -1, 0
	for i, l := range lines {
		body := bytes.TrimSuffix(l, []byte("\n"))
		if len(body) > indent {
			last = i
		}
		size += len(body) - min(indent, len(body)) + 1
	}
	if last < 0 {
		return "\n"
	}
	var b strings.Builder
	b.Grow(size)
	for _, l := range lines[:last+1] {
		body := bytes.TrimSuffix(l, []byte("\n"))
		b.Write(body[min(indent, len(body)):])
		b.WriteByte('\n')
	}
	return b.String()
}

// origLine turns a line of the (possibly shortened) YAML into a line of the
// spec as written.
func (p *parser) origLine(y int) int {
	o := y
	for _, s := range p.shifts {
		if y > s.after {
			o += s.by
		}
	}
	return o
}

// yamlLine is origLine's inverse; it returns 0 for a line that was lifted out.
func (p *parser) yamlLine(o int) int {
	y, cum := o, 0
	for _, s := range p.shifts {
		key := s.after + cum // the key's line as written
		switch {
		case o > key+s.by:
			y -= s.by
		case o > key:
			return 0
		default:
			return y
		}
		cum += s.by
	}
	return y
}

// dataBlockKey reports whether line is `data: |` or `data: >` (with optional
// chomping indicator and a comment; a block with an explicit indentation
// indicator is left to the YAML library), possibly as the first
// key of a list item, and returns the indentation of the key.
func dataBlockKey(line []byte) (int, bool) {
	n := len(line) - len(bytes.TrimLeft(line, " "))
	rest := line[n:]
	if bytes.HasPrefix(rest, []byte("- ")) {
		rest = bytes.TrimLeft(rest[2:], " ")
		n = len(line) - len(rest)
	}
	rest, ok := bytes.CutPrefix(rest, []byte("data:"))
	if !ok || len(rest) == 0 || (rest[0] != ' ' && rest[0] != '\t') {
		return 0, false
	}
	rest = bytes.TrimLeft(rest, " \t")
	if len(rest) == 0 || (rest[0] != '|' && rest[0] != '>') {
		return 0, false
	}
	rest = bytes.TrimSpace(bytes.TrimLeft(rest[1:], "+-"))
	return n, len(rest) == 0 || rest[0] == '#'
}

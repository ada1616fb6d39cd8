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
	// Lines are numbered from 0 as bytes.SplitAfter(src, "\n") would cut
	// them (a source ending in a line end has an empty last line), and read
	// in place: the block's lines are most of the spec.
	var lifted map[int]liftedBlock
	var shifts []lineShift
	var cuts []int // pairs of offsets: src[cuts[k]:cuts[k+1]] is taken out
	removed := 0
	for i, at := 0, 0; at <= len(src); i++ {
		line, next := lineAt(src, at)
		keyIndent, ok := dataBlockKey(line)
		if !ok {
			at = next
			continue
		}
		// The block is every following line that is blank or indented past
		// the key.
		end, first, indent := i+1, -1, 0
		endAt, firstAt := next, 0 // where lines end and first start
		for endAt <= len(src) {
			l, after := lineAt(src, endAt)
			n := leadingSpaces(l)
			if blankLine(l[n:]) {
				end, endAt = end+1, after
				continue
			}
			if n <= keyIndent {
				break
			}
			if first < 0 {
				first, indent, firstAt = end, n, endAt
			}
			if n < indent || bytes.IndexByte(l[:n+1], '\t') >= 0 {
				first = -2 // leave this block to the YAML library
				break
			}
			end, endAt = end+1, after
		}
		if first < 0 {
			at = next
			continue
		}
		if lifted == nil {
			lifted = map[int]liftedBlock{}
		}
		stop := min(endAt, len(src)) // where line end starts
		key := i + 1 - removed       // the key's line in the shortened source
		lifted[key] = liftedBlock{text: blockText(src[firstAt:stop], indent), line: first + 1, col: indent + 1}
		shifts = append(shifts, lineShift{after: key, by: end - (i + 1)})
		removed += end - (i + 1)
		cuts = append(cuts, next, stop)
		i, at = end-1, endAt
	}
	if lifted == nil {
		return src, nil, nil
	}
	size := len(src) + 1 // what is left: the spec's few lines
	for k := 0; k < len(cuts); k += 2 {
		size -= cuts[k+1] - cuts[k]
	}
	out := make([]byte, 0, size)
	kept := 0
	for k := 0; k < len(cuts); k += 2 {
		out = append(out, src[kept:cuts[k]]...)
		kept = cuts[k+1]
	}
	out = append(out, src[kept:]...)
	if len(out) > 0 && out[len(out)-1] != '\n' && bytes.HasSuffix(src, []byte("\n")) {
		out = append(out, '\n')
	}
	return out, lifted, shifts
}

// lineAt returns the line of src starting at offset at, with its line end,
// and the offset of the next line: past len(src) after the last line.
func lineAt(src []byte, at int) (line []byte, next int) {
	if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
		return src[at : at+i+1], at + i + 1
	}
	return src[at:], len(src) + 1
}

// blankLine reports whether l holds nothing but spaces and line ends.
func blankLine(l []byte) bool {
	for _, c := range l {
		if c != ' ' && c != '\n' {
			return false
		}
	}
	return true
}

// blockText is the text of a block scalar's lines: each without its
// indentation, and one line end after the last line with text (clip
// chomping, as YAML reads `|` and as the library gave it before lifting).
// A blank line keeps the spaces past the indentation, as YAML does: they
// are text (a line of spaces) in a block scalar. It is built in one
// allocation: inline data is most of a chart spec's bytes.
func blockText(lines []byte, indent int) string {
	last, size := -1, 0 // the end of the last line with text
	for at := 0; at < len(lines); {
		l, next := lineAt(lines, at)
		body := bytes.TrimSuffix(l, []byte("\n"))
		if len(body) > indent {
			last = at + len(body)
		}
		size += len(body) - min(indent, len(body)) + 1
		at = next
	}
	if last < 0 {
		return "\n"
	}
	var b strings.Builder
	b.Grow(size)
	for at := 0; at < last; {
		l, next := lineAt(lines, at)
		body := bytes.TrimSuffix(l, []byte("\n"))
		b.Write(body[min(indent, len(body)):])
		b.WriteByte('\n')
		at = next
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

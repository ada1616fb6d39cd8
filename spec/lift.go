package spec

import "bytes"

// liftedBlock is the text of a `data: |` block taken out of the YAML before
// parsing, with the YAML line and column where its first line starts.
type liftedBlock struct {
	text      string
	line, col int
}

// liftDataBlocks takes the content of each `data: |` (or `data: >`) block
// scalar out of src, leaving blank lines in its place so that every other
// line keeps its number. Inline CSV is most of a chart spec's bytes, and the
// YAML library scans a block scalar line by line at a cost far above reading
// it here; the text is the same either way, since a block scalar is taken
// literally. The result maps the YAML line of each `data:` key to its block.
//
// Blocks the simple reading cannot be sure of (tabs in the indentation, a
// line indented less than the first) are left to the YAML library.
func liftDataBlocks(src []byte) ([]byte, map[int]liftedBlock) {
	if !bytes.Contains(src, []byte("data:")) {
		return src, nil
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	var lifted map[int]liftedBlock
	var out []byte
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
		var text bytes.Buffer
		for _, l := range lines[first:end] {
			if len(bytes.TrimRight(l, " \n")) == 0 {
				text.WriteByte('\n')
				continue
			}
			text.Write(bytes.TrimRight(l[indent:], "\n"))
			text.WriteByte('\n')
		}
		t := bytes.TrimRight(text.Bytes(), "\n")
		if out == nil {
			out = make([]byte, 0, len(src))
			lifted = map[int]liftedBlock{}
		}
		lifted[i+1] = liftedBlock{text: string(t) + "\n", line: first + 1, col: indent + 1}
		for j := i + 1; j < end; j++ {
			lines[j] = lines[j][len(lines[j]):] // keep the slot, blank the line
			if j < len(lines)-1 || bytes.HasSuffix(src, []byte("\n")) {
				lines[j] = []byte("\n")
			}
		}
		i = end - 1
	}
	if lifted == nil {
		return src, nil
	}
	for _, l := range lines {
		out = append(out, l...)
	}
	return out, lifted
}

// dataBlockKey reports whether line is `data: |` or `data: >` (with optional
// chomping and indentation indicators and a comment), possibly as the first
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
	rest = bytes.TrimSpace(bytes.TrimLeft(rest[1:], "+-123456789"))
	return n, len(rest) == 0 || rest[0] == '#'
}

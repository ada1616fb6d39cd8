package plaintex

import "strings"

// Segment is a run of text as Split cuts it: prose, or one formula.
type Segment struct {
	// Text is the prose (with \$ written as $), or the formula's TeX
	// without its dollar signs.
	Text string
	// Formula reports a formula.
	Formula bool
	// Offset is where the segment starts in the string split (bytes): for
	// a formula, where its TeX starts, after the dollar signs.
	Offset int
}

// Split cuts s into prose and formulas: the one rule convert reads them
// by, so that a caller that typesets the formulas (a page's title) finds
// the same ones the plain form converts. A $ left open before TeX is an
// error.
func Split(s string) ([]Segment, error) {
	var out []Segment
	var prose strings.Builder
	start := 0
	flush := func(end int) {
		if prose.Len() > 0 {
			out = append(out, Segment{Text: prose.String(), Offset: start})
			prose.Reset()
		}
		start = end
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == '$':
			prose.WriteByte('$')
			i += 2
			continue
		case c != '$':
			prose.WriteByte(c)
			i++
			continue
		}
		open := 1
		if i+1 < len(s) && s[i+1] == '$' {
			open = 2
		}
		end, ok := closer(s, i+open, open)
		if !ok {
			if tex, looks := looksLikeTeX(s, i+open); looks {
				return nil, &Error{Offset: i, TeX: cut(s[i:i+open] + tex), Reason: "this $ opens a formula that is never closed: add the closing $ after it, or write \\$ for a dollar sign"}
			}
			prose.WriteString(s[i : i+open])
			i += open
			continue
		}
		flush(i)
		out = append(out, Segment{Text: s[i+open : end], Formula: true, Offset: i + open})
		i = end + open
		start = i
	}
	flush(len(s))
	return out, nil
}

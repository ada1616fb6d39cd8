package bibtex

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is one person of an author or editor list, in plain text.
type Name struct {
	First, Von, Last, Jr string
}

// Family is the name a citation shows: "Hoffmann", "van der Waals".
func (n Name) Family() string {
	if n.Von != "" {
		return n.Von + " " + n.Last
	}
	return n.Last
}

// Full is the name as a reference list writes it: "Johannes D. van der Waals, Jr."
func (n Name) Full() string {
	parts := make([]string, 0, 4)
	for _, s := range []string{n.First, n.Von, n.Last} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	full := strings.Join(parts, " ")
	if n.Jr != "" {
		full += ", " + n.Jr
	}
	return full
}

// ParseNames splits a BibTeX name list ("Kaplan, Jared and Sam McCandlish
// and others") into names. etAl reports a trailing "and others", BibTeX's
// way of writing "et al.". Names in braces ({OpenAI}) are kept whole.
func ParseNames(latex string) (names []Name, etAl bool) {
	for _, part := range splitAnd(latex) {
		if strings.EqualFold(strings.TrimSpace(part), "others") {
			etAl = true
			continue
		}
		if n, ok := parseName(part); ok {
			names = append(names, n)
		}
	}
	return names, etAl
}

// splitAnd splits s at each "and" between white space, outside braces.
func splitAnd(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case 'a', 'A':
			if depth == 0 && i > 0 && isSpaceByte(s[i-1]) && i+3 < len(s) && strings.EqualFold(s[i:i+3], "and") && isSpaceByte(s[i+3]) {
				out = append(out, s[start:i])
				start = i + 3
				i += 2
			}
		}
	}
	return append(out, s[start:])
}

func isSpaceByte(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// parseName reads one name in any of BibTeX's three forms: "First von
// Last", "von Last, First" and "von Last, Jr, First".
func parseName(s string) (Name, bool) {
	parts := splitTop(s, ',')
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	var n Name
	switch len(parts) {
	case 0:
		return n, false
	case 1:
		words := words(parts[0])
		if len(words) == 0 {
			return n, false
		}
		// von starts at the first lower-case word before the last word and
		// runs to the last lower-case word before it.
		vonStart, vonEnd := -1, -1
		for i, w := range words[:len(words)-1] {
			if isLowerWord(w) {
				if vonStart < 0 {
					vonStart = i
				}
				vonEnd = i + 1
			}
		}
		if vonStart < 0 {
			n.First = joinText(words[:len(words)-1])
			n.Last = joinText(words[len(words)-1:])
		} else {
			n.First = joinText(words[:vonStart])
			n.Von = joinText(words[vonStart:vonEnd])
			n.Last = joinText(words[vonEnd:])
		}
	default:
		words := words(parts[0])
		if len(words) == 0 {
			return n, false
		}
		vonEnd := 0
		for i, w := range words[:len(words)-1] {
			if isLowerWord(w) {
				vonEnd = i + 1
			}
		}
		n.Von = joinText(words[:vonEnd])
		n.Last = joinText(words[vonEnd:])
		if len(parts) == 2 {
			n.First = Text(parts[1])
		} else {
			n.Jr = Text(parts[1])
			n.First = Text(strings.Join(parts[2:], ", "))
		}
	}
	return n, n.Last != "" || n.First != ""
}

// splitTop splits s at sep outside braces.
func splitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// words splits s at white space outside braces (and at ~, BibTeX's tie).
func words(s string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{':
			depth++
		case c == '}':
			depth--
		}
		sep := depth == 0 && (isSpaceByte(c) || c == '~')
		if sep && start >= 0 {
			out = append(out, s[start:i])
			start = -1
		} else if !sep && start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// isLowerWord reports whether a word counts as lower case for the von part:
// its first letter outside braces is lower case. A word that starts with a
// plain {group} counts as upper case ({van} Gogh is protected); one that
// starts with a special character ({\"u}ber) takes that letter's case.
func isLowerWord(w string) bool {
	for i := 0; i < len(w); {
		r, size := utf8.DecodeRuneInString(w[i:])
		switch {
		case r == '{':
			if strings.HasPrefix(w[i:], `{\`) {
				t := Text(w[i:])
				for _, tr := range t {
					if unicode.IsLetter(tr) {
						return unicode.IsLower(tr)
					}
				}
				return false
			}
			return false
		case r == '\\':
			t := Text(w[i:])
			for _, tr := range t {
				if unicode.IsLetter(tr) {
					return unicode.IsLower(tr)
				}
			}
			return false
		case unicode.IsLetter(r):
			return unicode.IsLower(r)
		}
		i += size
	}
	return false
}

func joinText(words []string) string {
	return Text(strings.Join(words, " "))
}

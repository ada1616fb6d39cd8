package bibtex

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Text turns a field value written in LaTeX into the plain Unicode text a
// page shows: accents ({\"u}, \'{e}, \v c) become the accented letters,
// \ss, \o, \aa and the like their letters, -- and --- dashes, ~ a
// no-break space, “ and ” curly quotes, and simple math ($\alpha$,
// $10^{23}$) its symbols. Braces, which only protect case in BibTeX, are
// dropped, and so are the names of commands Text does not know (their
// arguments stay). Runs of white space become one space.
func Text(latex string) string {
	if latex == "" {
		return ""
	}
	c := converter{src: latex}
	c.run(0, len(latex), 0)
	return norm.NFC.String(strings.TrimSpace(c.b.String()))
}

// maxDepth bounds the nesting of accent arguments Text looks into.
const maxDepth = 32

type converter struct {
	src   string
	b     strings.Builder
	math  bool
	space bool // the last thing written was a space
}

func (c *converter) write(s string) {
	for _, r := range s {
		if unicode.IsSpace(r) && r != '\u00a0' {
			if !c.space && c.b.Len() > 0 {
				c.b.WriteByte(' ')
			}
			c.space = true
			continue
		}
		c.b.WriteRune(r)
		c.space = false
	}
}

// accents maps the accent commands to their combining marks.
var accents = map[string]rune{
	"'": '\u0301', "`": '\u0300', "^": '\u0302', "\"": '\u0308', "~": '\u0303', "=": '\u0304', ".": '\u0307',
	"u": '\u0306', "v": '\u030c', "H": '\u030b', "c": '\u0327', "k": '\u0328', "r": '\u030a', "d": '\u0323',
	"b": '\u0331', "t": '\u0361',
}

// symbols maps command names (without the backslash) to their text.
var symbols = map[string]string{
	"ss": "ß", "SS": "SS", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
	"l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ", "ng": "ŋ", "NG": "Ŋ",
	"&": "&", "%": "%", "$": "$", "#": "#", "_": "_", "{": "{", "}": "}", " ": " ", "\\": " ", ",": "\u2009",
	";": " ", ":": " ", "!": "", "-": "", "/": "", "@": "",
	"ldots": "…", "dots": "…", "textellipsis": "…", "textendash": "–", "textemdash": "—",
	"textquoteleft": "‘", "textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”",
	"textasciitilde": "~", "textbackslash": "\\", "textbar": "|", "textless": "<", "textgreater": ">",
	"textregistered": "®", "texttrademark": "™", "textcopyright": "©", "copyright": "©", "textdegree": "°",
	"textsection": "§", "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "pounds": "£", "euro": "€", "texteuro": "€",
	"guillemotleft": "«", "guillemotright": "»", "quad": " ", "qquad": " ",
	"LaTeX": "LaTeX", "TeX": "TeX", "BibTeX": "BibTeX", "LaTeXe": "LaTeX2ε",
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
	"eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
	"xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
	"upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
	"Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"times": "×", "cdot": "·", "pm": "±", "mp": "∓", "approx": "≈", "sim": "∼", "simeq": "≃", "propto": "∝",
	"leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "ll": "≪", "gg": "≫", "infty": "∞",
	"to": "→", "rightarrow": "→", "leftarrow": "←", "Rightarrow": "⇒", "in": "∈", "sum": "∑", "prod": "∏",
	"partial": "∂", "nabla": "∇", "sqrt": "√", "log": "log", "exp": "exp", "min": "min", "max": "max",
}

// dropFirst are commands whose first argument is not text: \href{url}{text}.
var dropFirst = map[string]bool{"href": true}

var superscripts = map[rune]rune{
	'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
	'+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', 'n': 'ⁿ', 'i': 'ⁱ',
}

var subscripts = map[rune]rune{
	'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
	'+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎',
}

// run converts src[i:end].
func (c *converter) run(i, end, depth int) {
	for i < end {
		r, size := utf8.DecodeRuneInString(c.src[i:])
		switch r {
		case '{', '}':
			i++
		case '\\':
			i = c.command(i, end, depth)
		case '$':
			c.math = !c.math
			i++
		case '~':
			c.write("\u00a0")
			i++
		case '-':
			switch {
			case strings.HasPrefix(c.src[i:end], "---"):
				c.write("—")
				i += 3
			case strings.HasPrefix(c.src[i:end], "--"):
				c.write("–")
				i += 2
			default:
				if c.math {
					c.write("−")
				} else {
					c.write("-")
				}
				i++
			}
		case '`':
			if strings.HasPrefix(c.src[i:end], "``") {
				c.write("“")
				i += 2
			} else {
				c.write("‘")
				i++
			}
		case '\'':
			if strings.HasPrefix(c.src[i:end], "''") {
				c.write("”")
				i += 2
			} else {
				c.write("’")
				i++
			}
		case '^', '_':
			if !c.math {
				c.write(string(r))
				i++
				break
			}
			arg, next := c.argument(i+1, end)
			text := c.sub(arg, depth)
			table := superscripts
			if r == '_' {
				table = subscripts
			}
			if mapped, ok := mapAll(text, table); ok {
				c.write(mapped)
			} else {
				c.write(string(r) + text)
			}
			i = next
		default:
			c.write(string(r))
			i += size
		}
	}
}

// command converts the command at src[i] (a backslash) and returns the
// offset after what it used.
func (c *converter) command(i, end, depth int) int {
	j := i + 1
	if j >= end {
		return end
	}
	var name string
	if isASCIILetter(c.src[j]) {
		k := j
		for k < end && isASCIILetter(c.src[k]) {
			k++
		}
		name = c.src[j:k]
		j = k
	} else {
		_, size := utf8.DecodeRuneInString(c.src[j:])
		name = c.src[j : j+size]
		j += size
	}
	letters := isASCIILetter(name[0])
	if mark, ok := accents[name]; ok && (!letters || !isASCIILetter(c.peek(j, end))) {
		for letters && j < end && c.src[j] == ' ' {
			j++ // \v c
		}
		arg, next := c.argument(j, end)
		base := c.sub(arg, depth)
		switch base {
		case "ı":
			base = "i"
		case "ȷ":
			base = "j"
		}
		if base == "" {
			c.write(string(mark))
			return next
		}
		first, size := utf8.DecodeRuneInString(base)
		c.write(string(first) + string(mark) + base[size:])
		return next
	}
	if letters {
		for j < end && (c.src[j] == ' ' || c.src[j] == '\t' || c.src[j] == '\n') {
			j++ // TeX ends a command word at the spaces after it
		}
	}
	if s, ok := symbols[name]; ok {
		if letters && j < end && c.src[j] == '{' && j+1 < end && c.src[j+1] == '}' {
			j += 2 // \ss{}
		}
		c.write(s)
		if name == " " || name == "\\" || name == "quad" || name == "qquad" {
			c.space = true
		}
		return j
	}
	if dropFirst[name] && j < end && c.src[j] == '{' {
		_, next := c.argument(j, end)
		return next
	}
	return j // an unknown command: its arguments are text
}

func (c *converter) peek(i, end int) byte {
	if i < end {
		return c.src[i]
	}
	return 0
}

// argument returns the span of the argument at src[i]: a {group} (without
// its braces), a command, or one character.
func (c *converter) argument(i, end int) (arg [2]int, next int) {
	if i >= end {
		return [2]int{i, i}, i
	}
	switch c.src[i] {
	case '{':
		depth := 0
		for k := i; k < end; k++ {
			switch c.src[k] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return [2]int{i + 1, k}, k + 1
				}
			}
		}
		return [2]int{i + 1, end}, end
	case '\\':
		k := i + 1
		if k < end && isASCIILetter(c.src[k]) {
			for k < end && isASCIILetter(c.src[k]) {
				k++
			}
		} else if k < end {
			_, size := utf8.DecodeRuneInString(c.src[k:])
			k += size
		}
		return [2]int{i, k}, k
	}
	_, size := utf8.DecodeRuneInString(c.src[i:])
	return [2]int{i, i + size}, i + size
}

// sub converts src[arg[0]:arg[1]] on its own and returns the text.
func (c *converter) sub(arg [2]int, depth int) string {
	if depth >= maxDepth {
		return ""
	}
	s := converter{src: c.src, math: c.math}
	s.run(arg[0], arg[1], depth+1)
	return strings.TrimSpace(s.b.String())
}

func mapAll(s string, table map[rune]rune) (string, bool) {
	if s == "" {
		return "", false
	}
	var b strings.Builder
	for _, r := range s {
		m, ok := table[r]
		if !ok {
			return "", false
		}
		b.WriteRune(m)
	}
	return b.String(), true
}

func isASCIILetter(b byte) bool { return ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z') }

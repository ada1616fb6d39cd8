package texbox

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// style is what an element passes down to its children (katex.css's
// inherited properties): the font and text-align.
type style struct {
	size   float64 // font-size, px
	family string
	bold   bool
	italic bool
	align  float64 // text-align: 0 left, 0.5 center, 1 right
}

// sizes are KaTeX's ten font sizes, in units of the formula's size:
// katex.css gives `.sizing.reset-sizeN.sizeM` (and .fontsize-ensurer) the
// font-size sizes[M-1]/sizes[N-1] em.
var sizes = [...]float64{0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2, 1.44, 1.728, 2.074, 2.488}

// fontRule is one of katex.css's rules that set a font: its classes, and
// the family, weight and style it gives (-1: leaves it).
type fontRule struct {
	classes       []string
	family        string
	weight, slant int8 // 0 normal, 1 bold or italic
}

// fontRules are katex.css's font rules in its order, which is the order
// they apply in to an element of several of their classes (the later
// wins), whatever the order of its class attribute.
var fontRules = []fontRule{
	{[]string{"textbf"}, "", 1, -1},
	{[]string{"textit"}, "", -1, 1},
	{[]string{"textrm"}, "KaTeX_Main", -1, -1},
	{[]string{"textsf"}, "KaTeX_SansSerif", -1, -1},
	{[]string{"texttt"}, "KaTeX_Typewriter", -1, -1},
	{[]string{"mathnormal"}, "KaTeX_Math", -1, 1},
	{[]string{"mathit"}, "KaTeX_Main", -1, 1},
	{[]string{"mathrm"}, "", -1, 0},
	{[]string{"mathbf"}, "KaTeX_Main", 1, -1},
	{[]string{"boldsymbol"}, "KaTeX_Math", 1, 1},
	{[]string{"amsrm", "mathbb", "textbb"}, "KaTeX_AMS", -1, -1},
	{[]string{"mathcal"}, "KaTeX_Caligraphic", -1, -1},
	{[]string{"mathfrak", "textfrak"}, "KaTeX_Fraktur", -1, -1},
	{[]string{"mathboldfrak", "textboldfrak"}, "KaTeX_Fraktur", 1, -1},
	{[]string{"mathtt"}, "KaTeX_Typewriter", -1, -1},
	{[]string{"mathscr", "textscr"}, "KaTeX_Script", -1, -1},
	{[]string{"mathsf", "textsf"}, "KaTeX_SansSerif", -1, -1},
	{[]string{"mathboldsf", "textboldsf"}, "KaTeX_SansSerif", 1, -1},
	{[]string{"mathitsf", "mathsfit", "textitsf"}, "KaTeX_SansSerif", -1, 1},
	{[]string{"mainrm"}, "KaTeX_Main", -1, 0},
}

// fontClasses are the classes of fontRules.
var fontClasses = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range fontRules {
		for _, c := range r.classes {
			m[c] = true
		}
	}
	return m
}()

// plainClasses are KaTeX's classes that katex.css gives no property that
// changes where ink goes (the atom classes, which only its spacing rules
// read, already spelled out as mspace), or whose property layout handles
// by its structure (vlist, strut, ...).
var plainClasses = map[string]bool{
	"mord": true, "mbin": true, "mrel": true, "mopen": true, "mclose": true,
	"mpunct": true, "minner": true, "mop": true, "mtight": true, "text": true,
	"accent": true, "mfrac": true, "sqrt": true, "msupsub": true, "op-limits": true,
	"delimcenter": true, "op-symbol": true, "delimsizing": true, "mult": true,
	"base": true, "strut": true, "mspace": true, "nulldelimiter": true,
	"vlist-t": true, "vlist-t2": true, "vlist-r": true, "vlist": true, "vlist-s": true,
	"pstrut": true, "sizing": true, "fontsize-ensurer": true, "svg-align": true,
	"accent-body": true, "frac-line": true, "overline": true, "underline": true,
	"overline-line": true, "underline-line": true, "hide-tail": true, "root": true,
	"rlap": true, "llap": true, "clap": true, "inner": true, "fix": true,
	"small-op": true, "large-op": true, "mover": true, "munder": true,
	"delim-size1": true, "delim-size4": true, "overlay": true, "nobreak": true,
	"smash": true, "allowbreak": true, "x-arrow": true, "x-arrow-pad": true, "accentunder": true, "vbox": true, "thinbox": true, "stretchy": true,
	"halfarrow-left": true, "halfarrow-right": true, "brace-left": true, "brace-center": true, "brace-right": true,
}

// classStyle applies the element's classes to st (the style its children
// inherit) and reports an unknown class.
func classStyle(st *style, classes []string) error {
	var reset, size int
	for _, r := range fontRules {
		if !slices.ContainsFunc(r.classes, func(c string) bool { return hasClass(classes, c) }) {
			continue
		}
		if r.family != "" {
			st.family = r.family
		}
		if r.weight >= 0 {
			st.bold = r.weight == 1
		}
		if r.slant >= 0 {
			st.italic = r.slant == 1
		}
	}
	for _, c := range classes {
		if fontClasses[c] {
			continue
		}
		if n, ok := sizeClass(c, "reset-size"); ok {
			reset = n
			continue
		}
		if n, ok := sizeClass(c, "size"); ok {
			size = n
			continue
		}
		if !plainClasses[c] {
			return fmt.Errorf("class %q", c)
		}
	}
	has := func(c string) bool { return hasClass(classes, c) }
	switch {
	case has("sizing") || has("fontsize-ensurer"):
		if reset == 0 || size == 0 {
			return fmt.Errorf("class %q without its reset-size and size", "sizing")
		}
		st.size *= sizes[size-1] / sizes[reset-1]
	case has("delimsizing") && size > 0 && size <= 4:
		st.family = "KaTeX_Size" + strconv.Itoa(size)
	case reset != 0 || size != 0:
		return fmt.Errorf("class %q outside a sizing span", "size")
	}
	switch {
	case has("small-op"):
		st.family = "KaTeX_Size1"
	case has("large-op"):
		st.family = "KaTeX_Size2"
	case has("msupsub"), has("svg-align"):
		st.align = 0
	case has("mover"), has("munder"), has("x-arrow"):
		st.align = 0.5
	}
	return nil
}

// sizeClass reads "size3" (prefix "size") or "reset-size6".
func sizeClass(c, prefix string) (int, bool) {
	s, ok := strings.CutPrefix(c, prefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > len(sizes) {
		return 0, false
	}
	return n, true
}

func hasClass(classes []string, c string) bool { return slices.Contains(classes, c) }

// length is a CSS length as KaTeX writes one: em, px or percent.
type length struct {
	v       float64
	percent bool
	set     bool
}

// px is the length at font size em; a percentage is of cb.
func (l length) px(em, cb float64) float64 {
	if !l.set {
		return 0
	}
	if l.percent {
		return l.v / 100 * cb
	}
	return l.v * em
}

// box properties are the inline style properties KaTeX writes.
type boxStyle struct {
	height, width, minWidth   length
	marginLeft, marginRight   length
	paddingLeft, paddingRight length
	verticalAlign, top, left  length
	borderBottomWidth         length
	transparent               bool // color: transparent
}

// parseStyle reads an element's style attribute.
func parseStyle(s string) (boxStyle, error) {
	var b boxStyle
	for _, decl := range strings.Split(s, ";") {
		decl = strings.TrimSpace(decl)
		if decl == "" {
			continue
		}
		name, value, ok := strings.Cut(decl, ":")
		if !ok {
			return b, fmt.Errorf("style %q", decl)
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		var dst *length
		switch name {
		case "color":
			// \phantom's: laid out, not drawn. Other colours would be
			// drawn in the one colour of the figure's text.
			if value != "transparent" {
				return b, fmt.Errorf("style color: %s (the formula is drawn in one colour)", value)
			}
			b.transparent = true
			continue
		case "position":
			// top and left move any span of KaTeX's; relative is its only
			// position
			if value != "relative" {
				return b, fmt.Errorf("style position: %s", value)
			}
			continue
		case "height":
			dst = &b.height
		case "width":
			dst = &b.width
		case "min-width":
			dst = &b.minWidth
		case "margin-left":
			dst = &b.marginLeft
		case "margin-right":
			dst = &b.marginRight
		case "padding-left":
			dst = &b.paddingLeft
		case "padding-right":
			dst = &b.paddingRight
		case "vertical-align":
			dst = &b.verticalAlign
		case "top":
			dst = &b.top
		case "left":
			dst = &b.left
		case "border-bottom-width":
			dst = &b.borderBottomWidth
		default:
			return b, fmt.Errorf("style property %q", name)
		}
		l, err := parseLength(value)
		if err != nil {
			return b, fmt.Errorf("style %s: %w", name, err)
		}
		if l.percent && dst != &b.width && dst != &b.minWidth {
			return b, fmt.Errorf("style %s: %s (a percentage)", name, value)
		}
		*dst = l
	}
	return b, nil
}

// parseLength reads "-0.25em", "2px", "100%" (and 0).
func parseLength(s string) (length, error) {
	unit := 1.0
	var percent bool
	num := s
	switch {
	case strings.HasSuffix(s, "em"):
		num = s[:len(s)-2]
	case strings.HasSuffix(s, "px"):
		num = s[:len(s)-2]
		unit = math.NaN() // px: marked, turned into em below
	case strings.HasSuffix(s, "%"):
		num = s[:len(s)-1]
		percent = true
	case s == "0":
	default:
		return length{}, fmt.Errorf("the length %q", s)
	}
	v, err := strconv.ParseFloat(num, 64)
	// KaTeX's longest is 400em (a drawing cut to its box); past a
	// thousand times that, a length is no formula's
	if err != nil || !(math.Abs(v) <= 4e5) {
		return length{}, fmt.Errorf("the length %q", s)
	}
	if math.IsNaN(unit) {
		return length{}, fmt.Errorf("the length %q in px", s)
	}
	return length{v: v, percent: percent, set: true}, nil
}

// finite reports whether every value is a finite number.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

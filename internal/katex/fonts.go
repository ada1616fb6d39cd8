package katex

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/net/html"
)

// KaTeX's stylesheet declares its fonts font-display:block, and a browser
// asks for a font only once it lays out text in it: the text is laid out
// first in a fallback font, invisible, and again when the font arrives,
// which moves the formula's parts and whatever follows it on its line (a
// layout shift, seen on a chart's typeset title). A page preloads the fonts
// of the formulas it shows (render: layout.Page.MathFonts), and Chromium
// holds the first rendering of a page a short while for the fonts its head
// preloads, so that they are there for the first layout.
//
// Fonts says which of the font files a piece of KaTeX's markup is drawn in,
// so that a page preloads those and no other: it reads the stylesheet's
// rules that choose a font (family, weight, style) and follows them down
// the markup as a browser's cascade does.

// fontFace is an @font-face rule of the stylesheet.
type fontFace struct {
	family string
	weight int
	italic bool
	url    string // relative to the stylesheet: fonts/KaTeX_Main-Regular.woff2
}

// compound is one step of a selector: an element's name ("" for any)
// and the classes it has.
type compound struct {
	tag     string
	classes []string
}

// fontRule is a rule of the stylesheet that sets the font's family, weight
// or style ("" or 0 where it sets none).
type fontRule struct {
	steps []compound // the selector's steps, the element's own last
	child []bool     // child[i]: steps[i] is the parent of steps[i+1], not an ancestor
	spec  int        // specificity: classes times 100, plus element names
	order int        // its place in the stylesheet
	// what it sets
	family string
	weight int
	style  string
}

// font is the font in effect on an element.
type font struct {
	family string
	weight int
	italic bool
}

type fontSheet struct {
	faces []fontFace
	rules []fontRule
	// byClass indexes the rules whose selector's last step names classes,
	// under the first of them, and anyClass lists the others: the rules
	// an element may match are those of its classes and anyClass.
	byClass  map[string][]int
	anyClass []int
}

var (
	blockRe    = regexp.MustCompile(`(@font-face|[^{}]+)\{([^{}]*)\}`)
	fontSizeRe = regexp.MustCompile(`^[0-9.]`)
)

// sheet is KaTeX's stylesheet's font rules, read once.
var sheet = sync.OnceValue(func() *fontSheet {
	css, err := dist.ReadFile("dist/" + Stylesheet)
	if err != nil {
		panic(err) // embedded: only a broken build gets here
	}
	return parseFontSheet(string(css))
})

// parseFontSheet reads the @font-face rules of a stylesheet and the rules
// that set font-family, font-weight, font-style or the font shorthand.
func parseFontSheet(css string) *fontSheet {
	s := &fontSheet{}
	// comments first: the licence banner holds no braces, but may
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			css = css[:i]
			break
		}
		css = css[:i] + css[i+2+j+2:]
	}
	for _, m := range blockRe.FindAllStringSubmatch(css, -1) {
		decls := declarations(m[2])
		sel := strings.TrimSpace(m[1])
		if sel == "@font-face" {
			f := fontFace{family: unquote(decls["font-family"]), weight: weightOf(decls["font-weight"]), italic: decls["font-style"] == "italic"}
			if u, ok := strings.CutPrefix(decls["src"], "url("); ok {
				f.url = unquote(u[:strings.IndexByte(u, ')')])
			}
			if f.family != "" && f.url != "" {
				s.faces = append(s.faces, f)
			}
			continue
		}
		r := fontRule{}
		if v, ok := decls["font"]; ok {
			// font: [style] [weight] size[/line-height] family, …
			r.weight, r.style = 400, "normal"
			words := strings.Fields(v)
			for i, w := range words {
				if fontSizeRe.MatchString(w) {
					r.family = unquote(strings.Split(strings.Join(words[i+1:], " "), ",")[0])
					break
				}
				switch w {
				case "italic", "oblique":
					r.style = "italic"
				case "bold", "bolder", "700", "800", "900":
					r.weight = 700
				}
			}
		}
		if v, ok := decls["font-family"]; ok {
			r.family = unquote(strings.Split(v, ",")[0])
		}
		if v, ok := decls["font-weight"]; ok {
			r.weight = weightOf(v)
		}
		if v, ok := decls["font-style"]; ok {
			r.style = v
			if v == "oblique" {
				r.style = "italic"
			}
		}
		if r.family == "" && r.weight == 0 && r.style == "" {
			continue
		}
		for _, one := range strings.Split(sel, ",") {
			rr := r
			rr.order = len(s.rules)
			if !parseSelector(strings.TrimSpace(one), &rr) {
				continue
			}
			s.rules = append(s.rules, rr)
		}
	}
	s.byClass = map[string][]int{}
	for i, r := range s.rules {
		if last := r.steps[len(r.steps)-1]; len(last.classes) > 0 {
			s.byClass[last.classes[0]] = append(s.byClass[last.classes[0]], i)
		} else {
			s.anyClass = append(s.anyClass, i)
		}
	}
	return s
}

// declarations splits a rule's body into its properties' values.
func declarations(body string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(body, ";") {
		k, v, ok := strings.Cut(d, ":")
		if ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		}
	}
	return out
}

func unquote(s string) string { return strings.Trim(strings.TrimSpace(s), `"'`) }

func weightOf(v string) int {
	switch v {
	case "bold", "bolder":
		return 700
	case "normal", "lighter", "":
		return 400
	}
	if n, err := strconv.Atoi(v); err == nil {
		return n
	}
	return 400
}

// parseSelector reads a selector of class and element names joined by
// descendant and child combinators (all KaTeX's font rules are such) into
// r; it reports false for any other (attributes, pseudo-classes), which
// Fonts then leaves out.
func parseSelector(sel string, r *fontRule) bool {
	sel = strings.ReplaceAll(sel, ">", " > ")
	child := false
	for _, w := range strings.Fields(sel) {
		if w == ">" {
			child = true
			continue
		}
		if strings.ContainsAny(w, ":[#*+~") {
			return false
		}
		parts := strings.Split(w, ".")
		c := compound{tag: parts[0], classes: parts[1:]}
		if c.tag != "" {
			r.spec++
		}
		r.spec += 100 * len(c.classes)
		if len(r.steps) > 0 {
			r.child = append(r.child, child)
		}
		r.steps = append(r.steps, c)
		child = false
	}
	return len(r.steps) > 0
}

// element is an open element of the markup: its name, classes and font.
type element struct {
	tag     string
	classes []string
	font    font
}

func (c compound) matches(e element) bool {
	if c.tag != "" && c.tag != e.tag {
		return false
	}
	for _, cl := range c.classes {
		if !slices.Contains(e.classes, cl) {
			return false
		}
	}
	return true
}

// matches reports whether r selects the last of the open elements.
func (r *fontRule) matches(open []element) bool {
	return r.matchFrom(len(r.steps)-1, open, len(open)-1)
}

func (r *fontRule) matchFrom(step int, open []element, at int) bool {
	if at < 0 || !r.steps[step].matches(open[at]) {
		return false
	}
	if step == 0 {
		return true
	}
	if r.child[step-1] {
		return r.matchFrom(step-1, open, at-1)
	}
	for up := at - 1; up >= 0; up-- {
		if r.matchFrom(step-1, open, up) {
			return true
		}
	}
	return false
}

// face is the file the browser draws text in font f with: the face of its
// family of its style, else of the other style, of the nearest weight.
func (s *fontSheet) face(f font) string {
	best, bestScore := "", -1
	for _, ff := range s.faces {
		if ff.family != f.family {
			continue
		}
		score := 10000 - abs(ff.weight-f.weight)
		if ff.italic == f.italic {
			score += 100000
		}
		if score > bestScore {
			best, bestScore = ff.url, score
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// voidElements are the HTML elements without an end tag.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// Fonts returns the font files, by their paths beside the stylesheet
// (fonts/KaTeX_Main-Regular.woff2), that Chromium loads for markup: its
// formulas typeset by KaTeX, with any markup around them (in no KaTeX
// font). That is the font of each of the formulas' elements, whether it
// holds text or not: a box's line height and baseline are those of the
// first font of its family list, which is loaded for them (so the
// formula's own element, .katex, loads KaTeX_Main even for a lone x).
// The MathML copy of each formula, for screen readers, is in the
// browser's math font. The files are sorted.
func Fonts(markup string) []string {
	s := sheet()
	var open []element
	var used []string
	mathml := -1 // the index in open of the .katex-mathml the tokens are in
	z := html.NewTokenizer(strings.NewReader(markup))
	for {
		switch z.Next() {
		case html.ErrorToken:
			slices.Sort(used)
			return slices.Compact(used)
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			e := element{tag: string(name)}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "class" {
					e.classes = strings.Fields(string(v))
				}
			}
			if voidElements[e.tag] {
				continue
			}
			if len(open) > 0 {
				e.font = open[len(open)-1].font
			}
			open = append(open, e)
			if mathml >= 0 {
				continue // the MathML copy's fonts are the browser's
			}
			open[len(open)-1].font = s.cascade(open)
			if slices.Contains(e.classes, "katex-mathml") {
				mathml = len(open) - 1
			}
			if f := s.face(open[len(open)-1].font); f != "" {
				used = append(used, f)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			// close up to the matching element (KaTeX's markup is well
			// formed; this keeps a stray end tag from closing others)
			for i := len(open) - 1; i >= 0; i-- {
				if open[i].tag == string(name) {
					if i <= mathml {
						mathml = -1
					}
					open = open[:i]
					break
				}
			}
		}
	}
}

// cascade is the font of the last of the open elements: what it inherits,
// with the rules that select it applied in the order of their
// specificity, then of the stylesheet.
func (s *fontSheet) cascade(open []element) font {
	e := open[len(open)-1]
	f := e.font
	var hits []*fontRule
	try := func(rules []int) {
		for _, i := range rules {
			if s.rules[i].matches(open) {
				hits = append(hits, &s.rules[i])
			}
		}
	}
	try(s.anyClass)
	for _, c := range e.classes {
		try(s.byClass[c])
	}
	slices.SortFunc(hits, func(a, b *fontRule) int {
		if a.spec != b.spec {
			return a.spec - b.spec
		}
		return a.order - b.order
	})
	hits = slices.Compact(hits) // a class written twice finds its rules twice
	for _, r := range hits {
		if r.family != "" {
			f.family = r.family
		}
		if r.weight != 0 {
			f.weight = r.weight
		}
		if r.style != "" {
			f.italic = r.style == "italic"
		}
	}
	return f
}

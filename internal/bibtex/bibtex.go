// Package bibtex reads BibTeX databases (.bib files) as researchers keep them:
// entries delimited by braces or parentheses, values in braces or quotes,
// @string macros and the month names, concatenation with #, @comment and
// @preamble, and % line comments between entries (as biber reads them).
//
// Values are kept as written, in LaTeX (braces and all); Text turns one into
// the Unicode text a page shows ({\"u} → ü, -- → –), and Entry's methods
// read the fields a reference list needs.
//
// Every entry knows its file:line:col, and every problem is a diag.Error
// there, so a build can point at the line to fix.
package bibtex

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// Entry is one @type{key, field = value, ...} of a database.
type Entry struct {
	// Type is the entry type in lower case: "article", "inproceedings", "misc"...
	Type string
	// Key is the citation key, as written.
	Key string
	// Fields maps each field name, in lower case, to its value in LaTeX:
	// macros expanded, the parts joined with # concatenated, the outer
	// braces or quotes removed.
	Fields map[string]string
	// Pos is where the entry's @ stands.
	Pos diag.Pos
}

// File is a parsed database.
type File struct {
	// Path is the file's name as given to Parse.
	Path string
	// Entries are the entries in the order of the file.
	Entries []*Entry
	byKey   map[string]*Entry
}

// Lookup returns the entry with the key, or nil.
func (f *File) Lookup(key string) *Entry { return f.byKey[key] }

// Keys lists the keys of the entries, in the order of the file.
func (f *File) Keys() []string {
	keys := make([]string, len(f.Entries))
	for i, e := range f.Entries {
		keys[i] = e.Key
	}
	return keys
}

// maxErrors bounds the problems one file reports: past it, the file is
// probably not BibTeX at all.
const maxErrors = 20

// The text a file's values may expand to. A @string may name other
// @strings, each joined with # as often as the author likes, so 40 lines
// that each double the one before stand for a terabyte. Parse counts the
// bytes of every value it makes (fields, @string and @preamble values,
// @string names expanded) and stops at the @string name that takes the
// file past its budget: ExpansionRatio times the file's size, or
// MinExpansion for a small file. A real bibliography's @strings (journal
// and conference names) make its values longer than the file by far less
// than that, and a file without @strings never reaches it.
const (
	ExpansionRatio = 4
	MinExpansion   = 1 << 20
)

// maxSuggestMacros bounds the @string names an undefined name is compared
// with for a "did you mean" hint: a real file defines a few hundred, and
// comparing each of 20 typos with a million names takes a minute.
const maxSuggestMacros = 10000

// months are the macros every BibTeX style predefines.
var months = map[string]string{
	"jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
	"jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December",
}

// Parse reads src, the contents of the .bib file named file. On problems
// it returns the entries it could read and a diag.List naming each
// problem's file:line:col.
func Parse(src []byte, file string) (*File, error) {
	p := &parser{src: src, file: file, macros: maps.Clone(months), out: &File{Path: file, byKey: map[string]*Entry{}},
		budget: max(MinExpansion, ExpansionRatio*len(src))}
	if !utf8.Valid(src) {
		i := 0
		for i < len(src) {
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			i += size
		}
		p.errorf(i, "is not UTF-8 text: save the file as UTF-8 (BibTeX exports from Zotero and JabRef can choose it)")
		return p.out, p.errs.Err()
	}
	p.run()
	return p.out, p.errs.Err()
}

type parser struct {
	src    []byte
	file   string
	i      int
	macros map[string]string
	out    *File
	errs   diag.List
	lines  []int // start offset of each line, made on the first error
	// expanded counts the bytes of the values made so far, which may not
	// pass budget (see ExpansionRatio).
	expanded, budget int
}

// bail stops the parse when a file has too many problems.
type bail struct{}

func (p *parser) run() {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bail); !ok {
				panic(r)
			}
		}
	}()
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case '@':
			p.item()
		case '%':
			p.skipLine()
		default:
			p.i++ // text between entries is a comment
		}
	}
}

// pos is the file:line:col of offset off; the column counts characters.
func (p *parser) pos(off int) diag.Pos {
	if p.lines == nil {
		p.lines = []int{0}
		for i, c := range p.src {
			if c == '\n' {
				p.lines = append(p.lines, i+1)
			}
		}
	}
	lo, hi := 0, len(p.lines)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if p.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	off = min(off, len(p.src))
	return diag.Pos{File: p.file, Line: lo + 1, Col: utf8.RuneCount(p.src[p.lines[lo]:off]) + 1}
}

func (p *parser) errorf(off int, format string, args ...any) {
	p.errs = append(p.errs, diag.Errorf(p.pos(off), format, args...))
	if len(p.errs) >= maxErrors {
		p.errs = append(p.errs, diag.Errorf(diag.Pos{File: p.file}, "has more problems than these %d: is it a BibTeX file?", maxErrors))
		panic(bail{})
	}
}

func (p *parser) skipLine() {
	if nl := bytes.IndexByte(p.src[p.i:], '\n'); nl >= 0 {
		p.i += nl + 1
	} else {
		p.i = len(p.src)
	}
}

// skipSpace skips white space and, between the parts of an entry, %
// comments.
func (p *parser) skipSpace() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.i++
		case '%':
			p.skipLine()
		default:
			return
		}
	}
}

// isNameByte reports whether c may be part of an entry type, field name or
// macro name: what BibTeX allows, less the characters that end them.
func isNameByte(c byte) bool {
	if c >= 0x80 {
		return true
	}
	return c > ' ' && c != 0x7f && !strings.ContainsRune("\"#%'(),={}@", rune(c))
}

func (p *parser) name() string {
	start := p.i
	for p.i < len(p.src) && isNameByte(p.src[p.i]) {
		p.i++
	}
	return string(p.src[start:p.i])
}

// resync moves to the next @ at the start of a line, where the next entry
// probably begins, after a problem in an entry.
func (p *parser) resync() {
	for p.i < len(p.src) {
		nl := bytes.IndexByte(p.src[p.i:], '\n')
		if nl < 0 {
			p.i = len(p.src)
			return
		}
		p.i += nl + 1
		j := p.i
		for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
			j++
		}
		if j < len(p.src) && p.src[j] == '@' {
			p.i = j
			return
		}
	}
}

// item reads what follows an @: an entry, @string, @preamble or @comment.
func (p *parser) item() {
	at := p.i
	p.i++ // @
	p.skipSpace()
	typ := strings.ToLower(p.name())
	p.skipSpace()
	if typ == "" || p.i >= len(p.src) || (p.src[p.i] != '{' && p.src[p.i] != '(') {
		// An @ inside a line of text between entries (an address in a
		// note) is part of the comment; one that starts a line is an
		// entry gone wrong.
		switch {
		case typ == "comment" || !p.lineStart(at):
			p.i = at + 1
		case typ == "":
			p.errorf(at, "an @ at the start of a line starts no entry: write @article{key, ...}, or remove it")
		default:
			p.errorf(at, "%q must be followed by { or (, e.g. @article{key, title = {...}}", "@"+typ)
			p.resync()
		}
		return
	}
	open := p.src[p.i]
	close := byte('}')
	if open == '(' {
		close = ')'
	}
	p.i++
	switch typ {
	case "comment":
		if !p.skipGroup(open, close) {
			p.errorf(at, "@comment is never closed: its %c has no matching %c", open, close)
		}
		return
	case "preamble":
		p.skipSpace()
		if _, ok := p.value(close); ok {
			p.skipSpace()
			if p.i < len(p.src) && p.src[p.i] == close {
				p.i++
				return
			}
			p.errorf(p.i, "@preamble must end with %c after its value", close)
		}
		p.resync()
		return
	case "string":
		p.macro(close)
		return
	}
	p.entry(at, typ, close)
}

// lineStart reports whether only spaces stand before offset at on its line.
func (p *parser) lineStart(at int) bool {
	for i := at - 1; i >= 0 && p.src[i] != '\n'; i-- {
		if p.src[i] != ' ' && p.src[i] != '\t' && p.src[i] != '\r' {
			return false
		}
	}
	return true
}

// skipGroup skips to after the close matching an open already read.
func (p *parser) skipGroup(open, close byte) bool {
	depth := 1
	for p.i < len(p.src) {
		c := p.src[p.i]
		p.i++
		switch c {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// macro reads the body of @string{name = value}.
func (p *parser) macro(close byte) {
	p.skipSpace()
	at := p.i
	name := p.name()
	if name == "" {
		p.errorf(at, `@string must define a name, e.g. @string{neurips = "Advances in Neural Information Processing Systems"}`)
		p.resync()
		return
	}
	v, ok := p.assignment(close, "@string %q needs an = and a value, e.g. @string{neurips = \"...\"}", name)
	if !ok {
		return
	}
	p.skipSpace()
	if p.i >= len(p.src) || p.src[p.i] != close {
		p.errorf(p.i, "@string %q must end with %c after its value (a @string defines one name)", name, close)
		p.resync()
		return
	}
	p.i++
	p.macros[strings.ToLower(name)] = v
}

// entry reads the key and fields of an entry whose opening delimiter has
// been read.
func (p *parser) entry(at int, typ string, close byte) {
	p.skipSpace()
	keyAt := p.i
	for p.i < len(p.src) {
		c := p.src[p.i]
		if c == ',' || c == close || c == '}' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '{' || c == '"' || c == '=' || c == '%' {
			break
		}
		p.i++
	}
	key := string(p.src[keyAt:p.i])
	if key == "" {
		p.errorf(keyAt, "%q has no citation key: write @article{key, ...}, where key is what pages cite ([@key])", "@"+typ)
		p.resync()
		return
	}
	e := &Entry{Type: typ, Key: key, Fields: map[string]string{}, Pos: p.pos(at)}
	fieldAt := map[string]int{}
	for {
		p.skipSpace()
		if p.i >= len(p.src) {
			p.errorf(at, "the entry %q is never closed: end it with %c", key, close)
			return
		}
		c := p.src[p.i]
		if c == close {
			p.i++
			break
		}
		if c != ',' {
			what := "a field"
			if len(e.Fields) == 0 {
				what = "the key"
			}
			p.errorf(p.i, "in the entry %q, a comma must follow %s before the next field (or %c end the entry)", key, what, close)
			p.resync()
			return
		}
		p.i++
		p.skipSpace()
		if p.i < len(p.src) && p.src[p.i] == close {
			p.i++
			break
		}
		nameAt := p.i
		field := strings.ToLower(p.name())
		if field == "" {
			p.errorf(nameAt, "in the entry %q, a field name must follow the comma, e.g. title = {...}", key)
			p.resync()
			return
		}
		v, ok := p.assignment(close, "in the entry %q, the field %q needs an = and a value, e.g. title = {...}", key, field)
		if !ok {
			return
		}
		if first, dup := fieldAt[field]; dup {
			p.errorf(nameAt, "the entry %q sets %q twice (first at line %d): keep one", key, field, p.pos(first).Line)
			continue
		}
		fieldAt[field] = nameAt
		e.Fields[field] = v
	}
	if prev := p.out.byKey[key]; prev != nil {
		p.errorf(at, "the key %q is used twice (first at line %d): each entry needs its own key", key, prev.Pos.Line)
		return
	}
	p.out.byKey[key] = e
	p.out.Entries = append(p.out.Entries, e)
}

// assignment reads "= value" after a name; where the = is missing, the
// error is noEq formatted with args. After an error it has resynced.
func (p *parser) assignment(close byte, noEq string, args ...any) (string, bool) {
	p.skipSpace()
	if p.i >= len(p.src) || p.src[p.i] != '=' {
		p.errorf(p.i, noEq, args...)
		p.resync()
		return "", false
	}
	p.i++
	p.skipSpace()
	v, ok := p.value(close)
	if !ok {
		p.resync()
	}
	return v, ok
}

// value reads parts joined by #: {braced}, "quoted", a number or a macro.
// close is the entry's closing delimiter, which ends a bare value.
func (p *parser) value(close byte) (string, bool) {
	var b strings.Builder
	for {
		if p.i >= len(p.src) {
			p.errorf(p.i, "the file ends where a value should be")
			return "", false
		}
		at := p.i
		switch c := p.src[p.i]; {
		case c == '{':
			p.i++
			start := p.i
			if !p.skipGroup('{', '}') {
				p.errorf(at, "this { is never closed: every { in a value needs its }")
				return "", false
			}
			b.Write(p.src[start : p.i-1])
		case c == '"':
			p.i++
			start := p.i
			depth := 0
			for p.i < len(p.src) && (p.src[p.i] != '"' || depth > 0) {
				switch p.src[p.i] {
				case '{':
					depth++
				case '}':
					depth--
					if depth < 0 {
						p.errorf(p.i, "this } closes no {: braces inside a quoted value must pair up")
						return "", false
					}
				}
				p.i++
			}
			if p.i >= len(p.src) {
				p.errorf(at, "this quoted value is never closed: end it with \"")
				return "", false
			}
			b.Write(p.src[start:p.i])
			p.i++
		case '0' <= c && c <= '9':
			start := p.i
			for p.i < len(p.src) && '0' <= p.src[p.i] && p.src[p.i] <= '9' {
				p.i++
			}
			b.Write(p.src[start:p.i])
		case isNameByte(c):
			name := p.name()
			v, ok := p.macros[strings.ToLower(name)]
			if !ok {
				p.errorf(at, "%q is not a @string defined above this line%s: put text in braces, {like this}", name, p.suggestMacro(name))
				return "", false
			}
			if p.expanded+b.Len()+len(v) > p.budget {
				p.overBudget(at, name)
			}
			b.WriteString(v)
		case c == close || c == ',':
			p.errorf(at, "a value must follow the =: {text}, \"text\", a number or a @string name")
			return "", false
		default:
			p.errorf(at, "a value starts with {, \", a digit or a @string name, not %q", string(c))
			return "", false
		}
		p.skipSpace()
		if p.i >= len(p.src) || p.src[p.i] != '#' {
			p.expanded += b.Len()
			return b.String(), true
		}
		p.i++
		p.skipSpace()
	}
}

// suggestMacro is the "did you mean" hint for an undefined @string name.
func (p *parser) suggestMacro(name string) string {
	if len(p.macros) > maxSuggestMacros {
		return ""
	}
	return diag.DidYouMean(strings.ToLower(name), slices.Collect(maps.Keys(p.macros)))
}

// overBudget reports the @string name at offset at, which takes the file
// past its budget, and stops the parse: every name after it would be past
// it too.
func (p *parser) overBudget(at int, name string) {
	p.errs = append(p.errs, diag.Errorf(p.pos(at), "the @string %q takes this file past %s of text once @string names are written out "+
		"(%d times the file's size, and at least %s): a @string that repeats others can grow without end; write the text out instead (the rest of the file is not read)",
		name, sitefs.FormatSize(int64(p.budget)), ExpansionRatio, sitefs.FormatSize(MinExpansion)))
	panic(bail{})
}

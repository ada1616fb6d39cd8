package site

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// maxTagSlug bounds a tag page's folder name in bytes, well under the 255
// that file systems allow.
const maxTagSlug = 100

// The limits of a page's tags (documented in the format guide's Limits).
// Each tag of a page lists the page on the tag's own page, so the output
// of a page grows with its tags: bounded, it stays a constant times the
// page's bytes. Real pages have a handful of tags, and rarely 20.
const (
	// MaxPageTags is the most tags one page may have.
	MaxPageTags = 50
	// MaxTagLength is the longest a tag may be, in characters: a tag's
	// name is shown on its page, in its listing and beside every page
	// listed with it.
	MaxTagLength = 100
)

// TagSlug is the folder of a tag's page under tags/, and so the last part of
// its address: lower case, words joined by hyphens ("Language Models" →
// "language-models"). It keeps letters, digits, "+" and symbols beyond
// ASCII; "#" after a letter is spelt out ("C#" → "c-sharp"); every other
// character separates words. The slug therefore never holds a character
// that means something in a URL ("?", "#", "%", "/") or that a file system
// refuses, and a link to it reaches the folder it is written to. A tag
// without a letter or digit ("", ".", "..") has no slug: the loader refuses
// it (see readTags).
func TagSlug(tag string) string {
	var b strings.Builder
	dash := false // a separator is pending
	word := func(s string) {
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteString(s)
	}
	prevKept := false
	for _, r := range strings.ToLower(tag) {
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '+' ||
			(r >= utf8.RuneSelf && (unicode.IsSymbol(r) || unicode.IsMark(r))):
			word(string(r))
			prevKept = true
			continue
		case r == '#' && prevKept:
			dash = true
			word("sharp")
			dash = true
		default:
			dash = true
		}
		prevKept = false
	}
	s := b.String()
	if len(s) > maxTagSlug {
		cut := maxTagSlug
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = strings.TrimRight(s[:cut], "-")
	}
	if !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) {
		return ""
	}
	return s
}

// readTags reads the front matter's tags, with the position of each. It
// refuses a tag that has no page of its own (no letter or digit), one
// longer than MaxTagLength, a page of more than MaxPageTags tags (at the
// first tag past the limit, and reads no further), and two
// tags of the page that would share one tag page while spelt differently
// (see tagClashes); a second spelling of the same tag ("Audio", "audio"),
// or the same tag again, is dropped.
func readTags(mv *ast.MappingValueNode, at diag.Pos) ([]string, []diag.Pos, error) {
	tags, err := stringList(mv, at)
	if err != nil || len(tags) == 0 {
		return nil, nil, err
	}
	pos := make([]diag.Pos, len(tags))
	if seq, ok := mv.Value.(*ast.SequenceNode); ok && len(seq.Values) == len(tags) {
		for i, v := range seq.Values {
			pos[i] = nodePos(at, v)
		}
	} else {
		for i := range pos {
			pos[i] = nodePos(at, mv.Value)
		}
	}
	var errs diag.List
	var out []string
	var outPos []diag.Pos
	for i, t := range tags {
		t = strings.TrimSpace(t)
		if slices.Contains(out, t) {
			continue // the same tag again (an alias of the title, say): one is enough
		}
		if n := utf8.RuneCountInString(t); n > MaxTagLength {
			errs.Add(diag.Errorf(pos[i], "tag %s is %d characters long, more than the %d a tag may have: shorten it to the words a reader would look for",
				diag.Quote(t), n, MaxTagLength))
			continue
		}
		if TagSlug(t) == "" {
			errs.Add(diag.Errorf(pos[i], "tag %q has no letter or digit, so it can have no page of its own: write a word, or remove it", t))
			continue
		}
		if len(out) == MaxPageTags {
			errs.Add(diag.Errorf(pos[i], "this page has more than %d tags, the most a page may have (each tag lists the page on a page of its own): keep the few a reader would look the page up by",
				MaxPageTags))
			break
		}
		out, outPos = append(out, t), append(outPos, pos[i])
	}
	clashes, variants := tagClashes(out, outPos)
	errs = append(errs, clashes...)
	if len(variants) > 0 { // the same tag twice on one page: keep the first
		keep, keepPos := out[:0], outPos[:0]
		for i, t := range out {
			if !slices.ContainsFunc(variants, func(e *diag.Error) bool { return e.Pos == outPos[i] }) {
				keep, keepPos = append(keep, t), append(keepPos, outPos[i])
			}
		}
		out, outPos = keep, keepPos
	}
	return out, outPos, errs.Err()
}

// tagClashes checks tags, given with their positions in the order they are
// met, that would share one tag page (TagSlug) while spelt differently.
//
// Spellings that differ only in letter case and in how words are
// separated ("Scaling Laws", "scaling-laws", "scaling_laws") are one tag:
// they share its page, named as first written, and each later spelling is
// a warning, so that the merge is not silent. Spellings that differ in
// anything else ("a/b" and "a-b", "C#" and "C sharp", "a?b" and "a b")
// are different tags that the page's address cannot tell apart: listing
// the pages of both under one name would be wrong for one of them, so
// each later spelling is an error.
func tagClashes(tags []string, pos []diag.Pos) (errs, warnings diag.List) {
	type first struct {
		tag string
		pos diag.Pos
	}
	seen := make(map[string]first)
	// Each spelling's slug, made once: a save looks at every tag of the
	// site, which are few spellings many times over.
	slugs := map[string]string{}
	for i, t := range tags {
		slug, ok := slugs[t]
		if !ok {
			slug = TagSlug(t)
			slugs[t] = slug
		}
		f, ok := seen[slug]
		switch {
		case !ok:
			seen[slug] = first{t, pos[i]}
		case f.tag == t:
		case sameWords(f.tag, t):
			warnings = append(warnings, diag.Warnf(diag.TagSpellings, pos[i], "tags %q and %q (%s) are one tag, with one page, tags/%s/, named %q: write it the same way everywhere",
				t, f.tag, f.pos, slug, f.tag))
		default:
			errs = append(errs, diag.Errorf(pos[i], "tags %q and %q (%s) would share one page, tags/%s/: write the tag the same way everywhere, or make the two differ in letters or digits",
				t, f.tag, f.pos, slug))
		}
	}
	return errs, warnings
}

// sameWords reports whether two tags have the same words, ignoring letter
// case and the spaces, hyphens and underscores between the words.
func sameWords(a, b string) bool {
	words := func(s string) string {
		return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '_' }), " ")
	}
	return words(a) == words(b)
}

// tagPageClashes checks the tags of different pages (see tagClashes), once
// every page is read. The tags are taken in file order, so that each
// message is at the same place in every build: the pages by path, and
// each page's tags by where they are written. (Sorting the pages, not
// every tag of every page, is what a save in the live preview of 10,000
// pages can afford; a tag placed in another file than its page's falls
// back to sorting every tag.)
func tagPageClashes(pages []*Page) (errs, warnings diag.List) {
	type tagAt struct {
		tag string
		pos diag.Pos
	}
	byPos := func(a, b tagAt) int {
		return cmp.Or(cmp.Compare(a.pos.File, b.pos.File), cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Col, b.pos.Col))
	}
	posOf := func(p *Page, i int) diag.Pos {
		if i < len(p.TagPos) {
			return p.TagPos[i]
		}
		return diag.Pos{File: p.Path, Line: 1}
	}
	inPlace := true // every tag is in its page's file
	for _, p := range pages {
		for i := range p.Tags {
			inPlace = inPlace && posOf(p, i).File == p.Path
		}
	}
	byPath := pages
	if inPlace {
		byPath = slices.Clone(pages)
		slices.SortFunc(byPath, func(a, b *Page) int { return cmp.Compare(a.Path, b.Path) })
	}
	var all []tagAt
	for _, p := range byPath {
		from := len(all)
		for i, t := range p.Tags {
			all = append(all, tagAt{t, posOf(p, i)})
		}
		if inPlace && !slices.IsSortedFunc(all[from:], byPos) {
			slices.SortStableFunc(all[from:], byPos)
		}
	}
	if !inPlace {
		slices.SortStableFunc(all, byPos)
	}
	tags, pos := make([]string, len(all)), make([]diag.Pos, len(all))
	for i, t := range all {
		tags[i], pos[i] = t.tag, t.pos
	}
	return tagClashes(tags, pos)
}

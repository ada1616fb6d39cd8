package site

import (
	"cmp"
	"errors"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml/ast"
	gast "github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/bibtex"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/internal/textfile"
	"github.com/scalesite/scalesite/markdown"
)

// Citation styles: `citations:` in the front matter or scalesite.yaml.
const (
	// CiteAuthorYear writes "(Hoffmann et al., 2022)" and lists the
	// references by author, then year.
	CiteAuthorYear = "author-year"
	// CiteNumeric writes "[1]", numbering the references in the order
	// they are first cited.
	CiteNumeric = "numeric"
)

var citeStyles = []string{CiteAuthorYear, CiteNumeric}

// Source is a chart's `source:` as the loader resolved it: citations, a
// web address, or text.
type Source struct {
	// Cite holds the cited works when the source is a citation
	// ("@hoffmann2022"); each key is in the page's References.
	Cite []markdown.CiteItem
	// URL is the address when the source is an http or https address.
	URL string
	// Text is the source as written.
	Text string
}

// citeStyle checks a `citations:` value.
func citeStyle(v string, pos diag.Pos) (string, error) {
	s := strings.ToLower(strings.TrimSpace(v))
	switch s {
	case CiteAuthorYear, CiteNumeric:
		return s, nil
	case "authoryear", "author_year", "author year", "apa", "harvard", "chicago":
		return CiteAuthorYear, nil
	case "numbers", "number", "numbered", "ieee", "vancouver":
		return CiteNumeric, nil
	}
	return "", diag.Errorf(pos, "citations %q is not a citation style: use author-year (Hoffmann et al., 2022) or numeric ([1])%s", v, diag.DidYouMean(s, citeStyles))
}

// bibPath checks a bibliography path as written and returns the site files
// it may name, in the order they are looked for: beside the page (when
// page is not "") and under the site folder.
func bibPath(ref, page string, pos diag.Pos) ([]string, error) {
	if strings.ContainsRune(ref, 0) {
		return nil, diag.Errorf(pos, "bibliography %q holds a NUL character, which no file name can", ref)
	}
	name := filepath.ToSlash(ref)
	if path.IsAbs(name) || filepath.IsAbs(ref) || filepath.VolumeName(ref) != "" {
		return nil, diag.Errorf(pos, "bibliography %q is absolute: name the .bib file relative to the page (refs.bib) or the site (content/refs.bib)", ref)
	}
	var cands []string
	if page != "" {
		cands = append(cands, path.Join(path.Dir(page), name))
	}
	cands = append(cands, path.Clean(name))
	var out []string
	for _, c := range cands {
		if !slices.Contains(out, c) && c != ".." && !strings.HasPrefix(c, "../") {
			out = append(out, c)
		}
	}
	if len(out) == 0 || out[0] != cands[0] {
		return nil, diag.Errorf(pos, "bibliography %q leaves the site folder: keep the .bib file beside the page or under content/ or data/", ref)
	}
	return out, nil
}

func bibNotFound(ref string, tried []string, pos diag.Pos) error {
	return diag.Errorf(pos, "bibliography file %q not found (looked for %s)", ref, quotePaths(tried))
}

// configBibliography checks scalesite.yaml's bibliography: a .bib file
// named relative to the site folder, which must be there. The path is
// returned with the error too: pages that cite report the same problem at
// the same place, which a build prints once, rather than that they name
// no bibliography.
func configBibliography(files *sitefs.Root, ref string, pos diag.Pos) (string, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return "", nil
	}
	cands, err := bibPath(ref, "", pos)
	if err != nil {
		return ref, err
	}
	if _, err := files.Stat(cands[0], sitefs.Limit{}); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return ref, bibNotFound(ref, cands, pos)
		}
		return ref, atBibReference(pos, err)
	}
	return ref, nil
}

// atBibReference places a problem with the .bib file that has no line of
// its own (the file rule refused it, or the system would not read it) at
// the line that names the file.
func atBibReference(at diag.Pos, err error) error {
	var de *diag.Error
	var dl diag.List
	if errors.As(err, &de) || errors.As(err, &dl) {
		return err
	}
	var fe *sitefs.Error
	var te *sitefs.TooLargeError
	if errors.As(err, &fe) || errors.As(err, &te) {
		return diag.Errorf(at, "bibliography %v", err)
	}
	return diag.Errorf(at, "the bibliography cannot be read: %v", err)
}

// frontMatterCite reads the front matter's bibliography and citations.
func (p *Page) frontMatterCite(mv *ast.MappingValueNode, at diag.Pos) error {
	v, err := scalarText(mv, at)
	if err != nil {
		return err
	}
	pos := nodePos(at, mv.Value)
	switch keyName(mv) {
	case "bibliography":
		p.bibRef, p.bibPos = strings.TrimSpace(v), pos
	case "citations":
		p.CiteStyle, err = citeStyle(v, pos)
	}
	return err
}

// parseBib reads a .bib file for a fileCache. A file that is not text gives
// an empty bibliography with the problem, so that citations of it report
// the file, not each key.
func parseBib(file string, src []byte) (*bibtex.File, error) {
	if err := textfile.Check(src, diag.Pos{File: file, Line: 1, Col: 1}, "bibliography"); err != nil {
		return &bibtex.File{Path: file}, err
	}
	return bibtex.Parse(src, file)
}

// citeDefaults are scalesite.yaml's bibliography and citations, for pages
// that do not set their own.
type citeDefaults struct {
	bibRef string
	bibPos diag.Pos
	style  string
}

// cite resolves the page's citations, in its prose and in its charts'
// source, against its bibliography, and sets the page's Bibliography,
// CiteStyle, References and each chart's Source. Every unknown key is an
// error at the place it is written.
func (l *pageLoader) cite(b *Body) error {
	p := b.Page
	p.CiteStyle = cmp.Or(p.CiteStyle, l.citeDefaults.style, CiteAuthorYear)
	// The citing places, in the order of the page.
	type use struct {
		cite  *markdown.Citation
		chart *Chart
	}
	var uses []use
	_ = gast.Walk(b.Doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *markdown.Citation:
			uses = append(uses, use{cite: n})
		case *markdown.ChartBlock:
			if n.Index < len(b.Charts) && b.Charts[n.Index].Spec != nil && b.Charts[n.Index].Spec.Source.Name != "" {
				uses = append(uses, use{chart: b.Charts[n.Index]})
			}
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	// A source that is not a citation needs no bibliography.
	cited := false
	for _, u := range uses {
		if u.chart != nil && !isCiteSource(u.chart.Spec.Source.Name) {
			u.chart.Source = plainSource(u.chart.Spec.Source.Name)
			continue
		}
		cited = true
	}
	var errs diag.List
	bib, err := l.bibliography(p, cited)
	errs.Add(err)
	if !cited || (bib == nil && err != nil) {
		return errs.Err()
	}
	if bib == nil {
		// No bibliography anywhere: one error, at the first citation.
		const add = `add "bibliography: refs.bib" to its front matter (or to scalesite.yaml for every page)`
		for _, u := range uses {
			switch {
			case u.cite != nil:
				return diag.Errorf(b.Pos(u.cite.Items[0].Offset), "the page cites %q but names no bibliography: "+add, u.cite.Raw)
			case u.chart.Source == nil:
				return diag.Errorf(u.chart.Spec.Source.Pos, "source %q cites a key but the page names no bibliography: "+add, u.chart.Spec.Source.Name)
			}
		}
		return nil
	}
	broken := err != nil // keys missing from a broken file are not the page's fault
	seen := map[string]bool{}
	resolve := func(items []markdown.CiteItem, at func(markdown.CiteItem) diag.Pos) bool {
		ok := true
		for _, it := range items {
			e := bib.Lookup(it.Key)
			if e == nil {
				ok = false
				if !broken {
					errs.Add(unknownKey(bib, it.Key, at(it)))
				}
				continue
			}
			if !seen[it.Key] {
				seen[it.Key] = true
				b.References = append(b.References, e)
			}
		}
		return ok
	}
	for _, u := range uses {
		switch {
		case u.cite != nil:
			resolve(u.cite.Items, func(it markdown.CiteItem) diag.Pos { return b.Pos(it.Offset) })
		case u.chart.Source == nil:
			src := u.chart.Spec.Source
			items, ok := markdown.ParseCitation("[" + src.Name + "]")
			if !ok {
				errs.Add(diag.Errorf(src.Pos, `source %q is not a citation: write source: "@key" with a key of %q (or "@a; @b", or "@key, fig. 3")`, src.Name, bib.Path))
				continue
			}
			if resolve(items, func(markdown.CiteItem) diag.Pos { return src.Pos }) {
				u.chart.Source = &Source{Cite: items, Text: src.Name}
			}
		}
	}
	return errs.Err()
}

// isCiteSource reports whether a chart's source is written as a citation.
func isCiteSource(s string) bool { return strings.HasPrefix(s, "@") || strings.HasPrefix(s, "-@") }

// plainSource is a source that is not a citation: a link when it is a web
// address, else text.
func plainSource(s string) *Source {
	if u, err := url.Parse(s); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsFunc(s, unicode.IsSpace) {
		return &Source{URL: s, Text: s}
	}
	return &Source{Text: s}
}

// bibliography reads the page's .bib file: the front matter's, or else the
// site config's. It is read when the page names it or cites a key; nil
// with a nil error means there is none. A file with problems is returned
// with them, holding the entries that could be read.
func (l *pageLoader) bibliography(p *Page, cited bool) (*bibtex.File, error) {
	ref, pos, page := p.bibRef, p.bibPos, p.Path
	if ref == "" {
		if !cited || l.citeDefaults.bibRef == "" {
			return nil, nil
		}
		// scalesite.yaml names it from the site folder.
		ref, pos, page = l.citeDefaults.bibRef, l.citeDefaults.bibPos, ""
	}
	cands, err := bibPath(ref, page, pos)
	if err != nil {
		return nil, err
	}
	for _, c := range cands {
		f, err := l.bibs.get(c)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		p.Bibliography = c
		if f == nil {
			return nil, atBibReference(pos, err)
		}
		return f, err
	}
	return nil, bibNotFound(ref, cands, pos)
}

// unknownKey is the error for a key the bibliography does not hold: with
// the nearest key, or the keys there are when the file holds few.
func unknownKey(bib *bibtex.File, key string, at diag.Pos) error {
	keys := bib.Keys()
	hint := diag.DidYouMean(key, keys)
	switch {
	case hint != "":
	case len(keys) == 0:
		hint = " (it has no entries)"
	case len(keys) <= 8:
		quoted := make([]string, len(keys))
		for i, k := range keys {
			quoted[i] = diag.Quote(k)
		}
		hint = " (its keys: " + strings.Join(quoted, ", ") + ")"
	default:
		hint = " (none of its " + strconv.Itoa(len(keys)) + " keys is close)"
	}
	return diag.Errorf(at, "citation key %q is not in %q%s", key, bib.Path, hint)
}

package site

import (
	"bytes"
	"errors"
	"io/fs"
	"net/url"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	gast "github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/markdown"
)

// MarkdownConfig is the markdown: mapping of scalesite.yaml.
type MarkdownConfig struct {
	// Unsafe lets HTML written in pages through to the output (markdown:
	// {unsafe: true}); by default it is left out, and check names each place.
	Unsafe bool
}

var markdownKeys = []string{"unsafe"}

// parseMarkdownConfig reads the markdown: mapping of scalesite.yaml into m.
func parseMarkdownConfig(mv *ast.MappingValueNode, at diag.Pos, m *MarkdownConfig) diag.List {
	entries, err := subMapping(mv, at, "markdown: {unsafe: true}")
	if err != nil {
		return err
	}
	errs := checkKeys(entries, at, markdownKeys, "markdown settings")
	for _, e := range entries {
		if keyName(e) == "unsafe" {
			var err error
			m.Unsafe, err = boolValue(e, at)
			errs.Add(err)
		}
	}
	return errs
}

// Heading is a heading of a page, for its table of contents.
type Heading struct {
	Level int    // 1 to 6
	ID    string // the anchor goldmark gives it ("scaling-laws")
	Text  string // its words, without markup, its formulas in plain text (title.go)
	// HTML is its words escaped and its formulas typeset, when it holds a
	// formula; "" otherwise (title.go).
	HTML string `json:"html,omitempty"`
}

// Pos is the place in the page's file of the byte at offset in Markdown.
func (b *Body) Pos(offset int) diag.Pos {
	md := b.Markdown[:max(0, min(offset, len(b.Markdown)))]
	start := bytes.LastIndexByte(md, '\n') + 1
	return diag.Pos{File: b.Page.Path, Line: b.Line + bytes.Count(md, []byte("\n")), Col: utf8.RuneCount(md[start:]) + 1}
}

// NodePos is the place in the page's file where a node of its Doc starts:
// the node's own position, or its nearest block's first line.
func (b *Body) NodePos(n gast.Node) diag.Pos {
	for ; n != nil; n = n.Parent() {
		if n.Pos() >= 0 {
			return b.Pos(n.Pos())
		}
		if n.Type() == gast.TypeBlock && n.Lines().Len() > 0 {
			return b.Pos(n.Lines().At(0).Start)
		}
	}
	return diag.Pos{File: b.Page.Path, Line: b.Line}
}

// markup reads what the page's Markdown says besides its charts: its
// headings, whether it has code, and the size of each local image, which
// it sets on the image so that the page does not shift as images load. A
// local image that is not there is an error.
func (l *pageLoader) markup(b *Body) error {
	p := b.Page
	if !p.tocSet {
		p.TOC = l.toc
	}
	var errs diag.List
	_ = gast.Walk(b.Doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *markdown.ChartBlock:
			return gast.WalkSkipChildren, nil
		case *gast.FencedCodeBlock, *gast.CodeBlock:
			p.Code = true
		case *gast.Heading:
			// A heading in a block quote or a list is quoted or listed
			// material, not a section of the page.
			if n.Parent() == b.Doc {
				id, _ := n.AttributeString("id")
				idb, _ := id.([]byte)
				text, html := headingForms(n, b.Markdown)
				p.Headings = append(p.Headings, Heading{Level: n.Level, ID: string(idb), Text: text, HTML: html})
			}
		case *gast.Image:
			errs.Add(l.image(b, n))
		}
		return gast.WalkContinue, nil
	})
	return errs.Err()
}

// image finds the file of a local image, records it, and gives the image
// its width and height. Images from other sites (https://...) and data:
// URLs are left as they are (check warns that the site's policy blocks the
// former).
func (l *pageLoader) image(b *Body, img *gast.Image) error {
	p := b.Page
	dest := string(img.Destination)
	if dest == "" || isRemote(dest) {
		return nil
	}
	at := b.NodePos(img)
	name, ok := l.imageName(p, dest)
	// Messages quote the address as the author wrote it, without the base
	// path links.go put in front.
	if base := l.basePath; base != "/" && strings.HasPrefix(dest, base) {
		dest = "/" + dest[len(base):]
	}
	if !ok {
		return diag.Errorf(at, "image %s leaves the site folder: keep images beside the page, under content/ or under static/", diag.Quote(dest))
	}
	tried := []string{"content/" + name, "static/" + name}
	for _, file := range tried {
		f, err := l.files.OpenFile(file, l.limits.FileLimit())
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return diag.Errorf(at, "image %v", err)
		}
		size, err := imageSize(f, file)
		f.Close()
		p.Images = append(p.Images, file)
		l.images = append(l.images, "image "+file+" "+strconv.Itoa(size.w)+"x"+strconv.Itoa(size.h)+" "+strconv.FormatBool(size.ok && err == nil))
		if err != nil {
			l.warnings = append(l.warnings, diag.Warnf(diag.ImageSize, at, "image %s: %v; it is shown without a width and height, so the page may shift as it loads", diag.QuoteIfNeeded(file), err))
			return nil
		}
		if size.ok {
			img.SetAttributeString("width", []byte(strconv.Itoa(size.w)))
			img.SetAttributeString("height", []byte(strconv.Itoa(size.h)))
		}
		return nil
	}
	msg := "image " + diag.Quote(dest) + " not found (looked for " + quotePaths(tried) + ")"
	if hint := l.besideHint(p, dest); hint != "" {
		msg += hint
	}
	return diag.Errorf(at, "%s", msg)
}

// imageName is the site path, under content/ or static/, that a browser
// asks for when the page shows dest: a path starting with / is from the
// site's root (its base path already in front, links.go), any other is
// from the page's own address, slug/. ok is false when the path climbs
// out of the site.
func (l *pageLoader) imageName(p *Page, dest string) (name string, ok bool) {
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		dest = dest[:i]
	}
	if u, err := url.PathUnescape(dest); err == nil {
		dest = u
	}
	if rest, abs := strings.CutPrefix(dest, "/"); abs {
		if base := strings.Trim(l.basePath, "/"); base != "" {
			rest = strings.TrimPrefix(rest, base+"/")
		}
		name = path.Clean("/" + rest)[1:]
	} else {
		name = path.Join(p.Slug, dest)
		if name == ".." || strings.HasPrefix(name, "../") {
			return "", false
		}
	}
	if name == "" || name == "." {
		return "", false
	}
	return name, true
}

// besideHint explains a missing image that is beside a page that is not a
// folder of its own: content/a/b.md is published at a/b/, so its
// "x.png" is a/b/x.png, not the content/a/x.png beside it.
func (l *pageLoader) besideHint(p *Page, dest string) string {
	base := path.Base(p.Path)
	if base == "index.md" || base == "_index.md" || strings.HasPrefix(dest, "/") {
		return ""
	}
	beside := path.Join(path.Dir(p.Path), dest)
	if !strings.HasPrefix(beside, "content/") {
		return ""
	}
	if _, err := l.files.Stat(beside, l.limits.FileLimit()); err != nil {
		return ""
	}
	folder := strings.TrimSuffix(p.Path, ".md")
	return "; " + diag.QuoteIfNeeded(beside) + " is beside the page, but the page is published at " + diag.QuoteIfNeeded(p.Slug+"/") +
		", so write " + diag.QuoteIfNeeded("../"+dest) + ", or make the page a folder: " + diag.QuoteIfNeeded(folder+"/index.md") + " with the image in it"
}

// isRemote reports whether an image address names another site (https://,
// //host/...) or carries its data (data:), rather than a site file.
func isRemote(dest string) bool {
	if strings.HasPrefix(dest, "//") {
		return true
	}
	u, err := url.Parse(dest)
	return err == nil && u.Scheme != "" || err != nil && strings.Contains(dest, ":")
}

// quotePaths lists the site paths a file was looked for at, for a message:
// "content/p/x.png and static/p/x.png", each quoted when it must be
// (diag.QuoteIfNeeded), since a path is made from what the page wrote.
func quotePaths(paths []string) string {
	q := make([]string, len(paths))
	for i, p := range paths {
		q[i] = diag.QuoteIfNeeded(p)
	}
	return strings.Join(q, " and ")
}

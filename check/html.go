package check

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/markdown"
	"github.com/scalesite/scalesite/site"
)

// htmlTag finds the name of the tag an HTML snippet opens.
var htmlTag = regexp.MustCompile(`^<([A-Za-z][A-Za-z0-9-]*)`)

// pageHTML warns about what page p's Markdown holds that the page will not
// show (unsafe is the config's markdown: {unsafe:}):
//   - HTML written in the page (a <details> block, an inline <kbd>), which
//     is left out unless scalesite.yaml sets markdown: {unsafe: true}; each
//     opening tag is named where it is written. HTML comments are left out
//     on purpose and are not named.
//   - images from another site (https://…), which the site's
//     Content-Security-Policy does not let a browser load.
func pageHTML(p *site.Body, unsafe bool) diag.List {
	if p.Doc == nil {
		return nil
	}
	var out diag.List
	_ = ast.Walk(p.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *markdown.ChartBlock:
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			if !unsafe && n.HTMLBlockType != ast.HTMLBlockType2 && n.Lines().Len() > 0 {
				first := n.Lines().At(0)
				out = append(out, leftOut(p, first.Start, first.Value(p.Markdown), "block")...)
			}
		case *ast.RawHTML:
			if !unsafe && n.Segments.Len() > 0 {
				var b bytes.Buffer
				for i := range n.Segments.Len() {
					seg := n.Segments.At(i)
					b.Write(seg.Value(p.Markdown))
				}
				out = append(out, leftOut(p, n.Segments.At(0).Start, b.Bytes(), "tag")...)
			}
		case *ast.Image:
			if dest := string(n.Destination); isForeign(dest) {
				out = append(out, diag.Warnf(diag.ForeignImage, p.NodePos(n),
					"image %s is on another site and will not load: the site's Content-Security-Policy lets pages show images from the site itself only (img-src 'self'), so that a page asks nothing of other hosts; save the image under content/ or static/ and show it from there",
					diag.Quote(dest)))
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// leftOut is the warning about HTML the page leaves out, src found at
// offset start of its body, or nothing for a comment or a closing tag (its
// opening tag has the warning).
func leftOut(p *site.Body, start int, src []byte, kind string) diag.List {
	trimmed := bytes.TrimLeft(src, " \t")
	at := p.Pos(start + len(src) - len(trimmed))
	src = trimmed
	if bytes.HasPrefix(src, []byte("<!--")) || bytes.HasPrefix(src, []byte("</")) {
		return nil
	}
	what := "HTML"
	if m := htmlTag.FindSubmatch(src); m != nil {
		what = "HTML <" + strings.ToLower(string(m[1])) + ">"
	}
	return diag.List{diag.Warnf(diag.HTMLLeftOut, at,
		"%s %s is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when %s sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author",
		what, kind, site.ConfigFile)}
}

// isForeign reports whether an image address is on another host: http://,
// https:// or protocol-relative //host/.
func isForeign(dest string) bool {
	d := strings.ToLower(dest)
	return strings.HasPrefix(d, "http://") || strings.HasPrefix(d, "https://") || strings.HasPrefix(d, "//")
}

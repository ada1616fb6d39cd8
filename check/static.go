package check

import (
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

// documentKinds are the file types a browser opens as a document that can
// run script, by extension, each with what the warning calls it. An SVG or
// XML file shown with <img> runs none, but opened directly it runs any
// <script> or onload it holds, as an HTML file does.
var documentKinds = map[string]string{
	".html":  "HTML",
	".htm":   "HTML",
	".shtml": "HTML",
	".xhtml": "XHTML",
	".xht":   "XHTML",
	".svg":   "SVG",
	".svgz":  "SVG",
	".xml":   "XML",
}

// xmlKinds are more file types that servers (GitHub Pages among them) send
// as XML, which a browser opens as a document and in which XHTML script
// runs: XSLT stylesheets, feeds, MathML. They are common as data, so they
// are warned about only when they hold script.
var xmlKinds = map[string]string{
	".xsl": "XSLT", ".xslt": "XSLT", ".rss": "XML", ".atom": "XML", ".rdf": "XML",
	".mml": "MathML", ".mathml": "MathML", ".xsd": "XML", ".xbl": "XML", ".xul": "XML",
}

// sniffLen is how much of a file http.DetectContentType reads.
const sniffLen = 512

// ScriptableFiles warns about the files under static/ that a browser opened
// on them would run script from, and about the files beside the pages
// under content/ (published the same way) that hold script: an SVG figure
// beside its page is common and harmless, one with a <script> is not. They
// are copied as they are: the theme's pages carry a
// Content-Security-Policy, these do not, and GitHub Pages sends none, so a
// script in one of them runs on the site's origin. In a site built from
// contributors' pull requests that is worth a look.
//
// Every HTML, XHTML, SVG and XML file under static/ is warned about, as
// one that could run script; one that does says how and where (file, line
// and column). Under content/, and for the other kinds a browser may open
// as a document (documentKind), only a file that holds script, or that
// check cannot read to its end, is warned about.
func ScriptableFiles(s *site.Site) diag.List {
	var out diag.List
	for _, dir := range []struct {
		name  string
		files []string
	}{{"static", s.Static}, {"content", s.Resources}} {
		for _, f := range dir.files {
			name := dir.name + "/" + f
			kind, always := documentKind(s, name)
			if kind == "" {
				continue
			}
			always = always && dir.name == "static"
			found := scriptIn(s, name, kind)
			if len(found) == 0 && !always {
				continue
			}
			out = append(out, scriptWarning(name, kind, found))
		}
	}
	return out
}

// documentKind says what kind of document a browser would take the site
// file name for ("HTML", "SVG", …), or "" for a file it would not run:
// by its extension, as GitHub Pages and most servers send it; else by the
// type the system's MIME table gives the extension, as the preview sends
// it; else, for an extension no table knows, by what its first bytes look
// like (http.DetectContentType), as a server that guesses sends it.
// always is true for the kinds static/ is always warned about.
func documentKind(s *site.Site, name string) (kind string, always bool) {
	ext := strings.ToLower(path.Ext(name))
	if kind, ok := documentKinds[ext]; ok {
		return kind, true
	}
	if kind, ok := xmlKinds[ext]; ok {
		return kind, false
	}
	ctype := mime.TypeByExtension(ext)
	if ctype == "" && s.Files != nil {
		f, err := s.Files.OpenFile(name, s.Config.Limits.FileLimit())
		if err != nil {
			return "", false
		}
		head := make([]byte, sniffLen)
		n, _ := io.ReadFull(f, head)
		f.Close()
		ctype = http.DetectContentType(head[:n])
	}
	return kindOfType(ctype), false
}

// kindOfType names the kind of document of a MIME type a browser opens as
// one that can run script, or "".
func kindOfType(ctype string) string {
	t, _, err := mime.ParseMediaType(ctype)
	switch {
	case err != nil:
		return ""
	case t == "text/html":
		return "HTML"
	case t == "application/xhtml+xml":
		return "XHTML"
	case t == "image/svg+xml":
		return "SVG"
	case t == "text/xml" || t == "application/xml" || strings.HasSuffix(t, "+xml"):
		return "XML"
	}
	return ""
}

// scriptIn lists how the site file name, a document of kind, runs script.
// A file that cannot be read plainly (compressed, refused, too large)
// gives a construct that says so: it may.
func scriptIn(s *site.Site, name, kind string) []construct {
	if strings.HasSuffix(strings.ToLower(name), "z") {
		return []construct{scanLimit(0, 0, "it is compressed, so check cannot read it")}
	}
	if s.Files == nil {
		return nil
	}
	b, err := s.Files.ReadFile(name, s.Config.Limits.FileLimit())
	if err != nil {
		return []construct{scanLimit(0, 0, "check cannot read it ("+err.Error()+")")}
	}
	if kind == "HTML" {
		return scanHTML(b)
	}
	return scanXML(b)
}

// scriptWarning is the warning about the file name of kind, which runs
// script through found (none: it may, as any such file may).
func scriptWarning(name, kind string, found []construct) *diag.Error {
	pos := diag.Pos{File: name}
	if len(found) == 0 {
		return diag.Warnf(diag.ScriptInStatic, pos,
			"this %s file is published as it is: a browser that opens it runs any script in it on the site's origin, where the theme's Content-Security-Policy does not reach (GitHub Pages sends none); keep only files you trust here%s",
			kind, remedy(kind))
	}
	first := found[0]
	pos.Line, pos.Col = first.line, first.col
	more := ""
	if n := len(found) - 1; n > 0 {
		more = ", and " + strconv.Itoa(n) + " more"
	}
	if first.unsure {
		return diag.Warnf(diag.ScriptInStatic, pos,
			"this %s file is published as it is, and check cannot tell whether it runs script: %s%s; a browser that opens it runs any script in it on the site's origin, where the theme's Content-Security-Policy does not reach (GitHub Pages sends none); keep only files you trust here%s",
			kind, first.what, more, remedy(kind))
	}
	return diag.Warnf(diag.ScriptInStatic, pos,
		"this %s file is published as it is, and a browser that opens it runs script or loads another document from it (%s%s) on the site's origin, where the theme's Content-Security-Policy does not reach (GitHub Pages sends none); remove that, or keep only files you trust here%s",
		kind, first.what, more, remedy(kind))
}

// remedy is what the warning about a file of kind suggests besides keeping
// only trusted files.
func remedy(kind string) string {
	if strings.Contains(kind, "HTML") {
		return ", or write the page in Markdown under content/"
	}
	if kind == "SVG" {
		return "; an image shown with <img> or Markdown's ![](…) runs none"
	}
	return ""
}

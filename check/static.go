package check

import (
	"path"
	"regexp"
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

// ScriptableFiles warns about the files under static/ that a browser opened
// on them would run script from, and about the files beside the pages
// under content/ (published the same way) that hold script: an SVG figure
// beside its page is common and harmless, one with a <script> is not. They are copied as they are: the theme's
// pages carry a Content-Security-Policy, these do not, and GitHub Pages
// sends none, so a script in one of them runs on the site's origin. In a
// site built from contributors' pull requests that is worth a look.
func ScriptableFiles(s *site.Site) diag.List {
	var out diag.List
	for _, dir := range []struct {
		name  string
		files []string
	}{{"static", s.Static}, {"content", s.Resources}} {
		for _, f := range dir.files {
			kind, ok := documentKinds[strings.ToLower(path.Ext(f))]
			if !ok {
				continue
			}
			if dir.name == "content" && !holdsScript(s, dir.name+"/"+f) {
				continue
			}
			out = append(out, diag.Errorf(diag.Pos{File: dir.name + "/" + f},
				"this %s file is published as it is: a browser that opens it runs any script in it on the site's origin, where the theme's Content-Security-Policy does not reach (GitHub Pages sends none); keep only files you trust here%s",
				kind, remedy(kind)))
		}
	}
	return out
}

// remedy is what the warning about a file of kind suggests besides keeping
// only trusted files.
func remedy(kind string) string {
	if strings.Contains(kind, "HTML") {
		return ", or write the page in Markdown under content/"
	}
	return "; an image shown with <img> or Markdown's ![](…) runs none"
}

// activeMarkup are the pieces of markup through which a document runs
// script or loads another document, in lower case.
var activeMarkup = []string{"<script", "javascript:", "<iframe", "<object", "<embed", "<foreignobject", "<handler", "<set ", "<animate"}

// holdsScript reports whether the site file f may run script when opened:
// it holds active markup or an on…= event attribute, or cannot be read
// plainly (compressed, refused or too large), which counts as may.
func holdsScript(s *site.Site, f string) bool {
	if s.Files == nil || strings.HasSuffix(strings.ToLower(f), "z") {
		return true
	}
	b, err := s.Files.ReadFile(f, s.Config.Limits.FileLimit())
	if err != nil {
		return true
	}
	text := strings.ToLower(string(b))
	for _, m := range activeMarkup {
		if strings.Contains(text, m) {
			return true
		}
	}
	return eventAttr.MatchString(text)
}

// eventAttr matches an event-handler attribute such as onload= or
// onclick = in lower-cased markup.
var eventAttr = regexp.MustCompile(`[\s"'/]on[a-z]+\s*=`)

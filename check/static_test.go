package check

import (
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

func TestScriptableFiles(t *testing.T) {
	const html = "this HTML file is published as it is: a browser that opens it runs any script in it on the site's origin"
	const svg = "this SVG file is published as it is"
	const runs = " is published as it is, and a browser that opens it runs script or loads another document from it ("
	tests := []struct {
		name  string
		files map[string]string
		want  []string // each warning's start, in order
	}{
		{
			name: "images, data and text run nothing",
			files: map[string]string{
				"static/logo.png":     "\x89PNG",
				"static/robots.txt":   "User-agent: *\n",
				"static/app.js":       "console.log(1)\n",
				"static/site.css":     "body{}\n",
				"content/p/data.csv":  "a,b\n1,2\n",
				"content/p/chart.png": "\x89PNG",
			},
		},
		{
			name: "HTML and SVG in static",
			files: map[string]string{
				"static/x.html":    "<script>alert(1)</script>",
				"static/evil.svg":  `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`,
				"static/d/old.htm": "<p>old</p>",
			},
			want: []string{
				"static/d/old.htm: " + html,
				"static/evil.svg:1:1: this SVG file" + runs + "the event attribute onload)",
				"static/x.html:1:1: this HTML file" + runs + "a script element)",
			},
		},
		{
			name: "every kind a browser runs script from, in any case",
			files: map[string]string{
				"static/a.xhtml":  "x",
				"static/b.xht":    "x",
				"static/c.svgz":   "x",
				"static/d.xml":    "x",
				"static/e.SVG":    "x",
				"static/f.HTML":   "x",
				"static/g.shtml":  "x",
				"static/h.svg.gz": "x", // served as gzip, not run
			},
			want: []string{
				"static/a.xhtml: this XHTML file",
				"static/b.xht: this XHTML file",
				"static/c.svgz: this SVG file",
				"static/d.xml: this XML file",
				"static/e.SVG: this SVG file",
				"static/f.HTML: this HTML file",
				"static/g.shtml: this HTML file",
			},
		},
		{
			name: "a page bundle's SVG figure is harmless; one with script is not",
			files: map[string]string{
				"content/p/index.md":    "---\ntitle: P\ndescription: A page.\n---\n![figure](figure.svg)\n",
				"content/p/figure.svg":  `<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="1">loss</text></svg>`,
				"content/p/evil.svg":    `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
				"content/p/handler.svg": `<svg xmlns="http://www.w3.org/2000/svg"><rect ONLOAD = "alert(1)"/></svg>`,
				"content/p/frame.html":  `<iframe src="https://example.org/"></iframe>`,
				"content/p/plain.html":  `<p>Plain</p>`,
			},
			want: []string{
				"content/p/evil.svg:1:41: this SVG file" + runs + "a script element)",
				"content/p/frame.html:1:1: this HTML file" + runs + "an iframe element, which loads another document)",
				"content/p/handler.svg:1:41: this SVG file" + runs + "the event attribute ONLOAD)",
			},
		},
		{
			name: "hidden files are not published, so not warned about",
			files: map[string]string{
				"static/.draft.html": "x",
				"static/.git/x.svg":  "x",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"scalesite.yaml": withConfig, "content/index.md": "Home.\n"}
			for k, v := range tc.files {
				files[k] = v
			}
			got := Site(load(t, files))
			if len(got) != len(tc.want) {
				t.Fatalf("%d warnings, want %d:\n%v", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i].Error(), w) {
					t.Errorf("warning %d:\n  %s\nwant it to start with\n  %s", i, got[i], w)
				}
			}
		})
	}
}

// TestScriptableFilesAdvice: an HTML file can be rewritten as a page; an
// SVG is safe as an image.
func TestScriptableFilesAdvice(t *testing.T) {
	got := Site(load(t, map[string]string{
		"scalesite.yaml":   withConfig,
		"content/index.md": "Home.\n",
		"static/x.html":    "x",
		"static/y.svg":     "x",
	}))
	if len(got) != 2 {
		t.Fatalf("%d warnings, want 2: %v", len(got), got)
	}
	for i, want := range []string{
		"GitHub Pages sends none); keep only files you trust here, or write the page in Markdown under content/",
		"GitHub Pages sends none); keep only files you trust here; an image shown with <img> or Markdown's ![](…) runs none",
	} {
		if !strings.HasSuffix(got[i].Error(), want) {
			t.Errorf("warning %d:\n  %s\nwant it to end with\n  %s", i, got[i], want)
		}
	}
}

// TestScriptableFilesFindsHiddenScript: script written to slip past a
// search for "<script" (a namespace prefix, an XSLT stylesheet, character
// references, a file without an extension a server guesses as HTML) is
// found, and named with its line and column; markup that runs none (a
// figure with a foreignObject, a feed, text) is not warned about.
func TestScriptableFilesFindsHiddenScript(t *testing.T) {
	const runs = " is published as it is, and a browser that opens it runs script or loads another document from it ("
	files := map[string]string{
		"scalesite.yaml":        withConfig,
		"content/index.md":      "Home.\n",
		"content/p/index.md":    "---\ntitle: P\ndescription: A page.\n---\n![figure](figure.svg)\n",
		"content/p/figure.svg":  `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="9" height="9"><p xmlns="http://www.w3.org/1999/xhtml">loss</p></foreignObject></svg>`,
		"content/p/ns.svg":      "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <s:script xmlns:s=\"http://www.w3.org/2000/svg\">alert(1)</s:script>\n</svg>\n",
		"content/p/page.xhtml":  `<h:html xmlns:h="http://www.w3.org/1999/xhtml"><h:body><h:script>alert(1)</h:script></h:body></h:html>`,
		"content/p/data.xml":    "<?xml version=\"1.0\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"t.xsl\"?>\n<runs/>\n",
		"content/p/t.xsl":       `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:element name="script">alert(1)</xsl:element></xsl:template></xsl:stylesheet>`,
		"content/p/link.html":   `<p><a href="&#106;avascript:alert(1)">notes</a></p>`,
		"static/page":           "<!DOCTYPE html>\n<p>x</p><script>alert(1)</script>\n",
		"static/feed.rss":       `<rss><channel><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script></channel></rss>`,
		"static/plain.rss":      `<rss><channel><title>Runs</title></channel></rss>`,
		"static/notes.txt":      "<script>alert(1)</script>\n",
		"static/a\u202egnp.svg": `<svg xmlns="http://www.w3.org/2000/svg"/>`,
	}
	got := Site(load(t, files))
	want := []string{
		"content/p/data.xml:2:1: this XML file" + runs + "an xml-stylesheet instruction, whose XSLT stylesheet can write script)",
		"content/p/link.html:1:4: this HTML file" + runs + "a javascript: address in href)",
		"content/p/ns.svg:2:3: this SVG file" + runs + "a script element)",
		"content/p/page.xhtml:1:56: this XHTML file" + runs + "a script element)",
		"content/p/t.xsl:1:104: this XSLT file" + runs + "an XSLT element that writes \"script\")",
		`static/a\u202egnp.svg: this SVG file is published as it is: a browser that opens it runs any script`,
		"static/feed.rss:1:15: this XML file" + runs + "a script element)",
		"static/page:2:9: this HTML file" + runs + "a script element)",
	}
	if len(got) != len(want) {
		t.Fatalf("%d warnings, want %d:\n%v", len(got), len(want), got)
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i].Error(), w) {
			t.Errorf("warning %d:\n  %s\nwant it to start with\n  %s", i, got[i], w)
		}
	}
	var errs []error
	for _, e := range got {
		errs = append(errs, e)
	}
	sitetest.CheckProblems(t, errs)
}

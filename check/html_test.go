package check

import (
	"slices"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

func TestHTML(t *testing.T) {
	const details = "---\ntitle: P\ndescription: D.\n---\nIntro.\n\n<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n\nPress <kbd>Ctrl</kbd>+<KBD>C</KBD>.<br>\n\n<!-- a note to myself -->\n\nA <!-- quiet --> comment.\n\n  <div class=\"wide\">x</div>\n"
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"each opening tag, comments and closing tags left alone", map[string]string{"content/p.md": details}, []string{
			`content/p.md:7:1: HTML <details> block is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
			`content/p.md:14:7: HTML <kbd> tag is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
			`content/p.md:14:23: HTML <kbd> tag is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
			`content/p.md:14:36: HTML <br> tag is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
			`content/p.md:20:3: HTML <div> block is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
		}},
		{"unsafe: nothing to say", map[string]string{"scalesite.yaml": "markdown: {unsafe: true}\n", "content/p.md": details}, nil},
		{"in a list, a quote and the home page", map[string]string{
			"content/p.md":     "- <sup>2</sup>\n\n> <video src=\"v.mp4\"></video>\n",
			"content/index.md": "Home <b>bold</b>\n",
		}, []string{
			`content/index.md:1:6: HTML <b> tag is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
			`content/p.md:1:3: HTML <sup> tag is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
			`content/p.md:3:3: HTML <video> tag is left out of the page (goldmark writes <!-- raw HTML omitted --> instead): scalesite publishes HTML written in a page only when scalesite.yaml sets markdown: {unsafe: true}; write it in Markdown, or set that if you trust every page's author`,
		}},
		{"not in code or charts", map[string]string{
			"content/p.md": "`<b>` and\n\n```html\n<details>\n```\n\n    <div>\n\n```chart\ndata: |\n  a,b\n  1,2\nx: a\ny: b\ntitle: <b>\n```\n",
		}, nil},
		{"images from other sites", map[string]string{
			"content/p.md": "![a](https://example.org/a.png)\n\nText ![b](//cdn.example.org/b.png \"B\") and ![c](HTTP://example.org/c.png).\n\n![d](data:image/png;base64,AAAA)\n",
		}, []string{
			`content/p.md:1:1: image "https://example.org/a.png" is on another site and will not load: the site's Content-Security-Policy lets pages show images from the site itself only (img-src 'self'), so that a page asks nothing of other hosts; save the image under content/ or static/ and show it from there`,
			`content/p.md:3:6: image "//cdn.example.org/b.png" is on another site and will not load: the site's Content-Security-Policy lets pages show images from the site itself only (img-src 'self'), so that a page asks nothing of other hosts; save the image under content/ or static/ and show it from there`,
			`content/p.md:3:44: image "HTTP://example.org/c.png" is on another site and will not load: the site's Content-Security-Policy lets pages show images from the site itself only (img-src 'self'), so that a page asks nothing of other hosts; save the image under content/ or static/ and show it from there`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, w := range HTML(load(t, tc.files)).Sort() {
				got = append(got, w.Error())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("warnings:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// HTML is pageHTML for every page of s.
func HTML(s *site.Site) diag.List {
	var out diag.List
	for _, b := range bodies(s) {
		out = append(out, pageHTML(b, s.Config.Markdown.Unsafe)...)
	}
	return out
}

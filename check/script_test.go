package check

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// view writes what a scan found compactly: "3:5 a script element", with
// "?" in front of what makes it unsure.
func view(found []construct) []string {
	var out []string
	for _, c := range found {
		mark := ""
		if c.unsure {
			mark = "? "
		}
		out = append(out, fmt.Sprintf("%s%d:%d %s", mark, c.line, c.col, c.what))
	}
	return out
}

func utf16LE(s string) []byte {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

const svgNS = `xmlns="http://www.w3.org/2000/svg"`

// TestScanXML: every way an SVG, XHTML or XML file opened in a browser runs
// script is found, in any namespace and however its text is escaped; a
// plain figure has none.
func TestScanXML(t *testing.T) {
	tests := []struct {
		name, doc string
		want      []string // each a found construct's start
	}{
		{"a plain figure", `<?xml version="1.0"?>` + "\n" + `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` + "\n" +
			`<svg ` + svgNS + ` xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><title>loss &amp; flops&nbsp;</title><a xlink:href="https://example.org/"><text>x</text></a>` +
			`<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">text</div></foreignObject><style>rect{fill:red}</style><?xml-stylesheet type="text/css" href="a.css"?></svg>`, nil},
		{"a script element", `<svg ` + svgNS + `>` + "\n  <script>alert(1)</script></svg>", []string{"2:3 a script element"}},
		{"a namespaced script", `<svg ` + svgNS + `><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>`, []string{"1:41 a script element"}},
		{"an XHTML script with a prefix", `<h:html xmlns:h="http://www.w3.org/1999/xhtml"><h:body><h:script>alert(1)</h:script></h:body></h:html>`, []string{"1:56 a script element"}},
		{"an XHTML script in a foreignObject", `<svg ` + svgNS + `><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>`,
			[]string{"1:99 a script element"}},
		{"an event attribute", `<svg ` + svgNS + ` onload="alert(1)"/>`, []string{"1:1 the event attribute onload"}},
		{"an event attribute in another namespace", `<svg ` + svgNS + ` xmlns:e="urn:x"><rect e:onclick="alert(1)"/></svg>`, []string{"1:57 the event attribute onclick"}},
		{"an event attribute in capitals", `<svg ` + svgNS + `><rect ONBEGIN="alert(1)"/></svg>`, []string{"1:41 the event attribute ONBEGIN"}},
		{"a javascript: link", `<svg ` + svgNS + ` xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
			[]string{"1:84 a javascript: address in href"}},
		{"a javascript: link in character references and tabs", `<svg ` + svgNS + `><a href="&#x20;java&#x9;&#115;cript&#58;alert(1)">x</a></svg>`,
			[]string{"1:41 a javascript: address in href"}},
		{"an animation that sets href to javascript:", `<svg ` + svgNS + `><a><animate attributeName="href" values="https://a;javascript:alert(1)"/><text>x</text></a></svg>`,
			[]string{"1:44 a animate element that sets \"href\"", "1:44 a javascript: address in values"}},
		{"a set of an event attribute", `<svg ` + svgNS + `><set attributeName="onmouseover" to="alert(1)"/></svg>`, []string{"1:41 a set element that sets \"onmouseover\""}},
		{"a set to a javascript: address", `<svg ` + svgNS + `><a><set attributeName="xlink:href" to="javascript:alert(1)"/></a></svg>`,
			[]string{"1:44 a set element that sets \"xlink:href\"", "1:44 a javascript: address in to"}},
		{"an iframe, an embed and an object", `<html xmlns="http://www.w3.org/1999/xhtml"><iframe srcdoc="x"/><embed src="a.svg"/><object data="a.svg"/></html>`,
			[]string{"1:44 an iframe element", "1:64 an embed element", "1:84 an object element"}},
		{"a form that posts to javascript:", `<html xmlns="http://www.w3.org/1999/xhtml"><form action="javascript:alert(1)"><button formaction="JaVaScRiPt:x()">x</button></form></html>`,
			[]string{"1:44 a javascript: address in action", "1:79 a javascript: address in formaction"}},
		{"an SVG Tiny handler", `<svg ` + svgNS + ` xmlns:ev="http://www.w3.org/2001/xml-events"><handler ev:event="load">alert(1)</handler></svg>`, []string{"1:86 a handler element"}},
		{"an XSLT stylesheet instruction", `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="evil.xsl"?><data/>`, []string{"1:22 an xml-stylesheet instruction"}},
		{"a stylesheet instruction without a type", `<?xml-stylesheet href="evil.xsl"?><data/>`, []string{"1:1 an xml-stylesheet instruction"}},
		{"an XSLT stylesheet that writes script", `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/">` +
			`<xsl:element name="{$n}"/><xsl:element name="script"/><xsl:attribute name="onload"/><xsl:text disable-output-escaping="yes">&lt;script&gt;</xsl:text></xsl:template></xsl:stylesheet>`,
			[]string{"1:104 an XSLT element that writes \"{$n}\"", "1:130 an XSLT element that writes \"script\"", "1:158 an XSLT attribute that writes \"onload\"", "1:188 an XSLT text that writes markup unescaped"}},
		{"an entity in the DOCTYPE", `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg ` + svgNS + `>&x;</svg>`,
			[]string{"1:1 an entity declared in the DOCTYPE", "? 1:113 it is not XML a browser reads to the end"}},
		{"not well-formed after a script", `<svg ` + svgNS + `><script>x</script><g>`, []string{"1:41 a script element", "? 1:62 it is not XML a browser reads to the end"}},
		{"UTF-16 with a script", string(utf16LE(`<?xml version="1.0" encoding="UTF-16"?><svg ` + svgNS + `>` + "\n" + `<script>alert(1)</script></svg>`)), []string{"2:1 a script element"}},
		{"Latin-1 with a script", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><svg " + svgNS + "><text>\xe9</text><script>x</script></svg>", []string{"1:98 a script element"}},
		{"too deep", strings.Repeat("<g>", maxScanDepth+1), []string{"? 1:3073 its elements nest more than 1024 deep"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := view(scanXML([]byte(tc.doc)))
			if len(got) != len(tc.want) {
				t.Fatalf("found %q, want %d: %q", got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("found %q\nwant %q", got[i], w)
				}
			}
		})
	}
}

// TestScanHTML: every way an HTML file opened in a browser runs script is
// found as the browser's tokenizer reads it; plain HTML has none.
func TestScanHTML(t *testing.T) {
	tests := []struct {
		name, doc string
		want      []string
	}{
		{"plain HTML", "<!DOCTYPE html>\n<title>T</title><p class=x>Text &amp; <a href=\"https://example.org/\">a link</a> about javascript and onload=.</p><img src=a.png alt=\"onerror=1\">", nil},
		{"a script element", "<!DOCTYPE html>\n<p>x</p>\n<SCRIPT>alert(1)</SCRIPT>", []string{"3:1 a script element"}},
		{"an event attribute without quotes or space", "<svg/onload=alert(1)>", []string{"1:1 the event attribute onload"}},
		{"an event attribute on an image", "<p>\n  <img src=x onerror=alert(1)>", []string{"2:3 the event attribute onerror"}},
		{"a javascript: link in named references", "<a href=\"&Tab;java&NewLine;script&colon;alert(1)\">x</a>", []string{"1:1 a javascript: address in href"}},
		{"a javascript: link in numeric references", "<a href=\"&#106;avascript:alert(1)\">x</a>", []string{"1:1 a javascript: address in href"}},
		{"an iframe with srcdoc", "<iframe srcdoc=\"&lt;script&gt;alert(1)&lt;/script&gt;\"></iframe>", []string{"1:1 an iframe element"}},
		{"a meta refresh to javascript:", "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">", []string{"1:1 a javascript: address in content"}},
		{"markup in an SVG style, which is not raw text there", "<svg><style><img src=x onerror=alert(1)></style></svg>", []string{"1:13 the event attribute onerror"}},
		{"an SVG animation in HTML", "<svg><a><set attributename=href to=javascript:alert(1)></a></svg>", []string{"1:9 a set element that sets \"href\"", "1:9 a javascript: address in to"}},
		{"an object and an embed", "<object data=x.svg></object><embed src=x.svg>", []string{"1:1 an object element", "1:29 an embed element"}},
		{"UTF-16 with a script", string(utf16LE("<p>é</p><script>x</script>")), []string{"1:9 a script element"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := view(scanHTML([]byte(tc.doc)))
			if len(got) != len(tc.want) {
				t.Fatalf("found %q, want %d: %q", got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("found %q\nwant %q", got[i], w)
				}
			}
		})
	}
}

// TestScanBounded: a hostile file cannot make a scan run long or hold much:
// past maxScanTokens tokens or maxScanDepth levels it stops, unsure.
func TestScanBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		scan func([]byte) []construct
		doc  string
		want string
	}{
		{"a million nested SVG groups", scanXML, `<svg ` + svgNS + `>` + strings.Repeat("<g>", 1<<20), "its elements nest more than 1024 deep"},
		{"five million empty elements", scanXML, `<svg ` + svgNS + `>` + strings.Repeat("<g/>", 5<<20/2), "it has more than 4194304 tags"},
		{"a million attributes", scanXML, `<svg ` + svgNS + strings.Repeat(` a="1"`, 1) + `>` + strings.Repeat(`<g a="" b="" c="" d=""/>`, 1<<20) + `</svg>`, "it has more than 4194304 tags"},
		{"five million HTML tags", scanHTML, strings.Repeat("<b>", 5<<20), "it has more than 4194304 tags"},
		{"one huge HTML token", scanHTML, "<p title=\"" + strings.Repeat("x", maxScanToken+1) + "\">", "it is not HTML check reads to the end"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			got := tc.scan([]byte(tc.doc))
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("the scan took %v", d)
			}
			if len(got) == 0 || !got[len(got)-1].unsure || !strings.HasPrefix(got[len(got)-1].what, tc.want) {
				t.Errorf("found %q, want it to end unsure: %s", view(got), tc.want)
			}
		})
	}
}

// checkFound checks what a scan of text found: no more constructs than
// the text has bytes (the scan is linear), each at a line and column the
// text has, unsure ones only last.
func checkFound(t *testing.T, text string, found []construct) {
	t.Helper()
	if len(found) > len(text)+1 {
		t.Fatalf("%d constructs in %d bytes", len(found), len(text))
	}
	lines := strings.Count(text, "\n") + 1
	for i, c := range found {
		if c.line < 0 || c.line > lines || c.col < 0 || c.col > len(text)+1 {
			t.Fatalf("construct %q at %d:%d, outside the text's %d lines", c.what, c.line, c.col, lines)
		}
		if c.unsure && i != len(found)-1 {
			t.Fatalf("the scan went on after it stopped: %q", view(found))
		}
	}
}

// FuzzScanXML checks that the XML scanner never panics, stays linear, and
// places what it finds inside the text; and that a script element added
// to a document it reads to the end is found.
func FuzzScanXML(f *testing.F) {
	for _, s := range []string{
		`<svg ` + svgNS + ` onload="x"/>`,
		`<?xml-stylesheet type="text/xsl" href="x"?><a/>`,
		`<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`,
		`<a xmlns:s="u"><s:script/></a>`,
		"<a\x00>",
		`<?xml version="1.0" encoding="ISO-8859-1"?><a>` + "\xe9</a>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		found := scanXML([]byte(s))
		checkFound(t, s, found)
		if _, utf16 := utf8Text([]byte(s)); len(found) == 0 && !utf16 && !strings.Contains(s, "encoding") {
			// Read to the end, so a script element after it is read too.
			with := s + "<script/>"
			if got := scanXML([]byte(with)); len(got) == 0 {
				t.Fatalf("%q holds a script element, and the scan found nothing", with)
			}
		}
	})
}

// FuzzScanHTML checks that the HTML scanner never panics, stays linear, and
// places what it finds inside the text.
func FuzzScanHTML(f *testing.F) {
	for _, s := range []string{
		"<svg/onload=x>", "<a href=\"&#106;avascript:x\">", "<svg><style><img onerror=x>", "<script>x</script>", "<!--<script>-->",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFound(t, s, scanHTML([]byte(s)))
	})
}

// bigFigure is an SVG of n points with a title each, as a plotting library
// writes a scatter plot.
func bigFigure(n int) []byte {
	var b strings.Builder
	b.WriteString(`<svg ` + svgNS + ` width="800" height="600">`)
	for i := range n {
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="1.5" fill="#1f77b4"><title>run %d</title></circle>`+"\n", i%800, i*7%600, i)
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// bigTable is an HTML page with a table of n rows, each with a link.
func bigTable(n int) []byte {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><body><table>`)
	for i := range n {
		fmt.Fprintf(&b, `<tr><td class=a>%d</td><td><a href="/r/%d">run</a></td></tr>`+"\n", i, i)
	}
	b.WriteString(`</table></body></html>`)
	return []byte(b.String())
}

// BenchmarkScanXML reads an 8 MB SVG of 100,000 points.
func BenchmarkScanXML(b *testing.B) {
	doc := bigFigure(100000)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if found := scanXML(doc); len(found) != 0 {
			b.Fatalf("found %q", view(found))
		}
	}
}

// BenchmarkScanHTML reads a 6 MB HTML table of 100,000 rows.
func BenchmarkScanHTML(b *testing.B) {
	doc := bigTable(100000)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if found := scanHTML(doc); len(found) != 0 {
			b.Fatalf("found %q", view(found))
		}
	}
}

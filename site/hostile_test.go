package site

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestHostileContent loads sites whose content tries to write into a CI
// log or a terminal through the build's messages, or to make them huge,
// and checks that every message is there, positioned, and quoted, cut and
// escaped.
func TestHostileContent(t *testing.T) {
	const nasty = "a\n::error file=x::pwned\x1b[2J\x00\xff"
	// q writes s as a YAML double-quoted string, with YAML's escapes.
	q := func(s string) string {
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\x1b", `\e`, "\x00", `\0`, "\xff", `\xFF`).Replace(s) + `"`
	}
	huge := strings.Repeat("x", 1<<20)   // a cell
	long := strings.Repeat("x", 100<<10) // a YAML value, under the YAML size limit
	csvHeader := `"` + strings.ReplaceAll(nasty, "\x00", "") + `",y,"` + huge + `"` + "\n"
	chart := func(spec string) string { return "---\ntitle: T\n---\n```chart\n" + spec + "```\n" }
	tests := []struct {
		name  string
		files map[string]string
		want  []string // each in the messages
	}{
		{"front matter", map[string]string{
			"content/a.md": "---\n" + q(nasty) + ": 1\ntitle: " + q(nasty) + "\ndate: " + q(long) + "\ntags: [" + q(nasty) + ", \"\", \".\", \"..\"]\n---\n",
		}, []string{
			`content/a.md:2:1: unknown key "a\n::error file=x::pwned\x1b[2J\x00ÿ" in the front matter`,
			`content/a.md:4:7: date "xxxxxxxx`,
			`content/a.md:5:47: tag "" has no letter or digit, so it can have no page of its own: write a word, or remove it`,
			`content/a.md:5:51: tag "." has no letter or digit`,
			`content/a.md:5:56: tag ".." has no letter or digit`,
		}},
		{"a UTF-16 page", map[string]string{"content/a.md": utf16Text("---\ntitle: T\n---\n")},
			[]string{"content/a.md:1:1: this page is saved as UTF-16 text: save it as UTF-8"}},
		{"a binary page", map[string]string{"content/a.md": "---\ntitle: T\n---\nText\x00\n"},
			[]string{"content/a.md:4:5: this page holds a NUL byte here, so it is a binary file, not text"}},
		{"deep front matter", map[string]string{"content/a.md": "---\ntitle: " + strings.Repeat("[", 100000) + "\n---\n"},
			[]string{"content/a.md:2:71: the front matter is nested more than 64 levels deep here"}},
		{"large front matter", map[string]string{"content/a.md": "---\ntitle: " + strings.Repeat("[", 1000000) + "\n---\n"},
			[]string{"content/a.md:2:1: the front matter is 977 KB of YAML, more than the 256 KB allowed"}},
		{"hostile columns", map[string]string{
			"content/a.md":  chart("data: h.csv\nx: " + q(nasty) + "\ny: y\nlabel: \"{" + long + "}\"\n"),
			"content/h.csv": csvHeader + "1,2,3\n",
		}, []string{
			`content/a.md:6:4: x column "a\n::error file=x::pwned\x1b[2J\x00ÿ" is not in content/h.csv (its columns: "a\n::error file=x::pwned\x1b…", "y", "xxxxxxxxxxxxxxxxxxxxxxxx…") — did you mean "a\n::error file=x::pwned\x1b[2J\xff"?`,
			// (a template that long is refused before its columns are looked up)
			`content/a.md:8:8: label template is 102402 characters long: a point label holds at most 500 characters`,
		}},
		{"a megabyte cell", map[string]string{
			"content/a.md":  chart("data: h.csv\nx: x\ny: y\n"),
			"content/h.csv": "x,y\n1," + huge + "\n",
		}, []string{`content/h.csv:2:3: "xxxxxxxx`}},
		{"a hostile where", map[string]string{
			"content/a.md":  chart("data: h.csv\nx: x\ny: y\nwhere: {x: " + q(nasty) + "}\n"),
			"content/h.csv": "x,y\n1,2\n" + strings.NewReplacer("\n", "", "\x00", "").Replace(nasty) + ",3\n",
		}, []string{`content/a.md:8:9: where keeps none of the 2 rows of content/h.csv, so the chart would be empty: no row of content/h.csv has "a\n::error file=x::pwned\x1b[2J\x00ÿ" in column "x" (its values: "1", "a::error file=x::pwned\x1b[2J\xff"`}},
		{"a 150,000-column header", map[string]string{
			"content/a.md":  chart("data: w.csv\nx: nope\ny: c1\n"),
			"content/w.csv": wideHeader(150000) + "\n",
		}, []string{`content/a.md:6:4: x column "nope" is not in content/w.csv (its columns: "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", … and 149992 more)`}},
		{"a UTF-16 data file", map[string]string{
			"content/a.md":  chart("data: u.csv\nx: x\ny: y\n"),
			"content/u.csv": utf16Text("x,y\n1,2\n"),
		}, []string{"content/u.csv:1:1: this data file is saved as UTF-16 text: save it as UTF-8"}},
		{"a binary data file", map[string]string{
			"content/a.md":  chart("data: b.csv\nx: x\ny: y\n"),
			"content/b.csv": "x,y\n1,2\x00\n",
		}, []string{"content/b.csv:2:4: this data file holds a NUL byte here"}},
		{"an underflow", map[string]string{
			"content/a.md":  chart("data: h.csv\nx: x\ny: y\n"),
			"content/h.csv": "x,y\n1,1e-400\n",
		}, []string{`content/h.csv:2:3: "1e-400" in column "y" is not a number: "1e-400" is too small: the smallest number above 0 allowed is about 5e-324; write 0 if the value is zero`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := Load(sitetest.New(t, tt.files), Options{})
			if d := time.Since(start); d > 60*time.Second { // bounds a failure; the quadratic header check took 46 s
				t.Errorf("Load took %v", d)
			}
			if err == nil {
				t.Fatal("Load succeeded, want errors")
			}
			msg := err.Error()
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("messages:\n%.3000s\nwant one to hold:\n%s", msg, w)
				}
			}
			sitetest.CheckMessages(t, msg)
		})
	}
}

func utf16Text(s string) string {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func wideHeader(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("c" + strconv.Itoa(i))
	}
	return b.String()
}

// hostileValues are values from content that try to make a message forge
// a line of its own ("error: fake" after a line break) or read other than
// it is (terminal escapes, bidi controls, zero-width characters). In an
// image's address they are percent-encoded (%0A, %0D, %E2%80%AE), which the
// loader decodes.
var hostileValues = map[string]string{
	"newline":           "\nerror: fake",
	"carriage return":   "\rerror: fake",
	"line separator":    "\u2028error: fake",
	"ANSI escape":       "\x1b[2K\rerror: fake",
	"bidi override":     "\u202eerror: fake",
	"bidi isolates":     "\u2066error: fake\u2069\u2067\u2068",
	"bidi marks":        "\u200e\u200f\u061cerror: fake",
	"zero-width":        "\u200b\u200c\u200d\u2060\ufefferror: fake",
	"NUL":               "\x00error: fake",
	"quote and escapes": "\"\\nerror: fake",
}

// percentEncode writes every byte of s but letters, digits, dot, dash and
// underscore as %XX, as a Markdown image address may carry a path.
func percentEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// TestHostileValuesStayOnOneLine sweeps hostileValues through every message
// that names a path or a name taken from content (an image's address,
// decoded; a data file's, a bibliography's and a theme's name; a source
// that names a data file; a file whose name holds them), and checks that
// each problem prints as one line holding no control, bidi or zero-width
// character, and that a value that came through the message's text (not
// the file name in front of it) is quoted, as diag.Quote quotes it.
func TestHostileValuesStayOnOneLine(t *testing.T) {
	page := func(front, body string) string { return "---\ntitle: T\n" + front + "---\n" + body }
	chart := func(spec string) string { return page("", "```chart\n"+spec+"```\n") }
	places := []struct {
		name string
		// files makes the site for value v; ok is false when v cannot be
		// in this place (a file name cannot hold NUL).
		files func(v string) (files map[string]string, ok bool)
		// quoted says that v reaches the message through its text, not
		// only through the file name of its position.
		quoted bool
	}{
		{"image address", func(v string) (map[string]string, bool) {
			return map[string]string{"content/a.md": page("", "![figure](x"+percentEncode(v)+".png)\n")}, true
		}, true},
		{"image file that is not an image", func(v string) (map[string]string, bool) {
			return map[string]string{
				"content/b/index.md":       page("", "![figure](y"+percentEncode(v)+".png)\n"),
				"content/b/y" + v + ".png": "not a PNG",
			}, !strings.ContainsAny(v, "\x00/")
		}, true},
		{"data file path", func(v string) (map[string]string, bool) {
			// A data value with a line break in it is inline CSV.
			return map[string]string{"content/a.md": chart("data: " + strconv.Quote("x"+v+".csv") + "\nx: a\ny: b\n")}, !strings.Contains(v, "\n")
		}, true},
		{"bibliography path", func(v string) (map[string]string, bool) {
			return map[string]string{"content/a.md": page("bibliography: "+strconv.Quote("x"+v+".bib")+"\n", "As shown [@key].\n")}, true
		}, true},
		{"theme name", func(v string) (map[string]string, bool) {
			return map[string]string{"scalesite.yaml": "title: T\ntheme: " + strconv.Quote("x"+v) + "\n"}, true
		}, true},
		{"source naming a data file", func(v string) (map[string]string, bool) {
			return map[string]string{
				"content/a.md":  chart("data: d.csv\nx: a\ny: b\nsource: " + strconv.Quote("x"+strings.ReplaceAll(v, " ", "")+".csv") + "\n"),
				"content/d.csv": "a,b\n1,2\n",
			}, true
		}, true},
		{"data file name, where keeping no row", func(v string) (map[string]string, bool) {
			return map[string]string{
				"content/a.md":           chart("data: " + strconv.Quote("d"+v+".csv") + "\nx: a\ny: b\nwhere: {a: 9}\n"),
				"content/d" + v + ".csv": "a,b\n1,2\n",
			}, !strings.ContainsAny(v, "\x00/\n")
		}, true},
		{"data file name, bad cell", func(v string) (map[string]string, bool) {
			return map[string]string{
				"content/a.md":           chart("data: " + strconv.Quote("d"+v+".csv") + "\nx: a\ny: b\n"),
				"content/d" + v + ".csv": "a,b\n1,two\n",
			}, !strings.ContainsAny(v, "\x00/\n")
		}, false},
		{"page file name", func(v string) (map[string]string, bool) {
			return map[string]string{"content/p" + v + ".md": page("", "![figure](gone.png)\n")}, !strings.ContainsAny(v, "\x00/")
		}, true},
	}
	for _, pl := range places {
		for _, vname := range slices.Sorted(maps.Keys(hostileValues)) {
			v := hostileValues[vname]
			files, ok := pl.files(v)
			if !ok {
				continue
			}
			t.Run(pl.name+"/"+vname, func(t *testing.T) {
				all := map[string]string{"scalesite.yaml": "title: T\n", "content/index.md": "---\ntitle: Home\n---\n"}
				maps.Copy(all, files)
				s, err := Load(sitetest.New(t, all), Options{})
				var problems diag.List
				problems.Add(err)
				if s != nil {
					problems = append(problems, s.Warnings...)
				}
				var named []*diag.Error
				for _, p := range problems {
					if strings.Contains(p.Error(), "fake") {
						named = append(named, p)
					}
				}
				if len(named) == 0 {
					t.Fatalf("no message names the value; the messages:\n%v", problems)
				}
				errs := make([]error, len(problems))
				for i, p := range problems {
					errs[i] = p
				}
				sitetest.CheckProblems(t, errs)
				if !pl.quoted {
					return
				}
				for _, p := range named {
					if !quotedOnly(p.Msg, "fake") {
						t.Errorf("the message shows the value without quotes: %s", p)
					}
				}
			})
		}
	}
}

// quotedOnly reports whether every occurrence of word in msg lies between
// double quotes (a quote escaped with a backslash does not count).
func quotedOnly(msg, word string) bool {
	in := false
	for i := 0; i < len(msg); i++ {
		switch {
		case msg[i] == '\\':
			i++
		case msg[i] == '"':
			in = !in
		case !in && strings.HasPrefix(msg[i:], word):
			return false
		}
	}
	return true
}

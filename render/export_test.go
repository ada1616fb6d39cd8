package render

import (
	"encoding/csv"
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// loadDemo loads the demo site at the root of the repository.
func loadDemo(t testing.TB) *site.Site { return chartcorpus.LoadDemo(t, "..") }

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want []byte) string { return chartcorpus.FirstDiff(got, want) }

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
	s, files := renderFiles(t, chartcorpus.ExportSite)
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
	if loss != "runs/chart-runs-1.csv" || dataFile("runs", runs.Charts[0]) != loss {
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
	if n := strings.Count(page, "<tr><td>"); n != chart.MaxTableRows {
		t.Errorf("the table shows %d rows, want %d", n, chart.MaxTableRows)
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
	_, files := renderFiles(t, chartcorpus.ExportSite)
	page := files["runs/index.html"]
	for _, w := range []string{
		// the anchor and the CSV link work without JavaScript
		`<a class="scalesite-anchor" href="#chart-runs-1" data-tool="link" aria-label="Link to “Loss”">#</a>`,
		`<a href="chart-runs-1.csv" download="chart-runs-1.csv" type="text/csv" data-tool="csv" aria-label="Download CSV data of “Loss”">Download CSV</a>`,
		// the button of the list the script gathers its tools in, hidden
		// until the script shows it (its place held: site.css)
		`<button type="button" class="scalesite-menu" aria-expanded="false" aria-haspopup="true" aria-label="More tools for “Loss”" hidden>More…</button>`,
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
	s, rr := loadRenderer(t, dir, false)
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

// TestSiteChartTemplate: a site's own layouts/chart.html gets the same
// fields, and {{.Option}} there encodes the same option as the built-in
// template writes, escaped for the script element.
func TestSiteChartTemplate(t *testing.T) {
	chartMD := "---\ntitle: Mine\n---\n```chart\ntype: scatter\ntitle: " + strconv.Quote(chartcorpus.Hostile) + "\ndata: |\n  name,x,y\n  \"" +
		strings.ReplaceAll(strings.ReplaceAll(chartcorpus.Hostile, `"`, `""`), "\x01", "") + "\",1,2\n  b,2,3\nx: x\ny: y\nlabel: name\n```\n"
	mine := `{{define "chart"}}<div class="mine" id="{{.ID}}" data-h="{{.Height}}" title="{{.Title}}" data-csv="{{.CSV}}" data-rows="{{.Rows}}">` +
		`<script type="application/json" class="scalesite-option" data-chart="{{.ID}}">{{.Option}}</script></div>{{end}}`
	_, files := renderFiles(t, map[string]string{
		"scalesite.yaml":                 "title: Lab\ntheme: mine\n",
		"themes/mine/layouts/chart.html": mine,
		"content/c.md":                   chartMD,
	})
	_, builtin := renderFiles(t, map[string]string{"scalesite.yaml": "title: Lab\n", "content/c.md": chartMD})
	option := func(page string) string {
		_, rest, ok := strings.Cut(page, `class="scalesite-option" data-chart="chart-c-1">`)
		body, _, ok2 := strings.Cut(rest, "</script>")
		if !ok || !ok2 {
			t.Fatalf("no option in\n%s", page)
		}
		return body
	}
	page := files["c/index.html"]
	if !strings.Contains(page, `<div class="mine" id="chart-c-1" data-h="440"`) || !strings.Contains(page, `data-csv="chart-c-1.csv" data-rows="2"`) {
		t.Errorf("the site's chart template was not used as written:\n%s", page)
	}
	got, want := option(page), option(builtin["c/index.html"])
	if got != want {
		t.Errorf("the site's {{.Option}} differs from the built-in option:\n got %s\nwant %s", got, want)
	}
	if strings.ContainsAny(got, "<>&\u2028") || !strings.Contains(got, `\u003c/script\u003e`) {
		t.Errorf("option not escaped for the script element: %s", got)
	}
}

// loadRenderer loads the site at dir and makes the Renderer a preview
// would (it remembers what it rendered); with static figures on, when
// statics is set, as Render turns them on (the preview's draws none).
func loadRenderer(t *testing.T, dir string, statics bool) (*site.Site, *Renderer) {
	t.Helper()
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr, err := NewRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	if statics {
		rr.statics = newStatics(rr.theme)
	}
	return s, rr
}

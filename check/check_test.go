package check

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// load writes files into a new site folder and loads it.
func load(t *testing.T, files map[string]string) *site.Site {
	t.Helper()
	dir := sitetest.New(t, files)
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatalf("loading the test site: %v", err)
	}
	return s
}

// page is a page with a description and one chart spec (from line 6).
func page(chart string) string {
	return "---\ntitle: P\ndescription: A page.\n---\n```chart\n" + chart + "```\n"
}

const withConfig = "title: T\ndescription: A site.\n"

func TestSite(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string // each warning, as printed; in order
	}{
		{
			name: "nothing to say",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,1,x\n  100,100,y\nx: a\ny: b\nlabel: l\n"),
			},
		},
		{
			name: "page without description",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   "---\ntitle: Runs\n---\nText.\n",
				"content/q.md":   "No front matter.\n",
			},
			want: []string{
				`content/p.md:1: "Runs" has no description`,
				`content/q.md:1: "Q" has no description`,
			},
		},
		{
			name: "home falls back to the site's description",
			files: map[string]string{
				"scalesite.yaml":   withConfig,
				"content/index.md": "Home prose.\n",
			},
		},
		{
			name: "no description for the home page anywhere",
			files: map[string]string{
				"scalesite.yaml":   "title: T\n",
				"content/index.md": "Home prose.\n",
			},
			want: []string{"scalesite.yaml: the site has no description"},
		},
		{
			name: "home page's own description is enough",
			files: map[string]string{
				"scalesite.yaml":   "title: T\n",
				"content/index.md": "---\ndescription: Home.\n---\nHome prose.\n",
			},
		},
		{
			name: "labels that collide",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,1,far\n  50,50,one\n  51,50.5,two\n  100,100,end\nx: a\ny: b\nlabel: l\n"),
			},
			want: []string{`content/p.md:6: 2 of the 4 point labels stand too close`},
		},
		{
			name: "labels on the frontier only: the names off it are not drawn, so do not collide",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,1,far\n  50,50,one\n  51,49.5,two\n  100,100,end\nx: a\ny: b\nlabel: {field: l, only: frontier}\n"),
			},
		},
		{
			name: "labels on the frontier only: only the drawn labels are counted",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,1,a\n  50,50,b\n  51,50.5,c\n  52,2,d\n  100,100,e\nx: a\ny: b\nlabel: {field: l, only: frontier}\n"),
			},
			want: []string{`content/p.md:6: 2 of the 4 point labels stand too close`},
		},
		{
			name: "a log axis spreads what a linear one packs together",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("type: scatter\ndata: |\n  a,b,l\n  1,50,one\n  3,50,two\n  1000,1,end\n  1000,100,top\nx: {field: a, scale: log}\ny: b\nlabel: l\n") +
					"```chart\ntype: scatter\ndata: |\n  a,b,l\n  1,50,one\n  3,50,two\n  1000,1,end\n  1000,100,top\nx: a\ny: b\nlabel: l\n```\n",
			},
			want: []string{`content/p.md:18: 2 of the 4 point labels stand too close`},
		},
		{
			name: "axis min and max widen the range",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("type: scatter\ndata: |\n  a,b,l\n  1,10,one\n  1,10.5,two\n  1,20,three\nx: a\ny: b\nlabel: l\n") +
					"```chart\ntype: scatter\ndata: |\n  a,b,l\n  1,10,one\n  1,10.5,two\n  1,20,three\nx: a\ny: {field: b, min: 0, max: 100}\nlabel: l\n```\n",
			},
			want: []string{`content/p.md:17: 2 of the 3 point labels stand too close`},
		},
		{
			name: "points outside the axis range are not drawn",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,10,one\n  1,10.1,two\n  1,50,three\nx: a\ny: {field: b, min: 20, max: 60}\nlabel: l\n"),
			},
		},
		{
			name: "a taller chart gives labels room",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\nheight: 900\ndata: |\n  a,b,l\n  1,-10,low\n  1,2,one\n  1,4.5,two\n  1,100,top\nx: a\ny: b\nlabel: l\n"),
			},
		},
		{
			name: "the same chart at the default height",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,-10,low\n  1,2,one\n  1,4.5,two\n  1,100,top\nx: a\ny: b\nlabel: l\n"),
			},
			want: []string{`content/p.md:6: 2 of the 4 point labels stand too close`},
		},
		{
			name: "unlabelled points never collide",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b\n  1,1\n  1,1\nx: a\ny: b\n"),
			},
		},
		{
			name: "labels of different series in one panel",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  s,a,b\n  A,1,1\n  B,1,1\n  A,100,100\nx: a\ny: b\nseries: s\nlabel: s\n"),
			},
			want: []string{`content/p.md:6: 2 of the 3 point labels stand too close`},
		},
		{
			name: "panels are named, and each is narrower",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("type: scatter\ndata: |\n  a,b,c,l\n  1,1,1,one\n  20,1,1,two\n  100,100,100,end\ny: b\nlabel: l\n" +
					"panels:\n  - {title: Left, x: a}\n  - {x: c}\n"),
			},
			want: []string{
				`content/p.md:6: 2 of the 3 point labels (panel "Left") stand too close`,
				`content/p.md:6: 2 of the 3 point labels (panel 2) stand too close`,
			},
		},
		{
			name: "many collisions are summed up in one warning",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  a,b,l\n  1,1,p\n  1,1,q\n  1,1,r\n  1,1,s\n  2,2,t\nx: a\ny: b\nlabel: l\n"),
			},
			want: []string{`content/p.md:6: 4 of the 5 point labels stand too close`},
		},
		{
			name: "a line chart whose every series has one point",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("data: |\n  m,a,b\n  x,1,1\n  y,2,2\nx: a\ny: b\nseries: m\n"),
			},
			want: []string{`content/p.md:6: every series has a single point in this line chart, so no line is drawn: add rows, or set type: scatter`},
		},
		{
			name: "a line chart of one series with one point",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: line\ndata: |\n  a,b\n  1,1\nx: a\ny: b\n"),
			},
			want: []string{`content/p.md:6: the line has a single point in this line chart`},
		},
		{
			name: "some series with one point",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("data: |\n  m,a,b\n  x,1,1\n  x,2,2\n  y,2,2\n  z,3,3\nx: a\ny: b\nseries: m\n"),
			},
			want: []string{`content/p.md:6: series "y" and "z" have a single point in this line chart: a line needs two, so only a marker is drawn`},
		},
		{
			name: "a scatter of single points is fine",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  m,a,b\n  x,1,1\n  y,2,2\nx: a\ny: b\nseries: m\n"),
			},
		},
		{
			name: "only the line panel of a mixed chart",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("data: |\n  m,a,b\n  x,1,1\n  y,2,2\nx: a\ny: b\nseries: m\n" +
					"panels:\n  - {title: Dots, type: scatter}\n  - {title: Lines}\n"),
			},
			want: []string{`content/p.md:6: every series has a single point in this line chart (panel "Lines")`},
		},
		{
			name: "a series with one point in a panel and a line in another",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("data: |\n  t,m,a,b\n  A,x,1,1\n  A,x,2,2\n  A,y,1,1\n  A,y,2,3\n  B,x,3,3\n  B,y,1,2\n  B,y,2,2\nx: a\ny: b\nseries: m\n" +
					"panels:\n  - {title: A, where: {t: A}}\n  - {title: B, where: {t: B}}\n"),
			},
		},
		{
			name: "a series with one point in every panel",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("data: |\n  t,m,a,b\n  A,x,1,1\n  A,y,1,1\n  A,y,2,3\n  B,x,3,3\n  B,y,1,2\n  B,y,2,2\nx: a\ny: b\nseries: m\n" +
					"panels:\n  - {title: A, where: {t: A}}\n  - {title: B, where: {t: B}}\n"),
			},
			want: []string{
				`content/p.md:6: series "x" has a single point in this line chart (panel "A")`,
				`content/p.md:6: series "x" has a single point in this line chart (panel "B")`,
			},
		},
		{
			name: "panels too narrow to read",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md": page("type: scatter\ncolumns: 4\ndata: |\n  a,b\n  1,1e15\n  2,9e15\nx: a\ny: {field: b, format: plain}\npanels:\n" +
					strings.Repeat("  - {title: P}\n", 4)),
			},
			want: []string{`content/p.md:6: panel "P"'s plot is drawn 72 px wide on a wide screen (4 panels side by side in a chart 1,006 px wide), too narrow to read its ticks: set columns: 2 (or fewer)`},
		},
		{
			name: "more series than colours",
			files: map[string]string{
				"scalesite.yaml": withConfig,
				"content/p.md":   page("type: scatter\ndata: |\n  m,a,b\n  x,1,1\n  m1,1,1\n  m2,1,1\n  m3,1,1\n  m4,1,1\n  m5,1,1\n  m6,1,1\n  m7,1,1\n  m8,1,1\n  m9,1,1\n  m10,1,1\nx: a\ny: b\nseries: m\n"),
			},
			want: []string{`content/p.md:6: this chart has 11 series: past 10, series are told apart by marker shape and line dash as well as colour`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Site(load(t, tc.files))
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

func TestScaler(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		name   string
		axis   chartspec.Axis
		data   []float64
		in     float64
		want   float64
		wantOK bool
	}{
		{"linear extent", chartspec.Axis{Scale: chartspec.ScaleLinear}, []float64{0, 10}, 2.5, 0.25, true},
		{"log extent", chartspec.Axis{Scale: chartspec.ScaleLog}, []float64{1, 1000}, 10, 1.0 / 3, true},
		{"spec bounds", chartspec.Axis{Scale: chartspec.ScaleLinear, Min: f(0), Max: f(100)}, []float64{10, 20}, 50, 0.5, true},
		{"log bounds", chartspec.Axis{Scale: chartspec.ScaleLog, Min: f(1e20), Max: f(1e23)}, []float64{1e21}, 1e22, 2.0 / 3, true},
		{"below min", chartspec.Axis{Scale: chartspec.ScaleLinear, Min: f(5)}, []float64{0, 10}, 2, 0, false},
		{"above max", chartspec.Axis{Scale: chartspec.ScaleLinear, Max: f(5)}, []float64{0, 10}, 7, 0, false},
		{"one value", chartspec.Axis{Scale: chartspec.ScaleLinear}, []float64{3, 3}, 3, 0.5, true},
		{"log of zero", chartspec.Axis{Scale: chartspec.ScaleLog}, []float64{1, 10}, 0, 0, false},
		{"no data", chartspec.Axis{Scale: chartspec.ScaleLinear}, nil, 1, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := scaler(tc.axis, tc.data)(tc.in)
			if ok != tc.wantOK || math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("scaler(%v) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

// TestDemoSite keeps the demo site free of warnings from these checks: it is
// what a newcomer reads first.
// TestDemoSite: the demo's own pages draw without a warning. The gallery
// of real published charts is written as its authors' data stands, so it
// may only draw the warnings that describe that data: crowded labels,
// single-point series, many series (cmd/scalesite's TestCheckDemoSite
// lists the few left).
func TestDemoSite(t *testing.T) {
	s, err := site.Load("..", site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{"point labels", "has a single point", "series: past 10", "reference line's label"}
	for _, w := range Site(s) {
		msg := w.Error()
		if !strings.HasPrefix(msg, "content/gallery/") {
			t.Errorf("warning: %s", w)
			continue
		}
		ok := false
		for _, a := range allowed {
			ok = ok || strings.Contains(msg, a)
		}
		if !ok {
			t.Errorf("gallery warning of an unexpected kind: %s", w)
		}
	}
}

func TestUnusedColors(t *testing.T) {
	c := &site.Chart{Spec: &chartspec.Chart{Colors: map[string]string{"Qwen2.5 7B": "blue", "Qwen 2.5 7B": "red"}, Pos: diag.Pos{File: "content/a.md", Line: 9}},
		Panels: []site.Panel{{Series: []site.Series{{Name: "Qwen2.5 7B"}, {Name: "SmolLM2"}}}}}
	got := UnusedColors(c)
	if len(got) != 1 || !strings.Contains(got[0].Error(), `colors names "Qwen 2.5 7B", which is not a series of this chart — did you mean "Qwen2.5 7B"?`) {
		t.Errorf("UnusedColors = %v", got)
	}
}

func TestUnusedStyles(t *testing.T) {
	c := &site.Chart{Spec: &chartspec.Chart{
		Styles: map[string]chartspec.SeriesStyle{
			"Chinchilla fit": {Draw: chartspec.DrawLine, Pos: diag.Pos{File: "content/a.md", Line: 14, Col: 3}},
			"chinchila":      {Draw: chartspec.DrawPoints, Pos: diag.Pos{File: "content/a.md", Line: 15, Col: 3}},
		},
		Order: []chartspec.Field{{Name: "Chinchilla fit", Pos: diag.Pos{File: "content/a.md", Line: 16, Col: 9}}, {Name: "Gopher", Pos: diag.Pos{File: "content/a.md", Line: 16, Col: 25}}},
		Pos:   diag.Pos{File: "content/a.md", Line: 9},
	}, Panels: []site.Panel{{Series: []site.Series{{Name: "Chinchilla fit"}, {Name: "Chinchilla"}}}}}
	got := UnusedStyles(c)
	want := []string{
		`content/a.md:15:3: style names "chinchila", which is not a series of this chart — did you mean "Chinchilla"?`,
		`content/a.md:16:25: order names "Gopher", which is not a series of this chart`,
	}
	if len(got) != len(want) {
		t.Fatalf("UnusedStyles = %v", got)
	}
	for i := range want {
		if got[i].Error() != want[i] {
			t.Errorf("warning %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

func TestSeriesLookAlike(t *testing.T) {
	// named returns a chart whose panels hold series of the given names.
	named := func(panels ...[]string) *site.Chart {
		c := &site.Chart{Spec: &chartspec.Chart{Pos: diag.Pos{File: "content/a.md", Line: 12}}}
		for _, names := range panels {
			var p site.Panel
			for _, n := range names {
				p.Series = append(p.Series, site.Series{Name: n})
			}
			c.Panels = append(c.Panels, p)
		}
		return c
	}
	seq := func(prefix string, n int) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf("%s%d", prefix, i+1))
		}
		return out
	}
	tests := []struct {
		name string
		c    *site.Chart
		want string // "" for no warning
	}{
		{"one series", named([]string{""}), ""},
		{"ten series: one colour each", named(seq("m", 10)), ""},
		{"eleven series", named(seq("m", 11)),
			"content/a.md:12: this chart has 11 series: past 10, series are told apart by marker shape and line dash as well as colour; consider fewer series per panel or panels"},
		{"the same series in two panels count once", named(seq("m", 8), seq("m", 8)), ""},
		{"different series across panels add up", named(seq("a", 12), seq("b", 11)), "content/a.md:12: this chart has 23 series: past 10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := SeriesLookAlike(tc.c)
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("SeriesLookAlike = %v, want no warning", got)
			case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0].Error(), tc.want)):
				t.Errorf("SeriesLookAlike = %v, want one warning starting %q", got, tc.want)
			}
		})
	}
}

// TestGapsInChecks: the gaps of a line (NaN y) neither break the label
// estimate nor count as points.
func TestGapsInChecks(t *testing.T) {
	s := load(t, map[string]string{
		"scalesite.yaml": withConfig,
		"content/p.md":   page("data: |\n  a,b,l\n  1,1,far\n  2,NA,\n  50,50,one\n  51,50.5,two\n  100,100,end\nx: a\ny: b\nlabel: l\n"),
	})
	pts := s.Body(s.Pages[0]).Charts[0].Panels[0].Series[0].Points
	if len(pts) != 5 || !pts[1].Gap() {
		t.Fatalf("want a gap as the second of 5 points, got %v", pts)
	}
	got := Site(s)
	if len(got) != 1 || !strings.HasPrefix(got[0].Error(), `content/p.md:6: 2 of the 4 point labels stand too close`) {
		t.Errorf("warnings %v, want only the labels one and two", got)
	}
}

// TestLabelsNamed: the crowded-labels warning names the labels that
// collide, in the data's order, quoted as diag quotes text from content:
// the first few, then how many more.
func TestLabelsNamed(t *testing.T) {
	csv := "name,x,y\n"
	for i := range 7 {
		csv += fmt.Sprintf("\"m\x1b%d\",%d,%d\n", i, 100+i, 100+i)
	}
	csv += "far,1,1\n"
	s := load(t, map[string]string{
		"scalesite.yaml": withConfig,
		"content/p.md":   page("type: scatter\ndata: p.csv\nx: x\ny: y\nlabel: name\n"),
		"content/p.csv":  csv,
	})
	var got []string
	for _, w := range Labels(s.Body(s.Pages[0]).Charts[0]) {
		got = append(got, w.Msg)
	}
	want := `7 of the 8 point labels stand too close to another to sit beside their points ("m\x1b0", "m\x1b1", "m\x1b2", "m\x1b3", … and 3 more): `
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("Labels = %q, want one warning starting %q", got, want)
	}
}

package site

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// chartMD wraps chart specs in ```chart blocks of a page.
func chartMD(specs ...string) string {
	var b strings.Builder
	b.WriteString("---\ntitle: Charts\n---\nIntro.\n")
	for _, s := range specs {
		b.WriteString("\n```chart\n" + s + "```\n\nMore prose.\n")
	}
	return b.String()
}

// seriesView is a panel's data in a form that compares and prints well:
// "name: x,y[label] x,y[label]".
func seriesView(p Panel) []string {
	var out []string
	for _, s := range p.Series {
		var b strings.Builder
		b.WriteString(s.Name + ":")
		for _, pt := range s.Points {
			fmt.Fprintf(&b, " %g,%g", pt.X, pt.Y)
			if l := s.Notes.Label(pt); l != "" {
				b.WriteString("[" + l + "]")
			}
		}
		out = append(out, b.String())
	}
	return out
}

const runsCSV = "model,flops,acc\nb,1e18,50\na,1e18,40\nb,1e19,60\nc,3.14e+23,70\na,1E21,45\n"

func TestChartData(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string // besides content/p/index.md
		spec  string
		want  [][]string // per panel
		data  []string   // Chart.DataFiles
	}{
		{
			name:  "series in first-seen order, scientific numbers",
			files: map[string]string{"data/runs.csv": runsCSV},
			spec:  "data: data/runs.csv\nx: flops\ny: acc\nseries: model\n",
			want:  [][]string{{"b: 1e+18,50 1e+19,60", "a: 1e+18,40 1e+21,45", "c: 3.14e+23,70"}},
			data:  []string{"data/runs.csv"},
		},
		{
			name:  "no series: one unnamed series in file order",
			files: map[string]string{"data/runs.csv": runsCSV},
			spec:  "data: data/runs.csv\nx: flops\ny: acc\nconnect: rows\n",
			want:  [][]string{{": 1e+18,50 1e+18,40 1e+19,60 3.14e+23,70 1e+21,45"}},
			data:  []string{"data/runs.csv"},
		},
		{
			name:  "label column",
			files: map[string]string{"content/p/runs.csv": runsCSV},
			spec:  "data: runs.csv\nx: flops\ny: acc\nlabel: model\nconnect: rows\n",
			want:  [][]string{{": 1e+18,50[b] 1e+18,40[a] 1e+19,60[b] 3.14e+23,70[c] 1e+21,45[a]"}},
			data:  []string{"content/p/runs.csv"},
		},
		{
			name:  "label template",
			files: map[string]string{"content/p/runs.csv": runsCSV},
			spec:  "data: runs.csv\nx: flops\ny: acc\nseries: model\nlabel: \"{model} ({acc})\"\n",
			want:  [][]string{{"b: 1e+18,50[b (50)] 1e+19,60[b (60)]", "a: 1e+18,40[a (40)] 1e+21,45[a (45)]", "c: 3.14e+23,70[c (70)]"}},
			data:  []string{"content/p/runs.csv"},
		},
		{
			name:  "label template with literal text only around one column",
			files: map[string]string{"content/p/runs.csv": "m,x,y\nGPT,1,2\n"},
			spec:  "data: runs.csv\nx: x\ny: y\nlabel: \"→ {m}\"\n",
			want:  [][]string{{": 1,2[→ GPT]"}},
			data:  []string{"content/p/runs.csv"},
		},
		{
			name:  "data beside the page comes first",
			files: map[string]string{"content/p/data/runs.csv": "model,flops,acc\nlocal,1,1\n", "data/runs.csv": runsCSV},
			spec:  "data: data/runs.csv\nx: flops\ny: acc\nseries: model\n",
			want:  [][]string{{"local: 1,1"}},
			data:  []string{"content/p/data/runs.csv"},
		},
		{
			name:  "site-relative data/NAME.csv when there is none beside the page",
			files: map[string]string{"data/runs.csv": "model,flops,acc\nshared,2,2\n"},
			spec:  "data: data/runs.csv\nx: flops\ny: acc\nseries: model\n",
			want:  [][]string{{"shared: 2,2"}},
			data:  []string{"data/runs.csv"},
		},
		{
			name:  "a path up from the page that stays in the site",
			files: map[string]string{"data/runs.csv": "model,flops,acc\nup,3,3\n"},
			spec:  "data: ../../data/runs.csv\nx: flops\ny: acc\nseries: model\n",
			want:  [][]string{{"up: 3,3"}},
			data:  []string{"data/runs.csv"},
		},
		{
			name:  "TSV",
			files: map[string]string{"content/p/sweep.tsv": "model\tflops\tacc\nx 1\t1e20\t0.5\nx 1\t1e21\t0.6\n"},
			spec:  "data: sweep.tsv\nx: flops\ny: acc\nseries: model\n",
			want:  [][]string{{"x 1: 1e+20,0.5 1e+21,0.6"}},
			data:  []string{"content/p/sweep.tsv"},
		},
		{
			name: "JSON",
			files: map[string]string{"content/p/evals.json": `[
  {"model": "a", "flops": 1e18, "acc": 40},
  {"model": "b", "flops": 2.5e18, "acc": "41.5"},
  {"model": "a", "flops": 1e19, "acc": null}
]`},
			spec: "data: evals.json\nx: flops\ny: acc\nseries: model\n",
			want: [][]string{{"a: 1e+18,40", "b: 2.5e+18,41.5"}},
			data: []string{"content/p/evals.json"},
		},
		{
			name: "inline CSV",
			spec: "data: |\n  model,flops,acc\n  a,1,10\n  b,2,20\n  a,3,30\nx: flops\ny: acc\nseries: model\n",
			want: [][]string{{"a: 1,10 3,30", "b: 2,20"}},
		},
		{
			name: "inline TSV",
			spec: "data: |\n  model\tflops\tacc\n  a b\t1\t10\nx: flops\ny: acc\nseries: model\n",
			want: [][]string{{"a b: 1,10"}},
		},
		{
			name: "missing values and an empty series name are left out",
			spec: "data: |\n  model,flops,acc\n  a,1,NA\n  a,2,\n  ,3,30\n  b,4,40\nx: flops\ny: acc\nseries: model\n",
			want: [][]string{{"b: 4,40"}},
		},
		{
			name:  "series across panels keep one order per panel",
			files: map[string]string{"content/p/rwkv.csv": "model,train,active,acc\nRWKV,1,10,50\nLlama,2,20,55\nRWKV,3,30,60\n"},
			spec: "type: line\nseries: model\ny: {field: acc}\ndata: rwkv.csv\npanels:\n" +
				"  - {title: Training, x: {field: train, scale: log}}\n" +
				"  - {title: Inference, x: {field: active, scale: log}}\n",
			want: [][]string{{"RWKV: 1,50 3,60", "Llama: 2,55"}, {"RWKV: 10,50 30,60", "Llama: 20,55"}},
			data: []string{"content/p/rwkv.csv"},
		},
		{
			name: "panels on different files",
			files: map[string]string{
				"content/p/a.csv": "m,x,y\nA,1,1\n",
				"content/p/b.csv": "m,x,y\nB,2,2\nB,3,3\n",
			},
			spec: "x: x\ny: y\nseries: m\npanels:\n  - {data: a.csv}\n  - {data: b.csv}\n  - {data: a.csv}\n",
			want: [][]string{{"A: 1,1"}, {"B: 2,2 3,3"}, {"A: 1,1"}},
			data: []string{"content/p/a.csv", "content/p/b.csv"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/p/index.md": chartMD(tc.spec)}
			for k, v := range tc.files {
				files[k] = v
			}
			s := load(t, files, Options{})
			p := body(t, s, "content/p/index.md")
			if len(p.Charts) != 1 {
				t.Fatalf("%d charts, want 1", len(p.Charts))
			}
			c := p.Charts[0]
			if len(c.Panels) != len(tc.want) {
				t.Fatalf("%d panels, want %d", len(c.Panels), len(tc.want))
			}
			n := 0
			for i, panel := range c.Panels {
				if got := seriesView(panel); !slices.Equal(got, tc.want[i]) {
					t.Errorf("panel %d series:\n got %q\nwant %q", i+1, got, tc.want[i])
				}
				for _, s := range panel.Series {
					n += len(s.Points)
				}
			}
			if c.Points() != n || p.Page.Points() != n {
				t.Errorf("Chart.Points() = %d, Page.Points() = %d; want %d, the points of every panel", c.Points(), p.Page.Points(), n)
			}
			if !slices.Equal(c.DataFiles, tc.data) {
				t.Errorf("DataFiles = %q, want %q", c.DataFiles, tc.data)
			}
		})
	}
}

func TestPointsCount(t *testing.T) {
	s := load(t, map[string]string{
		"data/runs.csv": runsCSV,
		"content/p.md": chartMD(
			"data: data/runs.csv\nx: flops\ny: acc\n",                                          // 5
			"data: data/runs.csv\nx: flops\ny: acc\npanels:\n  - {title: A}\n  - {title: B}\n", // 5 + 5
			"data: |\n  a,b\n  1,2\n  NA,3\nx: a\ny: b\n",                                      // 1
		),
		"content/none.md": "No charts.\n",
	}, Options{})
	tests := []struct {
		path   string
		charts []int
		total  int
	}{
		{"content/p.md", []int{5, 10, 1}, 16},
		{"content/none.md", nil, 0},
	}
	for _, tc := range tests {
		p := body(t, s, tc.path)
		var got []int
		for _, c := range p.Charts {
			got = append(got, c.Points())
		}
		if !slices.Equal(got, tc.charts) || p.Page.Points() != tc.total {
			t.Errorf("%s: chart points %v, page %d; want %v and %d", tc.path, got, p.Page.Points(), tc.charts, tc.total)
		}
	}
}

func TestChartIDs(t *testing.T) {
	spec := "data: |\n  a,b\n  1,2\nx: a\ny: b\n"
	files := map[string]string{
		"content/index.md":                chartMD(spec),
		"content/audio-models/index.md":   chartMD(spec, spec, spec),
		"content/Papers/RWKV_7 (2025).md": chartMD(spec, spec),
		"content/list.md":                 "- item\n\n  ```chart\n  " + strings.ReplaceAll(spec, "\n", "\n  ") + "```\n",
		"content/a/b.md":                  chartMD(spec),
		"content/a-b.md":                  chartMD(spec),
	}
	// A slug the id cannot spell as it is gets a short hash of the slug, so
	// that "a/b" and "a-b" stay apart.
	want := map[string][]string{
		"content/index.md":                {"chart-home-1"},
		"content/audio-models/index.md":   {"chart-audio-models-1", "chart-audio-models-2", "chart-audio-models-3"},
		"content/Papers/RWKV_7 (2025).md": {"chart-papers-rwkv-7-2025--f9cb-1", "chart-papers-rwkv-7-2025--f9cb-2"},
		"content/list.md":                 {"chart-list-1"},
		"content/a/b.md":                  {"chart-a-b-" + fmt.Sprintf("%04x", fnv32("a/b")&0xffff) + "-1"},
		"content/a-b.md":                  {"chart-a-b-1"},
	}
	var first map[string][]string
	for run := range 2 {
		s := load(t, files, Options{})
		got := map[string][]string{}
		for path := range want {
			p := body(t, s, path)
			seen := map[string]bool{}
			for _, c := range p.Charts {
				if seen[c.ID] {
					t.Errorf("%s: chart ID %q is used twice on the page", path, c.ID)
				}
				seen[c.ID] = true
				got[path] = append(got[path], c.ID)
			}
			if !slices.Equal(got[path], want[path]) {
				t.Errorf("%s: chart IDs %q, want %q", path, got[path], want[path])
			}
		}
		if run == 1 {
			for path := range want {
				if !slices.Equal(got[path], first[path]) {
					t.Errorf("%s: chart IDs changed between two loads: %q then %q", path, first[path], got[path])
				}
			}
		}
		first = got
	}
}

// TestChartsInPlace checks that Page.Charts follow the blocks in source order
// and that each block of the parsed tree knows its chart's index.
func TestChartsInPlace(t *testing.T) {
	s := load(t, map[string]string{
		"content/p.md": chartMD(
			"title: First\ndata: |\n  a,b\n  1,2\nx: a\ny: b\n",
			"title: Second\ndata: |\n  a,b\n  1,2\n  3,4\nx: a\ny: b\n",
		) + "\n```python\nprint('not a chart')\n```\n",
	}, Options{})
	p := body(t, s, "content/p.md")
	var titles []string
	for _, c := range p.Charts {
		titles = append(titles, c.Spec.Title)
	}
	if want := []string{"First", "Second"}; !slices.Equal(titles, want) {
		t.Errorf("chart titles = %q, want %q", titles, want)
	}
}

func fnv32(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

// TestDataFileNotFoundSuggests: a data file that is not there is an error
// that names the closest data file in the folders looked in, written as
// the author wrote the path; nothing is suggested when nothing is close.
func TestDataFileNotFoundSuggests(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"mmlu_v2.csv", `data file "mmlu_v2.csv" not found (looked for content/p/mmlu_v2.csv and mmlu_v2.csv) — did you mean "mmlu.csv"?`},
		{"data/chinchila.csv", `data file "data/chinchila.csv" not found (looked for content/p/data/chinchila.csv and data/chinchila.csv) — did you mean "data/chinchilla.csv"?`},
		{"mmlu.tsv", `data file "mmlu.tsv" not found (looked for content/p/mmlu.tsv and mmlu.tsv) — did you mean "mmlu.csv"?`},
		{"results.csv", `data file "results.csv" not found (looked for content/p/results.csv and results.csv)`},
	} {
		t.Run(tc.data, func(t *testing.T) {
			root := sitetest.New(t, map[string]string{
				"scalesite.yaml":      "title: T\n",
				"content/p/index.md":  "---\ntitle: P\n---\n```chart\ndata: " + tc.data + "\nx: n\ny: acc\n```\n",
				"content/p/mmlu.csv":  "n,acc\n1,2\n",
				"content/p/notes.txt": "mmlu_v2.csv is on the way\n",
				"data/chinchilla.csv": "n,acc\n1,2\n",
				"data/.mmlu_v2.csv":   "n,acc\n1,2\n",
			})
			_, err := Load(root, Options{})
			if err == nil {
				t.Fatal("the site loads")
			}
			if got := err.Error(); !strings.HasSuffix(got, tc.want) {
				t.Errorf("got  %s\nwant …%s", got, tc.want)
			}
		})
	}
}

package pipeline

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/output"
)

// goodSite is a small site that builds: a home page, a page with a chart on
// site-wide data, a page bundle with its own CSV, and a static file. Every
// error case below is this site with a few files added or replaced.
var goodSite = map[string]string{
	"scalesite.yaml":   "title: Good site\nbaseURL: https://u.github.io/repo/\ndescription: A site with no problem.\nquiet: [robots-sub-path]\n",
	"content/index.md": "---\ntitle: Home\n---\nWelcome to the *good* site.\n",
	"content/runs.md": "---\ntitle: Runs\ndescription: Training runs.\ndate: 2025-01-02\n---\nLoss falls with compute.\n\n" +
		"```chart\ndata: data/runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\n```\n",
	"data/runs.csv": "model,flops,loss\na,1e18,3.1\na,1e19,2.9\nb,1e18,3.0\nb,1e19,2.7\n",
	"content/audio/index.md": "---\ntitle: Audio\ndescription: Audio runs.\ndate: 2025-03-01\n---\n" +
		"```chart\ntype: scatter\ndata: audio.csv\nx: {field: params_m, scale: log}\ny: roc_auc\nlabel: model\n```\n",
	"content/audio/audio.csv": "model,params_m,roc_auc\nVGG-ish,10,84.45\nMERT-95M,100,87.25\n",
	"static/robots.txt":       "User-agent: *\n",
}

// chartPage is a page whose chart spec starts on line 7: spec line n is page
// line 6+n.
func chartPage(spec string) string {
	return "---\ntitle: Bad\n---\nSome prose.\n\n```chart\n" + spec + "```\n"
}

// specOK is a valid spec on data/runs.csv that cases add one mistake to.
const specOK = "data: data/runs.csv\nx: flops\ny: loss\n"

var errorCases = []struct {
	name  string
	files map[string]string // added to (or replacing files of) goodSite
	want  []string          // every problem, in the order reported
}{
	// Front matter.
	{
		name:  "front matter: bad YAML",
		files: map[string]string{"content/bad.md": "---\ntitle: \"unclosed\n---\nBody.\n"},
		want:  []string{`content/bad.md:2:8: front matter is not valid YAML: this quoted text has no closing '"'`},
	},
	{
		name:  "front matter: unclosed bracket",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ntags: [a, b\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:7: front matter is not valid YAML: this "[" is never closed by a "]"`},
	},
	{
		name:  "front matter: tab indentation",
		files: map[string]string{"content/bad.md": "---\ntitle: A\n\tdate: 2025-01-01\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:1: front matter is not valid YAML: a tab cannot indent YAML: use spaces`},
	},
	{
		name:  "front matter: bad indentation",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ndate: 2025-01-01\n  tags: [a]\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:7: front matter is not valid YAML: unexpected ":": check the indentation; inside { } or [ ], put text that contains ": " in quotes, e.g. {title: "Loss: small models"}`},
	},
	{
		name:  "front matter: unknown key with suggestion",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ndescripton: B\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:1: unknown key "descripton" in the front matter — did you mean "description"?`},
	},
	{
		name:  "front matter: unknown key without suggestion",
		files: map[string]string{"content/bad.md": "---\nauthor: Me\n---\nBody.\n"},
		want:  []string{`content/bad.md:2:1: unknown key "author" in the front matter (known keys: title, date, description, tags, draft, toc, bibliography, citations, card)`},
	},
	{
		name:  "front matter: never closed",
		files: map[string]string{"content/bad.md": "---\ntitle: A\n\nBody.\n"},
		want:  []string{`content/bad.md:1:1: the front matter that starts here never ends: close it with a line holding only ---`},
	},
	{
		name:  "front matter: bad date",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ndate: 2025-13-45\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:7: date "2025-13-45" is not a date scalesite can read: write it as 2025-03-01 (or 2025-03-01T14:30:00Z)`},
	},
	{
		name:  "front matter: date in another order",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ndate: 01/03/2025\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:7: date "01/03/2025" is not a date scalesite can read: write it as 2025-03-01 (or 2025-03-01T14:30:00Z)`},
	},
	{
		name:  "front matter: draft not true or false",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ndraft: maybe\n---\nBody.\n"},
		want:  []string{`content/bad.md:3:8: "draft" must be true or false`},
	},

	// Chart specs.
	{
		name:  "chart: bad YAML",
		files: map[string]string{"content/bad.md": chartPage("data: data/runs.csv\nx: {field: flops, scale: log\ny: loss\n")},
		want:  []string{`content/bad.md:8:4: invalid YAML: this "{" is never closed by a "}"`},
	},
	{
		name:  "chart: unknown key with suggestion",
		files: map[string]string{"content/bad.md": chartPage(specOK + "serie: model\n")},
		want:  []string{`content/bad.md:10:1: unknown key "serie" — did you mean "series"?`},
	},
	{
		name:  "chart: unknown chart type",
		files: map[string]string{"content/bad.md": chartPage(specOK + "type: bar\n")},
		want:  []string{`content/bad.md:10:7: unknown chart type "bar": scalesite draws line and scatter charts`},
	},
	{
		name:  "chart: missing x field",
		files: map[string]string{"content/bad.md": chartPage("data: data/runs.csv\ny: loss\n")},
		want:  []string{`content/bad.md:7:1: x has no field: name the column to plot, e.g. x: {field: flops}`},
	},
	{
		name:  "chart: column not in the data",
		files: map[string]string{"content/bad.md": chartPage("data: data/runs.csv\nx: flops\ny: los\n")},
		want:  []string{`content/bad.md:9:4: y column "los" is not in data/runs.csv (its columns: "model", "flops", "loss") — did you mean "loss"?`},
	},
	{
		name:  "chart: series column not in the data",
		files: map[string]string{"content/bad.md": chartPage(specOK + "series: Model\n")},
		want:  []string{`content/bad.md:10:9: series column "Model" is not in data/runs.csv (its columns: "model", "flops", "loss") — did you mean "model"?`},
	},
	{
		name:  "chart: label column missing",
		files: map[string]string{"content/bad.md": chartPage(specOK + "label: modl\n")},
		want:  []string{`content/bad.md:10:8: label column "modl" is not in data/runs.csv (its columns: "model", "flops", "loss") — did you mean "model"?`},
	},
	{
		name:  "chart: label template names a missing column",
		files: map[string]string{"content/bad.md": chartPage(specOK + "label: \"{modle} ({loss})\"\n")},
		want:  []string{`content/bad.md:10:8: label names column "{modle}", which is not in data/runs.csv (its columns: "model", "flops", "loss") — did you mean "model"?`},
	},
	{
		name:  "chart: min not below max",
		files: map[string]string{"content/bad.md": chartPage("data: data/runs.csv\nx: flops\ny: {field: loss, min: 89, max: 84}\n")},
		want:  []string{`content/bad.md:9:23: min (89) must be less than max (84)`},
	},
	{
		name:  "chart: unknown scale",
		files: map[string]string{"content/bad.md": chartPage("data: data/runs.csv\nx: {field: flops, scale: logarithmic}\ny: loss\n")},
		want:  []string{`content/bad.md:8:26: unknown scale "logarithmic": an axis scale is linear or log — did you mean "log"?`},
	},

	// Data.
	{
		name: "data: non-numeric cell",
		files: map[string]string{
			"data/bad.csv":   "model,flops,loss\na,1e18,3.1\na,1e19,abc\n",
			"content/bad.md": chartPage("data: data/bad.csv\nx: flops\ny: loss\n"),
		},
		want: []string{`data/bad.csv:3:8: "abc" in column "loss" is not a number`},
	},
	{
		name: "data: non-numeric cell with a hint",
		files: map[string]string{
			"data/bad.csv":   "model,flops,loss\na,1e18,3.1\na,1e19,70m\n",
			"content/bad.md": chartPage("data: data/bad.csv\nx: flops\ny: loss\n"),
		},
		want: []string{`data/bad.csv:3:8: "70m" in column "loss" is not a number: a lower-case m is milli (10⁻³) in SI units but million in many tables, so "70m" is ambiguous; write 70M for 70 million, or 7e-2 for 70 thousandths`},
	},
	{
		name: "data: non-numeric cell in a TSV file",
		files: map[string]string{
			"data/bad.tsv":   "model\tflops\tloss\na\t1e18\t3.1\nb\t2e18\t12%\n",
			"content/bad.md": chartPage("data: data/bad.tsv\nx: flops\ny: loss\n"),
		},
		want: []string{`data/bad.tsv:3:8: "12%" in column "loss" is not a number: write 12 and set format: percent on the axis`},
	},
	{
		name: "data: value 0 on a log axis",
		files: map[string]string{
			"data/bad.csv":   "model,flops,loss\na,1e18,3.1\nb,0,3.0\n",
			"content/bad.md": chartPage("data: data/bad.csv\nx: {field: flops, scale: log}\ny: loss\n"),
		},
		want: []string{`data/bad.csv:3:3: 0 in column "flops" cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/bad.md:8:4)`},
	},
	{
		name: "data: negative value on a log axis, in a page bundle",
		files: map[string]string{
			"content/neg/neg.csv":  "model,flops,loss\na,1e18,3.1\nb,1e19,-0.5\n",
			"content/neg/index.md": chartPage("data: neg.csv\nx: flops\ny: {field: loss, scale: log}\n"),
		},
		want: []string{`content/neg/neg.csv:3:8: -0.5 in column "loss" cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/neg/index.md:9:4)`},
	},
	{
		name:  "data: missing data file",
		files: map[string]string{"content/bad.md": chartPage("data: missing.csv\nx: flops\ny: loss\n")},
		want:  []string{`content/bad.md:7:7: data file "missing.csv" not found (looked for content/missing.csv and missing.csv)`},
	},
	{
		name:  "data: path leaving the site folder",
		files: map[string]string{"content/bad.md": chartPage("data: ../../etc/passwd.csv\nx: flops\ny: loss\n")},
		want:  []string{`content/bad.md:7:7: data path "../../etc/passwd.csv" leaves the site folder: keep data files beside the page or under data/`},
	},
	{
		name:  "data: absolute path",
		files: map[string]string{"content/bad.md": chartPage("data: /etc/passwd.csv\nx: flops\ny: loss\n")},
		want:  []string{`content/bad.md:7:7: data path "/etc/passwd.csv" is absolute: name the file relative to the page (audio.csv) or the site (data/audio.csv)`},
	},
	{
		name: "data: ragged CSV row",
		files: map[string]string{
			"data/bad.csv":   "model,flops,loss\na,1e18,3.1\nb,1e19\n",
			"content/bad.md": chartPage("data: data/bad.csv\nx: flops\ny: loss\n"),
		},
		want: []string{`data/bad.csv:3: row has 2 cells but the header has 3 columns ("model", "flops", "loss") — an empty cell is written as nothing between two commas`},
	},
	{
		name: "data: bad JSON",
		files: map[string]string{
			"data/bad.json": "[\n  {\"model\": \"a\", \"flops\": 1e18, \"loss\": 3.1},\n  {\"model\": \"b\", \"flops\": 1e19 \"loss\": 2}\n]\n",
			//                                                                 col 32 ^
			"content/bad.md": chartPage("data: data/bad.json\nx: flops\ny: loss\n"),
		},
		want: []string{`data/bad.json:3:32: expected , or } after the value of "flops", found """`},
	},
	{
		name: "data: spreadsheet instead of CSV",
		files: map[string]string{
			"data/runs.xlsx": "PK\x03\x04",
			"content/bad.md": chartPage("data: data/runs.xlsx\nx: flops\ny: loss\n"),
		},
		want: []string{`content/bad.md:7:7: data file data/runs.xlsx: cannot read the spreadsheet "runs.xlsx": export it as CSV and use the .csv file`},
	},
	{
		name:  "data: inline CSV error at the page line and column",
		files: map[string]string{"content/bad.md": chartPage("data: |\n  model,flops,loss\n  a,1e18,3.1\n  b,1e19,x1\nx: flops\ny: loss\n")},
		want:  []string{`content/bad.md:10:10: "x1" in column "loss" is not a number`},
	},
	{
		name:  "data: inline CSV inside a list item, at the indented column",
		files: map[string]string{"content/bad.md": "- A step:\n\n  ```chart\n  data: |\n    a,b\n    1,x\n  x: a\n  y: b\n  ```\n"},
		want:  []string{`content/bad.md:6:7: "x" in column "b" is not a number: leave the cell blank or write NA for a missing value`},
	},
	{
		name:  "chart: unknown key inside a block quote, at the quoted column",
		files: map[string]string{"content/bad.md": "> Quoted chart:\n>\n> ```chart\n> data: data/runs.csv\n> x: flops\n> y: loss\n> lable: model\n> ```\n"},
		want:  []string{`content/bad.md:7:3: unknown key "lable" — did you mean "label"?`},
	},
	{
		name:  "data: inline CSV ragged row",
		files: map[string]string{"content/bad.md": chartPage("data: |\n    model,flops,loss\n    a,1e18,3.1\n    b,1e19\nx: flops\ny: loss\n")},
		want:  []string{`content/bad.md:10: row has 2 cells but the header has 3 columns ("model", "flops", "loss") — an empty cell is written as nothing between two commas`},
	},
	{
		name:  "data: inline CSV without the named column",
		files: map[string]string{"content/bad.md": chartPage("data: |\n  model,flops,loss\n  a,1,2\nx: flop\ny: loss\n")},
		want:  []string{`content/bad.md:10:4: x column "flop" is not in the inline data (its columns: "model", "flops", "loss") — did you mean "flops"?`},
	},
	{
		name:  "data: inline CSV with a header only",
		files: map[string]string{"content/bad.md": chartPage("data: |\n  model,flops,loss\nx: flops\ny: loss\n")},
		want:  []string{`content/bad.md:7:7: the inline data has a header but no rows: the chart would be empty`},
	},

	// Pages.
	{
		name:  "pages: duplicate page path",
		files: map[string]string{"content/runs/index.md": "---\ntitle: Runs again\n---\nBody.\n"},
		want:  []string{`content/runs/index.md:1: content/runs.md and content/runs/index.md would both be published at runs/index.html`},
	},
	{
		name:  "pages: index.md and _index.md both make the home page",
		files: map[string]string{"content/_index.md": "Another home.\n"},
		want:  []string{`content/index.md:1: content/_index.md and content/index.md would both be published at index.html`},
	},

	// Site config.
	{
		name:  "config: unknown key with suggestion",
		files: map[string]string{"scalesite.yaml": "title: Good site\nbaseUrl: https://u.github.io/repo/\n"},
		want:  []string{`scalesite.yaml:2:1: unknown key "baseUrl" in the site config — did you mean "baseURL"?`},
	},
	{
		name:  "config: bad YAML",
		files: map[string]string{"scalesite.yaml": "title: [Good site\n"},
		want:  []string{`scalesite.yaml:1:8: site config is not valid YAML: this "[" is never closed by a "]"`},
	},
	{
		name:  "config: missing theme folder",
		files: map[string]string{"scalesite.yaml": "title: Good site\ntheme: paper\n"},
		want:  []string{`scalesite.yaml:2:8: theme "paper" not found: there is no folder themes/paper`},
	},
	{
		name:  "config: theme that is a path",
		files: map[string]string{"scalesite.yaml": "title: Good site\ntheme: ../other\n"},
		want:  []string{`scalesite.yaml:2:8: theme "../other" must be the name of a folder under themes/`},
	},
	{
		name:  "config: theme that is a file",
		files: map[string]string{"scalesite.yaml": "title: Good site\ntheme: paper\n", "themes/paper": "not a folder"},
		want:  []string{`scalesite.yaml:2:8: theme "paper" not found: there is no folder themes/paper`},
	},
	{
		name:  "config: bad baseURL",
		files: map[string]string{"scalesite.yaml": "title: Good site\nbaseURL: ftp://u.github.io/repo/\n"},
		want:  []string{`scalesite.yaml:2:10: baseURL "ftp://u.github.io/repo/" is not a web address like https://user.github.io/repo/ or a path like /repo/`},
	},

	// Several problems at once.
	{
		name: "config and page errors reported together",
		files: map[string]string{
			"scalesite.yaml": "title: Good site\ntheme: paper\nbaseURL: ftp://x/\n",
			"content/bad.md": chartPage(specOK + "serie: model\n"),
		},
		want: []string{
			`content/bad.md:10:1: unknown key "serie" — did you mean "series"?`,
			`scalesite.yaml:2:8: theme "paper" not found: there is no folder themes/paper`,
			`scalesite.yaml:3:10: baseURL "ftp://x/" is not a web address like https://user.github.io/repo/ or a path like /repo/`,
		},
	},
	// Limits, encodings and hostile values (issue 9).
	{
		name:  "front matter: nested 100,000 deep",
		files: map[string]string{"content/bad.md": "---\ntitle: " + strings.Repeat("[", 100000) + "\n---\nBody.\n"},
		want:  []string{`content/bad.md:2:71: the front matter is nested more than 64 levels deep here: no setting needs that many; check the brackets and the indentation`},
	},
	{
		name:  "chart: nested 1,000,000 deep",
		files: map[string]string{"content/bad.md": chartPage(specOK + "title: " + strings.Repeat("[", 1000000) + "\n")},
		want:  []string{`content/bad.md:7:1: this chart spec is 977 KB of YAML, more than the 256 KB allowed: put large data in a CSV file beside the page (data: runs.csv)`},
	},
	{
		name:  "chart: aliases in front matter and specs",
		files: map[string]string{"content/bad.md": "---\ntitle: &t Runs\ndescription: *t\n---\n\n```chart\n" + specOK + "title: *nothing\n```\n"},
		want:  []string{`content/bad.md:10:8: the alias "*nothing" refers to no anchor "&nothing" above it`},
	},
	{
		name:  "front matter: tags without a page of their own",
		files: map[string]string{"content/bad.md": "---\ntitle: A\ntags: [\"\", ., a/b, a-b]\n---\nBody.\n"},
		want: []string{
			`content/bad.md:3:8: tag "" has no letter or digit, so it can have no page of its own: write a word, or remove it`,
			`content/bad.md:3:12: tag "." has no letter or digit, so it can have no page of its own: write a word, or remove it`,
			`content/bad.md:3:20: tags "a-b" and "a/b" (content/bad.md:3:15) would share one page, tags/a-b/: write the tag the same way everywhere, or make the two differ in letters or digits`,
		},
	},
	{
		name: "data: UTF-16",
		files: map[string]string{
			"data/runs.csv": "\xff\xfem\x00,\x00f\x00\n\x00",
		},
		want: []string{`data/runs.csv:1:1: this data file is saved as UTF-16 text: save it as UTF-8 (from a spreadsheet, export "CSV UTF-8"; in an editor, choose the UTF-8 encoding)`},
	},
	{
		name:  "data: a number too small for a float",
		files: map[string]string{"data/runs.csv": "model,flops,loss\na,1e18,1e-400\n"},
		want:  []string{`data/runs.csv:2:8: "1e-400" in column "loss" is not a number: "1e-400" is too small: the smallest number above 0 allowed is about 5e-324; write 0 if the value is zero`},
	},
	{
		name:  "data: a hostile column name",
		files: map[string]string{"data/runs.csv": "\"model\n::error file=x::pwned\",flops,loss\na,1e18,3\n", "content/bad.md": chartPage(specOK + "series: model\n")},
		want: []string{
			`content/bad.md:10:9: series column "model" is not in data/runs.csv (its columns: "model\n::error file=x::pw…", "flops", "loss")`,
			`content/runs.md:12:9: series column "model" is not in data/runs.csv (its columns: "model\n::error file=x::pw…", "flops", "loss")`,
		},
	},
	{
		name: "several errors in several pages, reported together and sorted",
		files: map[string]string{
			"content/zeta.md":  chartPage(specOK + "serie: model\n"),
			"content/alpha.md": "---\ntitle: A\ndate: yesterday\n---\n\n```chart\n" + specOK + "type: bar\n```\n",
			"content/mid.md":   chartPage("data: data/bad.csv\nx: flops\ny: loss\n") + "\n```chart\ndata: nope.csv\nx: a\ny: b\n```\n",
			"data/bad.csv":     "model,flops,loss\na,1e18,x\n",
		},
		want: []string{
			`content/alpha.md:3:7: date "yesterday" is not a date scalesite can read: write it as 2025-03-01 (or 2025-03-01T14:30:00Z)`,
			`content/alpha.md:10:7: unknown chart type "bar": scalesite draws line and scatter charts`,
			`content/mid.md:13:7: data file "nope.csv" not found (looked for content/nope.csv and nope.csv)`,
			`content/zeta.md:10:1: unknown key "serie" — did you mean "series"?`,
			`data/bad.csv:2:8: "x" in column "loss" is not a number: leave the cell blank or write NA for a missing value`,
		},
	},
}

// TestBuildErrors breaks a good site in one way per case and checks that the
// build fails with exactly the expected problems and leaves the previous
// output as it was.
func TestBuildErrors(t *testing.T) {
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
			writeSite(t, src, goodSite)
			if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
				t.Fatalf("building the good site: %v", err)
			}
			before := snapshot(t, dest)

			writeSite(t, src, tc.files)
			r, err := Run(Options{Source: src, Dest: dest})
			if err == nil {
				t.Fatalf("build succeeded (%d pages); want errors:\n%s", r.Pages, strings.Join(tc.want, "\n"))
			}
			got := problems(t, err)
			if !slices.Equal(got, tc.want) {
				t.Errorf("build errors:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(tc.want, "\n      "))
			}

			assertSameTree(t, dest, before)
			assertNoLeftovers(t, root, "public", "site")
		})
	}
}

// problems returns the build error as one "file:line:col: message" string
// per problem, checking that each is a positioned content error.
func problems(t *testing.T, err error) []string {
	t.Helper()
	var list diag.List
	var one *diag.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = diag.List{one}
	default:
		t.Fatalf("error %v (%T) is not a diag.Error or diag.List", err, err)
	}
	var out []string
	for _, e := range list {
		if e.File == "" {
			t.Errorf("problem %q names no file", e.Msg)
		}
		out = append(out, e.Error())
	}
	return out
}

func writeSite(t *testing.T, root string, files map[string]string) {
	t.Helper()
	sitetest.Write(t, root, files)
}

// snapshot reads every file under dir: slash path → bytes.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	if len(files) == 0 {
		t.Fatalf("%s holds no files", dir)
	}
	return files
}

// siteFiles is snapshot without the list of files the build wrote
// (output.MarkerName): the files of the site alone.
func siteFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := snapshot(t, dir)
	if _, ok := files[output.MarkerName]; !ok {
		t.Errorf("%s has no %s", dir, output.MarkerName)
	}
	delete(files, output.MarkerName)
	return files
}

// assertSameTree checks that dir holds exactly the files of before, byte for byte.
func assertSameTree(t *testing.T, dir string, before map[string][]byte) {
	t.Helper()
	after := snapshot(t, dir)
	for p, b := range before {
		a, ok := after[p]
		switch {
		case !ok:
			t.Errorf("failed build removed %s from the output", p)
		case !bytes.Equal(a, b):
			t.Errorf("failed build changed %s in the output", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("failed build added %s to the output", p)
		}
	}
}

// assertNoLeftovers checks that dir holds only the named entries: no
// temporary folders (.public.new-*) from the output writer.
func assertNoLeftovers(t *testing.T, dir string, want ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s holds %q, want only %q (a temporary folder left behind?)", dir, got, want)
	}
}

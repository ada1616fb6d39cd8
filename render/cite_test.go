package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/bibtex"
	"github.com/scalesite/scalesite/site"
)

const citeBib = `@string{neurips = {Advances in Neural Information Processing Systems}}

@article{kaplan2020,
  author = {Kaplan, Jared and McCandlish, Sam and Henighan, Tom and Brown, Tom B. and Chess, Benjamin and Child, Rewon and Gray, Scott and Radford, Alec and Wu, Jeffrey and Amodei, Dario},
  title = {Scaling Laws for Neural Language Models},
  journal = {arXiv preprint},
  year = 2020,
  eprint = {2001.08361}, archivePrefix = {arXiv},
  url = {https://arxiv.org/abs/2001.08361},
}

@inproceedings{hoffmann2022,
  author = {Hoffmann, Jordan and Borgeaud, Sebastian and Mensch, Arthur and others},
  title = {Training Compute-Optimal Large Language Models},
  booktitle = neurips # { 35},
  year = {2022},
  doi = {10.48550/arXiv.2203.15556},
}

@misc{muller2023a,
  author = {M{\"u}ller, Ren{\'e}e and <Script>},
  title = {Scaling {\&} "quotes" <b>},
  year = 2023,
  url = {javascript:alert(1)},
}

@misc{muller2023b,
  author = {M{\"u}ller, Ren{\'e}e and <Script>},
  title = {A second paper},
  year = 2023,
}

@book{epoch,
  editor = {Sevilla, Jaime},
  title = {Trends in Machine Learning},
  publisher = {Epoch AI},
  year = 2024,
}
`

const citePage = "Laws [@kaplan2020] were revised [@hoffmann2022, p. 3; @kaplan2020].\n" +
	"Hoffmann et al. [-@hoffmann2022] fit three ways; see [@muller2023b; @muller2023a] and [@epoch].\n" +
	"Mail jo@example.com.\n\n" +
	"```chart\ndata: |\n  n,loss\n  1,3\n  2,2\nx: n\ny: loss\nsource: \"@hoffmann2022, fig. 3\"\n```\n\n" +
	"```chart\ndata: |\n  n,loss\n  1,3\n  2,2\nx: n\ny: loss\nsource: https://epoch.ai/data?a=1&b=2\n```\n\n" +
	"```chart\ndata: |\n  n,loss\n  1,3\n  2,2\nx: n\ny: loss\nsource: Our runs <2024>\n```\n"

// TestCitationMarkup renders a page with citations in each style and
// compares its citations, chart sources and references list with
// testdata/cite.golden.html.
func TestCitationMarkup(t *testing.T) {
	got := renderSite(t, map[string]string{
		"content/refs.bib":   citeBib,
		"content/author.md":  "---\ntitle: Author-year\nbibliography: refs.bib\n---\n" + citePage,
		"content/numeric.md": "---\ntitle: Numeric\nbibliography: refs.bib\ncitations: numeric\n---\n" + citePage,
		"content/none.md":    "---\ntitle: None\nbibliography: refs.bib\n---\nNo citations.\n",
	}, site.Options{})
	var parts []string
	for _, name := range []string{"author/index.html", "numeric/index.html"} {
		page := got[name]
		parts = append(parts, "<!-- "+name+" -->")
		for _, re := range []string{`(?s)<p>Laws .*?</p>`, `<p class="scalesite-source">.*?</p>`, `(?s)<section class="references".*?</section>`} {
			ms := regexp.MustCompile(re).FindAllString(page, -1)
			if ms == nil {
				t.Errorf("%s lacks %s:\n%s", name, re, page)
			}
			parts = append(parts, ms...)
		}
		// Every link to an entry has its target on the page.
		for _, m := range regexp.MustCompile(`href="#(ref-[^"]*)"`).FindAllStringSubmatch(page, -1) {
			if !strings.Contains(page, `id="`+m[1]+`"`) {
				t.Errorf("%s links to #%s, which is not on the page", name, m[1])
			}
		}
		if strings.Contains(page, "javascript:") || strings.Contains(page, "<Script>") || strings.Contains(page, "<b>") {
			t.Errorf("%s lets markup or a script address from the .bib through", name)
		}
	}
	if strings.Contains(got["none/index.html"], `class="references"`) {
		t.Error("a page that cites nothing has a references list")
	}
	out := strings.Join(parts, "\n") + "\n"
	file := filepath.Join("testdata", "cite.golden.html")
	if *update {
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run TestCitationMarkup -update to write it)", err)
	}
	if out != string(want) {
		t.Errorf("the citations differ from %s (-update rewrites it if the change is right):\n%s", file, out)
	}
}

func TestCiteLabels(t *testing.T) {
	entry := func(fields map[string]string) *bibtex.Entry {
		return &bibtex.Entry{Type: "misc", Key: "k", Fields: fields}
	}
	tests := []struct {
		name           string
		fields         map[string]string
		label, authors string
	}{
		{"one author", map[string]string{"author": "Jared Kaplan"}, "Kaplan", "Jared Kaplan"},
		{"two authors", map[string]string{"author": "Kaplan, Jared and McCandlish, Sam"}, "Kaplan and McCandlish", "Jared Kaplan and Sam McCandlish"},
		{"three authors", map[string]string{"author": "A. One and B. Two and C. Three"}, "One et al.", "A. One, B. Two, and C. Three"},
		{"and others", map[string]string{"author": "A. One and others"}, "One et al.", "A. One, et al."},
		{"von part", map[string]string{"author": "Johannes van der Waals"}, "van der Waals", "Johannes van der Waals"},
		{"an organisation", map[string]string{"author": "{OpenAI}"}, "OpenAI", "OpenAI"},
		{"editors", map[string]string{"editor": "A. One and B. Two"}, "One and Two", "A. One and B. Two (eds.)"},
		{"no authors: the title", map[string]string{"title": "A Very Long Title of a Report"}, "A Very Long Title…", ""},
		{"nothing: the key", map[string]string{}, "k", ""},
		{"eleven authors", map[string]string{"author": "A1 B and A2 B and A3 B and A4 B and A5 B and A6 B and A7 B and A8 B and A9 B and A10 B and A11 B"},
			"B et al.", "A1 B, A2 B, A3 B, A4 B, A5 B, A6 B, A7 B, A8 B, A9 B, A10 B, et al."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := view(entry(tt.fields))
			if v.Label != tt.label || v.Authors != tt.authors {
				t.Errorf("label %q, authors %q; want %q, %q", v.Label, v.Authors, tt.label, tt.authors)
			}
			if v.Year != "n.d." {
				t.Errorf("year %q, want n.d.", v.Year)
			}
		})
	}
}

func TestRefID(t *testing.T) {
	for key, want := range map[string]string{
		"hoffmann2022":       "ref-hoffmann2022",
		"Hoffmann:2022.v2_x": "ref-Hoffmann:2022.v2_x",
		"a/b":                "ref-a-b-",
		"a b\"<>":            "ref-a-b---",
	} {
		got := refID(key)
		if !strings.HasPrefix(got, want) {
			t.Errorf("refID(%q) = %q, want %q…", key, got, want)
		}
	}
	if refID("a/b") == refID("a?b") {
		t.Error("two keys share an id")
	}
}

package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const testBib = `@string{neurips = {Advances in Neural Information Processing Systems}}

@article{kaplan2020,
  author = {Kaplan, Jared and McCandlish, Sam and others},
  title = {Scaling Laws for Neural Language Models},
  year = 2020,
  eprint = {2001.08361}, archivePrefix = {arXiv},
}

@inproceedings{hoffmann2022,
  author = {Hoffmann, Jordan and Borgeaud, Sebastian and Mensch, Arthur},
  title = {Training Compute-Optimal Large Language Models},
  booktitle = neurips,
  year = {2022},
}
`

// chartSpec is a small valid chart for pages that need one.
const chartSpec = "```chart\ndata: |\n  n,loss\n  1,3\n  2,2\nx: n\ny: loss\nsource: %s\n```\n"

func keysOf(p *Body) []string {
	var keys []string
	for _, e := range p.References {
		keys = append(keys, e.Key)
	}
	return keys
}

func TestCitationsResolve(t *testing.T) {
	s := load(t, map[string]string{
		"content/refs.bib": testBib,
		"content/a.md": "---\nbibliography: refs.bib\ncitations: numeric\n---\nFirst [@hoffmann2022], then [@kaplan2020; @hoffmann2022, p. 3].\n\n" +
			strings.Replace(chartSpec, "%s", `"@kaplan2020"`, 1),
		"content/b/index.md": "---\nbibliography: ../refs.bib\n---\n" + strings.Replace(chartSpec, "%s", "https://arxiv.org/abs/2203.15556", 1) +
			"\nWrite to jo@example.com or @someone; [see the notes](x) and [@kaplan2020].\n",
		"content/c.md": "No citations.\n\n" + strings.Replace(chartSpec, "%s", "Epoch AI, 2024", 1),
	}, Options{})
	a := body(t, s, "content/a.md")
	if got, want := keysOf(a), []string{"hoffmann2022", "kaplan2020"}; !slices.Equal(got, want) {
		t.Errorf("a's references = %v, want %v (in the order first cited)", got, want)
	}
	if a.Page.CiteStyle != CiteNumeric || a.Page.Bibliography != "content/refs.bib" {
		t.Errorf("a: style %q, bibliography %q", a.Page.CiteStyle, a.Page.Bibliography)
	}
	if src := a.Charts[0].Source; src == nil || len(src.Cite) != 1 || src.Cite[0].Key != "kaplan2020" {
		t.Errorf("a's chart source = %+v, want the citation of kaplan2020", src)
	}
	b := body(t, s, "content/b/index.md")
	if got, want := keysOf(b), []string{"kaplan2020"}; !slices.Equal(got, want) {
		t.Errorf("b's references = %v, want %v", got, want)
	}
	if b.Page.CiteStyle != CiteAuthorYear {
		t.Errorf("b's style = %q, want the default %q", b.Page.CiteStyle, CiteAuthorYear)
	}
	if src := b.Charts[0].Source; src == nil || src.URL != "https://arxiv.org/abs/2203.15556" || src.Cite != nil {
		t.Errorf("b's chart source = %+v, want a link", src)
	}
	c := body(t, s, "content/c.md")
	if src := c.Charts[0].Source; src == nil || src.URL != "" || src.Text != "Epoch AI, 2024" {
		t.Errorf("c's chart source = %+v, want text", src)
	}
	if c.Page.Bibliography != "" || c.References != nil {
		t.Errorf("c reads a bibliography it does not need: %q, %v", c.Page.Bibliography, c.References)
	}
}

func TestCitationsSiteConfig(t *testing.T) {
	s := load(t, map[string]string{
		"scalesite.yaml":     "bibliography: data/refs.bib\ncitations: numeric\n",
		"data/refs.bib":      testBib,
		"content/a/index.md": "As [@kaplan2020].\n",
		"content/b.md":       "---\ncitations: author-year\n---\nAs [-@hoffmann2022].\n",
	}, Options{})
	if s.Config.Bibliography != "data/refs.bib" || s.Config.Citations != CiteNumeric {
		t.Errorf("config: bibliography %q, citations %q", s.Config.Bibliography, s.Config.Citations)
	}
	a := body(t, s, "content/a/index.md")
	if a.Page.Bibliography != "data/refs.bib" || a.Page.CiteStyle != CiteNumeric || !slices.Equal(keysOf(a), []string{"kaplan2020"}) {
		t.Errorf("a: %q %q %v", a.Page.Bibliography, a.Page.CiteStyle, keysOf(a))
	}
	if b := body(t, s, "content/b.md"); b.Page.CiteStyle != CiteAuthorYear || !slices.Equal(keysOf(b), []string{"hoffmann2022"}) {
		t.Errorf("b: %q %v", b.Page.CiteStyle, keysOf(b))
	}
}

func TestCitationErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string // the whole messages, one per problem
	}{
		{"unknown key with a suggestion", map[string]string{
			"content/refs.bib": testBib,
			"content/a.md":     "---\nbibliography: refs.bib\n---\nAs shown\nby [@kaplan2020; @hofmann2022].\n",
		}, []string{`content/a.md:5:18: citation key "hofmann2022" is not in "content/refs.bib" — did you mean "hoffmann2022"?`}},
		{"unknown key listing the keys", map[string]string{
			"content/refs.bib": testBib,
			"content/a.md":     "---\nbibliography: refs.bib\n---\nÜber [@zzz].\n",
		}, []string{`content/a.md:4:7: citation key "zzz" is not in "content/refs.bib" (its keys: "kaplan2020", "hoffmann2022")`}},
		{"unknown key in a chart source", map[string]string{
			"content/refs.bib": testBib,
			"content/a.md":     "---\nbibliography: refs.bib\n---\n" + strings.Replace(chartSpec, "%s", `"@kaplan2021"`, 1),
		}, []string{`content/a.md:11:9: citation key "kaplan2021" is not in "content/refs.bib" — did you mean "kaplan2020"?`}},
		{"a source that is not a citation", map[string]string{
			"content/refs.bib": testBib,
			"content/a.md":     "---\nbibliography: refs.bib\n---\n" + strings.Replace(chartSpec, "%s", `"@kaplan2020 and friends"`, 1),
		}, []string{`content/a.md:11:9: source "@kaplan2020 and friends" is not a citation: write source: "@key" with a key of "content/refs.bib" (or "@a; @b", or "@key, fig. 3")`}},
		{"missing .bib file", map[string]string{
			"content/a.md": "---\ntitle: A\nbibliography: refs.bib\n---\nAs [@a].\n",
		}, []string{`content/a.md:3:15: bibliography file "refs.bib" not found (looked for content/refs.bib and refs.bib)`}},
		{"missing .bib file named by the site config, reported once", map[string]string{
			"scalesite.yaml": "bibliography: refs.bib\n",
			"content/a.md":   "As [@a].\n",
			"content/b.md":   "As [@b].\n",
		}, []string{`scalesite.yaml:1:15: bibliography file "refs.bib" not found (looked for refs.bib)`}},
		{"no bibliography", map[string]string{
			"content/a.md": "Text.\n\nAs [@a] and [@b].\n",
		}, []string{`content/a.md:3:5: the page cites "[@a]" but names no bibliography: add "bibliography: refs.bib" to its front matter (or to scalesite.yaml for every page)`}},
		{"bad BibTeX", map[string]string{
			"content/refs.bib": "@misc{a, title = {A}}\n@misc{b,\n  title = {B}\n  year = 2020}\n",
			"content/a.md":     "---\nbibliography: refs.bib\n---\nAs [@a] and [@b].\n",
		}, []string{`content/refs.bib:4:3: in the entry "b", a comma must follow a field before the next field (or } end the entry)`}},
		{"a bibliography outside the site", map[string]string{
			"content/a.md": "---\nbibliography: ../../refs.bib\n---\nText.\n",
		}, []string{`content/a.md:2:15: bibliography "../../refs.bib" leaves the site folder: keep the .bib file beside the page or under content/ or data/`}},
		{"unknown style", map[string]string{
			"scalesite.yaml": "citations: numerc\n",
			"content/a.md":   "Text.\n",
		}, []string{`scalesite.yaml:1:12: citations "numerc" is not a citation style: use author-year (Hoffmann et al., 2022) or numeric ([1]) — did you mean "numeric"?`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, tt.files)
			_, err := Load(root, Options{})
			if err == nil {
				t.Fatal("no error")
			}
			if got := strings.Split(err.Error(), "\n"); !slices.Equal(got, tt.want) {
				t.Errorf("got:\n%s\nwant:\n%s", err, strings.Join(tt.want, "\n"))
			}
		})
	}
}

// A change to the .bib file reloads the pages that cite from it, and only
// those.
func TestCitationsReload(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"content/refs.bib": testBib,
		"content/a.md":     "---\nbibliography: refs.bib\n---\nAs [@kaplan2020].\n",
		"content/b.md":     "No citations.\n",
	})
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := body(t, s, "content/b.md")
	if err := os.WriteFile(filepath.Join(root, "content/refs.bib"), []byte(strings.Replace(testBib, "kaplan2020", "kaplan2020a", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = s.Reload([]string{"content/refs.bib"})
	if err == nil || !strings.Contains(err.Error(), `content/a.md:4:5: citation key "kaplan2020" is not in "content/refs.bib" — did you mean "kaplan2020a"?`) {
		t.Fatalf("reload after the key changed: %v", err)
	}
	if err := os.WriteFile(filepath.Join(root, "content/refs.bib"), []byte(strings.Replace(testBib, "Scaling Laws", "Scaling laws", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := s.Reload([]string{"content/refs.bib"})
	if err != nil {
		t.Fatal(err)
	}
	if got := body(t, n, "content/a.md").References[0].Fields["title"]; got != "Scaling laws for Neural Language Models" {
		t.Errorf("title after reload = %q", got)
	}
	if page(t, n, "content/b.md") != b.Page {
		t.Errorf("a page that cites nothing was loaded again")
	}
}

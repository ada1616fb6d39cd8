package bibtex

import (
	"reflect"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Scaling Laws for {Neural} Language Models", "Scaling Laws for Neural Language Models"},
		{`M{\"u}ller`, "Müller"},
		{`M\"{u}ller`, "Müller"},
		{`M\"uller`, "Müller"},
		{`Ren{\'e}e`, "Renée"},
		{`Ren\'{e}e`, "Renée"},
		{`\'{\i}`, "í"},
		{"{\\`a} la carte", "à la carte"},
		{`\^{o}`, "ô"},
		{`Se\~{n}or`, "Señor"},
		{`{\v{C}}apek`, "Čapek"},
		{`\v c`, "č"},
		{`Erd\H{o}s`, "Erdős"},
		{`Fran\c{c}ois`, "François"},
		{`{\c c}`, "ç"},
		{`\k{a}`, "ą"},
		{`{\r a}ngstr{\"o}m`, "ångström"},
		{`\={a}\.{z}\u{g}`, "āżğ"},
		{`Stra{\ss}e`, "Straße"},
		{`{\o}ystein {\AA}se {\l}ukasz`, "øystein Åse łukasz"},
		{`{\ae}on {\OE}uvre`, "æon Œuvre"},
		{`AT\&T 50\% \$5 \#1 snake\_case`, "AT&T 50% $5 #1 snake_case"},
		{"pages 1--10, and---then", "pages 1–10, and—then"},
		{"``quoted'' and `single'", "“quoted” and ‘single’"},
		{"Dr.~Who", "Dr.\u00a0Who"},
		{"multi\n   line\tvalue", "multi line value"},
		{`$\alpha$-scaling with $10^{23}$ FLOPs and $x_2$`, "α-scaling with 10²³ FLOPs and x₂"},
		{`$N^{0.076}$`, "N^0.076"},
		{`\emph{Deep} \textbf{learning}`, "Deep learning"},
		{`\href{https://x.org}{the site}`, "the site"},
		{`\url{https://x.org}`, "https://x.org"},
		{`The \LaTeX\ Companion`, "The LaTeX Companion"},
		{`\unknowncommand{kept}`, "kept"},
		{`trailing \`, "trailing"},
		{`\"`, "\u0308"},
		{`{{{nested}}}`, "nested"},
		{`unbalanced } and {`, "unbalanced and"},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseNames(t *testing.T) {
	tests := []struct {
		in   string
		want []Name
		etAl bool
	}{
		{"Jared Kaplan and Sam McCandlish", []Name{{First: "Jared", Last: "Kaplan"}, {First: "Sam", Last: "McCandlish"}}, false},
		{"Hoffmann, Jordan and Borgeaud, Sebastian and others", []Name{{First: "Jordan", Last: "Hoffmann"}, {First: "Sebastian", Last: "Borgeaud"}}, true},
		{"Ludwig van Beethoven", []Name{{First: "Ludwig", Von: "van", Last: "Beethoven"}}, false},
		{"van der Waals, Johannes Diderik", []Name{{First: "Johannes Diderik", Von: "van der", Last: "Waals"}}, false},
		{"Ford, Jr., Henry", []Name{{First: "Henry", Last: "Ford", Jr: "Jr."}}, false},
		{"{OpenAI}", []Name{{Last: "OpenAI"}}, false},
		{"{Google DeepMind} and {Barnes and Noble}", []Name{{Last: "Google DeepMind"}, {Last: "Barnes and Noble"}}, false},
		{`Kurt G{\"o}del AND Paul Erd{\H{o}}s`, []Name{{First: "Kurt", Last: "Gödel"}, {First: "Paul", Last: "Erdős"}}, false},
		{"Alexander Andersen and Sandra Anderson", []Name{{First: "Alexander", Last: "Andersen"}, {First: "Sandra", Last: "Anderson"}}, false},
		{"Plato", []Name{{Last: "Plato"}}, false},
		{"Jean~de~La~Fontaine", []Name{{First: "Jean", Von: "de", Last: "La Fontaine"}}, false},
		{"  and  ", nil, false},
	}
	for _, tt := range tests {
		got, etAl := ParseNames(tt.in)
		if !reflect.DeepEqual(got, tt.want) || etAl != tt.etAl {
			t.Errorf("ParseNames(%q) = %+v, %v; want %+v, %v", tt.in, got, etAl, tt.want, tt.etAl)
		}
	}
}

func TestNameForms(t *testing.T) {
	n := Name{First: "Johannes", Von: "van der", Last: "Waals", Jr: "Jr."}
	if got, want := n.Family(), "van der Waals"; got != want {
		t.Errorf("Family() = %q, want %q", got, want)
	}
	if got, want := n.Full(), "Johannes van der Waals, Jr."; got != want {
		t.Errorf("Full() = %q, want %q", got, want)
	}
}

func TestEntryFields(t *testing.T) {
	f, err := Parse([]byte(`
@article{a,
  author = {Kaplan, Jared},
  title = {Scaling Laws},
  journal = {Nature},
  volume = 521, number = 7553, pages = {436--444},
  doi = {https://doi.org/10.1038/nature14539},
  date = {2015-05-27},
}
@misc{b,
  editor = {Mensch, Arthur},
  eprint = {2203.15556}, archivePrefix = {arXiv},
  url = {https://arxiv.org/abs/2203.15556},
  howpublished = {\url{https://example.org}},
  publisher = {Self},
}
@misc{c, url = {javascript:alert(1)}, doi = {not a doi}, eprint = {x y}, eprinttype = {arxiv}, pages = {7}}
`), "refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := f.Lookup("a"), f.Lookup("b"), f.Lookup("c")
	check := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %q, want %q", what, got, want)
		}
	}
	check("a.Year", a.Year(), "2015")
	check("a.Venue", a.Venue(), "Nature 521(7553): 436–444")
	check("a.DOI", a.DOI(), "10.1038/nature14539")
	check("b.ArXiv", b.ArXiv(), "2203.15556")
	check("b.URL", b.URL(), "https://arxiv.org/abs/2203.15556")
	check("b.Venue", b.Venue(), "Self")
	check("b.Year", b.Year(), "")
	check("c.URL", c.URL(), "")
	check("c.DOI", c.DOI(), "")
	check("c.ArXiv", c.ArXiv(), "")
	check("c.Venue", c.Venue(), "")
	names, _, editors := b.Authors()
	if len(names) != 1 || names[0].Last != "Mensch" || !editors {
		t.Errorf("b.Authors() = %+v, editors %v; want Mensch as editor", names, editors)
	}
	if names, _, _ := c.Authors(); names != nil {
		t.Errorf("c.Authors() = %+v, want none", names)
	}
}

package chart

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTeXNowhereInExports: the chart of the TeX gallery page, whose text is
// written in TeX, carries plain Unicode in every export the chart package
// writes: the option (axis names, legend entries, tooltips' series names;
// its title and subtitle typeset, as KaTeX's markup), the alt text, the
// CSV file and the data tables.
func TestTeXNowhereInExports(t *testing.T) {
	s := loadDemo(t)
	var found bool
	for _, p := range s.Pages {
		if p.Slug != "gallery/kaplan-tex-titles" {
			continue
		}
		found = true
		c := s.Body(p).Charts[0]
		alt := AltText(c)
		texts := map[string][]string{"alt text": {alt}, "CSV": {string(CSV(c))}}
		tables, _, _ := Tables(c)
		for _, tb := range tables {
			texts["table"] = append(texts["table"], tb.Caption, strings.Join(tb.Columns, "|"), string(tb.Body))
		}
		b, err := json.Marshal(Option(c))
		if err != nil {
			t.Fatal(err)
		}
		var opt any
		if err := json.Unmarshal(b, &opt); err != nil {
			t.Fatal(err)
		}
		// the title and subtitle are typeset (issue 34): KaTeX's markup,
		// whose MathML keeps the TeX for screen readers, drawn as such
		meta, _ := opt.(map[string]any)["scalesite"].(map[string]any)
		if meta["texTitle"] == nil || meta["texSubtitle"] == nil {
			t.Errorf("the option's title and subtitle are not typeset: %v", meta)
		}
		delete(meta, "texTitle")
		delete(meta, "texSubtitle")
		texts["option"] = jsonStrings(opt, nil)
		for what, list := range texts {
			for _, s := range list {
				if strings.ContainsAny(s, `$\`) {
					t.Errorf("%s holds TeX: %.200q", what, s)
				}
			}
		}
		for _, w := range []string{"Test loss L against parameters N", "α_N = 0.076", "Parameters N"} {
			if !strings.Contains(alt, w) {
				t.Errorf("alt text %q lacks %q", alt, w)
			}
		}
		if csv := string(CSV(c)); !strings.Contains(csv, "L(N) runs, generated from α_N = 0.076") {
			t.Errorf("CSV lacks the series name in Unicode:\n%.300s", csv)
		}
	}
	if !found {
		t.Fatal("no gallery page kaplan-tex-titles")
	}
}

// jsonStrings lists every string in a decoded JSON value.
func jsonStrings(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, e := range x {
			out = jsonStrings(e, out)
		}
	case map[string]any:
		for _, e := range x {
			out = jsonStrings(e, out)
		}
	}
	return out
}

// TestTeXInColumnNames: columns named in TeX name the CSV file's columns
// and the axes (which have no title) as plain text.
func TestTeXInColumnNames(t *testing.T) {
	c, opt := specOption(t, "data: |\n  run,$\\alpha$,$L_{0}$\n  a,1,2\n  a,2,3\nx: '$\\alpha$'\ny: '$L_{0}$'\nseries: run\n")
	header, _, _ := strings.Cut(string(CSV(c)), "\n")
	if header != "run,α,L₀" {
		t.Errorf("CSV header %q, want run,α,L₀", header)
	}
	for _, s := range jsonStrings(opt, nil) {
		if strings.ContainsAny(s, `$\`) {
			t.Errorf("option holds TeX: %q", s)
		}
	}
}

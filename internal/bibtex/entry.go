package bibtex

import (
	"net/url"
	"strings"
	"unicode"
)

// Text returns a field's value as plain text (see the function Text), or
// "" when the entry has no such field.
func (e *Entry) Text(field string) string { return Text(e.Fields[field]) }

// Authors returns the entry's authors, or, when it has none, its editors
// (editors is then true). etAl reports a list that ends in "and others".
func (e *Entry) Authors() (names []Name, etAl, editors bool) {
	if v := e.Fields["author"]; strings.TrimSpace(v) != "" {
		names, etAl = ParseNames(v)
		return names, etAl, false
	}
	if v := e.Fields["editor"]; strings.TrimSpace(v) != "" {
		names, etAl = ParseNames(v)
		return names, etAl, true
	}
	return nil, false, false
}

// Year is the year of the entry: its year field, or the year its date
// field (biblatex's) starts with; "" when it has neither.
func (e *Entry) Year() string {
	if y := e.Text("year"); y != "" {
		return y
	}
	d := e.Text("date")
	i := 0
	for i < len(d) && i < 4 && '0' <= d[i] && d[i] <= '9' {
		i++
	}
	if i == 4 {
		return d[:4]
	}
	return ""
}

// Venue is where the work appeared: the journal (with volume, number and
// pages), the proceedings, or for reports, theses and books the
// institution, school or publisher; "" when the entry names none.
func (e *Entry) Venue() string {
	for _, f := range []string{"journal", "journaltitle", "booktitle"} {
		if v := e.Text(f); v != "" {
			return v + e.volume()
		}
	}
	var parts []string
	for _, f := range []string{"howpublished", "institution", "school", "organization", "publisher"} {
		if v := e.Text(f); v != "" && !isURL(v) {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ", ")
}

// volume is " 35(2): 1–12" for the volume, number and pages the entry
// has, or ", 1–12" for pages alone.
func (e *Entry) volume() string {
	s := e.Text("volume")
	if n := e.Text("number"); n != "" {
		if s != "" {
			s += "(" + n + ")"
		} else {
			s = "no. " + n
		}
	}
	p := e.Text("pages")
	for strings.Contains(p, "-") {
		p = strings.ReplaceAll(strings.ReplaceAll(p, "--", "-"), "-", "–")
	}
	switch {
	case p == "" && s == "":
		return ""
	case p == "":
		return " " + s
	case s == "":
		return ", " + p
	}
	return " " + s + ": " + p
}

// DOI is the entry's DOI without a resolver in front ("10.1000/xyz"), or "".
func (e *Entry) DOI() string {
	d := strings.TrimSpace(e.Fields["doi"])
	for _, prefix := range []string{"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"} {
		if len(d) >= len(prefix) && strings.EqualFold(d[:len(prefix)], prefix) {
			d = d[len(prefix):]
			break
		}
	}
	if !strings.HasPrefix(d, "10.") || strings.ContainsFunc(d, unicode.IsSpace) {
		return ""
	}
	return d
}

// ArXiv is the entry's arXiv identifier ("2203.15556"), from an eprint
// field with archiveprefix or eprinttype arXiv, or "".
func (e *Entry) ArXiv() string {
	kind := strings.ToLower(e.Text("archiveprefix") + e.Text("eprinttype"))
	id := strings.TrimSpace(e.Text("eprint"))
	if kind != "arxiv" || id == "" || strings.ContainsFunc(id, func(r rune) bool {
		return unicode.IsSpace(r) || r == '?' || r == '#' || r == '"' || r == '<' || r == '>'
	}) {
		return ""
	}
	return strings.TrimPrefix(strings.TrimPrefix(id, "arXiv:"), "arxiv:")
}

// URL is the entry's url field when it is an http or https address, or "".
func (e *Entry) URL() string {
	u := strings.TrimSpace(e.Fields["url"])
	u = strings.TrimPrefix(strings.TrimSuffix(u, "}"), `\url{`)
	if !isURL(u) {
		return ""
	}
	return u
}

// isURL reports whether s is an absolute http or https address.
func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsFunc(s, unicode.IsSpace)
}

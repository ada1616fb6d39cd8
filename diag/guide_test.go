package diag

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the format guide's list of warnings from Warnings")

// guide is the format guide's page that lists every warning.
const guide = "../content/format/errors/index.md"

// guideHeader starts the guide's table of warnings; a blank line ends it.
const guideHeader = "| Warning | What to do |\n|---|---|\n"

// guideTable is the guide's table of warnings, made from Warnings: the one
// list of them.
func guideTable() string {
	var b strings.Builder
	b.WriteString(guideHeader)
	for _, w := range Warnings() {
		b.WriteString("| `" + w.Name + "` | " + strings.ToUpper(w.Do[:1]) + w.Do[1:] + ". |\n")
	}
	return b.String()
}

// TestGuideListsWarnings checks that the format guide lists every warning,
// and no other, with what to do about it, as Warnings has them (-update
// rewrites the guide's table).
func TestGuideListsWarnings(t *testing.T) {
	b, err := os.ReadFile(guide)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	start := strings.Index(page, guideHeader)
	if start < 0 {
		t.Fatalf("%s has no table of warnings starting %q", guide, guideHeader)
	}
	end := strings.Index(page[start:], "\n\n")
	if end < 0 {
		t.Fatalf("%s: the table of warnings has no blank line after it", guide)
	}
	end += start + 1
	want := guideTable()
	if got := page[start:end]; got != want {
		if *update {
			if err := os.WriteFile(guide, []byte(page[:start]+want+page[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s lists the warnings as\n%s\nwant (go test ./diag -run TestGuideListsWarnings -update):\n%s", guide, got, want)
	}
}

// TestWarningNames checks the names: kebab-case, each once, each with
// what to do.
func TestWarningNames(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range Warnings() {
		if seen[w.Name] {
			t.Errorf("two warnings are named %q", w.Name)
		}
		seen[w.Name] = true
		for _, r := range w.Name {
			if !('a' <= r && r <= 'z' || r == '-') {
				t.Errorf("warning name %q is not kebab-case", w.Name)
				break
			}
		}
		if w.Do == "" || strings.HasSuffix(w.Do, ".") || strings.Contains(w.Do, "|") {
			t.Errorf("warning %q: what to do %q must be a phrase without a full stop or a |", w.Name, w.Do)
		}
	}
}

func TestUnknownQuiet(t *testing.T) {
	tests := []struct{ name, want string }{
		{"crowded-labels", ""},
		{"crowded-label", `a.md:3:9: quiet names "crowded-label", which is not the name of a warning — did you mean "crowded-labels"?`},
		{"everything", `a.md:3:9: quiet names "everything", which is not the name of a warning (the names are listed in the format guide, and with every warning check prints)`},
	}
	for _, tc := range tests {
		err := UnknownQuiet(tc.name, Pos{File: "a.md", Line: 3, Col: 9})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("UnknownQuiet(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestQuietAndLabelled(t *testing.T) {
	l := List{
		Warnf(CrowdedLabels, Pos{File: "a.md", Line: 5}, "crowded"),
		Errorf(Pos{File: "a.md", Line: 6}, "an error"),
		Warnf(HeavyPage, Pos{File: "a.md", Line: 1}, "heavy"),
	}
	got := l.Quiet([]string{"crowded-labels"})
	if len(got) != 2 || got[0].Name != "" || got[1].Name != "heavy-page" || len(l) != 3 {
		t.Errorf("Quiet(crowded-labels) = %v (the list itself %v)", got, l)
	}
	if s := l[0].Warning(); s != "warning[crowded-labels]: a.md:5: crowded" {
		t.Errorf("Warning() = %q", s)
	}
	if s := l[2].Labelled("error"); s != "error[heavy-page]: a.md:1: heavy" {
		t.Errorf("Labelled(error) = %q", s)
	}
	if s := l[1].Warning(); s != "warning: a.md:6: an error" {
		t.Errorf("Warning() of a nameless problem = %q", s)
	}
}

package plaintex

import (
	"slices"
	"testing"
)

// TestLinear holds the linear forms Linear writes for valid TeX that
// Unicode has no characters for, and the one note each construct gets.
func TestLinear(t *testing.T) {
	tests := []struct {
		in, want string
		notes    []Note
	}{
		{`Loss $L(N)$ falls as $N^{-\alpha_N}$`, "Loss L(N) falls as N^(−α_N)", []Note{{Offset: 23, TeX: `^{-\alpha_N}`, Form: "^(−α_N)"}}},
		{`$\alpha_N$`, "α_N", []Note{{Offset: 7, TeX: "_N", Form: "_N"}}},
		{`$C^{0.5}$`, "C⁰·⁵", nil},
		{`$N_{opt}$`, "Nₒₚₜ", nil},
		{`$\frac{a}{b}$`, "a/b", []Note{{Offset: 1, TeX: `\frac{a}{b}`, Form: "a/b"}}},
		{`$\frac{a+b}{2}$`, "(a+b)/2", []Note{{Offset: 1, TeX: `\frac{a+b}{2}`, Form: "(a+b)/2"}}},
		{`$\frac{C}{C_0}$`, "C/C₀", []Note{{Offset: 1, TeX: `\frac{C}{C_0}`, Form: "C/C₀"}}},
		{`$\sqrt{N}$`, "√N", []Note{{Offset: 1, TeX: `\sqrt{N}`, Form: "√N"}}},
		{`$\sqrt[3]{x+1}$`, "³√(x+1)", []Note{{Offset: 1, TeX: `\sqrt[3]{x+1}`, Form: "³√(x+1)"}}},
		{`$\hat{y}$`, "y\u0302", nil},
		{`$\mathcal{L}(\theta)$`, "ℒ(θ)", nil},
		{`$\mathbb{E}[L]$`, "𝔼[L]", nil},
		{`$x^{\frac{1}{2}}$`, "x^(1/2)", []Note{{Offset: 2, TeX: `^{\frac{1}{2}}`, Form: "^(1/2)"}}},
		{`$a \\ b$`, "a b", []Note{{Offset: 3, TeX: `\\ `, Form: " "}}},
	}
	for _, tt := range tests {
		got, notes, err := Linear(tt.in)
		if err != nil || got != tt.want || !slices.Equal(notes, tt.notes) {
			t.Errorf("Linear(%q) = %q, %+v, %v; want %q, %+v", tt.in, got, notes, err, tt.want, tt.notes)
		}
	}
	// Invalid TeX, and what plain text cannot stand for, stay errors.
	for _, in := range []string{`$\alpha_N`, `$x^{2$`, `$\foo$`, `$x^$`} {
		if got, _, err := Linear(in); err == nil {
			t.Errorf("Linear(%q) = %q, want an error", in, got)
		}
	}
}

// TestSplit holds Split to the formulas Convert reads.
func TestSplit(t *testing.T) {
	got, err := Split(`Loss $L(N)$ costs \$5 and $N^{-\alpha}$`)
	want := []Segment{{Text: "Loss ", Offset: 0}, {Text: "L(N)", Formula: true, Offset: 6}, {Text: " costs $5 and ", Offset: 11}, {Text: `N^{-\alpha}`, Formula: true, Offset: 27}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Split = %+v, %v; want %+v", got, err, want)
	}
	if got, err := Split("$5 and $10"); err != nil || len(got) != 1 || got[0].Formula {
		t.Errorf("Split of dollars = %+v, %v", got, err)
	}
}

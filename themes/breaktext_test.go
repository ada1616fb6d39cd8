package themes

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestBreakText: breaktext.js breakText, the line breaking of chart titles,
// subtitles and legend entries (chartlayout.js), never leaves a
// superscript or subscript at the start of a line, away from the letter
// it belongs to, nor splits a number; it breaks at spaces, keeps every
// line within the width where a break allows it, and loses no character.
func TestBreakText(t *testing.T) {
	type tcase struct {
		Kind   string  `json:"kind"`
		Text   string  `json:"text"`
		Width  float64 `json:"width"`
		CharPx float64 `json:"charPx"`
	}
	tests := []struct {
		name  string
		text  string
		chars int // the width, in characters of 6 px
		want  []string
	}{
		{"fits: one line", "Loss vs. compute", 40, []string{"Loss vs. compute"}},
		{"at spaces", "Compute-optimal allocation, Chinchilla Approach 1", 20,
			[]string{"Compute-optimal", "allocation,", "Chinchilla Approach", "1"}},
		// ECharts broke "a power law a · Cᵇ fitted" between C and ᵇ at 375 px
		{"a superscript stays with its letter", "a power law a · Cᵇ fitted in each panel", 17,
			[]string{"a power law a ·", "Cᵇ fitted in each", "panel"}},
		{"a word wider than a line is split, not before its scripts", "Nₒₚₜ=0.0992·C⁰·⁵", 6,
			[]string{"Nₒₚₜ=", "0.0992", "·C⁰·⁵"}},
		{"a subscript word is not split after its base", "Dₒₚₜ", 2, []string{"Dₒₚₜ"}},
		{"scripts go with their base past the width", "abcdeCᵇ", 6, []string{"abcde", "Cᵇ"}},
		{"a split before the base, not between base and script", "abcdeᵇfgh", 5, []string{"abcd", "eᵇfgh"}},
		{"a word of scripts alone is drawn past the width", "xᵇᶜᵈᵉ fits", 4, []string{"xᵇᶜᵈᵉ", "fits"}},
		{"a scripted decimal stays whole", "aaaaC⁰·⁵", 6, []string{"aaaa", "C⁰·⁵"}},
		{"a number is not split where a break fits", "x=0.0992", 6, []string{"x=", "0.0992"}},
		{"a number wider than a line is split where it must", "123456789", 4, []string{"1234", "5678", "9"}},
		{"a legend entry with a fit", "Parameters fit: Nₒₚₜ = 0.0992 · C⁰·⁵ (R² > 0.999)", 30,
			[]string{"Parameters fit: Nₒₚₜ = 0.0992", "· C⁰·⁵ (R² > 0.999)"}},
		{"a no-break space holds", "GPT-3\u00a0175B and PaLM\u00a0540B", 12, []string{"GPT-3\u00a0175B", "and", "PaLM\u00a0540B"}},
		{"newlines are kept", "Loss\nby compute", 40, []string{"Loss", "by compute"}},
		{"empty", "", 10, []string{}},
	}
	cases := make([]tcase, len(tests))
	for i, tt := range tests {
		cases[i] = tcase{Kind: "breakText", Text: tt.text, Width: float64(tt.chars * 6), CharPx: 6}
	}
	got := harness(t, cases, len(cases))
	for i, tt := range tests {
		var lines []string
		if err := json.Unmarshal([]byte(got[i]), &lines); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !slices.Equal(lines, tt.want) {
			t.Errorf("%s: breakText(%q, %d chars) = %q, want %q", tt.name, tt.text, tt.chars, lines, tt.want)
		}
		for _, l := range lines[min(1, len(lines)):] {
			if r, _ := utf8.DecodeRuneInString(l); strings.ContainsRune(scripts, r) {
				t.Errorf("%s: line %q starts with a script", tt.name, l)
			}
		}
	}
}

// scripts are superscript and subscript characters, as internal/plaintex
// writes them.
const scripts = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ᵇᶜᵈᵉₒₚₜ₀₁₂ᵢ"

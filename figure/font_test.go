package figure

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// TestMeasureMatchesChromium holds Measure to the widths Chromium's canvas
// measured for the strings of testdata/measure.json (recorded by
// go test ./e2e -run TestMeasureMatchesChromium -update-widths, which
// also checks them against a live Chromium).
func TestMeasureMatchesChromium(t *testing.T) {
	data, err := os.ReadFile("testdata/measure.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text     string  `json:"text"`
		Size     float64 `json:"size"`
		Weight   int     `json:"weight"`
		Chromium float64 `json:"chromium"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for _, c := range cases {
		got := Measure(c.Text, c.Size, c.Weight)
		d := math.Abs(got - c.Chromium)
		worst = max(worst, d)
		// Chromium's widths are recorded to 0.001 px; Measure agrees to
		// that on every string so far: a looser bound would hide a
		// difference in shaping.
		if d > 0.01 {
			t.Errorf("Measure(%q, %g, %d) = %.3f, Chromium %.3f", c.Text, c.Size, c.Weight, got, c.Chromium)
		}
	}
	t.Logf("%d strings, within %.4f px of Chromium", len(cases), worst)
}

// TestMeasureFastMatchesShaping checks the fast path (cached advances and
// kerning pairs) against full shaping on random strings of the runes it
// takes, in both faces.
func TestMeasureFastMatchesShaping(t *testing.T) {
	for _, weight := range []int{400, 700} {
		f := faceFor(weight)
		var pool []rune
		for r := rune(0); r < denseRunes; r++ {
			if f.class[r] >= runeCommon {
				pool = append(pool, r)
			}
		}
		rng := rand.New(rand.NewPCG(1, uint64(weight)))
		n := 3000
		if testing.Short() {
			n = 300
		}
		fastOnes := 0
		for range n {
			rs := make([]rune, 1+rng.IntN(12))
			for i := range rs {
				if rng.IntN(3) == 0 {
					rs[i] = rune(0x20 + rng.IntN(0x5f)) // ASCII often, for its pairs
				} else {
					rs[i] = pool[rng.IntN(len(pool))]
				}
			}
			s := string(rs)
			w, ok := f.fast(s)
			if !ok {
				continue
			}
			fastOnes++
			f.mu.Lock()
			want := f.shape(s)
			f.mu.Unlock()
			if w != want {
				t.Errorf("weight %d: %q (%U): fast path %d units, shaped %d", weight, s, rs, w, want)
			}
		}
		if fastOnes < n/4 {
			t.Errorf("weight %d: only %d of %d strings took the fast path", weight, fastOnes, n)
		}
	}
}

func TestMeasureDoesNotAllocate(t *testing.T) {
	for _, s := range []string{"", "10⁻³", "GPT-3 175B", "Training compute (FLOP)", "λ = 0.3", "−0.25", "≈ 1.4T tokens", "office"} {
		Measure(s, 12, 400) // shaped once (office), then cached
		if n := testing.AllocsPerRun(100, func() { Measure(s, 12, 400); Measure(s, 13, 700) }); n != 0 {
			t.Errorf("Measure(%q) allocates %v times a call", s, n)
		}
	}
}

func TestMeasureEdges(t *testing.T) {
	if w := Measure("", 12, 400); w != 0 {
		t.Errorf("empty string: %g", w)
	}
	if Measure("ABC", 24, 400) != 2*Measure("ABC", 12, 400) {
		t.Error("width not proportional to size")
	}
	if Measure("ABC", 12, 600) != Measure("ABC", 12, 700) || Measure("ABC", 12, 500) != Measure("ABC", 12, 400) {
		t.Error("600 and up should be Bold, below Book")
	}
	// Invalid UTF-8, controls, runes outside the font, a CJK run: measured
	// without a panic, every one at least as wide as nothing.
	for _, s := range []string{"\xff\xfe", "a\x00b\tc", "日本語", "\U0001F600 ok", "e\u0301", "\u202eabc"} {
		if w := Measure(s, 12, 400); w < 0 || math.IsNaN(w) {
			t.Errorf("Measure(%q) = %g", s, w)
		}
	}
	if a, d := Ascent(16, 400), Descent(16, 400); math.Abs(a-14.85) > 0.01 || math.Abs(d-3.77) > 0.01 {
		t.Errorf("ascent, descent at 16 px: %g, %g", a, d)
	}
}

func BenchmarkMeasure(b *testing.B) {
	labels := []string{"10⁻³", "GPT-3 175B", "Training compute (FLOP)", "0.25", "1,000", "Chinchilla (70B)", "λ = 0.3", "Parameters"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Measure(labels[i%len(labels)], 12, 400)
	}
}

func TestParseFont(t *testing.T) {
	for _, c := range []struct {
		font   string
		size   float64
		weight int
	}{
		{"12px sans-serif", 12, 400},
		{"bold 13px sans-serif", 13, 700},
		{"600 12px DejaVu Sans", 12, 600},
		{"italic normal 400 16px/1.2 serif", 16, 400},
		{"normal bolder 9pt Arial", 12, 700},
		{" 13.5px  'DejaVu Sans'", 13.5, 400},
		{"", 12, 400},
		{"garbage", 12, 400},
		{"bold 1e999px x", 12, 700},
		{"100 .5em x", 8, 100},
	} {
		size, weight := ParseFont(c.font)
		if size != c.size || weight != c.weight {
			t.Errorf("ParseFont(%q) = %g, %d; want %g, %d", c.font, size, weight, c.size, c.weight)
		}
	}
	if MeasureFont("GPT-3", "bold 13px sans-serif") != Measure("GPT-3", 13, 700) {
		t.Error("MeasureFont differs from Measure")
	}
	if n := testing.AllocsPerRun(100, func() { MeasureFont("GPT-3 175B", "600 13px sans-serif") }); n != 0 {
		t.Errorf("MeasureFont allocates %v times a call", n)
	}
}

// TestFontCoverage: both faces have a glyph for every character chart
// text is expected to hold (a subset of the font must keep them).
func TestFontCoverage(t *testing.T) {
	var want []rune
	for r := rune(0x20); r < 0x7f; r++ { // ASCII
		want = append(want, r)
	}
	for r := rune(0xa0); r <= 0xff; r++ { // Latin-1
		want = append(want, r)
	}
	for r := rune(0x391); r <= 0x3c9; r++ { // Greek
		if r != 0x3a2 { // unassigned
			want = append(want, r)
		}
	}
	want = append(want, []rune("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎−×÷≈≤≥±·…–—‘’“”•′″‰→←↑↓↔⇒⇐∞√∑∏∫∂∆∇∈≠≡∝°µ€£¥")...)
	for _, w := range []int{400, 700} {
		f := faceFor(w)
		var missing []string
		for _, r := range want {
			if r >= denseRunes || f.glyph[r] == 0 {
				missing = append(missing, fmt.Sprintf("%c (%U)", r, r))
			}
		}
		if len(missing) > 0 {
			t.Errorf("weight %d: no glyph for %v", w, missing)
		}
	}
}

// TestMeasureLigatures: the web faces the pages draw with have no
// ligatures, so text a ligature of the whole font would join (fi, fl, ff)
// is measured from the tables like any other, the same width as shaped in
// full with ligatures off, and wider than the ligatures would make it.
func TestMeasureLigatures(t *testing.T) {
	f := faceFor(400)
	for _, text := range []string{"fit", "offset", "fluff", "of", "f(x)", "half-life", "if f"} {
		w, ok := f.fast(text)
		if !ok {
			t.Errorf("%q: not measured from the tables", text)
			continue
		}
		f.mu.Lock()
		want := f.shape(text)
		f.mu.Unlock()
		if w != want {
			t.Errorf("%q: fast path %d units, shaped %d", text, w, want)
		}
	}
	if got, parts := Measure("fi", 12, 400), Measure("f", 12, 400)+Measure("i", 12, 400); got != parts {
		t.Errorf(`Measure("fi") = %.3f, want f and i side by side, %.3f`, got, parts)
	}
}

// Ascent and Descent return the chart font's ascent and descent (both
// positive) in px at size: the hhea metrics browsers place a line of text by.
func Ascent(size float64, weight int) float64 {
	f := faceFor(weight)
	return f.ascent * size / f.upem
}

// Descent: see Ascent.
func Descent(size float64, weight int) float64 {
	f := faceFor(weight)
	return f.descent * size / f.upem
}

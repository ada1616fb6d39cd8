package table

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestNumber(t *testing.T) {
	tests := []struct {
		cell    string
		v       float64
		missing bool
		ok      bool
	}{
		{"12", 12, false, true},
		{"-3.5", -3.5, false, true},
		{"+3.5", 3.5, false, true},
		{".5", 0.5, false, true},
		{"-.5", -0.5, false, true},
		{"5.", 5, false, true},
		{"0", 0, false, true},
		{"3.14e+23", 3.14e23, false, true},
		{"1E21", 1e21, false, true},
		{"2.5e-3", 2.5e-3, false, true},
		{"  71.2 ", 71.2, false, true},
		{"1e-400", 0, false, false}, // too small for a float64: it is not 0
		{"-2.5E-999", 0, false, false},
		{"0e-400", 0, false, true}, // 0 written with an exponent is 0
		{"0.000e-999", 0, false, true},
		{"1e-320", 1e-320, false, true}, // subnormal, but not 0

		{"", 0, true, true},
		{"   ", 0, true, true},
		{"NA", 0, true, true},
		{"na", 0, true, true},
		{"N/A", 0, true, true},
		{"n/a", 0, true, true},
		{"null", 0, true, true},
		{"NULL", 0, true, true},
		{"NaN", 0, true, true},
		{"nan", 0, true, true},

		{"12%", 0, false, false},
		{"abc", 0, false, false},
		{"inf", 0, false, false},
		{"Infinity", 0, false, false},
		{"0x10", 0, false, false},
		{"1_000", 0, false, false},
		{"1e", 0, false, false},
		{"1e+", 0, false, false},
		{"e5", 0, false, false},
		{".", 0, false, false},
		{"-", 0, false, false},
		{"+-1", 0, false, false},
		{"1.2.3", 0, false, false},
		{"1e400", 0, false, false}, // too large for a float64
		{"NAN!", 0, false, false},
		{"nana", 0, false, false},
	}
	for _, tt := range tests {
		v, missing, ok := Number(tt.cell)
		if missing != tt.missing || ok != tt.ok {
			t.Errorf("Number(%q): missing, ok = %v, %v; want %v, %v", tt.cell, missing, ok, tt.missing, tt.ok)
			continue
		}
		switch {
		case missing:
			if !math.IsNaN(v) {
				t.Errorf("Number(%q) = %v, want NaN for a missing value", tt.cell, v)
			}
		case v != tt.v:
			t.Errorf("Number(%q) = %v, want %v", tt.cell, v, tt.v)
		}
	}
}

func TestHint(t *testing.T) {
	tests := []struct{ cell, want string }{
		{"12", ""},
		{"NA", ""},
		{"", ""},
		{"1,000", ""},
		{"-1,234,567.89", ""},
		{"1 000", "write 1000; the only thousands separator read is a comma between groups of three digits"},
		{"1'000'000", "write 1000000; the only thousands separator read is a comma between groups of three digits"},
		{"1.000.000", "write 1000000; the only thousands separator read is a comma between groups of three digits"},
		{"1,00,000", `"1,00,000" is not a number`},
		{"3,5", "use a point, not a comma, for decimals; write 3.5"},
		{"1234,5", "use a point, not a comma, for decimals; write 1234.5"},
		{"1.000,5", "numbers use a point for decimals and no thousands separators; write 1000.5"},
		{"45%", "write 45 and set format: percent on the axis"},
		{"45.5 %", "write 45.5 and set format: percent on the axis"},
		{"1.2B", ""},
		{"130M", ""},
		{"7k", ""},
		{"0K", ""},
		{"-0.5 bn", "write -0.5B or -5e8"},
		{"3 trillion", "write 3T or 3e12"},
		{"70m", `a lower-case m is milli (10⁻³) in SI units but million in many tables, so "70m" is ambiguous; write 70M for 70 million, or 7e-2 for 70 thousandths`},
		{"7b", "write 7B (a capital B means billion; b can mean bits)"},
		{"1.5 B", "write 1.5B with no space before the B"},
		{"2 G", "write 2G with no space before the G"},
		{"5P", "write 5e15"},
		{"1e400B", `"1e400B" is too large: the largest number allowed is about 1.8e308`},
		{"9e307k", `"9e307k" is too large: the largest number allowed is about 1.8e308`},
		{"2e3M", "write 2e9; a suffix like M cannot follow an exponent"},
		{"1.5e-3k", "write 1.5; a suffix like k cannot follow an exponent"},
		{"3.14×10^23", "write 3.14e23"},
		{"3.14 x 10²³", "write 3.14e23"},
		{`2.5\times10^{-3}`, "write 2.5e-3"},
		{"10^21", "write 1e21"},
		{"10⁻⁵", "write 1e-5"},
		{"inf", "infinite values are not allowed; leave the cell blank or write NA to leave the point out"},
		{"-Infinity", "infinite values are not allowed; leave the cell blank or write NA to leave the point out"},
		{"∞", "infinite values are not allowed; leave the cell blank or write NA to leave the point out"},
		{"1e400", `"1e400" is too large: the largest number allowed is about 1.8e308`},
		{"1e-400", `"1e-400" is too small: the smallest number above 0 allowed is about 5e-324; write 0 if the value is zero`},
		{"1e-400M", `"1e-400M" is too small: the smallest number above 0 allowed is about 5e-324; write 0 if the value is zero`},
		{"10^-400", `"10^-400" is too small: the smallest number above 0 allowed is about 5e-324; write 0 if the value is zero`},
		{"12 ms\x1b[2J", `write the number alone, 12, and give the axis its unit (unit: ...)`},
		{strings.Repeat("1", 1<<20) + " FLOPs", `"` + strings.Repeat("1", 60) + `…" is not a number`},
		{"−3.5", "use a plain minus sign (-); write -3.5"},
		{"1e−5", "use a plain minus sign (-); write 1e-5"},
		{"-", `"-" is not a number: leave the cell blank or write NA for a missing value`},
		{"None", `"None" is not a number: leave the cell blank or write NA for a missing value`},
		{"#DIV/0!", `"#DIV/0!" is a spreadsheet error, not a number: fix the formula, or write NA for a missing value`},
		{"~12", `write the number alone, 12, without "~"`},
		{"< 0.1", `write the number alone, 0.1, without "<"`},
		{"$4.5", `write the number alone, 4.5, without "$"`},
		{"12.3 ± 0.4", "write the value alone, 12.3; an uncertainty needs a column of its own"},
		{"12.3+/-0.4", "write the value alone, 12.3; an uncertainty needs a column of its own"},
		{"'12'", "remove the quotes; write 12"},
		{"12ms", "write the number alone, 12, and set unit: ms on the axis"},
		{"3.5 GB", "write the number alone, 3.5, and set unit: GB on the axis"},
		{"1e21 FLOPs", "write the number alone, 1e21, and set unit: FLOPs on the axis"},
		{"abc", `"abc" is not a number`},
		{"0x1F", `"0x1F" is not a number`},
		{"1.2.3", `"1.2.3" is not a number`},
		{"a very long cell that goes on and on and on, and then on and on again", `"a very long cell that goes on and on and on, and then on and…" is not a number`},
	}
	for _, tt := range tests {
		if got := Hint(tt.cell); got != tt.want {
			t.Errorf("Hint(%q) = %s, want %s", tt.cell, got, tt.want)
		}
	}
}

// TestHintFixesParse checks that wherever Hint says "write X", X is a number.
func TestHintFixesParse(t *testing.T) {
	for _, cell := range []string{"1 000", "3,5", "1.000,5", "1.2 bn", "130 million", "0.05 K", "70m", "7b", "5P", "3.14×10^23", "10⁻⁵", "−3.5", "-1'234.5"} {
		h := Hint(cell)
		i := len("write ")
		for j := 0; j+i <= len(h); j++ {
			if h[j:j+i] == "write " {
				fix := h[j+i:]
				for k := 0; k < len(fix); k++ {
					if fix[k] == ';' || fix[k] == ' ' {
						fix = fix[:k]
						break
					}
				}
				if _, missing, ok := Number(fix); !ok || missing {
					t.Errorf("Hint(%q) = %s: %q is not a number", cell, h, fix)
				}
			}
		}
	}
}

// TestShortDecimal: the cells read without strconv give its very bits,
// and the others are left to it.
func TestShortDecimal(t *testing.T) {
	for _, cell := range []string{"0", "-0", "7", "123456", "2.3456", "-1.5", "0.1", "0.3", "999999999999999",
		"1.00000000000001", "-0.00000000000001", "123456789.012345", "00012.50"} {
		v, ok := shortDecimal(cell)
		want, err := strconv.ParseFloat(cell, 64)
		if !ok || err != nil || math.Float64bits(v) != math.Float64bits(want) {
			t.Errorf("shortDecimal(%q) = %v, %v; ParseFloat gives %v, %v", cell, v, ok, want, err)
		}
	}
	for _, cell := range []string{"", "-", ".5", "5.", "1e3", "+1", " 1", "1 ", "1,000", "1.2.3", "9007199254740993",
		"1234567890123456", "NaN", "0x10", "1_0"} {
		if _, ok := shortDecimal(cell); ok {
			t.Errorf("shortDecimal(%q) read it; it is for strconv", cell)
		}
	}
}

package table

import (
	"strings"
	"testing"
)

// TestWrittenNumbers: the spellings papers use read as the numbers they
// mean, exactly (1.4B is the float64 nearest 1.4e9, not 1.4 * 1e9), and the
// ambiguous ones are refused with a hint.
func TestWrittenNumbers(t *testing.T) {
	tests := []struct {
		cell string
		want float64
	}{
		{"95M", 95e6},
		{"2.9B", 2.9e9},
		{"1.5T", 1.5e12},
		{"7e9", 7e9},
		{"3.14E+23", 3.14e23},
		{"1,024", 1024},
		{"-1,234,567.89", -1234567.89},
		{"12,345.5", 12345.5},
		{"70M", 70e6},
		{"1.4B", 1.4e9},
		{"1.4G", 1.4e9},
		{"7k", 7e3},
		{"7K", 7e3},
		{".5k", 500},
		{"-2.5k", -2500},
		{"+3T", 3e12},
		{"0.1B", 1e8},
		{"175B", 175e9},
		{"  13B ", 13e9},
		{"0M", 0},
		{"123456789T", 123456789e12},
	}
	for _, tt := range tests {
		v, missing, ok := Number(tt.cell)
		if !ok || missing || v != tt.want {
			t.Errorf("Number(%q) = %v, missing %v, ok %v; want %v", tt.cell, v, missing, ok, tt.want)
		}
		if h := Hint(tt.cell); h != "" {
			t.Errorf("Hint(%q) = %q for a number", tt.cell, h)
		}
	}

	refused := []struct{ cell, hint string }{
		{"70m", "70M for 70 million"},          // milli or million: never guessed
		{"7b", "write 7B"},                     // bits
		{"3t", "set unit: t"},                  // tonnes
		{"5P", "write 5e15"},                   // peta is not a model size
		{"1.5 B", "with no space"},             // a space: could be a unit (bytes)
		{"1.5MB", "set unit: MB"},              // a unit, not a magnitude
		{"1,5", "use a point"},                 // a decimal comma
		{"1,00,000", "is not a number"},        // lakh grouping
		{"1,0000", "use a point"},              // groups of three only: a decimal comma
		{"10,000,00", "is not a number"},       //
		{"1 000", "write 1000"},                // only commas separate thousands
		{"1,000M", "is not a number"},          // one spelling at a time
		{"2e3M", "write 2e9"},                  // no suffix after an exponent
		{"B", "is not a number"},               // a suffix alone
		{"-k", "is not a number"},              //
		{"1.2 billion", "write 1.2B or 1.2e9"}, // words are not read
		{"1.2bn", "write 1.2B or 1.2e9"},       //
		{"1.2MM", "write 1.2M or 1.2e6"},       //
	}
	for _, tt := range refused {
		if _, _, ok := Number(tt.cell); ok {
			t.Errorf("Number(%q) is ok, want it refused", tt.cell)
			continue
		}
		if h := Hint(tt.cell); !strings.Contains(h, tt.hint) {
			t.Errorf("Hint(%q) = %q, want it to contain %q", tt.cell, h, tt.hint)
		}
	}
}

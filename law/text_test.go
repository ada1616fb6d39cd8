package law

import "testing"

func TestText(t *testing.T) {
	fitted := map[string]string{"E": "1.82", "A": "478", "B": "2.14×10³", "alpha": "0.35", "beta": "0.37", "c": "−0.5"}
	value := func(s string) (string, bool) { v, ok := fitted[s]; return v, ok }
	tests := []struct{ law, text, withValues string }{
		{chinchilla, "L = E + A/Nᵅ + B/Dᵝ", "L = 1.82 + 478/N⁰·³⁵ + 2.14×10³/D⁰·³⁷"},
		{kaplan, "L = ((N_c/N)^(α_N/α_D) + D_c/D)^(α_D)", ""},
		{"y = a * x^-b - c", "y = a · x⁻ᵇ − c", "y = a · x⁻ᵇ + 0.5"},
		{"y = c * x + c^2 + x^c", "y = c · x + c² + xᶜ", "y = −0.5 · x + (−0.5)² + x⁻⁰·⁵"},
		{"y = -x^2 + (-x)^2 - (a - b) - (-a) + -(a + b)", "y = −x² + (−x)² − (a − b) + a − (a + b)", ""},
		{"y = (a * b) * (c / d) / (e * f) / (g / h)", "y = a · b · c/d/(e · f)/(g/h)", ""},
		{"y = (a + b) * (c - d) ^ 2 * 2^(x + 1)", "y = (a + b) · (c − d)² · 2^(x + 1)", ""},
		{"y = exp(-k * (x - x_0)) + log(x) + log10(x) + log2(x) + sqrt(x) + sqrt(x + 1) + abs(x) + min(x, 1) + max(x, D_opt)",
			"y = exp(−k · (x − x₀)) + log(x) + log₁₀(x) + log₂(x) + √x + √(x + 1) + |x| + min(x, 1) + max(x, Dₒₚₜ)", ""},
		{"loss = 1e-3 * x^0.5 + 2.5E+10 + Gamma + alpha_beta + α", "loss = 1×10⁻³ · x⁰·⁵ + 2.5×10¹⁰ + Γ + αᵦ + α", ""},
		{"y = x^q * x^(a*b) * x^alpha_N * (x^a)^b", "y = x^q · x^(a · b) · x^(α_N) · (xᵃ)ᵇ", ""},
	}
	for _, tt := range tests {
		l, err := Parse(tt.law)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Text(nil); got != tt.text {
			t.Errorf("Text(%s)\n got %s\nwant %s", tt.law, got, tt.text)
		}
		if tt.withValues != "" {
			if got := l.Text(value); got != tt.withValues {
				t.Errorf("Text(%s) with values\n got %s\nwant %s", tt.law, got, tt.withValues)
			}
		}
	}
	e, _ := ParseExpr("beta / (alpha + beta)")
	if got, want := e.Text(nil), "β/(α + β)"; got != want {
		t.Errorf("Expr.Text = %s, want %s", got, want)
	}
}

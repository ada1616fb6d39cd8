package law

import "testing"

func TestText(t *testing.T) {
	fitted := map[string]string{"E": "1.82", "A": "478", "B": "2.14×10³", "alpha": "0.35", "beta": "0.37", "c": "−0.5"}
	value := func(s string) (string, bool) { v, ok := fitted[s]; return v, ok }
	texValue := func(s string) (string, bool) {
		v, ok := map[string]string{"E": "1.82", "B": `2.14 \times 10^{3}`, "alpha": "0.35", "c": "-0.5"}[s]
		return v, ok
	}
	tests := []struct {
		law              string
		text, tex        string
		withValues, texV string
	}{
		{chinchilla,
			"L = E + A/Nᵅ + B/Dᵝ", `L = E + \frac{A}{N^{\alpha}} + \frac{B}{D^{\beta}}`,
			"L = 1.82 + 478/N⁰·³⁵ + 2.14×10³/D⁰·³⁷", `L = 1.82 + \frac{A}{N^{0.35}} + \frac{2.14 \times 10^{3}}{D^{\beta}}`},
		{kaplan,
			"L = ((N_c/N)^(α_N/α_D) + D_c/D)^(α_D)", `L = \left(\left(\frac{N_{c}}{N}\right)^{\alpha_{N}/\alpha_{D}} + \frac{D_{c}}{D}\right)^{\alpha_{D}}`,
			"", ""},
		{"y = a * x^-b - c", "y = a · x⁻ᵇ − c", `y = a \cdot x^{-b} - c`,
			"y = a · x⁻ᵇ + 0.5", `y = a \cdot x^{-b} + 0.5`},
		{"y = c * x + c^2 + x^c", "y = c · x + c² + xᶜ", `y = c \cdot x + c^{2} + x^{c}`,
			"y = −0.5 · x + (−0.5)² + x⁻⁰·⁵", `y = -0.5 \cdot x + \left(-0.5\right)^{2} + x^{-0.5}`},
		{"y = -x^2 + (-x)^2 - (a - b) - (-a) + -(a + b)", "y = −x² + (−x)² − (a − b) + a − (a + b)", `y = -x^{2} + \left(-x\right)^{2} - \left(a - b\right) + a - \left(a + b\right)`, "", ""},
		{"y = (a * b) * (c / d) / (e * f) / (g / h)", "y = a · b · c/d/(e · f)/(g/h)", `y = \frac{\frac{a \cdot b \cdot \frac{c}{d}}{e \cdot f}}{\frac{g}{h}}`, "", ""},
		{"y = (a + b) * (c - d) ^ 2 * 2^(x + 1)", "y = (a + b) · (c − d)² · 2^(x + 1)", `y = \left(a + b\right) \cdot \left(c - d\right)^{2} \cdot 2^{x + 1}`, "", ""},
		{"y = exp(-k * (x - x_0)) + log(x) + log10(x) + log2(x) + sqrt(x) + sqrt(x + 1) + abs(x) + min(x, 1) + max(x, D_opt)",
			"y = exp(−k · (x − x₀)) + log(x) + log₁₀(x) + log₂(x) + √x + √(x + 1) + |x| + min(x, 1) + max(x, Dₒₚₜ)",
			`y = \exp\left(-k \cdot \left(x - x_{0}\right)\right) + \log\left(x\right) + \log_{10}\left(x\right) + \log_{2}\left(x\right) + \sqrt{x} + \sqrt{x + 1} + \left|x\right| + \min\left(x, 1\right) + \max\left(x, D_{\mathrm{opt}}\right)`, "", ""},
		{"loss = 1e-3 * x^0.5 + 2.5E+10 + Gamma + alpha_beta + α", "loss = 1×10⁻³ · x⁰·⁵ + 2.5×10¹⁰ + Γ + αᵦ + α", `\mathrm{loss} = 1 \times 10^{-3} \cdot x^{0.5} + 2.5 \times 10^{10} + \Gamma + \alpha_{\beta} + α`, "", ""},
		{"y = x^q * x^(a*b) * x^alpha_N * (x^a)^b", "y = x^q · x^(a · b) · x^(α_N) · (xᵃ)ᵇ", `y = x^{q} \cdot x^{a \cdot b} \cdot x^{\alpha_{N}} \cdot \left(x^{a}\right)^{b}`, "", ""},
	}
	for _, tt := range tests {
		l, err := Parse(tt.law)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Text(nil); got != tt.text {
			t.Errorf("Text(%s)\n got %s\nwant %s", tt.law, got, tt.text)
		}
		if got := l.TeX(nil); got != tt.tex {
			t.Errorf("TeX(%s)\n got %s\nwant %s", tt.law, got, tt.tex)
		}
		if tt.withValues != "" {
			if got := l.Text(value); got != tt.withValues {
				t.Errorf("Text(%s) with values\n got %s\nwant %s", tt.law, got, tt.withValues)
			}
		}
		if tt.texV != "" {
			if got := l.TeX(texValue); got != tt.texV {
				t.Errorf("TeX(%s) with values\n got %s\nwant %s", tt.law, got, tt.texV)
			}
		}
	}
	e, _ := ParseExpr("beta / (alpha + beta)")
	if got, want := e.Text(nil), "β/(α + β)"; got != want {
		t.Errorf("Expr.Text = %s, want %s", got, want)
	}
	if got, want := e.TeX(nil), `\frac{\beta}{\alpha + \beta}`; got != want {
		t.Errorf("Expr.TeX = %s, want %s", got, want)
	}
}

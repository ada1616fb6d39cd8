package chartspec

import (
	"strings"
	"testing"
)

// TestTeXInChartText: every key that holds chart text, and every series
// name written in the spec, comes out of the parser as plain Unicode.
func TestTeXInChartText(t *testing.T) {
	src := `data: runs.csv
title: "Loss $L(N)$ vs. parameters $N$"
subtitle: $L \propto N^{-\alpha_{\mathrm{N}}}$ is not drawn, $\alpha$ is
x: {field: params, title: "Parameters $N$ (non-embedding)", unit: $\mu$s}
y: {field: loss, title: 'Loss $L$ (nats), $\sigma \approx 0.01$'}
series: model
legend: {title: "Budget $C$ (FLOPs)"}
colors: {'$\beta_2 = 0.95$': red}
style: {'$\beta_2 = 0.95$': {draw: points}}
order: [$\beta_2 = 0.95$, other]
fit: {type: powerlaw, series: ['$\beta_2 = 0.95$'], label: "$L(N)$ fit"}
hlines: [{y: 2, label: '$E_{0}$'}]
bands: [{y: [1, 2], label: '$\pm 1\sigma$'}]
annotations: [{x: 1, y: 2, text: '$6ND$ FLOPs, \$5M'}]
source: 'Table 2, the $\alpha$ column'
panels:
  - {title: '$C_{\min}$'}
`
	src = strings.Replace(src, `$L \propto N^{-\alpha_{\mathrm{N}}}$ is not drawn, `, "", 1)
	c, err := Parse([]byte(src), at)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Panels[0]
	got := map[string]string{
		"title": c.Title, "subtitle": c.Subtitle, "x title": p.X.Title, "x unit": p.X.Unit,
		"y title": p.Y.Title, "legend": c.Legend.Title, "fit label": p.Fit.Label,
		"fit series": p.Fit.Series[0].Name, "order": c.Order[0].Name,
		"hline": p.Marks.HLines[0].Label, "band": p.Marks.Bands[0].Label, "note": p.Marks.Annotations[0].Text, "panel": p.Title, "source": c.Source.Name,
	}
	want := map[string]string{
		"title": "Loss L(N) vs. parameters N", "subtitle": "α is", "x title": "Parameters N (non-embedding)", "x unit": "μs",
		"y title": "Loss L (nats), σ ≈ 0.01", "legend": "Budget C (FLOPs)", "fit label": "L(N) fit",
		"fit series": "β₂ = 0.95", "order": "β₂ = 0.95",
		"hline": "E₀", "band": "±1σ", "note": "6ND FLOPs, $5M", "panel": "Cₘᵢₙ", "source": "Table 2, the α column",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %q, want %q", k, got[k], w)
		}
	}
	if c, err := Parse([]byte("data: runs.csv\nx: '$\\alpha$'\ny: {field: '$L$', title: Loss}\n"), at); err != nil || c.Panels[0].X.Title != "α" || c.Panels[0].Y.Title != "Loss" {
		t.Errorf("an axis named by its column in TeX: %v, %+v", err, c)
	}
	if c.Colors["β₂ = 0.95"] == "" {
		t.Errorf("colors keys = %v, want the converted name", c.Colors)
	}
	if _, ok := c.Styles["β₂ = 0.95"]; !ok {
		t.Errorf("style keys = %v, want the converted name", c.Styles)
	}
}

// TestTeXLinearForms: valid TeX that Unicode has no characters for is
// drawn in a linear form, with a warning (tex-linear-form) at the file,
// line and column of the TeX, naming the key; never an error.
func TestTeXLinearForms(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"Kaplan's notation", ok + `legend: 'Loss $L(N)$ falls as $N^{-\alpha_N}$'` + "\n",
			`content/audio.md:13:33: legend: "Loss $L(N)$ falls as $N^{-\alpha_N}$" is drawn as plain text, and Unicode has no characters for "^{-\alpha_N}": it is drawn as "^(−α_N)"`},
		{"subscript without a glyph, plain", ok + `legend: Loss vs $\alpha_N$` + "\n",
			`content/audio.md:13:24: legend: "Loss vs $\alpha_N$" is drawn as plain text, and Unicode has no characters for "_N": it is drawn as "_N"`},
		{"frac, double quoted", ok + `legend: "$\\frac{a}{b}$"` + "\n",
			`content/audio.md:13:9: legend: "$\frac{a}{b}$" is drawn as plain text, and Unicode has no characters for "\frac{a}{b}": it is drawn as "a/b"`},
		{"frac, single quoted", ok + `legend: '$\frac{a}{b}$'` + "\n",
			`content/audio.md:13:11: legend: "$\frac{a}{b}$" is drawn as plain text`},
		{"axis title in a flow mapping", "data: runs.csv\nx: {field: c, title: '$C^{q}$'}\ny: loss\n",
			`content/audio.md:11:25: title: "$C^{q}$" is drawn as plain text, and Unicode has no characters for "^{q}": it is drawn as "^q"`},
		{"series name in colors", ok + `colors: {"$N_c$": red}` + "\n",
			`content/audio.md:13:13: series name: "$N_c$" is drawn as plain text, and Unicode has no characters for "_c"`},
		{"series name in order", ok + `order: [$N_c$]` + "\n",
			`content/audio.md:13:11: series name: "$N_c$" is drawn as plain text`},
		{"block scalar: the scalar's start", ok + "legend: |\n  a $\\frac{1}{2}$\n",
			`content/audio.md:13:9: legend`},
		{"panel title", ok + "panels:\n  - {title: '$\\sqrt{N}$'}\n",
			`content/audio.md:14:15: title: "$\sqrt{N}$" is drawn as plain text, and Unicode has no characters for "\sqrt{N}": it is drawn as "√N"`},
		{"axis named by a column in TeX", "data: runs.csv\nx: flops\ny: '$\\frac{L}{2}$'\n",
			`content/audio.md:12:4: y field (the axis' name, as it has no title): "$\frac{L}{2}$" is drawn as plain text`},
		{"fit variable", ok + "fit: {type: powerlaw, variable: N_c}\n",
			`content/audio.md:13:33: fit variable (read as a formula): "$N_c$" is drawn as plain text, and Unicode has no characters for "_c"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Warnings) == 0 || c.Warnings[0].Name != "tex-linear-form" {
				t.Fatalf("warnings %v, want one named tex-linear-form", c.Warnings)
			}
			if !strings.HasPrefix(c.Warnings[0].Error(), tt.want) {
				t.Errorf("got:\n%s\nwant it to start:\n%s", c.Warnings[0], tt.want)
			}
		})
	}
}

// TestTeXErrors: TeX that is not valid, or that plain text cannot stand
// for at all, is an error at the file, line and column of the TeX, naming
// the key.
func TestTeXErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unclosed formula in a note", ok + `annotations: [{x: 1, y: 2, text: '$\alpha_N = 0.07'}]` + "\n",
			`content/audio.md:13:35: text: "$\alpha_N = 0.07" is drawn as plain text, which cannot hold "$\alpha_N": this $ opens a formula that is never closed`},
		{"unknown command", ok + `legend: $\foo{N}$` + "\n",
			`content/audio.md:13:10: legend: "$\foo{N}$" is drawn as plain text, which cannot hold "\foo"`},
		{"unclosed brace", ok + `legend: '$C^{0.5$'` + "\n",
			`content/audio.md:13:13: legend: "$C^{0.5$" is drawn as plain text, which cannot hold "{0.5"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got:\n%s\nwant it to start:\n%s", err, tt.want)
			}
		})
	}
}

// TestTeXInChartTitles: a title or subtitle that holds a formula is kept
// as written for the site to typeset (no linear form, no warning, no
// error for TeX plain text cannot hold), with its plain form for alt
// text, and At finds a byte of it in the source; text without a formula
// is converted as other chart text.
func TestTeXInChartTitles(t *testing.T) {
	tests := []struct {
		name, src        string
		plain, tex       string
		off              int
		at               string
		subPlain, subTeX string
	}{
		{"Kaplan's notation", ok + `title: 'Loss $L(N)$ falls as $N^{-\alpha_N}$'` + "\n",
			"Loss L(N) falls as N^(−α_N)", `Loss $L(N)$ falls as $N^{-\alpha_N}$`, 6, "content/audio.md:13:15", "", ""},
		{"plain scalar", ok + `title: Loss vs $\alpha_N$` + "\n",
			"Loss vs α_N", `Loss vs $\alpha_N$`, 9, "content/audio.md:13:17", "", ""},
		{"what plain text cannot hold", ok + `subtitle: '$\overbrace{a+b}$ and $x$'` + "\n",
			"", "", 0, "", `\overbrace{a+b} and x`, `$\overbrace{a+b}$ and $x$`},
		{"block scalar: the scalar's start", ok + "title: |-\n  a $\\frac{1}{2}$\n",
			"a 1/2", "a $\\frac{1}{2}$", 3, "content/audio.md:13:8", "", ""},
		{"dollars", ok + "title: Costs $5 and $10\n", "Costs $5 and $10", "", 0, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Warnings) != 0 {
				t.Errorf("warnings %v", c.Warnings)
			}
			if c.Title != tt.plain || c.TitleTeX.Text != tt.tex || c.Subtitle != tt.subPlain || c.SubtitleTeX.Text != tt.subTeX {
				t.Errorf("title %q (TeX %q), subtitle %q (TeX %q)", c.Title, c.TitleTeX.Text, c.Subtitle, c.SubtitleTeX.Text)
			}
			if tt.at != "" {
				if got := c.TitleTeX.At(tt.off).String(); got != tt.at {
					t.Errorf("byte %d of the title at %s, want %s", tt.off, got, tt.at)
				}
			}
		})
	}
}

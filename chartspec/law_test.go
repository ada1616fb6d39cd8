package chartspec

import (
	"reflect"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

// chinchilla is a fit by law written as block YAML, from line 4 of the spec.
const chinchilla = `fit:
  law: "L = E + A / N^alpha + B / D^beta"
  where: {N: params, D: tokens}
  loss: huber
  delta: 1e-3
  in: log
  start: {alpha: [0, 2], E: 1.5}
  bootstrap: 1000
  derive: {a: "beta / (alpha + beta)"}
`

func TestParseLaw(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		law       Law // tok fields are not compared
		bootstrap int
	}{
		{"Chinchilla, every key", ok + chinchilla, Law{
			Formula: "L = E + A / N^alpha + B / D^beta",
			Where: []LawVar{
				{Symbol: "N", SymbolPos: pos(6, 11), Column: field("params", 6, 14)},
				{Symbol: "D", SymbolPos: pos(6, 22), Column: field("tokens", 6, 25)},
			},
			Loss: LossHuber, Delta: 1e-3, In: InLog,
			Start:  []StartRange{{Name: "alpha", Lo: 0, Hi: 2, Pos: pos(10, 18)}, {Name: "E", Lo: 1.5, Hi: 1.5, Pos: pos(10, 29)}},
			Derive: []Derived{{Name: "a", Expr: "beta / (alpha + beta)", Pos: pos(12, 15)}},
			Pos:    pos(5, 8), LossPos: pos(7, 9), DeltaPos: pos(8, 10), InPos: pos(9, 7),
		}, 1000},
		{"defaults on a linear y", ok + "fit: {law: \"L = A * N^alpha\", where: {N: flops}}\n", Law{
			Formula: "L = A * N^alpha",
			Where:   []LawVar{{Symbol: "N", SymbolPos: pos(4, 39), Column: field("flops", 4, 42)}},
			Loss:    LossSquared, Delta: DefaultDelta, In: InLinear,
			Pos: pos(4, 12), LossPos: pos(4, 6), DeltaPos: pos(4, 6), InPos: pos(4, 6),
		}, 0},
		{"in defaults to log on a log y", "data: runs.csv\nx: flops\ny: {field: loss, scale: log}\nfit: {law: \"L = A * N^alpha\", where: {N: flops}, bootstrap: 1e3}\n", Law{
			Formula: "L = A * N^alpha",
			Where:   []LawVar{{Symbol: "N", SymbolPos: pos(4, 39), Column: field("flops", 4, 42)}},
			Loss:    LossSquared, Delta: DefaultDelta, In: InLog,
			Pos: pos(4, 12), LossPos: pos(4, 6), DeltaPos: pos(4, 6), InPos: pos(4, 6),
		}, 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.src), at)
			if err != nil {
				t.Fatal(err)
			}
			f := c.Panels[0].Fit
			if f.Type != FitLaw || f.Law == nil {
				t.Fatalf("fit %+v, want a law", f)
			}
			got := *f.Law
			got.tok = nil
			for i := range got.Derive {
				got.Derive[i].tok = nil
			}
			if !reflect.DeepEqual(got, tc.law) {
				t.Errorf("law\n%+v\nwant\n%+v", got, tc.law)
			}
			if f.Bootstrap != tc.bootstrap {
				t.Errorf("bootstrap %d, want %d", f.Bootstrap, tc.bootstrap)
			}
		})
	}
}

// TestLawAt checks that a byte of the formula or of a derived expression is
// placed at its column in the page, past the opening quote.
func TestLawAt(t *testing.T) {
	c, err := Parse([]byte(ok+chinchilla), at)
	if err != nil {
		t.Fatal(err)
	}
	l := c.Panels[0].Fit.Law
	if got, want := l.At(strings.Index(l.Formula, "alpha")), pos(5, 23); got != want {
		t.Errorf("alpha of the law at %v, want %v", got, want)
	}
	d := l.Derive[0]
	if got, want := d.At(strings.Index(d.Expr, "alpha")), pos(12, 24); got != want {
		t.Errorf("alpha of derive at %v, want %v", got, want)
	}
	// Panels that inherit the chart's law each get their own, so that in
	// follows each panel's y axis.
	c, err = Parse([]byte("data: runs.csv\nx: flops\ny: loss\nfit: {law: \"L = A * N^alpha\", where: {N: flops}}\npanels:\n  - {y: {field: loss, scale: log}}\n  - {}\n"), at)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := c.Panels[0].Fit.Law.In, c.Panels[1].Fit.Law.In; a != InLog || b != InLinear {
		t.Errorf("in %q and %q, want log on the log panel and linear on the other", a, b)
	}
}

var lawErrorTests = []struct{ name, src, want string }{
	{"loss typo", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, loss: hubber}\n",
		`content/audio.md:13:52: unknown loss "hubber": a law is fitted with loss huber (robust to outliers, as Hoffmann et al.) or squared (least squares) — did you mean "huber"?`},
	{"loss alias", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, loss: mse}\n",
		`content/audio.md:13:52: unknown loss "mse": a law is fitted with loss huber (robust to outliers, as Hoffmann et al.) or squared (least squares) — did you mean "squared"?`},
	{"delta zero", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, loss: huber, delta: 0}\n",
		`content/audio.md:13:66: delta is 0, but Huber's delta is the residual above which the loss grows linearly and must be above 0: Hoffmann et al. use 1e-3 on log loss`},
	{"delta negative", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, loss: huber, delta: -1e-3}\n",
		`content/audio.md:13:66: delta is -1e-3, but Huber's delta`},
	{"delta not a number", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, loss: huber, delta: small}\n",
		`content/audio.md:13:66: delta must be a number, like 0.5 or 1e20, not "small"`},
	{"delta with squared", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, delta: 0.1}\n",
		`content/audio.md:13:46: delta is Huber's delta, but the loss is squared: add loss: huber, or remove delta`},
	{"in typo", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, in: lgo}\n",
		`content/audio.md:13:50: unknown in "lgo": a law's residuals are taken in log (of the response) or linear — did you mean "log"?`},
	{"start reversed", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, start: {a: [2, 0]}}\n",
		`content/audio.md:13:57: start a is the range [2, 0], which runs backwards: write it low to high, [0, 2]`},
	{"start three numbers", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, start: {a: [0, 1, 2]}}\n",
		`content/audio.md:13:57: start a must be a range [low, high] or one value, like a: [0, 2]; it has 3 entries`},
	{"start a word", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, start: {a: [0, big]}}\n",
		`content/audio.md:13:61: start a must be a number, like 0.5 or 1e20, not "big"`},
	{"start a list", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, start: [0, 2]}\n",
		`content/audio.md:13:53: fit start must give starting ranges by constant, like start: {alpha: [0, 2], E: 1.5}, not a list`},
	{"where a list", ok + "fit: {law: \"L = A * N^a\", where: [flops]}\n",
		`content/audio.md:13:34: fit where must bind the law's variables to columns, like where: {N: params, D: tokens}, not a list`},
	{"where without column", ok + "fit: {law: \"L = A * N^a\", where: {N: }}\n",
		`content/audio.md:13:35: where "N" has no column: name the column that holds "N", like N: params`},
	{"no where", ok + "fit: {law: \"L = A * N^a\"}\n",
		`content/audio.md:13:12: fit law has no where: bind each variable of the law to a column, like where: {N: params, D: tokens}; every other symbol is a constant to fit`},
	{"empty law", ok + "fit: {law: \"\", where: {N: flops}}\n",
		`content/audio.md:13:12: fit law is empty: write the law as a formula, like law: "L = E + A / N^alpha + B / D^beta"`},
	{"law and type", ok + "fit: {type: powerlaw, law: \"L = A * N^a\", where: {N: flops}}\n",
		`content/audio.md:13:23: fit has both type and law: a law says which curve to fit by itself; remove type`},
	{"law keys without a law", ok + "fit: {type: powerlaw, loss: huber}\n",
		`content/audio.md:13:23: loss belongs to a fit by law: add law: "L = E + A / N^alpha" (with where for its variables), or remove loss`},
	{"derive empty", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, derive: {b: \"\"}}\n",
		`content/audio.md:13:58: derive "b" is empty: write it as an expression of the constants, like b: "beta / (alpha + beta)"`},
	{"misspelt law key", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, bootstarp: 10}\n",
		`content/audio.md:13:46: unknown key "bootstarp" in fit — did you mean "bootstrap"?`},
	{"another name for where", ok + "fit: {law: \"L = A * N^a\", variables: {N: flops}}\n",
		`content/audio.md:13:27: unknown key "variables" in fit — did you mean "where"?`},
	{"another name for law", ok + "fit: {formula: \"L = A * N^a\"}\n",
		`content/audio.md:13:7: unknown key "formula" in fit — did you mean "law"?`},
	{"unknown function", ok + "fit: {law: \"L = E + A / lg(N)\", where: {N: flops}}\n",
		`content/audio.md:13:25: fit law: lg is not a function a law may use`},
	{"a formula cut short", ok + "fit: {law: \"L = E + A /\", where: {N: flops}}\n",
		`content/audio.md:13:`},
	{"where binds a symbol not in the law", ok + "fit: {law: \"L = E + A / N^a\", where: {N: flops, D: tokens}}\n",
		`content/audio.md:13:49: where: "D" is not a symbol of the law "L = E + A / N^a"; its symbols are E, A, N, a`},
	{"where binds the response", ok + "fit: {law: \"L = E + A / N^a\", where: {L: loss}}\n",
		`content/audio.md:13:13: fit law: L is the law's response`},
	{"derive of a symbol that is no constant", ok + "fit: {law: \"L = E + A / N^a\", where: {N: flops}, derive: {k: \"a / gamma\"}}\n",
		`content/audio.md:13:67: derive k: gamma is not a constant of the law; its constants are E, A, a`},
	{"start of a symbol that is no constant", ok + "fit: {law: \"L = E + A / N^alpha\", where: {N: flops}, start: {alpah: [0, 1]}}\n",
		`content/audio.md:13:69: start gives a range for alpah, which is not a constant of the law (its constants are E, A, alpha) — did you mean "alpha"?`},
	{"scipy's p0", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, p0: {a: 1}}\n",
		`content/audio.md:13:46: unknown key "p0" in fit — did you mean "start"?`},
}

func TestParseLawErrors(t *testing.T) {
	for _, tc := range lawErrorTests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c.Panels[0].Fit)
			}
			first := err.Error()
			if list, isList := err.(diag.List); isList && len(list) > 0 {
				first = list[0].Error()
			}
			if !strings.HasPrefix(first, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", err, tc.want)
			}
		})
	}
}

// TestLawErrorsTogether: a fit by law with several mistakes says each.
func TestLawErrorsTogether(t *testing.T) {
	src := ok + "fit: {law: \"L = E + A / lg(N)\", where: {N: flops}, loss: hubber, start: {a: [2, 1]}}\n"
	_, err := Parse([]byte(src), at)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		`content/audio.md:13:25: fit law: lg is not a function a law may use`,
		`content/audio.md:13:58: unknown loss "hubber"`,
		`content/audio.md:13:77: start a is the range [2, 1], which runs backwards`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("errors\n%s\nlack %q", err, want)
		}
	}
}

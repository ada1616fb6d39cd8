package law

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// sexpr writes a parsed expression in prefix form, to check its structure.
func sexpr(n *node) string {
	switch n.kind {
	case kNum:
		return fmt.Sprint(n.num)
	case kSym:
		return n.text
	}
	name := map[kind]string{kNeg: "neg", kAdd: "+", kSub: "-", kMul: "*", kDiv: "/", kPow: "^", kCall: n.text}[n.kind]
	parts := []string{name}
	for _, a := range n.args {
		parts = append(parts, sexpr(a))
	}
	return "(" + strings.Join(parts, " ") + ")"
}

func TestParse(t *testing.T) {
	tests := []struct {
		src, response, tree, symbols string
	}{
		{"L = E + A / N^alpha + B / D^beta", "L", "(+ (+ E (/ A (^ N alpha))) (/ B (^ D beta)))", "E A N alpha B D beta"},
		{"L = ((N_c / N)^(alpha_N / alpha_D) + D_c / D)^alpha_D", "L", "(^ (+ (^ (/ N_c N) (/ alpha_N alpha_D)) (/ D_c D)) alpha_D)", "N_c N alpha_N alpha_D D_c D"},
		{"y = -x^2", "y", "(neg (^ x 2))", "x"},
		{"y = 2^3^2", "y", "(^ 2 (^ 3 2))", ""},
		{"y = a - b - c", "y", "(- (- a b) c)", "a b c"},
		{"y = a / b / c", "y", "(/ (/ a b) c)", "a b c"},
		{"y = a * N^-alpha", "y", "(* a (^ N (neg alpha)))", "a N alpha"},
		{"y = -a * b", "y", "(* (neg a) b)", "a b"},
		{"y = +a - -b", "y", "(- a (neg b))", "a b"},
		{"y = 1e-3 + .5 + 2. + 6.02E23", "y", "(+ (+ (+ 0.001 0.5) 2) 6.02e+23)", ""},
		{"y = exp(-k*(x - x0))", "y", "(exp (* (neg k) (- x x0)))", "k x x0"},
		{"y = log(x) + log10(x) + log2(x) + sqrt(x) + abs(x)", "y", "(+ (+ (+ (+ (log x) (log10 x)) (log2 x)) (sqrt x)) (abs x))", "x"},
		{"y = min(a, b) * max(a, 1)", "y", "(* (min a b) (max a 1))", "a b"},
		{"L = α + A/N^β", "L", "(+ α (/ A (^ N β)))", "α A N β"},
		{"L = E − A·N × 2", "L", "(- E (* (* A N) 2))", "E A N"},
		{"  loss\t=\n(E)  ", "loss", "E", "E"},
		{"y = _a1 + b_2_c", "y", "(+ _a1 b_2_c)", "_a1 b_2_c"},
	}
	for _, tt := range tests {
		l, err := Parse(tt.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(l.rhs.root); l.Response != tt.response || got != tt.tree {
			t.Errorf("Parse(%q) = %s %s, want %s %s", tt.src, l.Response, got, tt.response, tt.tree)
		}
		if got := strings.Join(l.Symbols(), " "); got != tt.symbols {
			t.Errorf("Parse(%q).Symbols() = %q, want %q", tt.src, got, tt.symbols)
		}
	}
}

func TestParseExpr(t *testing.T) {
	e, err := ParseExpr("beta / (alpha + beta)")
	if err != nil {
		t.Fatal(err)
	}
	if got := sexpr(e.root); got != "(/ beta (+ alpha beta))" {
		t.Errorf("tree %s", got)
	}
	if got := strings.Join(e.Symbols(), " "); got != "beta alpha" {
		t.Errorf("symbols %q", got)
	}
	if _, err := ParseExpr("a = b"); err == nil {
		t.Error("ParseExpr accepted an =")
	}
}

// Each bad law's error starts at offset for length bytes and its message
// holds every part of want.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		src            string
		offset, length int
		want           []string
	}{
		{"L = E + tanh(N)", 8, 4, []string{"tanh is not a function a law may use: the functions are exp, log (natural), log10, log2, sqrt, abs, min and max"}},
		{"L = E + expp(N)", 8, 4, []string{`did you mean "exp"?`}},
		{"L = E + A(N)", 8, 1, []string{"A is not a function", "to multiply by A, write A*(…)"}},
		{"L = E + (A / N", 8, 1, []string{"this ( is never closed"}},
		{"L = E + A / N)", 13, 1, []string{"this ) closes no ("}},
		{"L = log(N", 7, 1, []string{"this ( of log is never closed"}},
		{"E + A / N^alpha", 0, 15, []string{"has no =", "RESPONSE = expression"}},
		{"L = ", 2, 1, []string{"nothing after ="}},
		{" = E", 1, 1, []string{"nothing before ="}},
		{"L + 1 = E", 0, 6, []string{"the left side of = is the response", `"L + 1" is an expression`}},
		{"2 = E", 0, 2, []string{`"2" is not a symbol`}},
		{"L = E = F", 6, 1, []string{"a law has one ="}},
		{"L = E + $", 8, 1, []string{`"$" cannot appear in a law`}},
		{"L = E + A[1]", 9, 1, []string{"group with round parentheses"}},
		{"L = N²", 5, 2, []string{"write powers with ^"}},
		{"L = N**2", 5, 2, []string{"** is not a power in a law"}},
		{"L = 1e999 * N", 4, 5, []string{"1e999 is too large for a number"}},
		{"L = 1e-999 * N", 4, 6, []string{"1e-999 is too small for a number"}},
		{"L = 1e * N", 4, 2, []string{`"1e" has no digits after its e`}},
		{"L = 1.2.3", 4, 4, []string{`"1.2." is not a number`}},
		{"L = . + N", 4, 1, []string{`"." is not a number`}},
		{"L = 2 N", 6, 1, []string{"an operator is missing between 2 and N", "write 2*N"}},
		{"L = 2exp(N)", 5, 3, []string{"an operator is missing between 2 and exp"}},
		{"L = (A) (N)", 8, 1, []string{"an operator is missing between (A) and ("}},
		{"L = E +", 6, 1, []string{"+ needs a value after it"}},
		{"L = N^", 5, 1, []string{"^ needs a value after it"}},
		{"L = * N", 4, 1, []string{"* needs a value before it"}},
		{"L = E + ()", 8, 2, []string{"empty parentheses"}},
		{"L = log N", 4, 3, []string{"log is a function: write its argument in parentheses"}},
		{"L = min(N)", 4, 6, []string{"min takes 2 arguments, not 1", "min(a, b)"}},
		{"L = log(N, D)", 4, 9, []string{"log takes 1 argument, not 2"}},
		{"L = min(N, )", 11, 1, []string{"an argument of min is missing"}},
		{"L = E, N", 5, 1, []string{"a comma only separates the arguments of min and max"}},
		{"L = L0 + A * L", 13, 1, []string{"L is the response, left of =, and cannot also stand on the right"}},
		{"exp = N", 0, 3, []string{"the response cannot be called exp"}},
		{"L = " + strings.Repeat("(", 300) + "N" + strings.Repeat(")", 300), 204, 1, []string{"nests more than 200 levels"}},
		{"L = \xff", 4, 1, []string{"a byte that is not UTF-8 text cannot appear"}},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want a *Error", tt.src, err)
			continue
		}
		if e.Offset != tt.offset || e.Len != tt.length {
			t.Errorf("Parse(%q): error at %d+%d, want %d+%d: %s", tt.src, e.Offset, e.Len, tt.offset, tt.length, e.Msg)
		}
		for _, w := range tt.want {
			if !strings.Contains(e.Msg, w) {
				t.Errorf("Parse(%q) = %q, want it to say %q", tt.src, e.Msg, w)
			}
		}
	}
}

package law

import (
	"fmt"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// kind is the kind of a node of a parsed law.
type kind uint8

const (
	kNum kind = iota
	kSym
	kNeg
	kAdd
	kSub
	kMul
	kDiv
	kPow
	kCall
)

// node is one operation, number or symbol of a parsed law, with its span
// in the law's text (for Domain's messages).
type node struct {
	kind     kind
	fn       fn      // kCall
	num      float64 // kNum
	text     string  // kNum: as written; kSym: the name
	args     []*node // operands, left to right
	pos, end int
}

// maxDepth bounds the nesting of a law, so that a hostile one cannot
// exhaust the stack; a real law nests a few levels.
const maxDepth = 200

// Expr is a parsed expression: the right side of a law, or a quantity
// derived from a law's constants.
type Expr struct {
	src     string
	root    *node
	symbols []string
}

// Law is a parsed scaling law, RESPONSE = expression.
type Law struct {
	// Response is the symbol left of =, the quantity the law predicts.
	Response string
	respPos  int
	rhs      *Expr
}

// Parse reads a law written RESPONSE = expression, as
// "L = E + A / N^alpha + B / D^beta". Errors are *Error.
func Parse(src string) (*Law, error) {
	eq := -1
	l := lexer{src: src}
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		if t.kind == tEOF {
			break
		}
		if t.kind == tOp && t.op == '=' {
			if eq >= 0 {
				return nil, errAt(src, t.pos, t.end, "", "a law has one =, with the response on its left and the expression on its right, as L = E + A / N^alpha")
			}
			eq = t.pos
		}
	}
	if eq < 0 {
		return nil, errAt(src, 0, len(src), "", "a law is written RESPONSE = expression, as L = E + A / N^alpha; this one has no =")
	}
	left := lexer{src: src[:eq]}
	resp, err := left.next()
	if err != nil {
		return nil, err
	}
	switch {
	case resp.kind == tEOF:
		return nil, errAt(src, eq, eq+1, "", "nothing before =: name the response, the quantity the law predicts, as L = E + A / N^alpha")
	case resp.kind != tIdent:
		return nil, errAt(src, resp.pos, eq, "", "the left side of = is the response, one symbol such as L; "+diag.Quote(strings.TrimSpace(src[resp.pos:eq]))+" is not a symbol")
	}
	if _, ok := lookupFunction(resp.text); ok {
		return nil, errAt(src, resp.pos, resp.end, resp.text, fmt.Sprintf("the response cannot be called %s, which is a function: name it L, loss or another symbol", resp.text))
	}
	if extra, _ := left.next(); extra.kind != tEOF {
		return nil, errAt(src, resp.pos, eq, "", fmt.Sprintf("the left side of = is the response, one symbol such as %s; %s is an expression", resp.text, diag.Quote(strings.TrimSpace(src[resp.pos:eq]))))
	}
	if strings.TrimSpace(src[eq+1:]) == "" {
		return nil, errAt(src, eq, eq+1, "", "nothing after =: write the law's expression, as L = E + A / N^alpha")
	}
	rhs, err := parseFrom(src, eq+1)
	if err != nil {
		return nil, err
	}
	var again *node
	walk(rhs.root, func(n *node) {
		if n.kind == kSym && n.text == resp.text && again == nil {
			again = n
		}
	})
	if again != nil {
		return nil, errAt(src, again.pos, again.end, resp.text, fmt.Sprintf("%s is the response, left of =, and cannot also stand on the right: give this symbol another name", resp.text))
	}
	return &Law{Response: resp.text, respPos: resp.pos, rhs: rhs}, nil
}

// ParseExpr reads an expression without a response, such as a quantity
// derived from a law's constants: "beta / (alpha + beta)". Errors are *Error.
func ParseExpr(src string) (*Expr, error) {
	if strings.TrimSpace(src) == "" {
		return nil, errAt(src, 0, len(src), "", "the expression is empty: write one, as beta / (alpha + beta)")
	}
	return parseFrom(src, 0)
}

// Symbols returns the symbols of the law's right side in order of first
// appearance.
func (l *Law) Symbols() []string { return l.rhs.Symbols() }

// Symbols returns the expression's symbols in order of first appearance.
func (e *Expr) Symbols() []string { return append([]string(nil), e.symbols...) }

// String returns the law as it was written.
func (l *Law) String() string { return l.rhs.src }

// String returns the expression as it was written.
func (e *Expr) String() string { return e.src }

// parser reads an expression from src[at:] (the whole src is kept, so that
// positions are offsets into it).
type parser struct {
	lex   lexer
	tok   token
	depth int
}

func parseFrom(src string, at int) (*Expr, error) {
	p := &parser{lex: lexer{src: src, at: at}}
	if err := p.advance(); err != nil {
		return nil, err
	}
	root, err := p.sum()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		return nil, p.unexpected()
	}
	e := &Expr{src: src, root: root}
	seen := map[string]bool{}
	walk(root, func(n *node) {
		if n.kind == kSym && !seen[n.text] {
			seen[n.text] = true
			e.symbols = append(e.symbols, n.text)
		}
	})
	return e, nil
}

// walk calls f on n and its operands, left to right (in the order they
// are written).
func walk(n *node, f func(*node)) {
	f(n)
	for _, a := range n.args {
		walk(a, f)
	}
}

func (p *parser) advance() error {
	t, err := p.lex.next()
	p.tok = t
	return err
}

func (p *parser) isOp(ops string) bool {
	return p.tok.kind == tOp && strings.IndexByte(ops, p.tok.op) >= 0
}

// sum reads terms joined by + and -.
func (p *parser) sum() (*node, error) { return p.chain('+', kAdd, '-', kSub, p.product) }

// product reads factors joined by * and /.
func (p *parser) product() (*node, error) { return p.chain('*', kMul, '/', kDiv, p.unary) }

// chain reads operands (each read by next) joined by the left-associative
// operators a and b, of kinds ka and kb.
func (p *parser) chain(a byte, ka kind, b byte, kb kind, next func() (*node, error)) (*node, error) {
	left, err := next()
	if err != nil {
		return nil, err
	}
	for p.isOp(string([]byte{a, b})) {
		k := ka
		if p.tok.op == b {
			k = kb
		}
		op := p.tok
		if err := p.advance(); err != nil {
			return nil, err
		}
		right, err := p.operand(op, next)
		if err != nil {
			return nil, err
		}
		left = &node{kind: k, args: []*node{left, right}, pos: left.pos, end: right.end}
	}
	return left, nil
}

// operand reads the right operand of the operator op, saying so when it
// is missing.
func (p *parser) operand(op token, read func() (*node, error)) (*node, error) {
	if p.tok.kind == tEOF || p.isOp(")*/^,=") {
		return nil, errAt(p.lex.src, op.pos, op.end, "", fmt.Sprintf("%s needs a value after it", p.lex.src[op.pos:op.end]))
	}
	return read()
}

// unary reads a signed power: a minus binds looser than ^, as in
// mathematics (-x^2 is -(x^2)).
func (p *parser) unary() (*node, error) {
	if p.isOp("+-") {
		op := p.tok
		x, err := p.nested(op, p.unary)
		if err != nil {
			return nil, err
		}
		if op.op == '+' {
			return x, nil
		}
		return &node{kind: kNeg, args: []*node{x}, pos: op.pos, end: x.end}, nil
	}
	if p.isOp("*/^") {
		return nil, errAt(p.lex.src, p.tok.pos, p.tok.end, "", fmt.Sprintf("%c needs a value before it", p.tok.op))
	}
	return p.power()
}

// nested reads the operand after the prefix or right-associative operator
// op, one level deeper (enter bounds the depth of such chains).
func (p *parser) nested(op token, next func() (*node, error)) (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.advance(); err != nil {
		return nil, err
	}
	return p.operand(op, next)
}

// power reads a primary raised, right-associatively, to a signed power:
// 2^3^2 is 2^(3^2), N^-alpha is N^(-alpha).
func (p *parser) power() (*node, error) {
	base, err := p.primary()
	if err != nil {
		return nil, err
	}
	if !p.isOp("^") {
		return base, nil
	}
	op := p.tok
	exp, err := p.nested(op, p.unary)
	if err != nil {
		return nil, err
	}
	return &node{kind: kPow, args: []*node{base, exp}, pos: base.pos, end: exp.end}, nil
}

// primary reads a number, a symbol, a function call or a parenthesised
// expression, and checks that an operator follows it.
func (p *parser) primary() (*node, error) {
	src := p.lex.src
	t := p.tok
	var n *node
	switch {
	case t.kind == tNum:
		n = &node{kind: kNum, num: t.num, text: t.text, pos: t.pos, end: t.end}
		if err := p.advance(); err != nil {
			return nil, err
		}
	case t.kind == tIdent:
		if err := p.advance(); err != nil {
			return nil, err
		}
		f, isFn := lookupFunction(t.text)
		switch {
		case p.isOp("("):
			if !isFn {
				return nil, errAt(src, t.pos, t.end, t.text, unknownFunction(t.text))
			}
			call, err := p.call(t, f)
			if err != nil {
				return nil, err
			}
			n = call
		case isFn:
			return nil, errAt(src, t.pos, t.end, t.text, fmt.Sprintf("%s is a function: write its argument in parentheses, as %s(N)", t.text, t.text))
		default:
			n = &node{kind: kSym, text: t.text, pos: t.pos, end: t.end}
		}
	case t.kind == tOp && t.op == '(':
		open := t
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer p.leave()
		if err := p.advance(); err != nil {
			return nil, err
		}
		if p.isOp(")") {
			return nil, errAt(src, open.pos, p.tok.end, "", "empty parentheses: write an expression inside them")
		}
		x, err := p.sum()
		if err != nil {
			return nil, err
		}
		if !p.isOp(")") {
			if p.tok.kind == tEOF {
				return nil, errAt(src, open.pos, open.end, "", "this ( is never closed: add a ) where the group ends")
			}
			return nil, p.unexpected()
		}
		// The group's span includes its parentheses.
		n = &node{kind: x.kind, fn: x.fn, num: x.num, text: x.text, args: x.args, pos: open.pos, end: p.tok.end}
		if err := p.advance(); err != nil {
			return nil, err
		}
	case t.kind == tEOF:
		return nil, errAt(src, t.pos, t.end, "", "the expression ends where a value is needed")
	default:
		return nil, p.unexpected()
	}
	if p.tok.kind == tNum || p.tok.kind == tIdent || p.isOp("(") {
		next := src[p.tok.pos:p.tok.end]
		return nil, errAt(src, p.tok.pos, p.tok.end, "", fmt.Sprintf("an operator is missing between %s and %s: write %s*%s for a product", src[n.pos:n.end], next, src[n.pos:n.end], next))
	}
	return n, nil
}

// call reads the parenthesised arguments of the function f named by t.
func (p *parser) call(t token, f fn) (*node, error) {
	src := p.lex.src
	open := p.tok
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.advance(); err != nil {
		return nil, err
	}
	def := functions[f]
	var args []*node
	for !p.isOp(")") {
		if len(args) > 0 {
			if !p.isOp(",") {
				if p.tok.kind == tEOF {
					return nil, errAt(src, open.pos, open.end, "", fmt.Sprintf("this ( of %s is never closed: add a ) after its argument", t.text))
				}
				return nil, p.unexpected()
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
		}
		if p.tok.kind == tEOF {
			return nil, errAt(src, open.pos, open.end, "", fmt.Sprintf("this ( of %s is never closed: add a ) after its argument", t.text))
		}
		if p.isOp(",)") {
			return nil, errAt(src, p.tok.pos, p.tok.end, "", fmt.Sprintf("an argument of %s is missing: %s", t.text, def.usage))
		}
		a, err := p.sum()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	if len(args) != def.arity {
		return nil, errAt(src, t.pos, p.tok.end, t.text, fmt.Sprintf("%s takes %s, not %d: %s", t.text, plural(def.arity, "argument"), len(args), def.usage))
	}
	n := &node{kind: kCall, fn: f, text: t.text, args: args, pos: t.pos, end: p.tok.end}
	return n, p.advance()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// unexpected is the error for the current token where it cannot stand.
func (p *parser) unexpected() error {
	src := p.lex.src
	t := p.tok
	switch {
	case t.kind == tOp && t.op == ')':
		return errAt(src, t.pos, t.end, "", "this ) closes no (: remove it, or add the ( it closes")
	case t.kind == tOp && t.op == ',':
		return errAt(src, t.pos, t.end, "", "a comma only separates the arguments of min and max, as min(a, b)")
	case t.kind == tOp && t.op == '=':
		return errAt(src, t.pos, t.end, "", "= cannot appear in an expression: a law has one =, after its response")
	}
	return errAt(src, t.pos, t.end, "", diag.Quote(src[t.pos:t.end])+" cannot stand here")
}

// enter counts one level of nesting, refusing a law that nests deeper
// than maxDepth.
func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return errAt(p.lex.src, p.tok.pos, p.tok.end, "", fmt.Sprintf("the law nests more than %d levels deep: write it more simply", maxDepth))
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// unknownFunction is the message for a name used as a function that is not
// one, with the nearest function's name when it is likely a typo.
func unknownFunction(name string) string {
	msg := fmt.Sprintf("%s is not a function a law may use: the functions are %s", name, functionList())
	if len(name) < 3 { // A(N): most likely a product
		return msg + fmt.Sprintf("; to multiply by %s, write %s*(…)", name, name)
	}
	return msg + didYouMean(name, functionNames())
}

// didYouMean is diag's " — did you mean …?" for names of three or more
// characters: between names of one or two letters (M and N, A(N) and abs)
// every guess is one edit away, so none is worth showing.
func didYouMean(name string, candidates []string) string {
	if len(name) < 3 {
		return ""
	}
	return diag.DidYouMean(name, candidates)
}

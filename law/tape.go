package law

import (
	"fmt"
	"math"
	"strconv"
)

// op is one operation of a tape.
type op uint8

const (
	opAdd op = iota
	opSub
	opMul
	opDiv
	opPow
	opSquare // x^2, the one power worth a multiplication
	opNeg
	opExp
	opLog
	opLog10
	opLog2
	opSqrt
	opAbs
	opMin
	opMax
)

// The bits of instr.active: which operands depend on a constant, so that
// the gradient pass skips what cannot change with the constants.
const (
	activeA = 1 << iota
	activeB
)

// instr is one operation of a tape: its operands are slots, and it writes
// its value to slot tmp0 + its index.
type instr struct {
	op     op
	active uint8
	a, b   int32
}

// span is an instruction's place in the law's text.
type span struct{ pos, end int }

// tape is a law compiled to a flat list of operations over slots: the
// constants, then the variables, then the literal numbers, then one slot per
// operation. Evaluation is one loop over the list, with no tree walked.
type tape struct {
	code   []instr
	spans  []span
	lits   []float64
	lit0   int32 // first literal slot
	tmp0   int32 // first operation slot
	nslots int
	result int32 // the slot holding the law's value
	src    string
}

var binaryOps = [...]op{kAdd: opAdd, kSub: opSub, kMul: opMul, kDiv: opDiv, kPow: opPow}

var callOps = [...]op{fnExp: opExp, fnLog: opLog, fnLog10: opLog10, fnLog2: opLog2, fnSqrt: opSqrt, fnAbs: opAbs, fnMin: opMin, fnMax: opMax}

// compile writes e as a tape; slot maps each symbol to its slot.
func compile(e *Expr, slot map[string]int32, nconsts, nvars int) tape {
	var lits []float64
	var code []instr
	var spans []span
	var active []bool       // per operation
	const litBase = 1 << 30 // literals are numbered from here until the slots are laid out
	isActive := func(s int32) bool {
		switch {
		case s >= litBase:
			return false
		case s < int32(nconsts):
			return true
		case s < int32(nconsts+nvars):
			return false
		}
		return active[s-int32(nconsts+nvars)]
	}
	literal := func(v float64) int32 {
		for i, l := range lits {
			if math.Float64bits(l) == math.Float64bits(v) {
				return litBase + int32(i)
			}
		}
		lits = append(lits, v)
		return litBase + int32(len(lits)-1)
	}
	emit := func(n *node, o op, a, b int32) int32 {
		in := instr{op: o, a: a, b: b}
		if isActive(a) {
			in.active |= activeA
		}
		if binary := o <= opPow || o == opMin || o == opMax; binary && isActive(b) {
			in.active |= activeB
		}
		code = append(code, in)
		spans = append(spans, span{n.pos, n.end})
		active = append(active, in.active != 0)
		return int32(nconsts + nvars + len(code) - 1) // renumbered below
	}
	var gen func(n *node) int32
	gen = func(n *node) int32 {
		switch n.kind {
		case kNum:
			return literal(n.num)
		case kSym:
			return slot[n.text]
		case kNeg:
			if x := n.args[0]; x.kind == kNum {
				return literal(-x.num)
			}
			a := gen(n.args[0])
			return emit(n, opNeg, a, a)
		case kPow:
			if y := n.args[1]; y.kind == kNum && y.num == 2 {
				a := gen(n.args[0])
				return emit(n, opSquare, a, a)
			}
		case kCall:
			a := gen(n.args[0])
			b := a
			if len(n.args) > 1 {
				b = gen(n.args[1])
			}
			return emit(n, callOps[n.fn], a, b)
		}
		a := gen(n.args[0])
		b := gen(n.args[1])
		return emit(n, binaryOps[n.kind], a, b)
	}
	result := gen(e.root)

	// Lay out the slots: constants, variables, literals, operations.
	lit0 := int32(nconsts + nvars)
	tmp0 := lit0 + int32(len(lits))
	renumber := func(s int32) int32 {
		switch {
		case s >= litBase:
			return lit0 + s - litBase
		case s >= lit0:
			return tmp0 + s - lit0
		}
		return s
	}
	for i := range code {
		code[i].a, code[i].b = renumber(code[i].a), renumber(code[i].b)
	}
	return tape{code: code, spans: spans, lits: lits, lit0: lit0, tmp0: tmp0,
		nslots: int(tmp0) + len(code), result: renumber(result), src: e.src}
}

// forward evaluates the tape over the slots v (constants, variables and
// literals loaded) and returns the law's value.
func (t *tape) forward(v []float64) float64 {
	out := v[t.tmp0:]
	for i, in := range t.code {
		out[i] = apply(in.op, v[in.a], v[in.b])
	}
	return v[t.result]
}

// apply is the value of the operation o on the operands x and y (y is x
// again for a function of one argument).
func apply(o op, x, y float64) float64 {
	switch o {
	case opAdd:
		return x + y
	case opSub:
		return x - y
	case opMul:
		return x * y
	case opDiv:
		return x / y
	case opPow:
		return pow(x, y)
	case opSquare:
		return x * x
	case opNeg:
		return -x
	case opExp:
		return math.Exp(x)
	case opLog:
		return math.Log(x)
	case opLog10:
		return math.Log10(x)
	case opLog2:
		return math.Log2(x)
	case opSqrt:
		return math.Sqrt(x)
	case opAbs:
		return math.Abs(x)
	case opMin:
		return math.Min(x, y)
	case opMax:
		return math.Max(x, y)
	}
	panic("law: unknown operation " + strconv.Itoa(int(o)))
}

// pow is x^y. For a positive base, the common case in a scaling law, it is
// exp(y·log x): faster than math.Pow, and it shares log x with the
// gradient.
func pow(x, y float64) float64 {
	if x > 0 {
		return math.Exp(y * math.Log(x))
	}
	return math.Pow(x, y)
}

// forwardGrad evaluates the tape as forward does and writes, for each
// operation that depends on a constant, the partial derivatives of its
// value with respect to its operands into pa and pb.
func (t *tape) forwardGrad(v, pa, pb []float64) float64 {
	out := v[t.tmp0:]
	for i, in := range t.code {
		x, y := v[in.a], v[in.b]
		var r, da, db float64
		switch in.op {
		case opAdd:
			r, da, db = x+y, 1, 1
		case opSub:
			r, da, db = x-y, 1, -1
		case opMul:
			r, da, db = x*y, y, x
		case opDiv:
			r = x / y
			da, db = 1/y, -r/y
		case opPow:
			if x > 0 {
				lx := math.Log(x)
				r = math.Exp(y * lx)
				da, db = y*r/x, r*lx
			} else {
				r = math.Pow(x, y)
				if in.active&activeA != 0 {
					da = y * math.Pow(x, y-1)
				}
				if x < 0 {
					db = math.NaN() // no real power of a negative number near a whole y
				}
			}
		case opSquare:
			r, da = x*x, 2*x
		case opNeg:
			r, da = -x, -1
		case opExp:
			r = math.Exp(x)
			da = r
		case opLog:
			r, da = math.Log(x), 1/x
		case opLog10:
			r, da = math.Log10(x), 1/(x*math.Ln10)
		case opLog2:
			r, da = math.Log2(x), 1/(x*math.Ln2)
		case opSqrt:
			r = math.Sqrt(x)
			da = 0.5 / r
		case opAbs:
			r = math.Abs(x)
			switch {
			case x > 0:
				da = 1
			case x < 0:
				da = -1
			}
		case opMin:
			r, da, db = math.Min(x, y), 1, 0
			if y < x {
				da, db = 0, 1
			}
		case opMax:
			r, da, db = math.Max(x, y), 1, 0
			if y > x {
				da, db = 0, 1
			}
		}
		out[i], pa[i], pb[i] = r, da, db
	}
	return v[t.result]
}

// reverse propagates the derivative of the law's value back through the
// tape (reverse-mode differentiation) and writes the constants' part
// into grad.
func (t *tape) reverse(w *workspace, grad []float64) {
	adj := w.adj
	clear(adj)
	adj[t.result] = 1
	for i := len(t.code) - 1; i >= 0; i-- {
		in := t.code[i]
		g := adj[int(t.tmp0)+i]
		if in.active == 0 || g == 0 {
			continue
		}
		if in.active&activeA != 0 {
			adj[in.a] += g * w.pa[i]
		}
		if in.active&activeB != 0 {
			adj[in.b] += g * w.pb[i]
		}
	}
	copy(grad, adj[:len(grad)])
}

// check evaluates the tape as forward does, stopping at the first
// operation whose input is outside its domain: its index and a message,
// or -1.
func (t *tape) check(v []float64) (int, string) {
	out := v[t.tmp0:]
	for i, in := range t.code {
		x, y := v[in.a], v[in.b]
		s := t.spans[i]
		text := t.src[s.pos:s.end]
		switch in.op {
		case opLog, opLog10, opLog2:
			if x <= 0 {
				return i, fmt.Sprintf("%s is the logarithm of %s here, and a logarithm needs a positive value", text, number(x))
			}
		case opSqrt:
			if x < 0 {
				return i, fmt.Sprintf("%s is the square root of %s here, and a square root needs a value ≥ 0", text, number(x))
			}
		case opDiv:
			if y == 0 {
				return i, fmt.Sprintf("%s divides by zero here", text)
			}
		case opPow:
			if x < 0 && !isInteger(y) {
				return i, fmt.Sprintf("%s raises %s to the power %s here, and a negative number has no real power that is not a whole number", text, number(x), number(y))
			}
			if x == 0 && y < 0 {
				return i, fmt.Sprintf("%s raises 0 to the negative power %s here, a division by zero", text, number(y))
			}
		}
		out[i] = apply(in.op, x, y)
	}
	return -1, ""
}

// number writes a value for a message: 6 significant digits.
func number(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

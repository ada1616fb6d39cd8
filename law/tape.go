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
	opLogBase // log x for x > 0, else NaN: the logarithm of a power's base that no constant changes
)

// The bits of instr.active: which operands depend on a constant, so that
// the gradient pass skips what cannot change with the constants.
const (
	activeA = 1 << iota
	activeB
)

// instr is one operation of a tape: its operands are slots, and it writes
// its value to slot tmp0 + its index. A power whose base no constant
// changes has c, the slot of the base's logarithm (an opLogBase operation,
// worked out once per row by Rows); c is -1 otherwise.
type instr struct {
	op      op
	active  uint8
	a, b, c int32
}

// span is an instruction's place in the law's text.
type span struct{ pos, end int }

// tape is a law compiled to a flat list of operations over slots: the
// constants, then the variables, then the literal numbers, then one slot per
// operation. Evaluation is one loop over the list, with no tree walked.
// The operations that no constant changes come first (code[:split]), so
// that Rows works them out once per row and a fit's evaluations run only
// code[split:].
type tape struct {
	code   []instr
	spans  []span
	lits   []float64
	lit0   int32 // first literal slot
	tmp0   int32 // first operation slot
	split  int   // code[:split] depends on no constant
	nslots int
	result int32 // the slot holding the law's value
	src    string
}

// forward evaluates the operations code[from:to] over the slots v (the
// constants, variables, literals and earlier operations loaded) and
// returns the law's value.
func (t *tape) forward(v []float64, from, to int) float64 {
	out := v[t.tmp0:]
	for i := from; i < to; i++ {
		in := t.code[i]
		if in.c >= 0 {
			out[i] = powLog(v[in.a], v[in.b], v[in.c])
			continue
		}
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
	case opLogBase:
		if x > 0 {
			return math.Log(x)
		}
		return math.NaN()
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

// powLog is pow(x, y) given lx = log x (for x > 0).
func powLog(x, y, lx float64) float64 {
	if x > 0 {
		return math.Exp(y * lx)
	}
	return math.Pow(x, y)
}

// forwardGrad evaluates the operations that depend on a constant,
// code[split:], as forward does (the others loaded), and writes the partial
// derivatives of each one's value with respect to its operands into pa and
// pb.
func (t *tape) forwardGrad(v, pa, pb []float64) float64 {
	// Locals, each cut to the operations' count, so that the loop reloads
	// nothing and checks no bounds but the operands'.
	code := t.code[t.split:]
	out := v[int(t.tmp0)+t.split:]
	out, pa, pb = out[:len(code)], pa[t.split:len(t.code)], pb[t.split:len(t.code)]
	pa, pb = pa[:len(code)], pb[:len(code)]
	for i := range code {
		in := &code[i]
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
			r, da = x/y, 1/y // two divisions that run side by side
			db = -r * da
		case opPow:
			if x > 0 {
				var lx float64
				if in.c >= 0 {
					lx = v[in.c]
				} else {
					lx = math.Log(x)
				}
				r = math.Exp(y * lx)
				db = r * lx
				if in.active&activeA != 0 { // a division saved when the base is data
					da = y * r / x
				}
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
// into grad. adj must be zero.
func (t *tape) reverse(adj, pa, pb, grad []float64) {
	adj[t.result] = 1
	code := t.code[t.split:]
	own := adj[int(t.tmp0)+t.split:] // the operations' adjoints
	own, pa, pb = own[:len(code)], pa[t.split:len(t.code)], pb[t.split:len(t.code)]
	pa, pb = pa[:len(code)], pb[:len(code)]
	for i := len(code) - 1; i >= 0; i-- {
		in := &code[i]
		g := own[i]
		if g == 0 {
			continue
		}
		if in.active&activeA != 0 {
			adj[in.a] += g * pa[i]
		}
		if in.active&activeB != 0 {
			adj[in.b] += g * pb[i]
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

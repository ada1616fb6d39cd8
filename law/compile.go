package law

import "math"

// binaryOps and callOps are the operations of a parsed law's operators
// and functions.
var (
	binaryOps = [...]op{kAdd: opAdd, kSub: opSub, kMul: opMul, kDiv: opDiv, kPow: opPow}
	callOps   = [...]op{fnExp: opExp, fnLog: opLog, fnLog10: opLog10, fnLog2: opLog2, fnSqrt: opSqrt, fnAbs: opAbs, fnMin: opMin, fnMax: opMax}
)

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
		in := instr{op: o, a: a, b: b, c: -1}
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

	// A power of a base no constant changes (N^alpha) takes the base's
	// logarithm from an operation of its own, which Rows works out once
	// per row.
	for i := range code {
		if in := code[i]; in.op == opPow && in.active == activeB {
			c := emit(e.root, opLogBase, in.a, in.a)
			code[i].c = c
			spans[len(spans)-1] = spans[i]
		}
	}

	// Order the operations: those no constant changes first, each group in
	// its own order (an operation never depends on a later one, and one no
	// constant changes never depends on one that a constant does).
	order := make([]int, 0, len(code))
	split := 0
	for _, want := range []bool{false, true} {
		for i := range code {
			if active[i] == want {
				order = append(order, i)
			}
		}
		if !want {
			split = len(order)
		}
	}
	place := make([]int32, len(code)) // place[old] = new index
	for newIdx, old := range order {
		place[old] = int32(newIdx)
	}

	// Lay out the slots: constants, variables, literals, operations.
	lit0 := int32(nconsts + nvars)
	tmp0 := lit0 + int32(len(lits))
	renumber := func(s int32) int32 {
		switch {
		case s < 0:
			return -1
		case s >= litBase:
			return lit0 + s - litBase
		case s >= lit0:
			return tmp0 + place[s-lit0]
		}
		return s
	}
	t := tape{code: make([]instr, len(code)), spans: make([]span, len(code)), lits: lits, lit0: lit0, tmp0: tmp0,
		split: split, nslots: int(tmp0) + len(code), result: renumber(result), src: e.src}
	for old, in := range code {
		in.a, in.b, in.c = renumber(in.a), renumber(in.b), renumber(in.c)
		t.code[place[old]], t.spans[place[old]] = in, spans[old]
	}
	return t
}

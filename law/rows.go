package law

import "fmt"

// Rows is a data set bound to a Model, with what the law computes from the
// variables alone (a power's log N, a D_c/D) worked out once per row: a fit
// evaluates every row hundreds of times at new constants, and these parts
// never change. It is safe for concurrent use.
type Rows struct {
	m      *Model
	n      int
	stride int       // numbers kept per row: slots nconsts to tmp0+split
	block  []float64 // row after row
}

// Rows prepares a data set for evaluation: columns[j] is the column of the
// j-th variable (in Variables' order), all of one length. A Model without
// variables (a derived quantity) has no rows: evaluate it with Eval.
func (m *Model) Rows(columns [][]float64) *Rows {
	if len(columns) != len(m.vars) {
		panic(fmt.Sprintf("law: Rows with %d columns for %d variables", len(columns), len(m.vars)))
	}
	n := 0
	if len(columns) > 0 {
		n = len(columns[0])
	}
	nc := len(m.consts)
	r := &Rows{m: m, n: n, stride: int(m.tmp0) + m.split - nc}
	r.block = make([]float64, n*r.stride)
	v := make([]float64, m.nslots)
	vars := make([]float64, len(m.vars))
	for i := range n {
		for j, col := range columns {
			if len(col) != n {
				panic(fmt.Sprintf("law: Rows with columns of %d and %d values", n, len(col)))
			}
			vars[j] = col[i]
		}
		m.load(v, v[:nc], vars)
		m.forward(v, 0, m.split)
		copy(r.block[i*r.stride:], v[nc:nc+r.stride])
	}
	return r
}

// Len is the number of rows.
func (r *Rows) Len() int { return r.n }

// load copies the constants and row's precomputed slots into v.
func (r *Rows) load(v []float64, row int, consts []float64) {
	m := r.m
	if len(consts) != len(m.consts) {
		panic(fmt.Sprintf("law: evaluated with %d constants; the model has %d", len(consts), len(m.consts)))
	}
	copy(v, consts)
	copy(v[len(consts):], r.block[row*r.stride:(row+1)*r.stride])
}

// Eval returns the law's value for row at the constants consts, as
// Model.Eval does with the row's variables.
func (r *Rows) Eval(row int, consts []float64) float64 {
	m := r.m
	if m.nslots <= stackScratch {
		var buf [stackScratch]float64
		return r.eval(buf[:m.nslots], row, consts)
	}
	s := m.borrow(m.nslots)
	defer m.pool.Put(s)
	return r.eval(*s, row, consts)
}

func (r *Rows) eval(v []float64, row int, consts []float64) float64 {
	r.load(v, row, consts)
	return r.m.forward(v, r.m.split, len(r.m.code))
}

// EvalGrad returns the law's value for row at consts and writes its
// gradient with respect to the constants into grad, as Model.EvalGrad
// does with the row's variables.
func (r *Rows) EvalGrad(row int, consts, grad []float64) float64 {
	m := r.m
	if len(grad) != len(m.consts) {
		panic(fmt.Sprintf("law: gradient of length %d for %d constants", len(grad), len(m.consts)))
	}
	n := m.gradScratch()
	if n <= stackScratch {
		var buf [stackScratch]float64
		return r.evalGrad(buf[:n], row, consts, grad)
	}
	s := m.borrow(n)
	defer m.pool.Put(s)
	return r.evalGrad(*s, row, consts, grad)
}

func (r *Rows) evalGrad(s []float64, row int, consts, grad []float64) float64 {
	v, adj, pa, pb := r.m.split4(s)
	r.load(v, row, consts)
	res := r.m.forwardGrad(v, pa, pb)
	r.m.reverse(adj, pa, pb, grad)
	return res
}

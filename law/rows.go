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
	for _, col := range columns {
		if len(col) != n {
			panic(fmt.Sprintf("law: Rows with columns of %d and %d values", n, len(col)))
		}
	}
	nc := len(m.consts)
	r := &Rows{m: m, n: n, stride: int(m.tmp0) + m.split - nc}
	r.block = make([]float64, n*r.stride)
	v := make([]float64, m.nslots)
	vars := make([]float64, len(m.vars))
	for i := range n {
		for j, col := range columns {
			vars[j] = col[i]
		}
		m.load(v, v[:nc], source{vars: vars})
		m.forward(v, 0, m.split)
		copy(r.block[i*r.stride:], v[nc:nc+r.stride])
	}
	return r
}

// Len is the number of rows.
func (r *Rows) Len() int { return r.n }

// Eval returns the law's value for row at the constants consts, as
// Model.Eval does with the row's variables.
func (r *Rows) Eval(row int, consts []float64) float64 {
	return r.m.evaluate(consts, r.source(row), false, nil)
}

// EvalGrad returns the law's value for row at consts and writes its
// gradient with respect to the constants into grad, as Model.EvalGrad
// does with the row's variables.
func (r *Rows) EvalGrad(row int, consts, grad []float64) float64 {
	return r.m.evaluate(consts, r.source(row), true, grad)
}

// NumConsts and Predict make Rows a fit.Model, the law over its data
// that package fit fits, with no adapter between them.

// NumConsts is the number of the law's constants.
func (r *Rows) NumConsts() int { return len(r.m.consts) }

// Predict is EvalGrad, or Eval when grad is nil.
func (r *Rows) Predict(consts []float64, row int, grad []float64) float64 {
	if grad == nil {
		return r.Eval(row, consts)
	}
	return r.EvalGrad(row, consts, grad)
}

func (r *Rows) source(row int) source {
	return source{row: r.block[row*r.stride : (row+1)*r.stride], rows: true}
}

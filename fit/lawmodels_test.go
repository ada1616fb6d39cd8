package fit

import "math"

// funcModel is a Model written as a Go closure, standing in for a parsed
// law.
type funcModel struct {
	consts  int
	predict func(p []float64, row int, grad []float64) float64
}

func (m funcModel) NumConsts() int { return m.consts }
func (m funcModel) Predict(p []float64, row int, grad []float64) float64 {
	return m.predict(p, row, grad)
}

// chinchillaNames are the constants of chinchillaModel, in its order.
var chinchillaNames = []string{"E", "A", "B", "alpha", "beta"}
var chinchillaRoles = []Role{Offset, Scale, Scale, Exponent, Exponent}

// chinchillaModel is L = E + A/N^α + B/D^β over the rows (N[i], D[i]).
func chinchillaModel(n, d []float64) Model {
	ln, ld := logs(n), logs(d)
	return funcModel{5, func(p []float64, i int, g []float64) float64 {
		tn := math.Exp(-p[3] * ln[i])
		td := math.Exp(-p[4] * ld[i])
		if g != nil {
			g[0] = 1
			g[1] = tn
			g[2] = td
			g[3] = -p[1] * tn * ln[i]
			g[4] = -p[2] * td * ld[i]
		}
		return p[0] + p[1]*tn + p[2]*td
	}}
}

// oneVarModel is y = E + A·x^(−α), constants E, A, alpha.
func oneVarModel(x []float64) Model {
	lx := logs(x)
	return funcModel{3, func(p []float64, i int, g []float64) float64 {
		t := math.Exp(-p[2] * lx[i])
		if g != nil {
			g[0] = 1
			g[1] = t
			g[2] = -p[1] * t * lx[i]
		}
		return p[0] + p[1]*t
	}}
}

func logs(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Log(x)
	}
	return out
}

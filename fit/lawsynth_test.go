package fit

import (
	"math"
	"math/rand/v2"
)

// Chinchilla's published constants, the truth of the synthetic surfaces.
var chinchillaTruth = []float64{1.817, 477.9, 2142, 0.3473, 0.3671}

// chinchillaSurface is n runs of model sizes from 10⁷ to 10¹⁰ parameters and
// 10⁹ to 10¹² tokens (a seeded pseudo-random design) with losses from the
// law at consts times log-normal noise of standard deviation sigma.
func chinchillaSurface(n int, consts []float64, sigma float64, seed uint64) (ns, ds, ls []float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	m := chinchillaModel([]float64{1}, []float64{1})
	for range n {
		nv := math.Pow(10, 7+3*r.Float64())
		dv := math.Pow(10, 9+3*r.Float64())
		ns, ds = append(ns, nv), append(ds, dv)
	}
	m = chinchillaModel(ns, ds)
	for i := range n {
		ls = append(ls, m.Predict(consts, i, nil)*math.Exp(sigma*r.NormFloat64()))
	}
	return ns, ds, ls
}

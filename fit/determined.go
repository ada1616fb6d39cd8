package fit

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// flatRatio is the smallest singular value of the fit's scaled Jacobian,
// relative to the largest, below which the data cannot tell a direction
// of the constants from no change at all: a change along it moves every
// prediction by about as little as rounding does.
const flatRatio = 1e-8

// checkDetermined reports a constant, or a combination of constants, that
// the data cannot determine at the optimum p: a direction in which the
// Gauss–Newton matrix JᵀJ is singular, J being the derivatives of the
// fitted predictions (log predictions in log space) with respect to the
// searched constants. J's columns are scaled to unit length first, so that
// the test does not depend on the constants' units.
func checkDetermined(obj *objective, p []float64, names []string) error {
	j := obj.jacobian(p)
	n, k := j.Dims()
	for c := range k {
		col := j.ColView(c)
		norm := mat.Norm(col, 2)
		if norm == 0 || math.IsNaN(norm) {
			return &LawError{Msg: fmt.Sprintf("the data cannot determine %s: at the fitted constants, changing it changes no prediction", names[c]), Consts: []string{names[c]}}
		}
		for i := range n {
			j.Set(i, c, j.At(i, c)/norm)
		}
	}
	var svd mat.SVD
	if !svd.Factorize(j, mat.SVDThin) {
		return &LawError{Msg: "the fit's derivatives could not be factorised to check that the data determine every constant", Consts: names}
	}
	s := svd.Values(nil)
	if s[k-1] >= flatRatio*s[0] {
		return nil
	}
	var v mat.Dense
	svd.VTo(&v)
	dir := mat.Col(nil, k-1, &v)
	big := 0.0
	for _, d := range dir {
		big = max(big, math.Abs(d))
	}
	var flat, moves []string
	ref := 0.0
	for c, d := range dir {
		if math.Abs(d) < 0.1*big {
			continue
		}
		if ref == 0 {
			ref = d
		}
		way := "up"
		if d*ref < 0 {
			way = "down"
		}
		flat = append(flat, names[c])
		moves = append(moves, names[c]+" "+way)
	}
	if len(flat) == 1 {
		return &LawError{Msg: fmt.Sprintf("the data cannot determine %s: at the fitted constants, changing it leaves every prediction unchanged", flat[0]), Consts: flat}
	}
	return &LawError{Msg: fmt.Sprintf("the data cannot determine %s separately: moving them together (%s) leaves every prediction unchanged, so only a combination of them is fixed; write the law with one constant in their place, or fix one of them", andList(flat), strings.Join(moves, ", ")), Consts: flat}
}

// jacobian is the derivatives of the fitted predictions (log predictions
// in log space) at the law's constants p over every row, with respect to
// the searched constants: one row per data row.
func (o *objective) jacobian(p []float64) *mat.Dense {
	n, k := len(o.target), len(p)
	j := mat.NewDense(n, k, nil)
	g := make([]float64, k)
	for i := range n {
		pred := o.m.Predict(p, i, g)
		for c, v := range g {
			if o.log {
				v /= pred
			}
			j.Set(i, c, v*o.slope(c, p))
		}
	}
	return j
}

// andList is "a", "a and b", "a, b and c".
func andList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

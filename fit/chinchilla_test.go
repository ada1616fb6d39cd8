package fit

import (
	"encoding/csv"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"testing"
)

var chinchillaPath = flag.String("chinchilla", "", "`path` of Besiroglu et al.'s svg_extracted_data.csv: check FitLaw against their published Chinchilla fit")

// TestChinchillaPublished checks FitLaw against the published refit of
// Hoffmann et al.'s Approach 3 (Besiroglu et al. 2024) on their digitised
// data, which the repository does not hold: run it with
//
//	go test ./fit -run TestChinchillaPublished -count=1 -v -chinchilla PATH
func TestChinchillaPublished(t *testing.T) {
	if *chinchillaPath == "" {
		t.Skip("no -chinchilla data")
	}
	n, d, loss := readChinchilla(t, *chinchillaPath)
	m := chinchillaModel(n, d)
	o := LawOptions{Names: chinchillaNames, Roles: chinchillaRoles, Loss: Huber, Delta: 1e-3, Log: true,
		Start:     map[string][2]float64{"E": {math.Exp(-1), math.Exp(1)}, "A": {1, math.Exp(25)}, "B": {1, math.Exp(25)}},
		Bootstrap: 4000, Seed: 1}
	r, err := FitLaw(m, loss, o)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		name      string
		got, want float64
		tol       float64
		rel       bool
		se, seRef float64
	}
	rows := []row{
		{"E", r.Consts[0], 1.817, 0.002, false, r.Params[0].SE, 0.026},
		{"A", r.Consts[1], 477.9, 0.05, true, r.Params[1].SE, 0},
		{"B", r.Consts[2], 2142, 0.05, true, r.Params[2].SE, 0},
		{"alpha", r.Consts[3], 0.3473, 0.002, false, r.Params[3].SE, 0.015},
		{"beta", r.Consts[4], 0.3671, 0.002, false, r.Params[4].SE, 0.021},
		{"objective", r.Objective, 0.00101827, 1e-8, false, 0, 0},
	}
	fmt.Printf("n = %d, starts %d (refined %d), converged %v after %d iterations, R² %.4f, bootstrap %d (failed %d)\n",
		r.N, r.Starts, r.Refined, r.Converged, r.Iterations, r.R2, len(r.Replicates), r.Failed)
	fmt.Printf("%-9s %12s %12s %10s %10s %10s\n", "constant", "fitted", "published", "SE", "SE publ.", "95% CI")
	for _, c := range rows {
		off := math.Abs(c.got - c.want)
		if c.rel {
			off /= c.want
		}
		ok := off <= c.tol
		if c.seRef > 0 {
			ok = ok && math.Abs(c.se-c.seRef) <= 0.25*c.seRef
		}
		ci := ""
		if c.name != "objective" {
			j := slices.Index(chinchillaNames, c.name)
			ci = fmt.Sprintf("[%.4g, %.4g]", r.Params[j].CI95[0], r.Params[j].CI95[1])
		}
		if c.name == "objective" {
			fmt.Printf("%-9s %12.10f %12.8f %33s ok=%v\n", c.name, c.got, c.want, "", ok)
		} else {
			fmt.Printf("%-9s %12.6g %12.6g %10.3g %10.3g %-20s ok=%v\n", c.name, c.got, c.want, c.se, c.seRef, ci, ok)
		}
		if !ok {
			t.Errorf("%s = %.6g (SE %.3g), published %.6g (SE %.3g)", c.name, c.got, c.se, c.want, c.seRef)
		}
	}
	a := make([]float64, len(r.Replicates))
	for i, p := range r.Replicates {
		a[i] = p[4] / (p[3] + p[4])
	}
	e := Summarize(r.Consts[4]/(r.Consts[3]+r.Consts[4]), a)
	fmt.Printf("derived a = beta/(alpha+beta) = %.4f ± %.4f, 95%% CI [%.4f, %.4f] (published 0.514 ± 0.02)\n", e.Estimate, e.SE, e.CI95[0], e.CI95[1])
}

// readChinchilla reads model size N, tokens D = C/(6N) and loss from the
// digitised CSV file, without the five highest losses.
func readChinchilla(t *testing.T, path string) (n, d, loss []float64) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int {
		i := slices.Index(recs[0], name)
		if i < 0 {
			t.Fatalf("%s: no column %q", path, name)
		}
		return i
	}
	cn, cc, cl := col("Model Size"), col("Training FLOP"), col("loss")
	type run struct{ n, c, l float64 }
	var runs []run
	for _, rec := range recs[1:] {
		var r run
		for i, dst := range []*float64{&r.n, &r.c, &r.l} {
			v, err := strconv.ParseFloat(rec[[]int{cn, cc, cl}[i]], 64)
			if err != nil {
				t.Fatal(err)
			}
			*dst = v
		}
		runs = append(runs, r)
	}
	slices.SortStableFunc(runs, func(a, b run) int { return -cmpFloat(a.l, b.l) })
	for _, r := range runs[5:] {
		n = append(n, r.n)
		d = append(d, r.c/(6*r.n))
		loss = append(loss, r.l)
	}
	return n, d, loss
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

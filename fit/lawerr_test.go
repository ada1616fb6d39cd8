package fit

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// redundantModel is y = A·B·x^c: only the product A·B is determined.
func redundantModel(x []float64) Model {
	lx := logs(x)
	return funcModel{3, func(p []float64, i int, g []float64) float64 {
		t := math.Exp(p[2] * lx[i])
		if g != nil {
			g[0] = p[1] * t
			g[1] = p[0] * t
			g[2] = p[0] * p[1] * t * lx[i]
		}
		return p[0] * p[1] * t
	}}
}

// lineModel is y = a − b·x.
func lineModel(x []float64) Model {
	return funcModel{2, func(p []float64, i int, g []float64) float64 {
		if g != nil {
			g[0] = 1
			g[1] = -x[i]
		}
		return p[0] - p[1]*x[i]
	}}
}

// sqrtModel is y = b·sqrt(a), which is no number for a < 0.
func sqrtModel() Model {
	return funcModel{2, func(p []float64, i int, g []float64) float64 {
		if g != nil {
			g[0] = p[1] / (2 * math.Sqrt(p[0]))
			g[1] = math.Sqrt(p[0])
		}
		return p[1] * math.Sqrt(p[0])
	}}
}

func TestFitLawErrors(t *testing.T) {
	x := refX()
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = 3 * math.Pow(v, -0.2) * (1 + 0.01*math.Sin(float64(i)))
	}
	small := []float64{1, 2, 3, 4, 5, 6}
	tests := []struct {
		name   string
		m      Model
		y      []float64
		o      LawOptions
		want   string // in the message
		consts []string
		rows   []int
	}{
		{"too few points", oneVarModel(x[:3]), y[:3], LawOptions{Names: oneVarNames, Roles: oneVarRoles},
			"3 points cannot determine 3 constants (E, A, alpha): a fit needs at least 4 points", oneVarNames, nil},
		{"redundant constant", redundantModel(x), y, LawOptions{Names: []string{"A", "B", "c"}, Roles: []Role{Scale, Scale, Exponent}, Log: true, Start: map[string][2]float64{"c": {-1, 1}}},
			"the data cannot determine A and B separately: moving them together (A up, B down)", []string{"A", "B"}, nil},
		{"log of a negative prediction", lineModel(small), small, LawOptions{Names: []string{"a", "b"}, Log: true, Start: map[string][2]float64{"a": {-2, -1}, "b": {0, 1}}},
			"no starting point gives a finite objective: the law predicts 0 or less, whose logarithm is undefined, at points 1, 2, 3, 4, 5, 6", []string{"a", "b"}, []int{0, 1, 2, 3, 4, 5}},
		{"prediction not a number", sqrtModel(), small, LawOptions{Names: []string{"a", "b"}, Start: map[string][2]float64{"a": {-3, -1}, "b": {0, 1}}},
			"no starting point gives a finite objective: the law's value is not a finite number at points 1, 2, 3, 4, 5, 6", []string{"a", "b"}, []int{0, 1, 2, 3, 4, 5}},
		{"response not above 0 in log space", lineModel(small), []float64{1, 0, 3, -4, 5, 6}, LawOptions{Names: []string{"a", "b"}, Log: true},
			"which is 0 or below at points 2, 4", nil, []int{1, 3}},
		{"constant named twice", lineModel(small), small, LawOptions{Names: []string{"a", "a"}}, "the constant a is named twice", []string{"a"}, nil},
		{"too few roles", lineModel(small), small, LawOptions{Names: []string{"a", "b"}, Roles: []Role{Offset}}, "the law has 2 constants but 1 roles", nil, nil},
		{"unknown loss", lineModel(small), small, LawOptions{Names: []string{"a", "b"}, Loss: "cauchy"}, `unknown loss "cauchy": use huber or squared`, nil, nil},
		{"start for no constant", lineModel(small), small, LawOptions{Names: []string{"a", "b"}, Start: map[string][2]float64{"c": {0, 1}}},
			`start gives a range for "c", which is not a constant of the law (its constants are a, b)`, []string{"c"}, nil},
		{"start range reversed", lineModel(small), small, LawOptions{Names: []string{"a", "b"}, Start: map[string][2]float64{"b": {1, 0}}},
			"the start range of b, [1, 0], must be two finite numbers, the lower first", []string{"b"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FitLaw(tt.m, tt.y, tt.o)
			var le *LawError
			if !errors.As(err, &le) {
				t.Fatalf("error %v, want a *LawError", err)
			}
			if !strings.Contains(le.Msg, tt.want) {
				t.Errorf("message %q\nwant it to say %q", le.Msg, tt.want)
			}
			if !slices.Equal(le.Consts, tt.consts) || !slices.Equal(le.Rows, tt.rows) {
				t.Errorf("constants %q rows %v, want %q %v", le.Consts, le.Rows, tt.consts, tt.rows)
			}
		})
	}
}

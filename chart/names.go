package chart

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/internal/plaintex"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/table"
)

// Series named by numbers (a FLOP budget of 6e18, a width of 1024) are
// named in the legend as a reader writes them: 6×10¹⁸, 1024. They are also
// drawn in numeric order, not in the order the rows came.

// NumericNames reports whether every series of the chart is named by a
// number, and returns those numbers.
func NumericNames(c *site.Chart) (map[string]float64, bool) {
	vals := map[string]float64{}
	for _, p := range c.Panels {
		for _, s := range p.Series {
			v, missing, ok := table.Number(s.Name)
			if missing || !ok {
				return nil, false
			}
			vals[s.Name] = v
		}
	}
	return vals, len(vals) > 1
}

// sortedSeries returns a panel's series, in numeric order when they are
// named by numbers.
func sortedSeries(p site.Panel, nums map[string]float64) []site.Series {
	if nums == nil {
		return p.Series
	}
	out := slices.Clone(p.Series)
	slices.SortStableFunc(out, func(a, b site.Series) int { return cmp.Compare(nums[a.Name], nums[b.Name]) })
	return out
}

// numberName writes a number for a legend: plainly between 0.001 and
// 100,000, else as m×10ⁿ with at most three significant digits.
func numberName(v float64) string {
	a := math.Abs(v)
	if a == 0 || (a >= 1e-3 && a < 1e5) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	// strconv rounds the mantissa to three figures and carries into the
	// exponent itself, subnormals included, where v/10^e would underflow.
	sci := strconv.FormatFloat(v, 'e', 2, 64) // "-2.50e-315"
	i := strings.IndexByte(sci, 'e')
	m, _ := strconv.ParseFloat(sci[:i], 64)
	e, _ := strconv.Atoi(sci[i+1:])
	exp, _ := plaintex.Superscript(strconv.Itoa(e))
	pow := "10" + exp
	switch m {
	case 1:
		return pow
	case -1:
		return "-" + pow
	}
	return strconv.FormatFloat(m, 'g', -1, 64) + "×" + pow
}

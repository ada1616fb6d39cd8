package chartspec

import (
	"math"
	"strconv"
)

// MaxBootstrap is the most resamples a fit's bootstrap may ask for: past
// it the intervals change in digits nobody quotes, and the build slows.
const MaxBootstrap = 100000

// fitBootstrap reads `bootstrap`: how many times to resample the points
// and refit, for standard errors and 95% intervals; 0 for none.
func (p *parser) fitBootstrap(e entry) int {
	v, text, pos, ok := p.number(e)
	if !ok || v == nil {
		return 0
	}
	if *v != math.Trunc(*v) || *v < 0 || *v > MaxBootstrap {
		p.errorf(pos, "fit bootstrap is %s: it is how many times to resample the points and refit, a whole number from 0 (none) to %s; 1000 is usual", text, strconv.Itoa(MaxBootstrap))
		return 0
	}
	return int(*v)
}

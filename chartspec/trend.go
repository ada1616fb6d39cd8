package chartspec

import (
	"math"
	"strconv"

	"github.com/scalesite/scalesite/fit"
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

// checkBootstrap reports a bootstrap asked of a fit that has no intervals
// to give: only exponential fits, fits by law (law.go) and isoflop charts'
// power laws have them so far, and a key that silently did nothing would
// mislead.
func (p *parser) checkBootstrap(f *Fit, where string) {
	if f.Bootstrap > 0 && f.Type != fit.Exponential && f.Type != FitLaw {
		p.errorf(f.Pos, "the fit%s asks for a bootstrap, which gives intervals for exponential fits, fits by law and isoflop charts only; a %s fit has none: leave bootstrap out, or write the law with law:", where, f.Type)
	}
}

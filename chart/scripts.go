package chart

import (
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/themes"
)

// Scripts returns the theme's chart scripts that only some charts need
// (themes.OptionalScripts) which a page showing chart c must load, in
// their order: themes.SmoothScript when one of its panels smooths its
// lines (a panel whose every series a style draws as points asks for it
// too, and has no control). It is the one rule of which chart needs which
// script: the renderer loads those of all a page's charts.
func Scripts(c *chartspec.Chart) []string {
	if c == nil {
		return nil
	}
	for _, p := range c.Panels {
		if smoothsLines(p) {
			return []string{themes.SmoothScript}
		}
	}
	return nil
}

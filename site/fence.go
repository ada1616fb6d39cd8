package site

import (
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/markdown"
)

// unclosedChart reports a ```chart block that no closing fence ends, at its
// opening fence, or returns nil. Such a block runs to the end of the page
// (or of its list item or block quote), so its spec holds the prose after
// it, and parsing that as YAML would report some line of the prose
// ("non-map value") instead of the missing fence. bodyLine is the page
// line where the Markdown body starts.
func unclosedChart(cb *markdown.ChartBlock, file string, bodyLine int) error {
	if !cb.Unclosed {
		return nil
	}
	return diag.Errorf(diag.Pos{File: file, Line: bodyLine + cb.FenceLine - 1, Col: cb.FenceCol},
		"this %schart block is never closed: end the chart spec with a line holding only %s", cb.Fence, cb.Fence)
}

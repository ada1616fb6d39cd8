package chart

import (
	"bytes"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/themes"
)

// TestScripts: a chart needs the smoothing control's script when one of
// its panels smooths its lines, and no optional script otherwise.
func TestScripts(t *testing.T) {
	const line = "data: runs.csv\nx: step\ny: loss\ntype: line\n"
	smooth := []string{themes.SmoothScript}
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"a line", line, nil},
		{"an EMA", line + "smooth: {ema: 0.9}\n", smooth},
		{"a moving mean", line + "smooth: {window: 9}\n", smooth},
		{"smoothing off", line + "smooth: false\n", nil},
		{"ema 0 is smoothing still (the slider moves it)", line + "smooth: {ema: 0}\n", smooth},
		{"one panel of two", "data: runs.csv\ny: loss\ntype: line\npanels:\n  - {x: step}\n  - {x: tokens, smooth: {window: 5}}\n", smooth},
		{"every panel turns it off", "data: runs.csv\ny: loss\ntype: line\nsmooth: {ema: 0.9}\npanels:\n  - {x: step, smooth: false}\n", nil},
		{"a scatter beside a smoothed line", "data: runs.csv\ny: loss\nsmooth: {ema: 0.9}\npanels:\n  - {x: step, type: line}\n  - {x: tokens, type: scatter}\n", smooth},
		{"a scatter alone", "data: runs.csv\nx: step\ny: loss\ntype: scatter\n", nil},
	}
	for _, tt := range tests {
		c, err := chartspec.Parse([]byte(tt.src), diag.Pos{File: "content/runs.md", Line: 3})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := Scripts(c); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Scripts = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := Scripts(nil); got != nil {
		t.Errorf("Scripts(nil) = %q, want none", got)
	}
}

// TestScriptsMatchOptions: over the demo and the chart corpus, a chart
// needs the smoothing control's script exactly when its option has a
// smoothed line for it to redraw (the mark smooth.js looks for).
func TestScriptsMatchOptions(t *testing.T) {
	smoothed := 0
	for _, c := range chartcorpus.Charts(t, "..") {
		marked := bytes.Contains(OptionBytes(Option(c)), []byte(`"scalesiteSmooth":`))
		needs := slices.Contains(Scripts(c.Spec), themes.SmoothScript)
		if marked != needs {
			t.Errorf("%s: its option has a smoothed line: %v; Scripts asks for %s: %v", c.ID, marked, themes.SmoothScript, needs)
		}
		if marked {
			smoothed++
		}
	}
	if smoothed == 0 {
		t.Error("no chart of the corpus is smoothed: the test tells nothing")
	}
}

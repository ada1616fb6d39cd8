package main

import (
	"runtime/debug"
	"testing"
)

// TestCollectLess checks that a build collects at buildGCPercent, unless
// the GOGC variable sets the collector's pace.
func TestCollectLess(t *testing.T) {
	tests := []struct {
		gogc string
		want int
	}{
		{"", buildGCPercent},
		{"300", 123}, // the runtime read GOGC at start; collectLess leaves it
		{"off", 123},
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tt := range tests {
		t.Setenv("GOGC", tt.gogc)
		debug.SetGCPercent(123)
		collectLess()
		if got := debug.SetGCPercent(100); got != tt.want {
			t.Errorf("GOGC=%q: the collector's percent is %d, want %d", tt.gogc, got, tt.want)
		}
	}
}

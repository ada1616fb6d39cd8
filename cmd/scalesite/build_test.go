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

// TestLimitBuildMemory checks that a build's memory limit is sized by its
// pages, unless the GOMEMLIMIT variable sets it.
func TestLimitBuildMemory(t *testing.T) {
	tests := []struct {
		gomemlimit string
		pages      int
		want       int64
	}{
		{"", 1, 400<<20 + 2<<10},
		{"", 60_000, 400<<20 + 60_000*2<<10}, // 517 MiB, below the 560 MiB of a preview
		{"1GiB", 1, 123 << 20},               // the runtime read GOMEMLIMIT at start; limitBuildMemory leaves it
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	for _, tt := range tests {
		t.Setenv("GOMEMLIMIT", tt.gomemlimit)
		debug.SetMemoryLimit(123 << 20)
		limitBuildMemory(tt.pages)
		if got := debug.SetMemoryLimit(-1); got != tt.want {
			t.Errorf("GOMEMLIMIT=%q, %d pages: the limit is %d, want %d", tt.gomemlimit, tt.pages, got, tt.want)
		}
	}
}

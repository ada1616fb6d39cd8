package main

import (
	"flag"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestVenueTable holds the presets to the style files' arithmetic: each
// venue's column is its text width less the column gap, halved, with the
// gaps of the style files (ICML 0.25 in, ACL 0.6 cm, IEEEtran 1 pc); the
// texts are 8 or 9 pt, the names unique and lower case.
func TestVenueTable(t *testing.T) {
	by := map[string]venue{}
	for _, v := range venues {
		if _, dup := by[v.Name]; dup || v.Name != strings.ToLower(v.Name) || v.Name == "list" {
			t.Errorf("venue name %q: not unique, not lower case, or list", v.Name)
		}
		by[v.Name] = v
		if v.Width < 2.5 || v.Width > 7.5 || v.FontPt < 7 || v.FontPt > 10 || v.What == "" {
			t.Errorf("%s: %g in, %g pt, %q", v.Name, v.Width, v.FontPt, v.What)
		}
	}
	for _, tc := range []struct {
		column, wide  string
		wideIn, gapIn float64
		fontPt        float64
	}{
		{"icml", "icml-wide", 6.75, 0.25, 8},
		{"acl", "acl-wide", 16 / 2.54, 0.6 / 2.54, 9},
		{"ieee", "ieee-wide", 43 * 12 / 72.27, 12 / 72.27, 8},
	} {
		col, wide := by[tc.column], by[tc.wide]
		if math.Abs(wide.Width-tc.wideIn) > 1e-9 || math.Abs(col.Width-(tc.wideIn-tc.gapIn)/2) > 1e-9 {
			t.Errorf("%s %g in, %s %g in; want %g and %g", tc.column, col.Width, tc.wide, wide.Width, (tc.wideIn-tc.gapIn)/2, tc.wideIn)
		}
		if col.FontPt != tc.fontPt || wide.FontPt != tc.fontPt {
			t.Errorf("%s: %g and %g pt, want %g", tc.column, col.FontPt, wide.FontPt, tc.fontPt)
		}
	}
	if v := by["neurips"]; v.Width != 5.5 || v.FontPt != 9 {
		t.Errorf("neurips: %+v", v)
	}
}

// TestApplyVenue: a venue sets --width and --font-size, unless the command
// line gave them; a name that is no venue is an error that lists them.
func TestApplyVenue(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		venue     string
		width     string
		font      float64
		wantError bool
	}{
		{nil, "icml", "3.2500in", 8, false},
		{nil, "IEEE", "3.4869in", 8, false},
		{nil, "acl-wide", "6.2992in", 9, false},
		{[]string{"--width", "6in"}, "neurips", "6in", 9, false},
		{[]string{"--font-size", "7"}, "icml", "3.2500in", 7, false},
		{nil, "jmlr", "6.5in", 8, true},
	} {
		fs := flag.NewFlagSet("figure", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		width := fs.String("width", "6.5in", "")
		font := fs.Float64("font-size", 8, "")
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		err := applyVenue(fs, tc.venue)
		if (err != nil) != tc.wantError {
			t.Errorf("%s %v: error %v", tc.venue, tc.args, err)
		}
		if err != nil && !strings.Contains(err.Error(), venueNames()) {
			t.Errorf("the error names no venues: %v", err)
		}
		if *width != tc.width || *font != tc.font {
			t.Errorf("%s %v: --width %s --font-size %g; want %s, %g", tc.venue, tc.args, *width, *font, tc.width, tc.font)
		}
	}
}

// TestFigureVenue draws a figure for an IEEE column: a PDF 21 pc wide; and
// lists the venues.
func TestFigureVenue(t *testing.T) {
	src := site(t, good)
	out := filepath.Join(t.TempDir(), "fig.pdf")
	code, stdout, stderr := runCmd("figure", "--source", src, "--venue", "ieee", "-o", out, "/runs/#1")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/MediaBox\[0 0 ([0-9.]+) `).FindSubmatch(b)
	if m == nil {
		t.Fatal("no MediaBox")
	}
	// 252 TeX pt is 251.1 PostScript pt; the width is rounded to whole px
	if w, _ := strconv.ParseFloat(string(m[1]), 64); math.Abs(w-252/72.27*72) > 0.75 {
		t.Errorf("the page is %g pt wide, want %.1f (an IEEE column)", w, 252/72.27*72)
	}

	code, stdout, _ = runCmd("figure", "--venue", "list")
	if code != 0 {
		t.Errorf("--venue list: exit %d", code)
	}
	for _, v := range venues {
		if !strings.Contains(stdout, v.Name+" ") {
			t.Errorf("--venue list has no %s:\n%s", v.Name, stdout)
		}
	}
	code, _, stderr = runCmd("figure", "--source", src, "--venue", "jmlr", "/runs/#1")
	if code != 2 || !strings.Contains(stderr, venueNames()) {
		t.Errorf("--venue jmlr: exit %d, %s", code, stderr)
	}
}

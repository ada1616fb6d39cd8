package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFigureSameBytes draws one chart twice, a clock second apart, in each
// format, into two files: the files are the same bytes, so that a paper
// that commits its figures sees no change when nothing changed. With
// SOURCE_DATE_EPOCH set the PDF carries that date as its CreationDate.
func TestFigureSameBytes(t *testing.T) {
	src := site(t, good)
	dir := t.TempDir()
	draw := func(name string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		code, stdout, stderr := runCmd("figure", "--source", src, "--width", "3.25in", "--dpi", "96", "-o", out, "/runs/#1")
		if code != 0 {
			t.Fatalf("figure -o %s: exit %d: %s%s", name, code, stdout, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	first := map[string][]byte{}
	for _, format := range figureFormats {
		first[format] = draw("a." + format)
	}
	// one wait for the clock's next second, for every format
	for t0 := time.Now().Unix(); time.Now().Unix() == t0; {
		time.Sleep(10 * time.Millisecond)
	}
	for _, format := range figureFormats {
		if second := draw("b." + format); !bytes.Equal(first[format], second) {
			t.Errorf("%s: two runs differ (%d and %d bytes)", format, len(first[format]), len(second))
		}
	}

	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	pdf := draw("dated.pdf")
	if !bytes.Contains(pdf, []byte("/CreationDate(D:20231114221320Z)")) {
		t.Error("SOURCE_DATE_EPOCH=1700000000: the PDF has no CreationDate of 2023-11-14 22:13:20 UTC")
	}
	t.Setenv("SOURCE_DATE_EPOCH", "yesterday")
	code, _, stderr := runCmd("figure", "--source", src, "-o", filepath.Join(dir, "x.pdf"), "/runs/#1")
	if code != 2 || !strings.Contains(stderr, "SOURCE_DATE_EPOCH") {
		t.Errorf("SOURCE_DATE_EPOCH=yesterday: exit %d, %s", code, stderr)
	}
}

func TestSourceDate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Time
		err  bool
	}{
		{"", time.Time{}, false},
		{"0", time.Unix(0, 0).UTC(), false},
		{"1700000000", time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC), false},
		{" 1700000000\n", time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC), false},
		{"-1", time.Time{}, true},
		{"1.5", time.Time{}, true},
		{"2023-11-14", time.Time{}, true},
		{"99999999999999", time.Time{}, true},
	} {
		got, err := sourceDate(tc.in)
		if (err != nil) != tc.err || !got.Equal(tc.want) {
			t.Errorf("sourceDate(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

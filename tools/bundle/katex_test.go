package main

import (
	"slices"
	"strings"
	"testing"
)

func TestWoff2Only(t *testing.T) {
	const face = `@font-face{font-family:KaTeX_%s;src:url(fonts/KaTeX_%s.woff2) format("woff2"),url(fonts/KaTeX_%s.woff) format("woff"),url(fonts/KaTeX_%s.ttf) format("truetype")}`
	css := strings.NewReplacer("%s", "Main-Regular").Replace(face) + `.katex{font:normal 1.21em KaTeX_Main}` +
		strings.NewReplacer("%s", "AMS-Regular").Replace(face)
	out, fonts, err := woff2Only([]byte(css))
	if err != nil {
		t.Fatal(err)
	}
	want := `@font-face{font-family:KaTeX_Main-Regular;src:url(fonts/KaTeX_Main-Regular.woff2) format("woff2")}.katex{font:normal 1.21em KaTeX_Main}` +
		`@font-face{font-family:KaTeX_AMS-Regular;src:url(fonts/KaTeX_AMS-Regular.woff2) format("woff2")}`
	if string(out) != want {
		t.Errorf("stylesheet:\n got %s\nwant %s", out, want)
	}
	if !slices.Equal(fonts, []string{"fonts/KaTeX_AMS-Regular.woff2", "fonts/KaTeX_Main-Regular.woff2"}) {
		t.Errorf("fonts: %v", fonts)
	}

	for _, bad := range []string{
		`@font-face{font-family:X;src:url(fonts/X.woff) format("woff")}`, // no WOFF2
		`.katex{font:normal 1.21em KaTeX_Main}`,                          // no font at all
		`@font-face{src:url(fonts/X.woff2) format("woff2")}@font-face{src:local(X),url(fonts/Y.ttf) format("truetype")}`,
	} {
		if _, _, err := woff2Only([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

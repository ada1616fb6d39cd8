package yamlx

import (
	"strings"
	"testing"
	"time"
)

func TestCheckLimits(t *testing.T) {
	deepIndent := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(" ", i) + "k:\n")
		}
		return b.String()
	}
	tests := []struct {
		name      string
		src       string
		line, col int // 0 for no error
		msg       string
	}{
		{"a chart spec", "type: line\ndata: runs.csv\nx: {field: flops, scale: log}\npanels:\n  - {title: A, hlines: [1, {y: 2}]}\n", 0, 0, ""},
		{"63 brackets in the document", strings.Repeat("[", 63) + strings.Repeat("]", 63), 0, 0, ""},
		{"65 brackets", "x: " + strings.Repeat("[", 65), 1, 67, "spec is nested more than 64 levels deep here: no setting needs that many; check the brackets and the indentation"},
		{"100,000 brackets", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), 1, 64, "nested more than 64"},
		{"brackets over lines", "x: [\n" + strings.Repeat("  [\n", 70), 64, 3, "nested more than 64"},
		{"under a block mapping", "a:\n  b:\n    c: " + strings.Repeat("{x: ", 62), 3, 252, "nested more than 64"},
		{"indentation", deepIndent(65), 65, 65, "nested more than 64"},
		{"64 levels of indentation", deepIndent(64), 0, 0, ""},
		{"dashes", strings.Repeat("- ", 100000) + "x\n", 1, 127, "nested more than 64"},
		{"brackets in quotes", `title: "` + strings.Repeat("[", 100) + `"` + "\nnote: '" + strings.Repeat("{", 100) + "'\n", 0, 0, ""},
		{"quotes over lines", "title: \"a\n  " + strings.Repeat("[", 100) + "\"\n", 0, 0, ""},
		{"escaped quote", `title: "a\"` + strings.Repeat("[", 100) + `"`, 0, 0, ""},
		{"doubled single quote", `title: 'it''s ` + strings.Repeat("[", 100) + `'`, 0, 0, ""},
		{"brackets in a comment", "x: 1 # " + strings.Repeat("[", 100), 0, 0, ""},
		{"brackets in plain text", "title: a " + strings.Repeat("[", 100), 0, 0, ""},
		{"brackets in a block scalar", "data: |\n  " + strings.Repeat("[", 100) + "\n  a,b\nx: a\n", 0, 0, ""},
		{"block scalar ends", "data: >-\n  " + strings.Repeat("[", 100) + "\nx: " + strings.Repeat("[", 65), 3, 67, "nested more than 64"},
		{"a quote in a word", "title: it's " + strings.Repeat("[", 10) + "\nx: " + strings.Repeat("[", 65), 2, 67, "nested more than 64"},
		{"flow after a word is not hidden", "x: [b 'c " + strings.Repeat("[", 65), 1, 72, "nested more than 64"},
		{"too large", strings.Repeat("a: b\n", MaxSize/5+1), 1, 1, "spec is 257 KB of YAML, more than the 256 KB allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckLimits([]byte(tt.src), "the spec")
			if tt.line == 0 {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil || err.Line != tt.line || err.Col != tt.col || !strings.Contains(err.Msg, tt.msg) {
				t.Fatalf("error %v, want %d:%d: …%s…", err, tt.line, tt.col, tt.msg)
			}
		})
	}
}

// TestCheckLimitsLinear checks that a megabyte of nesting, of each kind, is
// refused in well under a second (the YAML library never finished on it).
func TestCheckLimitsLinear(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("[", 1000000),
		strings.Repeat("{a: ", 250000),
		strings.Repeat("- ", 500000),
		strings.Repeat("[", MaxSize-1),
	} {
		start := time.Now()
		err := CheckLimits([]byte(src), "the spec")
		if err == nil {
			t.Fatalf("no error for %d bytes of nesting", len(src))
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%d bytes took %v", len(src), d)
		}
	}
}

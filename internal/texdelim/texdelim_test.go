package texdelim

import "testing"

func TestCloser(t *testing.T) {
	tests := []struct {
		line, close string
		afterSpace  bool
		i           int
		ok          bool
	}{
		{`x^2$ rest`, "$", false, 3, true},
		{`5 and $10`, "$", false, 6, false},   // a space before: the opening $ was a dollar sign
		{`5$10`, "$", false, 1, false},        // a digit after
		{`\$5$`, "$", false, 3, true},         // an escaped $ is passed over
		{"see `$HOME`", "$", false, 4, false}, // a backtick first
		{`a $ b$$ c`, "$$", false, 5, true},   // single $ inside $$…$$
		{`\)x\)`, `\)`, false, 0, true},
		{`no close`, "$", false, -1, true},
		{`$`, "$", true, 0, false}, // the line before ended: a space before
		{``, "$", false, -1, true},
	}
	for _, tt := range tests {
		i, ok := Closer(tt.line, tt.close, tt.afterSpace)
		if i != tt.i || ok != tt.ok {
			t.Errorf("Closer(%q, %q, %v) = %d, %v; want %d, %v", tt.line, tt.close, tt.afterSpace, i, ok, tt.i, tt.ok)
		}
	}
}

// FuzzCloser: the rule reads strings and bytes alike, and what it returns
// is inside the line, at the delimiter.
func FuzzCloser(f *testing.F) {
	for _, s := range []string{"x$", "5 and $10", "a `$` b$", `\$$`, "$$x$$"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, line string, afterSpace bool) {
		for _, c := range []string{"$", "$$", `\)`} {
			i, ok := Closer(line, c, afterSpace)
			j, ok2 := Closer([]byte(line), c, afterSpace)
			if i != j || ok != ok2 {
				t.Fatalf("%q: string %d %v, bytes %d %v", line, i, ok, j, ok2)
			}
			if i >= len(line) || i < -1 {
				t.Fatalf("%q: index %d out of the line", line, i)
			}
			if i >= 0 && ok && line[i:i+len(c)] != c {
				t.Fatalf("%q: %d is not at %q", line, i, c)
			}
		}
	})
}

package yamlx

import "testing"

func TestQuoteColonValues(t *testing.T) {
	tests := []struct{ in, want string }{
		{"title: Audio models: ROC-AUC vs. parameters\n", "title: \"Audio models: ROC-AUC vs. parameters\"\n"},
		{"title: plain\n", "title: plain\n"},
		{"title: \"quoted: fine\"\n", "title: \"quoted: fine\"\n"},
		{"x: {field: a, title: b}\n", "x: {field: a, title: b}\n"},
		{"  - title: Panel: left\n", "  - title: \"Panel: left\"\n"},
		{"title: Results:\r\n", "title: \"Results:\"\r\n"},
		{"title: A: b # note\n", "title: \"A: b\" # note\n"},
		{"data: |\n  a,b\n  x: y: z\ntitle: a: b\n", "data: |\n  a,b\n  x: y: z\ntitle: \"a: b\"\n"},
		{"note: 10:30\n", "note: 10:30\n"},
		{"title: Say \"hi\": now\n", "title: \"Say \\\"hi\\\": now\"\n"},
		{"", ""},
		{"x: {field: a,\n    min: 5e7, max: 1e10}\ntitle: A: b\n", "x: {field: a,\n    min: 5e7, max: 1e10}\ntitle: \"A: b\"\n"},
		{"tags: [a,\n  b: c]\n", "tags: [a,\n  b: c]\n"},
	}
	for _, tt := range tests {
		if got := string(QuoteColonValues([]byte(tt.in))); got != tt.want {
			t.Errorf("QuoteColonValues(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzQuoteColonValues(f *testing.F) {
	f.Add("title: a: b\nx: 1\n")
	f.Add("  - title: P: q\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		out := QuoteColonValues([]byte(s))
		if countLines(out) != countLines([]byte(s)) {
			t.Fatalf("line count changed: %q -> %q", s, out)
		}
	})
}

func countLines(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

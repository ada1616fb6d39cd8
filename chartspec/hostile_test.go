package chartspec

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestHostileSpecs feeds Parse specs meant to escape from its messages or
// to exhaust the machine, and checks that each ends quickly in a clear,
// positioned error whose messages are quoted, cut and escaped.
func TestHostileSpecs(t *testing.T) {
	const ok = "data: runs.csv\nx: flops\ny: loss\n"
	laughs := ok + "where:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 1; i < 9; i++ {
		laughs += fmt.Sprintf("  a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
	}
	laughs += "panels:\n" + strings.Repeat("  - {where: {m: *a8}}\n", 100)
	tests := []struct {
		name, src string
		want      string // the first message, from its position on
	}{
		{"a key with a workflow command", ok + "\"x\\n::error file=x::pwned\": 1\n",
			`content/audio.md:13:1: unknown key "x\n::error file=x::pwned": the keys of a chart are`},
		{"a key with escapes", ok + "\"\\e[2J\\0\": 1\n", `content/audio.md:13:1: unknown key "\x1b[2J\x00"`},
		{"a megabyte key", ok + strings.Repeat("k", 1<<17) + ": 1\n", `content/audio.md:13:1: unknown key "kkkkk`},
		{"a megabyte type", "type: " + strings.Repeat("t", 1<<17) + "\n" + ok, `content/audio.md:10:7: unknown chart type "tttt`},
		{"a hostile alias", ok + "title: *\x1b\n", `content/audio.md:13:`},
		{"an unknown alias", ok + "title: *nothing\n", `content/audio.md:13:8: the alias "*nothing" refers to no anchor "&nothing" above it`},
		{"a hostile where column", ok + "where: {\"::error::\\u001b\": ~}\n", `content/audio.md:13:28: where "::error::\x1b" has no value`},
		{"100,000 brackets", ok + "title: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n",
			"content/audio.md:13:71: this chart spec is nested more than 64 levels deep here: no setting needs that many; check the brackets and the indentation"},
		{"1,000,000 brackets", ok + "title: " + strings.Repeat("[", 1000000) + "\n",
			"content/audio.md:10:1: this chart spec is 977 KB of YAML, more than the 256 KB allowed: put large data in a CSV file beside the page (data: runs.csv)"},
		{"100,000 dashes", ok + "panels:\n" + strings.Repeat("- ", 100000) + "x\n",
			"content/audio.md:14:127: this chart spec is nested more than 64 levels deep here"},
		{"deep indentation", ok + deepKeys(100), "content/audio.md:77:65: this chart spec is nested more than 64 levels deep here"},
		{"billion laughs", laughs, `content/audio.md:19:27: the alias "*a4" takes this chart spec past 1.0 MB once its aliases are written out: aliases may repeat a value, not multiply the size of the YAML; write the value out where it is needed, or use fewer aliases`},
		{"aliases repeating a long list", ok + "where: {a: &w [" + strings.Repeat("1, ", 6000) + "1]}\npanels:\n" + strings.Repeat("  - {where: {a: *w}}\n", 100),
			`content/audio.md:101:17: the alias "*w" takes this chart spec past 1.0 MB`},
		{"aliases repeating a long title", ok + "title: &t \"" + strings.Repeat("x", 150000) + "\"\nhlines:\n" + strings.Repeat("  - {y: 3, label: *t}\n", 1000),
			`content/audio.md:20:19: the alias "*t" takes this chart spec past 1.0 MB`},
		{"too many panels", ok + "panels:\n" + strings.Repeat("  - {}\n", MaxPanels+1), "content/audio.md:14:3: panels lists 101 panels, more than the 100 a chart can show: split them into several charts"},
		{"too many lines", ok + "hlines: [" + strings.Repeat("1, ", MaxMarks) + "1]\n", "content/audio.md:13:9: hlines has 1001 entries, more than the 1000 a panel can show: draw fewer, or plot them as data"},
		{"an underflow", ok + "hlines: [1e-400]\n", "content/audio.md:13:10: each entry of hlines is 1e-400, too small for a number: the smallest above 0 is about 5e-324; write 0 if the value is zero"},
		{"an overflow", "data: runs.csv\nx: flops\ny: {field: loss, max: 1e400}\n", "content/audio.md:12:23: max is 1e400, too large for a number: the largest is about 1.8e308"},
		{"a law 100,000 parentheses deep", ok + "fit: {law: \"L = " + strings.Repeat("(", 100000) + "N\", where: {N: flops}}\n",
			"content/audio.md:13:217: fit law: the law nests more than 200 levels deep: write it more simply"},
		{"a law with a bidi control", ok + "fit: {law: \"L = \\u202e a*N\", where: {N: flops}}\n", `content/audio.md:13:12: fit law: "\u202e" cannot appear in a law`},
		{"a huge bootstrap", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, bootstrap: 1e400}\n", "content/audio.md:13:57: bootstrap is 1e400, too large for a number"},
		{"an overflowing start", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, start: {a: [0, 1e400]}}\n", "content/audio.md:13:61: start a is 1e400, too large for a number"},
		{"an underflowing delta", ok + "fit: {law: \"L = A * N^a\", where: {N: flops}, loss: huber, delta: 1e-400}\n", "content/audio.md:13:66: delta is 1e-400, too small for a number"},
		{"a hostile where symbol", ok + "fit: {law: \"L = A * N^a\", where: {\"::error::\\u001b\": }}\n", `content/audio.md:13:35: where "::error::\x1b" has no column`},
		{"a megabyte number", "data: runs.csv\nx: flops\ny: {field: loss, min: 5, max: -" + strings.Repeat("1", 1<<17) + "}\n", "content/audio.md:12:31: max is -1111111111111111111111111111111…, too large for a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := Parse([]byte(tt.src), at)
			if d := time.Since(start); d > 30*time.Second { // bounds a failure: 100,000 levels took 15 GB and minutes
				t.Errorf("Parse took %v", d)
			}
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, tt.want) {
				t.Errorf("messages:\n%.1000s\nwant them to start with:\n%s", msg, tt.want)
			}
			sitetest.CheckMessages(t, msg)
		})
	}
}

// deepKeys is a mapping nested n levels deep by indentation.
func deepKeys(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	return b.String()
}

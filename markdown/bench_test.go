package markdown

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/scalesite/scalesite/internal/synth"
)

// BenchmarkParseSynthetic parses a page of the synthetic site the build
// benchmarks use (two chart blocks of 120 and 12 inline rows, prose, a
// list and a table), with fencedBlocks and with goldmark's own fenced code
// block parser.
func BenchmarkParseSynthetic(b *testing.B) {
	dir := b.TempDir()
	synth.Write(b, dir, 1, 40)
	src, err := os.ReadFile(filepath.Join(dir, "content", "page-00000.md"))
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []struct {
		name string
		md   goldmark.Markdown
	}{
		{"fencedBlocks", New()},
		{"goldmark", newMarkdown(parser.DefaultBlockParsers())},
	} {
		b.Run(v.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				v.md.Parser().Parse(text.NewReader(src))
			}
		})
	}
}

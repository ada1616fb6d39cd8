package markdown

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// sameAsGoldmark checks that src comes out of scalesite's parser as out of
// goldmark's own.
func sameAsGoldmark(t *testing.T, src string) {
	t.Helper()
	theirs := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote))
	ours := goldmark.New(goldmark.WithParser(newParser(blockParsers())), goldmark.WithExtensions(extension.GFM, extension.Footnote))
	var want, got bytes.Buffer
	if err := theirs.Convert([]byte(src), &want); err != nil {
		t.Fatal(err)
	}
	if err := ours.Convert([]byte(src), &got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("%q:\n got %q\nwant %q", src, got.String(), want.String())
	}
}

func TestLinkReferencesAsGoldmark(t *testing.T) {
	for _, src := range []string{
		"[a]\n\n[a]: /u\n",
		"[a] [b] [c]\n\n[a]: /u\n[b]: /v 'title'\n[c]:\n  /w\n  \"t\"\ntext after\n",
		"[a]: /u\n[a]: /v\n\n[a]\n",
		"[A b]: </x y> (paren title)\n\n[a  B]\n",
		"> [q]: /q\n> [q]\n",
		"- [l]: /l\n\n  [l]\n",
		"[a]: /u \"unclosed\nnext\n\n[a]\n",
		"[a]: /u\n\"unclosed title\n[b]: /v\n\n[a] [b]\n",
		"[a]: /u 'ok' junk\n[a]\n",
		"[a]:\n\n[a]\n",
		"[a]: /u\n[b]: /v\n# heading\n[a] [b]\n",
		"text\n[a]: /u\n\n[a]\n",
		"[\na\n]: /u\n\n[a]\n",
		"[a]: /u((x))\n[a]\n",
	} {
		sameAsGoldmark(t, src)
	}
}

// FuzzLinkReferences holds scalesite's parser of link reference definitions
// to goldmark's.
func FuzzLinkReferences(f *testing.F) {
	for _, s := range []string{
		"[a]: /u\n[b]: /v 't'\n\n[a] [b]\n",
		"[a]: /u \"x\ny\"\n[a]\n",
		"[a]: </x y>\ntext\n",
		"> [q]: /q\n> [q]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2048 {
			return
		}
		sameAsGoldmark(t, src)
	})
}

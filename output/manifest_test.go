package output

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestManifestJSON: a manifest is written as json.Marshal writes it, with
// a state or without, and with text encoding/json escapes in its paths and
// its state.
func TestManifestJSON(t *testing.T) {
	state, err := json.Marshal(map[string]any{"pages": map[string]any{"content/a<b>&.md": []any{"x", 1.5, nil}}, "v": 3})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]manifestEntry{
		"index.html":            {Size: 10, Sum: 1 << 63, MTime: 1765000000123456789},
		"a<b>&\u2028/c.csv":     {Size: 0, Sum: 0, MTime: -1},
		"q\"u\\o\x7f\x01\t é/x": {Size: 1 << 40, Sum: 12345, MTime: 0},
		"plain/path-1_2.html":   {Size: 3, Sum: ^uint64(0), MTime: 1 << 62},
		"":                      {},
		"a\"b":                  {Size: 1}, "a\\b": {Size: 2}, "a>b": {Size: 3}, "a\x1fb": {Size: 4}, "a&b": {Size: 5}, "a<b": {Size: 6}, "a\x7fb": {Size: 7},
	}
	for _, m := range []*manifest{
		{Files: files, State: state},
		{Files: files},
		{Files: map[string]manifestEntry{}},
		{},
	} {
		got, err := manifestJSON(m)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("manifestJSON\n%s\nwant\n%s", got, want)
		}
	}
}

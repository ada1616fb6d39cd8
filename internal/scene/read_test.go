package scene

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dop251/goja"
	"github.com/scalesite/scalesite/figure"
)

// TestReaderMatchesJSON: the reader reads every field of an item that
// encoding/json would, a "tex" item's KaTeX HTML among them.
func TestReaderMatchesJSON(t *testing.T) {
	const src = `{"w": 600, "h": 315, "bg": "#fff", "clips": [{"x": 1, "y": 2, "w": 3, "h": 4}], "items": [
		{"k": "tex", "html": "<span class=\"katex\">x</span>", "x": 300, "y": 12, "fs": 16, "anchor": "middle", "base": "top", "fill": "#111", "role": "title"},
		{"k": "text", "text": "loss", "x": 1, "y": 2, "fs": 12, "fw": 600, "rot": -90, "stroke": "#fff", "lw": 2, "op": 0.5, "clip": 1},
		{"k": "path", "p": [1, 2, 3, 4], "close": true, "dash": [4, 2]},
		{"k": "symbol", "shape": "circle", "size": 6}
	]}`
	var want figure.Scene
	if err := json.Unmarshal([]byte(src), &want); err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	v, err := vm.RunString("(" + src + ")")
	if err != nil {
		t.Fatal(err)
	}
	got, err := sceneReader{vm: vm}.scene(v)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("read %+v\nencoding/json %+v", *got, want)
	}
}

package scene

import (
	"testing"

	"github.com/dop251/goja"
)

// FuzzSceneReader: whatever JSON value a script returns as its Scene, the
// reader returns a Scene or an error, and never panics; an array whose
// length is past what a Scene may hold (a sparse one) is an error, read
// without allocating its length.
func FuzzSceneReader(f *testing.F) {
	f.Add(`{"w": 600, "h": 315, "items": [{"k": "line", "p": [1, 2, 3, 4]}], "clips": [{"x": 1, "y": 2, "w": 3, "h": 4}]}`, uint32(3))
	f.Add(`{"items": [1]}`, uint32(0))
	f.Add(`[]`, uint32(1<<31))
	f.Add(`{"items": {"length": 5}}`, uint32(maxNumbers+1))
	f.Fuzz(func(t *testing.T, src string, n uint32) {
		vm := goja.New()
		r := sceneReader{vm: vm}
		v, err := vm.RunString("JSON.parse")
		if err != nil {
			t.Fatal(err)
		}
		parse, _ := goja.AssertFunction(v)
		val, err := parse(goja.Undefined(), vm.ToValue(src))
		if err != nil {
			return // not JSON
		}
		r.scene(val)
		// an array of length n, sparse: at most 4,096 elements read
		if err := vm.Set("n", int64(n)); err != nil {
			t.Fatal(err)
		}
		sparse, err := vm.RunString("var a = []; a.length = n; a")
		if err != nil {
			return // not a valid array length
		}
		if n > maxNumbers {
			if _, err := r.numbers(sparse); err == nil {
				t.Fatalf("an array of %d numbers was read", n)
			}
		} else if n <= checkEvery {
			if got, err := r.numbers(sparse); err != nil || len(got) != int(n) {
				t.Fatalf("an array of %d numbers read as %d: %v", n, len(got), err)
			}
		}
		if n > maxItems {
			if _, err := r.objects(sparse); err == nil {
				t.Fatalf("an array of %d objects was read", n)
			}
		}
	})
}

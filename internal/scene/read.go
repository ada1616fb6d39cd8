package scene

import (
	"fmt"
	"math"
	"strconv"

	"github.com/dop251/goja"

	"github.com/scalesite/scalesite/figure"
)

// The Scene scene.js returns is read here straight from the runtime's
// objects, property by property, instead of written as JSON in the script
// and parsed again in Go: JSON.stringify and json.Unmarshal together cost
// more than a tenth of a Scene (BENCHMARKS.md, issue 21). The reading keeps
// JSON's rules, so that the Scene is the one Node's JSON gives
// (TestGojaMatchesNode): a property that is undefined, null or missing is
// the zero value, a number that is not finite (JSON's null) is 0, and a
// property the Scene has no field for is ignored.

// sceneReader reads the Scene objects of one runtime.
type sceneReader struct {
	vm    *goja.Runtime
	guard *guard // the run's watchdog, asked every checkEvery elements
}

// The most elements the reader takes of an array, beyond any real chart's
// (a line of 300,000 points is 600,000 numbers): an array's length is not
// what it holds (a sparse one), so it is read by appending, and the run's
// watchdog is asked as it goes.
const (
	maxItems   = 1 << 22
	maxNumbers = 1 << 24
	checkEvery = 1 << 12
)

// scene reads the object scene.js' scene returned.
func (r sceneReader) scene(v goja.Value) (*figure.Scene, error) {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil, fmt.Errorf("scene.js returned %v, not an object", v)
	}
	s := &figure.Scene{
		Width:      r.num(o.Get("w")),
		Height:     r.num(o.Get("h")),
		Background: r.str(o.Get("bg")),
		Font:       r.str(o.Get("font")),
	}
	clips, err := r.objects(o.Get("clips"))
	if err != nil {
		return nil, fmt.Errorf("clips: %w", err)
	}
	for _, c := range clips {
		s.Clips = append(s.Clips, figure.Rect{X: r.num(c.Get("x")), Y: r.num(c.Get("y")), W: r.num(c.Get("w")), H: r.num(c.Get("h"))})
	}
	items, err := r.objects(o.Get("items"))
	if err != nil {
		return nil, fmt.Errorf("items: %w", err)
	}
	s.Items = make([]figure.Item, len(items))
	for i, it := range items {
		if i%checkEvery == 0 {
			if err := r.guard.check(); err != nil {
				return nil, err
			}
		}
		if err := r.item(it, &s.Items[i]); err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
	}
	return s, nil
}

// item reads one item of the display list into it: its own properties
// only, as JSON.stringify writes them. (Each field is looked up by name:
// Object.Keys would allocate an iterator and a list per item, and a name
// the item lacks is not found without allocating.)
func (r sceneReader) item(o *goja.Object, it *figure.Item) error {
	var err error
	it.Kind = r.str(o.Get("k"))
	if it.Points, err = r.numbers(o.Get("p")); err != nil {
		return fmt.Errorf("p: %w", err)
	}
	if v := o.Get("close"); v != nil {
		it.Close = v.ToBoolean()
	}
	it.Shape = r.str(o.Get("shape"))
	it.X = r.num(o.Get("x"))
	it.Y = r.num(o.Get("y"))
	it.Size = r.num(o.Get("size"))
	it.Text = r.str(o.Get("text"))
	it.HTML = r.str(o.Get("html"))
	it.FontSize = r.num(o.Get("fs"))
	it.Weight = int(r.num(o.Get("fw")))
	it.Anchor = r.str(o.Get("anchor"))
	it.Baseline = r.str(o.Get("base"))
	it.Rotate = r.num(o.Get("rot"))
	it.Fill = r.str(o.Get("fill"))
	it.Stroke = r.str(o.Get("stroke"))
	it.LineWidth = r.num(o.Get("lw"))
	if it.Dash, err = r.numbers(o.Get("dash")); err != nil {
		return fmt.Errorf("dash: %w", err)
	}
	it.Opacity = r.num(o.Get("op"))
	it.Clip = int(r.num(o.Get("clip")))
	it.Role = r.str(o.Get("role"))
	return nil
}

func absent(v goja.Value) bool {
	return v == nil || goja.IsUndefined(v) || goja.IsNull(v)
}

// num is v as a number: 0 where JSON would write null (absent, NaN,
// infinite).
func (sceneReader) num(v goja.Value) float64 {
	if absent(v) {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// str is v as a string, "" if absent.
func (sceneReader) str(v goja.Value) string {
	if absent(v) {
		return ""
	}
	return v.String()
}

// numbers is the array v as numbers, nil if absent; its elements that
// are not finite numbers are 0, as JSON's null is in a []float64.
func (r sceneReader) numbers(v goja.Value) ([]float64, error) {
	if absent(v) {
		return nil, nil
	}
	o, n, err := r.array(v, maxNumbers)
	if err != nil {
		return nil, err
	}
	out := make([]float64, 0, min(n, checkEvery))
	for i := range n {
		if i%checkEvery == checkEvery-1 {
			if err := r.guard.check(); err != nil {
				return nil, err
			}
		}
		out = append(out, r.num(o.Get(strconv.Itoa(i))))
	}
	return out, nil
}

// objects is the array v as objects, nil if absent.
func (r sceneReader) objects(v goja.Value) ([]*goja.Object, error) {
	if absent(v) {
		return nil, nil
	}
	o, n, err := r.array(v, maxItems)
	if err != nil {
		return nil, err
	}
	out := make([]*goja.Object, 0, min(n, checkEvery))
	for i := range n {
		if i%checkEvery == checkEvery-1 {
			if err := r.guard.check(); err != nil {
				return nil, err
			}
		}
		e, ok := o.Get(strconv.Itoa(i)).(*goja.Object)
		if !ok {
			return nil, fmt.Errorf("element %d is not an object", i)
		}
		out = append(out, e)
	}
	return out, nil
}

// array is v as an array and its length, at most max. Its elements are
// read by index (Object.Get of "0", "1", ...: goja's arrays answer an
// index without reflection, which ExportTo costs per element).
func (r sceneReader) array(v goja.Value, max int) (*goja.Object, int, error) {
	o, ok := v.(*goja.Object)
	if !ok || o.ClassName() != "Array" {
		return nil, 0, fmt.Errorf("%.40v is not an array", v)
	}
	n := o.Get("length").ToInteger()
	if n > int64(max) {
		return nil, 0, fmt.Errorf("an array of %d elements, over the %d a Scene may hold", n, max)
	}
	return o, int(n), nil
}

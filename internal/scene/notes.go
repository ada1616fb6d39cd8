package scene

import (
	"fmt"
	"strconv"

	"github.com/dop251/goja"
)

// Note is what a chart's layout could not keep clear at one width, as
// scene.js reports it: a reference line's label that covers a point or a
// line wherever it goes along its line (Kind "refLabel"), or a point's
// label with no free place, left out and shown on hover (Kind
// "pointLabel"). Text is the label's text.
type Note struct {
	Kind, Text string
}

// Notes lays out the chart whose page option is optionJSON at width CSS px,
// as its static figure would be (scene.js, light scheme), and returns what
// the layout could not keep clear: check warns about them (check.LabelRoom),
// where the live chart, which runs the same scripts in the reader's
// browser, could tell no one.
func (e *Engine) Notes(optionJSON []byte, width int) (notes []Note, err error) {
	if e.failed {
		return nil, fmt.Errorf("scene: the engine is used again after a failed run")
	}
	g := watch(e.vm, e.lim, chartSize(optionJSON))
	defer func() {
		if r := recover(); r != nil {
			perr, ok := r.(error)
			if !ok || !isScriptPanic(perr) {
				panic(r)
			}
			notes, err = nil, perr
		}
		g.stop()
		if err != nil {
			e.failed = true
			err = scriptError(err)
		}
	}()
	option, err := e.parse(goja.Undefined(), e.vm.ToValue(string(optionJSON)))
	if err != nil {
		return nil, err
	}
	v, err := e.scene(goja.Undefined(), option, e.vm.ToValue(width), e.vm.ToValue(false), goja.Undefined())
	if err != nil {
		return nil, err
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return nil, nil
	}
	list, ok := o.Get("notes").(*goja.Object)
	if !ok {
		return nil, nil
	}
	n := int(list.Get("length").ToInteger())
	for i := 0; i < n && i < maxItems; i++ {
		it, ok := list.Get(strconv.Itoa(i)).(*goja.Object)
		if !ok {
			continue
		}
		notes = append(notes, Note{Kind: it.Get("kind").String(), Text: it.Get("text").String()})
	}
	return notes, nil
}

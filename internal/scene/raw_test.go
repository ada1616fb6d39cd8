package scene

import (
	"reflect"
	"testing"

	"github.com/scalesite/scalesite/figure"
)

// TestRawPointsDrawAsAxisSpace: a chart whose points carry their values
// as they are (scalesite.raw: a line on a log x axis as [x, y], a gap as
// [x, "-"], a labelled point's value, and its min/max band by bucket,
// '@spread') draws the Scene the same chart draws with its points in axis
// space ([log10 x, y, x, y] and the band's '@band' points): chartlayout.js
// expandRaw, run by the static figure and the live chart alike.
func TestRawPointsDrawAsAxisSpace(t *testing.T) {
	const head = `{"animation":false,"xAxis":[{"type":"value","scalesiteLog":true,"min":0,"max":3,"axisLabel":{"formatter":"@pow"}}],` +
		`"yAxis":[{"type":"value","min":0,"max":12}],`
	const line = `{"type":"line","name":"a","showSymbol":false,"data":`
	raw := []byte(head + `"scalesite":{"columns":1,"panels":1,"rowHeight":280,"raw":true},"series":[` +
		line + `[[1,10],[3,8.5],[10,"-"],[30,6],{"name":"m","value":[100,4]},[1000,3]]},` +
		`{"type":"custom","name":"a","renderItem":"@spread","encode":{"x":[0],"y":[1,2]},"z":1,"silent":true,"clip":true,"itemStyle":{"color":"#3b75af"},` +
		`"data":[[1,3,8.5,10,0],[30,5,7,0],[100,1000,2,4,1]]}]}`)
	axis := []byte(head + `"scalesite":{"columns":1,"panels":1,"rowHeight":280},"series":[` +
		line + `[[0,10,1,10],[0.4771212547,8.5,3,8.5],[1,"-"],[1.4771212547,6,30,6],{"name":"m","value":[2,4,100,4]},[3,3,1000,3]]},` +
		`{"type":"custom","name":"a","renderItem":"@band","encode":{"x":[0],"y":[1,2]},"z":1,"silent":true,"clip":true,"itemStyle":{"color":"#3b75af"},` +
		`"data":[[0,8.5,10,0],[0.4771212547,8.5,10,0],[1.4771212547,5,7,0],[2,2,4,1],[3,2,4,1]]}]}`)
	e, err := New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1006, 336} {
		got, err := e.Scene(raw, w, false)
		if err != nil {
			t.Fatal(err)
		}
		want, err := e.Scene(axis, w, false)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d px: the raw option draws\n%+v\nwant\n%+v", w, got.Items, want.Items)
		}
		bands, lines := 0, 0
		for _, it := range got.Items {
			switch {
			case it.Kind == "path" && it.Fill == "#3b75af" && it.Close:
				bands++
			case it.Kind == "path" && it.Clip > 0 && it.Fill == "" && len(it.Points) >= 4:
				lines++
			}
		}
		if bands != 2 || lines != 2 { // the band's two runs, the line in two pieces
			t.Errorf("%d px: %d bands and %d lines drawn, want 2 and 2:\n%+v", w, bands, lines, got.Items)
		}
	}
}

package chart

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// refVisitor writes an option as go-echarts and encoding/json write it:
// the reference the hand-written JSON must match.
type refVisitor struct {
	charts.BaseConfigurationVisitor
	o *echartsOption
}

func (v refVisitor) VisitTitleOpt(opts.Title) any { return v.o.titles }

func (refVisitor) VisitTooltipOpt(t opts.Tooltip) any { return tooltipJSON{t, true} }

func (v refVisitor) VisitXAxis(xs []opts.XAxis) any {
	out := make([]xAxisJSON, len(xs))
	for i, x := range xs {
		out[i] = xAxisJSON{x, scaleMark{i < len(v.o.ex.logX) && v.o.ex.logX[i], markUnit(v.o.ex.unitX, i, x.Name)}}
	}
	return out
}

func (v refVisitor) VisitYAxis(ys []opts.YAxis) any {
	out := make([]yAxisJSON, len(ys))
	for i, y := range ys {
		out[i] = yAxisJSON{y, scaleMark{i < len(v.o.ex.logY) && v.o.ex.logY[i], markUnit(v.o.ex.unitY, i, y.Name)}}
	}
	return out
}

func (v refVisitor) VisitSeriesOpt(ss charts.MultiSeries) any {
	out := make([]any, len(ss))
	own := false
	for i, s := range ss {
		var ex seriesExtra
		if i < len(v.o.ex.series) {
			ex = v.o.ex.series[i]
		}
		out[i] = newSeriesJSON(s, ex)
		if ex.own != nil {
			out[i], own = ex.own, true
		}
	}
	if !own { // as a []seriesJSON, which encodes the same
		typed := make([]seriesJSON, len(out))
		for i := range out {
			typed[i] = out[i].(seriesJSON)
		}
		return typed
	}
	return out
}

func (refVisitor) VisitDataZooms(zs []opts.DataZoom) any {
	out := make([]zoomJSON, len(zs))
	for i, z := range zs {
		out[i] = newZoomJSON(z)
	}
	return out
}

func (v refVisitor) Visit(m map[string]any) {
	m["backgroundColor"] = "transparent"
	m["animation"] = false
	m["scalesite"] = v.o.ex.meta
	delete(m, "toolbox") // go-echarts writes one always; scalesite's option has none
}

// referenceJSON writes o through a go-echarts chart and encoding/json, as
// the renderer did before it wrote options itself.
func referenceJSON(t testing.TB, o *echartsOption) []byte {
	t.Helper()
	ch := charts.NewScatter()
	ch.SetGlobalOptions(
		charts.WithLegendOpts(o.legend),
		charts.WithTooltipOpts(o.tooltip),
	)
	ch.XAxisList, ch.YAxisList = o.xAxes, o.yAxes
	ch.DataZoomList, ch.MultiSeries = o.zooms, o.series
	ch.Accept(refVisitor{o: o})
	b, err := json.Marshal(ch.JSON())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOptionJSONMatchesEncodingJSON: the option Option writes is, byte
// for byte, what go-echarts and encoding/json write for the same values.
func TestOptionJSONMatchesEncodingJSON(t *testing.T) {
	for _, c := range chartcorpus.Charts(t, "..") {
		want := referenceJSON(t, buildOption(c))
		got := buildOption(c).write()
		if string(got.text) != string(want) {
			t.Errorf("%s: the option differs from encoding/json's:\n%s", c.ID, firstDiff(bytes.ReplaceAll(got.text, []byte(","), []byte(",\n")), bytes.ReplaceAll(want, []byte(","), []byte(",\n"))))
			continue
		}
		// Through the map, as a site's own chart.html encodes it.
		m, err := json.Marshal(Option(c))
		if err != nil || string(m) != string(want) {
			t.Errorf("%s: json.Marshal(Option) differs (%v)", c.ID, err)
		}
	}
}

// TestOptionJSONFallsBack: a go-echarts value with a field the writer does
// not know is written by encoding/json, so the option still has it.
func TestOptionJSONFallsBack(t *testing.T) {
	c := chartcorpus.Charts(t, "..")[0]
	o := buildOption(c)
	o.titles[0].Link = "https://example.com/?a=<b>&c"
	o.legend.Icon = "circle"
	o.tooltip.AxisPointer = &opts.AxisPointer{Type: "cross"}
	o.xAxes[0].SplitArea = &opts.SplitArea{Show: optTrue}
	o.yAxes[0].AxisLabel.Rotate = 45
	o.yAxes[0].AxisLabel.Align = "left"
	o.series[0].BarWidth = "5"
	o.series[0].Emphasis = &opts.Emphasis{Focus: "series", Label: &opts.Label{Show: optTrue, BorderWidth: 1.5}}
	o.zooms[0].Start = 10
	want := referenceJSON(t, o)
	if got := o.write().text; !bytes.Equal(got, want) {
		t.Errorf("the option differs from encoding/json's:\n%s", firstDiff(bytes.ReplaceAll(got, []byte(","), []byte(",\n")), bytes.ReplaceAll(want, []byte(","), []byte(",\n"))))
	}
	for _, k := range []string{`"link":`, `"icon":"circle"`, `"axisPointer":`, `"splitArea":`, `"rotate":45`, `"align":"left"`, `"barWidth":"5"`, `"borderWidth":1.5`, `"start":10`} {
		if !bytes.Contains(want, []byte(k)) {
			t.Errorf("the reference lacks %s: the test no longer sets what it means to", k)
		}
	}
}

// TestHostileTextInOptionJSON: a title, a point's label and a series name
// that try to close the script element, with U+2028 and &, are written as
// \u escapes, and read back by encoding/json as they were.
func TestHostileTextInOptionJSON(t *testing.T) {
	bad := "</script><script>alert(1)</script>\u2028&"
	spec := "type: scatter\ntitle: " + strconv.Quote(bad) + "\ndata: |\n  name,model,x,y\n  " +
		`"` + bad + `","` + bad + `",1,2` + "\n  b,plain,2,3\nx: x\ny: y\nseries: model\nlabel: name\n"
	s, err := site.Load(sitetest.New(t, map[string]string{"content/h.md": "---\ntitle: H\n---\n```chart\n" + spec + "```\n"}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	opt := string(OptionBytes(Option(c)))
	for _, raw := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		if strings.Contains(opt, raw) {
			t.Errorf("the option holds %q as it is", raw)
		}
	}
	esc := `\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u2028\u0026`
	if n := strings.Count(opt, esc); n < 3 { // the title, the series name, the label
		t.Errorf("the hostile text is written escaped %d times, want at least 3:\n%s", n, opt)
	}
	var got struct {
		Title  []struct{ Text string }
		Series []struct {
			Name string
			Data []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(opt), &got); err != nil {
		t.Fatalf("the option is not JSON: %v", err)
	}
	var label struct{ Name string }
	if len(got.Series) == 0 || len(got.Series[0].Data) == 0 || json.Unmarshal(got.Series[0].Data[0], &label) != nil {
		t.Fatalf("no labelled point in %s", opt)
	}
	if got.Title[0].Text != bad || got.Series[0].Name != bad || label.Name != bad {
		t.Errorf("read back title %q, series %q, label %q; want %q", got.Title[0].Text, got.Series[0].Name, label.Name, bad)
	}
	// The same value as encoding/json gives for the go-echarts option.
	var mine, ref any
	json.Unmarshal([]byte(opt), &mine)
	json.Unmarshal(referenceJSON(t, buildOption(c)), &ref)
	if !reflect.DeepEqual(mine, ref) {
		t.Error("the option reads back differently from encoding/json's")
	}
}

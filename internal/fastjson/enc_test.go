package fastjson

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/go-echarts/go-echarts/v2/opts"
)

// TestAppendStringMatchesEncodingJSON: strings are escaped as encoding/json
// escapes them, the characters that could end a script element included.
func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{
		"", "plain", `quote " and \ backslash`, "</script><script>alert(1)</script>", "a & b > c",
		"line\nbreak\ttab\r\b\f", "\x00\x01\x1f\x7f", "\u2028\u2029", "bad \xff utf-8 \xe2\x82", "π ≈ 3.14 “quoted”", "😀",
	} {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestAppendFloatMatchesEncodingJSON: numbers are written in
// encoding/json's form, float32 fields as float32.
func TestAppendFloatMatchesEncodingJSON(t *testing.T) {
	for _, f := range []float64{0, 1, -1, 0.1, 1.5e-7, 1e-6, 123456789, 1e20, 1e21, -2.5e21, math.MaxFloat64, math.SmallestNonzeroFloat64, 5e-324, 1.0 / 3} {
		want, _ := json.Marshal(f)
		if got := AppendFloat(nil, f, 64); string(got) != string(want) {
			t.Errorf("AppendFloat(%v, 64) = %s, want %s", f, got, want)
		}
		f32 := float32(f)
		if math.IsInf(float64(f32), 0) {
			continue
		}
		want, _ = json.Marshal(f32)
		if got := AppendFloat(nil, float64(f32), 32); string(got) != string(want) {
			t.Errorf("AppendFloat(%v, 32) = %s, want %s", f32, got, want)
		}
	}
}

// TestWritersMatchEncodingJSON: each writer writes what encoding/json
// writes for the same value, whether it writes the fields itself or hands
// a value with a field it does not know to encoding/json.
func TestWritersMatchEncodingJSON(t *testing.T) {
	yes := opts.Bool(true)
	cases := []struct {
		name  string
		v     any
		write func(e *Enc)
	}{
		{"title", &opts.Title{Title: "A <b>", Left: "center", TitleStyle: &opts.TextStyle{FontSize: 12}}, nil},
		{"title with a link", &opts.Title{Title: "A", Link: "https://example.com/?a=<b>&c"}, nil},
		{"legend", &opts.Legend{Show: yes, Top: "0"}, nil},
		{"legend with an icon", &opts.Legend{Icon: "circle"}, nil},
		{"grid", &opts.Grid{Left: "10%", ContainLabel: yes}, nil},
		{"item style", &opts.ItemStyle{Color: "#123", Opacity: opts.Float(0.5)}, nil},
		{"label", &opts.Label{Show: yes, FontSize: 11, Formatter: "{b}"}, nil},
		{"emphasis", &opts.Emphasis{Focus: "series", Label: &opts.Label{Show: yes, BorderWidth: 1.5}}, nil},
	}
	for _, c := range cases {
		var e Enc
		switch v := c.v.(type) {
		case *opts.Title:
			e.Title(v)
		case *opts.Legend:
			e.Legend(v)
		case *opts.Grid:
			e.Grid(v)
		case *opts.ItemStyle:
			e.ItemStyle(v)
		case *opts.Label:
			e.Label(v)
		case *opts.Emphasis:
			e.Emphasis(v)
		}
		want, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		if string(e.B) != string(want) {
			t.Errorf("%s: wrote\n%s\nwant\n%s", c.name, e.B, want)
		}
	}
}

// wrapped is a tooltip with a member of its own, as chart wraps one.
type wrapped struct {
	opts.Tooltip
	Confine bool `json:"confine"`
}

// TestWrapperExtra: a wrapped value is written with the wrapper's members
// after its own, as encoding/json writes the embedded struct's first; one
// with a field the writer does not know, as encoding/json writes the
// wrapper.
func TestWrapperExtra(t *testing.T) {
	for _, tt := range []opts.Tooltip{
		{Show: opts.Bool(true), Trigger: "axis"},
		{Trigger: "item", AxisPointer: &opts.AxisPointer{Type: "cross"}},
	} {
		w := wrapped{tt, true}
		var e Enc
		e.Tooltip(&tt, func() any { return w }, func(e *Enc) { e.Key("confine"); e.Bool(true) })
		want, _ := json.Marshal(w)
		if string(e.B) != string(want) {
			t.Errorf("wrote\n%s\nwant\n%s", e.B, want)
		}
	}
}

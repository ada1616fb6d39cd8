package chartspec

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// FuzzParse checks that no spec, however broken, panics (a panic caught by
// Parse counts as one: it would hide a bug), that every error is positioned
// in the page, and that every chart Parse accepts can be drawn.
func FuzzParse(f *testing.F) {
	for _, tt := range validTests {
		f.Add(tt.src)
	}
	for _, tt := range errorTests {
		f.Add(tt.src)
	}
	f.Add(benchSpec)
	f.Add(isoSpec + "fit: {type: powerlaw, bootstrap: 500, extrapolate: 1e24}\n")
	f.Add(ok + "fit: {type: exponential, bootstrap: 1000}\n")
	f.Add(ok + "columns: 4\nlegend: {title: Budget, show: true}\ndownsample: 500\n")
	f.Add(ok + "legend: false\ndownsample: false\n")
	f.Add(ok + "frontier: min\nfit: {type: powerlaw+c, over: frontier, series: [a, b], extrapolate: 1e25, label: L}\npanels:\n  - {fit: none, frontier: max}\n  - {fit: loglinear}\n")
	f.Add(ok + chinchilla)                                                                                                                                                    // law.go
	f.Add("data: log.csv\nx: step\ny: {field: [train_loss, val_loss], scale: log}\nnames: {val_loss: Validation}\nseries: run\npanels:\n  - {}\n  - {y: [a, b], names: ~}\n") // wide.go
	for _, tt := range wideErrorTests {
		f.Add(tt.src)
	}
	// smooth.go: both methods, off, and refused
	f.Add(ok + "smooth: {ema: 0.9}\npanels:\n  - {smooth: {window: 4}}\n  - {type: scatter, smooth: false}\n")
	f.Add(ok + "type: scatter\nsmooth: {ema: 90, window: 0.5}\n")
	for _, tt := range lawErrorTests {
		f.Add(tt.src)
	}
	for _, tt := range markErrorTests { // marks.go, interval.go, style.go
		f.Add(tt.src)
	}
	for _, tt := range groupErrorTests { // group.go
		f.Add(tt.src)
	}
	f.Add(ok + "series: size\ngroup: seed\nband: minmax\npanels:\n  - {title: a}\n  - {type: scatter}\n")
	f.Add(ok + "hlines: [25, {y: 50, label: a}]\nvlines: 3\nbands: [{x: [1, 2], label: b}]\nannotations: [{x: 1, y: 2, text: c, arrow: true, position: left}]\n" +
		"style: {a: {draw: points, marker: open-square, dash: [4, 2], width: 1.5}}\norder: [a, b]\npanels:\n  - {hlines: [], y: {field: loss, err: sd, interval: bars}}\n")
	// TeX in chart text (tex.go): converted, refused, and in keys.
	f.Add(ok + "title: '$L(N) = N^{-0.076}$, \\$5M'\nsubtitle: $\\frac{a}{b}$\nlegend: '$\\beta_2$'\ncolors: {'$\\beta_2$': red}\nfit: {type: powerlaw, variable: 'C_{min}', response: $L$}\n")
	f.Fuzz(func(t *testing.T, src string) {
		c, err := Parse([]byte(src), at)
		if err != nil {
			if c != nil {
				t.Errorf("a chart came back with the error %v", err)
			}
			var l diag.List
			var e *diag.Error
			switch {
			case errors.As(err, &e):
				l = diag.List{e}
			case errors.As(err, &l):
				if len(l) < 2 {
					t.Errorf("a diag.List of %d", len(l))
				}
			default:
				t.Fatalf("error of type %T: %v", err, err)
			}
			// CR LF, LF and a lone CR each end a line.
			lines := strings.Count(strings.ReplaceAll(src, "\r\n", "\n"), "\n") + strings.Count(src, "\r") - strings.Count(src, "\r\n") + 1
			for _, e := range l {
				if e.File != at.File || e.Line < at.Line || e.Line >= at.Line+lines || e.Col < 0 {
					t.Errorf("error outside the block (%d lines): %v", lines, e)
				}
				if e.Msg == "" || strings.Contains(e.Msg, "\x1b[") || strings.Contains(e.Msg, "\n") {
					t.Errorf("bad message %q", e.Msg)
				}
				if strings.Contains(e.Msg, "could not read this chart spec as YAML (") {
					t.Errorf("Parse panicked: %v", e)
				}
			}
			return
		}
		if len(c.Panels) == 0 {
			t.Fatal("no panels")
		}
		if c.Colors != nil && c.ColorList != nil {
			t.Error("both Colors and ColorList")
		}
		for i, p := range c.Panels {
			if p.X.Field.Name == "" || (p.Y.Field.Name == "") != p.Wide() {
				t.Errorf("panel %d: x field %q, y field %q, y fields %v", i+1, p.X.Field.Name, p.Y.Field.Name, p.Y.Fields)
			}
			for _, f := range p.Y.Fields {
				if f.Name == "" || f.Pos.Line == 0 {
					t.Errorf("panel %d: y column %q at %v", i+1, f.Name, f.Pos)
				}
			}
			if p.Type != TypeLine && p.Type != TypeScatter {
				t.Errorf("panel %d: type %q", i+1, p.Type)
			}
			if p.Data.Path == "" && strings.TrimSpace(p.Data.Inline) == "" {
				t.Errorf("panel %d: no data", i+1)
			}
			for _, a := range []Axis{p.X, p.Y} {
				if a.Scale != ScaleLinear && a.Scale != ScaleLog || !contains(formats, a.Format) {
					t.Errorf("panel %d: scale %q format %q", i+1, a.Scale, a.Format)
				}
				if a.Min != nil && a.Max != nil && *a.Min >= *a.Max {
					t.Errorf("panel %d: min %v ≥ max %v", i+1, *a.Min, *a.Max)
				}
				if a.Scale == ScaleLog && (a.Min != nil && *a.Min <= 0 || a.Max != nil && *a.Max <= 0) {
					t.Errorf("panel %d: log axis bound ≤ 0", i+1)
				}
			}
		}
	})
}

// benchSpec is a typical chart: six lines, a file, two axes, series.
const benchSpec = `type: scatter
title: Audio model performance vs. parameter count
data: audio.csv
x: {field: params_m, title: "Number of audio parameters (millions)", scale: log}
y: {field: roc_auc, title: "Avg. ROC-AUC (probing & SFT)", min: 84, max: 89}
series: model
`

func BenchmarkParse(b *testing.B) {
	src := []byte(benchSpec)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(src, at); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzLiftDataBlocks checks that taking inline data out of the YAML before
// parsing (a speed-up) gives the same chart as letting the YAML library read it.
func FuzzLiftDataBlocks(f *testing.F) {
	f.Add("data: |\n  a,b\n  1,2\nx: a\ny: b\n")
	f.Add("panels:\n  - data: |\n      a,b\n      1,2\n    x: a\n    y: b\n  - {x: a, y: b, data: f.csv}\n")
	f.Add("data: >-\n\n   a,b\n   1,2 # no comment\n\nx: a\ny: b\n")
	f.Add("data: |\n   a,b\n  1,2\nx: a\ny: b\n")
	f.Add("data: |\n  a,b\n  1,2\n\nx: {field: a\ny: b\n")
	f.Add("data: |\n  a,b\n  1,2\nx: a\ny: b\nserie: s\ncolors: [#f00]\n")
	f.Add("panels:\n  - data: |\n      a,b\n      1,2\n    x: [a\n  - data: |\n      c,d\n      3,4\n    x: c\n    y: d\ny: b\n")
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return // the YAML library turns invalid bytes into U+FFFD; lifting keeps them
		}
		at := diag.Pos{File: "p.md", Line: 3, Col: 1}
		c1, err1 := parse([]byte(src), at, true, true)
		c2, err2 := parse([]byte(src), at, false, true)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("lifting changed success: %v vs %v", err1, err2)
		}
		if err1 != nil {
			// Broken YAML around a block may be reported differently once the
			// block is gone; any other error must be the same, at the same place.
			yamlErr := strings.Contains(err1.Error(), "invalid YAML") || strings.Contains(err2.Error(), "invalid YAML")
			if !yamlErr && err1.Error() != err2.Error() {
				t.Fatalf("lifting changed the error:\n lifted: %v\n parsed: %v", err1, err2)
			}
			return
		}
		for i := range c1.Panels {
			if c1.Panels[i].Data != c2.Panels[i].Data {
				t.Fatalf("panel %d data: lifted %+v, parsed %+v", i, c1.Panels[i].Data, c2.Panels[i].Data)
			}
		}
	})
}

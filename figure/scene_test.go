package figure

import (
	"flag"
	"fmt"
	"math"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// testScene is a hand-built Scene with one of everything the writers draw:
// a background, two clip rectangles, grid lines, a dashed line, an area,
// every symbol shape (plain, empty, rotated, with a border), text of every
// anchor and baseline, rotated, bold, with a halo, with opacity, and
// hostile text.
func testScene() *Scene {
	s := &Scene{
		Width: 480, Height: 320, Background: "#ffffff",
		Clips: []Rect{{X: 50, Y: 30, W: 400, H: 230}, {X: 300, Y: 200, W: 50, H: 50}},
	}
	add := func(it Item) { s.Items = append(s.Items, it) }
	for i := range 5 {
		y := 30 + float64(i)*57.5
		add(Item{Kind: "path", Points: []float64{50, y, 450, y}, Stroke: "#dbdee4", LineWidth: 1})
		add(Item{Kind: "text", Text: fmt.Sprintf("10⁻%d", i), X: 44, Y: y, FontSize: 12, Anchor: "end", Baseline: "middle", Fill: "#6e7c8c", Role: "tick-y0"})
	}
	add(Item{Kind: "path", Points: []float64{50, 260, 450, 260}, Stroke: "#6e7c8c"})
	for i, l := range []string{"0.001", "GPT-3 175B", "1,000"} {
		add(Item{Kind: "text", Text: l, X: 50 + float64(i)*200, Y: 266, FontSize: 12, Anchor: "middle", Baseline: "top", Fill: "#6e7c8c", Role: "tick-x0"})
	}
	add(Item{Kind: "text", Text: "Loss (nats)", X: 14, Y: 145, FontSize: 13, Anchor: "middle", Baseline: "bottom", Rotate: -90, Fill: "#111418", Role: "axis-name-y0"})
	add(Item{Kind: "text", Text: "Scaling: λ = 0.3", X: 240, Y: 12, FontSize: 16, Weight: 600, Anchor: "middle", Baseline: "middle", Fill: "#111418", Role: "title"})
	// an area and a line leaving the plot (clipped), dashed
	add(Item{Kind: "path", Points: []float64{50, 260, 150, 200, 250, 150, 350, 120, 450, 100, 450, 260}, Close: true, Fill: "rgba(59,117,175,0.16)", Clip: 1})
	add(Item{Kind: "path", Points: []float64{20, 280, 150, 200, 250, 150, 350, 120, 500, 10}, Stroke: "#3b75af", LineWidth: 2, Clip: 1})
	add(Item{Kind: "path", Points: []float64{50, 240, 450, 60}, Stroke: "#c23b3d", LineWidth: 1.5, Dash: []float64{6, 3}, Opacity: 0.7, Clip: 1})
	shapes := []string{"circle", "rect", "roundRect", "triangle", "diamond", "pin", "arrow", "emptyCircle", "emptyRect", "emptyTriangle", "emptyDiamond", "line", "square", "none", "bogus"}
	for i, sh := range shapes {
		x := 70 + float64(i)*25
		add(Item{Kind: "symbol", Shape: sh, X: x, Y: 80, Size: 12, Fill: "#2a9d8f", Clip: 1})
	}
	add(Item{Kind: "symbol", Shape: "emptyCircle", X: 150, Y: 200, Size: 8, Fill: "#ffffff", Stroke: "#3b75af", LineWidth: 2, Clip: 1})
	add(Item{Kind: "symbol", Shape: "arrow", X: 400, Y: 120, Size: 10, Fill: "#9a5ea1", Rotate: 45, Clip: 1})
	add(Item{Kind: "symbol", Shape: "circle", X: 450, Y: 100, Size: 10, Fill: "#e5731b", Stroke: "#111418", LineWidth: 1, Opacity: 0.5, Clip: 1})
	// a filled rectangle for the PNG test to find, in the second clip: only
	// its part inside 300..350 × 200..250 is drawn
	add(Item{Kind: "path", Points: []float64{280, 210, 340, 210, 340, 240, 280, 240}, Close: true, Fill: "#440154", Clip: 2})
	for i, base := range []string{"top", "middle", "bottom", "alphabetic"} {
		x := 70 + float64(i)*90
		add(Item{Kind: "path", Points: []float64{x - 5, 300, x + 80, 300}, Stroke: "#c8c8c8", LineWidth: 0.5})
		add(Item{Kind: "text", Text: "Hg " + base, X: x, Y: 300, FontSize: 13, Baseline: base, Fill: "#111418", Stroke: "#ffffff", LineWidth: 2, Role: "label"})
	}
	add(Item{Kind: "text", Text: `<script>&"'</script> ]]> a` + "\x00\x1b\x7f\xff\ufffe" + "b", X: 60, Y: 45, FontSize: 10, Fill: `red" onload="x`, Role: "label", Clip: 1})
	return s
}

// chartScene is a Scene as a typical chart makes it: six series of 120
// points each, lines and markers, with ticks, grid and a legend, for the
// size budget and the benchmarks.
func chartScene() *Scene {
	s := &Scene{Width: 760, Height: 420, Background: "#ffffff", Clips: []Rect{{X: 60, Y: 40, W: 660, H: 320}}}
	add := func(it Item) { s.Items = append(s.Items, it) }
	colors := []string{"#3b75af", "#e5731b", "#4f9a3f", "#c23b3d", "#9a5ea1", "#8c6d4f"}
	for i := range 6 {
		y := 40 + float64(i)*64
		add(Item{Kind: "path", Points: []float64{60, y, 720, y}, Stroke: "#dbdee4", LineWidth: 1})
		add(Item{Kind: "text", Text: fmt.Sprintf("10^%d", 6-i), X: 54, Y: y, FontSize: 12, Anchor: "end", Baseline: "middle", Fill: "#6e7c8c", Role: "tick-y0"})
	}
	for i := range 7 {
		x := 60 + float64(i)*110
		add(Item{Kind: "text", Text: fmt.Sprintf("%d", 2000+i*4), X: x, Y: 366, FontSize: 12, Anchor: "middle", Baseline: "top", Fill: "#6e7c8c", Role: "tick-x0"})
	}
	for si, c := range colors {
		var p []float64
		for j := range 120 {
			x := 60 + float64(j)*5.5
			y := 360 - 300*(1-math.Exp(-float64(j)/(30+10*float64(si)))) + 8*math.Sin(float64(j*(si+1))/7)
			p = append(p, x, y)
		}
		add(Item{Kind: "path", Points: p, Stroke: c, LineWidth: 2, Clip: 1})
		for j := 0; j < len(p); j += 2 {
			add(Item{Kind: "symbol", Shape: "emptyCircle", X: p[j], Y: p[j+1], Size: 6, Fill: "#ffffff", Stroke: c, LineWidth: 2, Clip: 1})
		}
		add(Item{Kind: "path", Points: []float64{80 + float64(si)*110, 400, 105 + float64(si)*110, 400}, Stroke: c, LineWidth: 2, Role: "legend-icon"})
		add(Item{Kind: "text", Text: fmt.Sprintf("Model family %c", 'A'+si), X: 110 + float64(si)*110, Y: 400, FontSize: 12, Baseline: "middle", Fill: "#111418", Role: "legend"})
	}
	return s
}

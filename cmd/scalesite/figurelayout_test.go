package main

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	scsite "github.com/scalesite/scalesite/site"
)

// TestFigureForAColumn: by default scalesite figure makes a figure for a
// paper's column (issue 33): no title, the axes' text 8 pt, panels side
// by side (two at 3.25 in), a compact legend, at least three labelled
// ticks on every axis, about 3.25 × 2.3 in for one row; --title brings the
// title back, --columns stacks the panels, --height sets the height. The
// old layout failed each: a two-panel chart at 3.25 in stacked 7.75 in
// tall, titled, with two ticks on an axis.
func TestFigureForAColumn(t *testing.T) {
	demo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	s, err := scsite.Load(demo, scsite.Options{ChartsOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := scene.New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	chartOf := func(slug string) *scsite.Chart {
		for _, p := range s.Pages {
			if p.Slug == slug {
				return s.Body(p).Charts[0]
			}
		}
		t.Fatalf("no page %s in the demo", slug)
		return nil
	}
	const column = 3.25 * 96
	// the most markers a figure draws: Kaplan's learning curves and
	// frontier are lines of hundreds of points (its frontier drew a ring
	// on each, a bead chain at print size)
	fewMarkers := map[string]int{"one panel, many series": 20}
	for _, tc := range []struct {
		name, slug   string
		layout       figureLayout
		panels, rows int
		title        bool
		maxInches    float64 // the figure's height at most
		minInches    float64 // and at least
		legend       bool
	}{
		{"two panels in a column", "gallery/chinchilla-two-panel-fits", figureLayout{Width: column, FontPt: 8}, 2, 1, false, 3.6, 1.8, true},
		{"one panel, many series", "gallery/kaplan-loss-vs-compute", figureLayout{Width: column, FontPt: 8}, 1, 1, false, 3.6, 1.8, true},
		{"one panel, few series", "gallery/gpt3-lambada-perplexity", figureLayout{Width: column, FontPt: 8}, 1, 1, false, 2.6, 1.8, false},
		// its legend's title in the legend's box inside the plot, not under the plot
		{"a legend with a title", "gallery/chinchilla-isoflop", figureLayout{Width: column, FontPt: 8}, 1, 1, false, 2.6, 1.8, true},
		{"--title", "gallery/chinchilla-two-panel-fits", figureLayout{Width: column, FontPt: 8, Title: true}, 2, 1, true, 4.5, 1.8, true},
		{"--columns 1", "gallery/chinchilla-two-panel-fits", figureLayout{Width: column, FontPt: 8, Columns: 1}, 2, 2, false, 6.5, 3.5, true},
		{"--height 2.6in", "gallery/chinchilla-two-panel-fits", figureLayout{Width: column, FontPt: 8, Height: 2.6 * 96}, 2, 1, false, 2.61, 2.59, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := chartOf(tc.slug)
			m := tc.layout.medium(c)
			sc, err := eng.SceneFor(chart.OptionBytes(chart.Option(c)), m, false)
			if err != nil {
				t.Fatal(err)
			}
			k := m.Scale()
			if w := sc.Width * k; w < column-0.5 || w > column+0.5 {
				t.Errorf("%.1f px wide, want %.0f", w, column)
			}
			if h := sc.Height * k / 96; h > tc.maxInches || h < tc.minInches {
				t.Errorf("%.2f in high, want %.2f to %.2f", h, tc.minInches, tc.maxInches)
			}
			if len(sc.Clips) != tc.panels {
				t.Fatalf("%d plots, want %d", len(sc.Clips), tc.panels)
			}
			tops := map[float64]bool{}
			for _, r := range sc.Clips {
				tops[r.Y] = true
			}
			if len(tops) != tc.rows {
				t.Errorf("the plots stand in %d rows, want %d: %v", len(tops), tc.rows, sc.Clips)
			}
			ticks := map[string]int{}
			titled := false
			legend := 0
			for _, it := range sc.Items {
				// (a title or subtitle holding TeX is typeset: a tex item)
				if it.Kind == "tex" && (it.Role == "title" || it.Role == "subtitle") {
					titled = true
				}
				if it.Kind != "text" {
					continue
				}
				switch {
				case strings.HasPrefix(it.Role, "tick-"):
					ticks[it.Role]++
					// the axes' text at 8 pt: 12 units (13 on a log axis, for its powers)
					if pt := it.FontSize * k * 72 / 96; pt < 7.9 || pt > 8.7 {
						t.Errorf("tick label %q is %.1f pt, want 8", it.Text, pt)
					}
				case it.Role == "title" || it.Role == "subtitle":
					titled = true
				case it.Role == "legend":
					legend++
				}
			}
			if titled != tc.title {
				t.Errorf("title drawn: %v, want %v", titled, tc.title)
			}
			if len(ticks) < 2*tc.panels {
				t.Errorf("tick labels on %d axes, want %d: %v", len(ticks), 2*tc.panels, ticks)
			}
			for role, n := range ticks {
				if n < 3 {
					t.Errorf("%s: %d labelled ticks, want 3 or more", role, n)
				}
			}
			if tc.legend && legend == 0 {
				t.Errorf("no legend")
			}
			// a legend's title stands right over its entries
			var titleY []float64
			firstY := math.Inf(1)
			for _, it := range sc.Items {
				switch {
				case it.Kind != "text":
				case it.Role == "legend-title":
					titleY = append(titleY, it.Y)
				case it.Role == "legend":
					firstY = min(firstY, it.Y)
				}
			}
			for _, y := range titleY {
				if y >= firstY || firstY-y > 20 {
					t.Errorf("the legend's title at y %.0f, its first entry at %.0f: not over the entries", y, firstY)
				}
			}
			// thin lines and small markers, none in a bead chain: Kaplan's
			// frontier drew a ring on each of its hundreds of points
			markers := 0
			for _, it := range sc.Items {
				if it.Kind == "symbol" && it.Role == "" {
					markers++
					if it.Size*k > 7*96/72 {
						t.Errorf("a marker %.1f pt across, want 7 at most", it.Size*k*72/96)
						break
					}
				}
			}
			if most, ok := fewMarkers[tc.name]; ok && markers > most {
				t.Errorf("%d markers, want %d at most: a line of many points draws none", markers, most)
			}
			for _, it := range sc.Items {
				if it.Kind == "text" && strings.HasPrefix(it.Role, "axis-name") && strings.HasSuffix(it.Text, "…") {
					t.Errorf("the axis name %q is cut", it.Text)
				}
			}
		})
	}
}

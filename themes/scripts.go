package themes

// ChartBundle is the asset a page with charts loads after echarts.min.js
// (layouts/base.html): the theme's ChartScripts, each minified, joined in
// their order into one file by the renderer, from the theme's files as a
// site's own theme overlays them. One request instead of one a script: on
// a page's first load the browser fetched thirteen small scripts beside
// ECharts, and each gzipped alone (BENCHMARKS.md, "Issue 21: first paint").
// The name is the renderer's: a theme may not have a file of its own there.
const ChartBundle = "charts.js"

// LayoutScripts are the theme's scripts, under assets/, that lay a chart
// out, in the order they run: both the page (ChartScripts) and the build
// (internal/scene, the static figure) run them, so the two lay a chart out
// with the same code. Each call returns a new slice.
func LayoutScripts() []string {
	return []string{
		"format.js",
		"tooltip.js",
		"ticks.js",
		"labelgeometry.js",
		"labels.js",
		"breaktext.js",
		"colors.js",
		"chartlayout.js",
		"marks.js",
	}
}

// ChartScripts are the theme's scripts, under assets/, that every page with
// charts runs after ECharts, in order: the LayoutScripts, then those of the
// page alone (site.js mounts the charts; the zoom, export, print and
// linear-axis controls hook into it). They are the one list: the renderer
// makes ChartBundle of them, and the static figure runs the LayoutScripts.
// Each call returns a new slice.
func ChartScripts() []string {
	return append(LayoutScripts(), "site.js", "linearaxes.js", "zoomarea.js", "export.js", "printpdf.js")
}

// SmoothScript is the smoothing control of a chart whose lines are smoothed
// (a spec's smooth:), which hooks into site.js.
const SmoothScript = "smooth.js"

// OptionalScripts are the theme's chart scripts, under assets/, that only
// some charts need, in the order a page runs them: a page loads each one
// after ChartBundle, as a file of its own, when one of its charts needs it
// (chart.Scripts says which a chart needs), so that a page without such a
// chart does not carry it (SmoothScript was 2 KB of every page gzipped).
// Each call returns a new slice.
func OptionalScripts() []string {
	return []string{SmoothScript}
}

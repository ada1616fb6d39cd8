// Package chart turns a loaded chart (a parsed spec and its data, from
// site) into what the page carries for it: the ECharts option as JSON
// (chart.go, axes.go, marks.go, fit.go, style.go, units.go, written by
// chartjson.go with internal/fastjson), the alt text (alt.go), and the
// chart's data as a CSV file and as HTML tables (export.go). Long lines are
// downsampled and dense scatters thinned on the way (downsample.go,
// thin.go).
//
// It reads no files and reports no errors: site has checked the spec and
// the data. Nothing from the content becomes code: text goes into the JSON
// as strings, escaped for a script element, and the formatter tokens the
// site script swaps for functions are fixed strings of this package.
//
// Where the panels go is the theme's layout's to decide (chartlayout.js
// frame, which package check runs through internal/scene): the option
// carries no grid of its own. DefaultHeight and PaletteSize are what
// package check measures labels and series against.
package chart

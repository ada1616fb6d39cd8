package chart

import (
	"strings"

	"github.com/scalesite/scalesite/chartspec"
)

// unitMark tells the site script an axis' unit: tooltips write Unit after
// every value of the axis, and tick labels write TickUnit (the unit when it
// is short, else nothing; chartspec.TickUnit). An axis whose ticks do not carry
// its unit has it in its title instead (axisName).
//
// Title is the axis' title for tooltips when the axis itself draws none
// because the panels share one title (written once per row or column):
// without it the tooltip of every panel but one would say "y: 31 ms".
type unitMark struct {
	Unit     string `json:"scalesiteUnit,omitempty"`
	TickUnit string `json:"scalesiteTickUnit,omitempty"`
	Title    string `json:"scalesiteTitle,omitempty"`
}

// axisMarkOf is the mark of an axis, its title kept for markUnit.
func axisMarkOf(a chartspec.Axis) unitMark {
	return unitMark{Unit: a.Unit, TickUnit: chartspec.TickUnit(a.Unit), Title: axisName(a)}
}

// markUnit is the mark of panel i's axis, whose drawn name is drawn.
func markUnit(marks []unitMark, i int, drawn string) unitMark {
	if i >= len(marks) {
		return unitMark{}
	}
	m := marks[i]
	if drawn != "" || m.Title == drawn {
		m.Title = ""
	}
	return m
}

// legendNumber names a series named by a number: as written when the data
// wrote it as papers do ("70M", "1.4B", "1,024"), which is how the reader
// knows it; else as numberName writes it (6×10¹⁸).
func legendNumber(name string, v float64) string {
	if writtenNumber(name) {
		return strings.TrimSpace(name)
	}
	return numberName(v)
}

// writtenNumber reports whether a cell that reads as a number uses a
// magnitude suffix or thousands separators.
func writtenNumber(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && (strings.ContainsRune("kKMBGT", rune(s[len(s)-1])) || strings.Contains(s, ","))
}

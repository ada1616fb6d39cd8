package pipeline

import (
	"path"
	"strings"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// HeavyPages warns about built pages larger than the site's page limit
// (limits: {page: 5MB} by default): each one is a download a phone on a
// slow network waits for, usually because a chart carries every point of a
// large data file.
func HeavyPages(s *site.Site, out *output.Output) diag.List {
	limit := s.Config.Limits.Page
	if limit <= 0 {
		return nil
	}
	size := make(map[string]int, len(out.Files))
	for _, f := range out.Files {
		if f.Src == "" && strings.HasSuffix(f.Path, ".html") {
			size[f.Path] = f.Len()
		}
	}
	var warnings diag.List
	all := s.Pages
	if s.Home != nil {
		all = append(all[:len(all):len(all)], s.Home)
	}
	for _, p := range all {
		n := size[p.OutputPath()]
		if int64(n) <= limit {
			continue
		}
		warnings = append(warnings, diag.Warnf(diag.HeavyPage, diag.Pos{File: p.Path, Line: 1},
			"the built page is %s, over the %s a page should weigh (limits: {page: %s} in scalesite.yaml): it loads slowly on a phone; keep fewer points (downsample: 1000 on a line chart, or a where: filter) or split the charts over pages",
			sitefs.FormatSize(int64(n)), sitefs.FormatSize(limit), sitefs.FormatSize(limit)))
	}
	return warnings
}

// LargeDownloads warns about charts whose CSV download is larger than the
// site's file limit (limits: {file: 100MB} by default, GitHub Pages' own
// limit for one file), which the host would refuse: even compressed
// (chart.CSVGzipRows), a chart of tens of millions of rows can be.
func LargeDownloads(s *site.Site, out *output.Output) diag.List {
	limit := s.Config.Limits.File
	if limit <= 0 {
		return nil
	}
	size := make(map[string]int)
	for _, f := range out.Files {
		if f.Src == "" && chart.IsDataName(f.Path) {
			size[f.Path] = f.Len()
		}
	}
	var warnings diag.List
	all := s.Pages
	if s.Home != nil {
		all = append(all[:len(all):len(all)], s.Home)
	}
	for _, p := range all {
		for _, c := range p.Charts {
			name := chart.SummaryDataFile(p.Slug, c)
			n := size[name]
			if int64(n) <= limit {
				continue
			}
			at := c.Pos
			if at.File == "" {
				at = diag.Pos{File: p.Path, Line: 1}
			}
			warnings = append(warnings, diag.Warnf(diag.LargeDownload, at,
				"the chart's CSV download %s is %s, over the %s a file may weigh (limits: {file: %s} in scalesite.yaml; GitHub Pages refuses files over 100 MB): draw fewer rows (a where: filter, or a log written less often), or publish the data elsewhere and link to it",
				path.Base(name), sitefs.FormatSize(int64(n)), sitefs.FormatSize(limit), sitefs.FormatSize(limit)))
		}
	}
	return warnings
}

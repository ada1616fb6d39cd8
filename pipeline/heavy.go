package pipeline

import (
	"strings"

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

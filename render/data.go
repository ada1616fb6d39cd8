package render

import (
	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// dataFiles returns the CSV files (and the fit files, the static figures'
// SVG files and social cards) of the charts of the home page and every
// page, rendered again only for pages that changed.
func (r *renderer) dataFiles() ([]output.File, error) {
	pages := r.site.Pages
	if r.site.Home != nil {
		pages = append([]*site.Page{r.site.Home}, pages...)
	}
	per := make([][]output.File, len(pages))
	errs := make([]error, len(pages))
	par.For(len(pages), 0, func(i int) {
		p := pages[i]
		for j, c := range p.Charts {
			name := chart.DataFile(p.Slug, c)
			b, err := r.rr.cachedData(name, csvKey(p, j), func() ([]byte, error) { return chart.CSV(c), nil })
			if err != nil {
				errs[i] = err
				return
			}
			per[i] = append(per[i], output.File{Path: name, Data: b})
			if chart.HasFits(c) {
				name := chart.FitFile(p.Slug, c)
				b, err := r.rr.cachedData(name, fitKey(p, j), func() ([]byte, error) { return chart.FitJSON(c) })
				if err != nil {
					errs[i] = err
					return
				}
				per[i] = append(per[i], output.File{Path: name, Data: b})
			}
			if st := r.rr.statics; st != nil {
				name := staticFile(p.Slug, c)
				b, err := r.rr.cachedData(name, svgKey(p, j), func() ([]byte, error) { return st.file(c) })
				st.files.Delete(c) // drawn with the page, or now
				if err != nil {
					errs[i] = err
					return
				}
				per[i] = append(per[i], output.File{Path: name, Data: b})
			}
			if f, ok, err := r.rr.cardOutput(p, j, c, true); err != nil {
				errs[i] = err
				return
			} else if ok {
				per[i] = append(per[i], f)
			}
		}
	})
	var out []output.File
	for i, fs := range per {
		if errs[i] != nil {
			return nil, errs[i]
		}
		out = append(out, fs...)
	}
	return out, nil
}

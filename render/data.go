package render

import (
	"sync"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// dataFile is the path of the CSV file of chart c of the page at slug
// (chart.DataFile): its name is the chart's id's.
func dataFile(slug string, c site.ChartSummary) string {
	return chart.SummaryDataFile(slug, c)
}

// fitFile is the path of chart c's fit file (chart.FitFile), which a
// chart with fits (c.Fits) has.
func fitFile(slug string, c site.ChartSummary) string {
	return chart.FitFile(slug, &site.Chart{ID: c.ID})
}

// chartFiles makes, through put, the files of page p's charts: each
// chart's CSV file, its fit file, its static figure's SVG file and the
// page's social card when the build draws them, the card drawn ahead when
// card is not nil; each made again only when its key changed
// (cachedData: a Renderer that remembers nothing makes each). body gives
// the page's body, and is called only when a file is made.
func (rr *Renderer) chartFiles(p *site.Page, body func() (*site.Body, error), card *cardFuture, put func(output.File) error) error {
	body = sync.OnceValues(body)
	withChart := func(j int, make func(*site.Chart) ([]byte, error)) func() ([]byte, error) {
		return func() ([]byte, error) {
			b, err := body()
			if err != nil {
				return nil, err
			}
			return make(b.Charts[j])
		}
	}
	var made []*site.Chart // the charts whose CSV files were made, by made's index in csvs
	var csvs [][]byte
	csv := func(c *site.Chart) ([]byte, error) {
		for i, m := range made {
			if chart.SameCSV(c, m) { // a large file of the same bytes: made once
				return csvs[i], nil
			}
		}
		b := chart.CSV(c)
		made, csvs = append(made, c), append(csvs, b)
		return b, nil
	}
	for j, c := range p.Charts {
		name := dataFile(p.Slug, c)
		b, err := rr.cachedData(name, csvKey(p, j), withChart(j, csv))
		if err == nil {
			err = put(output.File{Path: name, Data: b})
		}
		if err == nil && c.Fits {
			name := fitFile(p.Slug, c)
			if b, err = rr.cachedData(name, fitKey(p, j), withChart(j, chart.FitJSON)); err == nil {
				err = put(output.File{Path: name, Data: b})
			}
		}
		if st := rr.statics; err == nil && st != nil {
			name := staticFile(p.Slug, c.ID)
			// The figure drawn with the page (st.files), or drawn now.
			b, err = rr.cachedData(name, svgKey(p, j), withChart(j, st.file))
			if bd, berr := body(); berr == nil && j < len(bd.Charts) {
				st.files.Delete(bd.Charts[j]) // drawn with the page, kept
			}
			if err == nil {
				err = put(output.File{Path: name, Data: b})
			}
		}
		if err == nil && j == p.Card && rr.statics != nil {
			var bd *site.Body
			if bd, err = body(); err == nil {
				var f output.File
				var ok bool
				if f, ok, err = card.output(rr, bd, j, bd.Charts[j]); err == nil && ok {
					err = put(f)
				}
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

package render

import (
	"html/template"
	"strings"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/output"
)

// The chart font on a site with static figures: the static figure is
// measured in DejaVu Sans (package figure), so the live chart that
// replaces it must be measured and drawn in it too, whatever the reader's
// sans-serif, or it comes out with other ticks and labels than the figure
// it replaces. Such a site publishes the web faces (figure.WebFaces) with
// their licence, and its pages with charts preload them, declare them for
// the inline figures (whose text names "DejaVu Sans") and name the family
// in a meta element, which site.js reads to draw the live charts in it
// once it has loaded. Each face is in two parts (figure.WebFace): the
// base, which the pages preload, and the rest, which a browser fetches
// only for a page whose chart text needs it. A site without static figures leaves chart text in
// the reader's sans-serif and loads no font.

// chartFontFamily is the family the pages declare the web faces as: the
// one figure.FontFamily names first, so that the inline figures use them.
const chartFontFamily = "DejaVu Sans"

// chartFont is what a site publishes of the chart font: its files, and
// the markup of the head of a page with charts.
type chartFont struct {
	files []output.File
	head  template.HTML
}

// newChartFont makes the chart font's files and markup for a site at
// basePath.
func newChartFont(basePath string) *chartFont {
	faces, err := figure.WebFaces()
	if err != nil {
		panic("render: " + err.Error()) // the embedded font: only a broken build gets here
	}
	cf := &chartFont{}
	var preload, faceCSS strings.Builder
	for _, f := range faces {
		part := ""
		if !f.Base {
			part = "-ext"
		}
		name := hashedName("assets/dejavu-sans-"+weightName(f.Weight)+part+".woff", f.Data)
		cf.files = append(cf.files, output.File{Path: name, Data: f.Data})
		url := template.HTMLEscapeString(basePath + name)
		if f.Base {
			// every chart draws from the base part; the other is
			// fetched for a page whose text needs it (unicode-range)
			preload.WriteString(`<link rel="preload" href="` + url + `" as="font" type="font/woff" crossorigin>` + "\n")
		}
		faceCSS.WriteString(`@font-face{font-family:"` + chartFontFamily + `";font-weight:` + weightName(f.Weight) +
			`;font-display:swap;src:url("` + url + `") format("woff");unicode-range:` + f.UnicodeRange + `}`)
	}
	licence := []byte(figure.FontLicense())
	cf.files = append(cf.files, output.File{Path: hashedName("assets/dejavu-sans-licence.txt", licence), Data: licence})
	cf.head = template.HTML(preload.String() + "<style>" + faceCSS.String() + "</style>\n" +
		`<meta name="scalesite-chart-font" content="` + chartFontFamily + `">`)
	return cf
}

func weightName(w int) string {
	if w >= 600 {
		return "700"
	}
	return "400"
}

// chartFont is the chart font of rr's pages: nil when they have no static
// figures.
func (rr *Renderer) chartFont() *chartFont {
	if rr.statics == nil {
		return nil
	}
	rr.fontOnce.Do(func() { rr.font = newChartFont(rr.config.BasePath) })
	return rr.font
}

// chartFontFiles are the chart font's files when s has a chart to draw in
// it, else none.
func (r *renderer) chartFontFiles() []output.File {
	cf := r.rr.chartFont()
	if cf == nil {
		return nil
	}
	for _, p := range r.site.Pages {
		if len(p.Charts) > 0 {
			return cf.files
		}
	}
	if r.site.Home != nil && len(r.site.Home.Charts) > 0 {
		return cf.files
	}
	return nil
}

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/build"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/spec"
)

// chartInfo is what the browser reports of one chart instance.
type chartInfo struct {
	ID     string     `json:"id"`
	XTypes []string   `json:"xTypes"`
	YTypes []string   `json:"yTypes"`
	XTicks [][]string `json:"xTicks"`
	YTicks [][]string `json:"yTicks"`
	Series []struct {
		Name      string `json:"name"`
		Type      string `json:"type"`
		N         int    `json:"n"`
		Labels    bool   `json:"labels"`
		XAxis     int    `json:"xAxis"`
		Color     string `json:"color"`
		LabelText string `json:"labelText"`
	} `json:"series"`
	Legend    []string `json:"legend"`
	Drawn     bool     `json:"drawn"`
	Formatter string   `json:"formatter"`
}

// chartsJS collects, for every chart on the page, what ECharts itself holds:
// axis types, the tick labels it lays out, series with their point counts.
const chartsJS = `Object.entries(window.scalesite.charts).map(([id, c]) => {
  const o = c.getOption(), m = c.getModel();
  // Only the tick labels drawn on the canvas (ECharts lays out the ends of
  // an axis even when it hides them).
  const onCanvas = new Set(c.getZr().storage.getDisplayList(true).map(e => e.style && e.style.text).filter(Boolean));
  const ticks = (kind, n) => Array.from({length: n}, (_, i) =>
    m.getComponent(kind, i).axis.getViewLabels().map(l => l.formattedLabel).filter(t => onCanvas.has(t)));
  const cv = c.getDom().querySelector('canvas');
  let drawn = false;
  if (cv) {
    const d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
    for (let i = 3; i < d.length; i += 4 * 97) { if (d[i] !== 0) { drawn = true; break; } }
  }
  return {
    id,
    xTypes: o.xAxis.map(a => a.type), yTypes: o.yAxis.map(a => a.type),
    xTicks: ticks('xAxis', o.xAxis.length), yTicks: ticks('yAxis', o.yAxis.length),
    series: o.series.map((s, i) => ({name: s.name, type: s.type, n: s.data.length,
      labels: !!(s.label && s.label.show), xAxis: s.xAxisIndex || 0, color: c.getVisual({seriesIndex: i}, 'color'),
      labelText: s.data.length && s.data[0].name ? s.data[0].name : ''})),
    legend: (o.legend && o.legend[0] && o.legend[0].show !== false) ? m.getComponent('legend').getData().map(d => d.get('name')) : [],
    drawn,
    formatter: typeof o.tooltip[0].formatter,
  };
})`

// TestDemoSiteInChromium builds the demo site, serves it, and checks every
// page's charts against their specs in a real browser.
func TestDemoSiteInChromium(t *testing.T) {
	b := newBrowser(t)
	root, _ := filepath.Abs("..")
	dest := t.TempDir()
	if _, err := build.Run(build.Options{Source: root, Dest: dest}); err != nil {
		t.Fatalf("building the demo site: %v", err)
	}
	s, err := site.Load(root, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	base := serve(t, dest)
	pages := append([]*site.Page{}, s.Pages...)
	if s.Home != nil {
		pages = append(pages, s.Home)
	}
	for _, p := range pages {
		t.Run(p.Path, func(t *testing.T) {
			tb := b.tab(t)
			url := base + "/" + p.Slug
			if p.Slug != "" {
				url += "/"
			}
			var charts []chartInfo
			actions := []chromedp.Action{chromedp.Navigate(url)}
			if len(p.Charts) > 0 {
				actions = append(actions, tb.waitCharts(len(p.Charts)), chromedp.Sleep(1200*time.Millisecond), chromedp.Evaluate(chartsJS, &charts))
			}
			if err := chromedp.Run(tb.ctx, actions...); err != nil {
				t.Fatalf("%s: %v", url, err)
			}
			name := p.Slug
			if name == "" {
				name = "home"
			}
			tb.saveScreenshot(t, "demo-"+strings.ReplaceAll(name, "/", "-"))
			if len(charts) != len(p.Charts) {
				t.Fatalf("%d chart instances, want %d", len(charts), len(p.Charts))
			}
			for _, c := range p.Charts {
				checkChart(t, c, findChart(charts, c.ID))
			}
			if f := tb.foreignRequests(base); len(f) > 0 {
				t.Errorf("the page asked other hosts: %v", f)
			}
			if len(tb.dialogs) > 0 {
				t.Errorf("dialogs opened: %v", tb.dialogs)
			}
		})
	}
}

func findChart(charts []chartInfo, id string) *chartInfo {
	for i := range charts {
		if charts[i].ID == id {
			return &charts[i]
		}
	}
	return nil
}

// checkChart compares one chart instance with its spec and data.
func checkChart(t *testing.T, c *site.Chart, got *chartInfo) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: no ECharts instance", c.ID)
		return
	}
	if !got.Drawn {
		t.Errorf("%s: the canvas is blank", c.ID)
	}
	if got.Formatter != "function" {
		t.Errorf("%s: tooltip formatter is %s, want the site script's function", c.ID, got.Formatter)
	}
	wantType := map[string]string{spec.ScaleLog: "log", spec.ScaleLinear: "value"}
	k := 0
	for i, p := range c.Spec.Panels {
		if got.XTypes[i] != wantType[p.X.Scale] || got.YTypes[i] != wantType[p.Y.Scale] {
			t.Errorf("%s panel %d: axes %s/%s, want %s/%s", c.ID, i, got.XTypes[i], got.YTypes[i], p.X.Scale, p.Y.Scale)
		}
		for _, s := range c.Panels[i].Series {
			if k >= len(got.Series) {
				t.Errorf("%s: only %d series drawn", c.ID, len(got.Series))
				return
			}
			g := got.Series[k]
			k++
			if g.N != len(s.Points) || g.XAxis != i || g.Type != p.Type {
				t.Errorf("%s series %q: %d %s points on axis %d, want %d %s points on axis %d", c.ID, s.Name, g.N, g.Type, g.XAxis, len(s.Points), p.Type, i)
			}
			if p.Series.Name != "" && g.Name != s.Name {
				t.Errorf("%s: series named %q, want %q", c.ID, g.Name, s.Name)
			}
			if (p.Label.Name != "") != g.Labels {
				t.Errorf("%s series %q: labels shown = %v, want %v", c.ID, s.Name, g.Labels, p.Label.Name != "")
			}
		}
	}
	if k != len(got.Series) {
		t.Errorf("%s: %d series drawn, want %d", c.ID, len(got.Series), k)
	}
	// Log axes read as powers of ten unless the spec asks for another format.
	for i, p := range c.Spec.Panels {
		for _, ax := range []struct {
			a     spec.Axis
			ticks []string
		}{{p.X, got.XTicks[i]}, {p.Y, got.YTicks[i]}} {
			if ax.a.Scale != spec.ScaleLog {
				continue
			}
			for _, tick := range ax.ticks {
				if utf8.RuneCountInString(tick) > 9 {
					t.Errorf("%s: log tick %q is written out in full", c.ID, tick)
				}
			}
		}
	}
}

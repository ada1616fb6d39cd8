package e2e

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scalesite/scalesite/pipeline"
)

// The export tests (issue 8): a chart's figure leaves the page as a PNG at
// twice its pixels, as an SVG, and as the CSV of its data; what the reader
// did to it (hidden series, zoom, linear axes) travels in the address; its
// log axes switch to linear and back; and the keyboard reaches its toolbar.

// exportSite is a page with a log-x line chart of three series and a
// log-log scatter with labels.
var exportSite = map[string]string{
	"scalesite.yaml": "title: Export\n",
	"content/runs/index.md": "---\ntitle: Runs\n---\nSome text.\n\n" +
		"```chart\ntitle: Loss against compute\ndata: runs.csv\nx: {field: flops, scale: log, title: Compute (FLOPs)}\ny: {field: loss, title: Loss}\nseries: model\n```\n\n" +
		"More text.\n\n" +
		"```chart\ntype: scatter\ntitle: Models\ndata: models.csv\nx: {field: params, scale: log}\ny: {field: tokens, scale: log}\nlabel: name\n```\n",
	"content/runs/runs.csv": "model,flops,loss\n" +
		"small,1e18,3.2\nsmall,3e18,3.05\nsmall,1e19,2.9\nsmall,1e20,2.6\nsmall,1e21,2.45\n" +
		"medium,1e18,3.1\nmedium,1e19,2.8\nmedium,1e20,2.5\nmedium,1e21,2.3\n" +
		"\"large, wide\",1e19,2.7\n\"large, wide\",1e20,2.4\n\"large, wide\",1e21,2.1\n\"large, wide\",1e22,1.9\n",
	"content/runs/models.csv": "name,params,tokens\nA,1e8,2e9\nB,1e9,2e10\nC,7e9,1.4e12\nD,7e10,1.4e12\n",
}

func writeExportSite(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	for name, body := range exportSite {
		p := filepath.Join(src, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return src
}

func buildExportSite(t *testing.T) string {
	t.Helper()
	src := writeExportSite(t)
	dest := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	return serve(t, dest)
}

// downloads lets a tab save files into a folder; next runs an action and
// returns the bytes of the file it downloads.
type downloads struct {
	dir  string
	done chan string
}

func (tb *tab) allowDownloads(t *testing.T) *downloads {
	t.Helper()
	d := &downloads{dir: t.TempDir(), done: make(chan string, 8)}
	var mu sync.Mutex
	chromedp.ListenTarget(tb.ctx, func(ev any) {
		if e, ok := ev.(*cdpbrowser.EventDownloadProgress); ok && e.State == cdpbrowser.DownloadProgressStateCompleted {
			mu.Lock()
			defer mu.Unlock()
			d.done <- e.GUID
		}
	})
	if err := chromedp.Run(tb.ctx, cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName).
		WithDownloadPath(d.dir).WithEventsEnabled(true)); err != nil {
		t.Fatalf("allowing downloads: %v", err)
	}
	return d
}

func (d *downloads) next(t *testing.T, tb *tab, what string, action chromedp.Action) []byte {
	t.Helper()
	if err := chromedp.Run(tb.ctx, action); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	select {
	case guid := <-d.done:
		b, err := os.ReadFile(filepath.Join(d.dir, guid))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return b
	case <-time.After(20 * time.Second):
		t.Fatalf("%s: no download finished within 20 s", what)
	}
	return nil
}

// chartJS reads chart id: c is its instance, m its model, fig its figure.
func chartJS(id string) string {
	return `const c = window.scalesite.charts[` + strconv.Quote(id) + `], m = c.getModel(), fig = c.getDom().closest('figure');
const labels = (kind, i) => m.getComponent(kind, i).axis.getViewLabels().map(l => l.formattedLabel);
const extent = (kind, i) => m.getComponent(kind, i).axis.scale.getExtent();
`
}

func TestExportInChromium(t *testing.T) {
	b := newBrowser(t)
	base := buildExportSite(t)
	page := base + "/runs/"
	const lossChart, modelsChart = "chart-runs-1", "chart-runs-2"

	t.Run("csv", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, page, 2)
		dl := tb.allowDownloads(t)
		// What the chart is drawn from: each series' name and points, the
		// original values (dims 2 and 3 on a chart with a log axis).
		var drawn []struct {
			Name   string
			Points [][2]float64
		}
		tb.eval(t, chartJS(lossChart)+`return c.getOption().series.map(s => ({Name: s.name,
			Points: s.data.map(d => { const v = Array.isArray(d) ? d : d.value; return [v[2], v[3]]; })}));`, &drawn)
		body := dl.next(t, tb, "clicking Download CSV", chromedp.Click(`#`+lossChart+` ~ .scalesite-tools a[data-tool="csv"]`, chromedp.ByQuery))
		rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
		if err != nil {
			t.Fatalf("the download is not CSV: %v\n%s", err, body)
		}
		if len(rows) == 0 || !slices.Equal(rows[0], []string{"model", "flops", "loss"}) {
			t.Fatalf("CSV header %q, want model,flops,loss", rows[:min(1, len(rows))])
		}
		var want [][]string
		for _, s := range drawn {
			for _, p := range s.Points {
				want = append(want, []string{s.Name, fmt.Sprint(p[0]), fmt.Sprint(p[1])})
			}
		}
		got := rows[1:]
		if len(got) != len(want) || len(want) != 13 {
			t.Fatalf("the CSV has %d rows, the chart draws %d points (want 13)", len(got), len(want))
		}
		for i := range want {
			gx, _ := strconv.ParseFloat(got[i][1], 64)
			gy, _ := strconv.ParseFloat(got[i][2], 64)
			wx, _ := strconv.ParseFloat(want[i][1], 64)
			wy, _ := strconv.ParseFloat(want[i][2], 64)
			if got[i][0] != want[i][0] || gx != wx || gy != wy {
				t.Errorf("CSV row %d = %q, the chart draws %q", i+1, got[i], want[i])
			}
		}
		// The data table under the chart has the same rows.
		var cells [][]string
		tb.eval(t, chartJS(lossChart)+`return [...fig.querySelectorAll('details.scalesite-data tbody tr')].map(tr => [...tr.cells].map(td => td.textContent));`, &cells)
		if len(cells) != len(want) || cells[9][0] != "large, wide" || cells[9][1] != "1e19" {
			t.Errorf("the data table has %d rows (%q), want the chart's %d", len(cells), cells, len(want))
		}
	})

	t.Run("svg", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, page, 2)
		dl := tb.allowDownloads(t)
		for _, id := range []string{lossChart, modelsChart} {
			body := dl.next(t, tb, "clicking Save SVG", clickTool(`#`+id+` ~ .scalesite-tools button[data-tool="svg"]`))
			var doc struct {
				XMLName xml.Name
				Width   string `xml:"width,attr"`
			}
			if err := xml.Unmarshal(body, &doc); err != nil || doc.XMLName.Local != "svg" || doc.XMLName.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("%s: the download is not an SVG document (%v, root %v):\n%.300s", id, err, doc.XMLName, body)
			}
			texts, paths := svgContent(t, body)
			var width int
			tb.eval(t, chartJS(id)+`return c.getWidth();`, &width)
			if doc.Width != strconv.Itoa(width) {
				t.Errorf("%s: the SVG is %s wide, the chart %d", id, doc.Width, width)
			}
			all := strings.Join(texts, "|")
			want := map[string][]string{
				lossChart:   {"Loss against compute", "Compute (FLOPs)", "small", "medium", "large, wide", "10¹⁹"},
				modelsChart: {"Models", "A", "B", "C", "D"},
			}[id]
			for _, w := range want {
				if !slices.Contains(texts, w) {
					t.Errorf("%s: the SVG has no text %q; its texts: %s", id, w, all)
				}
			}
			if paths < 10 {
				t.Errorf("%s: the SVG has %d paths, want the axes, lines and markers", id, paths)
			}
			if strings.Contains(string(body), "<script") || strings.Contains(string(body), "foreignObject") {
				t.Errorf("%s: the SVG holds a script or foreign object", id)
			}
		}
		// In the dark scheme (the charts are made again), the button still
		// works, and the figure is on the dark page's colour.
		dark := emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}})
		if err := chromedp.Run(tb.ctx, dark, chromedp.Evaluate(`window.scalesite.schemeChanged()`, nil), tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		var bg string
		tb.eval(t, `return getComputedStyle(document.body).backgroundColor;`, &bg)
		body := dl.next(t, tb, "clicking Save SVG in the dark scheme", clickTool(`#`+lossChart+` ~ .scalesite-tools button[data-tool="svg"]`))
		if !strings.Contains(string(body), `fill="`+bg+`"`) || bg == "rgb(255, 255, 255)" {
			t.Errorf("the dark scheme's SVG is not on the page's colour %s:\n%.400s", bg, body)
		}
	})

	t.Run("png", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, page, 2)
		dl := tb.allowDownloads(t)
		var size struct {
			W, H, Canvas, DPR float64
			Bg                string
		}
		tb.eval(t, chartJS(lossChart)+`return {W: c.getWidth(), H: c.getHeight(), Canvas: c.getDom().querySelector('canvas').width,
			DPR: window.devicePixelRatio,
			Bg: getComputedStyle(document.body).backgroundColor};`, &size)
		body := dl.next(t, tb, "clicking Save PNG", clickTool(`#`+lossChart+` ~ .scalesite-tools button[data-tool="png"]`))
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("the download is not a PNG: %v", err)
		}
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		if float64(w) != 2*size.W || float64(h) != 2*size.H || size.Canvas != size.W*size.DPR {
			t.Errorf("the PNG is %d×%d, the chart %g×%g CSS px on a canvas %g px wide: want twice the chart's pixels", w, h, size.W, size.H, size.Canvas)
		}
		// On the page's colour, not transparent.
		r, g, bl, a := img.At(1, h-2).RGBA()
		if bg := fmt.Sprintf("rgb(%d, %d, %d)", r>>8, g>>8, bl>>8); a>>8 != 255 || bg != size.Bg {
			t.Errorf("the PNG's corner is %s alpha %d, want the page's %s", bg, a>>8, size.Bg)
		}
	})

	t.Run("url-state", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, page, 2)
		// The reader hides a series (a legend click dispatches this) and
		// zooms with Ctrl and the wheel over the plot.
		var box struct{ X, Y, Span float64 }
		tb.eval(t, chartJS(lossChart)+`c.dispatchAction({type: 'legendToggleSelect', name: 'large, wide'});
			fig.scrollIntoView({block: 'start'});
			const r = m.getComponent('grid', 0).coordinateSystem.getRect(), dom = c.getDom().getBoundingClientRect();
			return {X: dom.left + r.x + r.width * 0.3, Y: dom.top + r.y + r.height * 0.5, Span: extent('xAxis', 0)[1] - extent('xAxis', 0)[0]};`, &box)
		wheel := input.DispatchMouseEvent(input.MouseWheel, box.X, box.Y).WithDeltaY(-600).WithModifiers(input.ModifierCtrl)
		if err := chromedp.Run(tb.ctx, input.DispatchMouseEvent(input.MouseMoved, box.X, box.Y), wheel, wheel, wheel); err != nil {
			t.Fatal(err)
		}
		var hash string
		if err := chromedp.Run(tb.ctx, chromedp.Poll(`location.hash.includes('zoom=') && location.hash`, &hash, chromedp.WithPollingTimeout(60*time.Second)), tb.waitSettled()); err != nil {
			t.Fatalf("the zoom did not reach the address (%q): %v", hash, err)
		}
		type view struct {
			Hash     string
			Selected map[string]bool
			X, Y     []float64
			Labels   []string
		}
		read := func() view {
			var v view
			tb.eval(t, chartJS(lossChart)+`return {Hash: location.hash, Selected: c.getOption().legend[0].selected,
				X: extent('xAxis', 0), Y: extent('yAxis', 0), Labels: labels('xAxis', 0)};`, &v)
			return v
		}
		before := read()
		if !strings.HasPrefix(before.Hash, "#"+lossChart+":") || !strings.Contains(before.Hash, "hide=large%2C%20wide") || before.Selected["large, wide"] {
			t.Errorf("after hiding a series and zooming, the address is %q and the legend %v", before.Hash, before.Selected)
		}
		if before.X[1]-before.X[0] > 0.8*box.Span {
			t.Errorf("the wheel did not zoom: x extent %v", before.X)
		}
		if err := chromedp.Run(tb.ctx, chromedp.Reload(), tb.waitCharts(2), tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		after := read()
		if after.Hash != before.Hash || after.Selected["large, wide"] || !after.Selected["small"] ||
			!closeTo(after.X, before.X, 1e-6) || !closeTo(after.Y, before.Y, 1e-6) || !slices.Equal(after.Labels, before.Labels) {
			t.Errorf("after a reload the chart is %+v, want it as it was: %+v", after, before)
		}
		// Opened in a new tab from the link alone, the same.
		tb2 := b.tab(t)
		tb2.open(t, page+before.Hash, 2)
		var v2 view
		tb2.eval(t, chartJS(lossChart)+`return {Hash: location.hash, Selected: c.getOption().legend[0].selected,
			X: extent('xAxis', 0), Y: extent('yAxis', 0), Labels: labels('xAxis', 0)};`, &v2)
		if v2.Hash != before.Hash || v2.Selected["large, wide"] || !closeTo(v2.X, before.X, 1e-6) {
			t.Errorf("the shared link opens the chart as %+v, want %+v", v2, before)
		}
		// Reset zoom: the whole range, and the address says so.
		var reset view
		if err := chromedp.Run(tb.ctx, clickTool(`#`+lossChart+` ~ .scalesite-tools button[data-tool="reset"]`), tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		reset = read()
		if strings.Contains(reset.Hash, "zoom=") || !near(reset.X[1]-reset.X[0], box.Span, 1e-9) {
			t.Errorf("after Reset zoom: address %q, x extent %v", reset.Hash, reset.X)
		}
		// A link to another chart of the page, followed on the page: that
		// chart zooms, and comes into view.
		var other struct {
			Zoom []float64
			Top  float64
			Hash string
			End  bool
		}
		tb.eval(t, `location.hash = '#`+modelsChart+`:zoom=0:10-50'; return true;`, new(bool))
		if err := chromedp.Run(tb.ctx, chromedp.Poll(`window.scalesite.charts['`+modelsChart+`'].getModel().getComponent('dataZoom', 0).getPercentRange()[1] < 60`, nil,
			chromedp.WithPollingTimeout(60*time.Second)), tb.waitSettled()); err != nil {
			t.Fatalf("following a link to %s: %v", modelsChart, err)
		}
		tb.eval(t, chartJS(modelsChart)+`return {Zoom: m.getComponent('dataZoom', 0).getPercentRange(), Top: c.getDom().getBoundingClientRect().top, Hash: location.hash,
			End: window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1};`, &other)
		if !closeTo(other.Zoom, []float64{10, 50}, 1e-9) || other.Top < -1 || (other.Top > 40 && !other.End) || other.Hash != "#"+modelsChart+":zoom=0:10-50" {
			t.Errorf("after following #%s:zoom=0:10-50: %+v, want that zoom, the chart at the top of the window (or the page scrolled to its end)", modelsChart, other)
		}
	})

	t.Run("log-linear", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, page, 2)
		type axis struct {
			Log     bool
			Min     float64
			Max     float64
			Labels  []string
			Pressed string
			First   []float64
			Hash    string
			Ticks   []float64
		}
		read := func() axis {
			var a axis
			tb.eval(t, chartJS(lossChart)+`const o = c.getOption(), d = o.series[0].data[0];
				return {Log: o.xAxis[0].scalesiteLog === true, Min: extent('xAxis', 0)[0], Max: extent('xAxis', 0)[1], Labels: labels('xAxis', 0),
					Pressed: fig.querySelector('[data-tool="scale"][data-axis="x"]').getAttribute('aria-pressed'),
					First: Array.isArray(d) ? d : d.value, Hash: location.hash, Ticks: m.getComponent('xAxis', 0).get(['axisLabel', 'customValues'])};`, &a)
			return a
		}
		logView := read()
		click := clickTool(`#` + lossChart + ` ~ .scalesite-tools button[data-tool="scale"][data-axis="x"]`)
		if err := chromedp.Run(tb.ctx, click, tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		linView := read()
		if !logView.Log || logView.Pressed != "false" || logView.Min > 18 || logView.Max < 22 {
			t.Fatalf("the x axis as built: %+v, want log10 from 1e18 to 1e22", logView)
		}
		if linView.Log || linView.Pressed != "true" || !near(linView.Min, math.Pow(10, logView.Min), 1e-6) ||
			!near(linView.Max, math.Pow(10, logView.Max), 1e-6) || linView.First[0] != 1e18 || !strings.Contains(linView.Hash, "lin=x") {
			t.Errorf("after Linear x: %+v, want a linear axis over 10^(%g..%g) plotting the values", linView, logView.Min, logView.Max)
		}
		if slices.Equal(linView.Labels, logView.Labels) || len(linView.Labels) < 2 {
			t.Errorf("the ticks did not follow: %q on log, %q on linear", logView.Labels, linView.Labels)
		}
		// linear ticks: evenly spaced values
		if n := len(linView.Ticks); n < 3 || !near(linView.Ticks[n-1]-linView.Ticks[n-2], linView.Ticks[1]-linView.Ticks[0], 1e-9) {
			t.Errorf("linear ticks at %v (%q), want evenly spaced values", linView.Ticks, linView.Labels)
		}
		if err := chromedp.Run(tb.ctx, click, tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		back := read()
		if !back.Log || back.Pressed != "false" || back.Min != logView.Min || back.Max != logView.Max ||
			!slices.Equal(back.Labels, logView.Labels) || strings.Contains(back.Hash, "lin=") {
			t.Errorf("after Linear x twice: %+v, want the log axis as built: %+v", back, logView)
		}
		// Zoomed in, the axis keeps showing the same values across a switch.
		tb.eval(t, chartJS(lossChart)+`c.dispatchAction({type: 'dataZoom', batch: [{dataZoomIndex: 0, start: 25, end: 50}]}); return true;`, new(bool))
		if err := chromedp.Run(tb.ctx, tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		zoomLog := read()
		if err := chromedp.Run(tb.ctx, click, tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		zoomLin := read()
		if !near(zoomLin.Min, math.Pow(10, zoomLog.Min), 1e-6) || !near(zoomLin.Max, math.Pow(10, zoomLog.Max), 1e-6) {
			t.Errorf("zoomed to x %g..%g (log10), then linear: %g..%g, want %g..%g", zoomLog.Min, zoomLog.Max,
				zoomLin.Min, zoomLin.Max, math.Pow(10, zoomLog.Min), math.Pow(10, zoomLog.Max))
		}
		// The log-log chart has both buttons; the line chart only x.
		var buttons [2]int
		tb.eval(t, `return ['`+lossChart+`', '`+modelsChart+`'].map(id => document.getElementById(id).closest('figure').querySelectorAll('[data-tool="scale"]:not([hidden])').length);`, &buttons)
		if buttons != [2]int{1, 2} {
			t.Errorf("log/linear buttons shown: %v, want 1 (x) and 2 (x, y)", buttons)
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, page, 2)
		// Tab from the top of the page: the focus goes through the first
		// chart's toolbar, control by control.
		var seen []string
		for range 40 {
			var at string
			if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(`(() => {
				const e = document.activeElement, tools = e && e.closest('.scalesite-tools');
				return tools ? tools.dataset.chart + ' ' + (e.dataset.tool || (e.classList.contains('scalesite-menu') ? 'more' : '')) + (e.dataset.axis || '') : (e ? e.tagName : '');
			})()`, &at)); err != nil {
				t.Fatal(err)
			}
			seen = append(seen, at)
			if at == modelsChart+" link" {
				break
			}
		}
		var tools []string
		for _, s := range seen {
			if strings.HasPrefix(s, "chart-") {
				tools = append(tools, s)
			}
		}
		// the tools the script adds are in the list "More…" opens
		want := []string{lossChart + " csv", lossChart + " more", lossChart + " link"}
		if len(tools) < len(want) || !slices.Equal(tools[:len(want)], want) {
			t.Errorf("Tab went through %q, want the first chart's toolbar in order: %q", seen, want)
		}
		// Enter on a focused button works it.
		var pressed string
		if err := chromedp.Run(tb.ctx, chromedp.Click(`#`+lossChart+` ~ .scalesite-tools .scalesite-menu`, chromedp.ByQuery),
			chromedp.Focus(`#`+lossChart+` ~ .scalesite-tools button[data-tool="scale"]`, chromedp.ByQuery),
			chromedp.KeyEvent(kb.Enter), tb.waitSettled(),
			chromedp.AttributeValue(`#`+lossChart+` ~ .scalesite-tools button[data-tool="scale"]`, "aria-pressed", &pressed, nil, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if pressed != "true" {
			t.Errorf("Enter on Linear x: aria-pressed %q, want true", pressed)
		}
		// Every control has an accessible name; the canvas keeps its summary.
		var unnamed []string
		var summary string
		tb.eval(t, `return [...document.querySelectorAll('.scalesite-tools [data-tool]')].filter(e => !(e.getAttribute('aria-label') || '').trim()).map(e => e.outerHTML);`, &unnamed)
		tb.eval(t, `return document.getElementById('`+lossChart+`').getAttribute('aria-label');`, &summary)
		if len(unnamed) > 0 || !strings.HasPrefix(summary, "Loss against compute. Line chart of Loss against Compute (FLOPs) (log scale)") {
			t.Errorf("controls without a name: %q; the canvas' summary: %q", unnamed, summary)
		}
	})
}

// TestExportLivePreview: in the live preview, a CSV edit updates the chart
// in place, and its data table and CSV file with it.
func TestExportLivePreview(t *testing.T) {
	b := newBrowser(t)
	dir := writeExportSite(t)
	hs := startPreview(t, dir, io.Discard)

	tb := b.tab(t)
	tb.open(t, hs.URL+"/runs/", 2)
	tb.waitLive(t)
	tb.eval(t, `document.querySelector('details.scalesite-data').open = true; window.__sameDocument = true; return true;`, new(bool))
	csvPath := filepath.Join(dir, "content", "runs", "runs.csv")
	if err := os.WriteFile(csvPath, []byte(strings.Replace(exportSite["content/runs/runs.csv"], "small,1e18,3.2", "small,1e18,3.3", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	var updated bool
	if err := chromedp.Run(tb.ctx, chromedp.Poll(`window.scalesite.charts['chart-runs-1'].getOption().series[0].data[0][3] === 3.3`, &updated,
		chromedp.WithPollingTimeout(60*time.Second)), tb.waitSettled()); err != nil {
		t.Fatalf("the chart never showed the edited value: %v", err)
	}
	var got struct {
		Same, Open bool
		Cell, CSV  string
	}
	tb.eval(t, `const d = document.querySelector('details.scalesite-data');
		window.__csv = null; fetch(document.querySelector('a[data-tool="csv"]').href).then(r => r.text()).then(t => { window.__csv = t; });
		return {Same: window.__sameDocument === true, Open: d.open, Cell: d.querySelector('tbody tr td:nth-child(3)').textContent};`, &got)
	if err := chromedp.Run(tb.ctx, chromedp.Poll(`window.__csv`, &got.CSV, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatal(err)
	}
	if !got.Same || !got.Open || got.Cell != "3.3" || !strings.Contains(got.CSV, "small,1e+18,3.3\n") {
		t.Errorf("after the CSV edit: same document %v, table still open %v, first loss %q, CSV %q; want true, true, 3.3 and the new row",
			got.Same, got.Open, got.Cell, got.CSV)
	}
}

// svgContent lists an SVG's texts and counts its paths.
func svgContent(t *testing.T, body []byte) (texts []string, paths int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(body))
	inText := 0
	var cur strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading the SVG: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "path":
				paths++
			case "text":
				inText++
				cur.Reset()
			}
		case xml.CharData:
			if inText > 0 {
				cur.Write(e)
			}
		case xml.EndElement:
			if e.Name.Local == "text" {
				inText--
				texts = append(texts, strings.TrimSpace(cur.String()))
			}
		}
	}
	return texts, paths
}

func closeTo(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i], tol) {
			return false
		}
	}
	return true
}

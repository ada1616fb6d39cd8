package render

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"path"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// The static figure: each chart drawn at build time (internal/scene runs
// the theme's own layout scripts, figure.WriteSVG draws the Scene) and put
// in the page inside the chart's canvas element, so that the chart is seen
// before any script runs, without scripts, and in print; site.js hides it
// once ECharts has drawn the live chart. The chart's SVG file, beside its
// CSV, is what the feed shows.
//
// Three widths, one for each class of viewport the default theme lays a
// chart out for (internal/scene DesktopWidth, TabletWidth, PhoneWidth),
// each shown by site.css's media queries at the chart-box width it was
// drawn at, so that no picture is scaled down to small text. Between 639
// and 799 px the box is fluid (600 to 741 px) and shows the tablet picture
// at 81% to 100%.
const (
	StaticWide   = scene.DesktopWidth
	StaticTablet = scene.TabletWidth
	StaticNarrow = scene.PhoneWidth
)

// FeedWidth is the width the chart's SVG file, the feed's picture, is laid
// out at: a feed reader's column, 650 px at most in the common ones, so
// that the picture is shown at its own size and its 12 px text stays 12 px
// (scaled down from the wide picture's 1006 px it was 7.8 px). The file
// carries its font (figure.SVGOptions.EmbedFont): a reader loads no web
// font.
const FeedWidth = 650

// statics computes the static figures of a render: engines are not safe
// for concurrent use, so each goroutine takes one from the pool. A Scene
// computed once is kept in the figure cache (figcache.go), so that a
// rebuild draws again only the charts whose inputs changed.
type statics struct {
	theme *theme
	cache *figureCache
	// limits bound each run of the theme's scripts, their Budget the
	// build's runs together (newStatics; a test's smaller).
	limits scene.Limits
	pool   sync.Pool // *scene.Engine
	files  sync.Map  // *site.Chart → []byte: its SVG file, until written
	// drawn counts the Scenes the engines computed (not read from the
	// cache), for tests.
	drawn atomic.Int64
	// cards counts the social cards drawn (not read from the cache).
	cards atomic.Int64
	// slots bounds the Scenes computed at once to the cores: a chart's
	// groups of widths are drawn side by side (scenes), and a page's
	// charts, so that a site of few pages keeps every core busy too.
	slots chan struct{}
	// drawing, when set (tests), is told when a group of a chart's Scenes
	// starts to be computed (in a slot) and when it is done.
	drawing func(start bool)
}

// staticsBudget is the CPU time a build's static figures may spend in the
// theme's scripts together: some 10,000 charts of the benchmark site's,
// drawn at both widths with their cards.
const staticsBudget = 10 * time.Minute

func newStatics(th *theme) *statics {
	return &statics{
		theme: th, cache: openFigureCache(th), limits: scene.Limits{Budget: scene.NewBudget(staticsBudget)},
		slots: make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
}

// engine is an engine of the pool, or a new one; give it back with
// release.
func (st *statics) engine() (*scene.Engine, error) {
	if e, ok := st.pool.Get().(*scene.Engine); ok {
		return e, nil
	}
	return scene.NewLimited(st.theme.files, figure.MeasureFont, st.limits)
}

// release gives e back to the pool, unless a run of it failed.
func (st *statics) release(e *scene.Engine) {
	if !e.Failed() {
		st.pool.Put(e)
	}
}

// scriptError is err, met drawing what of chart c (its static figure,
// its social card), as the build reports it: a failure of the theme's
// scripts is an error at the chart's place in its page, naming the script
// and how to go on; any other error keeps the chart's id.
func (st *statics) scriptError(c *site.Chart, what string, err error) error {
	var se *scene.ScriptError
	if !errors.As(err, &se) {
		return fmt.Errorf("chart %s: %s: %w", c.ID, what, err)
	}
	ownFile := ""
	if se.Script != "" && st.theme.own[se.Script] {
		ownFile = st.theme.ownDir + "/" + se.Script
	}
	pos := diag.Pos{}
	if c.Spec != nil {
		pos = diag.Pos{File: c.Spec.Pos.File, Line: c.Spec.Pos.Line}
	}
	return se.At(pos, "the chart's "+what, ownFile, true)
}

// staticFigure is a chart's static figure as the page and the feed carry it.
type staticFigure struct {
	HTML                    template.HTML // the three <svg> elements for the canvas
	WideH, TabletH, NarrowH int           // their heights in px
	File                    []byte        // the SVG file (FeedWidth, light, opaque, its font embedded)
}

// group computes the Scenes of option at widths, light, in one engine
// (scene.Engine.Scenes: the option parsed once, the ticks chosen for one
// width found again at the next) and keeps them in the figure cache; a
// width the cache holds is read from it.
func (st *statics) group(option []byte, widths []int, out []*figure.Scene) error {
	var keys []string
	var todo []int
	var at []int
	for i, w := range widths {
		key := st.cache.key(option, w, false)
		if s := st.cache.get(key); s != nil {
			out[i] = s
			continue
		}
		keys = append(keys, key)
		todo = append(todo, w)
		at = append(at, i)
	}
	if len(todo) == 0 {
		return nil
	}
	st.slots <- struct{}{}
	defer func() { <-st.slots }()
	e, err := st.engine()
	if err != nil {
		return err
	}
	defer st.release(e)
	if st.drawing != nil {
		st.drawing(true)
		defer st.drawing(false)
	}
	sc, err := e.Scenes(option, todo, false)
	if err != nil {
		return err
	}
	for j, s := range sc {
		st.drawn.Add(1)
		st.cache.put(keys[j], s)
		out[at[j]] = s
	}
	return nil
}

// staticWidths are the widths a chart's static figure is drawn at: its
// three pictures' and the feed's.
var staticWidths = [...]int{StaticWide, StaticTablet, StaticNarrow, FeedWidth}

// staticGroups are staticWidths (their indexes) in the groups drawn in one
// engine each, side by side: the desktop's, the tablet's and the feed's
// layouts share most axes' ticks (a y axis is as high at each), the
// phone's (chartlayout.js' narrow layout) none.
var staticGroups = [...][]int{{0, 1, 3}, {2}}

// scenes are the Scenes of option at staticWidths, each group of them
// computed in one engine, the groups side by side (each waits for a
// slot); the error is the first group's that failed.
func (st *statics) scenes(option []byte) ([len(staticWidths)]*figure.Scene, error) {
	var out [len(staticWidths)]*figure.Scene
	var errs [len(staticGroups)]error
	var wg sync.WaitGroup
	for g, idx := range staticGroups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			widths := make([]int, len(idx))
			for j, i := range idx {
				widths[j] = staticWidths[i]
			}
			sc := make([]*figure.Scene, len(idx))
			if errs[g] = st.group(option, widths, sc); errs[g] != nil {
				return
			}
			for j, i := range idx {
				out[i] = sc[j]
			}
		}()
	}
	wg.Wait()
	return out, firstError(errs[:])
}

// firstError is the first of errs that is not nil, or nil.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// figures are the static figures of charts (page options options, alt
// texts alts), computed side by side; the error is the first chart's
// that failed.
func (st *statics) figures(charts []*site.Chart, options [][]byte, alts []string) ([]*staticFigure, error) {
	out := make([]*staticFigure, len(charts))
	errs := make([]error, len(charts))
	var wg sync.WaitGroup
	for i, c := range charts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = st.figure(c, options[i], alts[i])
		}()
	}
	wg.Wait()
	return out, firstError(errs)
}

// figure computes c's static figure from its page option.
func (st *statics) figure(c *site.Chart, option []byte, alt string) (*staticFigure, error) {
	sc, err := st.scenes(option)
	if err != nil {
		return nil, st.scriptError(c, "static figure", err)
	}
	wide, tablet, narrow, feed := sc[0], sc[1], sc[2], sc[3]
	f := &staticFigure{WideH: ceilPx(wide.Height), TabletH: ceilPx(tablet.Height), NarrowH: ceilPx(narrow.Height)}
	var file bytes.Buffer
	if err := figure.WriteSVG(&file, feed, figure.SVGOptions{Title: alt, EmbedFont: true}); err != nil {
		return nil, err
	}
	f.File = file.Bytes()
	var pictures [3]*figure.Scene
	var texs [3][]byte
	for k, which := range [...]string{"wide", "tablet", "narrow"} {
		pictures[k], texs[k] = pageTeX([...]*figure.Scene{wide, tablet, narrow}[k], c, which)
	}
	// The tablet's and the phone's long lines and bands are the desktop's
	// moved and scaled: written once, in the desktop's picture, and used
	// by the others (figure.MatchPaths).
	reuseTablet, namedTablet := figure.MatchPaths(pictures[0], pictures[1])
	reuseNarrow, namedNarrow := figure.MatchPaths(pictures[0], pictures[2])
	named := namedTablet
	for i := range namedNarrow {
		if named == nil {
			named = map[int]bool{}
		}
		named[i] = true
	}
	var b bytes.Buffer
	b.Grow(3 * file.Len())
	for k, w := range []struct {
		which string
		opts  figure.SVGOptions
	}{
		{"wide", figure.SVGOptions{Named: named}},
		{"tablet", figure.SVGOptions{Reuse: reuseTablet}},
		{"narrow", figure.SVGOptions{Reuse: reuseNarrow}},
	} {
		if err := inlineSVG(&b, pictures[k], c.ID, w.which, w.opts); err != nil {
			return nil, err
		}
		b.Write(texs[k])
	}
	f.HTML = template.HTML(b.String())
	return f, nil
}

func ceilPx(h float64) int {
	n := int(h)
	if float64(n) < h {
		n++
	}
	return n
}

// inlineSVG writes s as an <svg> element of the page: without background
// (the chart box's shows through, in either colour scheme), hidden from
// assistive technology (the canvas element carries the alt text), its
// clip ids made the page's own, and the paths it reuses (opts.Reuse)
// those of the desktop's picture (the one opts.Named names).
func inlineSVG(b *bytes.Buffer, s *figure.Scene, id, which string, opts figure.SVGOptions) error {
	sc := *s
	sc.Background = ""
	var svg bytes.Buffer
	opts.Responsive = true
	if err := figure.WriteSVG(&svg, &sc, opts); err != nil {
		return err
	}
	out := svg.Bytes()
	const head = `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" `
	if !bytes.HasPrefix(out, []byte(head)) {
		return fmt.Errorf("static figure: unexpected SVG head %.60q", out)
	}
	out = out[len(head):]
	out = bytes.Replace(out, []byte(` role="img"`), nil, 1)
	out = bytes.TrimSuffix(out, []byte("\n"))
	prefix := "s-" + safeID(id) + "-" + which + "-"
	out = bytes.ReplaceAll(out, []byte(`id="`), []byte(`id="`+prefix))
	out = bytes.ReplaceAll(out, []byte(`url(#`), []byte(`url(#`+prefix))
	if len(opts.Reuse) > 0 {
		out = bytes.ReplaceAll(out, []byte(`href="#`), []byte(`href="#s-`+safeID(id)+`-wide-`))
	}
	b.WriteString(`<svg class="scalesite-static scalesite-static-` + which + `" aria-hidden="true" focusable="false" `)
	b.Write(out)
	return nil
}

// safeID is id with every character but ASCII letters, digits, '-' and
// '_' written as its code point.
func safeID(id string) string {
	var b []byte
	for i := 0; i < len(id); i++ {
		c := id[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' {
			b = append(b, c)
		} else {
			b = append(b, '_')
			b = strconv.AppendInt(b, int64(c), 16)
		}
	}
	return string(b)
}

// staticName is the name of a chart's SVG file, beside its CSV (named by
// the chart's id too).
func staticName(id string) string { return id + ".svg" }

// staticFile is the path of a chart's SVG file in the output.
func staticFile(slug, id string) string {
	return path.Join(path.Dir(chart.DataFile(slug, &site.Chart{ID: id})), staticName(id))
}

// file is c's SVG file: the one its page's static figure was drawn with,
// or drawn now.
func (st *statics) file(c *site.Chart) ([]byte, error) {
	if b, ok := st.files.LoadAndDelete(c); ok {
		return b.([]byte), nil
	}
	d := layout.NewChart(c)
	f, err := st.figure(c, chart.OptionBytes(d.Option), d.Alt)
	if err != nil {
		return nil, err
	}
	return f.File, nil
}

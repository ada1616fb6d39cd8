package figure

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sync"
	"time"

	"github.com/scalesite/scalesite/internal/polyclip"
	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/pdf"
)

// MMPerPx is the size of a CSS px in millimetres (96 px an inch).
const MMPerPx = 25.4 / 96

// PDFOptions say how WritePDF writes a Scene.
type PDFOptions struct {
	// Width and Height are the page's size in millimetres. Zero for both:
	// the Scene's size at 96 px an inch. One of them: the other follows the
	// Scene's aspect ratio. Both: the Scene is scaled to fit and centred.
	Width, Height float64
	// Title is the document's title (its info dictionary).
	Title string
	// Keywords are the document's keywords (its info dictionary).
	Keywords string
	// Date is the document's creation date, and the modification date of
	// the fonts embedded in it (SOURCE_DATE_EPOCH, for a build that sets
	// one). Zero: no creation date, and the fonts' own dates. The PDF
	// depends on the Scene and the options alone, never the clock, so
	// that a figure drawn again unchanged is the same file (pdfsettle.go).
	Date time.Time
}

// PNGOptions say how WritePNG writes a Scene.
type PNGOptions struct {
	// Scale is the number of pixels per CSS px of the Scene: 2 for a
	// picture as sharp as a high-density screen shows the chart. Zero
	// means 1. DPI, when set, says it instead (96 dpi is a scale of 1).
	Scale float64
	DPI   float64
	// Palette writes the picture in at most 256 colours (paletted): a
	// quarter of the bytes, for a social card.
	Palette bool
}

// WritePDF writes s as a one-page vector PDF, its text set in the embedded
// DejaVu Sans (subset into the file), selectable. Shapes are placed and
// text anchored and set on its baseline exactly as WriteSVG does.
// tdewolff/canvas has no clip paths: shapes an item's clip cuts are cut in
// Go (polygons and lines, curves flattened), and text is left out when it
// lies wholly outside its clip, drawn whole otherwise.
func WritePDF(w io.Writer, s *Scene, opts PDFOptions) error {
	W, H, err := sceneSize(s)
	if err != nil {
		return err
	}
	pw, ph := opts.Width, opts.Height
	switch {
	case pw <= 0 && ph <= 0:
		pw, ph = W*MMPerPx, H*MMPerPx
	case ph <= 0:
		ph = pw * H / W
	case pw <= 0:
		pw = ph * W / H
	}
	if !finite(pw, ph) {
		return errors.New("figure: the PDF's page size is not finite")
	}
	k := min(pw/W, ph/H)
	inks, err := texInks(s)
	if err != nil {
		return err
	}
	fonts, err := chartFonts()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	r := pdf.New(&buf, pw, ph, nil)
	r.SetInfo(opts.Title, "", opts.Keywords, "", "scalesite figure")
	d := &drawer{ctx: canvas.NewContext(r), fonts: fonts, k: k, ox: (pw - W*k) / 2, oy: (ph - H*k) / 2, h: H, inks: inks}
	canvasMu.Lock()
	d.scene(s)
	err = r.Close()
	canvasMu.Unlock()
	if err != nil {
		return err
	}
	out, err := settlePDF(buf.Bytes(), opts.Date)
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// WritePNG writes s as a PNG of the Scene's size times the scale, drawn as
// WritePDF draws it (text as shapes, antialiased).
func WritePNG(w io.Writer, s *Scene, opts PNGOptions) error {
	W, H, err := sceneSize(s)
	if err != nil {
		return err
	}
	scale := opts.Scale
	if opts.DPI > 0 {
		scale = opts.DPI / 96
	}
	if scale <= 0 || !finite(scale) {
		scale = 1
	}
	if W*scale*H*scale > 1<<26 || W*scale < 1 || H*scale < 1 {
		return fmt.Errorf("figure: a PNG of %.0f × %.0f pixels", W*scale, H*scale)
	}
	inks, err := texInks(s)
	if err != nil {
		return err
	}
	fonts, err := rasterFonts.get()
	if err != nil {
		return err
	}
	// The image is W × H mm at scale px a mm: each CSS px of the Scene is
	// scale pixels, with no rounding of the size on the way.
	r := pngRenderers.get(W, H, scale)
	defer pngRenderers.put(r)
	d := &drawer{ctx: canvas.NewContext(r), fonts: fonts, k: 1, h: H, raster: true, inks: inks}
	d.scene(s)
	r.Close()
	rasterFonts.put(fonts)
	if opts.Palette {
		return writeQuantizedPNG(w, newQuantizer(r.img), palettedLevel)
	}
	if opaque(r.img) {
		return writeOpaquePNG(w, r.img)
	}
	// BestSpeed: half the time of the default level for 4 % more bytes on
	// a chart, where encoding was most of a PNG's time.
	return (&png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers}).Encode(w, r.Image)
}

// palettedLevel is the zlib level of a paletted PNG (a social card).
// The demo's 31 cards (issue 33), CPU a card and bytes at the median and
// most: level 6 (image/png's default) 8.9 ms, 37.9 and 53.2 KB; level 5
// 5.3 ms, 40.5 and 53.8 KB; level 1 3.7 ms, 42.9 and 60.7 KB. Level 5
// keeps a typical card well under 50 KB for 40 % less time deflating.
const palettedLevel = 5

// pngBuffers keeps image/png's encoders' buffers (their deflate state,
// some 800 KB, a new one a PNG otherwise) from one PNG to the next.
var pngBuffers pngPool

type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// opaque reports whether every pixel of img is opaque.
func opaque(img *image.RGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				return false
			}
		}
	}
	return true
}

func sceneSize(s *Scene) (float64, float64, error) {
	if s == nil || !finite(s.Width, s.Height) || s.Width <= 0 || s.Height <= 0 {
		return 0, 0, errors.New("figure: a Scene without a size")
	}
	return s.Width, s.Height, nil
}

// canvasMu serializes the drawing of PDFs: tdewolff/canvas's fonts (their
// shapers and glyph caches) are shared between drawings and not
// documented safe for concurrent use. (PNGs take a family each from
// rasterFonts.)
var canvasMu sync.Mutex

var (
	fontsOnce sync.Once
	fontsErr  error
	fontsFam  *canvas.FontFamily
)

func chartFonts() (*canvas.FontFamily, error) {
	fontsOnce.Do(func() { fontsFam, fontsErr = loadChartFonts() })
	return fontsFam, fontsErr
}

// loadChartFonts loads the chart font's two weights as a new family.
func loadChartFonts() (*canvas.FontFamily, error) {
	fam := canvas.NewFontFamily("DejaVu Sans")
	if err := fam.LoadFont(bytes.Clone(bookTTF), 0, canvas.FontRegular); err != nil {
		return nil, fmt.Errorf("figure: the embedded font: %w", err)
	}
	if err := fam.LoadFont(bytes.Clone(boldTTF), 0, canvas.FontBold); err != nil {
		return nil, fmt.Errorf("figure: the embedded font: %w", err)
	}
	return fam, nil
}

// drawer draws a Scene on a tdewolff/canvas context. canvas measures in
// millimetres with y up; the Scene in CSS px with y down. pt is the one
// place that turns the one into the other: a Scene point x, y is at
// ox + x·k, oy + (h - y)·k.
type drawer struct {
	ctx    *canvas.Context
	fonts  *canvas.FontFamily
	k      float64 // canvas units per px
	ox, oy float64
	h      float64 // the Scene's height in px
	clip   *Rect
	cmds   []cmd
	// raster is set for the PNG: a stroked circle is filled as a ring
	// instead, the same pixels without the rasterizer's general stroker,
	// which is most of a PNG's time on a chart of many markers.
	raster bool
	inks   map[int]*canvas.Path // the ink of the tex items, by index (texInks)
}

func (d *drawer) pt(x, y float64) (float64, float64) {
	return d.ox + x*d.k, d.oy + (d.h-y)*d.k
}

func (d *drawer) scene(s *Scene) {
	if c, ok := parseColor(s.Background); ok {
		d.ctx.SetFill(c.color(1))
		d.ctx.SetStroke(canvas.Transparent)
		x0, y0 := d.pt(0, s.Height)
		x1, y1 := d.pt(s.Width, 0)
		d.ctx.DrawPath(0, 0, canvas.Rectangle(x1-x0, y1-y0).Translate(x0, y0))
	}
	for i := range s.Items {
		it := &s.Items[i]
		d.clip = nil
		if it.Clip > 0 && it.Clip <= len(s.Clips) {
			r := s.Clips[it.Clip-1]
			if !finite(r.X, r.Y, r.W, r.H) {
				continue
			}
			d.clip = &r
		}
		switch it.Kind {
		case "path":
			d.path(it)
		case "symbol":
			d.symbol(it)
		case "text":
			d.text(it)
		case "tex":
			d.tex(it, d.inks[i])
		}
	}
}

func (c rgba) color(opacity float64) color.RGBA {
	a := c.a
	if opacity > 0 && opacity < 1 {
		a *= opacity
	}
	m := func(v uint8) uint8 { return uint8(math.Round(float64(v) * a)) }
	return color.RGBA{m(c.r), m(c.g), m(c.b), uint8(math.Round(a * 255))}
}

// style sets the context's paints; ok is false when there is nothing to
// paint.
func (d *drawer) style(fill, stroke string, lw float64, dash []float64, opacity float64, join canvas.Joiner) (hasFill, hasStroke bool) {
	d.ctx.ResetStyle()
	d.ctx.SetFill(canvas.Transparent)
	d.ctx.SetStroke(canvas.Transparent)
	if c, ok := parseColor(fill); ok {
		d.ctx.SetFill(c.color(opacity))
		hasFill = true
	}
	if lw <= 0 || !finite(lw) {
		lw = 1
	}
	if c, ok := parseColor(stroke); ok {
		d.ctx.SetStroke(c.color(opacity))
		d.ctx.SetStrokeWidth(lw * d.k)
		d.ctx.SetStrokeJoiner(join)
		d.ctx.SetStrokeCapper(canvas.ButtCap)
		if ds := dashes(dash); ds != nil {
			// canvas takes dashes in units of the stroke's width
			rel := make([]float64, len(ds))
			for i, v := range ds {
				rel[i] = v / lw
			}
			d.ctx.SetDashes(0, rel...)
		}
		hasStroke = true
	}
	return hasFill, hasStroke
}

func (d *drawer) path(it *Item) {
	p := it.Points
	if len(p) < 4 || !finite(p...) {
		return
	}
	p = p[:len(p)&^1]
	hasFill, hasStroke := d.style(it.Fill, it.Stroke, it.LineWidth, it.Dash, it.Opacity, canvas.MiterJoin)
	if !hasFill && !hasStroke {
		return
	}
	if !it.Close && !hasFill && len(it.Dash) == 0 {
		p = thinLine(p, thinColumn) // a dense line: the points that make its ink (thin.go)
	}
	if d.clip == nil || inside(bounds(p), *d.clip) {
		if !it.Close && !hasFill {
			d.strokeRuns(p, it.LineWidth)
			return
		}
		d.ctx.DrawPath(0, 0, d.polyline(p, it.Close))
		return
	}
	d.clipped(p, it.Close, hasFill, hasStroke, it.LineWidth)
}

// strokeRun is the most segments of an open polyline the rasteriser is
// given at once. Its scanner keeps each pixel row's cells in a list it
// searches from the start, so one path of a noisy line of 2,000 points,
// whose segments each cross most rows, cost seconds per line (a card of 30
// such lines, two minutes); in runs of strokeRun segments, joined where
// they meet and each dashed on from where the one before it ended, the
// cost grows with the points. Lines of no more segments are drawn whole.
const strokeRun = 64

// strokeRuns strokes the open polyline p, lw px wide as the Item says, in
// runs of strokeRun segments that share their end points.
func (d *drawer) strokeRuns(p []float64, lw float64) {
	n := len(p) / 2
	if n <= strokeRun+1 {
		d.ctx.DrawPath(0, 0, d.polyline(p, false))
		return
	}
	if lw <= 0 || !finite(lw) {
		lw = 1 // as style reads it
	}
	offset := d.ctx.Style.DashOffset // in stroke widths, as canvas takes dashes
	for i := 0; i+1 < n; i += strokeRun {
		j := min(i+strokeRun+1, n)
		d.ctx.DrawPath(0, 0, d.polyline(p[2*i:2*j], false))
		for k := i + 1; k < j; k++ {
			offset += math.Hypot(p[2*k]-p[2*k-2], p[2*k+1]-p[2*k-1]) / lw
		}
		d.ctx.Style.DashOffset = offset
	}
}

// clipped draws the polygon or polyline p cut to the clip rectangle: the
// fill of the polygon clipped to it, the stroke along the parts of the
// line inside it (tdewolff/canvas has no clip paths); an open line in
// runs (strokeRuns) of lw px wide.
func (d *drawer) clipped(p []float64, closed, hasFill, hasStroke bool, lw float64) {
	r := *d.clip
	if hasFill {
		if q := clipPolygon(p, r); len(q) >= 6 {
			fill := d.ctx.Style.Fill
			stroke := d.ctx.Style.Stroke
			d.ctx.SetStroke(canvas.Transparent)
			d.ctx.DrawPath(0, 0, d.polyline(q, true))
			d.ctx.SetStroke(stroke)
			d.ctx.SetFill(fill)
		}
	}
	if hasStroke {
		d.ctx.SetFill(canvas.Transparent)
		line := p
		if closed {
			line = append(append([]float64(nil), p...), p[0], p[1])
		}
		for _, run := range clipPolyline(line, r) {
			if !hasFill && !closed {
				d.strokeRuns(run, lw)
				continue
			}
			d.ctx.DrawPath(0, 0, d.polyline(run, false))
		}
	}
}

func (d *drawer) polyline(p []float64, closed bool) *canvas.Path {
	path := &canvas.Path{}
	for i := 0; i+1 < len(p); i += 2 {
		x, y := d.pt(p[i], p[i+1])
		if i == 0 {
			path.MoveTo(x, y)
		} else {
			path.LineTo(x, y)
		}
	}
	if closed {
		path.Close()
	}
	return path
}

func (d *drawer) symbol(it *Item) {
	if !finite(it.X, it.Y, it.Size, it.Rotate) || it.Size <= 0 {
		return
	}
	shape, fill, stroke, lw := symbolStyle(it)
	var line bool
	d.cmds, line = symbolShape(d.cmds[:0], shape, it.X, it.Y, it.Size)
	if len(d.cmds) == 0 {
		return
	}
	if line {
		fill, stroke = lineSymbolPaints(fill, stroke)
	}
	if it.Rotate != 0 {
		rotateCmds(d.cmds, it.Rotate, it.X, it.Y)
	}
	hasFill, hasStroke := d.style(fill, stroke, lw, it.Dash, it.Opacity, canvas.MiterJoin)
	if !hasFill && !hasStroke {
		return
	}
	if d.clip != nil {
		half := it.Size + lw // a pin reaches a size above its point
		b := Rect{X: it.X - half, Y: it.Y - half, W: 2 * half, H: 2 * half}
		if !inside(b, *d.clip) {
			if !overlaps(b, *d.clip) {
				return
			}
			d.clipped(flatten(d.cmds), !line, hasFill, hasStroke, lw)
			return
		}
	}
	if d.raster && shape == "circle" && hasStroke && it.Rotate == 0 {
		d.ring(it.X, it.Y, it.Size/2, lw, hasFill)
		return
	}
	d.ctx.DrawPath(0, 0, d.outline(d.cmds))
}

// ring draws a circle of radius r about x, y filled with the context's
// fill (if fill) and stroked lw wide with its stroke, the stroke as a filled
// ring.
func (d *drawer) ring(x, y, r, lw float64, fill bool) {
	cx, cy := d.pt(x, y)
	style := d.ctx.Style
	if fill {
		d.ctx.SetStroke(canvas.Transparent)
		d.ctx.DrawPath(cx, cy, canvas.Circle(r*d.k))
	}
	d.ctx.SetFill(style.Stroke)
	d.ctx.SetStroke(canvas.Transparent)
	ring := canvas.Circle((r + lw/2) * d.k)
	if inner := r - lw/2; inner > 0 {
		ring = ring.Append(canvas.Circle(inner * d.k).Reverse())
	}
	d.ctx.DrawPath(cx, cy, ring)
	d.ctx.Style = style
}

// outline turns cmds into a canvas path.
func (d *drawer) outline(cmds []cmd) *canvas.Path {
	path := &canvas.Path{}
	for _, c := range cmds {
		switch c.op {
		case opMove:
			path.MoveTo(d.pt(c.a[0], c.a[1]))
		case opLine:
			path.LineTo(d.pt(c.a[0], c.a[1]))
		case opCube:
			x1, y1 := d.pt(c.a[0], c.a[1])
			x2, y2 := d.pt(c.a[2], c.a[3])
			x, y := d.pt(c.a[4], c.a[5])
			path.CubeTo(x1, y1, x2, y2, x, y)
		case opArc:
			ox, oy, r := c.a[0], c.a[1], c.a[2]
			parts, n := arcParts(c.a[3], c.a[4])
			for _, part := range parts[:n] {
				from, to := part[0], part[1]
				x, y := d.pt(ox+r*math.Cos(to), oy+r*math.Sin(to))
				// clockwise on the screen (y down) is counter-clockwise
				// on the page (y up): the sweep flag turns over
				path.ArcTo(r*d.k, r*d.k, 0, math.Abs(to-from) > math.Pi, !(to > from), x, y)
			}
		case opClose:
			path.Close()
		}
	}
	return path
}

func (d *drawer) text(it *Item) {
	size := fontSize(it)
	if it.Text == "" || !finite(it.X, it.Y, size, it.Rotate) || size <= 0 {
		return
	}
	if d.clip != nil && !textNearClip(it, *d.clip, size) {
		return
	}
	fill, ok := parseColor(it.Fill)
	if it.Fill == "" {
		fill, ok = rgba{0, 0, 0, 1}, true
	}
	style := canvas.FontRegular
	if bold(it.Weight) {
		style = canvas.FontBold
	}
	// the text's start and baseline, before it is turned about X, Y
	x0 := it.X - anchorShift(it.Anchor, it.Text, size, it.Weight)
	y0 := it.Y + BaselineShift(it.Baseline, size, it.Weight)
	px, py := d.pt(it.X, it.Y)
	d.ctx.Push()
	defer d.ctx.Pop()
	if it.Rotate != 0 {
		// clockwise on the screen is clockwise-negative on the page
		d.ctx.ComposeView(canvas.Identity.RotateAbout(-it.Rotate, px, py))
	}
	sx, sy := d.pt(x0, y0)
	sizePt := size * d.k / (25.4 / 72) // canvas sizes faces in points
	if halo, hok := parseColor(it.Stroke); hok && it.Stroke != "" {
		lw := it.LineWidth
		if lw <= 0 || !finite(lw) {
			lw = 1
		}
		face := d.fonts.Face(sizePt, halo.color(it.Opacity), style)
		if p, _, err := face.ToPath(it.Text); err == nil {
			d.ctx.ResetStyle()
			d.ctx.SetFill(canvas.Transparent)
			d.ctx.SetStroke(halo.color(it.Opacity))
			d.ctx.SetStrokeWidth(lw * d.k)
			d.ctx.SetStrokeJoiner(canvas.RoundJoin)
			d.ctx.DrawPath(sx, sy, p)
		}
	}
	if !ok {
		return
	}
	face := d.fonts.Face(sizePt, fill.color(it.Opacity), style)
	d.ctx.DrawText(sx, sy, canvas.NewTextLine(face, it.Text, canvas.Left))
}

// textNearClip reports whether a text item's box (roughly: its anchor
// point give or take its size) meets the clip rectangle: text is not cut,
// only left out when it lies wholly outside.
func textNearClip(it *Item, r Rect, size float64) bool {
	w := Measure(it.Text, size, it.Weight) + size
	return overlaps(Rect{X: it.X - w, Y: it.Y - w, W: 2 * w, H: 2 * w}, r)
}

// rotateCmds turns cmds by deg degrees clockwise (on the screen) about x, y.
func rotateCmds(cmds []cmd, deg, x, y float64) {
	a := deg * math.Pi / 180
	sin, cos := math.Sincos(a)
	rot := func(px, py float64) (float64, float64) {
		dx, dy := px-x, py-y
		return x + dx*cos - dy*sin, y + dx*sin + dy*cos
	}
	for i := range cmds {
		c := &cmds[i]
		switch c.op {
		case opMove, opLine:
			c.a[0], c.a[1] = rot(c.a[0], c.a[1])
		case opCube:
			c.a[0], c.a[1] = rot(c.a[0], c.a[1])
			c.a[2], c.a[3] = rot(c.a[2], c.a[3])
			c.a[4], c.a[5] = rot(c.a[4], c.a[5])
		case opArc:
			c.a[0], c.a[1] = rot(c.a[0], c.a[1])
			c.a[3] += a
			c.a[4] += a
		}
	}
}

// flatten turns an outline of one closed figure into a polygon (x0, y0,
// x1, y1, ...), curves in short lines.
func flatten(cmds []cmd) []float64 {
	var p []float64
	var cx, cy float64
	for _, c := range cmds {
		switch c.op {
		case opMove, opLine:
			cx, cy = c.a[0], c.a[1]
			p = append(p, cx, cy)
		case opCube:
			const n = 12
			for k := 1; k <= n; k++ {
				t := float64(k) / n
				u := 1 - t
				x := u*u*u*cx + 3*u*u*t*c.a[0] + 3*u*t*t*c.a[2] + t*t*t*c.a[4]
				y := u*u*u*cy + 3*u*u*t*c.a[1] + 3*u*t*t*c.a[3] + t*t*t*c.a[5]
				p = append(p, x, y)
			}
			cx, cy = c.a[4], c.a[5]
		case opArc:
			ox, oy, r, a0, a1 := c.a[0], c.a[1], c.a[2], c.a[3], c.a[4]
			n := max(4, int(math.Ceil(math.Abs(a1-a0)/(math.Pi/24))))
			for k := 1; k <= n; k++ {
				a := a0 + (a1-a0)*float64(k)/float64(n)
				cx, cy = ox+r*math.Cos(a), oy+r*math.Sin(a)
				p = append(p, cx, cy)
			}
		}
	}
	return p
}

func bounds(p []float64) Rect {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i+1 < len(p); i += 2 {
		x0, x1 = min(x0, p[i]), max(x1, p[i])
		y0, y1 = min(y0, p[i+1]), max(y1, p[i+1])
	}
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

func inside(a, r Rect) bool {
	return a.X >= r.X && a.Y >= r.Y && a.X+a.W <= r.X+r.W && a.Y+a.H <= r.Y+r.H
}

func overlaps(a, r Rect) bool {
	return a.X < r.X+r.W && r.X < a.X+a.W && a.Y < r.Y+r.H && r.Y < a.Y+a.H
}

// clipPolygon cuts the polygon p to r (Sutherland–Hodgman).
func clipPolygon(p []float64, r Rect) []float64 { return polyclip.Polygon(p, r.X, r.Y, r.W, r.H) }

// clipPolyline cuts the polyline p to r, in runs (Liang–Barsky on each
// segment).
func clipPolyline(p []float64, r Rect) [][]float64 {
	var runs [][]float64
	var cur []float64
	for i := 0; i+3 < len(p); i += 2 {
		x0, y0, x1, y1 := p[i], p[i+1], p[i+2], p[i+3]
		t0, t1, ok := liangBarsky(x0, y0, x1, y1, r)
		if !ok {
			if cur != nil {
				runs = append(runs, cur)
				cur = nil
			}
			continue
		}
		ax, ay := x0+(x1-x0)*t0, y0+(y1-y0)*t0
		bx, by := x0+(x1-x0)*t1, y0+(y1-y0)*t1
		if cur == nil || t0 > 0 {
			if cur != nil {
				runs = append(runs, cur)
			}
			cur = []float64{ax, ay}
		}
		cur = append(cur, bx, by)
		if t1 < 1 {
			runs = append(runs, cur)
			cur = nil
		}
	}
	if cur != nil {
		runs = append(runs, cur)
	}
	return runs
}

func liangBarsky(x0, y0, x1, y1 float64, r Rect) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	dx, dy := x1-x0, y1-y0
	for _, e := range [4][2]float64{{-dx, x0 - r.X}, {dx, r.X + r.W - x0}, {-dy, y0 - r.Y}, {dy, r.Y + r.H - y0}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

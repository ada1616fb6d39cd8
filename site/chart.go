package site

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/spec"
	"github.com/scalesite/scalesite/table"
)

// chart parses one chart block of page p and reads its data.
func (l *pageLoader) chart(p *Page, src []byte, at diag.Pos, index int) (*Chart, error) {
	sc, err := spec.Parse(src, at)
	if err != nil {
		return nil, err
	}
	c := &Chart{Spec: sc, ID: chartID(p.Slug, index)}
	var errs diag.List
	for i := range sc.Panels {
		panel, file, err := l.panel(p, &sc.Panels[i], at)
		errs.Add(err)
		if err == nil {
			panel.Fits, err = fitPanel(&sc.Panels[i], &panel, panelNumber(sc, i), cmp.Or(file, p.Path))
			errs.Add(err)
		}
		l.warnings = append(l.warnings, largeScatter(sc, &sc.Panels[i], &panel, at)...)
		c.Panels = append(c.Panels, panel)
		if file != "" && !slices.Contains(c.DataFiles, file) {
			c.DataFiles = append(c.DataFiles, file)
		}
	}
	return c, errs.Err()
}

// chartID derives a chart's DOM id from its page and position, so that two
// builds give the same bytes.
func chartID(slug string, index int) string {
	var b strings.Builder
	b.WriteString("chart-")
	if slug == "" {
		slug = "home"
	}
	dash := false
	for _, r := range strings.ToLower(slug) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	// Slugs that differ only in what the id cannot hold ("a/b" and "a-b")
	// are told apart by a short hash of the slug as written.
	if b.String() != "chart-"+slug {
		h := fnv.New32a()
		h.Write([]byte(slug))
		fmt.Fprintf(&b, "-%04x", h.Sum32()&0xffff)
	}
	fmt.Fprintf(&b, "-%d", index+1)
	return b.String()
}

// table returns the panel's data: inline CSV, or a file beside the page or
// under the site root. file is the data file's site-relative path, if any.
func (l *pageLoader) table(p *Page, d spec.DataRef) (t *table.Table, file string, err error) {
	if d.Inline != "" {
		comma := ','
		if head, _, _ := strings.Cut(d.Inline, "\n"); strings.Contains(head, "\t") && !strings.Contains(head, ",") {
			comma = '\t'
		}
		t, err := table.ParseCSV([]byte(d.Inline), d.InlinePos, comma)
		return t, "", err
	}
	name := filepath.ToSlash(d.Path)
	if path.IsAbs(name) || filepath.IsAbs(d.Path) || filepath.VolumeName(d.Path) != "" {
		return nil, "", diag.Errorf(d.Pos, "data path %q is absolute: name the file relative to the page (audio.csv) or the site (data/audio.csv)", d.Path)
	}
	var tried []string
	for _, cand := range []string{path.Join(path.Dir(p.Path), name), path.Clean(name)} {
		if cand == ".." || strings.HasPrefix(cand, "../") {
			return nil, "", diag.Errorf(d.Pos, "data path %q leaves the site folder: keep data files beside the page or under data/", d.Path)
		}
		if slices.Contains(tried, cand) {
			continue
		}
		tried = append(tried, cand)
		t, err := l.tables.get(cand)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, cand, atReference(d.Pos, err)
		}
		return t, cand, nil
	}
	return nil, "", diag.Errorf(d.Pos, "data file %q not found (looked for %s)", d.Path, strings.Join(tried, " and "))
}

// tableCache reads each data file once per load, however many charts use it.
type tableCache struct {
	files   *sitefs.Root
	limit   sitefs.Limit
	mu      sync.Mutex
	entries map[string]*tableEntry
}

type tableEntry struct {
	once sync.Once
	t    *table.Table
	err  error
}

func newTableCache(files *sitefs.Root, limit sitefs.Limit) *tableCache {
	return &tableCache{files: files, limit: limit, entries: make(map[string]*tableEntry)}
}

func (c *tableCache) get(file string) (*table.Table, error) {
	c.mu.Lock()
	e := c.entries[file]
	if e == nil {
		e = &tableEntry{}
		c.entries[file] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		src, err := c.files.ReadFile(file, c.limit)
		if err != nil {
			e.err = err
			return
		}
		e.t, e.err = table.Parse(file, src)
	})
	return e.t, e.err
}

// atReference places a problem with a data file that has no line of its own
// (the file rule refused it, or its kind is unknown) at the data: line that
// names it. Problems inside the file keep their place there.
func atReference(at diag.Pos, err error) error {
	var fe *sitefs.Error
	var te *sitefs.TooLargeError
	var de *diag.Error
	switch {
	case errors.As(err, &fe), errors.As(err, &te):
		return diag.Errorf(at, "data file %v", err)
	case errors.As(err, &de) && de.Line == 0:
		return diag.Errorf(at, "data file %s: %s", de.File, de.Msg)
	}
	return err
}

// largeScatter warns about scatter series that the renderer thins to one
// point per pixel-sized cell: the author should know that the chart shows
// fewer points than the data holds (the CSV download keeps every row).
func largeScatter(sc *spec.Chart, sp *spec.Panel, p *Panel, at diag.Pos) diag.List {
	if sp.Type != spec.TypeScatter || sc.Downsample == spec.DownsampleOff {
		return nil
	}
	var out diag.List
	for _, s := range p.Series {
		if len(s.Points) <= spec.ScatterThinAbove {
			continue
		}
		name := ""
		if s.Name != "" {
			name = " " + diag.Quote(s.Name)
		}
		out = append(out, diag.Errorf(at, "the scatter series%s has %d points, more than a scatter draws one by one (%d): it is drawn from one point per pixel of the plot, and the CSV download keeps every row; downsample: false draws every point", name, len(s.Points), spec.ScatterThinAbove))
	}
	return out
}

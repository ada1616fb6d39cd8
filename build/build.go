// Package build runs the whole pipeline: load the site, render it, write it.
// The command's build and the live preview both call it, so there is one way
// a site becomes files.
package build

import (
	"time"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// Options say what to build and where.
type Options struct {
	Source string // the site folder
	Dest   string // the output folder; "" means Source/public
	site.Options
}

// Report sums up a build.
type Report struct {
	Pages, Charts, Points, Files int
	Warnings                     diag.List
	Elapsed                      time.Duration
}

// Run loads, renders and writes the site to its folder. On any error the
// output folder is left as it was.
func Run(opts Options) (*Report, error) {
	start := time.Now()
	s, out, err := Render(opts.Source, opts.Options)
	if err != nil {
		return nil, err
	}
	dest := opts.Dest
	if dest == "" {
		dest = opts.Source + "/public"
	}
	if err := output.Write(dest, out); err != nil {
		return nil, err
	}
	r := Summarize(s, out)
	r.Elapsed = time.Since(start)
	return r, nil
}

// Render loads and renders the site without writing it.
func Render(source string, opts site.Options) (*site.Site, *render.Output, error) {
	s, err := site.Load(source, opts)
	if err != nil {
		return nil, nil, err
	}
	out, err := render.Render(s)
	if err != nil {
		return nil, nil, err
	}
	return s, out, nil
}

// Summarize counts what a build made.
func Summarize(s *site.Site, out *render.Output) *Report {
	r := &Report{Pages: len(s.Pages), Files: len(out.Files), Warnings: s.Warnings}
	all := s.Pages
	if s.Home != nil {
		all = append(all[:len(all):len(all)], s.Home)
		r.Pages++
	}
	for _, p := range all {
		r.Charts += len(p.Charts)
		r.Points += p.Points()
	}
	return r
}

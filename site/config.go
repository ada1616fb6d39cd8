package site

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// ConfigFile is the name of the site config in the source folder.
const ConfigFile = "scalesite.yaml"

// Config is scalesite.yaml. Every key is optional.
type Config struct {
	Title       string
	Description string
	// BaseURL is where the site is published, e.g. "https://user.github.io/repo/".
	BaseURL string
	// BasePath is BaseURL's path, always with a slash at both ends ("/repo/",
	// or "/"): every link and asset in the output starts with it.
	BasePath string
	// Theme names a folder under themes/ whose files override the built-in theme.
	Theme string
	// Language is the pages' language for <html lang>, "en" by default.
	Language string
	// Limits bound the files a build reads and the pages it writes.
	Limits Limits
	// Bibliography is the .bib file (relative to the site folder) that
	// pages cite from when their front matter names none, and
	// BibliographyPos where it is named; Citations is the citation style,
	// site.CiteAuthorYear or site.CiteNumeric (cite.go).
	Bibliography    string
	BibliographyPos diag.Pos
	Citations       string
	// TOC puts a table of contents at the top of every page (a page's
	// toc: in its front matter decides for that page).
	TOC bool
	// Markdown is how pages' Markdown is read (markdown.go).
	Markdown MarkdownConfig
	// StaticFigures draws each chart's static figure at build time (the
	// SVG shown before and without JavaScript, in print and in the feed)
	// and each page's social card. On by default (DefaultStaticFigures);
	// scalesite.yaml's staticFigures: false turns both off.
	StaticFigures bool
	// ListSize is how many pages each page of a listing shows (the home
	// page's list, a tag's): scalesite.yaml's listSize, DefaultListSize
	// by default. A longer listing goes on at page/2/, page/3/... (render's
	// listing.go), so that a listing of 10,000 pages is not one page of
	// megabytes, and a save that changes one entry makes one page again.
	ListSize int
	// FeedSize is how many of the newest pages the Atom feed carries:
	// scalesite.yaml's feedSize, DefaultFeedSize by default (Hugo's
	// rssLimit).
	FeedSize int
	// Quiet names the warnings the site silences (diag.Warnings):
	// scalesite.yaml's quiet: [crowded-labels].
	Quiet diag.Names
}

// The defaults of listSize and feedSize, and the most either may be.
const (
	DefaultListSize = 50
	DefaultFeedSize = 20
	// DefaultStaticFigures is staticFigures when scalesite.yaml does not
	// say: on, since the figure cache and the engines' pool make a
	// figure cheap (BENCHMARKS.md, issue 33).
	DefaultStaticFigures = true
	maxListSize          = 100000
)

var configKeys = []string{"title", "description", "baseURL", "theme", "language", "limits", "toc", "markdown", "bibliography", "citations", "staticFigures", "listSize", "feedSize", "quiet"}

// loadConfig reads scalesite.yaml from root; a missing file gives the defaults.
func loadConfig(files *sitefs.Root) (Config, error) {
	cfg := Config{Title: "Untitled site", Language: "en", BaseURL: "/", BasePath: "/", Limits: DefaultLimits,
		ListSize: DefaultListSize, FeedSize: DefaultFeedSize, StaticFigures: DefaultStaticFigures}
	src, err := files.ReadFile(ConfigFile, DefaultLimits.FileLimit())
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, err
	}
	at := diag.Pos{File: ConfigFile, Line: 1, Col: 1}
	entries, err := parseMapping(src, at, "site config")
	if err != nil {
		return cfg, err
	}
	errs := checkKeys(entries, at, configKeys, "site config")
	errs = append(errs, escapeProblems(entries, at)...)
	for _, mv := range entries {
		if !slices.Contains(configKeys, keyName(mv)) {
			continue
		}
		if keyName(mv) == "limits" {
			errs = append(errs, parseLimits(mv, at, &cfg.Limits)...)
			continue
		}
		if keyName(mv) == "markdown" {
			errs = append(errs, parseMarkdownConfig(mv, at, &cfg.Markdown)...)
			continue
		}
		if keyName(mv) == "staticFigures" {
			on, err := boolValue(mv, at)
			cfg.StaticFigures = on
			errs.Add(err)
			continue
		}
		if keyName(mv) == "quiet" {
			var qerrs diag.List
			var names []string
			names, qerrs = quietList(mv, at)
			cfg.Quiet = diag.Names(strings.Join(names, " "))
			errs = append(errs, qerrs...)
			continue
		}
		if keyName(mv) == "toc" {
			var err error
			cfg.TOC, err = boolValue(mv, at)
			errs.Add(err)
			continue
		}
		v, err := scalarText(mv, at)
		if err != nil {
			errs.Add(err)
			continue
		}
		switch keyName(mv) {
		case "title":
			cfg.Title = v
		case "description":
			cfg.Description = v
		case "baseURL":
			if err := cfg.SetBaseURL(v); err != nil {
				errs.Add(diag.Errorf(nodePos(at, mv.Value), "%v", err))
			}
		case "theme":
			if v == "" {
				break
			}
			if strings.ContainsAny(v, `/\`) || v == "." || v == ".." || strings.ContainsRune(v, 0) {
				errs.Add(diag.Errorf(nodePos(at, mv.Value), "theme %s must be the name of a folder under themes/", diag.Quote(v)))
				break
			}
			real, err := files.Resolve("themes/" + v)
			if err == nil {
				if fi, serr := os.Stat(real); serr != nil || !fi.IsDir() {
					err = fs.ErrNotExist
				}
			}
			switch {
			case errors.Is(err, fs.ErrNotExist):
				errs.Add(diag.Errorf(nodePos(at, mv.Value), "theme %s not found: there is no folder %s", diag.Quote(v), diag.QuoteIfNeeded("themes/"+v)))
			case err != nil:
				errs.Add(diag.Errorf(nodePos(at, mv.Value), "theme: %v", err))
			default:
				cfg.Theme = v
			}
		case "language":
			cfg.Language = v
		case "listSize":
			if n, err := countValue(v, "listSize", "pages each page of a listing shows", DefaultListSize, nodePos(at, mv.Value)); err != nil {
				errs.Add(err)
			} else {
				cfg.ListSize = n
			}
		case "feedSize":
			if n, err := countValue(v, "feedSize", "newest pages the feed carries", DefaultFeedSize, nodePos(at, mv.Value)); err != nil {
				errs.Add(err)
			} else {
				cfg.FeedSize = n
			}
		case "bibliography":
			cfg.BibliographyPos = nodePos(at, mv.Value)
			cfg.Bibliography, err = configBibliography(files, v, cfg.BibliographyPos)
			errs.Add(err)
		case "citations":
			cfg.Citations, err = citeStyle(v, nodePos(at, mv.Value))
			errs.Add(err)
		}
	}
	if len(errs) > 0 {
		return cfg, errs.Sort()
	}
	return cfg, nil
}

// countValue reads the value v of key, a count of what (its default
// def): a whole number from 1 to maxListSize.
func countValue(v, key, what string, def int, pos diag.Pos) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > maxListSize {
		return 0, diag.Errorf(pos, "%s %s must be a whole number from 1 to %d: how many %s, like %s: %d",
			key, diag.Quote(v), maxListSize, what, key, def)
	}
	return n, nil
}

// Origin is the scheme and host of the base URL ("https://user.github.io"),
// or "" when the base URL is only a path.
func (c *Config) Origin() string {
	u, err := url.Parse(c.BaseURL)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// AtHostRoot reports whether the site is published at its host's root
// (its base path is "/"), where crawlers read its robots.txt: under a
// sub-path (https://user.github.io/repo/) they never ask for one.
func (c *Config) AtHostRoot() bool { return c.BasePath == "/" }

// SetBaseURL sets BaseURL and derives BasePath from it. Both full URLs
// ("https://user.github.io/repo/") and bare paths ("/repo/") are accepted.
// The error names no file: the value may come from scalesite.yaml or from
// the --base-url flag, and the caller says which.
func (c *Config) SetBaseURL(raw string) error {
	if raw == "" {
		raw = "/"
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https") || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("baseURL %q is not a web address like https://user.github.io/repo/ or a path like /repo/", raw)
	}
	p := "/" + strings.Trim(u.Path, "/") + "/"
	if p == "//" {
		p = "/"
	}
	c.BaseURL, c.BasePath = raw, p
	return nil
}

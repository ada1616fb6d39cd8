package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// Limits bound what one build reads and writes, so that a site from a
// contributor cannot exhaust the machine that builds it. They are set in
// scalesite.yaml under limits:, e.g. limits: {data: 200MB}.
type Limits struct {
	// Data is the largest data file (CSV, TSV, JSON) a chart may read.
	Data int64
	// File is the largest page, theme or static file.
	File int64
	// Page is the size of a built page over which check and build warn:
	// a page that heavy is slow to load on a phone.
	Page int64
}

// DefaultLimits are generous for published scaling data (a 100,000-step
// training log is a few MB) and far below what exhausts a CI machine. File
// is GitHub Pages' own limit for one file.
var DefaultLimits = Limits{Data: 32 << 20, File: 100 << 20, Page: 5 << 20}

var limitKeys = []string{"data", "file", "page"}

// DataLimit and FileLimit are the limits as the file rule takes them.
func (l Limits) DataLimit() sitefs.Limit { return sitefs.Limit{Bytes: l.Data, Key: "data"} }
func (l Limits) FileLimit() sitefs.Limit { return sitefs.Limit{Bytes: l.File, Key: "file"} }

// parseLimits reads the limits: mapping of scalesite.yaml into l.
func parseLimits(mv *ast.MappingValueNode, at diag.Pos, l *Limits) diag.List {
	entries, err := subMapping(mv, at, "limits: {data: 200MB}")
	if err != nil {
		return err
	}
	errs := checkKeys(entries, at, limitKeys, "limits")
	for _, e := range entries {
		k := keyName(e)
		dst := map[string]*int64{"data": &l.Data, "file": &l.File, "page": &l.Page}[k]
		if dst == nil {
			continue
		}
		v, err := scalarText(e, at)
		if err != nil {
			errs.Add(err)
			continue
		}
		n, err := ParseSize(v)
		if err != nil {
			errs.Add(diag.Errorf(nodePos(at, e.Value), "limits: %s: %v", k, err))
			continue
		}
		*dst = n
	}
	return errs
}

// ParseSize reads a size as scalesite.yaml writes it: 200MB, 1.5GB, 512KB,
// or a number of bytes. KB, MB and GB are powers of 1024, as file managers
// show them (KiB, MiB and GiB are read too).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	upper := strings.ToUpper(t)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(upper, u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 || f*float64(mult) > 1<<50 {
		return 0, fmt.Errorf("%s is not a size: write it like 200MB, 1.5GB or 512KB", diag.Quote(s))
	}
	return int64(f * float64(mult)), nil
}

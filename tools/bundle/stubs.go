package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// A stub is a module of ECharts that the main bundle holds a stand-in for.
// Each is imported by a part scalesite uses (the grid, the scatter and
// custom series, the tooltip, ECharts' core), so tree shaking keeps it, but
// is reached only by an option scalesite never writes: chart/ writes every
// option, and its axes are always 'value' (a log axis is a value axis over
// the log10 of the values, chart/axes.go), with no dataset, decal, `large`
// series, richText tooltip or loading screen.
//
// A stand-in exports the same names as the module (TestStubsExportAsModules),
// each a function that throws an error saying what the bundle leaves out,
// so an option that does reach one fails with that error rather than
// drawing something else. The Chinese strings alone are replaced by the
// English ones, which is what a page whose language is not Chinese gets.
//
// What each saved, gzipped, measured one at a time on ECharts 6.1.0
// (BENCHMARKS.md): the category, time and log scales 3.9 KB, decals 1.7
// KB, `large` scatter 1.2 KB, the Chinese strings 1.0 KB, the custom
// series on other coordinate systems than the grid 0.9 KB, dataset
// transforms 0.8 KB, the loading screen 0.6 KB, the richText tooltip 0.5
// KB; 10.4 KB in all in `make bundle`.
type stub struct {
	module string // the path under node_modules
	leaves string // what the bundle leaves out, for the error
	code   string // the exports, each `missing` for a function or class
}

var stubs = []stub{
	{"echarts/lib/scale/Ordinal.js", "category axes", "export default missing;"},
	{"echarts/lib/data/OrdinalMeta.js", "category axes", "missing.createByAxisModel = missing;\nexport default missing;"},
	{"echarts/lib/scale/Time.js", "time axes", "export default missing;\nexport var calcNiceForTimeScale = missing;"},
	{"echarts/lib/scale/Log.js", "log axes (scalesite draws a log axis as a value axis over log10 of the values)", "export default missing;"},
	{"echarts/lib/util/decal.js", "decal patterns", "export var createOrUpdatePatternFromDecal = missing;"},
	{"echarts/lib/chart/helper/LargeSymbolDraw.js", "the `large` scatter series", "export default missing;"},
	{"echarts/lib/data/helper/transform.js", "dataset transforms", "export var ExternalSource = missing;\nexport var registerExternalTransform = missing;\nexport var applyDataTransform = missing;"},
	{"echarts/lib/loading/default.js", "the loading screen (showLoading)", "export default missing;"},
	{"echarts/lib/component/tooltip/TooltipRichContent.js", "the tooltip's richText render mode", "export default missing;"},
	{"echarts/lib/coord/polar/prepareCustom.js", "custom series on polar coordinates", "export default missing;"},
	{"echarts/lib/coord/geo/prepareCustom.js", "custom series on a geo component", "export default missing;"},
	{"echarts/lib/coord/single/prepareCustom.js", "custom series on a single axis", "export default missing;"},
	{"echarts/lib/coord/calendar/prepareCustom.js", "custom series on a calendar", "export default missing;"},
	{"echarts/lib/coord/matrix/prepareCustom.js", "custom series on a matrix", "export default missing;"},
	// Not an error: ECharts picks its Chinese strings for a page whose
	// lang is Chinese; none of them is drawn in a scalesite chart (they name
	// the toolbox's buttons, aria's sentences and the time axes' months).
	{"echarts/lib/i18n/langZH.js", "", "export { default } from './langEN.js';"},
}

// stubCode is the source of s's stand-in.
func stubCode(s stub) string {
	if s.leaves == "" {
		return s.code + "\n"
	}
	msg := "scalesite's ECharts bundle leaves out " + s.leaves + ": no scalesite chart uses them (tools/bundle/stubs.go)"
	return "function missing() { throw new Error(" + strconv.Quote(msg) + "); }\n" + s.code + "\n"
}

// stubPlugin loads, from the folder modules (modulesDir), each stub's stand-in in place of its module, and
// records in loaded the modules it replaced, for checkStubs.
func stubPlugin(modules string, loaded map[string]bool) api.Plugin {
	byPath := map[string]stub{}
	var alts []string
	for _, s := range stubs {
		byPath[s.module] = s
		alts = append(alts, regexp.QuoteMeta(filepath.Base(s.module)))
	}
	filter := `(` + strings.Join(alts, "|") + `)$`
	return api.Plugin{Name: "scalesite-stubs", Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: filter}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			rel, ok := strings.CutPrefix(a.Path, modules)
			if !ok {
				return api.OnLoadResult{}, nil
			}
			s, ok := byPath[filepath.ToSlash(rel)]
			if !ok {
				return api.OnLoadResult{}, nil
			}
			loaded[s.module] = true
			code := stubCode(s)
			return api.OnLoadResult{Contents: &code, Loader: api.LoaderJS, ResolveDir: filepath.Dir(a.Path)}, nil
		})
	}}
}

// checkStubs fails when a stub replaced no module: ECharts no longer
// imports it, or imports it from elsewhere, and the stub is out of date.
func checkStubs(loaded map[string]bool) error {
	for _, s := range stubs {
		if !loaded[s.module] {
			return fmt.Errorf("the bundle never loaded %s, which tools/bundle/stubs.go replaces: remove or correct its stub", s.module)
		}
	}
	return nil
}

// modulesDir is root's node_modules folder, its symbolic links resolved
// (as esbuild reports the paths of the modules it loads: node_modules may
// be a link), with a separator at the end.
func modulesDir(root string) (string, error) {
	nm, err := filepath.EvalSymlinks(filepath.Join(root, "node_modules"))
	if err != nil {
		return "", fmt.Errorf("%s not found: run npm ci first (in %s)", filepath.Join(root, "node_modules"), root)
	}
	return nm + string(filepath.Separator), nil
}

// Command bundle builds the ECharts bundle that scalesite's built-in theme
// loads: a minified IIFE holding only the parts of ECharts that scalesite
// charts use (line, scatter and custom series, grid, title, tooltip, plain
// legend, inside dataZoom, markLine, markArea, markPoint, label layout, the
// canvas renderer, and the SVG renderer for Save SVG), exposed as the
// global `echarts` (entry.js says what is left out, and why; stubs.go, the
// modules of those parts that no scalesite option reaches).
//
// Run it from the repository root after `npm ci`:
//
//	go run ./tools/bundle
//
// It writes themes/default/assets/echarts.min.js and, beside it,
// echarts-licenses.txt (the licences and notices of ECharts, ZRender and
// tslib, which the Apache License asks to ship with the code), and prints
// the size of the bundle, raw and gzipped. It copies KaTeX into
// internal/katex/dist (katex.go) and DejaVu Sans, the font of the static
// figures, into figure/font (font.go). The files are committed, so that
// `go install` builds a working binary; CI checks that this command
// reproduces them byte for byte from package-lock.json.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

//go:embed entry.js
var entry string

func main() {
	root := flag.String("root", ".", "repository root (the folder holding node_modules/)")
	out := flag.String("o", "", "output file (default <root>/themes/default/assets/echarts.min.js)")
	katexDir := flag.String("katex", "", "folder for KaTeX's script, stylesheet and fonts (default <root>/internal/katex/dist)")
	fontDir := flag.String("font", "", "folder for the chart font, DejaVu Sans (default <root>/figure/font)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "bundle: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}
	if *out == "" {
		*out = filepath.Join(*root, "themes", "default", "assets", "echarts.min.js")
	}
	if *katexDir == "" {
		*katexDir = filepath.Join(*root, "internal", "katex", "dist")
	}
	if *fontDir == "" {
		*fontDir = filepath.Join(*root, "figure", "font")
	}
	if err := run(*root, *out, *katexDir, *fontDir); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

func run(root, out, katexDir, fontDir string) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	version, err := npmVersion(root, "echarts")
	if err != nil {
		return err
	}
	code, svg, err := build(root, version)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out, code, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(out), SVGFile), svg, 0o644); err != nil {
		return err
	}
	notices, err := licenses(root)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(out), LicensesFile), notices, 0o644); err != nil {
		return err
	}
	gz, err := gzipSize(code)
	if err != nil {
		return err
	}
	svgGz, err := gzipSize(svg)
	if err != nil {
		return err
	}
	fmt.Printf("wrote %s: ECharts %s, %s (%s gzipped)\n", out, version, kb(len(code)), kb(gz))
	fmt.Printf("wrote %s: its SVG renderer, loaded for Save SVG, %s (%s gzipped)\n", filepath.Join(filepath.Dir(out), SVGFile), kb(len(svg)), kb(svgGz))
	done, err := writeKaTeX(root, katexDir)
	if err != nil {
		return err
	}
	fmt.Println(done)
	done, err = writeFont(root, fontDir)
	if err != nil {
		return err
	}
	fmt.Println(done)
	return nil
}

// LicensesFile is the name of the licence file written beside the bundle.
const LicensesFile = "echarts-licenses.txt"

// SVGFile is the name of the SVG renderer's bundle, written beside the
// main one, which loads it when a reader first asks for an SVG (see build).
const SVGFile = "echarts-svg.min.js"

// licenses gathers the licence and notice files of the packages in the
// bundle, as installed by npm ci, into one text.
func licenses(root string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("echarts.min.js, the charting library of this site, and echarts-svg.min.js, its SVG\n" +
		"renderer, are built by scalesite from these packages (versions pinned in scalesite's\n" +
		"package-lock.json). Their licences and notices follow in full.\n\n")
	for _, pkg := range []struct {
		dir, name, licence string
		files              []string
	}{
		{"echarts", "Apache ECharts", "Apache License 2.0", []string{"NOTICE", "LICENSE", "licenses/LICENSE-d3"}},
		{"zrender", "ZRender", "BSD 3-Clause License", []string{"LICENSE"}},
		{"tslib", "tslib", "0BSD License", []string{"LICENSE.txt"}},
	} {
		var meta struct {
			Version string `json:"version"`
		}
		data, err := os.ReadFile(filepath.Join(root, "node_modules", pkg.dir, "package.json"))
		if err == nil {
			err = json.Unmarshal(data, &meta)
		}
		if err != nil {
			return nil, fmt.Errorf("node_modules/%s/package.json: %v", pkg.dir, err)
		}
		fmt.Fprintf(&b, "%s\n%s %s (npm package %s), %s\n%s\n\n", strings.Repeat("=", 72), pkg.name, meta.Version, pkg.dir, pkg.licence, strings.Repeat("=", 72))
		for _, f := range pkg.files {
			text, err := os.ReadFile(filepath.Join(root, "node_modules", pkg.dir, filepath.FromSlash(f)))
			if err != nil {
				return nil, fmt.Errorf("the licence file of %s: %v", pkg.dir, err)
			}
			fmt.Fprintf(&b, "--- %s/%s ---\n\n%s\n\n", pkg.dir, f, bytes.TrimRight(text, " \n"))
		}
	}
	return b.Bytes(), nil
}

// npmVersion reads the version of the npm package name installed under
// root/node_modules, failing with a hint when node_modules has not been
// installed.
func npmVersion(root, name string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "node_modules", name, "package.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s not found: run npm ci first (in %s)",
			filepath.Join(root, "node_modules", name), root)
	}
	if err != nil {
		return "", err
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return "", fmt.Errorf("node_modules/%s/package.json: %v", name, err)
	}
	if pkg.Version == "" {
		return "", fmt.Errorf("node_modules/%s/package.json has no version", name)
	}
	return pkg.Version, nil
}

// build bundles entry.js against root/node_modules, in two files: the
// bundle every page with a chart loads (echarts.min.js), and ECharts' SVG
// renderer (echarts-svg.min.js, about 8 KB gzipped), which only Save SVG
// uses, loaded by the first when a reader asks for an SVG
// (echarts.loadSVGRenderer, entry.js).
//
// A second bundle cannot simply hold its own copy of the renderer: the SVG
// painter draws the elements of the page's zrender, and tests them with
// instanceof against zrender's classes (Path, Image, TSpan) and shares its
// state (the platform API, the painter registry). So the SVG bundle holds
// only the renderer's own modules (zrender/lib/svg/*, and the installer):
// every other module it imports is taken from the main bundle, which
// exports what the renderer uses of them as echarts.__svgShared. The SVG
// build runs first and records which names of which modules those are; the
// main build then exports exactly those, and learns the SVG bundle's published name (the theme publishes every
// asset under a name holding the first 8 hex digits of its SHA-256, as
// render.hashedName does), which it loads relative to its own address.
//
// zrender/lib/svg/core.js (the XML namespace addresses, a few constants)
// stays in the main bundle, so that the SVG bundle holds no URL; and two
// statements of the SVG painter that empty an element with innerHTML are
// written with textContent, the same for an empty value: the theme's
// tests allow neither in an asset other than echarts.min.js.
func build(root, version string) (code, svg []byte, err error) {
	svg, shared, err := buildSVG(root, version)
	if err != nil {
		return nil, nil, err
	}
	sum := sha256.Sum256(svg)
	svgName := strings.TrimSuffix(SVGFile, ".js") + "." + hex.EncodeToString(sum[:4]) + ".js"

	// ECharts' own license header is an ordinary comment, which esbuild drops;
	// the banner keeps the Apache-2.0 notice (its NOTICE file asks for it).
	// zrender's and tslib's /*! notices are kept as legal comments at the end.
	banner := fmt.Sprintf("/*! ECharts %s (Apache-2.0), bundled for scalesite */\n"+
		"/*! Apache ECharts. Copyright The Apache Software Foundation. Licensed under the Apache License, Version 2.0. "+
		"This product includes software developed at The Apache Software Foundation. "+
		"Includes ZRender (BSD-3-Clause, Copyright (c) 2017, Baidu Inc.) and tslib (0BSD, Copyright (c) Microsoft Corporation). "+
		"The licences in full: echarts-licenses*.txt beside this file. */", version)
	var src strings.Builder
	src.WriteString(entry)
	src.WriteString("\n// What the SVG renderer's bundle takes from this one (written by main.go).\n")
	mods := slices.Sorted(maps.Keys(shared))
	for i, m := range mods {
		var names []string
		for _, n := range shared[m] {
			names = append(names, fmt.Sprintf("%s as __svg%d_%s", n, i, n))
		}
		fmt.Fprintf(&src, "import { %s } from %q;\n", strings.Join(names, ", "), m)
	}
	src.WriteString("export const __svgShared = {\n")
	for i, m := range mods {
		var fields []string
		for _, n := range shared[m] {
			fields = append(fields, fmt.Sprintf("%q: __svg%d_%s", n, i, n))
		}
		fmt.Fprintf(&src, "  %q: { %s },\n", m, strings.Join(fields, ", "))
	}
	src.WriteString("};\n")
	modules, err := modulesDir(root)
	if err != nil {
		return nil, nil, err
	}
	loaded := map[string]bool{}
	opts := buildOptions(root, src.String(), "tools/bundle/entry.js", banner)
	opts.GlobalName = "echarts"
	opts.Define["SCALESITE_SVG_FILE"] = strconv.Quote(svgName)
	opts.Plugins = []api.Plugin{stubPlugin(modules, loaded)}
	if code, err = bundle(opts); err != nil {
		return nil, nil, err
	}
	return code, svg, checkStubs(loaded)
}

// svgOwn reports whether the module at rel (a path under node_modules) is
// one of the SVG renderer's own, bundled into echarts-svg.min.js.
func svgOwn(rel string) bool {
	switch {
	case rel == "echarts/lib/renderer/installSVGRenderer.js":
		return true
	case rel == "zrender/lib/svg/core.js", rel == "zrender/lib/svg/helper.js":
		return false // the main bundle's (core.js: see build)
	case strings.HasPrefix(rel, "zrender/lib/svg/"), strings.HasPrefix(rel, "tslib/"):
		return true // tslib: stateless helpers, a copy is as good
	}
	return false
}

// innerHTML is what the SVG painter empties elements with, and what it is
// written as in echarts-svg.min.js.
var innerHTML = strings.NewReplacer(
	"this.root.innerHTML = '';", "this.root.textContent = '';",
	"this._svgDom.innerHTML = null;", "this._svgDom.textContent = null;",
)

// buildSVG bundles ECharts' SVG renderer, taking every module that is not
// its own (svgOwn) from the main bundle, and returns the code and, for each
// module taken, the names the renderer uses. It bundles twice: first as an
// ES module with the taken modules left as imports, for esbuild to tell
// which of their exports are used (its output imports exactly those); then
// as the IIFE published, where each taken module is a stand-in reading
// those names from echarts.__svgShared.
func buildSVG(root, version string) ([]byte, map[string][]string, error) {
	modules, err := modulesDir(root)
	if err != nil {
		return nil, nil, err
	}
	var shared map[string][]string // nil in the first pass
	plugin := api.Plugin{Name: "scalesite-svg", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.PluginData == "scalesite-svg" || a.Namespace == "scalesite-shared" {
				return api.OnResolveResult{}, nil
			}
			r := b.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, ResolveDir: a.ResolveDir, Kind: a.Kind, Namespace: a.Namespace, PluginData: "scalesite-svg"})
			if len(r.Errors) > 0 {
				return api.OnResolveResult{}, fmt.Errorf("%s: %s", a.Path, r.Errors[0].Text)
			}
			rel, ok := strings.CutPrefix(r.Path, modules)
			if !ok {
				return api.OnResolveResult{}, fmt.Errorf("%s resolves outside node_modules (%s)", a.Path, r.Path)
			}
			rel = filepath.ToSlash(rel)
			switch {
			case svgOwn(rel):
				return api.OnResolveResult{Path: r.Path}, nil
			case shared == nil:
				return api.OnResolveResult{Path: rel, External: true}, nil
			}
			return api.OnResolveResult{Path: rel, Namespace: "scalesite-shared"}, nil
		})
		// A taken module is an ES module whose exports are read from the
		// main bundle's copy (a CommonJS stand-in would not do: to a module
		// of an ESM package, its default export would be the whole
		// namespace). They are read as the SVG bundle runs, after the main
		// bundle has run: zrender's modules do not assign their exports
		// again after they are loaded.
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "scalesite-shared"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			var js strings.Builder
			fmt.Fprintf(&js, "var m = echarts.__svgShared[%q];\n", a.Path)
			for _, n := range shared[a.Path] {
				if n == "default" {
					js.WriteString("export default m['default'];\n")
				} else {
					fmt.Fprintf(&js, "export var %s = m.%s;\n", n, n)
				}
			}
			code := js.String()
			return api.OnLoadResult{Contents: &code, Loader: api.LoaderJS, ResolveDir: root}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `[\\/]zrender[\\/]lib[\\/]svg[\\/]Painter\.js$`}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			data, err := os.ReadFile(a.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			js := innerHTML.Replace(string(data))
			if strings.Contains(js, "innerHTML") {
				return api.OnLoadResult{}, errors.New("zrender's SVG painter uses innerHTML in a way tools/bundle does not rewrite: see innerHTML in main.go")
			}
			return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS}, nil
		})
	}}
	src := "import { install } from 'echarts/lib/renderer/installSVGRenderer.js';\n" +
		"echarts.__svgInstall(install);\n"

	// The first pass: which exports of which modules the renderer uses.
	opts := buildOptions(root, src, "tools/bundle/svg.js", "")
	opts.Format = api.FormatESModule
	opts.MinifyWhitespace, opts.MinifyIdentifiers, opts.MinifySyntax = false, false, false
	opts.Plugins = []api.Plugin{plugin}
	esm, err := bundle(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("the SVG renderer: %w", err)
	}
	shared, err = usedImports(root, string(esm))
	if err != nil {
		return nil, nil, fmt.Errorf("the SVG renderer: %w", err)
	}

	banner := fmt.Sprintf("/*! The SVG renderer of ECharts %s (Apache-2.0) and ZRender (BSD-3-Clause), bundled for scalesite: "+
		"echarts.min.js loads it for Save SVG. The licences in full: echarts-licenses*.txt beside this file. */", version)
	opts = buildOptions(root, src, "tools/bundle/svg.js", banner)
	opts.Plugins = []api.Plugin{plugin}
	code, err := bundle(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("the SVG renderer: %w", err)
	}
	for _, bad := range []string{"http://", "https://", "innerHTML", "eval(", "new Function", "document.write", "import("} {
		if bytes.Contains(code, []byte(bad)) {
			return nil, nil, fmt.Errorf("the SVG renderer's bundle holds %q, which the theme's tests refuse in an asset", bad)
		}
	}
	return code, shared, nil
}

var (
	importStmt = regexp.MustCompile(`(?ms)^import\s+([^;"]*?)\s+from\s+"([^"]+)";$|^import\s+"([^"]+)";$`)
	importName = regexp.MustCompile(`^([A-Za-z_$][\w$]*)(?:\s+as\s+[A-Za-z_$][\w$]*)?$`)
)

// usedImports reads the import statements of esbuild's ES module output:
// for each module imported, the names imported (all its exports for a
// namespace import), sorted.
func usedImports(root, esm string) (map[string][]string, error) {
	used := map[string][]string{}
	for _, m := range importStmt.FindAllStringSubmatch(esm, -1) {
		if m[3] != "" { // for its side effects: the main bundle has run it
			if _, ok := used[m[3]]; !ok {
				used[m[3]] = nil
			}
			continue
		}
		clause, mod := strings.Join(strings.Fields(m[1]), " "), m[2]
		names := used[mod]
		if _, rest, ok := strings.Cut(clause, ","); ok && !strings.HasPrefix(clause, "{") {
			names = append(names, "default") // import d, {...} / import d, * as ns
			clause = strings.TrimSpace(rest)
		}
		switch {
		case strings.HasPrefix(clause, "* as "):
			all, err := exportNames(root, mod)
			if err != nil {
				return nil, err
			}
			names = append(names, all...)
		case strings.HasPrefix(clause, "{") && strings.HasSuffix(clause, "}"):
			for _, n := range strings.Split(strings.Trim(clause, "{}"), ",") {
				n = strings.TrimSpace(n)
				if n == "" {
					continue
				}
				nm := importName.FindStringSubmatch(n)
				if nm == nil {
					return nil, fmt.Errorf("cannot read the import %q of %s", n, mod)
				}
				names = append(names, nm[1])
			}
		case importName.MatchString(clause):
			names = append(names, "default")
		default:
			return nil, fmt.Errorf("cannot read the import statement %q", m[0])
		}
		slices.Sort(names)
		used[mod] = slices.Compact(names)
	}
	if n := len(importStmt.FindAllString(esm, -1)); n != strings.Count(esm, "\nimport ")+boolInt(strings.HasPrefix(esm, "import ")) {
		return nil, fmt.Errorf("read %d of the first pass's import statements, of %d", n, strings.Count(esm, "\nimport "))
	}
	if strings.Contains(esm, "import(") || strings.Contains(esm, "require(") {
		return nil, errors.New("the first pass's output loads a module in a way usedImports does not read")
	}
	return used, nil
}

// exportNames lists the names module (a path under root/node_modules)
// exports, as esbuild reads them.
func exportNames(root, module string) ([]string, error) {
	return listExports(module, api.BuildOptions{EntryPoints: []string{module}, AbsWorkingDir: root})
}

// listExports lists the names exported by the entry point of opts (its
// EntryPoints or Stdin), named module in errors, as esbuild reads them.
func listExports(module string, opts api.BuildOptions) ([]string, error) {
	opts.Bundle = true
	opts.Format = api.FormatESModule
	opts.Platform = api.PlatformBrowser
	opts.Outdir = "out"
	opts.Metafile = true
	opts.Write = false
	opts.LogLevel = api.LogLevelSilent
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("%s: %s", module, res.Errors[0].Text)
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string   `json:"entryPoint"`
			Exports    []string `json:"exports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, err
	}
	for _, o := range meta.Outputs {
		if o.EntryPoint != "" {
			names := slices.Clone(o.Exports)
			slices.Sort(names)
			return names, nil
		}
	}
	return nil, fmt.Errorf("%s: esbuild listed no exports", module)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// buildOptions are the options of both bundles: a minified ES2019 IIFE.
func buildOptions(root, src, name, banner string) api.BuildOptions {
	return api.BuildOptions{
		Stdin: &api.StdinOptions{
			Contents:   src,
			ResolveDir: root,
			Sourcefile: name,
			Loader:     api.LoaderJS,
		},
		AbsWorkingDir:     root,
		Bundle:            true,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2019,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		TreeShaking:       api.TreeShakingTrue,
		LegalComments:     api.LegalCommentsEndOfFile,
		Define:            map[string]string{"process.env.NODE_ENV": `"production"`},
		Banner:            map[string]string{"js": banner},
		Charset:           api.CharsetUTF8,
		Outfile:           "echarts.min.js",
		Write:             false,
		LogLevel:          api.LogLevelSilent,
	}
}

func bundle(opts api.BuildOptions) ([]byte, error) {
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, fmt.Errorf("esbuild failed:\n%s", strings.Join(msgs, ""))
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, errors.New("esbuild produced no JavaScript output")
}

func gzipSize(b []byte) (int, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := w.Write(b); err != nil {
		return 0, err
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}

func kb(n int) string {
	return fmt.Sprintf("%.1f KiB (%d bytes)", float64(n)/1024, n)
}

// Command bundle builds the ECharts bundle that scalesite's built-in theme
// loads: a minified IIFE holding only the parts of ECharts that scalesite
// charts use (line and scatter charts, grid, title, tooltip, legend,
// dataZoom, toolbox, markLine, aria, label layout, universal transition, the
// canvas renderer, and the SVG renderer for Save SVG), exposed as the global
// `echarts`.
//
// Run it from the repository root after `npm ci`:
//
//	go run ./internal/bundle
//
// It writes themes/default/assets/echarts.min.js and, beside it,
// echarts-licenses.txt (the licences and notices of ECharts, ZRender and
// tslib, which the Apache License asks to ship with the code), and prints
// the size of the bundle, raw and gzipped. Both files are committed, so that
// `go install` builds a working binary; CI checks that this command
// reproduces them byte for byte from package-lock.json.
package main

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

//go:embed entry.js
var entry string

func main() {
	root := flag.String("root", ".", "repository root (the folder holding node_modules/)")
	out := flag.String("o", "", "output file (default <root>/themes/default/assets/echarts.min.js)")
	katexDir := flag.String("katex", "", "folder for KaTeX's script, stylesheet and fonts (default <root>/internal/katex/dist)")
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
	if err := run(*root, *out, *katexDir); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

func run(root, out, katexDir string) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	version, err := echartsVersion(root)
	if err != nil {
		return err
	}
	code, err := build(root, version)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out, code, 0o644); err != nil {
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
	fmt.Printf("wrote %s: ECharts %s, %s (%s gzipped)\n", out, version, kb(len(code)), kb(gz))
	done, err := writeKaTeX(root, katexDir)
	if err != nil {
		return err
	}
	fmt.Println(done)
	return nil
}

// LicensesFile is the name of the licence file written beside the bundle.
const LicensesFile = "echarts-licenses.txt"

// licenses gathers the licence and notice files of the packages in the
// bundle, as installed by npm ci, into one text.
func licenses(root string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("echarts.min.js, the charting library of this site, is built by scalesite from these\n" +
		"packages (versions pinned in scalesite's package-lock.json). Their licences and\n" +
		"notices follow in full.\n\n")
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

// echartsVersion reads the installed ECharts version, failing with a hint
// when node_modules has not been installed.
func echartsVersion(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "node_modules", "echarts", "package.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s not found: run npm ci first (in %s)",
			filepath.Join(root, "node_modules", "echarts"), root)
	}
	if err != nil {
		return "", err
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return "", fmt.Errorf("node_modules/echarts/package.json: %v", err)
	}
	if pkg.Version == "" {
		return "", errors.New("node_modules/echarts/package.json has no version")
	}
	return pkg.Version, nil
}

// build bundles entry.js against root/node_modules.
func build(root, version string) ([]byte, error) {
	// ECharts' own license header is an ordinary comment, which esbuild drops;
	// the banner keeps the Apache-2.0 notice (its NOTICE file asks for it).
	// zrender's and tslib's /*! notices are kept as legal comments at the end.
	banner := fmt.Sprintf("/*! ECharts %s (Apache-2.0), bundled for scalesite */\n"+
		"/*! Apache ECharts. Copyright The Apache Software Foundation. Licensed under the Apache License, Version 2.0. "+
		"This product includes software developed at The Apache Software Foundation. "+
		"Includes ZRender (BSD-3-Clause, Copyright (c) 2017, Baidu Inc.) and tslib (0BSD, Copyright (c) Microsoft Corporation). "+
		"The licences in full: echarts-licenses*.txt beside this file. */", version)
	res := api.Build(api.BuildOptions{
		Stdin: &api.StdinOptions{
			Contents:   entry,
			ResolveDir: root,
			Sourcefile: "internal/bundle/entry.js",
			Loader:     api.LoaderJS,
		},
		AbsWorkingDir:     root,
		Bundle:            true,
		Format:            api.FormatIIFE,
		GlobalName:        "echarts",
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
	})
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

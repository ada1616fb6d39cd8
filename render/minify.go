package render

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"path"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// premade holds the built-in theme's scripts and stylesheets as
// minifyAsset minifies them, each named by the content it was made from
// (premadeName), so that a build minifies only the files a site's own theme
// brings: esbuild minifying the built-in ones was most of reading the
// theme, the same work in every build (BenchmarkLoadTheme: 81-97 ms and
// 11.5 MB allocated before, 4-9 ms and 2.2 MB after, on a loaded
// machine; BENCHMARKS.md). TestPremadeMinified holds the folder to the built-in
// theme and rewrites it with -update (make golden); a built-in file edited
// since is not found in it, and is minified as the build runs.
//
//go:embed minified
var premade embed.FS

// minifyAsset returns a theme's script or stylesheet minified, so that a
// page carries the theme's code in about half the bytes (the built-in
// theme's scripts and styles: 47 KB gzipped as written, 27 KB minified).
// The theme's files stay readable in the repository and in a site's own
// theme folder; only what the site ships is minified. Files already
// minified (name.min.js, name.min.css) and every other kind of file are
// returned as they are. A file the binary holds premade (a built-in
// theme's file as it is in the repository) is not minified again.
//
// file names the file in messages (themeFile).
func minifyAsset(file string, b []byte) ([]byte, error) {
	loader, ok := minifyLoader(file)
	if !ok {
		return b, nil
	}
	if m, err := premade.ReadFile(path.Join("minified", premadeName(file, b))); err == nil {
		return m, nil
	}
	return esbuildMinify(file, b, loader)
}

// minifyLoader reports whether file is a script or stylesheet that
// minifyAsset minifies, and how esbuild reads it.
func minifyLoader(file string) (api.Loader, bool) {
	switch {
	case strings.HasSuffix(file, ".min.js"), strings.HasSuffix(file, ".min.css"):
		return api.LoaderNone, false
	case strings.HasSuffix(file, ".js"):
		return api.LoaderJS, true
	case strings.HasSuffix(file, ".css"):
		return api.LoaderCSS, true
	}
	return api.LoaderNone, false
}

// premadeName is the name under minified/ of file minified, when its
// content as written is b: "site.<the first 128 bits of b's SHA-256 in
// hex>.css" for a file site.css. The content is the key; the name is there
// for the reader.
func premadeName(file string, b []byte) string {
	sum := sha256.Sum256(b)
	ext := path.Ext(file)
	return strings.TrimSuffix(path.Base(file), ext) + "." + hex.EncodeToString(sum[:16]) + ext
}

// esbuildMinify minifies b with esbuild. Only what cannot change behaviour
// is done: whitespace and comments go, local names are shortened and
// syntax is written shorter; globals and property names stay, so the
// scripts still find each other (window.scalesiteLayout...). A script or
// stylesheet esbuild cannot read is an error naming the file, line and
// column, as the browser would fail on it anyway.
func esbuildMinify(file string, b []byte, loader api.Loader) ([]byte, error) {
	r := api.Transform(string(b), api.TransformOptions{
		Loader:            loader,
		Sourcefile:        file,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		// Keep the syntax the theme was written in: a script written for
		// old browsers is not rewritten for new ones, nor the reverse.
		Target:        api.ESNext,
		LegalComments: api.LegalCommentsInline,
		Charset:       api.CharsetUTF8,
		LogLevel:      api.LogLevelSilent,
	})
	if len(r.Errors) > 0 {
		e := r.Errors[0]
		if l := e.Location; l != nil {
			return nil, fmt.Errorf("%s:%d:%d: the theme's %s cannot be read: %s", l.File, l.Line, l.Column+1, kindOf(loader), e.Text)
		}
		return nil, fmt.Errorf("%s: the theme's %s cannot be read: %s", file, kindOf(loader), e.Text)
	}
	return r.Code, nil
}

func kindOf(l api.Loader) string {
	if l == api.LoaderCSS {
		return "stylesheet"
	}
	return "script"
}

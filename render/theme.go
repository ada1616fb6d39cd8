package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing/fstest"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/render/fastlayout"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/themes"
)

// EChartsAsset is the theme asset holding the ECharts library.
const EChartsAsset = "echarts.min.js"

// theme is the built-in theme overlaid, file by file, with the site's own.
type theme struct {
	kinds  map[string]*template.Template // by page kind
	assets map[string]asset              // by name under assets/
	// fast writes the kinds whose base.html is the built-in one in Go
	// (package fastlayout) rather than with html/template (layoutfast.go).
	fast map[string]*fastLayouts
	// files are the theme's files, the built-in ones overlaid with the
	// site's: the scripts the static figures are computed with (static.go).
	files fstest.MapFS
	// own are the files of files that the site's theme gave, and ownDir
	// its folder as the site names it (themes/NAME): a static figure's
	// error names the script the site can fix.
	own    map[string]bool
	ownDir string
	// figures is set when the pages' "chart" template is the built-in
	// one: the renderer's charts are written in Go (pageWriter.WriteChart).
	figures bool
	// bufs are the buffers its pages are written into (buffers.go).
	bufs *buffers
}

// asset is a theme file copied to the site under a name holding its hash,
// so that browsers may cache it forever and a new build is never stale.
type asset struct {
	Path string // output path, e.g. "assets/site.3f2a9c1e.css"
	Data []byte
}

// loadTheme reads the built-in theme (builtin) and the files of the site's
// own theme (siteFS, read under the site's file rule, from the folder
// siteTheme; nil and "" for none) that replace or add to it.
func loadTheme(builtin, siteFS fs.FS, siteTheme, basePath string) (*theme, error) {
	layers := []fs.FS{builtin}
	if siteFS != nil {
		layers = append(layers, siteFS)
	}
	files := map[string][]byte{} // later layers win
	own := map[string]bool{}
	for i, layer := range layers {
		err := fs.WalkDir(layer, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) && p == "." {
					return fs.SkipAll
				}
				return err
			}
			if d.Type().IsRegular() && !strings.HasPrefix(d.Name(), ".") {
				b, err := fs.ReadFile(layer, p)
				if err != nil {
					return err
				}
				files[p] = b
				own[p] = i > 0
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("reading theme: %w", err)
		}
	}
	t := &theme{assets: map[string]asset{}, files: fstest.MapFS{}, own: own, bufs: newBuffers()}
	if siteTheme != "" {
		t.ownDir = "themes/" + filepath.Base(siteTheme)
	}
	for p, b := range files {
		t.files[p] = &fstest.MapFile{Data: b}
	}
	for p, b := range files {
		if name, ok := strings.CutPrefix(p, "assets/"); ok && !themes.BuildOnly[p] {
			b, err := minifyAsset(themeFile(siteTheme, p), b)
			if err != nil {
				return nil, err
			}
			t.assets[name] = asset{Path: hashedName(p, b), Data: b}
		}
	}
	bundled := themes.ChartScripts()
	if b, ok := files["layouts/base.html"]; ok && own["layouts/base.html"] && !bytes.Contains(b, []byte(".ChartScripts")) {
		// A site's own base.html that does not load the page's optional
		// chart scripts (written before they left the bundle) gets them in
		// the bundle, as it did.
		bundled = append(bundled, themes.OptionalScripts()...)
	}
	bundle, err := chartBundle(t.assets, bundled, siteTheme)
	if err != nil {
		return nil, err
	}
	t.assets[themes.ChartBundle] = bundle
	if _, ok := t.assets[EChartsAsset]; !ok {
		return nil, errors.New("this scalesite binary was built without the ECharts library (themes/default/assets/echarts.min.js): build it with `make build`, which runs `npm ci` and `go run ./tools/bundle` before `go build`")
	}
	assetPath := func(name string) (string, bool) {
		a, ok := t.assets[name]
		return a.Path, ok
	}
	kinds, err := layout.Parse(files, layout.Funcs(basePath, assetPath), func(p string, err error) error {
		return themeError(siteTheme, p, err)
	})
	if err != nil {
		return nil, err
	}
	t.kinds = kinds
	t.fast = newFastLayouts(t.kinds, fastlayout.New(basePath, assetPath))
	if k := t.kinds["page"]; k != nil {
		t.figures = fastlayout.Fingerprint(k, "chart") == fastlayout.Mirrors("chart")
	}
	return t, nil
}

// chartBundle joins the theme's chart scripts names (themes.ChartScripts),
// each as minified in assets, in their order into the one file a page with
// charts loads after ECharts (themes.ChartBundle). Each script was
// minified alone, so an error in one names its own file; joined, they run
// as they ran one <script> after another (each of the built-in ones keeps
// its names inside its own function, and a script that declares globals
// declares them as before), but for one thing: a script that throws as it
// loads now stops those after it. A site's theme that overrides a chart script
// changes the bundle (and its hashed name); one that has a file named as
// the bundle is refused, as the page would never load it.
func chartBundle(assets map[string]asset, names []string, siteTheme string) (asset, error) {
	if _, ok := assets[themes.ChartBundle]; ok {
		return asset{}, fmt.Errorf("%s: assets/%s is the name of the file scalesite makes of the theme's chart scripts; give this file another name", themeFile(siteTheme, "assets/"+themes.ChartBundle), themes.ChartBundle)
	}
	var b []byte
	for _, name := range names {
		a, ok := assets[name]
		if !ok {
			return asset{}, fmt.Errorf("the theme has no assets/%s, a script every page with charts runs", name)
		}
		b = append(b, a.Data...)
		if len(a.Data) > 0 && a.Data[len(a.Data)-1] != '\n' {
			b = append(b, '\n')
		}
	}
	return asset{Path: hashedName("assets/"+themes.ChartBundle, b), Data: b}, nil
}

// chartScripts returns the theme's chart scripts that only some charts
// need (themes.OptionalScripts) which charts need (chart.Scripts), each
// once, in their order, for the page that shows them to load after the
// bundle (layout.Page.ChartScripts); nil for none.
func chartScripts(charts []*site.Chart) []string {
	need := map[string]bool{}
	for _, c := range charts {
		for _, name := range chart.Scripts(c.Spec) {
			need[name] = true
		}
	}
	var out []string
	for _, name := range themes.OptionalScripts() {
		if need[name] {
			out = append(out, name)
		}
	}
	return out
}

// themeError names the theme file a template error is in: the site's own
// theme folder when the file came from there.
func themeError(siteTheme, p string, err error) error {
	return fmt.Errorf("%s: %w", themeFile(siteTheme, p), err)
}

// themeFile names the theme file p: in the site's own theme folder when it
// came from there, else in the built-in theme.
func themeFile(siteTheme, p string) string {
	if siteTheme != "" {
		if _, err := os.Stat(path.Join(siteTheme, p)); err == nil {
			return path.Join(siteTheme, p)
		}
	}
	return "built-in theme " + p
}

// hashedName turns "assets/site.css" into "assets/site.<hash>.css".
func hashedName(p string, b []byte) string {
	sum := sha256.Sum256(b)
	ext := path.Ext(p)
	return strings.TrimSuffix(p, ext) + "." + hex.EncodeToString(sum[:4]) + ext
}

// execute runs the layout of a page kind.
func (t *theme) execute(kind string, data *layout.Page) ([]byte, error) {
	if f := t.fast[kind]; f != nil && data != nil && data.Site != nil {
		return t.executeFast(f, kind, data)
	}
	bp := t.bufs.get()
	w := &appendWriter{b: *bp}
	err := t.kinds[kind].ExecuteTemplate(w, "base", data)
	*bp = w.b
	if err != nil {
		t.bufs.put(bp)
		return nil, err
	}
	out := bytes.Clone(w.b)
	t.bufs.put(bp)
	return out, nil
}

// EChartsVersion reads the ECharts version from the embedded bundle's banner,
// or returns "" when the bundle is not embedded.
func EChartsVersion() string {
	b, err := fs.ReadFile(themes.Default(), "assets/"+EChartsAsset)
	if err != nil {
		return ""
	}
	head := string(b[:min(len(b), 200)])
	_, rest, ok := strings.Cut(head, "ECharts ")
	if !ok {
		return "unknown"
	}
	v, _, _ := strings.Cut(rest, " ")
	return v
}

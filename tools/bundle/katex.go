package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// KaTeX is copied, not bundled: scalesite runs the release's own
// katex.min.js at build time (internal/katex) and publishes its stylesheet
// and fonts on the sites whose pages hold math. writeKaTeX copies them from
// node_modules/katex/dist into dir (internal/katex/dist), with two changes:
// the stylesheet's @font-face rules name the WOFF2 fonts only, which every
// current browser reads, so the WOFF and TrueType copies are left out; and
// the stylesheet starts with KaTeX's copyright line, which its MIT licence
// asks copies to keep. The licence itself is copied beside them.
func writeKaTeX(root, dir string) (string, error) {
	src := filepath.Join(root, "node_modules", "katex")
	version, err := npmVersion(root, "katex")
	if err != nil {
		return "", err
	}
	dist := filepath.Join(src, "dist")
	css, err := os.ReadFile(filepath.Join(dist, "katex.min.css"))
	if err != nil {
		return "", err
	}
	css, fonts, err := woff2Only(css)
	if err != nil {
		return "", fmt.Errorf("node_modules/katex/dist/katex.min.css: %v", err)
	}
	licence, err := os.ReadFile(filepath.Join(src, "LICENSE"))
	if err != nil {
		return "", fmt.Errorf("the licence file of katex: %v", err)
	}
	at := bytes.Index(licence, []byte("Copyright"))
	if at < 0 {
		return "", errors.New("node_modules/katex/LICENSE names no copyright holder")
	}
	copyright, _, _ := strings.Cut(string(licence[at:]), "\n")
	banner := fmt.Sprintf("/*! KaTeX %s (MIT), %s. The licence in full: LICENSE beside this file. */\n", version, copyright)
	js, err := os.ReadFile(filepath.Join(dist, "katex.min.js"))
	if err != nil {
		return "", err
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Join(dir, "fonts"), 0o755); err != nil {
		return "", err
	}
	files := map[string][]byte{
		"katex.min.js":  js,
		"katex.min.css": append([]byte(banner), css...),
		"LICENSE":       licence,
	}
	for _, f := range fonts {
		b, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		files[f] = b
	}
	size := 0
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), b, 0o644); err != nil {
			return "", err
		}
		if strings.HasPrefix(name, "fonts/") || name == "katex.min.css" {
			size += len(b)
		}
	}
	return fmt.Sprintf("wrote %s: KaTeX %s, the stylesheet and %d WOFF2 fonts %s", dir, version, len(fonts), kb(size)), nil
}

var (
	// fontURL is one url() of an @font-face src list, with its format().
	fontURL = regexp.MustCompile(`url\((fonts/[A-Za-z0-9_-]+)\.(woff2|woff|ttf)\) format\("(woff2|woff|truetype)"\)`)
	fontSrc = regexp.MustCompile(`src:([^;}]*)`)
)

// woff2Only rewrites every @font-face src list of KaTeX's stylesheet to its
// WOFF2 font alone, and returns the fonts named, sorted. It fails when the
// stylesheet is not shaped as expected, rather than publish fonts that
// the stylesheet cannot find.
func woff2Only(css []byte) ([]byte, []string, error) {
	var fonts []string
	var bad error
	out := fontSrc.ReplaceAllFunc(css, func(src []byte) []byte {
		for _, m := range fontURL.FindAllSubmatch(src, -1) {
			if string(m[2]) == "woff2" {
				fonts = append(fonts, string(m[1])+".woff2")
				return []byte("src:" + string(m[0]))
			}
		}
		bad = fmt.Errorf("an @font-face without a WOFF2 font: %s", src)
		return src
	})
	if bad != nil {
		return nil, nil, bad
	}
	if len(fonts) == 0 || bytes.Contains(out, []byte(".woff)")) || bytes.Contains(out, []byte(".ttf)")) {
		return nil, nil, errors.New("the @font-face rules are not shaped as expected (src: url(fonts/NAME.woff2) format(\"woff2\"),...)")
	}
	slices.Sort(fonts)
	return out, slices.Compact(fonts), nil
}

package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// FuzzConfig checks that no scalesite.yaml, however broken, panics the
// loader, that every problem is positioned in scalesite.yaml within the
// file, and that every message is safe to print in a CI log.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"title: Scaling\ndescription: Charts.\nbaseURL: https://u.github.io/repo/\n",
		"title: Skalierung: Gesetze\nlanguage: de\n",
		"limits: {data: 200MB, file: 1.5GB}\n",
		"limits:\n  data: 1000000\n  page: 512KiB\n",
		"theme: ../x\n", "theme: missing\n", "baseURL: ftp://x/\n", "baseUrl: /\n",
		"title: &t T\ndescription: *t\n", "title: *x\n", "title: [a, b]\n",
		"title: " + strings.Repeat("[", 100) + "\n", "\xff\xfet\x00i\x00",
		"title: \"a\\n::error::x\\e\"\n::warning::: 1\n",
		"bibliography: refs.bib\ncitations: numeric\n", "bibliography: ../x.bib\n", "citations: [a]\n",
		"toc: true\nmarkdown: {unsafe: true}\n", "markdown:\n  unsafe: [x]\n", "markdown: 3\n", "toc: {a: b}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		root, err := sitefs.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, err = loadConfig(root)
		if err == nil {
			return
		}
		var one *diag.Error
		var list diag.List
		switch {
		case errors.As(err, &list):
		case errors.As(err, &one):
			list = diag.List{one}
		default:
			t.Fatalf("error of type %T: %v", err, err)
		}
		lines := strings.Count(src, "\n") + strings.Count(src, "\r") + 1
		for _, e := range list {
			if e.File != ConfigFile || e.Line < 1 || e.Line > lines || e.Msg == "" {
				t.Errorf("problem outside scalesite.yaml (%d lines): %v", lines, e)
			}
		}
		sitetest.CheckMessages(t, err.Error())
	})
}

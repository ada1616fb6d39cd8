package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/figseal"
	scsite "github.com/scalesite/scalesite/site"
)

func TestParseLength(t *testing.T) {
	tests := []struct {
		in   string
		px   float64
		fail string
	}{
		{"3.25in", 312, ""},
		{"8.5cm", 8.5 * 96 / 2.54, ""},
		{"90mm", 90 * 96 / 25.4, ""},
		{"1200px", 1200, ""},
		{"640", 640, ""},
		{" 6.5 IN ", 624, ""},
		{"252pt", 336, ""},
		{"wide", 0, "not a length"},
		{"NaNpx", 0, "not a length"},
		{"1in", 0, "between 120 px"},
		{"1e9px", 0, "between 120 px"},
	}
	for _, tt := range tests {
		px, err := parseLength(tt.in)
		switch {
		case tt.fail != "":
			if err == nil || !strings.Contains(err.Error(), tt.fail) {
				t.Errorf("parseLength(%q) = %v, %v; want an error saying %q", tt.in, px, err, tt.fail)
			}
		case err != nil || px-tt.px > 1e-9 || tt.px-px > 1e-9:
			t.Errorf("parseLength(%q) = %v, %v; want %v", tt.in, px, err, tt.px)
		}
	}
}

func TestFindCharts(t *testing.T) {
	chart := "```chart\ndata: runs.csv\nx: {field: n, scale: log}\ny: v\n```\n"
	dir := site(t, map[string]string{
		"content/index.md":         "Home, no chart.\n",
		"content/scaling/index.md": "---\ntitle: Scaling\n---\n" + chart + "\n" + chart,
		"content/scaling/runs.csv": "n,v\n1,2\n10,3\n",
		"content/prose.md":         "---\ntitle: Prose\n---\nWords.\n",
	})
	s, err := scsite.Load(dir, scsite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var first, second string
	for _, p := range s.Pages {
		if p.Slug == "scaling" && len(p.Charts) == 2 {
			first, second = p.Charts[0].ID, p.Charts[1].ID
		}
	}
	if first == "" || first == second {
		t.Fatalf("the test's page has no two charts: %v", s.Pages)
	}
	tests := []struct {
		arg  string
		ids  []string
		fail string
	}{
		{"content/scaling/index.md", []string{first, second}, ""},
		{"scaling/index.md", []string{first, second}, ""},
		{"/scaling/", []string{first, second}, ""},
		{"scaling", []string{first, second}, ""},
		{"/scaling/#2", []string{second}, ""},
		{"scaling#" + first, []string{first}, ""},
		{second, []string{second}, ""},
		{"/scaling/#3", nil, "has 2 charts; #3 names none"},
		{"/scaling/#0", nil, "#0 names none"},
		{"/scaling/#fig", nil, "no chart \"fig\"; its charts are " + first + ", " + second},
		{"/nothing/", nil, "no page \"/nothing/\""},
		{"prose.md", nil, "content/prose.md has no chart"},
		{"chart-none", nil, "no chart has the id \"chart-none\""},
	}
	for _, tt := range tests {
		refs, err := findCharts(s, []string{tt.arg})
		if tt.fail != "" {
			if err == nil || !strings.Contains(err.Error(), tt.fail) {
				t.Errorf("%s: error %v; want one saying %q", tt.arg, err, tt.fail)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.arg, err)
			continue
		}
		var ids []string
		for _, c := range refs[0].charts {
			ids = append(ids, c.ID)
		}
		if strings.Join(ids, " ") != strings.Join(tt.ids, " ") {
			t.Errorf("%s: charts %v; want %v", tt.arg, ids, tt.ids)
		}
	}
}

// TestWriteFigureReplacesOnlyItsOwn: a figure replaces a file only when
// that file's seal proves scalesite figure wrote it, unchanged since, or
// with --force; a paper that mentions scalesite figure, a README, a figure
// edited by hand, one of an earlier version (marked, not sealed), a link
// or a folder are left as they are, with a message naming the file and
// the way out.
func TestWriteFigureReplacesOnlyItsOwn(t *testing.T) {
	fig := func(s string) []byte {
		b, err := figseal.Seal("svg", []byte("<svg>"+s+"</svg>\n"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	edited := bytes.Replace(fig("one"), []byte("one"), []byte("two"), 1)
	tests := []struct {
		name    string
		there   []byte // the file at the name before; nil: none
		link    bool   // a link to a file holding there
		dir     bool   // a folder
		force   bool
		replace bool   // whether the new figure is written
		same    bool   // whether it was there already
		refuse  string // the error
	}{
		{name: "no file", replace: true},
		{name: "a figure it wrote", there: fig("one"), replace: true},
		{name: "the same figure", there: fig("new"), same: true},
		{name: "a paper that mentions scalesite figure", there: []byte("\\includegraphics{fig} % made with <!-- scalesite figure --> and scalesite-seal sha256:\n"), refuse: "not a figure that scalesite figure wrote"},
		{name: "a README", there: []byte("# scalesite\n\nRun `scalesite figure --format png -o paper.tex`.\n"), refuse: "give --force to replace it"},
		{name: "a figure edited by hand", there: edited, refuse: "not a figure that scalesite figure wrote (or one changed since)"},
		{name: "a figure of an earlier version, marked but not sealed", there: []byte("<?xml?>\n<!-- scalesite figure -->\n<svg/>"), refuse: "not a figure"},
		{name: "an empty file", there: []byte{}, refuse: "not a figure"},
		{name: "a link to a paper", there: []byte("\\documentclass{article}"), link: true, refuse: "symbolic link"},
		{name: "a folder", dir: true, refuse: "is a folder"},
		{name: "a paper, with --force", there: []byte("\\documentclass{article}"), force: true, replace: true},
		{name: "a link, with --force", there: []byte("\\documentclass{article}"), link: true, force: true, replace: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "fig.svg")
			target := filepath.Join(dir, "paper.tex")
			switch {
			case tt.dir:
				os.Mkdir(name, 0o755)
			case tt.link:
				os.WriteFile(target, tt.there, 0o644)
				os.Symlink(target, name)
			case tt.there != nil:
				os.WriteFile(name, tt.there, 0o644)
			}
			unchanged, err := writeFigure(name, fig("new"), tt.force)
			if tt.refuse != "" {
				if err == nil || !strings.Contains(err.Error(), tt.refuse) || !strings.Contains(err.Error(), "fig.svg") {
					t.Fatalf("error %v; want one naming the file and saying %q", err, tt.refuse)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if unchanged != tt.same {
				t.Errorf("unchanged = %v, want %v", unchanged, tt.same)
			}
			got, _ := os.ReadFile(name)
			switch {
			case tt.replace || tt.same:
				if !bytes.Equal(got, fig("new")) {
					t.Errorf("the file holds %q, want the new figure", got)
				}
			case tt.link:
				if fi, _ := os.Lstat(name); fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced")
				}
			case !tt.dir && !bytes.Equal(got, tt.there):
				t.Errorf("the file now holds %q, want %q", got, tt.there)
			}
			if tt.link {
				if b, _ := os.ReadFile(target); !bytes.Equal(b, tt.there) {
					t.Errorf("the link's target now holds %q", b)
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".figure-*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestFigureEveryDemoChart draws every chart of the demo site in each
// format and reads each file back: an SVG that parses as XML with the
// chart's texts in it, a PDF that qpdf finds sound with its fonts embedded
// (pdffonts), a PNG of the size the width and resolution give.
func TestFigureEveryDemoChart(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every demo chart three times (-short)")
	}
	demo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range figureFormats {
		t.Run(format, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "figs")
			var stdout, stderr strings.Builder
			args := []string{"--source", demo, "--all", "--format", format, "--width", "6.5in", "--dpi", "150", "-o", out}
			if code := run(append([]string{"figure"}, args...), &stdout, &stderr); code != 0 {
				t.Fatalf("figure %v: exit %d\n%s", args, code, stderr.String())
			}
			files, _ := filepath.Glob(filepath.Join(out, "*."+format))
			if len(files) < 40 || strings.Count(stdout.String(), "\n") != len(files) {
				t.Fatalf("%d files written, %d lines printed:\n%s", len(files), strings.Count(stdout.String(), "\n"), stdout.String())
			}
			// Drawn again, each file replaces the one it wrote.
			stdout.Reset()
			if code := run(append([]string{"figure"}, args...), &stdout, &stderr); code != 0 {
				t.Fatalf("figure %v a second time: exit %d\n%s", args, code, stderr.String())
			}
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				checkFigureFile(t, f, format, b)
			}
		})
	}
}

func checkFigureFile(t *testing.T, name, format string, b []byte) {
	t.Helper()
	switch format {
	case "svg":
		if !bytes.HasPrefix(b, []byte("<?xml")) || !figseal.Verify(b) || len(b) < 1000 {
			t.Errorf("%s: not a signed SVG of a chart (%d bytes): %.100s", name, len(b), b)
		}
		d := xml.NewDecoder(bytes.NewReader(b))
		texts := 0
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: %v", name, err)
				break
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
				texts++
			}
		}
		if texts < 4 {
			t.Errorf("%s: %d texts; a chart has its tick labels at least", name, texts)
		}
	case "pdf":
		if !bytes.HasPrefix(b, []byte("%PDF-")) || !figseal.Verify(b) || len(b) < 5000 {
			t.Errorf("%s: not a PDF of a chart (%d bytes)", name, len(b))
		}
		if qpdf, err := exec.LookPath("qpdf"); err == nil {
			if out, err := exec.Command(qpdf, "--check", name).CombinedOutput(); err != nil {
				t.Errorf("qpdf --check %s: %v\n%s", name, err, out)
			}
		}
		if pdffonts, err := exec.LookPath("pdffonts"); err == nil {
			out, err := exec.Command(pdffonts, name).CombinedOutput()
			if err != nil || !bytes.Contains(out, []byte("DejaVuSans")) {
				t.Errorf("pdffonts %s: %v\n%s", name, err, out)
			}
			for _, line := range strings.Split(string(out), "\n")[2:] {
				if f := strings.Fields(line); len(f) > 4 && f[len(f)-5] != "yes" {
					t.Errorf("%s: a font not embedded: %s", name, line)
				}
			}
		}
	case "png":
		if !figseal.Verify(b) {
			t.Errorf("%s: no seal of scalesite figure", name)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		// 6.5 in at 150 dpi
		if w := img.Bounds().Dx(); w < 970 || w > 980 {
			t.Errorf("%s: %d px wide; 6.5 in at 150 dpi is 975", name, w)
		}
	}
}

// TestFigureIntoPaperWorkflow runs scalesite figure as a paper's Makefile
// does, and as issue 32 reported it: the same figure drawn twice into one
// file (replaced, no --force needed; each format), then pointed at a LaTeX
// file that mentions "scalesite figure" and at a README: both refused and
// left byte for byte, until --force.
func TestFigureIntoPaperWorkflow(t *testing.T) {
	src := site(t, good)
	dir := t.TempDir()
	figure := func(out string, extra ...string) (int, string) {
		var stdout, stderr strings.Builder
		args := append([]string{"figure", "--source", src, "--width", "3in", "--dpi", "72", "-o", out}, extra...)
		code := run(append(args, "/runs/#2"), &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	for _, format := range figureFormats {
		out := filepath.Join(dir, "fig."+format)
		for i := range 2 {
			if code, msg := figure(out); code != 0 {
				t.Fatalf("%s, time %d: exit %d: %s", format, i+1, code, msg)
			}
		}
		b, _ := os.ReadFile(out)
		if !figseal.Verify(b) {
			t.Errorf("%s: the figure does not carry its seal", format)
		}
	}
	paper := filepath.Join(dir, "paper.tex")
	readme := filepath.Join(dir, "README.md")
	texts := map[string]string{
		paper:  "% Figures: scalesite figure --format png -o fig.png\n\\documentclass{article}\n",
		readme: "# Paper\n\n<!-- scalesite figure -->\nRun `scalesite figure`.\n",
	}
	for name, text := range texts {
		os.WriteFile(name, []byte(text), 0o644)
		code, msg := figure(name, "--format", "png")
		if code == 0 || !strings.Contains(msg, filepath.Base(name)) || !strings.Contains(msg, "--force") {
			t.Errorf("over %s: exit %d: %s", filepath.Base(name), code, msg)
		}
		if b, _ := os.ReadFile(name); string(b) != text {
			t.Errorf("%s now holds %q", filepath.Base(name), b)
		}
	}
	if code, msg := figure(paper, "--format", "png", "--force"); code != 0 {
		t.Errorf("--force: exit %d: %s", code, msg)
	}
	if b, _ := os.ReadFile(paper); !figseal.Verify(b) {
		t.Errorf("--force did not write the figure")
	}
}

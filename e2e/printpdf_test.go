package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestSavePDFInChromium: a chart's Save PDF button prints the chart alone,
// as vector text and paths on one PDF page of the chart's size, the way a
// reader's "Save as PDF" in the print dialog writes it; closing the dialog
// puts the page back. Chromium's own PDF writer (Page.printToPDF, with the
// page's CSS page size, as the print dialog uses it) stands in for the
// dialog, which a headless browser does not open: window.print is
// replaced by a flag before the click.
func TestSavePDFInChromium(t *testing.T) {
	for _, tool := range []string{"qpdf", "pdftotext", "pdfinfo", "pdffonts"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (apt-get install qpdf poppler-utils; .ci/run does)", tool)
		}
	}
	b := newBrowser(t)
	base := buildExportSite(t)
	const lossChart = "chart-runs-1"
	tb := b.tab(t)
	tb.open(t, base+"/runs/", 2)
	tb.eval(t, `window.__printed = 0; window.print = () => { window.__printed++; }; return true;`, new(bool))

	if err := chromedp.Run(tb.ctx, clickTool(`#`+lossChart+` ~ .scalesite-tools button[data-tool="pdf"]`)); err != nil {
		t.Fatalf("clicking Save PDF: %v", err)
	}
	// The click ends in the print dialog or in the toolbar saying that it
	// did not work: wait for either, and say which.
	var outcome string
	if err := chromedp.Run(tb.ctx, chromedp.Poll(`(() => {
		if (window.__printed === 1) return 'printed';
		const s = document.querySelector('#`+lossChart+` ~ .scalesite-tools .scalesite-status');
		return s && s.textContent.startsWith('That did not work') ? s.textContent : '';
	})()`, &outcome, chromedp.WithPollingInterval(time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("Save PDF did nothing (no print dialog, no word in the toolbar): %v", err)
	}
	if outcome != "printed" {
		t.Fatalf("Save PDF never opened the print dialog: the toolbar says %q", outcome)
	}
	var size struct{ W, H float64 }
	tb.eval(t, chartJS(lossChart)+`return {W: c.getWidth(), H: c.getHeight()};`, &size)

	file := printToPDF(t, tb, page.PrintToPDF().WithPreferCSSPageSize(true).WithPrintBackground(true))
	run := func(name string, args ...string) string {
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("qpdf", "--check", file)

	// One page, the chart's size: CSS px are 3/4 pt.
	info := run("pdfinfo", file)
	if !regexp.MustCompile(`(?m)^Pages:\s+1$`).MatchString(info) {
		t.Errorf("the PDF is not one page:\n%s", info)
	}
	m := regexp.MustCompile(`Page size:\s+([0-9.]+) x ([0-9.]+) pts`).FindStringSubmatch(info)
	if m == nil {
		t.Fatalf("pdfinfo gives no page size:\n%s", info)
	}
	w, _ := strconv.ParseFloat(m[1], 64)
	h, _ := strconv.ParseFloat(m[2], 64)
	if d := w - size.W*0.75; d < -1 || d > 1 {
		t.Errorf("the page is %g pt wide, the chart %g px (%g pt)", w, size.W, size.W*0.75)
	}
	if d := h - size.H*0.75; d < -1 || d > 1 {
		t.Errorf("the page is %g pt high, the chart %g px (%g pt)", h, size.H, size.H*0.75)
	}

	// The chart's words as text (vector, not a picture of them), and
	// nothing of the page around it.
	text := run("pdftotext", file, "-")
	for _, want := range []string{"Loss against compute", "Compute (FLOPs)", "small", "medium", "large, wide"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF has no text %q:\n%s", want, text)
		}
	}
	for _, not := range []string{"Some text.", "More text.", "Save PNG", "Models"} {
		if strings.Contains(text, not) {
			t.Errorf("the PDF has %q, from the page around the chart:\n%s", not, text)
		}
	}
	if fonts := run("pdffonts", file); strings.Count(fonts, "\n") < 3 {
		t.Errorf("pdffonts lists no font: the text is not text\n%s", fonts)
	}

	// The dialog closed: the page is as it was.
	var back struct {
		Printing, Box, PageSize bool
		Printed                 int
	}
	tb.eval(t, `window.dispatchEvent(new Event('afterprint'));
		return {Printing: document.documentElement.classList.contains('scalesite-printing'),
			Box: !!document.getElementById('scalesite-print'), PageSize: !!document.getElementById('scalesite-print-page'),
			Printed: window.__printed};`, &back)
	if back.Printing || back.Box || back.PageSize {
		t.Errorf("after the print dialog the page is not put back: %+v", back)
	}
}

// printToPDF prints the tab's page with Chromium's print-to-PDF and
// returns the PDF's path in a temporary folder.
func printToPDF(t *testing.T, tb *tab, print *page.PrintToPDFParams) string {
	t.Helper()
	var pdf []byte
	if err := chromedp.Run(tb.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		pdf, _, err = print.Do(ctx)
		return err
	})); err != nil {
		t.Fatalf("printing to PDF: %v", err)
	}
	file := filepath.Join(t.TempDir(), "page.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

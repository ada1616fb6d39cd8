package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/katex"
)

// mathSite has a page of formulas without a chart, one with a formula and
// a chart, and one without math.
var mathSite = map[string]string{
	"scalesite.yaml": "title: Math\n",
	"content/law.md": "---\ntitle: Law\n---\n" +
		"The loss $L(N,D)$ falls with the parameters $N$ and the tokens \\(D\\):\n\n" +
		"$$\nL(N,D) = E + \\frac{A}{N^{\\alpha}} + \\frac{B}{D^{\\beta}}\n$$\n\n" +
		"with $\\alpha = 0.34$, and $$\\beta = 0.28$$ in a sentence.\n\n" +
		"A run that costs $5 and one that costs $10 are prose.\n",
	"content/chart.md": "---\ntitle: Chart\n---\nThe fit $L = E + A/N^\\alpha$, drawn:\n\n" +
		"```chart\ndata: |\n  n,loss\n  1e7,3.3\n  1e8,2.9\n  1e9,2.6\nx: {field: n, scale: log}\ny: loss\n```\n",
	"content/plain.md": "---\ntitle: Plain\n---\nNo formula here, at $5.\n",
}

// TestMathInChromium checks that the formulas of a built page are typeset
// (KaTeX's elements, no TeX or delimiter left in what a reader sees), in
// KaTeX's fonts loaded from the site itself, with no script on a page
// without charts, under the site's Content-Security-Policy without a
// violation; and that a page without math asks for none of it.
func TestMathInChromium(t *testing.T) {
	browserTest(t)
	base := buildSite(t, mathSite)
	b := newBrowser(t)
	ct := b.cspTab(t)
	ct.probePolicyOn(t, base+"/plain/")

	for _, tc := range []struct {
		page              string
		formulas, display int
	}{
		{"/law/", 6, 2},
		{"/chart/", 1, 0},
	} {
		ct.navigate(t, base+tc.page)
		var got struct {
			Katex, Display, Maths int
			Leftover              []string // visible text of math paragraphs holding TeX
			Prose                 string
			Scripts               int
			Font, MathML          string
			Faces                 []string
		}
		err := chromedp.Run(ct.ctx, chromedp.Evaluate(`document.fonts.ready.then(() => {
  const maths = [...document.querySelectorAll('.math')];
  const leftover = [];
  for (const el of new Set(maths.map(m => m.closest('p') || m))) {
    const c = el.cloneNode(true);
    c.querySelectorAll('.katex-mathml').forEach(m => m.remove()); // MathML for screen readers, hidden
    const text = c.textContent;
    if (/[$\\]/.test(text)) leftover.push(text);
  }
  const last = [...document.querySelectorAll('main p')].find(p => p.textContent.includes('run that costs'));
  return {
    Katex: document.querySelectorAll('.katex').length,
    Display: document.querySelectorAll('.math.display .katex-display').length,
    Maths: maths.filter(m => m.querySelectorAll('.katex').length === 1).length,
    Leftover: leftover,
    Prose: last ? last.textContent : '',
    Scripts: document.scripts.length,
    Font: getComputedStyle(document.querySelector('.katex')).fontFamily,
    MathML: getComputedStyle(document.querySelector('.katex-mathml')).position,
    Faces: [...document.fonts].filter(f => f.family.includes('KaTeX') && f.status !== 'unloaded').map(f => f.family.replace(/"/g, '') + ' ' + f.status),
  };
})`, &got, awaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", tc.page, err)
		}
		if got.Katex != tc.formulas || got.Maths != tc.formulas || got.Display != tc.display {
			t.Errorf("%s: %d .katex, %d .math holding one each, %d display; want %d, %d, %d", tc.page, got.Katex, got.Maths, got.Display, tc.formulas, tc.formulas, tc.display)
		}
		if len(got.Leftover) > 0 {
			t.Errorf("%s: TeX or a dollar sign left in what a reader sees: %q", tc.page, got.Leftover)
		}
		if !strings.Contains(got.Font, "KaTeX_Main") || got.MathML != "absolute" {
			t.Errorf("%s: KaTeX's stylesheet is not applied: .katex font %q, .katex-mathml position %q", tc.page, got.Font, got.MathML)
		}
		loaded := 0
		for _, f := range got.Faces {
			if strings.HasSuffix(f, " loaded") {
				loaded++
			} else {
				t.Errorf("%s: font %s", tc.page, f)
			}
		}
		if loaded < 2 {
			t.Errorf("%s: KaTeX fonts loaded: %q, want KaTeX_Main and KaTeX_Math at least", tc.page, got.Faces)
		}
		if tc.page == "/law/" {
			if got.Scripts != 0 {
				t.Errorf("%s: %d scripts on a page of formulas without charts, want none", tc.page, got.Scripts)
			}
			if !strings.Contains(got.Prose, "costs $5 and one that costs $10 are prose") {
				t.Errorf("%s: prices read %q", tc.page, got.Prose)
			}
			ct.saveScreenshot(t, "math")
		}
		ct.noViolations(t, tc.page)
	}

	if foreign := ct.foreignRequests(base); len(foreign) > 0 {
		t.Errorf("requests left the site: %q", foreign)
	}
	prefix := base + "/assets/" + katex.Dir + "/"
	var css, fonts int
	ct.mu.Lock()
	for _, r := range ct.requests {
		switch {
		case r == prefix+katex.Stylesheet:
			css++
		case strings.HasPrefix(r, prefix+"fonts/KaTeX_") && strings.HasSuffix(r, ".woff2"):
			fonts++
		}
	}
	failed := ct.errors
	ct.mu.Unlock()
	if css == 0 || fonts < 2 {
		t.Errorf("requests for KaTeX: %d for the stylesheet, %d for fonts, under %s", css, fonts, prefix)
	}
	if len(failed) > 0 {
		t.Errorf("requests failed: %q", failed)
	}

	// A page without math links no stylesheet of KaTeX's and loads none of
	// its fonts.
	before := len(ct.requestsSnapshot())
	ct.navigate(t, base+"/plain/")
	var links int
	ct.eval(t, `return document.querySelectorAll('link[href*="katex"], .katex').length;`, &links)
	if links != 0 {
		t.Errorf("/plain/: %d KaTeX links or elements", links)
	}
	for _, r := range ct.requestsSnapshot()[before:] {
		if strings.Contains(r, "katex") {
			t.Errorf("/plain/ asked for %s", r)
		}
	}
}

// probePolicyOn opens url and shows that the policy is in force there.
func (ct *cspTab) probePolicyOn(t *testing.T, url string) {
	t.Helper()
	ct.navigate(t, url)
	ct.probePolicy(t)
}

// requestsSnapshot returns the requests made so far.
func (tb *tab) requestsSnapshot() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.requests...)
}

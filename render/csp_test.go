package render

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// TestContentSecurityPolicy holds the policy to what its doc comment says,
// directive by directive: only the site's own scripts, no eval, nothing from
// another origin, and nothing a <meta http-equiv> policy would ignore.
func TestContentSecurityPolicy(t *testing.T) {
	directives := map[string][]string{}
	for _, d := range strings.Split(ContentSecurityPolicy, ";") {
		f := strings.Fields(d)
		if len(f) == 0 {
			t.Fatalf("empty directive in %q", ContentSecurityPolicy)
		}
		if _, dup := directives[f[0]]; dup {
			t.Errorf("directive %s given twice: browsers use the first only", f[0])
		}
		directives[f[0]] = f[1:]
	}
	tests := []struct {
		directive string
		want      []string
		why       string
	}{
		{"default-src", []string{"'self'"}, "anything not named below comes from the site only"},
		{"script-src", []string{"'self'"}, "the theme's script files only: no inline script or handler, no eval"},
		{"style-src", []string{"'self'", "'unsafe-inline'"}, "ECharts writes style attributes into its tooltips"},
		{"img-src", []string{"'self'", "data:", "blob:"}, "Save PNG and Save SVG make data: and blob: URLs"},
		{"object-src", []string{"'none'"}, "no <object> or <embed> of a static SVG or HTML file"},
		{"frame-src", []string{"'none'"}, "no <iframe> of a static SVG or HTML file"},
		{"base-uri", []string{"'self'"}, "a <base> cannot send the theme's script URLs elsewhere"},
		{"form-action", []string{"'self'"}, "no form posts to another host"},
	}
	for _, tc := range tests {
		if got, ok := directives[tc.directive]; !ok || !slices.Equal(got, tc.want) {
			t.Errorf("%s is %q, want %q: %s", tc.directive, got, tc.want, tc.why)
		}
	}
	for name, sources := range directives {
		// Ignored in a <meta> policy (Chromium says so in the console), so
		// they would promise what GitHub Pages does not keep.
		if slices.Contains([]string{"frame-ancestors", "report-uri", "report-to", "sandbox"}, name) {
			t.Errorf("%s has no effect in <meta http-equiv>, where the theme sets the policy", name)
		}
		for _, s := range sources {
			if s == "'unsafe-eval'" || s == "'wasm-unsafe-eval'" || s == "*" || strings.Contains(s, "://") || s == "http:" || s == "https:" {
				t.Errorf("%s allows %s", name, s)
			}
			if s == "'unsafe-inline'" && name != "style-src" {
				t.Errorf("%s allows 'unsafe-inline'", name)
			}
		}
	}
}

// TestPagesSetThePolicy: every kind of page sets the policy in a <meta
// http-equiv> before anything it loads, since a policy applies only to what
// comes after it.
func TestPagesSetThePolicy(t *testing.T) {
	got := renderSite(t, map[string]string{
		"scalesite.yaml":   "title: T\ndescription: D.\n",
		"content/index.md": "Home.\n",
		"content/p.md":     "---\ntitle: P\ntags: [a]\n---\n```chart\ntype: scatter\ndata: |\n  x,y\n  1,2\n  2,3\nx: x\ny: y\n```\n",
		"content/q.md":     "---\ntitle: Q\n---\nNo chart.\n",
	}, site.Options{})
	meta := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`)
	loads := regexp.MustCompile(`<script|<link|<style|<base`)
	pages := []string{"index.html", "p/index.html", "q/index.html", "tags/index.html", "tags/a/index.html", "404.html"}
	for _, p := range pages {
		page, ok := got[p]
		if !ok {
			t.Errorf("no %s in the output", p)
			continue
		}
		head, _, _ := strings.Cut(page, "</head>")
		m := meta.FindStringSubmatchIndex(head)
		if m == nil {
			t.Errorf("%s sets no Content-Security-Policy in its <head>", p)
			continue
		}
		if policy := html.UnescapeString(head[m[2]:m[3]]); policy != ContentSecurityPolicy {
			t.Errorf("%s sets the policy %q, want %q", p, policy, ContentSecurityPolicy)
		}
		if first := loads.FindStringIndex(head); first == nil && p == "p/index.html" || first != nil && first[0] < m[0] {
			t.Errorf("%s: the policy must come before the first script, stylesheet or <base>:\n%s", p, head)
		}
		if n := len(meta.FindAllString(page, -1)); n != 1 {
			t.Errorf("%s sets the policy %d times", p, n)
		}
	}
	// The page with a chart loads only files: its one inline <script> is
	// the chart's JSON option, which the browser never runs.
	for _, tag := range regexp.MustCompile(`<script[^>]*>`).FindAllString(got["p/index.html"], -1) {
		if !strings.Contains(tag, ` src="/assets/`) && !strings.Contains(tag, `type="application/json"`) {
			t.Errorf("p/index.html has a script the policy blocks: %s", tag)
		}
	}
	if regexp.MustCompile(`(?i)\son[a-z]+=`).MatchString(got["p/index.html"]) {
		t.Errorf("p/index.html has an event-handler attribute, which the policy blocks")
	}
}

package main

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// A chart's option and the bundle's address in a built page.
var (
	optionRE = regexp.MustCompile(`(?s)<script type="application/json" class="scalesite-option"[^>]*>(.*?)</script>`)
	bundleRE = regexp.MustCompile(`<script src="([^"]*/echarts\.min\.[0-9a-f]+\.js)"`)
)

// bareScript draws each option as ECharts alone would: what scalesite adds
// (layout hints, formatter tokens, custom series) is dropped, nothing laid
// out, one init and one setOption a chart.
const bareScript = `function clean(v) {
  if (Array.isArray(v)) return v.map(clean);
  if (!v || typeof v !== 'object') return v;
  var o = {};
  for (var k in v) {
    if (/^scalesite/.test(k) || (typeof v[k] === 'string' && v[k].charAt(0) === '@')) continue;
    o[k] = clean(v[k]);
  }
  return o;
}
document.querySelectorAll('script.o').forEach(function (o) {
  var opt = clean(JSON.parse(o.textContent));
  opt.series = (opt.series || []).filter(function (s) { return s.type !== 'custom'; });
  echarts.init(o.previousElementSibling).setOption(opt);
});`

// writeBare writes bare.html beside a built page: each of its charts drawn
// by the same ECharts bundle with nothing of scalesite's scripts, the page
// that issue 21's goal measures first paint against (a page's first paint
// at most 1.2 times this one's, timed in one run by firstpaint). Every
// chart, not only the first, because both pages are timed until every
// chart on them has drawn.
func writeBare(pageFile string) (string, error) {
	b, err := os.ReadFile(pageFile)
	if err != nil {
		return "", err
	}
	opts := optionRE.FindAllSubmatch(b, -1)
	bundle := bundleRE.FindSubmatch(b)
	if opts == nil || bundle == nil {
		return "", fmt.Errorf("%s: no chart option or no echarts.min.*.js script", pageFile)
	}
	var charts strings.Builder
	for _, o := range opts {
		fmt.Fprintf(&charts, "<div style=\"width:100%%;height:440px\"></div>\n<script type=\"application/json\" class=\"o\">%s</script>\n", o[1])
	}
	page := fmt.Sprintf(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>bare ECharts</title>
<style>body{max-width:760px;margin:0 auto;font-family:sans-serif}</style></head><body>
<h1>bare ECharts</h1>
%s<script src="%s"></script>
<script>%s</script>
</body></html>
`, charts.String(), html.UnescapeString(string(bundle[1])), bareScript)
	out := filepath.Join(filepath.Dir(pageFile), "bare.html")
	return out, os.WriteFile(out, []byte(page), 0o644)
}

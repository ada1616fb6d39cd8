package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// hostile are model names that would run code if the option were written
// with go-echarts' Render, which writes it raw into a script element (a
// literal </script> ends it) and turns any __f__…__f__ string into code.
var hostile = []string{
	`</script><script>alert(1)</script>`,
	`__f__alert(2)__f__`,
	`<img src=x onerror=alert(3)>`,
	`"};alert(4);//`,
}

// TestHostileNamesStayText builds a site whose CSV, spec and front matter
// carry script payloads and checks in Chromium that nothing runs and that
// every payload shows as the literal text it is.
func TestHostileNamesStayText(t *testing.T) {
	b := newBrowser(t)
	csv := "model,params,score\n"
	for i, h := range hostile {
		csv += `"` + doubleQuotes(h) + `",` + []string{"10", "100", "1000", "10000"}[i] + ",0." + string(rune('5'+i)) + "\n"
	}
	files := map[string]string{
		"scalesite.yaml":        "title: \"</title><script>alert(5)</script>\"\n",
		"content/evil/data.csv": csv,
		"content/evil/index.md": "---\ntitle: \"<script>alert(6)</script>\"\ndescription: \"</script><script>alert(7)</script>\"\n---\n" +
			"Text.\n\n```chart\ntype: scatter\ntitle: \"</script><script>alert(8)</script> __f__alert(9)__f__\"\ndata: data.csv\n" +
			"x: {field: params, scale: log, title: \"<b onmouseover=alert(10)>x</b>\"}\ny: {field: score}\nseries: model\nlabel: model\n```\n",
	}
	base := buildSite(t, files)
	tb := b.tab(t)
	tb.open(t, base+"/evil/", 1)
	var got struct {
		Title   string
		Legend  []string
		Labels  []string
		Scripts []string
		Imgs    int
		Tip     string
	}
	tb.eval(t, firstChart+`const o = c.getOption();
		c.dispatchAction({type: 'showTip', seriesIndex: 2, dataIndex: 0});
		const tipEl = [...c.getDom().querySelectorAll('div')].find(d => d.textContent.includes('onerror'));
		return {Title: document.title, Legend: m.getComponent('legend').getData().map(d => d.get('name')),
			Labels: o.series.map(s => s.data[0].name), Scripts: [...document.scripts].map(s => s.src ? 'src ' + new URL(s.src).pathname : 'inline ' + s.type + ' ' + s.className),
			Imgs: document.querySelectorAll('img').length, Tip: tipEl ? tipEl.textContent : ''};`, &got)
	tb.saveScreenshot(t, "hostile-names")
	if len(tb.dialogs) > 0 {
		t.Fatalf("injected script ran: dialogs %q", tb.dialogs)
	}
	if !slices.Equal(got.Legend, hostile) || !slices.Equal(got.Labels, hostile) {
		t.Errorf("legend %q and labels %q, want the names as text: %q", got.Legend, got.Labels, hostile)
	}
	if want := "<script>alert(6)</script> · </title><script>alert(5)</script>"; got.Title != want {
		t.Errorf("document.title = %q, want %q", got.Title, want)
	}
	// The page has the theme's scripts (those base.html loads, in its
	// order, fingerprinted) and one JSON option: nothing else.
	layout, err := os.ReadFile(filepath.Join("..", "themes", "default", "layouts", "base.html"))
	if err != nil {
		t.Fatal(err)
	}
	// Those of a page with charts, that is: a page without code or
	// formulas loads none of their scripts.
	charts := string(layout)
	if _, after, ok := strings.Cut(charts, "{{- if gt .Charts 0}}"); ok {
		charts, _, _ = strings.Cut(after, "{{- end}}")
	}
	var want []string
	for _, m := range regexp.MustCompile(`<script src="\{\{asset "([a-z.]+)\.js"\}\}"`).FindAllStringSubmatch(charts, -1) {
		want = append(want, `^src /assets/`+regexp.QuoteMeta(m[1])+`\.[0-9a-f]{8}\.js$`)
	}
	if len(want) < 2 {
		t.Fatalf("base.html loads %d scripts: the test no longer reads it right", len(want))
	}
	want = append(want, `^inline application/json scalesite-option$`)
	ok := len(got.Scripts) == len(want) && got.Imgs == 0
	for i := 0; ok && i < len(want); i++ {
		ok = regexp.MustCompile(want[i]).MatchString(got.Scripts[i])
	}
	if !ok {
		t.Errorf("script elements %q and %d img elements, want %q and none", got.Scripts, got.Imgs, want)
	}
	if !strings.Contains(got.Tip, hostile[2]) {
		t.Errorf("tooltip text %q, want it to show %q literally", got.Tip, hostile[2])
	}
}

func doubleQuotes(s string) string {
	out := ""
	for _, r := range s {
		if r == '"' {
			out += `""`
		} else {
			out += string(r)
		}
	}
	return out
}

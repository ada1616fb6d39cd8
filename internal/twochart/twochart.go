// Package twochart is the page that scalesite's page-weight test
// (e2e/pageweight_test.go) and paint measurement (tools/paintbench) load:
// two charts of 120 points each, served gzipped as GitHub Pages serves a
// site.
package twochart

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Path is the page's address under the site.
const Path = "/charts/"

// Probe is a script to run in the page before its own
// (page.AddScriptToEvaluateOnNewDocument): it wraps echarts.init as the
// bundle defines window.echarts, so that every chart records in
// window.__paint[its element's id] the performance.now() of its first
// ECharts 'finished' event, its first complete paint (listened to before
// the site script's own listener), and counts its setOption calls (each a
// layout pass) in window.__setOptions[its id].
const Probe = `(function () {
  window.__paint = {};
  window.__marks = {};
  window.__setOptions = {};
  var e;
  Object.defineProperty(window, 'echarts', { configurable: true, enumerable: true,
    get: function () { return e; },
    set: function (v) {
      e = v;
      if (!v || typeof v.init !== 'function') return;
      window.__marks.bundle = performance.now(); // the bundle has run
      // the bundle's exports are getters: the probe is an object in front
      // of them with its own init
      var init = v.init;
      e = Object.create(v, { init: { enumerable: true, value: function (el) {
        if (!('init' in window.__marks)) window.__marks.init = performance.now();
        var inst = init.apply(v, arguments);
        var set = inst.setOption;
        inst.setOption = function () { // time in setOption, all charts
          var t0 = performance.now();
          try { return set.apply(inst, arguments); } finally {
            window.__marks.setOption = (window.__marks.setOption || 0) + performance.now() - t0;
            window.__marks.setOptions = (window.__marks.setOptions || 0) + 1;
            if (el && el.id) window.__setOptions[el.id] = (window.__setOptions[el.id] || 0) + 1;
          }
        };
        if (el && el.id) inst.on('finished', function () {
          if (!(el.id in window.__paint)) window.__paint[el.id] = performance.now();
        });
        return inst;
      } } });
    } });
})();`

// Times is an expression that resolves, once every chart on the page has
// settled (window.scalesite.settled()) and 300 ms more have passed, to
// {first, settled, charts, marks}: the ms from navigation start to the
// first chart's first paint (Probe; -1 if none) and to settled(), the
// charts' element ids in page order, and on the way: html (the page
// received), bundle (echarts.min.js has run), init (the first
// echarts.init), dcl (DOMContentLoaded, after every deferred script),
// setOption (ms spent in the charts' setOption, setOptions calls).
const Times = `window.scalesite.settled().then(function () {
  var settled = performance.now();
  var ids = Array.prototype.map.call(document.querySelectorAll('.scalesite-canvas'), function (el) { return el.id; });
  return new Promise(function (r) { setTimeout(r, 300); }).then(function () {
    var nav = performance.getEntriesByType('navigation')[0] || {};
    var m = window.__marks;
    m.html = nav.responseEnd;
    m.dcl = nav.domContentLoadedEventStart;
    return { first: window.__paint[ids[0]] || -1, settled: settled, charts: ids, marks: m };
  });
})`

// Site is the source of a site whose page /charts/ holds two charts
// of 120 points each: a log-x line chart of 3 series × 40 points and a
// scatter of 120 points, both with inline CSV, and a few paragraphs.
func Site() map[string]string {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString("---\ntitle: Two charts\ndescription: A page of two 120-point charts\n---\n\n")
	b.WriteString("Loss and accuracy of three model families as compute grows.\n\n")
	b.WriteString("```chart\ntype: line\ntitle: Accuracy vs compute\n" +
		"x: {field: flops, title: Training FLOPs, scale: log}\ny: {field: acc, title: Average accuracy (%)}\n" +
		"series: model\ndata: |\n  model,flops,acc\n")
	for s := range 3 {
		for p := range 40 {
			f := math.Pow(10, 19+4*float64(p)/39)
			acc := 40 + 8*float64(s) + 6*math.Log10(f/1e19) + rng.Float64()*2 - 1
			fmt.Fprintf(&b, "  family-%d,%.4e,%.2f\n", s, f, acc)
		}
	}
	b.WriteString("```\n\nAnd 120 models, their size against their score.\n\n")
	b.WriteString("```chart\ntype: scatter\ntitle: Score vs parameters\n" +
		"x: {field: params, title: Parameters, scale: log}\ny: {field: score, title: Score}\ndata: |\n  name,params,score\n")
	for k := range 120 {
		fmt.Fprintf(&b, "  model-%d,%.3e,%.2f\n", k, math.Pow(10, 6+float64(k)*0.04), 50+float64(k)/6+rng.Float64()*4-2)
	}
	b.WriteString("```\n\nThe end.\n")
	return map[string]string{
		"scalesite.yaml":          "title: Page weight\nbaseURL: /\n",
		"content/charts/index.md": b.String(),
	}
}

// Gzip serves h's responses gzipped to clients that accept it, for the
// types GitHub Pages compresses (HTML, CSS, JavaScript, JSON, SVG, text).
// A body is compressed once (a host serves them ready-made; compressing the
// bundle again on every load would count the server's work as the page's).
func Gzip(h http.Handler) http.Handler {
	var mu sync.Mutex
	done := map[string][]byte{} // by path, modification time and the body's hash
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		res := rec.Result()
		body := rec.Body.Bytes()
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		ct := res.Header.Get("Content-Type")
		if res.StatusCode == http.StatusOK && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && compressible(ct) {
			sum := sha256.Sum256(body)
			key := r.URL.Path + "\x00" + res.Header.Get("Last-Modified") + "\x00" + string(sum[:])
			mu.Lock()
			z, ok := done[key]
			mu.Unlock()
			if !ok {
				var buf bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
				zw.Write(body)
				zw.Close()
				z = buf.Bytes()
				mu.Lock()
				done[key] = z
				mu.Unlock()
			}
			body = z
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Add("Vary", "Accept-Encoding")
			w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		}
		w.WriteHeader(res.StatusCode)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	})
}

func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/javascript", "text/javascript", "application/json", "image/svg+xml", "application/atom+xml", "application/xml"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

// Command chartlatency measures how long a CSV edit takes to reach the
// screen in a live preview: it opens URL in headless Chromium, then N times
// writes a new value into the last cell of CSV and polls the page's ECharts
// instances until one of them holds that value.
//
//	go run ./tools/chartlatency [-runs 10] URL CSV
//
// It needs Debian's chromium at /usr/bin/chromium and a running
// `scalesite serve`. The CSV is restored at the end.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	runs := flag.Int("runs", 10, "edits to time")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: chartlatency [-runs N] URL CSV")
		os.Exit(2)
	}
	url, file := flag.Arg(0), flag.Arg(1)
	orig, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer os.WriteFile(file, orig, 0o644)
	body := bytes.TrimRight(orig, "\n")
	cut := bytes.LastIndexByte(body, ',')
	if cut < 0 {
		fmt.Fprintln(os.Stderr, "the CSV's last row has no comma")
		os.Exit(2)
	}
	head := string(body[:cut+1])

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath("/usr/bin/chromium"),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel2 := chromedp.NewContext(actx)
	defer cancel2()
	if err := chromedp.Run(ctx, chromedp.Navigate(url), chromedp.Sleep(2*time.Second)); err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		os.Exit(1)
	}
	var lat []float64
	for i := range *runs {
		v := strconv.FormatFloat(50+float64(i)*0.001+float64(time.Now().UnixNano()%997)/1e6, 'f', -1, 64)
		t0 := time.Now()
		if err := os.WriteFile(file, []byte(head+v+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		js := `Object.values((window.scalesite || {}).charts || {}).some(c => JSON.stringify(c.getOption().series.map(s => s.data)).includes('` + v + `'))`
		seen := false
		for time.Since(t0) < 20*time.Second {
			var ok bool
			c, cc := context.WithTimeout(ctx, 2*time.Second)
			err := chromedp.Run(c, chromedp.Evaluate(js, &ok))
			cc()
			if err == nil && ok {
				seen = true
				break
			}
			time.Sleep(time.Millisecond)
		}
		if !seen {
			fmt.Println("timeout on run", i)
			continue
		}
		lat = append(lat, float64(time.Since(t0).Microseconds())/1000)
		time.Sleep(700 * time.Millisecond)
	}
	sort.Float64s(lat)
	parts := make([]string, len(lat))
	for i, l := range lat {
		parts[i] = fmt.Sprintf("%.0f", l)
	}
	fmt.Println(strings.Join(parts, " "))
	if len(lat) > 0 {
		fmt.Printf("median_ms %.1f\n", lat[len(lat)/2])
	}
}

//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// serveMaxRSS is the most memory the preview of a small site may have
// resident, whatever is asked of it (issue 18).
const serveMaxRSS = 600 << 20

// TestServeLargeFileMemory: a 60 MB file under static/, asked for by 30
// clients at once, whole, and by 30 more in parts, is streamed from disk:
// the preview stays under serveMaxRSS. (It read the file whole for each
// request: 30 requests took it past 3 GB.)
func TestServeLargeFileMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the command (-short)")
	}
	const size, clients = 60 << 20, 30
	dir := site(t, map[string]string{"content/index.md": "Home.\n"})
	big := make([]byte, size)
	for i := range big {
		big[i] = byte(i*7 + i>>13)
	}
	if err := os.MkdirAll(filepath.Join(dir, "static"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "static", "big.bin"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	p := startServe(t, commandBinary(t), dir)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * clients}}

	type part struct{ from, to int } // to is exclusive; {0, 0}: the whole file
	var parts []part
	for i := range clients {
		parts = append(parts, part{})
		parts = append(parts, part{i << 20, i<<20 + 20<<20})
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(parts))
	for _, pt := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, "GET", p.url+"big.bin", nil)
			want, status := big, http.StatusOK
			if pt.to > 0 {
				req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", pt.from, pt.to-1))
				want, status = big[pt.from:pt.to], http.StatusPartialContent
			}
			resp, err := client.Do(req)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			if resp.StatusCode != status {
				errs <- fmt.Errorf("%v: %d, want %d", req.Header, resp.StatusCode, status)
				return
			}
			if err := sameBytes(resp.Body, want); err != nil {
				errs <- fmt.Errorf("%v: %v", req.Header, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	rss, err := p.peakRSS()
	if err != nil || !p.running() {
		t.Fatalf("the preview is not running (%v); its last words:\n%s", err, p.lastWords())
	}
	t.Logf("peak RSS of the preview: %d MiB", rss>>20)
	if rss >= serveMaxRSS {
		t.Errorf("the preview had %d MiB resident serving a %d MiB file to %d clients; want under %d MiB", rss>>20, size>>20, len(parts), serveMaxRSS>>20)
	}
}

// sameBytes reads r to its end and reports where it first differs from want.
func sameBytes(r io.Reader, want []byte) error {
	buf := make([]byte, 256<<10)
	at := 0
	for {
		n, err := r.Read(buf)
		if at+n > len(want) {
			return fmt.Errorf("more than the %d bytes expected", len(want))
		}
		if !bytes.Equal(buf[:n], want[at:at+n]) {
			return fmt.Errorf("the bytes differ from byte %d", at)
		}
		at += n
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("after %d bytes: %w", at, err)
		}
	}
	if at != len(want) {
		return fmt.Errorf("%d bytes, want %d", at, len(want))
	}
	return nil
}

package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingListener is a listener that counts the connections it has
// accepted and that are open, and keeps the most that were open at once.
type countingListener struct {
	net.Listener
	mu       sync.Mutex
	open     int
	maxOpen  int
	accepted chan struct{} // a value per connection accepted
	closed   chan struct{} // a value per connection closed
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.open++
	l.maxOpen = max(l.maxOpen, l.open)
	l.mu.Unlock()
	select {
	case l.accepted <- struct{}{}:
	default: // more than the test waits for
	}
	return &countedConn{Conn: c, l: l}, nil
}

func (l *countingListener) most() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.maxOpen
}

type countedConn struct {
	net.Conn
	once sync.Once
	l    *countingListener
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.open--
		c.l.mu.Unlock()
		select {
		case c.l.closed <- struct{}{}:
		default:
		}
	})
	return c.Conn.Close()
}

// serveCounted runs srv.Serve, with limits, on a loopback listener that
// counts its connections, until the test ends. It returns the address.
func serveCounted(t *testing.T, srv *Server, limits connLimits, room int) (string, *countingListener) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &countingListener{Listener: ln, accepted: make(chan struct{}, room), closed: make(chan struct{}, room)}
	srv.conns = limits
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, cl) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String(), cl
}

// testLimits are connLimits far above what a test waits for, but for
// those it sets.
func testLimits() connLimits {
	return connLimits{max: 1000, readHeader: time.Minute, idle: time.Minute, write: time.Minute, headerBytes: 64 << 10, ping: time.Minute}
}

// waitFor takes n values from ch, failing the test after a minute.
func waitFor(t *testing.T, ch <-chan struct{}, n int, what string) {
	t.Helper()
	timeout := time.After(time.Minute)
	for i := range n {
		select {
		case <-ch:
		case <-timeout:
			t.Fatalf("%s: %d of %d in a minute", what, i, n)
		}
	}
}

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files: %v", err)
	}
	return len(fds)
}

// TestConnectionCap: many more connections than the cap, all silent, do
// not take a descriptor each: the server holds the cap's worth, and
// answers a request that came after them once they close.
func TestConnectionCap(t *testing.T) {
	// Fewer than the smallest listen queue (128, macOS): the connections
	// the server does not take wait there, and a Dial does not block.
	const limit, clients = 8, 5 * 8
	ts := newTestSite(t, false)
	lim := testLimits()
	lim.max = limit
	addr, cl := serveCounted(t, ts.srv, lim, 2*clients+8)
	before := openFiles(t)

	conns := make([]net.Conn, clients)
	for i := range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns[i] = c
		defer c.Close()
	}
	// A request after them: answered only once the server gets to it.
	answered := make(chan error, 1)
	go func() {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 2 * time.Minute}
		resp, err := c.Get("http://" + addr + "/a/")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !strings.Contains(string(b), "Alpha text.") {
				err = fmt.Errorf("%d %.80q", resp.StatusCode, b)
			}
		}
		answered <- err
	}()
	waitFor(t, cl.accepted, limit, "connections accepted")
	if n := openFiles(t) - before; n > clients+1+limit+16 {
		t.Errorf("%d files open for %d connections to a server that holds %d at once", n, clients+1, limit)
	}
	for _, c := range conns {
		c.Close()
	}
	if err := <-answered; err != nil {
		t.Errorf("the request made after %d connections, once they closed: %v", clients, err)
	}
	if n := cl.most(); n > limit {
		t.Errorf("the server held %d connections at once, over its cap of %d", n, limit)
	}
}

// TestQuietConnectionsClosed: a kept-alive connection that sends no next
// request, and one that never sends a first, are closed after their bound.
func TestQuietConnectionsClosed(t *testing.T) {
	tests := []struct {
		name  string
		set   func(*connLimits)
		first string // the request sent first, "" for none
	}{
		{"idle after a request", func(l *connLimits) { l.idle = 50 * time.Millisecond }, "GET /a/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"},
		{"no request", func(l *connLimits) { l.readHeader = 50 * time.Millisecond }, ""},
		{"headers never finished", func(l *connLimits) { l.readHeader = 50 * time.Millisecond }, "GET /a/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"},
	}
	ts := newTestSite(t, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lim := testLimits()
			tt.set(&lim)
			addr, cl := serveCounted(t, ts.srv, lim, 8)
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(time.Minute)) // a bound on failing, not the test's clock
			br := bufio.NewReader(c)
			if tt.first != "" {
				io.WriteString(c, tt.first)
			}
			if strings.HasSuffix(tt.first, "\r\n\r\n") {
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || resp.Close {
					t.Fatalf("the first request: %d, close %v; want 200 on a kept-alive connection", resp.StatusCode, resp.Close)
				}
			}
			// The server closes it: the read ends, with nothing more than
			// an error response to headers that never ended.
			b, err := io.ReadAll(br)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("the connection was still open after a minute (%q read)", b)
			}
			if len(b) > 0 && !strings.HasPrefix(string(b), "HTTP/1.1 4") {
				t.Errorf("read %.80q before the close", b)
			}
			waitFor(t, cl.closed, 1, "the server closing the connection")
		})
	}
}

// TestEventStreamOutlivesWriteBound: the bound on writing one response
// does not end the event stream, which lasts as long as its page: each
// event renews it.
func TestEventStreamOutlivesWriteBound(t *testing.T) {
	ts := newTestSite(t, false)
	lim := testLimits()
	lim.write, lim.ping = 50*time.Millisecond, 200*time.Millisecond
	addr, _ := serveCounted(t, ts.srv, lim, 8)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+addr+EventsPath, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	readUntil := func(prefix string) string {
		t.Helper()
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), prefix) {
				return lines.Text()
			}
		}
		t.Fatalf("the event stream ended before a line %q: %v", prefix, lines.Err())
		return ""
	}
	start := time.Now()
	readUntil(`data: {"type":"hello"`)
	// Pings come every 200 ms, each after the 50 ms bound on a response.
	for range 3 {
		readUntil(": ping")
	}
	if time.Since(start) < lim.write {
		t.Fatalf("three pings in %v", time.Since(start))
	}
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nBeta, later.\n")
	ts.srv.Rebuild([]string{"content/b.md"})
	if l := readUntil(`data: {"type":"change"`); !strings.Contains(l, "/b/") {
		t.Errorf("the change event %q does not name /b/", l)
	}
}

// TestLargeRequestHeadersRefused: headers past the bound are answered 431,
// not read into memory.
func TestLargeRequestHeadersRefused(t *testing.T) {
	ts := newTestSite(t, false)
	addr, _ := serveCounted(t, ts.srv, testLimits(), 8)
	for _, tt := range []struct {
		cookie int
		status int
	}{
		{4 << 10, 200},
		{200 << 10, http.StatusRequestHeaderFieldsTooLarge},
	} {
		req, _ := http.NewRequest("GET", "http://"+addr+"/a/", nil)
		req.Header.Set("Cookie", "c="+strings.Repeat("x", tt.cookie))
		resp, err := (&http.Client{Timeout: time.Minute}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("a %d-byte cookie: %d, want %d", tt.cookie, resp.StatusCode, tt.status)
		}
	}
}

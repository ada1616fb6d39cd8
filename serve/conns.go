package serve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"golang.org/x/net/netutil"
)

// connLimits bound what the preview's connections may hold, so that a
// flood of them (a script, a page elsewhere that opens thousands, a
// client that never reads) cannot take the process's file descriptors or
// keep it busy for ever: every open connection is a descriptor, and 20,000
// kept-alive ones exhausted them.
type connLimits struct {
	// max is how many connections are open at once; the next ones wait
	// in the system's listen queue until one closes.
	max int
	// readHeader is how long a request's headers may take to arrive,
	// the first request's included: a connection that sends nothing is
	// closed after it.
	readHeader time.Duration
	// idle is how long a kept-alive connection may wait for its next
	// request.
	idle time.Duration
	// write is how long one response may take to write. The event stream
	// lasts as long as its page is open: it renews the bound before each
	// event it writes instead, so only a browser that stops reading it
	// is dropped.
	write time.Duration
	// headerBytes is the most a request's headers may hold.
	headerBytes int
	// ping is how often the event stream says it is alive.
	ping time.Duration
}

// maxConns is the most connections the preview holds at once on a
// system that allows any number of open files: far more than the pages a
// person has open (one event stream each, and a few connections while a
// page loads).
const maxConns = 4096

// defaultConnLimits are the bounds of a preview server. The time bounds
// are far above what a browser on the same machine, or on the local
// network with --bind, ever needs: a 100 MB file (the largest a site may
// hold, by default) takes seconds even over slow Wi-Fi.
func defaultConnLimits() connLimits {
	return connLimits{
		max:         connsFor(openFileLimit()),
		readHeader:  10 * time.Second,
		idle:        60 * time.Second,
		write:       5 * time.Minute,
		headerBytes: 64 << 10, // localhost's cookies, shared by every port, included
		ping:        20 * time.Second,
	}
}

// connsFor is how many connections the preview holds at once when the
// process may open limit files (0: no limit known). A connection takes a
// descriptor, and another while it streams a copied file; a quarter of
// the limit leaves half of it to the rest: the builds, and the watcher,
// which takes one per folder where it uses kqueue (macOS, the BSDs).
// (Go raises the soft limit to the hard one at start, since Go 1.19: the
// limit read is already the highest the process can have.)
func connsFor(limit int) int {
	if limit <= 0 {
		return maxConns
	}
	return min(max(limit/4, 16), maxConns)
}

// Serve answers HTTP requests on ln, within the bounds of connLimits,
// until ctx ends; then it ends the event streams and lets the requests
// under way finish for a few seconds. It returns nil once stopped so, or
// the error that stopped it sooner.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.conns.readHeader,
		IdleTimeout:       s.conns.idle,
		WriteTimeout:      s.conns.write,
		MaxHeaderBytes:    s.conns.headerBytes,
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(netutil.LimitListener(ln, s.conns.max)) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	s.Close() // ends the event streams, so that Shutdown need not wait for them
	wait, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := hs.Shutdown(wait); err != nil {
		hs.Close() // a download under way for longer
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

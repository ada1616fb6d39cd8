package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event is one message to the browsers, sent as Server-Sent Events data.
type event struct {
	Type string `json:"type"` // "hello", "change" or "error"
	// Server identifies this server process: a browser that reconnects to a
	// different one reloads, since the site may have changed meanwhile.
	Server string `json:"server,omitempty"`
	// Reload lists the pages (URL paths) to reload; "*" means every page.
	Reload []string `json:"reload,omitempty"`
	// Charts lists the pages whose charts alone changed: they update in place.
	Charts []string `json:"charts,omitempty"`
	// Error is the build error, as the terminal prints it ("" when none).
	Error string `json:"error,omitempty"`
}

// hub fans events out to the connected browsers.
type hub struct {
	mu      sync.Mutex
	clients map[chan []byte]bool
}

func newHub() *hub { return &hub{clients: map[chan []byte]bool{}} }

// subscribe adds a client whose channel holds up to n events unread.
func (h *hub) subscribe(n int) chan []byte {
	c := make(chan []byte, n)
	h.mu.Lock()
	h.clients[c] = true
	h.mu.Unlock()
	return c
}

func (h *hub) broadcast(e event) {
	b, _ := json.Marshal(e)
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		select {
		case c <- b:
		default: // a browser that does not read is dropped rather than waited for
			delete(h.clients, c)
			close(c)
		}
	}
}

// Clients is the number of browsers connected to the event stream: one per
// open page of the preview.
func (s *Server) Clients() int {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return len(s.hub.clients)
}

// serveEvents streams events to one browser until it goes or ctx ends.
// The stream outlives the server's bound on writing one response: each
// event renews it, so that only a browser that stops reading is dropped.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	if _, ok := w.(http.Flusher); !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	rc := http.NewResponseController(w)
	// send writes one message and reports whether it went out.
	send := func(format string, args ...any) bool {
		// Not every ResponseWriter has deadlines (a test's recorder): the
		// error that says so is not the stream's.
		rc.SetWriteDeadline(time.Now().Add(s.conns.write))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	c := s.hub.subscribe(16)
	s.state.notify() // Clients changed
	defer func() {
		s.hub.mu.Lock()
		if s.hub.clients[c] {
			delete(s.hub.clients, c)
			close(c)
		}
		s.hub.mu.Unlock()
		s.state.notify()
	}()
	hello, _ := json.Marshal(event{Type: "hello", Server: s.id, Error: s.currentError()})
	if !send("retry: 500\ndata: %s\n\n", hello) {
		return
	}
	ping := time.NewTicker(s.conns.ping)
	defer ping.Stop()
	for {
		select {
		case b, ok := <-c:
			if !ok || !send("data: %s\n\n", b) {
				return
			}
		case <-ping.C:
			if !send(": ping\n\n") {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
}

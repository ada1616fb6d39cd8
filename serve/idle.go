package serve

import "sync"

// watchState tells waiters when the server's state changes and when it is
// idle, so that they wait on that instead of sleeping and looking again:
// the tests, and a preview that wants to act once a save is built.
type watchState struct {
	mu      sync.Mutex
	busy    bool
	idle    chan struct{} // closed while idle, open while busy
	changed chan struct{} // closed at the next change, then replaced
}

// newWatchState is idle: nothing watched yet, so nothing pending.
func newWatchState() *watchState {
	idle := make(chan struct{})
	close(idle)
	return &watchState{idle: idle, changed: make(chan struct{})}
}

// setBusy notes that the watcher took a change (busy) or has nothing left
// to do (not busy), and tells the waiters if that is news.
func (w *watchState) setBusy(busy bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if busy == w.busy {
		return
	}
	w.busy = busy
	if busy {
		w.idle = make(chan struct{})
	} else {
		close(w.idle)
	}
	w.notifyLocked()
}

// notify tells the waiters that something they may look at changed: a build
// ended, an error was shown, a build was put off, a browser came or went.
func (w *watchState) notify() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.notifyLocked()
}

func (w *watchState) notifyLocked() {
	close(w.changed)
	w.changed = make(chan struct{})
}

// Idle returns a channel that is closed once the server is idle: the
// watcher has no change pending, no build running and none held back
// (a file that may be half written, an error not yet shown). Take it
// after the change waited for was seen (its page served, say): a change
// the watcher has not been told of yet does not make it busy.
func (s *Server) Idle() <-chan struct{} {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	return s.state.idle
}

// Changed returns a channel that is closed at the server's next change of
// state: a build ended (well or not), an error was shown, a build was put
// off, the server became busy or idle, or a browser's event stream opened
// or closed (Clients). Take it before looking at the
// state, then wait on it, so that no change is missed.
func (s *Server) Changed() <-chan struct{} {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	return s.state.changed
}

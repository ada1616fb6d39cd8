package serve

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Settling: a save is built as soon as the file system has been quiet for
// quiet (editors write a file in one to three quick steps); a burst of many
// events, such as a git checkout, waits for a longer pause so that it
// becomes one rebuild; nothing waits longer than maxWait.
//
// A build that fails is not shown at once: the files may be half written (a
// save in two steps, a script appending rows). Its error is shown once the
// files have been quiet for errorQuiet with no good build since; a write
// that completes the file before then builds, and no error flashes. Nor is
// a file that was just written and is empty built before errorQuiet (a save
// that truncates, then writes). A good build still shows after quiet alone.
const (
	quiet      = 3 * time.Millisecond
	errorQuiet = 100 * time.Millisecond
	burstQuiet = 60 * time.Millisecond
	burst      = 32
	maxWait    = 2 * time.Second
)

// watched are the parts of a site folder that make up the site.
var watched = []string{"content", "data", "static", "themes"}

// Watching is closed once Watch watches every folder of the site: a change
// made after that is seen.
func (s *Server) Watching() <-chan struct{} { return s.watching }

// Watch rebuilds the site whenever its files change, until ctx ends.
func (s *Server) Watch(ctx context.Context) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	root := s.opts.Source
	if err := w.Add(root); err != nil {
		return err
	}
	for _, d := range watched {
		addTree(w, filepath.Join(root, d))
	}
	// fsnotify reports some errors while it holds the lock that Add and
	// Remove take (the kernel refusing to drop the watch of a folder
	// moved out of the site and deleted at once), and waits until the
	// error is read: read them always, or note, which adds and removes
	// watches, and fsnotify wait for each other for ever.
	go func() {
		for err := range w.Errors {
			if !errors.Is(err, syscall.EINVAL) { // a watch the kernel dropped already
				s.logf("watch: %v\n", err)
			}
		}
	}()
	s.watchingOnce.Do(func() { close(s.watching) })
	changed := map[string]bool{}
	var lastChange time.Time
	note := func(ev fsnotify.Event) {
		rel, ok := s.relevant(ev.Name)
		if !ok {
			return
		}
		lastChange = time.Now()
		if ev.Has(fsnotify.Create) {
			if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
				addTree(w, ev.Name) // a folder made (or moved in) after the start
			}
		}
		if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
			w.Remove(ev.Name) // no-op unless it was a watched folder
		}
		changed[rel] = true
	}
	// hold fires once the files have been quiet for errorQuiet, when a
	// build put off (held is heldBuild) or a failed build's error (held is
	// heldError) is to wait for that; later is its channel then, nil
	// otherwise.
	hold := time.NewTimer(time.Hour)
	hold.Stop()
	defer hold.Stop()
	var later <-chan time.Time
	var held holding
	waitQuiet := func(what holding) {
		hold.Reset(max(s.errorQuiet-time.Since(lastChange), quiet))
		later, held = hold.C, what
	}
	defer s.state.setBusy(false)
	for {
		if len(changed) == 0 && later == nil {
			s.state.setBusy(false)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-later:
			later = nil
			if held == heldError {
				s.announceError()
				continue
			}
			// The put-off build: the files are quiet now.
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			s.state.setBusy(true)
			note(ev)
			if !s.settle(ctx, w, note) {
				return nil
			}
		}
		if len(changed) == 0 {
			continue
		}
		if time.Since(lastChange) < s.errorQuiet && s.anyEmpty(changed) {
			// A file that was just written and is empty is most likely a
			// save that has truncated it and not yet written the text:
			// building it would show an empty page (and redraw the
			// charts) for a moment.
			s.mu.Lock()
			s.putOff++
			s.mu.Unlock()
			s.state.notify()
			waitQuiet(heldBuild)
			continue
		}
		list := slices.Collect(maps.Keys(changed))
		clear(changed)
		if s.rebuild(list, false) {
			hold.Stop()
			later = nil
			continue
		}
		// Events that came during the build are waiting, and are taken
		// before the timer fires: the error is shown only if none of them
		// brings a good build.
		waitQuiet(heldError)
	}
}

// holding is what Watch waits for quiet files for.
type holding int

const (
	heldError holding = iota // to show a failed build's error
	heldBuild                // to build files that may be half written
)

// settle takes the events that follow the first one until the files have
// been quiet for quiet (or burstQuiet in a burst, at most maxWait in all),
// so that they become one rebuild. It reports false when ctx ended or the
// watcher closed.
func (s *Server) settle(ctx context.Context, w *fsnotify.Watcher, note func(fsnotify.Event)) bool {
	n, start, wait := 1, time.Now(), quiet
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case ev, ok := <-w.Events:
			if !ok {
				return false
			}
			note(ev)
			n++
			wait = quiet
			if n >= burst {
				wait = burstQuiet
			}
			if time.Since(start) > maxWait {
				wait = 0
			}
			timer.Reset(wait)
		case <-timer.C:
			if s.settled != nil {
				s.settled(n, wait)
			}
			return true
		}
	}
}

// anyEmpty reports whether one of the changed files (site-relative) is an
// empty regular file.
func (s *Server) anyEmpty(changed map[string]bool) bool {
	for rel := range changed {
		fi, err := os.Stat(filepath.Join(s.opts.Source, filepath.FromSlash(rel)))
		if err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
			return true
		}
	}
	return false
}

// relevant maps an event's path to a site-relative path, and says whether it
// can change the site: scalesite.yaml and what is under content/, data/,
// static/ and themes/, but not editors' swap and backup files.
func (s *Server) relevant(name string) (string, bool) {
	rel, err := filepath.Rel(s.opts.Source, name)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if rel == "scalesite.yaml" {
		return rel, true
	}
	top, _, _ := strings.Cut(rel, "/")
	if !slices.Contains(watched, top) {
		return "", false
	}
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") ||
		strings.HasSuffix(base, ".swx") || strings.HasSuffix(base, ".tmp") || base == "4913" {
		return "", false
	}
	return rel, true
}

// addTree watches dir and every folder under it (skipping hidden ones).
func addTree(w *fsnotify.Watcher, dir string) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return nil
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			w.Add(p)
		}
		return nil
	})
}

package serve

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Settling: a save is built as soon as the file system has been quiet for
// quiet (editors write a file in one to three quick steps); a burst of many
// events, such as a git checkout, waits for a longer pause so that it
// becomes one rebuild; nothing waits longer than maxWait.
const (
	quiet      = 3 * time.Millisecond
	burstQuiet = 60 * time.Millisecond
	burst      = 32
	maxWait    = 2 * time.Second
)

// watched are the parts of a site folder that make up the site.
var watched = []string{"content", "data", "static", "themes"}

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
	changed := map[string]bool{}
	note := func(ev fsnotify.Event) {
		rel, ok := s.relevant(ev.Name)
		if !ok {
			return
		}
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
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.Errors:
			s.logf("watch: %v\n", err)
			continue
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			note(ev)
		}
		// Settle, then build everything seen so far in one go.
		n, start := 1, time.Now()
		timer := time.NewTimer(quiet)
	settle:
		for {
			select {
			case <-ctx.Done():
				timer.Stop()
				return nil
			case ev := <-w.Events:
				note(ev)
				n++
				wait := quiet
				if n >= burst {
					wait = burstQuiet
				}
				if time.Since(start) > maxWait {
					wait = 0
				}
				timer.Reset(wait)
			case <-timer.C:
				break settle
			}
		}
		if len(changed) == 0 {
			continue
		}
		list := make([]string, 0, len(changed))
		for f := range changed {
			list = append(list, f)
		}
		clear(changed)
		s.Rebuild(list)
	}
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

package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/scalesite/scalesite/diag"
)

// A Writer's temporary folders sit beside the destination, named
// ".DEST.new-PID-RAND": new/ in it holds the files written, old/ the files
// a commit moved aside, and a journal the commit's plan while it runs
// (journal.go). A build that is killed (SIGKILL, a power cut) cannot
// remove its folder; the next build of the same destination undoes its
// commit if it was committing, and removes the folder, through
// recoverStale.

// tempPrefix is the start of the name of every temporary folder of dest.
func tempPrefix(dest string) string {
	return "." + filepath.Base(dest) + ".new-"
}

// processStart is when this process started (well, when this package was
// initialized). It is set once and never changed: a temporary folder named
// with this process's id but last modified before it started was left by an
// earlier process that had the same id.
var processStart = time.Now()

// recoverStale undoes the commits that killed builds of dest (a real path;
// name is the caller's name for it) left half-done, and removes the
// temporary folders they left, returning notes that say what it did for
// the user. The caller holds dest's lock. It takes only folders (never a
// file or a symbolic link) in dest's parent whose name is exactly of a
// Writer's form for this destination, and, unless the folder holds a
// journal, only those whose process is gone: a build of an earlier
// version, which takes no lock, may be running.
// Names of the form of earlier versions (".DEST.new-RAND", without a
// process id, and ".old" folders) are taken too. A folder it cannot remove
// is left for the next build. A folder whose old/ holds a file that no
// whole journal of dest names as moved aside by its commit (so not
// provably scalesite's) is not removed but renamed out of the way (see
// keepFolder), and the build goes on. Only when a commit cannot be undone
// does it return an error, and the build must not go on, for its old
// files are in that folder.
func recoverStale(fsys fileSystem, name, dest string) (notes []string, err error) {
	dest = filepath.Clean(dest)
	parent := filepath.Dir(dest)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil, nil
	}
	pattern := staleName(filepath.Base(dest))
	for _, e := range entries {
		m := pattern.FindStringSubmatch(e.Name())
		if m == nil || e.Type() != os.ModeDir { // a folder, not a link to one
			continue
		}
		p := filepath.Join(parent, e.Name())
		// A folder with a journal is of a Writer of this version, which
		// held the lock the caller holds now: it is done, whatever its
		// process (this one, after a commit that could not be undone).
		var proven *plan // the plan whose files in old/ are scalesite's
		switch {
		case exists(filepath.Join(p, journalName)):
			pl, note, err := recoverJournal(fsys, name, dest, p)
			if err != nil {
				return notes, err
			}
			proven = pl
			notes = append(notes, note)
		case exists(filepath.Join(p, journalDone)):
			// The commit was done: old/ holds the files it replaced.
			if b, err := os.ReadFile(filepath.Join(p, journalDone)); err == nil {
				if jdest, pl, err := decodeJournal(b); err == nil && jdest == dest {
					proven = pl
					removeEmptied(dest, pl)
				}
			}
		case m[1] != "":
			pid, err := strconv.Atoi(m[1])
			if err != nil || pid <= 0 || inUse(p, pid) {
				continue
			}
		}
		if unproven := filesNotIn(filepath.Join(p, "old"), proven); unproven != "" {
			if kept, err := keepFolder(p); err == nil {
				notes = append(notes, fmt.Sprintf("an earlier build of %s left files in its temporary folder that scalesite cannot prove are its own (%s, say): they are kept in %s, and the build goes on; look at them, and delete that folder when they are not needed",
					diag.Quote(name), diag.Quote(unproven), strconv.Quote(kept))) // whole: the user goes there
			}
			continue
		}
		os.RemoveAll(p)
	}
	return notes, nil
}

// filesNotIn returns the first thing in the folder old (a file, a link)
// that is not a folder and that pl does not name as moved aside; "" when
// there is none (or no folder old). pl nil names nothing.
func filesNotIn(old string, pl *plan) string {
	named := map[string]bool{}
	if pl != nil {
		for _, p := range pl.aside {
			named[p] = true
		}
	}
	var found string
	filepath.WalkDir(old, func(q string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(old, q)
		if rel = filepath.ToSlash(rel); !named[rel] {
			found = rel
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// keepFolder renames the temporary folder p, which holds files scalesite
// cannot prove are its own, to ".DEST.kept-…", a name no build takes, and
// returns that name.
func keepFolder(p string) (string, error) {
	base := filepath.Base(p)
	i := strings.LastIndex(base, ".new-") // the last: DEST itself may hold ".new-"
	kept := filepath.Join(filepath.Dir(p), base[:i]+".kept-"+base[i+len(".new-"):])
	if err := os.Rename(p, kept); err != nil {
		return "", err
	}
	return kept, nil
}

// staleName matches the names of the temporary folders of an output folder
// named base: ".BASE.new-PID-RAND" or ".BASE.new-RAND", each with an
// optional ".old". The process id, if any, is the first group.
func staleName(base string) *regexp.Regexp {
	return regexp.MustCompile(`^\.` + regexp.QuoteMeta(base) + `\.new-(?:([0-9]{1,10})-)?[0-9]{1,20}(?:\.old)?$`)
}

// inUse reports whether the temporary folder p, named with process id pid,
// may still belong to a running build.
func inUse(p string, pid int) bool {
	if pid != os.Getpid() {
		return alive(pid)
	}
	// Named with this process's id: a Writer of this process, unless it
	// predates the process (an earlier one had the same id, as happens in
	// containers). Two seconds of margin for coarse file times.
	fi, err := os.Lstat(p)
	return err != nil || !fi.ModTime().Before(processStart.Add(-2*time.Second))
}

// alive reports whether a process with the given id exists.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false // Windows: no such process
	}
	defer p.Release()
	if runtime.GOOS == "windows" {
		return true // FindProcess opened it
	}
	// Signal 0 checks for the process without signalling it; EPERM means
	// it exists but belongs to another user.
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

package output

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

// A Writer's temporary folders sit beside the destination: the new version
// is written into ".DEST.new-PID-RAND" and the old one moved to
// ".DEST.new-PID-RAND.old" during the swap. A build that is killed (SIGKILL,
// a power cut) cannot remove them; the next build of the same destination
// does, through removeStale.

// tempPrefix is the start of the name of every temporary folder of dest.
func tempPrefix(dest string) string {
	return "." + filepath.Base(dest) + ".new-"
}

// processStart is when this process started (well, when this package was
// initialized). It is set once and never changed: a temporary folder named
// with this process's id but last modified before it started was left by an
// earlier process that had the same id.
var processStart = time.Now()

// removeStale removes the temporary folders that earlier builds of dest left
// behind, and returns their paths. It takes only folders (never a file or a
// symbolic link) in dest's parent whose name is exactly of a Writer's form
// for this destination, and only those whose process is gone: another build
// of the same folder may be running. Names of the form of earlier versions
// (".DEST.new-RAND", without a process id) are taken too. Whatever it cannot
// remove is left for the next build; a build never fails for it.
func removeStale(dest string) []string {
	dest = filepath.Clean(dest)
	parent := filepath.Dir(dest)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil
	}
	name := staleName(filepath.Base(dest))
	var removed []string
	for _, e := range entries {
		m := name.FindStringSubmatch(e.Name())
		if m == nil || e.Type() != os.ModeDir { // a folder, not a link to one
			continue
		}
		p := filepath.Join(parent, e.Name())
		if m[1] != "" {
			pid, err := strconv.Atoi(m[1])
			if err != nil || pid <= 0 || inUse(p, pid) {
				continue
			}
		}
		if os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
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

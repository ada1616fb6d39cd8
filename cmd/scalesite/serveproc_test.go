//go:build linux

package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// serveVMLimitKB is the address space `scalesite serve` gets in these tests
// (ulimit -v, in KiB), as the bad-input corpus gives `scalesite build`: a
// preview that would take the machine's memory fails fast instead.
const serveVMLimitKB = 4 << 20

// serveProcess is `scalesite serve` run as a person runs it: a process of
// its own, on a free port of 127.0.0.1.
type serveProcess struct {
	cmd    *exec.Cmd
	url    string // "http://127.0.0.1:PORT/"
	stderr *lineLog
	exited chan struct{} // closed once it has exited
}

// startServe starts `scalesite serve` on the site dir, with env added to
// its environment, and returns once it says where it serves. It is
// stopped when the test ends.
func startServe(t *testing.T, bin, dir string, env ...string) *serveProcess {
	t.Helper()
	p, err := launchServe(bin, dir, env...)
	if p != nil {
		t.Cleanup(p.stop)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// launchServe is startServe, for a caller that stops the process itself.
// On an error other than one starting it, p is the process, to stop.
func launchServe(bin, dir string, env ...string) (p *serveProcess, err error) {
	cmd := exec.Command("sh", "-c", "ulimit -v "+strconv.Itoa(serveVMLimitKB)+` && exec "$0" "$@"`,
		bin, "serve", "--source", dir, "--port", "0")
	cmd.Env = append(os.Environ(), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p = &serveProcess{cmd: cmd, stderr: newLineLog(), exited: make(chan struct{})}
	out := newLineLog()
	var reading sync.WaitGroup
	reading.Add(2)
	go func() { defer reading.Done(); out.readFrom(stdout) }()
	go func() { defer reading.Done(); p.stderr.readFrom(errPipe) }()
	go func() {
		reading.Wait() // Wait closes the pipes: read them to the end first
		cmd.Wait()
		close(p.exited)
	}()
	for i := 0; ; i++ {
		line, ok := out.wait(i)
		if !ok {
			return p, fmt.Errorf("scalesite serve said nowhere it serves; stderr:\n%s", p.stderr.tail(40))
		}
		if _, rest, found := strings.Cut(line, " at http://"); found {
			p.url = "http://" + strings.TrimSuffix(rest, " (Ctrl-C to stop)")
			return p, nil
		}
	}
}

// stop interrupts the process as Ctrl-C does and waits for it to exit:
// one that never does is a failure the test binary's -timeout reports,
// with every goroutine's stack.
func (p *serveProcess) stop() {
	p.cmd.Process.Signal(syscall.SIGINT)
	<-p.exited
}

// running reports whether the process has not exited.
func (p *serveProcess) running() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// peakRSS is the most memory the process has had resident (VmHWM), in
// bytes. It fails once the process has ended (a zombie has no memory).
func (p *serveProcess) peakRSS() (int64, error) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("the process has ended: /proc/%d/status has no VmHWM", p.cmd.Process.Pid)
}

// lastWords is what the process printed last: from its crash's message
// when it crashed (not the goroutines' stacks that follow it).
func (p *serveProcess) lastWords() string {
	p.stderr.mu.Lock()
	lines := slices.Clone(p.stderr.lines)
	p.stderr.mu.Unlock()
	for i, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "runtime: ") {
			return strings.Join(lines[i:min(i+12, len(lines))], "\n")
		}
	}
	return strings.Join(lines[max(0, len(lines)-20):], "\n")
}

// lineLog keeps the lines a process writes, however many, so that the
// process never waits on a test that reads them late.
type lineLog struct {
	mu    sync.Mutex
	lines []string
	ended bool
	more  chan struct{} // a value when a line was added or the output ended
}

func newLineLog() *lineLog { return &lineLog{more: make(chan struct{}, 1)} }

// readFrom keeps the lines of r until it ends.
func (l *lineLog) readFrom(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		s, err := br.ReadString('\n')
		l.mu.Lock()
		if s != "" {
			l.lines = append(l.lines, strings.TrimSuffix(s, "\n"))
		}
		l.ended = err != nil
		l.mu.Unlock()
		select {
		case l.more <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// line returns the i-th line (from 0), waiting for it at most timeout;
// ok is false when the output ended or the time passed first.
func (l *lineLog) line(i int, timeout time.Duration) (string, bool) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	return l.lineBy(i, deadline.C)
}

// wait returns the i-th line (from 0) once it is written; ok is false when
// the output ended first.
func (l *lineLog) wait(i int) (string, bool) { return l.lineBy(i, nil) }

// lineBy returns the i-th line once it is written; ok is false when the
// output ended or stop fired first (a nil stop never fires).
func (l *lineLog) lineBy(i int, stop <-chan time.Time) (string, bool) {
	for {
		l.mu.Lock()
		n, ended := len(l.lines), l.ended
		var s string
		if i < n {
			s = l.lines[i]
		}
		l.mu.Unlock()
		switch {
		case i < n:
			return s, true
		case ended:
			return "", false
		}
		select {
		case <-l.more:
		case <-stop:
			return "", false
		}
	}
}

// tail is the last n lines, for a failure message.
func (l *lineLog) tail(n int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines[max(0, len(l.lines)-n):], "\n")
}

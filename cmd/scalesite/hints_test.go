package main

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHugoHabits: what people type from Hugo's command line works, or says
// what to type instead.
func TestHugoHabits(t *testing.T) {
	dir := site(t, map[string]string{
		"content/index.md": "Home.\n",
		"content/wip.md":   "---\ntitle: Work in progress\ndraft: true\n---\nNot yet.\n",
	})
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // in stdout
		stderr string // in stderr ("" for none)
	}{
		{"server is serve", []string{"server", "--help"}, 0, "Usage: scalesite serve", ""},
		{"-D in build's help", []string{"build", "--help"}, 0, "-D \n\tshort for --drafts", ""},
		{"-D in serve's help", []string{"serve", "--help"}, 0, "-D \n\tshort for --drafts", ""},
		{"-D in check's help", []string{"check", "--help"}, 0, "-D \n\tshort for --drafts", ""},
		{"--baseURL", []string{"build", "--source", dir, "--baseURL", "https://x.org/"}, 2, "",
			"flag provided but not defined: -baseURL — did you mean --base-url?\nUsage: scalesite build"},
		{"-baseurl", []string{"build", "-baseurl", "https://x.org/"}, 2, "", "did you mean --base-url?"},
		{"--buildDrafts", []string{"build", "--buildDrafts"}, 2, "", "flag provided but not defined: -buildDrafts — did you mean --drafts?"},
		{"--destination", []string{"build", "--destination", "out"}, 2, "", "did you mean --dest?"},
		{"--destination to check, which has none", []string{"check", "--destination", "out"}, 2, "", "flag provided but not defined: -destination\nUsage: scalesite check"},
		{"a misspelled flag", []string{"serve", "--prot", "1"}, 2, "", "flag provided but not defined: -prot — did you mean --port?"},
		{"nothing like it", []string{"build", "--navigateToChanged"}, 2, "", "flag provided but not defined: -navigateToChanged\nUsage: scalesite build"},
		{"a bad value keeps its message", []string{"serve", "--port", "x"}, 2, "", `invalid value "x" for flag -port`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args...)
			if code != tc.code {
				t.Errorf("%q: exit %d, want %d; stderr:\n%s", tc.args, code, tc.code, stderr)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("%q: stdout lacks %q:\n%s", tc.args, tc.stdout, stdout)
			}
			if tc.stderr == "" && stderr != "" || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("%q: stderr %q, want it to contain %q", tc.args, stderr, tc.stderr)
			}
		})
	}

	// -D builds the drafts.
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runCmd("build", "--source", dir, "--dest", out, "-D"); code != 0 {
		t.Fatalf("build -D: exit %d; stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "wip", "index.html")); err != nil {
		t.Errorf("build -D left the draft out: %v", err)
	}
	if code, _, stderr := runCmd("build", "--source", dir, "--dest", out); code != 0 {
		t.Fatalf("build: exit %d; stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "wip", "index.html")); err == nil {
		t.Errorf("build without -D published the draft")
	}
}

// TestServeBusyPort: the default port, taken, gives way to the next free
// one, and serve says so; a port asked for does not.
func TestServeBusyPort(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	port := busy.Addr().(*net.TCPAddr).Port

	var stderr bytes.Buffer
	ln, err := listen("127.0.0.1", port, true, &stderr)
	if err != nil {
		t.Fatalf("the next free port after a busy default: %v", err)
	}
	got := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	if got <= port || got > port+portTries {
		t.Errorf("serving on port %d, want one of the %d after %d", got, portTries, port)
	}
	if want := "port " + strconv.Itoa(port) + " is in use: serving on port " + strconv.Itoa(got) + " instead"; !strings.Contains(stderr.String(), want) {
		t.Errorf("serve said %q, want %q", stderr.String(), want)
	}

	stderr.Reset()
	if ln, err := listen("127.0.0.1", port, false, &stderr); err == nil {
		ln.Close()
		t.Errorf("a port asked for (--port %d) and in use was replaced by %s", port, ln.Addr())
	} else if !strings.Contains(err.Error(), "--port") {
		t.Errorf("error %q does not say how to choose another port", err)
	}
}

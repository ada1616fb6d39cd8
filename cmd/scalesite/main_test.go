package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/serve"
)

// site writes a small site into a new folder and returns it.
func site(t *testing.T, files map[string]string) string {
	t.Helper()
	return sitetest.New(t, files)
}

var good = map[string]string{
	"scalesite.yaml":   "title: Test\nbaseURL: https://u.github.io/repo/\n",
	"content/index.md": "Home.\n",
	"content/runs.md": "---\ntitle: Runs\n---\n```chart\ndata: runs.csv\nx: flops\ny: loss\nseries: model\n```\n\n" +
		"```chart\ndata: |\n  a,b\n  1,2\nx: a\ny: b\n```\n",
	"content/runs.csv": "model,flops,loss\na,1,3\na,2,2\nb,1,\n", // one missing value
	"content/other.md": "Other.\n",
}

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestBuild(t *testing.T) {
	dir := site(t, good)
	out := filepath.Join(t.TempDir(), "out")
	tests := []struct {
		name string
		args []string
		dest string
	}{
		{"long flags", []string{"build", "--source", dir, "--dest", out}, out},
		{"short flags", []string{"build", "-s", dir, "-d", out}, out},
		{"default dest", []string{"build", "--source", dir}, filepath.Join(dir, "public")},
		{"base URL flag", []string{"build", "--source", dir, "--dest", out, "--base-url", "https://x.github.io/elsewhere/"}, out},
	}
	summary := regexp.MustCompile(`^built 3 pages, 2 charts, 3 data points in \d+ ms → (.+)\n$`)
	// The build prints the warnings check prints, the same lines.
	_, _, checkWarn := runCmd("check", "--source", dir)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args...)
			if code != 0 {
				t.Fatalf("exit %d, want 0; stderr:\n%s", code, stderr)
			}
			m := summary.FindStringSubmatch(stdout)
			if m == nil {
				t.Fatalf("stdout = %q, want %s", stdout, summary)
			}
			if m[1] != tc.dest {
				t.Errorf("summary names %s, want %s", m[1], tc.dest)
			}
			if _, err := os.Stat(filepath.Join(tc.dest, "runs", "index.html")); err != nil {
				t.Errorf("the site was not written to %s: %v", tc.dest, err)
			}
			wantWarn := "warning[missing-values]: content/runs.csv:4: 1 row left out of the chart at content/runs.md:5:1 because of missing values (blank or NA) on line 4\n"
			if !strings.Contains(stderr, wantWarn) {
				t.Errorf("stderr = %q, want the missing-value warning %q", stderr, wantWarn)
			}
			// The warning about the base URL's sub-path quotes it: --base-url
			// gives another.
			if withoutRobots(stderr) != withoutRobots(checkWarn) {
				t.Errorf("build's warnings differ from check's:\nbuild: %s\ncheck: %s", stderr, checkWarn)
			}
		})
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `href="/elsewhere/`) {
		t.Errorf("after --base-url https://x.github.io/elsewhere/, index.html has no link under /elsewhere/")
	}
}

// withoutRobots is stderr without the robots-sub-path warning.
func withoutRobots(stderr string) string {
	var b strings.Builder
	for line := range strings.Lines(stderr) {
		if !strings.HasPrefix(line, "warning[robots-sub-path]: ") {
			b.WriteString(line)
		}
	}
	return b.String()
}

func TestBuildSingular(t *testing.T) {
	dir := site(t, map[string]string{"content/one.md": "```chart\ndata: |\n  a,b\n  1,2\nx: a\ny: b\n```\n"})
	code, stdout, stderr := runCmd("build", "--source", dir, "--dest", filepath.Join(dir, "out"))
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	if !regexp.MustCompile(`^built 1 page, 1 chart, 1 data point in \d+ ms → `).MatchString(stdout) {
		t.Errorf("stdout = %q, want \"built 1 page, 1 chart, 1 data point in N ms → ...\"", stdout)
	}
}

func TestBuildErrors(t *testing.T) {
	files := map[string]string{}
	for k, v := range good {
		files[k] = v
	}
	files["content/runs.md"] = "---\ntitle: Runs\n---\n```chart\ndata: runs.csv\nx: flops\ny: loss\nserie: model\n```\n\n" +
		"```chart\ndata: runs.csv\nx: flop\ny: loss\n```\n"
	files["content/other.md"] = "---\ntitel: Other\n---\n"
	dir := site(t, files)
	out := filepath.Join(t.TempDir(), "public")
	if code, _, stderr := runCmd("build", "-s", site(t, good), "-d", out); code != 0 {
		t.Fatalf("building the good site: exit %d\n%s", code, stderr)
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))

	code, stdout, stderr := runCmd("build", "--source", dir, "--dest", out)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if stdout != "" {
		t.Errorf("stdout = %q, want nothing on a failed build", stdout)
	}
	want := `error: content/other.md:2:1: unknown key "titel" in the front matter — did you mean "title"?
error: content/runs.md:8:1: unknown key "serie" — did you mean "series"?
error: content/runs.md:13:4: x column "flop" is not in content/runs.csv (its columns: "model", "flops", "loss") — did you mean "flops"?
build failed: 3 errors; the output folder was not changed
`
	if stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
	if now, _ := os.ReadFile(filepath.Join(out, "index.html")); !bytes.Equal(now, index) || len(index) == 0 {
		t.Errorf("a failed build changed the previous output")
	}
}

func TestBuildBadUsage(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no content folder", []string{"build", "--source", "/nonexistent/site", "--dest", "/nonexistent/out"}, 1,
			"error: /nonexistent/site has no content/ folder"},
		{"unknown flag", []string{"build", "--sauce", "x"}, 2, "flag provided but not defined: -sauce — did you mean --source?\nUsage: scalesite build [flags]"},
		{"stray argument", []string{"build", "site"}, 2, `unexpected argument "site"`},
		{"bad base URL", []string{"build", "--source", site(t, good), "--base-url", "ftp://x/"}, 1,
			`error: --base-url: baseURL "ftp://x/" is not a web address`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr, tc.stderr)
			}
			if strings.HasPrefix(stdout, "built") {
				t.Errorf("stdout = %q on a failed build", stdout)
			}
		})
	}
}

// TestBuildIntoSource checks that --dest naming the site folder is refused
// and the site survives: a build replaces its output folder.
func TestBuildIntoSource(t *testing.T) {
	dir := site(t, good)
	code, _, stderr := runCmd("build", "--source", dir, "--dest", dir)
	if code != 1 || !strings.Contains(stderr, "holds the site itself") {
		t.Errorf("exit %d, stderr %q; want 1 and a message that the output folder holds the site", code, stderr)
	}
	for name, data := range good {
		if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || string(b) != data {
			t.Errorf("%s was changed or lost: %v", name, err)
		}
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"build", "--help"}, []string{"Usage: scalesite build [flags]", "--source folder", "--dest folder", "--base-url URL", "--drafts"}},
		{[]string{"build", "-h"}, []string{"Usage: scalesite build [flags]"}},
		{[]string{"version", "--help"}, []string{"Usage: scalesite version", "ECharts and KaTeX versions"}},
		{[]string{"help"}, []string{"Usage:", "build", "version"}},
		{[]string{"--help"}, []string{"Usage:", "build", "version"}},
		{[]string{"help", "build"}, []string{"Usage: scalesite build [flags]"}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args...)
			if code != 0 {
				t.Errorf("exit %d, want 0", code)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
			if stderr != "" {
				t.Errorf("stderr = %q, want help on stdout only", stderr)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	code, stdout, stderr := runCmd("version")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	// The bundle is generated by `make bundle` and not checked in; a
	// checkout without it reports that instead of a version.
	want := `^scalesite \S+ \(commit \S+\), ECharts 6\.1\.0, KaTeX 0\.16\.\d+\nscalesite is under the MIT License[^\n]*\n(.*\n)*.*Apache License 2\.0.*\n(.*\n)*.*KaTeX \(MIT License\)`
	if _, err := os.Stat("../../themes/default/assets/echarts.min.js"); err != nil {
		want = `^scalesite \S+ \(commit \S+\), ECharts not embedded`
	}
	if !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("version printed %q, want it to match %s", stdout, want)
	}
}

func TestUnknownCommand(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"publish"}, `scalesite: unknown command "publish"`},
		{[]string{"biuld", "--source", "."}, `scalesite: unknown command "biuld" — did you mean "build"?`},
		{[]string{"buld"}, `scalesite: unknown command "buld" — did you mean "build"?`},
		{[]string{"chek"}, `scalesite: unknown command "chek" — did you mean "check"?`},
		{[]string{"serv"}, `scalesite: unknown command "serv" — did you mean "serve"?`},
		{[]string{"publish"}, `scalesite: unknown command "publish"` + "\n"},
		{[]string{"bad\x1b[31m\nerror: x"}, `scalesite: unknown command "bad\x1b[31m\nerror: x"` + "\n"},
		{nil, "Usage:"},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCmd(tc.args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(stderr, tc.stderr) || !strings.Contains(stderr, "Commands:") {
			t.Errorf("%q: stderr = %q, want %q and the list of commands", tc.args, stderr, tc.stderr)
		}
		if stdout != "" {
			t.Errorf("%q: stdout = %q, want nothing", tc.args, stdout)
		}
	}
}

// TestServeCommand runs the preview on a free port, fetches a page and the
// live script over HTTP, and stops it as Ctrl-C would.
func TestServeCommand(t *testing.T) {
	dir := site(t, map[string]string{
		"content/index.md": "Home.\n",
		"content/a.md":     "---\ntitle: A\n---\nAlpha.\n",
	})
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- serveSite(ctx, serve.Options{Source: dir}, "127.0.0.1", 0, false, false, &stdout, &stderr)
	}()
	// wait for the line with the URL (or serve's end): a serve that
	// prints none is a failure the test binary's -timeout reports
	wrote := stdout.changed()
	var url string
	for url == "" {
		if _, rest, ok := strings.Cut(stdout.String(), " at "); ok {
			if u, _, ok := strings.Cut(rest, " "); ok {
				url = u
				break
			}
		}
		select {
		case <-wrote:
		case code := <-done:
			t.Fatalf("serve exited (%d) before it printed its URL; stderr: %s", code, stderr.String())
		}
	}
	for path, want := range map[string]string{"a/": "Alpha.", "__scalesite/live.js": "EventSource"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, want 200 with %q", path, resp.StatusCode, want)
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit code %d after Ctrl-C, want 0; stderr: %s", code, stderr.String())
	}
	var warn syncBuffer
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	serveSite(ctx2, serve.Options{Source: dir}, "0.0.0.0", 0, false, false, io.Discard, &warn)
	if !strings.Contains(warn.String(), "warning: --bind 0.0.0.0") {
		t.Errorf("binding all interfaces printed no warning: %q", warn.String())
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	wrote chan struct{} // a value after a write, once changed made it
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case s.wrote <- struct{}{}:
	default:
	}
	return s.b.Write(p)
}

// changed returns a channel that has a value after a write, for a reader
// that waits for what the writer prints instead of polling.
func (s *syncBuffer) changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wrote == nil {
		s.wrote = make(chan struct{}, 1)
	}
	return s.wrote
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

//go:build unix

package pipeline

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/scalesite/scalesite/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the want and warn sections of testdata/bad/*.txtar from what the build prints")

const (
	// corpusTimeout bounds a case that runs away (a runaway parser):
	// issue 18 promises that every hostile input ends within 60 s with a
	// message, which is far above a build of a tiny site. It bounds the
	// CPU time the command spends, so that a busy machine, which stretches
	// wall time, never trips it; a command that hangs without spending CPU
	// (a named pipe) is killed after hangFactor times the bound. A case
	// may set a tighter one with a timeout directive.
	corpusTimeout = 60 * time.Second
	// hangFactor times a case's bound is the wall time after which its
	// command is killed.
	hangFactor = 5
	// corpusVMLimitKB is the address space a build gets (ulimit -v, in KiB):
	// an input that would take the machine's memory makes the build fail
	// fast instead.
	corpusVMLimitKB = 4 << 20
	// corpusMaxRSS is the most memory a build of a tiny site may use: the
	// build's soft limit (640 MiB) and, since a chart's Scenes are drawn
	// side by side, two theme engines each stopped past the engine's 256
	// MiB (a theme's script allocating without end), with the runtime's
	// slack: 1055 MiB was measured on a quiet 2-core machine.
	corpusMaxRSS = 1280 << 20
	// corpusSecret is in the build's environment and must appear nowhere in
	// what it prints or writes, whatever the case links to
	// (/proc/self/environ).
	corpusSecret = "scalesite-corpus-secret-5f2c91e7"
)

// TestBadInputCorpus builds the base site, then lays each case of
// testdata/bad/ over it and builds again with the real command, in a
// subprocess with bounded memory and time; then it runs `scalesite check`
// on the same site, which reads it through the whole-site loader instead of
// the streaming one, under the same bounds, and wants the same errors. A case whose archive has a want
// section must fail with exactly those problems, leaving the old output
// byte for byte and no temporary folder beside it; one with a warn section
// must succeed with exactly those warnings. Either way the command must not
// panic, must stay under corpusMaxRSS, must print no control character and
// no line a CI runner reads as a command ("::error ..."), and must not
// print or publish corpusSecret or the case's forbid texts.
//
// Run with -update to rewrite the want and warn sections from what the
// command prints (then review the diff).
//
// Directives, besides those corpus.Case.Apply lays over the site:
//
//	forbid TEXT        TEXT must not appear in stdout, stderr or any output file
//	timeout DURATION   a tighter bound on the build than corpusTimeout, for a
//	                   case whose point is time (a quadratic check)
//	command check      run `scalesite check` on the case instead of build, for
//	                   the warnings only check gives (files in static/ that run
//	                   script); want and warn are then what check prints
func TestBadInputCorpus(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "bad", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	base := corpus.Parse(mustRead(t, filepath.Join("testdata", "bad", "_base.txtar")))
	var cases []*corpus.Case
	for _, p := range paths {
		if !strings.HasPrefix(filepath.Base(p), "_") {
			cases = append(cases, loadCase(t, p))
		}
	}
	if len(cases) < 60 {
		t.Errorf("the corpus has %d cases; issue 9 asks for at least 60", len(cases))
	}
	cc := buildBase(t, buildCommand(t), base)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			runCase(t, cc, c)
		})
	}
}

// TestCorpusArchivesRoundTrip checks that writing a case back (as -update
// does) keeps every byte of what it does not rewrite.
func TestCorpusArchivesRoundTrip(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "bad", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, p := range paths {
		data := mustRead(t, p)
		if got := corpus.Parse(data).Format(); !bytes.Equal(got, data) {
			t.Errorf("%s: parsing and writing back changes the file:\n%s", p, got)
		}
	}
}

// loadCase reads testdata/bad/NAME.txtar: a case must have one section,
// want or warn (unless -update is to write it), and is bounded by
// corpusTimeout unless it sets a bound of its own.
func loadCase(t *testing.T, path string) *corpus.Case {
	t.Helper()
	c := corpus.Load(t, path)
	if c.HasWant == c.IsWarn && !*update {
		t.Fatalf("%s: a case needs one section -- want -- (the build fails) or -- warn -- (it succeeds)", path)
	}
	if c.Timeout == 0 {
		c.Timeout = corpusTimeout
	}
	return c
}

// runCase lays case c over the base site, whose output (cc.output) is
// already in place, as a build of the base site would leave it.
func runCase(t *testing.T, cc *corpusCommand, c *corpus.Case) {
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	for _, f := range cc.base.Files {
		writeFile(t, filepath.Join(src, filepath.FromSlash(f.Name)), f.Data)
	}
	if err := os.CopyFS(dest, os.DirFS(cc.output)); err != nil {
		t.Fatalf("copying the base site's output: %v", err)
	}
	before := readTree(t, dest)

	c.Apply(t, src)
	r := runCommand(t, cc, c.Timeout, c.Command, src, dest)
	t.Logf("%s: %s exit %d in %v, peak RSS %d MiB", c.Desc, c.Command, r.code, r.elapsed.Round(time.Millisecond), r.maxRSS>>20)
	stderr := normalize(r.stderr, src, root)

	if r.timedOut {
		t.Errorf("the build did not finish within %v of CPU time (it spent %v, in %v), or was killed", c.Timeout, r.cpu.Round(time.Millisecond), r.elapsed.Round(time.Millisecond))
	}
	crashed := false
	for _, bad := range []string{"panic:", "goroutine ", "fatal error:"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("the build crashed (stderr holds %q):\n%s", bad, excerptText(stderr, 3000))
			crashed = true
			break
		}
	}
	if r.maxRSS >= corpusMaxRSS {
		t.Errorf("the build took %d MiB of memory (limit %d MiB)", r.maxRSS>>20, corpusMaxRSS>>20)
	}
	checkTerminalSafe(t, "stderr", stderr)
	checkTerminalSafe(t, "stdout", r.stdout)

	errs, warns, other := splitStderr(stderr)
	if len(other) > 0 && !r.timedOut && !crashed {
		t.Errorf("stderr has lines that are neither an error, a warning nor the summary (a message that holds a raw line break?):\n%s",
			excerptText(strings.Join(other, "\n"), 2000))
	}
	if c.IsWarn {
		if r.code != 0 {
			t.Errorf("the build failed (exit %d); it must succeed with the warnings:\n%s", r.code, excerptText(stderr, 3000))
		}
		if !slices.Equal(warns, c.Warn) {
			t.Errorf("warnings:\n got: %s\nwant: %s", joinLines(warns), joinLines(c.Warn))
		}
	} else {
		if r.code == 0 {
			t.Errorf("the build succeeded; it must fail")
		}
		if !slices.Equal(errs, c.Want) {
			t.Errorf("errors:\n got: %s\nwant: %s", joinLines(errs), joinLines(c.Want))
		}
	}

	after := readTree(t, dest)
	if !c.IsWarn {
		sameTree(t, before, after)
	}
	checkNoLeftovers(t, root, c)
	for _, text := range append([]string{corpusSecret}, c.Forbid...) {
		checkNotLeaked(t, text, r, after)
	}

	if c.Command == "build" {
		checkCase(t, cc, c, src, root, errs, warns)
		if c.IsWarn && r.code == 0 {
			checkOutputBounded(t, src, after)
			checkFigures(t, cc, c, src, root)
		}
	}

	if *update && !r.timedOut && !crashed {
		succeeded := r.code == 0
		c.Archive.SetSection("want", errs, !succeeded)
		c.Archive.SetSection("warn", warns, succeeded)
		if err := os.WriteFile(c.Path, c.Archive.Format(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkCase runs `scalesite check` on the case's site (src, laid over
// already): it must end in time and memory without a crash, print only safe
// lines, and report the errors the build reported (buildErrs), or succeed
// where the build did and print the warnings it printed (buildWarns): the
// two commands print one list of warnings, and this is its guard.
func checkCase(t *testing.T, cc *corpusCommand, c *corpus.Case, src, root string, buildErrs, buildWarns []string) {
	t.Helper()
	r := cc.run(t, c.Timeout, "check", "--source", src)
	t.Logf("%s: check exit %d in %v, peak RSS %d MiB", c.Desc, r.code, r.elapsed.Round(time.Millisecond), r.maxRSS>>20)
	stderr, ok := checkSecondRun(t, "check", c, r, src, root)
	if !ok {
		return
	}
	errs, warns, other := splitStderr(stderr)
	if len(other) > 0 {
		t.Errorf("check's stderr has lines that are neither an error nor a warning:\n%s", excerptText(strings.Join(other, "\n"), 2000))
	}
	if c.IsWarn {
		if r.code != 0 {
			t.Errorf("check failed (exit %d) where the build succeeded:\n%s", r.code, excerptText(stderr, 3000))
		}
		if !slices.Equal(warns, buildWarns) {
			t.Errorf("check's warnings differ from the build's:\n check: %s\n build: %s", joinLines(warns), joinLines(buildWarns))
		}
		return
	}
	if r.code != 1 {
		t.Errorf("check exited %d where the build failed; it must exit 1", r.code)
	}
	if !slices.Equal(errs, buildErrs) {
		t.Errorf("check's errors differ from the build's:\n check: %s\n build: %s", joinLines(errs), joinLines(buildErrs))
	}
}

// normalize makes what varies from run to run in stderr fixed, so that
// want lines can be exact: the case's temp folder (also when a quoted path
// is cut short inside it) and the process id in a /proc path.
func normalize(stderr, src, root string) string {
	stderr = quotedCut.ReplaceAllStringFunc(stderr, func(q string) string {
		v := strings.TrimSuffix(strings.TrimPrefix(q, `"`), `…"`)
		if strings.HasPrefix(root+string(filepath.Separator), v) || strings.HasPrefix(v, root) {
			return `"$ROOT/…"`
		}
		return q
	})
	stderr = strings.NewReplacer(src, "$SITE", root, "$ROOT").Replace(stderr)
	return procPID.ReplaceAllString(stderr, "/proc/PID/")
}

var (
	quotedCut = regexp.MustCompile(`"[^"\n]*…"`)
	procPID   = regexp.MustCompile(`/proc/[0-9]+/`)
)

// result is what one run of the command did.
type result struct {
	code           int
	stdout, stderr string
	maxRSS         int64 // bytes
	elapsed        time.Duration
	cpu            time.Duration // user and system time
	// timedOut reports that the command spent more CPU time than its
	// bound, or was killed after hangFactor times the bound.
	timedOut bool
}

// runCommand runs `scalesite build` (or command, "check") under an
// address-space limit and a timeout.
func runCommand(t *testing.T, cc *corpusCommand, timeout time.Duration, command, src, dest string) result {
	t.Helper()
	if command == "check" {
		return cc.run(t, timeout, "check", "--source", src)
	}
	return cc.run(t, timeout, "build", "--source", src, "--dest", dest)
}

// run runs the command with args under an address-space limit and a
// bound on its CPU time (timeout; see corpusTimeout).
func (cc *corpusCommand) run(t *testing.T, timeout time.Duration, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangFactor*timeout)
	defer cancel()
	sh := append([]string{"-c", "ulimit -v " + strconv.Itoa(corpusVMLimitKB) + ` && exec "$0" "$@"`, cc.bin}, args...)
	cmd := exec.CommandContext(ctx, "sh", sh...)
	// The figure cache goes into a folder of the test's, never the user's.
	cmd.Env = append(os.Environ(), "SCALESITE_CORPUS_SECRET="+corpusSecret, "XDG_CACHE_HOME="+cc.commandCache(t))
	stdout, stderr := &cappedBuffer{max: 1 << 20}, &cappedBuffer{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	r := result{
		stdout:   stdout.String(),
		stderr:   stderr.String(),
		elapsed:  time.Since(start),
		timedOut: ctx.Err() != nil,
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running %s: %v", cc.bin, err)
	}
	r.code = cmd.ProcessState.ExitCode()
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	r.timedOut = r.timedOut || r.cpu > timeout
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = int64(ru.Maxrss)
		if runtime.GOOS != "darwin" { // Linux and the BSDs count KiB, macOS bytes
			r.maxRSS <<= 10
		}
	}
	return r
}

// cappedBuffer keeps the first max bytes written to it, so a build that
// prints without end cannot exhaust the test.
type cappedBuffer struct {
	bytes.Buffer
	max     int
	dropped int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	keep := min(len(p), max(0, b.max-b.Len()))
	b.Buffer.Write(p[:keep])
	b.dropped += len(p) - keep
	return len(p), nil
}

func (b *cappedBuffer) String() string {
	if b.dropped > 0 {
		return b.Buffer.String() + fmt.Sprintf("\n[%d more bytes]\n", b.dropped)
	}
	return b.Buffer.String()
}

// buildCommand builds cmd/scalesite into a temp folder, with the ECharts
// bundle embedded as `make build` does. It skips the test under -short:
// `make test-fast` compiles no command.
func buildCommand(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles cmd/scalesite (-short)")
	}
	moduleRoot, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(moduleRoot, "themes", "default", "assets", "echarts.min.js")); err != nil {
		t.Fatalf("the ECharts bundle is missing (%v): run `make bundle` first", err)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "scalesite")
	cmd := exec.Command(goCmd, "build", "-o", bin, "./cmd/scalesite")
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// splitStderr sorts the command's stderr lines into problems (without
// "error: "), warnings (without "warning", "warning[NAME]: " kept as
// "[NAME] ") and lines that are neither nor the "build failed" summary.
func splitStderr(stderr string) (errs, warns, other []string) {
	for line := range strings.Lines(stderr) {
		line = strings.TrimSuffix(line, "\n")
		if e, ok := strings.CutPrefix(line, "error: "); ok {
			errs = append(errs, e)
		} else if w, ok := cutWarning(line); ok {
			warns = append(warns, w)
		} else if !strings.HasPrefix(line, "build failed") && !strings.HasPrefix(line, "check failed") {
			other = append(other, line)
		}
	}
	return errs, warns, other
}

// cutWarning cuts "warning" from a warning's line: "warning: MSG" gives
// "MSG", "warning[NAME]: MSG" gives "[NAME] MSG".
func cutWarning(line string) (string, bool) {
	if w, ok := strings.CutPrefix(line, "warning: "); ok {
		return w, true
	}
	w, ok := strings.CutPrefix(line, "warning[")
	if !ok {
		return "", false
	}
	name, msg, ok := strings.Cut(w, "]: ")
	return "[" + name + "] " + msg, ok
}

// checkTerminalSafe checks that text holds no control character but
// newline and tab (an ANSI escape, a NUL, a carriage return that hides a
// line), no line or paragraph separator, no invisible format character (a
// bidi control such as U+202E that prints what follows it reversed, a
// zero-width character) and no line a CI runner would take as a workflow
// command.
func checkTerminalSafe(t *testing.T, name, text string) {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		// The Actions runner trims leading white space before it looks
		// for "::", so an indented line is a command too.
		if strings.HasPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "::") {
			t.Errorf("%s line %d starts with \"::\" (after white space), which GitHub Actions runs as a workflow command: %q", name, i+1, excerptText(line, 200))
		}
		if !utf8.ValidString(line) {
			t.Errorf("%s line %d holds bytes that are not UTF-8 text: %q", name, i+1, excerptText(line, 200))
		}
		for _, r := range line {
			if (r < 0x20 && r != '\t') || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r) {
				t.Errorf("%s line %d holds the character %U: %q", name, i+1, r, excerptText(line, 200))
				break
			}
		}
	}
}

// checkNotLeaked checks that text appears in neither the command's output
// nor the site it wrote.
func checkNotLeaked(t *testing.T, text string, r result, tree map[string][]byte) {
	t.Helper()
	if strings.Contains(r.stdout, text) || strings.Contains(r.stderr, text) {
		t.Errorf("the command printed %q, which comes from outside the site", text)
	}
	for p, b := range tree {
		if bytes.Contains(b, []byte(text)) {
			t.Errorf("the output file %s holds %q, which comes from outside the site", p, text)
		}
	}
}

// readTree reads every file under dir (slash path → bytes). It reads only
// regular files, and reports anything else: an output folder holds no links.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if !d.Type().IsRegular() {
			t.Errorf("the output holds %s, which is not a regular file (%v)", rel, d.Type())
			return nil
		}
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	return files
}

// sameTree checks that a failed build left the output as it was.
func sameTree(t *testing.T, before, after map[string][]byte) {
	t.Helper()
	for p, b := range before {
		a, ok := after[p]
		switch {
		case !ok:
			t.Errorf("the failed build removed %s from the output", p)
		case !bytes.Equal(a, b):
			t.Errorf("the failed build changed %s in the output", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("the failed build added %s to the output", p)
		}
	}
}

// checkNoLeftovers checks that the case's folder holds the site, the
// output and the folders the case made beside them (../NAME), and nothing
// else: no temporary folder of the output writer (.public.new-*).
func checkNoLeftovers(t *testing.T, root string, c *corpus.Case) {
	t.Helper()
	allowed := []string{"public", "site"}
	paths := slices.Collect(maps.Keys(c.Files))
	for _, d := range c.Directives {
		paths = append(paths, d[1])
	}
	for _, p := range paths {
		if rest, ok := strings.CutPrefix(p, "../"); ok {
			if top, _, _ := strings.Cut(rest, "/"); !strings.HasPrefix(top, ".") {
				allowed = append(allowed, top)
			}
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !slices.Contains(allowed, e.Name()) {
			t.Errorf("the build left %s beside the output folder", e.Name())
		}
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// joinLines lists problems for a failure message, each cut to a readable length.
func joinLines(lines []string) string {
	cut := make([]string, len(lines))
	for i, l := range lines {
		cut[i] = excerptText(l, 500)
	}
	return strings.Join(cut, "\n      ")
}

// excerptText cuts s to about n bytes for a failure message.
func excerptText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("… [%d more bytes]", len(s)-n)
}

// checkSecondRun checks a command run on a case's site after its build
// (check, figure): it ended in time and memory without a crash, printed
// only safe lines, and printed neither corpusSecret nor a forbid text. It
// returns stderr normalized, and false when the run cannot be read further.
func checkSecondRun(t *testing.T, name string, c *corpus.Case, r result, src, root string) (string, bool) {
	t.Helper()
	stderr := normalize(r.stderr, src, root)
	if r.timedOut {
		t.Errorf("%s did not finish within %v of CPU time (it spent %v, in %v), or was killed", name, c.Timeout, r.cpu.Round(time.Millisecond), r.elapsed.Round(time.Millisecond))
		return stderr, false
	}
	for _, bad := range []string{"panic:", "goroutine ", "fatal error:"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("%s crashed (stderr holds %q):\n%s", name, bad, excerptText(stderr, 3000))
			return stderr, false
		}
	}
	if r.maxRSS >= corpusMaxRSS {
		t.Errorf("%s took %d MiB of memory (limit %d MiB)", name, r.maxRSS>>20, corpusMaxRSS>>20)
	}
	checkTerminalSafe(t, name+"'s stderr", stderr)
	checkTerminalSafe(t, name+"'s stdout", r.stdout)
	for _, text := range append([]string{corpusSecret}, c.Forbid...) {
		if strings.Contains(r.stdout, text) || strings.Contains(r.stderr, text) {
			t.Errorf("%s printed %q", name, excerptText(text, 80))
		}
	}
	return stderr, true
}

package scaffold

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// actionlint is the workflow linter, run from the Go module proxy at a
// pinned version (it works without shellcheck, and uses it when on PATH).
const actionlint = "github.com/rhysd/actionlint/cmd/actionlint@v1.7.12"

// runActionlint lints the workflow files and returns its report. It skips
// the test under -short: go run compiles actionlint (make lint-workflows
// runs it alone).
func runActionlint(t *testing.T, files ...string) (string, error) {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles actionlint (-short)")
	}
	cmd := exec.Command("go", "run", actionlint, "-no-color", "-oneline")
	cmd.Args = append(cmd.Args, files...)
	cmd.Dir = t.TempDir() // outside the module: go run PKG@VERSION needs none
	out, err := cmd.CombinedOutput()
	// The go command's own lines on a machine that has not run actionlint
	// yet ("go: downloading ...") are not actionlint's findings.
	var kept []string
	for _, line := range strings.SplitAfter(string(out), "\n") {
		if !strings.HasPrefix(line, "go: downloading ") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, ""), err
}

// TestActionlint lints this repository's workflows and the Pages workflow
// that new site writes, as a release writes it and as development builds
// do, with actionlint. A broken workflow shows that actionlint really runs.
func TestActionlint(t *testing.T) {
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join("..", ".github", "workflows", "*.yml"))
	if len(files) < 2 {
		t.Fatalf("this repository's workflows: %q, want pages.yml and release.yml", files)
	}
	for i, f := range files {
		files[i], _ = filepath.Abs(f)
	}
	builds := map[string]Build{
		"release":           siteData.Scalesite,
		"dev-commit":        {Repository: DefaultRepository, Commit: "0123456789abcdef0123456789abcdef01234567", Modified: true, Go: "1.26.8"},
		"dev-no-commit":     {Repository: DefaultRepository, Go: "stable"},
		"release-candidate": {Repository: DefaultRepository, Version: "v0.1.0-rc.1"},
		"other-repo-dev":    {Repository: "someone/scalesite", Commit: "abcdef012345", Go: "1.26.0"},
	}
	for name, b := range builds {
		d := siteData
		d.Scalesite = b
		if _, err := Site(filepath.Join(dir, name), d); err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(dir, name, ".github", "workflows", "pages.yml"))
	}
	if out, err := runActionlint(t, files...); err != nil || out != "" {
		t.Errorf("actionlint: %v\n%s", err, out)
	}

	broken := filepath.Join(dir, "broken.yml")
	src, _ := os.ReadFile(files[len(files)-1])
	os.WriteFile(broken, bytes.Replace(src, []byte("runs-on: ubuntu-latest"), []byte("runs-on: ubuntu-latest\n    timeout: 5"), 1), 0o644)
	if out, err := runActionlint(t, broken); err == nil || !strings.Contains(out, `unexpected key "timeout"`) {
		t.Errorf("actionlint passed a workflow with an unknown key: %v\n%s", err, out)
	}
}

// fakeCurl stands in for curl in the download step: it serves the files
// of $RELEASE_DIR by the last part of the URL, logs each URL to $CURL_LOG,
// and fails as curl --fail does on a file that is not there.
const fakeCurl = `#!/bin/sh
out= url=
while [ $# -gt 0 ]; do
  case "$1" in
    --output) out=$2; shift 2 ;;
    --retry) shift 2 ;;
    -*) shift ;;
    *) url=$1; shift ;;
  esac
done
echo "$url" >> "$CURL_LOG"
src="$RELEASE_DIR/${url##*/}"
if [ ! -f "$src" ]; then echo "curl: (22) The requested URL returned error: 404" >&2; exit 22; fi
cp "$src" "$out"
`

// fakeArchive is a release archive as make release packs it, with a shell
// script for the command.
func fakeArchive(t *testing.T, base string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: base + "/", Mode: 0o755})
	script := []byte("#!/bin/sh\necho fake scalesite \"$@\"\n")
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: base + "/scalesite", Mode: 0o755, Size: int64(len(script))})
	tw.Write(script)
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	gz.Close()
	return buf.Bytes()
}

// TestWorkflowDownload runs the download step of a release's workflow in
// bash, as the runner does, against a fake release: it must put the
// release's command on PATH only when the archive matches its checksum.
func TestWorkflowDownload(t *testing.T) {
	for _, tool := range []string{"bash", "awk", "sha256sum", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: the download step runs on a Linux runner", tool)
		}
	}
	w := parseWorkflow(t, newSiteWorkflow(t, siteData.Scalesite))
	b := w.Jobs["build"]
	dl := b.index("sha256sum --check")
	if dl < 0 {
		t.Fatal("no download step")
	}
	script := b.Steps[dl].Run

	const version = "v1.2.3"
	archives := map[string][]byte{}
	for _, p := range []string{"linux-amd64", "linux-arm64"} {
		name := "scalesite-" + version + "-" + p
		archives[name+".tar.gz"] = fakeArchive(t, name)
	}
	sumsOf := func(archives map[string][]byte) string {
		var lines []string
		for name, data := range archives {
			sum := sha256.Sum256(data)
			lines = append(lines, hex.EncodeToString(sum[:])+"  "+name)
		}
		slices.Sort(lines)
		return strings.Join(lines, "\n") + "\n"
	}
	goodSums := sumsOf(archives)
	releaseURL := "https://github.com/" + DefaultRepository + "/releases/download/" + version + "/"

	tests := []struct {
		name     string
		os, arch string
		// change alters the release before the download.
		change   func(files map[string][]byte)
		platform string // the folder put on PATH, or "" when the step must fail
		says     string // in the output of a failure
	}{
		{name: "linux amd64", os: "Linux", arch: "X64", platform: "linux-amd64"},
		{name: "linux arm64", os: "Linux", arch: "ARM64", platform: "linux-arm64"},
		{name: "tampered archive", os: "Linux", arch: "X64", says: "FAILED",
			change: func(f map[string][]byte) {
				f["scalesite-v1.2.3-linux-amd64.tar.gz"] = fakeArchive(t, "scalesite-v1.2.3-linux-amd64-evil")
			}},
		{name: "no checksum line", os: "Linux", arch: "X64", says: "has no checksum for scalesite-v1.2.3-linux-amd64.tar.gz",
			change: func(f map[string][]byte) {
				f["scalesite-v1.2.3-checksums.txt"] = []byte(strings.ReplaceAll(goodSums, "linux-amd64", "linux-amd64.old"))
			}},
		{name: "no release", os: "Linux", arch: "X64", says: "404",
			change: func(f map[string][]byte) { delete(f, "scalesite-v1.2.3-linux-amd64.tar.gz") }},
		{name: "macOS runner", os: "macOS", arch: "ARM64", says: "scalesite has no release binary for macOS ARM64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			work := t.TempDir()
			release, bin, temp := filepath.Join(work, "release"), filepath.Join(work, "bin"), filepath.Join(work, "runner-temp")
			for _, d := range []string{release, bin, temp} {
				os.MkdirAll(d, 0o755)
			}
			files := map[string][]byte{"scalesite-v1.2.3-checksums.txt": []byte(goodSums)}
			for n, b := range archives {
				files[n] = b
			}
			if tc.change != nil {
				tc.change(files)
			}
			for n, b := range files {
				os.WriteFile(filepath.Join(release, n), b, 0o644)
			}
			os.WriteFile(filepath.Join(bin, "curl"), []byte(fakeCurl), 0o755)
			os.WriteFile(filepath.Join(work, "step.sh"), []byte(script), 0o644)
			ghPath, curlLog := filepath.Join(work, "github_path"), filepath.Join(work, "curl.log")

			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", filepath.Join(work, "step.sh"))
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
				"RUNNER_OS="+tc.os, "RUNNER_ARCH="+tc.arch, "RUNNER_TEMP="+temp, "GITHUB_PATH="+ghPath,
				"RELEASE_DIR="+release, "CURL_LOG="+curlLog)
			for k, v := range w.Env {
				cmd.Env = append(cmd.Env, k+"="+v)
			}
			out, err := cmd.CombinedOutput()
			added, _ := os.ReadFile(ghPath)
			if tc.platform == "" {
				if err == nil || !strings.Contains(string(out), tc.says) {
					t.Errorf("the step: %v; want a failure saying %q:\n%s", err, tc.says, out)
				}
				if len(added) > 0 {
					t.Errorf("a failed download still put %q on PATH", added)
				}
				return
			}
			if err != nil {
				t.Fatalf("the download step failed: %v\n%s", err, out)
			}
			dir := filepath.Join(temp, "scalesite-"+version+"-"+tc.platform)
			if string(added) != dir+"\n" {
				t.Errorf("GITHUB_PATH got %q, want %q", added, dir+"\n")
			}
			run, err := exec.Command(filepath.Join(dir, "scalesite"), "version").Output()
			if err != nil || string(run) != "fake scalesite version\n" {
				t.Errorf("the downloaded command ran: %q, %v", run, err)
			}
			log, _ := os.ReadFile(curlLog)
			name := "scalesite-" + version + "-" + tc.platform + ".tar.gz"
			if want := fmt.Sprintf("%s%s\n%sscalesite-%s-checksums.txt\n", releaseURL, name, releaseURL, version); string(log) != want {
				t.Errorf("downloaded\n%s\nwant\n%s", log, want)
			}
		})
	}
}

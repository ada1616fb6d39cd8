package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"github.com/scalesite/scalesite/scaffold"
)

// goEnv runs go env NAME.
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// run runs a command in dir with env added to this process's, and fails the
// test if it fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// buildsDemo checks that the scalesite binary bin builds the demo site in
// src, with ECharts embedded and copied into the site's assets.
func buildsDemo(t *testing.T, bin, src string) {
	t.Helper()
	dest := filepath.Join(t.TempDir(), "public")
	out := run(t, src, nil, bin, "build", "--source", src, "--dest", dest, "--base-url", "https://someone.github.io/demo/")
	if !strings.HasPrefix(out, "built ") && !strings.Contains(out, "\nbuilt ") {
		t.Errorf("scalesite build said:\n%s", out)
	}
	bundles, _ := filepath.Glob(filepath.Join(dest, "assets", "echarts.*.js"))
	if len(bundles) == 0 {
		t.Errorf("the built site has no assets/echarts.*.js")
	}
	if _, err := os.Stat(filepath.Join(dest, "index.html")); err != nil {
		t.Error(err)
	}
	if v := run(t, src, nil, bin, "version"); strings.Contains(v, "not embedded") {
		t.Errorf("scalesite version: %s", v)
	}
}

// TestGoInstall installs the command from the clone with go install, as
// the README says, and builds the demo site with it: the committed ECharts
// bundle is embedded without make or npm.
func TestGoInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles scalesite (-short)")
	}
	root, _ := filepath.Abs("..")
	gobin := t.TempDir()
	run(t, root, []string{"GOBIN=" + gobin, "GOFLAGS=-mod=mod"}, "go", "install", "./cmd/scalesite")
	buildsDemo(t, filepath.Join(gobin, exe("scalesite")), root)
}

// TestMakeInstall runs make install into a folder and runs the command.
func TestMakeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles scalesite (-short)")
	}
	root, _ := filepath.Abs("..")
	bindir := t.TempDir()
	out := run(t, root, nil, "make", "-s", "install", "BINDIR="+bindir, "VERSION=v9.9.9-test")
	bin := filepath.Join(bindir, exe("scalesite"))
	if !strings.Contains(out, "installed "+bin+"\n") || !strings.Contains(out, bindir+" is not on your PATH: add it") {
		t.Errorf("make install said:\n%s\nwant where it installed scalesite, and that the folder is not on PATH", out)
	}
	if v := run(t, root, nil, bin, "version"); !strings.HasPrefix(v, "scalesite v9.9.9-test ") {
		t.Errorf("the installed scalesite says %q, want version v9.9.9-test", v)
	}
}

func exe(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// TestGoInstallAtCommit does what a user does once the module is
// published, and what the Pages workflow of a development build does:
// go install github.com/scalesite/scalesite/cmd/scalesite@COMMIT. The
// module proxy is stood in for by a folder holding this commit's module
// zip (git archive HEAD), in front of the local module cache and the usual
// proxy for the dependencies. The command it installs must build the demo
// site of the same commit.
func TestGoInstallAtCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles scalesite from a module zip (-short)")
	}
	root, _ := filepath.Abs("..")
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: the module zip is made with git archive")
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout")
	}
	head := strings.TrimSpace(run(t, root, nil, "git", "rev-parse", "HEAD"))
	stamp := strings.TrimSpace(run(t, root, nil, "git", "show", "-s", "--format=%ct", "HEAD"))
	var secs int64
	fmt.Sscan(stamp, &secs)
	when := time.Unix(secs, 0).UTC()
	version := "v0.0.0-" + when.Format("20060102150405") + "-" + head[:12]

	info, _ := json.Marshal(map[string]string{"Version": version, "Time": when.Format(time.RFC3339)})
	work := t.TempDir()
	proxy := filepath.Join(work, "proxy")
	at := filepath.Join(proxy, filepath.FromSlash(scaffold.Module), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	// go asks for @latest too, for the module's deprecation notice.
	os.WriteFile(filepath.Join(filepath.Dir(at), "@latest"), info, 0o644)
	run(t, root, nil, "git", "archive", "--format=zip", "--prefix="+scaffold.Module+"@"+version+"/", "-o", filepath.Join(at, version+".zip"), "HEAD")
	gomod := run(t, root, nil, "git", "show", "HEAD:go.mod")
	for name, data := range map[string]string{
		version + ".mod": gomod, version + ".info": string(info), head + ".info": string(info), head[:12] + ".info": string(info), "list": "",
	} {
		os.WriteFile(filepath.Join(at, name), []byte(data), 0o644)
	}
	// The demo site of the same commit, beside nothing else.
	demo := filepath.Join(work, "demo")
	os.MkdirAll(demo, 0o755)
	var tarball bytes.Buffer
	archive := exec.Command("git", "archive", "--format=tar", "HEAD", "content", "data", "scalesite.yaml")
	archive.Dir, archive.Stdout = root, &tarball
	if err := archive.Run(); err != nil {
		t.Fatal(err)
	}
	untar := exec.Command("tar", "-x", "-C", demo)
	untar.Stdin = &tarball
	if out, err := untar.CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}

	// The install step of the workflow a development build at this commit
	// writes, run as the runner runs it.
	step, wenv := workflowStep(t, filepath.Join(work, "site"), scaffold.Build{Repository: scaffold.DefaultRepository, Commit: head, Go: "stable"},
		func(run string) bool { return strings.HasPrefix(run, "go install ") })
	if step == "" || wenv["SCALESITE_REF"] != head {
		t.Fatalf("the development workflow has no go install step at %s: env %v", head, wenv)
	}
	gobin := filepath.Join(work, "bin")
	env := []string{
		"GOBIN=" + gobin,
		"GOMODCACHE=" + filepath.Join(work, "modcache"),
		// This commit's module from the folder; its dependencies from the
		// local module cache, or else the usual proxy.
		"GOPROXY=" + fileURL(proxy) + "," + fileURL(filepath.Join(goEnv(t, "GOMODCACHE"), "cache", "download")) + "," + goEnv(t, "GOPROXY"),
		"GONOSUMDB=" + scaffold.Module, "GOPRIVATE=", "GONOPROXY=",
		// -trimpath shares compiled dependencies with other builds; -modcacherw
		// lets the test remove its module cache.
		"GOFLAGS=-mod=mod -modcacherw -trimpath",
	}
	for k, v := range wenv {
		env = append(env, k+"="+v)
	}
	run(t, work, env, "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step)
	buildsDemo(t, filepath.Join(gobin, exe("scalesite")), demo)
}

// workflowStep scaffolds a site into dir whose workflow gets scalesite as
// b says, and returns the run script of its build job's last step that
// match accepts ("" for none) and the workflow's env.
func workflowStep(t *testing.T, dir string, b scaffold.Build, match func(run string) bool) (string, map[string]string) {
	t.Helper()
	if _, err := scaffold.Site(dir, scaffold.SiteData{Title: "T", Description: "D", BaseURL: "/", Date: "2025-01-01", Scalesite: b}); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(filepath.Join(dir, ".github", "workflows", "pages.yml"))
	var w struct {
		Env  map[string]string `yaml:"env"`
		Jobs map[string]struct {
			Steps []struct{ Run string } `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(src, &w); err != nil {
		t.Fatal(err)
	}
	step := ""
	for _, s := range w.Jobs["build"].Steps {
		if match(s.Run) {
			step = s.Run
		}
	}
	return step, w.Env
}

// fileURL is a file:// URL for GOPROXY.
func fileURL(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows drive letter
	}
	return "file://" + path
}

// fakeCurl stands in for curl in a workflow's download step: it serves the
// files of $RELEASE_DIR by the last part of the URL, and fails as curl
// --fail does on a file that is not there.
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
src="$RELEASE_DIR/${url##*/}"
if [ ! -f "$src" ]; then echo "curl: (22) The requested URL returned error: 404: $url" >&2; exit 22; fi
cp "$src" "$out"
`

// TestReleaseWorkflowDownload builds this machine's release archive as
// make release does, runs the download step of the workflow that this
// release's new site would have against it, and builds that new site with
// the downloaded command: archive names, checksums file and workflow agree.
func TestReleaseWorkflowDownload(t *testing.T) {
	if runtime.GOOS != "linux" || (runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64") {
		t.Skip("the Pages workflow runs on a Linux amd64 or arm64 runner")
	}
	if testing.Short() {
		t.Skip("compiles scalesite (-short)")
	}
	root, _ := filepath.Abs("..")
	const version = "v0.0.1-e2e"
	work := t.TempDir()
	release := filepath.Join(work, "release")
	run(t, root, nil, "go", "run", "./tools/release", "-version", version, "-o", release, "-platforms", "linux/"+runtime.GOARCH)

	site := filepath.Join(work, "site")
	step, wenv := workflowStep(t, site, scaffold.Build{Repository: scaffold.DefaultRepository, Version: version},
		func(run string) bool { return strings.Contains(run, "sha256sum --check") })
	if step == "" {
		t.Fatal("the release's workflow has no download step")
	}
	fake := filepath.Join(work, "fake")
	temp := filepath.Join(work, "runner-temp")
	os.MkdirAll(fake, 0o755)
	os.MkdirAll(temp, 0o755)
	os.WriteFile(filepath.Join(fake, "curl"), []byte(fakeCurl), 0o755)
	ghPath := filepath.Join(work, "github_path")
	arch := map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
	env := []string{"PATH=" + fake + string(os.PathListSeparator) + os.Getenv("PATH"), "RELEASE_DIR=" + release,
		"RUNNER_OS=Linux", "RUNNER_ARCH=" + arch, "RUNNER_TEMP=" + temp, "GITHUB_PATH=" + ghPath}
	for k, v := range wenv {
		env = append(env, k+"="+v)
	}
	out := run(t, site, env, "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step)
	if !strings.Contains(out, ": OK") {
		t.Errorf("sha256sum did not check the archive:\n%s", out)
	}
	added, _ := os.ReadFile(ghPath)
	bin := filepath.Join(strings.TrimSpace(string(added)), "scalesite")
	if v := run(t, site, nil, bin, "version"); !strings.HasPrefix(v, "scalesite "+version+" ") {
		t.Errorf("the downloaded scalesite says %q, want %s", v, version)
	}
	for _, f := range []string{"LICENSE", "README.md", "echarts-licenses.txt"} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(bin), f)); err != nil {
			t.Errorf("the release archive lacks %s", f)
		}
	}
	// The steps after the download, with the downloaded command.
	run(t, site, nil, bin, "check")
	pub := filepath.Join(site, "public")
	run(t, site, nil, bin, "build", "--dest", "public", "--base-url", "https://someone.github.io/site/")
	if b, _ := filepath.Glob(filepath.Join(pub, "assets", "echarts.*.js")); len(b) == 0 {
		t.Errorf("the site built by the downloaded scalesite has no ECharts bundle")
	}
}

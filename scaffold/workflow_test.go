package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// workflow is the part of a GitHub Actions workflow the tests read.
type workflow struct {
	Name string `yaml:"name"`
	On   struct {
		Push struct {
			Branches []string `yaml:"branches"`
			Tags     []string `yaml:"tags"`
		} `yaml:"push"`
	} `yaml:"on"`
	Env         map[string]string `yaml:"env"`
	Permissions map[string]string `yaml:"permissions"`
	Concurrency struct {
		Group            string `yaml:"group"`
		CancelInProgress bool   `yaml:"cancel-in-progress"`
	} `yaml:"concurrency"`
	Jobs map[string]job `yaml:"jobs"`
}

type job struct {
	Needs       string            `yaml:"needs"`
	RunsOn      string            `yaml:"runs-on"`
	Permissions map[string]string `yaml:"permissions"`
	Environment struct {
		Name string `yaml:"name"`
		URL  string `yaml:"url"`
	} `yaml:"environment"`
	Steps []step `yaml:"steps"`
}

type step struct {
	ID   string            `yaml:"id"`
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]any    `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

// with returns the step's input key as text.
func (s *step) with(key string) string {
	if s == nil || s.With[key] == nil {
		return ""
	}
	return fmt.Sprint(s.With[key])
}

// find returns the job's first step using action (owner/name, any version).
func (j job) find(action string) *step {
	for i, s := range j.Steps {
		if strings.HasPrefix(s.Uses, action+"@") {
			return &j.Steps[i]
		}
	}
	return nil
}

// index is the position of the first step whose `uses` or `run` holds text,
// or -1.
func (j job) index(text string) int {
	for i, s := range j.Steps {
		if strings.Contains(s.Uses, text) || strings.Contains(s.Run, text) {
			return i
		}
	}
	return -1
}

// permissions are the job's token permissions: its own if it sets any,
// else the workflow's (a job's permissions replace the workflow's whole).
func (w workflow) permissions(name string) map[string]string {
	if p := w.Jobs[name].Permissions; p != nil {
		return p
	}
	return w.Permissions
}

// currentMajors are the actions the workflows use, at their current major
// versions, checked against each action's releases: all run on Node.js 24
// (or are composite), none on the Node.js 20 that runners dropped.
var currentMajors = map[string]string{
	"actions/checkout":              "v7",
	"actions/setup-go":              "v7",
	"actions/configure-pages":       "v6",
	"actions/upload-pages-artifact": "v5",
	"actions/deploy-pages":          "v5",
	"actions/cache":                 "v6",
}

// checkActions checks that every step of w uses a known action at its
// current major, and that no step sets up or runs Node.js: the ECharts
// bundle is committed, so no workflow needs it.
func checkActions(t *testing.T, w workflow) {
	t.Helper()
	for name, j := range w.Jobs {
		for _, s := range j.Steps {
			if s.Uses != "" {
				action, major, _ := strings.Cut(s.Uses, "@")
				if want, ok := currentMajors[action]; !ok || major != want {
					t.Errorf("job %s uses %s; want one of %v at its current major", name, s.Uses, currentMajors)
				}
			}
			for _, node := range []string{"npm ", "npx ", "node ", "setup-node"} {
				if strings.Contains(s.Run+s.Uses, node) {
					t.Errorf("job %s step %q needs Node.js (%q), which the committed bundle makes unnecessary", name, s.Name, node)
				}
			}
		}
	}
}

func parseWorkflow(t *testing.T, src []byte) workflow {
	t.Helper()
	var raw map[string]any
	if err := yaml.Unmarshal(src, &raw); err != nil {
		t.Fatalf("the workflow is not valid YAML: %v\n%s", err, src)
	}
	var w workflow
	if err := yaml.Unmarshal(src, &w); err != nil {
		t.Fatalf("the workflow does not read as a workflow: %v", err)
	}
	return w
}

const baseURLFlag = `--base-url "${{ steps.pages.outputs.base_url }}/"`

// checkPagesWorkflow checks what both Pages workflows share: on push to
// main, build then deploy with GitHub's three Pages actions, the site built
// at the address configure-pages gives, with the permissions GitHub's own
// starter workflows give.
func checkPagesWorkflow(t *testing.T, src []byte) workflow {
	t.Helper()
	w := parseWorkflow(t, src)
	var raw struct {
		On map[string]any `yaml:"on"`
	}
	yaml.Unmarshal(src, &raw)
	if _, ok := raw.On["workflow_dispatch"]; len(w.On.Push.Branches) != 1 || w.On.Push.Branches[0] != "main" || !ok {
		t.Errorf("on.push.branches = %q, workflow_dispatch %v; want [main], and a way to run it by hand", w.On.Push.Branches, ok)
	}
	if w.Concurrency.Group != "pages" || w.Concurrency.CancelInProgress {
		t.Errorf("concurrency %+v, want group pages without cancelling a deployment under way", w.Concurrency)
	}
	checkActions(t, w)
	// As GitHub's starter workflows (pages/*.yml) set them, at the top.
	want := map[string]string{"contents": "read", "pages": "write", "id-token": "write"}
	if !equalMaps(w.Permissions, want) {
		t.Errorf("workflow permissions %v, want %v as GitHub's starter Pages workflows have them", w.Permissions, want)
	}
	// configure-pages reads the repository's Pages settings ("Get Pages site
	// failed" without): the build job's token must be allowed to.
	if p := w.permissions("build"); p["contents"] != "read" || (p["pages"] != "read" && p["pages"] != "write") {
		t.Errorf("the build job's permissions %v cannot read the Pages settings: it needs pages: read or write, and contents: read", p)
	}
	if p := w.permissions("deploy"); p["pages"] != "write" || p["id-token"] != "write" {
		t.Errorf("the deploy job's permissions %v, want pages: write and id-token: write", p)
	}

	b, ok := w.Jobs["build"]
	if !ok {
		t.Fatalf("no build job; jobs: %v", w.Jobs)
	}
	if b.find("actions/checkout") == nil {
		t.Errorf("the build job does not check out the repository: steps %+v", b.Steps)
	}
	cfg := b.find("actions/configure-pages")
	if cfg == nil {
		t.Fatal("the build job does not use actions/configure-pages")
	}
	if cfg.ID != "pages" {
		t.Errorf("configure-pages has id %q, want pages (the build reads steps.pages.outputs.base_url)", cfg.ID)
	}
	up := b.find("actions/upload-pages-artifact")
	if up == nil {
		t.Fatal("the build job does not use actions/upload-pages-artifact")
	}
	if up.with("path") != "public" {
		t.Errorf("upload-pages-artifact uploads %q, want public", up.with("path"))
	}
	ci, bu, ub := b.index("configure-pages"), b.index(baseURLFlag), b.index("upload-pages-artifact")
	if bu < 0 {
		t.Fatalf("no step builds the site with %s", baseURLFlag)
	}
	if !(ci < bu && bu < ub) {
		t.Errorf("steps out of order: configure-pages %d, build %d, upload %d", ci, bu, ub)
	}
	if !strings.Contains(b.Steps[bu].Run, "--dest public") {
		t.Errorf("the build step %q does not write to public/, which is what is uploaded", b.Steps[bu].Run)
	}

	d, ok := w.Jobs["deploy"]
	if !ok {
		t.Fatal("no deploy job")
	}
	if d.Needs != "build" {
		t.Errorf("deploy needs %q, want build", d.Needs)
	}
	if d.Environment.Name != "github-pages" {
		t.Errorf("deploy environment %q, want github-pages", d.Environment.Name)
	}
	dep := d.find("actions/deploy-pages")
	if dep == nil {
		t.Fatal("the deploy job does not use actions/deploy-pages")
	}
	if dep.ID == "" || !strings.Contains(d.Environment.URL, "steps."+dep.ID+".outputs.page_url") {
		t.Errorf("environment url %q does not read the deploy step's (id %q) page_url", d.Environment.URL, dep.ID)
	}
	return w
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// newSiteWorkflow writes a new site for b and returns its workflow's text.
func newSiteWorkflow(t *testing.T, b Build) []byte {
	t.Helper()
	d := siteData
	d.Scalesite = b
	dir := t.TempDir()
	if _, err := Site(dir, d); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestNewSiteWorkflow checks the workflow a release writes: it downloads
// that release's binary and checks it against the release's checksums;
// nothing is built from source.
func TestNewSiteWorkflow(t *testing.T) {
	src := newSiteWorkflow(t, siteData.Scalesite)
	w := checkPagesWorkflow(t, src)
	if w.Env["SCALESITE_REPOSITORY"] != DefaultRepository || w.Env["SCALESITE_VERSION"] != "v1.2.3" {
		t.Errorf("env %v, want SCALESITE_REPOSITORY %s and SCALESITE_VERSION v1.2.3", w.Env, DefaultRepository)
	}
	if !strings.Contains(string(src), "# scalesite v1.2.3 wrote this workflow.") {
		t.Errorf("the workflow does not say which scalesite wrote it:\n%s", src)
	}
	b := w.Jobs["build"]
	dl := b.index("sha256sum --check")
	if dl < 0 {
		t.Fatalf("no step checks the download with sha256sum --check: %+v", b.Steps)
	}
	run := b.Steps[dl].Run
	for _, want := range []string{
		`https://github.com/$SCALESITE_REPOSITORY/releases/download/$SCALESITE_VERSION`,
		`scalesite-$SCALESITE_VERSION-checksums.txt`,
		`name="scalesite-$SCALESITE_VERSION-$platform"`,
		`>> "$GITHUB_PATH"`,
	} {
		if !strings.Contains(run, want) {
			t.Errorf("the download step lacks %s:\n%s", want, run)
		}
	}
	if dl > b.index("scalesite check") || dl > b.index("scalesite build") {
		t.Errorf("scalesite is downloaded (step %d) after it is run: %+v", dl, b.Steps)
	}
	if b.find("actions/setup-go") != nil || b.index("go install") >= 0 || b.index("make ") >= 0 {
		t.Errorf("a release's workflow builds scalesite from source instead of downloading it: %+v", b.Steps)
	}
	if b.index("scalesite build --dest public "+baseURLFlag) < 0 {
		t.Errorf("the build job should run scalesite build --dest public %s", baseURLFlag)
	}
}

// TestNewSiteWorkflowDevelopmentBuild checks the workflow a development
// build writes: it says so, and installs scalesite from source at the
// build's commit (or the latest version, saying that it is not pinned).
func TestNewSiteWorkflowDevelopmentBuild(t *testing.T) {
	const commit = "0123456789abcdef0123456789abcdef01234567"
	tests := []struct {
		name       string
		build      Build
		ref, goVer string
		says       []string
	}{
		{"commit", Build{Repository: DefaultRepository, Commit: commit, Go: "1.26.8"}, commit, "1.26.8",
			[]string{"# A development build of scalesite (not a release) wrote this workflow", "at the commit that build came from.\n# The commit must be on GitHub"}},
		{"modified", Build{Repository: DefaultRepository, Commit: commit, Modified: true, Go: "stable"}, commit, "stable",
			[]string{"# (That build also had local changes, which this commit lacks.)\n"}},
		{"unknown commit", Build{Repository: DefaultRepository, Go: "stable"}, "latest", "stable",
			[]string{"at the module's latest version:\n# the build that wrote this did not know its commit. Set SCALESITE_REF"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := newSiteWorkflow(t, tc.build)
			w := checkPagesWorkflow(t, src)
			for _, s := range tc.says {
				if !strings.Contains(string(src), s) {
					t.Errorf("the workflow does not say %q:\n%s", s, src)
				}
			}
			if w.Env["SCALESITE_MODULE"] != Module || w.Env["SCALESITE_REF"] != tc.ref || w.Env["GO_VERSION"] != tc.goVer {
				t.Errorf("env %v, want SCALESITE_MODULE %s, SCALESITE_REF %s, GO_VERSION %s", w.Env, Module, tc.ref, tc.goVer)
			}
			b := w.Jobs["build"]
			g := b.find("actions/setup-go")
			if g == nil || g.with("go-version") != "${{ env.GO_VERSION }}" || g.with("cache") != "false" {
				t.Errorf("setup-go %+v; want go-version from env.GO_VERSION, and no cache (a site has no go.sum)", g)
			}
			in := b.index(`go install "$SCALESITE_MODULE/cmd/scalesite@$SCALESITE_REF"`)
			if in < 0 || in > b.index("scalesite check") {
				t.Errorf("the build job should go install scalesite at SCALESITE_REF before running it: %+v", b.Steps)
			}
			if b.index("sha256sum") >= 0 || b.index("curl") >= 0 || b.index("make ") >= 0 {
				t.Errorf("a development build's workflow downloads or makes scalesite: %+v", b.Steps)
			}
		})
	}
}

func TestRepositoryWorkflow(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", ".github", "workflows", "pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	w := checkPagesWorkflow(t, src)
	b := w.Jobs["build"]
	if g := b.find("actions/setup-go"); g.with("go-version-file") != "go.mod" {
		t.Errorf("setup-go with %v, want go-version-file: go.mod", g.With)
	}
	gb := b.index("go build -trimpath -o bin/scalesite ./cmd/scalesite")
	if gb < 0 || gb > b.index("bin/scalesite check --source .") {
		t.Errorf("the build job should go build bin/scalesite, then check the demo site: %+v", b.Steps)
	}
	if b.index("bin/scalesite build --source . --dest public "+baseURLFlag) < 0 {
		t.Errorf("the build job should run bin/scalesite build --source . --dest public %s", baseURLFlag)
	}
}

// TestReleaseWorkflow checks the release workflow: on a version tag,
// make release (the archives and checksums a developer's machine makes
// too), then a GitHub release with all of them attached.
func TestReleaseWorkflow(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", ".github", "workflows", "release.yml"))
	if err != nil {
		t.Fatal(err)
	}
	w := parseWorkflow(t, src)
	checkActions(t, w)
	if !slices.Equal(w.On.Push.Tags, []string{"v*"}) || len(w.On.Push.Branches) > 0 {
		t.Errorf("on.push %+v, want tags [v*] only", w.On.Push)
	}
	if !equalMaps(w.Permissions, map[string]string{"contents": "write"}) {
		t.Errorf("permissions %v, want contents: write alone (to create the release)", w.Permissions)
	}
	r, ok := w.Jobs["release"]
	if !ok || len(w.Jobs) != 1 {
		t.Fatalf("jobs %v, want one release job", w.Jobs)
	}
	if g := r.find("actions/setup-go"); g.with("go-version-file") != "go.mod" {
		t.Errorf("setup-go with %v, want go-version-file: go.mod", g.With)
	}
	mk, ck, gh := r.index(`make release VERSION="$GITHUB_REF_NAME"`), r.index("sha256sum --check"), r.index("gh release create")
	if mk < 0 || ck < 0 || gh < 0 || !(mk < ck && ck < gh) {
		t.Fatalf("the release job should make release, check the checksums, then gh release create: steps %d %d %d", mk, ck, gh)
	}
	pub := r.Steps[gh]
	for _, want := range []string{"bin/release/*.tar.gz", "bin/release/*.zip", `"bin/release/scalesite-$GITHUB_REF_NAME-checksums.txt"`, "--verify-tag"} {
		if !strings.Contains(pub.Run, want) {
			t.Errorf("gh release create does not attach %s: %q", want, pub.Run)
		}
	}
	if pub.Env["GH_TOKEN"] != "${{ github.token }}" {
		t.Errorf("the publish step's env %v, want GH_TOKEN from github.token", pub.Env)
	}
}

// FigureCacheDir is where scalesite keeps its figure cache on a GitHub
// runner (render/figcache.go: os.UserCacheDir, XDG_CACHE_HOME unset there,
// so ~/.cache; render's TestFigureCacheDir holds it to this).
const FigureCacheDir = "~/.cache/scalesite/figures"

// FitCacheDir is where it keeps its fit cache (site/fitcache.go, in the
// same folder as the figure cache).
const FitCacheDir = "~/.cache/scalesite/fits"

// TestNewSiteWorkflowKeepsFigureCache: a new site's workflow, from a
// release or a development build, restores the figure cache before the
// build and saves it after (actions/cache), under a key new on every run
// (a cache is saved once per key) that names the scalesite, restoring the
// newest earlier one of the same scalesite.
func TestNewSiteWorkflowKeepsFigureCache(t *testing.T) {
	for _, tc := range []struct {
		name    string
		build   Build
		version string
	}{
		{"release", siteData.Scalesite, "${{ env.SCALESITE_VERSION }}"},
		{"development", Build{Repository: DefaultRepository, Commit: "0123456789abcdef0123456789abcdef01234567", Go: "stable"}, "${{ env.SCALESITE_REF }}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := checkPagesWorkflow(t, newSiteWorkflow(t, tc.build))
			b := w.Jobs["build"]
			c := b.find("actions/cache")
			if c == nil {
				t.Fatalf("the build job does not keep the figure cache with actions/cache: %+v", b.Steps)
			}
			if want := FigureCacheDir + "\n" + FitCacheDir + "\n"; c.with("path") != want {
				t.Errorf("actions/cache keeps %q, want %q", c.with("path"), want)
			}
			key, restore := c.with("key"), c.with("restore-keys")
			prefix := "scalesite-figures-${{ runner.os }}-" + tc.version + "-"
			if restore != prefix || !strings.HasPrefix(key, prefix) || !strings.Contains(key, "${{ github.run_id }}") {
				t.Errorf("cache key %q, restore-keys %q; want a key new on every run (github.run_id) after the restore key %q", key, restore, prefix)
			}
			if ci, bu := b.index("actions/cache"), b.index("scalesite build"); ci < 0 || ci > bu {
				t.Errorf("the figure cache is restored at step %d, after the build (step %d)", ci, bu)
			}
		})
	}
}

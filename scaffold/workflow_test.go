package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
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
		} `yaml:"push"`
	} `yaml:"on"`
	Env         map[string]string `yaml:"env"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]job    `yaml:"jobs"`
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
	ID   string         `yaml:"id"`
	Name string         `yaml:"name"`
	Uses string         `yaml:"uses"`
	Run  string         `yaml:"run"`
	With map[string]any `yaml:"with"`
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

const baseURLFlag = `--base-url "${{ steps.pages.outputs.base_url }}/"`

// checkPagesWorkflow checks what both Pages workflows share: on push to
// main, build then deploy with GitHub's three Pages actions, the site built
// at the address configure-pages gives.
func checkPagesWorkflow(t *testing.T, src []byte) workflow {
	t.Helper()
	var raw map[string]any
	if err := yaml.Unmarshal(src, &raw); err != nil {
		t.Fatalf("the workflow is not valid YAML: %v", err)
	}
	var w workflow
	if err := yaml.Unmarshal(src, &w); err != nil {
		t.Fatalf("the workflow does not read as a workflow: %v", err)
	}
	if len(w.On.Push.Branches) != 1 || w.On.Push.Branches[0] != "main" {
		t.Errorf("on.push.branches = %q, want [main]", w.On.Push.Branches)
	}
	b, ok := w.Jobs["build"]
	if !ok {
		t.Fatalf("no build job; jobs: %v", w.Jobs)
	}
	if b.find("actions/checkout") == nil || b.find("actions/setup-go") == nil || b.find("actions/setup-node") == nil {
		t.Errorf("the build job must check out, set up Go and Node.js: steps %+v", b.Steps)
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
	ci, cb, mk, bu, ub := b.index("configure-pages"), b.index(baseURLFlag), b.index("make "), b.index("build --"), b.index("upload-pages-artifact")
	if cb < 0 {
		t.Errorf("no step builds the site with %s", baseURLFlag)
	}
	if mk < 0 || !(mk < bu && ci < cb && cb == bu && bu < ub) {
		t.Errorf("steps out of order: make %d, configure-pages %d, build %d, upload %d", mk, ci, bu, ub)
	}
	if !strings.Contains(b.Steps[max(cb, 0)].Run, "--dest public") {
		t.Errorf("the build step %q does not write to public/, which is what is uploaded", b.Steps[max(cb, 0)].Run)
	}

	d, ok := w.Jobs["deploy"]
	if !ok {
		t.Fatal("no deploy job")
	}
	if d.Needs != "build" {
		t.Errorf("deploy needs %q, want build", d.Needs)
	}
	if d.Permissions["pages"] != "write" || d.Permissions["id-token"] != "write" {
		t.Errorf("deploy permissions %v, want pages: write and id-token: write", d.Permissions)
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
	if w.Permissions["contents"] != "read" {
		t.Errorf("workflow permissions %v, want contents: read", w.Permissions)
	}
	return w
}

func TestNewSiteWorkflow(t *testing.T) {
	dir := t.TempDir()
	if _, err := Site(dir, siteData); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	w := checkPagesWorkflow(t, src)
	if w.Env["SCALESITE_REPOSITORY"] != DefaultRepository || w.Env["SCALESITE_REF"] != "v1.2.3" {
		t.Errorf("env %v, want SCALESITE_REPOSITORY %s and SCALESITE_REF v1.2.3", w.Env, DefaultRepository)
	}
	b := w.Jobs["build"]
	// The site's own checkout, then scalesite's, at the pinned ref, out of
	// the way of the site's files.
	var sc *step
	for i, s := range b.Steps {
		if strings.HasPrefix(s.Uses, "actions/checkout@") && s.with("repository") != "" {
			sc = &b.Steps[i]
		}
	}
	if sc == nil {
		t.Fatal("no step checks out scalesite")
	}
	if sc.with("repository") != "${{ env.SCALESITE_REPOSITORY }}" || sc.with("ref") != "${{ env.SCALESITE_REF }}" || !strings.HasPrefix(sc.with("path"), ".") {
		t.Errorf("scalesite checkout with %v, want the env's repository and ref into a hidden folder", sc.With)
	}
	dir2 := sc.with("path")
	if g := b.find("actions/setup-go"); g == nil || g.with("go-version-file") != dir2+"/go.mod" {
		t.Errorf("setup-go should read scalesite's go.mod (%s/go.mod): %+v", dir2, g)
	}
	if b.index("make -C "+dir2+" build") < 0 || b.index(dir2+"/bin/scalesite build") < 0 {
		t.Errorf("the build job should run make -C %s build and %s/bin/scalesite build: %+v", dir2, dir2, b.Steps)
	}
	if b.index("go install") >= 0 {
		t.Errorf("go install gives a scalesite without its charts library; the workflow must run make build")
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
	if n := b.find("actions/setup-node"); n.with("node-version") != "20" {
		t.Errorf("setup-node with %v, want node-version: 20", n.With)
	}
	npm, mk := b.index("npm ci"), b.index("make build")
	if npm < 0 || mk < 0 || npm > mk {
		t.Errorf("the build job should run npm ci, then make build: %+v", b.Steps)
	}
	if b.index("bin/scalesite build --source . --dest public "+baseURLFlag) < 0 {
		t.Errorf("the build job should run bin/scalesite build --source . --dest public %s", baseURLFlag)
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
)

// TestBuildGoesOnAfterKilledCommit runs the real command over an output
// folder beside which a killed build left its temporary folder: with a
// journal made but empty (the build killed between creating it and
// writing it, issue 32), cut short, or garbage with a file in old/ that
// no journal names. Each next build must succeed without help, say what
// it found, leave the site as it was, and delete nothing that is not
// provably scalesite's (the garbage case's file is kept aside).
func TestBuildGoesOnAfterKilledCommit(t *testing.T) {
	bin := commandBinary(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := t.TempDir()
	synth.Write(t, src, 6, 2)
	noFigures(t, src)
	gone := exec.Command(bin, "version")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dead := strconv.Itoa(gone.Process.Pid) // a process that has ended, as a killed build's has
	tests := []struct {
		name    string
		journal string
		old     map[string]string // files in old/
		say     string
		kept    bool
	}{
		{"empty journal", "", nil, "stopped before it changed any file", false},
		{"journal cut short", "scalesite-journal 2\ndest \"/x\"\naside \"index.html\"\n", nil, "stopped before it changed any file", false},
		{"garbage journal and someone's file", "\x7fELF garbage", map[string]string{"thesis.tex": "my thesis"}, "they are kept in", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			if out, err := exec.Command(bin, "build", "--source", src, "--dest", dest).CombinedOutput(); err != nil {
				t.Fatalf("the first build: %v\n%s", err, out)
			}
			before := snapshot(t, dest)
			tmp := filepath.Join(parent, ".public.new-"+dead+"-7")
			for _, d := range []string{"new/tags", "old/tags"} {
				if err := os.MkdirAll(filepath.Join(tmp, d), 0o700); err != nil {
					t.Fatal(err)
				}
			}
			os.WriteFile(filepath.Join(tmp, "journal"), []byte(tc.journal), 0o644)
			for p, data := range tc.old {
				os.WriteFile(filepath.Join(tmp, "old", p), []byte(data), 0o644)
			}
			out, err := exec.Command(bin, "build", "--source", src, "--dest", dest).CombinedOutput()
			if err != nil {
				t.Fatalf("the next build: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), tc.say) {
				t.Errorf("the next build said:\n%s\nwant %q", out, tc.say)
			}
			if got := snapshot(t, dest); !mapsEqual(got, before) {
				t.Errorf("the site changed: %s", firstDiff(got, before))
			}
			want := []string{"public"}
			if tc.kept {
				want = []string{".public.kept-" + dead + "-7", "public"}
				for p, data := range tc.old {
					if b, err := os.ReadFile(filepath.Join(parent, want[0], "old", p)); err != nil || string(b) != data {
						t.Errorf("%s kept as %q, %v", p, b, err)
					}
				}
			}
			if got := names(t, parent); !slices.Equal(got, want) {
				t.Errorf("beside the output: %q, want %q", got, want)
			}
			if out, err := exec.Command(bin, "build", "--source", src, "--dest", dest).CombinedOutput(); err != nil || strings.Contains(string(out), "earlier build") {
				t.Errorf("the build after: %v\n%s", err, out)
			}
		})
	}
}

package output

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestRecoverJournalStates lays out, beside an earlier output, the
// temporary folder a killed build leaves, with journals and old/ folders
// no commit makes as they are (empty, garbage, of another folder, an old/
// holding files its journal does not name), and checks that the next
// build goes on without help: it puts back what a whole journal of this
// folder proves was moved, says what it did, and never deletes a file it
// cannot prove is its own (it keeps the folder aside instead).
func TestRecoverJournalStates(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dead := strconv.Itoa(deadPID(t))
	template := filepath.Join(t.TempDir(), "public")
	writeOutput(t, template, faultOld)
	before := fullTree(t, template)
	tests := []struct {
		name string
		// lay makes the temporary folder tmp beside dest.
		lay  func(t *testing.T, dest, tmp string)
		want map[string]string // dest afterwards; nil: before
		note string            // what the build says
		kept map[string]string // the files kept aside, in old/
	}{
		{
			name: "empty journal",
			lay:  func(t *testing.T, dest, tmp string) { putFile(t, filepath.Join(tmp, journalName), "") },
			note: "stopped before it changed any file",
		},
		{
			name: "journal cut in its first line",
			lay:  func(t *testing.T, dest, tmp string) { putFile(t, filepath.Join(tmp, journalName), "scalesite-jour") },
			note: "stopped before it changed any file",
		},
		{
			name: "journal cut after a step",
			lay: func(t *testing.T, dest, tmp string) {
				b := encodeJournal(dest, &plan{aside: []string{"index.html"}, place: []string{"index.html"}, want: []ownedFile{{}}})
				putFile(t, filepath.Join(tmp, journalName), string(b[:strings.Index(string(b), "place")]))
			},
			note: "stopped before it changed any file",
		},
		{
			name: "garbage journal, nothing moved",
			lay: func(t *testing.T, dest, tmp string) {
				putFile(t, filepath.Join(tmp, journalName), "\x00\x01 not a journal\n")
			},
			note: "a journal that scalesite cannot read",
		},
		{
			name: "garbage journal, a file in old/",
			lay: func(t *testing.T, dest, tmp string) {
				putFile(t, filepath.Join(tmp, journalName), "scalesite-journal 2\nend 00\n")
				putFile(t, filepath.Join(tmp, "old", "thesis.tex"), "my thesis")
			},
			note: "kept in",
			kept: map[string]string{"thesis.tex": "my thesis"},
		},
		{
			name: "journal of another folder",
			lay: func(t *testing.T, dest, tmp string) {
				pl := &plan{aside: []string{"index.html"}, place: []string{"index.html"}, want: []ownedFile{{Size: 3, Sum: checksum([]byte("new"))}}}
				putFile(t, filepath.Join(tmp, journalName), string(encodeJournal(filepath.Join(filepath.Dir(dest), "elsewhere"), pl)))
				if err := os.Rename(filepath.Join(dest, "index.html"), filepath.Join(tmp, "old", "index.html")); err != nil {
					t.Fatal(err)
				}
			},
			want: without(before, "index.html"),
			note: "a journal of another folder",
			kept: map[string]string{"index.html": "old home"},
		},
		{
			name: "whole journal, and old/ holds a file it does not name",
			lay: func(t *testing.T, dest, tmp string) {
				pl := &plan{aside: []string{"index.html"}, place: []string{"index.html"}, want: []ownedFile{{Size: 3, Sum: checksum([]byte("new"))}}}
				putFile(t, filepath.Join(tmp, journalName), string(encodeJournal(dest, pl)))
				if err := os.Rename(filepath.Join(dest, "index.html"), filepath.Join(tmp, "old", "index.html")); err != nil {
					t.Fatal(err)
				}
				putFile(t, filepath.Join(dest, "index.html"), "new") // moved in
				putFile(t, filepath.Join(tmp, "old", "a", "planted.txt"), "someone's")
			},
			note: "kept in",
			kept: map[string]string{"a/planted.txt": "someone's"},
		},
		{
			name: "whole journal, and a file not the one moved in at its place",
			lay: func(t *testing.T, dest, tmp string) {
				pl := &plan{aside: []string{"index.html"}, place: []string{"index.html"}, want: []ownedFile{{Size: 3, Sum: checksum([]byte("new"))}}}
				putFile(t, filepath.Join(tmp, journalName), string(encodeJournal(dest, pl)))
				if err := os.Rename(filepath.Join(dest, "index.html"), filepath.Join(tmp, "old", "index.html")); err != nil {
					t.Fatal(err)
				}
				putFile(t, filepath.Join(dest, "index.html"), "written by hand since")
			},
			// Neither is lost: the hand-written file stays, the old one
			// the journal names goes (it is scalesite's).
			want: replaced(before, "index.html", "written by hand since"),
			note: "its old files were put back",
		},
		{
			name: "done journal, old/ holds the files it replaced",
			lay: func(t *testing.T, dest, tmp string) {
				pl := &plan{aside: []string{"gone/index.html"}}
				putFile(t, filepath.Join(tmp, journalDone), string(encodeJournal(dest, pl)))
				if err := os.MkdirAll(filepath.Join(tmp, "old", "gone"), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(filepath.Join(dest, "gone", "index.html"), filepath.Join(tmp, "old", "gone", "index.html")); err != nil {
					t.Fatal(err)
				}
			},
			want: without(without(before, "gone/index.html"), "gone/"),
		},
		{
			name: "no journal, a file in old/",
			lay: func(t *testing.T, dest, tmp string) {
				putFile(t, filepath.Join(tmp, "old", "notes.txt"), "mine")
			},
			note: "kept in",
			kept: map[string]string{"notes.txt": "mine"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			copyTree(t, template, dest)
			tmp := filepath.Join(parent, ".public.new-"+dead+"-42")
			for _, d := range []string{"new", "old"} {
				if err := os.MkdirAll(filepath.Join(tmp, d), 0o700); err != nil {
					t.Fatal(err)
				}
			}
			tc.lay(t, dest, tmp)
			var notes []string
			w, err := Options{Notice: func(s string) { notes = append(notes, s) }}.Begin(dest)
			if err != nil {
				t.Fatalf("the next build: %v", err)
			}
			w.Abort()
			want := tc.want
			if want == nil {
				want = before
			}
			if got := fullTree(t, dest); !equalTrees(got, want) {
				t.Errorf("the output folder:%s", sitetest.TreeDiff(got, want))
			}
			all := strings.Join(notes, "\n")
			if tc.note != "" && !strings.Contains(all, tc.note) || tc.note == "" && all != "" {
				t.Errorf("the build said %q; want %q", all, tc.note)
			}
			beside := entries(t, parent)
			if tc.kept == nil {
				if len(beside) != 1 {
					t.Errorf("beside the output: %q", beside)
				}
			} else {
				kept := filepath.Join(parent, ".public.kept-"+dead+"-42")
				if len(beside) != 2 || !strings.Contains(all, strconv.Quote(kept)) {
					t.Fatalf("beside the output: %q; want it and %s, named in the note %q", beside, kept, all)
				}
				for p, data := range tc.kept {
					if b, err := os.ReadFile(filepath.Join(kept, "old", filepath.FromSlash(p))); err != nil || string(b) != data {
						t.Errorf("kept %s: %q, %v; want %q", p, b, err, data)
					}
				}
			}
			// And the build after that goes on as any build.
			if tc.name == "whole journal, and a file not the one moved in at its place" {
				os.Remove(filepath.Join(dest, "index.html"))
			}
			if err := Write(dest, faultNew); err != nil {
				t.Fatalf("the build after: %v", err)
			}
		})
	}
}

// without is tree with path p taken out.
func without(tree map[string]string, p string) map[string]string {
	out := map[string]string{}
	for k, v := range tree {
		if k != p {
			out[k] = v
		}
	}
	return out
}

// replaced is tree with path p holding data.
func replaced(tree map[string]string, p, data string) map[string]string {
	out := without(tree, p)
	out[p] = data
	return out
}

// TestKeptFolderNamedForItsOutput holds keepFolder to the output's own name
// when that name holds ".new-" too: the kept folder must still say which
// output it belongs to, and stay out of the names builds take.
func TestKeptFolderNamedForItsOutput(t *testing.T) {
	for _, base := range []string{"public", "site.new-2024", "a.new-1.new-2"} {
		parent := t.TempDir()
		p := filepath.Join(parent, "."+base+".new-123-42")
		if err := os.Mkdir(p, 0o700); err != nil {
			t.Fatal(err)
		}
		kept, err := keepFolder(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(parent, "."+base+".kept-123-42"); kept != want {
			t.Errorf("kept %s as %s; want %s", p, kept, want)
		}
		if staleName(base).MatchString(filepath.Base(kept)) {
			t.Errorf("%s matches the temporary folders' pattern: the next build would take it", kept)
		}
	}
}

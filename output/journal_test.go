package output

import (
	"errors"
	"reflect"
	"testing"
)

// samplePlan has a step of every kind, with a path that needs quoting.
var samplePlan = &plan{
	aside:  []string{"index.html", "gone/a b.html", MarkerName},
	rmdirs: []dirOp{{path: "x/y", perm: 0o750}, {path: "x", perm: 0o755}},
	mkdirs: []string{"b", "b/c"},
	place:  []string{"x", "b/c/new\n.html", MarkerName},
	want:   []ownedFile{{Size: 1, Sum: 0xff}, {Size: 0, Sum: 0}, {Size: 123, Sum: 1 << 63}},
}

// TestJournalCutAtEachByte: a journal is read back whole as it was
// written, and every journal cut short of its end, at any byte, is told
// as cut (its commit changed nothing yet), never read as a shorter plan.
func TestJournalCutAtEachByte(t *testing.T) {
	b := encodeJournal("/out/public", samplePlan)
	dest, pl, err := decodeJournal(b)
	if err != nil || dest != "/out/public" || !reflect.DeepEqual(pl, samplePlan) {
		t.Fatalf("read back: %q, %+v, %v; want %+v", dest, pl, err, samplePlan)
	}
	for i := range len(b) {
		if _, _, err := decodeJournal(b[:i]); !errors.Is(err, errJournalCut) {
			t.Errorf("cut after %d of %d bytes: %v, want it told as cut", i, len(b), err)
		}
	}
}

// FuzzDecodeJournal: any bytes in a journal's place (a garbage file, a
// journal of another version, one cut or changed) are read without a
// panic, and a plan read from them names only paths inside the folder,
// with a size and checksum for each file moved in.
func FuzzDecodeJournal(f *testing.F) {
	b := encodeJournal("/out/public", samplePlan)
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte("scalesite-journal 1\ndest \"/out\"\naside \"a\"\nplace \"a\"\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, pl, err := decodeJournal(b)
		if err != nil {
			return
		}
		for _, steps := range [][]string{pl.aside, pl.mkdirs, pl.place} {
			for _, p := range steps {
				if p != MarkerName && !validPath(p) {
					t.Fatalf("a step at %q", p)
				}
			}
		}
		for _, d := range pl.rmdirs {
			if !validPath(d.path) {
				t.Fatalf("a folder removed at %q", d.path)
			}
		}
		if pl.want != nil && len(pl.want) != len(pl.place) {
			t.Fatalf("%d files moved in, %d sizes", len(pl.place), len(pl.want))
		}
	})
}

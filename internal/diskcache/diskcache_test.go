package diskcache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
)

var (
	figures = Kind{Name: "figures", Version: 3}
	keyA    = strings.Repeat("ab", 32)
	keyB    = strings.Repeat("cd", 32)
)

// open is a store in a temporary folder, bounded by limit.
func open(t *testing.T, limit int64) *Store {
	t.Helper()
	s := OpenIn(t.TempDir(), limit)
	s.Prune(time.Now())
	return s
}

func put(t *testing.T, s *Store, k Kind, key string, body []byte) {
	t.Helper()
	if err := s.Put(k, key, body); err != nil {
		t.Fatal(err)
	}
}

// TestProof: an entry is read only as what it was written as (its kind,
// version and full key) and only whole: one moved to another's name, cut
// short or with any byte changed is a miss.
func TestProof(t *testing.T) {
	body := []byte("the body\nof an entry")
	tests := []struct {
		name   string
		kind   Kind
		key    string
		tamper func(t *testing.T, s *Store) // after keyA's entry is written
		ok     bool
	}{
		{name: "as written", kind: figures, key: keyA, ok: true},
		{name: "another kind", kind: Kind{Name: "fits", Version: 3}, key: keyA},
		{name: "another version", kind: Kind{Name: "figures", Version: 4}, key: keyA},
		{name: "another key", kind: figures, key: keyB},
		{name: "not a key", kind: figures, key: keyA[:10]},
		{name: "moved to another's name", kind: figures, key: keyB, tamper: func(t *testing.T, s *Store) {
			move(t, s.path(figures, keyA), s.path(figures, keyB))
		}},
		{name: "cut short", kind: figures, key: keyA, tamper: edit(func(b []byte) []byte { return b[:len(b)-1] })},
		{name: "a byte of the body changed", kind: figures, key: keyA, tamper: edit(func(b []byte) []byte { b[len(b)-3] ^= 1; return b })},
		{name: "a byte of the first line changed", kind: figures, key: keyA, tamper: edit(func(b []byte) []byte { b[20] ^= 1; return b })},
		{name: "a line added", kind: figures, key: keyA, tamper: edit(func(b []byte) []byte { return append(b, '\n') })},
		{name: "empty", kind: figures, key: keyA, tamper: edit(func([]byte) []byte { return nil })},
		{name: "deleted", kind: figures, key: keyA, tamper: func(t *testing.T, s *Store) {
			if err := s.Delete(figures, keyA); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t, Limit)
			put(t, s, figures, keyA, body)
			if tc.tamper != nil {
				tc.tamper(t, s)
			}
			got := s.Get(tc.kind, tc.key)
			if tc.ok != (got != nil) || tc.ok && !bytes.Equal(got, body) {
				t.Errorf("read %q, want it read: %t", got, tc.ok)
			}
		})
	}
}

// edit is a tamper that rewrites keyA's entry with f.
func edit(f func([]byte) []byte) func(*testing.T, *Store) {
	return func(t *testing.T, s *Store) {
		p := s.path(figures, keyA)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f(b), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func move(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// TestAtomic: an entry is replaced whole, through a temporary file that
// does not stay; readers racing writers of one key see one whole body or
// none, never a mix; a store that cannot be written stops trying, and one
// without a folder keeps nothing.
func TestAtomic(t *testing.T) {
	s := open(t, Limit)
	bodies := [][]byte{bytes.Repeat([]byte("a"), 1<<16), bytes.Repeat([]byte("b"), 1<<17)}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if w%2 == 0 {
					if err := s.Put(figures, keyA, bodies[(w/2+i)%2]); err != nil {
						t.Error(err)
						return
					}
					continue
				}
				if got := s.Get(figures, keyA); got != nil && !bytes.Equal(got, bodies[0]) && !bytes.Equal(got, bodies[1]) {
					t.Errorf("read %d bytes that no Put wrote", len(got))
					return
				}
			}
		}()
	}
	wg.Wait()
	names, _ := os.ReadDir(filepath.Dir(s.path(figures, keyA)))
	if len(names) != 1 {
		t.Errorf("beside the entry: %v, want it alone (no temporary file)", names)
	}

	file := filepath.Join(t.TempDir(), "a file")
	os.WriteFile(file, nil, 0o644)
	ro := OpenIn(file, Limit) // its folder cannot be made
	if err := ro.Put(figures, keyA, []byte("x")); err == nil || ro.Writable() {
		t.Errorf("a store in a file: Put %v, Writable %t; want an error and not writable", err, ro.Writable())
	}
	if err := ro.Put(figures, keyB, []byte("x")); err == nil {
		t.Error("a store that failed a Put took another")
	}
	none := &Store{}
	if err := none.Put(figures, keyA, []byte("x")); err != nil || none.Get(figures, keyA) != nil || none.Writable() {
		t.Errorf("a store without a folder: Put %v, Writable %t; want nothing kept, no error", err, none.Writable())
	}
	if err := s.Put(figures, "../../escape", []byte("x")); err == nil {
		t.Error("Put took a key that is not one")
	}
}

// TestBound: a prune removes the entries least recently used until the
// store holds three quarters of its bound, of every kind alike, and
// temporary files an hour old; it keeps every other file, runs at most
// once an hour, and a hit keeps an entry in use.
func TestBound(t *testing.T) {
	const size = 1000
	now := time.Now()
	tests := []struct {
		name   string
		limit  int64
		after  time.Duration // from the last prune
		hit    int           // the entry a Get reads before the prune (-1: none)
		kept   []int         // the entries left, of 0 (the oldest) to 7
		noTemp bool          // the old temporary file removed
	}{
		{name: "within the bound", limit: 100 * size, after: 2 * time.Hour, hit: -1, kept: []int{0, 1, 2, 3, 4, 5, 6, 7}, noTemp: true},
		{name: "past it", limit: 6 * size, after: 2 * time.Hour, hit: -1, kept: []int{4, 5, 6, 7}, noTemp: true},
		{name: "past it, the oldest just read", limit: 6 * size, after: 2 * time.Hour, hit: 0, kept: []int{0, 5, 6, 7}, noTemp: true},
		{name: "within the hour", limit: 6 * size, after: time.Minute, hit: -1, kept: []int{0, 1, 2, 3, 4, 5, 6, 7}},
	}
	kinds := []Kind{figures, {Name: "fits", Version: 2}, {Name: "outputs", Version: 2}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t, tc.limit)
			var paths []string
			for i := range 8 {
				k, key := kinds[i%len(kinds)], fmt.Sprintf("%02x%s", i, keyA[2:])
				put(t, s, k, key, make([]byte, size-len(encode(k, key, nil))))
				p := s.path(k, key)
				used := now.Add(-time.Duration(50-i) * time.Hour) // 0 the oldest
				os.Chtimes(p, used, used)
				paths = append(paths, p)
			}
			if tc.hit >= 0 && s.Get(kinds[tc.hit%len(kinds)], fmt.Sprintf("%02x%s", tc.hit, keyA[2:])) == nil {
				t.Fatal("the entry was not read")
			}
			old := now.Add(-48 * time.Hour)
			foreign := []string{"notes.txt", "figures/ab/mine.bin", "figures/ab/.hidden", "outputs/0123456789ab.json", "figures/zz/" + keyA[2:]}
			for _, f := range foreign {
				p := filepath.Join(s.dir, f)
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, make([]byte, size), 0o644)
				os.Chtimes(p, old, old)
			}
			temp := filepath.Join(s.dir, "figures", "ab", ".new-123")
			os.WriteFile(temp, nil, 0o600)
			os.Chtimes(temp, old, old)

			s.Prune(now.Add(tc.after)) // s was pruned at now

			var kept []int
			for i, p := range paths {
				if _, err := os.Stat(p); err == nil {
					kept = append(kept, i)
				}
			}
			if fmt.Sprint(kept) != fmt.Sprint(tc.kept) {
				t.Errorf("entries kept %v, want %v", kept, tc.kept)
			}
			for _, f := range foreign {
				if _, err := os.Stat(filepath.Join(s.dir, f)); err != nil {
					t.Errorf("%s, not an entry, was removed", f)
				}
			}
			if _, err := os.Stat(temp); (err != nil) != tc.noTemp {
				t.Errorf("the temporary file two days old: removed %t, want %t", err != nil, tc.noTemp)
			}
		})
	}
}

// FuzzDecode: decode never panics; what it accepts is exactly an entry
// encode wrote for the kind and key asked, and an entry with any one byte
// changed is refused.
func FuzzDecode(f *testing.F) {
	f.Add(encode(figures, keyA, []byte("body")), keyA, 0)
	f.Add(encode(figures, keyA, nil), keyA, 3)
	f.Add([]byte("scalesite-figures 3 "+keyA+" 00\nbody"), keyA, 7)
	f.Add([]byte(""), "", 0)
	f.Fuzz(func(t *testing.T, b []byte, key string, at int) {
		if body, ok := decode(b, figures, key); ok && !bytes.Equal(encode(figures, key, body), b) {
			t.Fatalf("accepted %q, which encode does not write for its body", b)
		}
		if key == "" || strings.IndexFunc(key, unicode.IsSpace) >= 0 {
			return // not a key: keys are hex
		}
		e := encode(figures, key, b)
		if body, ok := decode(e, figures, key); !ok || !bytes.Equal(body, b) {
			t.Fatalf("the entry of %q is not read back", b)
		}
		i := (at%len(e) + len(e)) % len(e)
		e[i] ^= 0x01
		if _, ok := decode(e, figures, key); ok {
			t.Fatalf("byte %d changed, the entry was accepted", i)
		}
	})
}

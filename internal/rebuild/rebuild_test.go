package rebuild

import "testing"

func TestCopiedAsIs(t *testing.T) {
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"static/robots.txt", true},
		{"static/data.csv", true}, // copied, whatever its kind
		{"static/notes.md", true},
		{"content/a/figure.png", true}, // beside a page: copied
		{"content/a/paper.pdf", true},
		{"content/a/index.md", false}, // a page: rendered
		{"content/a/runs.csv", false}, // a chart's data: its pages are rendered again
		{"content/a/runs.tsv", false},
		{"content/a/runs.tab", false},
		{"content/a/runs.json", false},
		{"content/a/history.jsonl", false},
		{"content/a/history.parquet", false},
		{"content/a/runs/7b/events.out.tfevents.1700000000.host.12.0", false},
		{"static/runs/events.out.tfevents.1", true},
		{"data/runs.csv", false},
		{"data/logo.png", false}, // data/ is read, never copied
		{"themes/mine/assets/site.css", false},
		{"scalesite.yaml", false},
	} {
		if got := CopiedAsIs(tc.file); got != tc.want {
			t.Errorf("CopiedAsIs(%q) = %v, want %v", tc.file, got, tc.want)
		}
	}
}

func TestPageKey(t *testing.T) {
	src := FileSum([]byte("---\ntitle: Runs\n---\n"))
	other := FileSum([]byte("---\ntitle: Runs, renamed\n---\n"))
	base := PageKey(src, "data runs.csv 01")
	for _, tc := range []struct {
		name  string
		key   [32]byte
		equal bool
	}{
		{"the same bytes, read again", PageKey(src, "data runs.csv 01"), true},
		{"its file changed", PageKey(other, "data runs.csv 01"), false},
		{"its data changed", PageKey(src, "data runs.csv 02"), false},
		{"a file more", PageKey(src, "data runs.csv 01", "image a.png 1x1 true"), false},
		{"the same text, cut elsewhere", PageKey(src, "data runs.csv", " 01"), false},
		{"nothing else read", PageKey(src), false},
	} {
		if got := tc.key == base; got != tc.equal {
			t.Errorf("%s: keys equal %v, want %v", tc.name, got, tc.equal)
		}
	}
}

func TestPagesKey(t *testing.T) {
	a, b, c, d, e := [32]byte{1}, [32]byte{2}, [32]byte{3}, [32]byte{4}, [32]byte{5}
	none := [32]byte{}
	for _, tc := range []struct {
		name  string
		x, y  [][32]byte
		equal bool
	}{
		{"the same pages", [][32]byte{a, b}, [][32]byte{a, b}, true},
		{"a page changed", [][32]byte{a, b}, [][32]byte{c, b}, false},
		{"another order", [][32]byte{a, b}, [][32]byte{b, a}, false},
		{"one more", [][32]byte{a}, [][32]byte{a, b}, false},
		{"a long list, the same", [][32]byte{a, b, c, d, e}, [][32]byte{a, b, c, d, e}, true},
		{"a long list, one changed", [][32]byte{a, b, c, d, e}, [][32]byte{b, b, c, d, e}, false},
		{"no page and none", nil, [][32]byte{}, true},
		{"no page and a missing one", nil, [][32]byte{none}, false},
	} {
		if got := PagesKey(tc.x...) == PagesKey(tc.y...); got != tc.equal {
			t.Errorf("%s: keys equal %v, want %v", tc.name, got, tc.equal)
		}
	}
	if k := PagesKey(a, b, c, d, e); len(k) != 33 {
		t.Errorf("a list of 5 pages has a key of %d bytes, want a checksum of 33", len(k))
	}
}

func TestLinkSum(t *testing.T) {
	type link struct {
		Title, URL string
		Tags       []string
	}
	base := link{"Runs", "/runs/", []string{"a"}}
	for _, tc := range []struct {
		name  string
		other link
		equal bool
	}{
		{"the same link", link{"Runs", "/runs/", []string{"a"}}, true},
		{"a new title", link{"Runs, renamed", "/runs/", []string{"a"}}, false},
		{"a new address", link{"Runs", "/runs2/", []string{"a"}}, false},
		{"a tag more", link{"Runs", "/runs/", []string{"a", "b"}}, false},
	} {
		if got := LinkSum(base) == LinkSum(tc.other); got != tc.equal {
			t.Errorf("%s: sums equal %v, want %v", tc.name, got, tc.equal)
		}
	}
}

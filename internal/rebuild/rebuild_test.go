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

func TestPagesKey(t *testing.T) {
	type page struct{ n int }
	a, b, c, d, e := &page{1}, &page{2}, &page{3}, &page{4}, &page{5}
	same := &page{1} // the same content, another value: another page
	for _, tc := range []struct {
		name  string
		x, y  []*page
		equal bool
	}{
		{"the same pages", []*page{a, b}, []*page{a, b}, true},
		{"a page read again", []*page{a, b}, []*page{same, b}, false},
		{"another order", []*page{a, b}, []*page{b, a}, false},
		{"one more", []*page{a}, []*page{a, b}, false},
		{"a long list, the same", []*page{a, b, c, d, e}, []*page{a, b, c, d, e}, true},
		{"a long list, one read again", []*page{a, b, c, d, e}, []*page{same, b, c, d, e}, false},
		{"no page and none", nil, []*page{}, true},
		{"no page and a nil one", nil, []*page{nil}, false},
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

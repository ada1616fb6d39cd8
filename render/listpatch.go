package render

import (
	"cmp"
	"slices"
	"sort"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// What a patch (incremental.go) makes again outside the changed pages
// themselves, when their links or search entries changed: a title saved in
// the live preview of a site of 10,000 pages makes again the page, its
// neighbours, one page of the home listing and of each of its tags'
// listings, and the search index; not the 200 pages of each listing, nor
// the sitemap, nor a key of every page (BENCHMARKS.md, issue 22).

// pages are the indexes, ascending and each once, of the pages a patch
// renders: the changed ones, and the neighbours of those whose link
// changed (their own pages show it).
func (d delta) pages(n int) []int {
	out := slices.Clone(d.changed)
	for _, i := range d.listed {
		if i > 0 {
			out = append(out, i-1)
		}
		if i+1 < n {
			out = append(out, i+1)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// groupIndexes are, for each tag's listing of groups, the indexes in pages
// of its pages, ascending (tagGroups keeps the site's order).
func groupIndexes(pages []*site.Page, groups []tagGroup) [][]int {
	out := make([][]int, len(groups))
	bySlug := make(map[string]int, len(groups))
	for i, g := range groups {
		bySlug[g.Slug] = i
		out[i] = make([]int, 0, len(g.Pages))
	}
	for i, p := range pages {
		for _, t := range p.Tags {
			g := bySlug[TagSlug(t)]
			if n := len(out[g]); n > 0 && out[g][n-1] == i {
				continue // tags of one page that share a slug list it once
			}
			out[g] = append(out[g], i)
		}
	}
	return out
}

// listPatch makes again, through put, what shows the changed pages of d
// outside their own page (see above), and returns the paths of the files
// of cachedData among them (the feed, the sitemap, the search index),
// which the cache keeps without their size. It brings the last call's
// tag listings (l's) up to date with the new pages.
func (rr *Renderer) listPatch(r *renderer, l *lastRender, d delta, put func(output.File) error) (plain map[string]bool, err error) {
	s := r.site
	size := r.listSize()
	// The tags' listings hold the new pages (the same places: samePlace).
	for _, i := range d.changed {
		p := s.Pages[i]
		for _, t := range p.Tags {
			g, ok := sort.Find(len(l.groups), func(k int) int { return cmp.Compare(TagSlug(t), l.groups[k].Slug) })
			if !ok {
				continue
			}
			if at, ok := slices.BinarySearch(l.groupAt[g], i); ok {
				l.groups[g].Pages[at] = p
			}
		}
	}
	homes := map[int]bool{}
	if d.home {
		homes[0] = true // the first page of the home listing shows it
	}
	type tagPage struct{ group, n int }
	tags := map[tagPage]bool{}
	feed, sitemap, search := false, false, false
	for _, i := range d.listed {
		old, p := l.pages[i], s.Pages[i]
		homes[pageOf(i, len(s.Pages), size)] = true
		for _, t := range p.Tags {
			g, ok := sort.Find(len(l.groups), func(k int) int { return cmp.Compare(TagSlug(t), l.groups[k].Slug) })
			if !ok {
				continue
			}
			if at, ok := slices.BinarySearch(l.groupAt[g], i); ok {
				tags[tagPage{g, pageOf(at, len(l.groupAt[g]), size)}] = true
			}
		}
		feed = feed || i < len(r.feedPages())
		sitemap = sitemap || !old.Date.Equal(p.Date)
		search = search || !sameSearchEntry(old, p)
	}
	for _, n := range sortedInts(homes) {
		f, err := r.homePage(n)
		if err != nil {
			return nil, err
		}
		if err := put(f); err != nil {
			return nil, err
		}
	}
	tagPages := make([]tagPage, 0, len(tags))
	for t := range tags {
		tagPages = append(tagPages, t)
	}
	slices.SortFunc(tagPages, func(a, b tagPage) int { return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.n, b.n)) })
	for _, t := range tagPages {
		f, err := r.tagPage(l.groups[t.group], t.n)
		if err != nil {
			return nil, err
		}
		if err := put(f); err != nil {
			return nil, err
		}
	}
	plain = map[string]bool{}
	remake := func(path, key string, render func() ([]byte, error)) error {
		b, err := render()
		if err != nil {
			return err
		}
		rr.mu.Lock()
		c := rr.entry(key, b)
		c.plain = true
		rr.cache[path] = c
		rr.mu.Unlock()
		plain[path] = true
		return put(output.File{Path: path, Data: b, Default: true})
	}
	if feed {
		if err := remake(FeedFile, linkKey(r, r.feedPages()...), r.feed); err != nil {
			return nil, err
		}
	}
	// The sitemap and the search index list every page: they are keyed
	// so that the next call that goes through every file makes them
	// again (their keys would cost a pass over every page).
	if sitemap {
		if err := remake(SitemapFile, "\x00patched", func() ([]byte, error) { return r.sitemap(l.groups), nil }); err != nil {
			return nil, err
		}
	}
	if search {
		if err := remake(SearchFile, "\x00patched", r.searchIndex); err != nil {
			return nil, err
		}
	}
	return plain, nil
}

// sortedInts are the keys of m, ascending.
func sortedInts(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

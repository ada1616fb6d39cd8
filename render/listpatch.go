package render

import (
	"cmp"
	"slices"
	"sort"

	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// What a patch (patch.go) makes again outside the changed pages
// themselves, when their links or search entries changed: a title saved in
// the live preview of a site of 10,000 pages makes again the page, its
// neighbours, one page of the home listing and of each of its tags'
// listings, and the search index; not the 200 pages of each listing, nor
// the sitemap, nor a key of every page (BENCHMARKS.md, issue 22). A page
// added (the newest, say) makes again the first page of the home listing
// and of each of its tags' (the full pages, numbered from the oldest, do
// not move: listing.go), and, once in listSize new pages, a new full page
// and the one before it; a new tag makes its listing and the tags index;
// a page removed, or a tag, removes the listing pages no longer needed. A
// page moved in the order (dated anew) makes again its old neighbours and
// its new, and the pages of the home listing and of each of its tags'
// listings that the entries between its old place and its new shift
// across: each a concatenation of kept entries (layout.EntryMemo).

// pages are the indexes in the new pages, ascending and each once, of the
// pages a patch renders: the changed and added ones, and the neighbours of
// those whose link changed or that were added or removed (their own
// pages show it).
func (d delta) pages(n int) []int {
	out := slices.Clone(d.changed)
	near := func(i int) {
		if i > 0 {
			out = append(out, i-1)
		}
		if i+1 < n {
			out = append(out, i+1)
		}
	}
	for _, i := range d.listed {
		near(i)
	}
	if d.added >= 0 {
		out = append(out, d.added)
		near(d.added)
	}
	if i := d.removed; i >= 0 {
		// The pages on either side of it: i-1 and i in the pages without
		// it, each one further on past the page added (moved) before it.
		without := n
		if d.added >= 0 {
			without--
		}
		for _, k := range [...]int{i - 1, i} {
			if k < 0 || k >= without {
				continue
			}
			if d.added >= 0 && k >= d.added {
				k++
			}
			out = append(out, k)
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

// findGroup is the index in groups (in slug order) of the tag of slug.
func findGroup(groups []tagGroup, slug string) (int, bool) {
	return sort.Find(len(groups), func(k int) int { return cmp.Compare(slug, groups[k].Slug) })
}

// listingChanges are the pages of a listing that was old and is now new
// (entries newest first) to make again, and those to remove, when entries
// were added, removed or moved: the first page, and each full page from
// the one that holds the oldest entry not as it was (compared from the
// oldest: a new newest entry moves none) to the newest; the newest full
// page of old and of new, when they differ, whose newer neighbours
// change; and the full pages new no longer fills. With as many entries as
// before (one moved), the full pages stop at the one that holds the
// newest entry not as it was, and the first page is made only when it
// holds one. Entries changed in place (same slug) count as the same:
// their own page is made again by their link.
func listingChanges(old, new []*site.Page, size int) (remake, gone []int) {
	n0, n1 := len(old), len(new)
	same := 0 // entries the same, counted from the oldest
	for same < n0 && same < n1 && sameEntry(old[n0-1-same], new[n1-1-same]) {
		same++
	}
	if same == n0 && same == n1 {
		return nil, nil
	}
	f0, f1 := listing{pages: old}.full(size), listing{pages: new}.full(size)
	first, last := n1 > 0, f1
	if n0 == n1 {
		top := 0 // entries the same, counted from the newest
		for sameEntry(old[top], new[top]) {
			top++
		}
		if n := pageOf(top, n1, size); n > 0 {
			first, last = false, n
		}
	}
	if first {
		remake = append(remake, 0)
	}
	from := same/size + 1
	for n := from; n <= last; n++ {
		remake = append(remake, n)
	}
	if f0 != f1 {
		// The newest full page of old and of new: its newer neighbour
		// is another page than it was.
		for _, n := range []int{f0, f1} {
			if n >= 1 && n < from && n <= f1 {
				remake = append(remake, n)
			}
		}
	}
	for n := f1 + 1; n <= f0; n++ {
		gone = append(gone, n)
	}
	if n1 == 0 {
		gone = append(gone, 0)
	}
	return remake, gone
}

// sameEntry reports whether a and b are the same entry of a listing: the
// same page, or a new value of it (the same slug).
func sameEntry(a, b *site.Page) bool { return a == b || a.Slug == b.Slug }

// listPatch makes again, through fs, what shows the changed pages of d
// outside their own page (see above), removes the listing pages no longer
// needed, and returns the paths of the files of cachedData among those
// made (the feed, the sitemap, the search index), which the cache keeps
// without their size. It brings the last call's tag listings (l's) up to
// date with the new pages.
func (rr *Renderer) listPatch(r *renderer, l *lastRender, d delta, fs *patchFiles) (plain map[string]bool, err error) {
	s := r.site
	size := r.listSize()
	homes := map[int]bool{}
	type tagPage struct{ group, n int }
	tags := map[tagPage]bool{}
	if d.reshaped() {
		// The listings change: each that changed makes the pages of it
		// listingChanges says (all of a tag's whose name changed).
		if d.added >= 0 || d.removed >= 0 {
			remake, gone := listingChanges(l.pages, s.Pages, size)
			for _, n := range remake {
				homes[n] = true
			}
			for _, n := range gone {
				fs.remove(r.homeListing().outputPath(n))
			}
		}
		was, renamed := l.regroup(s, d)
		for slug, old := range was {
			var now []*site.Page
			g, ok := findGroup(l.groups, slug)
			if ok {
				now = l.groups[g].Pages
			}
			remake, gone := listingChanges(old, now, size)
			if slices.Contains(renamed, slug) {
				remake = remake[:0]
				for n := range tagListing(l.groups[g]).count(size) {
					remake = append(remake, n)
				}
			}
			for _, n := range remake {
				tags[tagPage{g, n}] = true
			}
			for _, n := range gone {
				fs.remove(listing{dir: "tags/" + slug}.outputPath(n))
			}
		}
		if len(l.groups) > 0 { // (a site that gains or loses its tags goes through every file: SiteFacts)
			f, err := r.tagsIndex(l.groups)
			if err != nil {
				return nil, err
			}
			if err := fs.put(f); err != nil {
				return nil, err
			}
		}
	} else {
		// The tags' listings hold the new pages in the places of the old.
		for _, i := range d.changed {
			p := s.Pages[i]
			for _, slug := range tagSlugs(p) {
				g, ok := findGroup(l.groups, slug)
				if !ok {
					continue
				}
				if at, ok := slices.BinarySearch(l.groupAt[g], i); ok {
					l.groups[g].Pages[at] = p
				}
			}
		}
	}
	if d.home {
		homes[0] = true // the first page of the home listing shows it
	}
	feed, sitemap, search := d.reshaped(), d.reshaped(), d.added >= 0 || d.removed >= 0
	// The listing pages that show the i-th page, whose link (old's before)
	// changed.
	relist := func(i int, old *site.Page) {
		p := s.Pages[i]
		homes[pageOf(i, len(s.Pages), size)] = true
		for _, t := range p.Tags {
			g, ok := findGroup(l.groups, TagSlug(t))
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
	for _, i := range d.listed {
		relist(i, d.was[slices.Index(d.changed, i)])
	}
	if d.moved() && !r.sameOutside(l.pages[d.removed], s.Pages[d.added]) {
		// A tag's listing may show the moved page in the same place.
		relist(d.added, l.pages[d.removed])
	}
	// The files, made on every core (a page moved shifts the entries of
	// hundreds of listing pages), and put in this order.
	var jobs []func() (output.File, error)
	for _, n := range sortedInts(homes) {
		jobs = append(jobs, func() (output.File, error) { return r.homePage(n) })
	}
	tagPages := make([]tagPage, 0, len(tags))
	for t := range tags {
		tagPages = append(tagPages, t)
	}
	slices.SortFunc(tagPages, func(a, b tagPage) int { return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.n, b.n)) })
	for _, t := range tagPages {
		jobs = append(jobs, func() (output.File, error) { return r.tagPage(l.groups[t.group], t.n) })
	}
	plain = map[string]bool{}
	remake := func(path string, key func() (string, listKey), render func() ([]byte, error)) {
		plain[path] = true
		jobs = append(jobs, func() (output.File, error) {
			b, err := render()
			if err != nil {
				return output.File{}, err
			}
			k, list := key()
			rr.mu.Lock()
			c := rr.entry(k, b)
			c.plain, c.list = true, list.own()
			rr.put(path, c)
			rr.mu.Unlock()
			return output.File{Path: path, Data: b, Default: true}, nil
		})
	}
	if feed {
		remake(FeedFile, r.feedKey, r.feed)
	}
	if sitemap {
		remake(SitemapFile, func() (string, listKey) { return r.sitemapKey(l.groups) }, func() ([]byte, error) { return r.sitemap(l.groups), nil })
	}
	if search {
		remake(SearchFile, r.searchKey, r.searchIndex)
		// The search page links KaTeX's stylesheet while the index holds
		// typeset titles (searchMath): made again when that changes.
		if r.data.SearchURL != "" {
			jobs = append(jobs, r.searchPage)
		}
	}
	files, errs := make([]output.File, len(jobs)), make([]error, len(jobs))
	par.For(len(jobs), 0, func(j int) { files[j], errs[j] = jobs[j]() })
	for j, f := range files {
		if errs[j] != nil {
			return nil, errs[j]
		}
		if err := fs.put(f); err != nil {
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

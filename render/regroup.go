package render

import (
	"slices"

	"github.com/scalesite/scalesite/site"
)

// regroup brings the last call's tags' listings (l.groups, l.groupAt) up
// to date with s, which differs from the last call's pages (l.pages, not
// yet updated) as d says, without grouping every page again: the slug of
// every tag of 10,000 pages is most of what a patch would otherwise cost.
// Each listing loses the page removed and the tags a changed page
// dropped, gains the page added and the tags a changed page took, and
// holds the new values of the changed pages; the indexes of the others
// move by the page added or removed (both, for a page moved: removed from
// its old place, then added at its new). It returns the entries, as they were,
// of each listing whose entries changed (nil for a new tag), by slug, and
// the slugs of the listings whose name changed (a tag is named as the
// newest page that has it writes it: every page of its listing shows it).
func (l *lastRender) regroup(s *site.Site, d delta) (was map[string][]*site.Page, renamed []string) {
	was = map[string][]*site.Page{}
	touch := func(slug string) {
		if _, ok := was[slug]; ok {
			return
		}
		if g, ok := findGroup(l.groups, slug); ok {
			was[slug] = slices.Clone(l.groups[g].Pages)
		} else {
			was[slug] = nil
		}
	}
	// The listings that gain or lose an entry, as they were.
	if d.removed >= 0 {
		for _, slug := range tagSlugs(l.pages[d.removed]) {
			touch(slug)
		}
	}
	if d.added >= 0 {
		for _, slug := range tagSlugs(s.Pages[d.added]) {
			touch(slug)
		}
	}
	for k, i := range d.changed {
		before, after := tagSlugs(d.was[k]), tagSlugs(s.Pages[i])
		for _, slug := range before {
			if !slices.Contains(after, slug) {
				touch(slug)
			}
		}
		for _, slug := range after {
			if !slices.Contains(before, slug) {
				touch(slug)
			}
		}
	}
	names := make(map[string]string, len(was))
	for slug := range was {
		if g, ok := findGroup(l.groups, slug); ok {
			names[slug] = l.groups[g].Name
		}
	}
	// The page removed leaves its listings, and every index moves to the
	// new pages' (one page fewer, or one more, before it).
	if d.removed >= 0 || d.added >= 0 {
		for g := range l.groups {
			at, pages := l.groupAt[g][:0], l.groups[g].Pages[:0]
			for k, i := range l.groupAt[g] {
				if i == d.removed {
					continue
				}
				if d.removed >= 0 && i > d.removed {
					i--
				}
				if d.added >= 0 && i >= d.added {
					i++
				}
				at, pages = append(at, i), append(pages, l.groups[g].Pages[k])
			}
			l.groupAt[g], l.groups[g].Pages = at, pages
		}
	}
	// The changed pages: their new values, the tags they dropped and took.
	for k, i := range d.changed {
		p := s.Pages[i]
		before, after := tagSlugs(d.was[k]), tagSlugs(p)
		for _, slug := range before {
			if !slices.Contains(after, slug) {
				l.leave(slug, i)
			}
		}
		for _, slug := range after {
			if !slices.Contains(before, slug) {
				l.join(slug, i, p)
				continue
			}
			g, _ := findGroup(l.groups, slug)
			if at, ok := slices.BinarySearch(l.groupAt[g], i); ok {
				l.groups[g].Pages[at] = p
			}
		}
	}
	if d.added >= 0 {
		p := s.Pages[d.added]
		for _, slug := range tagSlugs(p) {
			l.join(slug, d.added, p)
		}
	}
	// The listings left without pages go; each listing touched is named
	// as its newest page writes its tag.
	for g := len(l.groups) - 1; g >= 0; g-- {
		if len(l.groups[g].Pages) == 0 {
			l.groups = slices.Delete(l.groups, g, g+1)
			l.groupAt = slices.Delete(l.groupAt, g, g+1)
		}
	}
	for slug := range was {
		g, ok := findGroup(l.groups, slug)
		if !ok {
			continue
		}
		for _, t := range l.groups[g].Pages[0].Tags {
			if TagSlug(t) == slug {
				l.groups[g].Name = t
				break
			}
		}
		if name, ok := names[slug]; ok && name != l.groups[g].Name {
			renamed = append(renamed, slug)
		}
	}
	slices.Sort(renamed)
	return was, renamed
}

// join adds page p, at index i of the new pages, to the listing of the tag
// of slug, which it makes when there is none.
func (l *lastRender) join(slug string, i int, p *site.Page) {
	g, ok := findGroup(l.groups, slug)
	if !ok {
		l.groups = slices.Insert(l.groups, g, tagGroup{Slug: slug})
		l.groupAt = slices.Insert(l.groupAt, g, []int(nil))
	}
	at, _ := slices.BinarySearch(l.groupAt[g], i)
	l.groupAt[g] = slices.Insert(l.groupAt[g], at, i)
	l.groups[g].Pages = slices.Insert(l.groups[g].Pages, at, p)
}

// leave removes the page at index i of the new pages from the listing of
// the tag of slug.
func (l *lastRender) leave(slug string, i int) {
	g, ok := findGroup(l.groups, slug)
	if !ok {
		return
	}
	if at, ok := slices.BinarySearch(l.groupAt[g], i); ok {
		l.groupAt[g] = slices.Delete(l.groupAt[g], at, at+1)
		l.groups[g].Pages = slices.Delete(l.groups[g].Pages, at, at+1)
	}
}

// tagSlugs are the slugs of p's tags, each once, in the order written.
func tagSlugs(p *site.Page) []string {
	out := make([]string, 0, len(p.Tags))
	for _, t := range p.Tags {
		if slug := TagSlug(t); !slices.Contains(out, slug) {
			out = append(out, slug)
		}
	}
	return out
}

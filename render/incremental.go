package render

import (
	"slices"
	"sync"

	"github.com/yuin/goldmark"

	"github.com/scalesite/scalesite/markdown"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/themes"
)

// Renderer renders sites with one theme and remembers what it rendered, so
// that after a change to a few pages only those pages, and the pages that
// show them (their neighbours' links, the home page, their tags' pages), are
// rendered again. The live preview keeps one (pipeline.Preview); a build
// streams through one made by NewStreamRenderer, which remembers nothing.
// The keys it remembers by are in keys.go, and internal/rebuild states the
// rules they serve.
type Renderer struct {
	theme    *theme
	md       goldmark.Markdown
	themeDir string
	config   site.Config

	mu    sync.Mutex
	cache map[string]*cachedFile     // by output path; nil: remember nothing
	facts *SiteFacts                 // the last call's site's; nil before the first
	gen   int                        // counts the calls; see cachedFile.used
	links map[*site.Page]*listedPage // each page's entry in listings, made once
	// byPage is the cache's entry of each page's HTML as a stream
	// recorded it, by the page it was made from, so that keep finds it
	// without hashing its path; an entry since replaced is stale.
	byPage map[*site.Page]*cachedFile
	// searchJSON is each page's entry in the search index as written
	// (searchIndex), kept as links are; nil when the Renderer remembers
	// nothing.
	searchJSON map[*site.Page][]byte
	renders    int
	// last is what the last call rendered, for the next to patch (see
	// patch); nil when the next must go through every file.
	last *lastRender
	// statics draws the charts' static figures; nil when the pages go
	// without (the live preview, or staticFigures: false).
	statics *statics
	// font is the chart font the pages load with static figures (see
	// chartFont), made once.
	fontOnce sync.Once
	font     *chartFont
	// patched are the indexes in the last call's Output of the files it
	// made, when that call patched the one before (Patched); nil otherwise.
	patched []int
	// removed are the files of the call before that the last call, a
	// patch, removed (Patched).
	removed []string
	// made are the indexes in the last call's Output of the files it
	// made, when that call streamed files at the paths of the one before:
	// see Made.
	made []int
	// handed are the indexes in the last stream's Output of the files it
	// handed to emit, when the Output has the paths of the call before's
	// but for those new (made) and those gone (removed); nil otherwise.
	handed []int
	// usedN counts the cache's entries this call (gen) produced, so that
	// end sweeps the cache only when some entry was not (a file gone).
	usedN int
	// newPaths reports that this call put an entry at a path the cache
	// did not hold: a file new to the site, which Stream checks for
	// clashes with the others.
	newPaths bool
	// gone are the paths of the entries end swept: the files of the last
	// call that this one did not produce.
	gone []string
	// lastSite are the paths of the last call's files besides pages,
	// listings and charts' files (renderer.siteFiles), and lastClean
	// reports that its files had no clash resolved (a static file in a
	// generated one's place): a call with the same paths and no path new
	// to the cache needs no check for clashes, and its files are the last
	// call's but for those made and those gone (Made).
	lastSite  []string
	lastClean bool
	// tagIDs numbers each tag slug met (groupTags), and tagSlugs are
	// the slugs by number.
	tagIDs   map[string]int
	tagSlugs []string
	// streamOnly sends every Render through Stream, never a patch (set
	// by tests of what a streamed save tells its caller).
	streamOnly bool
}

// cachedFile is what a Renderer keeps of a file it made: the key it was
// made for and its size, never its bytes, which the caller holds.
type cachedFile struct {
	key  string
	size int
	used int // the last call (gen) that produced the file
	// plain marks a file of cachedData, which the Renderer hands back
	// without its size.
	plain bool
	// files are, for a page's HTML, the files made with it (its charts'
	// files), as the Output lists them, for a call that keeps the page
	// (keep).
	files []output.File
	// deps are the cache's entries of files[1:] (nil where it has none),
	// found by the first keep of the page, so that the next need not look
	// them up by path.
	deps []*cachedFile
	// stale marks an entry the cache no longer holds: replaced by
	// another, or forgotten (put, forget).
	stale bool
	// list are, for a file that lists pages (cachedList), the pages it
	// lists, which its key is compared with besides key.
	list []*site.Page
	// shown is, for a page's HTML, the page and its neighbours as the
	// file shows them (neighbourhood), once a stream made or kept it:
	// a later stream keeps the page with the same values around it
	// without a key (keepAhead).
	shown [3]*site.Page
}

// put makes e the cache's entry of path, marking the one it replaces
// stale. It is called with rr.mu held.
func (rr *Renderer) put(path string, e *cachedFile) {
	if old, ok := rr.cache[path]; ok {
		if old.used == rr.gen {
			rr.usedN--
		}
		old.stale = true
	} else {
		rr.newPaths = true
	}
	e.used = rr.gen
	rr.usedN++
	rr.cache[path] = e
}

// use marks the cache's entry c as produced by this call
// (cachedFile.used). It is called with rr.mu held.
func (rr *Renderer) use(c *cachedFile) {
	if c.used != rr.gen && !c.stale {
		c.used = rr.gen
		rr.usedN++
	}
}

// forget removes the cache's entry of path, marking it stale. It is
// called with rr.mu held.
func (rr *Renderer) forget(path string) {
	if old, ok := rr.cache[path]; ok {
		if old.used == rr.gen {
			rr.usedN--
		}
		old.stale = true
		delete(rr.cache, path)
	}
}

// NewRenderer loads the theme of s.
func NewRenderer(s *site.Site) (*Renderer, error) {
	rr, err := NewStreamRenderer(s)
	if err != nil {
		return nil, err
	}
	rr.cache, rr.links, rr.searchJSON = map[string]*cachedFile{}, map[*site.Page]*listedPage{}, map[*site.Page][]byte{}
	rr.byPage = map[*site.Page]*cachedFile{}
	// The live preview's Renderer draws no static figures: the live chart
	// is there at once, and a static figure would only add time between a
	// save and the page shown again.
	rr.statics = nil
	return rr, nil
}

// NewStreamRenderer loads the theme of s for a Renderer that keeps nothing
// it renders: a build's, where every file is rendered once and written.
func NewStreamRenderer(s *site.Site) (*Renderer, error) {
	th, err := loadTheme(themes.Default(), s.Theme, s.ThemeDir, s.Config.BasePath)
	if err != nil {
		return nil, err
	}
	var ext []goldmark.Extender
	if s.Config.Markdown.Unsafe {
		ext = append(ext, markdown.RawHTML)
	}
	rr := &Renderer{theme: th, md: markdown.New(ext...), themeDir: s.ThemeDir, config: s.Config}
	if s.Config.StaticFigures {
		rr.statics = newStatics(th)
	}
	return rr, nil
}

// The live preview of a large site keeps little of it: the served files
// compressed (serve), no page's body once it is rendered
// (site.Site.DropBodies), and a Renderer that remembers the keys of what
// it rendered but not the bytes: Render hands back the files it renders
// with their bytes, and those it did not render again without (Data nil,
// Size their length; the feed, sitemap, search index and CSV files with
// Size 0 too), for the caller to keep from the last call. A page whose
// neighbours' links change is rendered again: its body is loaded again
// as it is (site.Site.LoadBody). A Render that fails leaves the caller
// without files the Renderer counts as made: make a new Renderer then.

// Fits reports whether rr can render s: the same theme folder and config,
// and, once rr has rendered, the same SiteFacts, which every page shows
// but no page's key holds. A theme's files changing on disk needs a new
// Renderer too.
func (rr *Renderer) Fits(s *site.Site) bool {
	if rr.themeDir != s.ThemeDir || rr.config != s.Config {
		return false
	}
	rr.mu.Lock()
	facts := rr.facts
	rr.mu.Unlock()
	return facts == nil || *facts == Facts(s)
}

// Renders counts the pages (of any kind: pages, home, tags, 404) rendered
// since the Renderer was made, as opposed to taken from its memory.
func (rr *Renderer) Renders() int {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	return rr.renders
}

func (rr *Renderer) begin() {
	if rr.cache == nil {
		return
	}
	rr.mu.Lock()
	rr.gen++
	rr.usedN, rr.newPaths, rr.gone = 0, false, nil
	rr.mu.Unlock()
}

// end forgets the files the last call did not produce (deleted pages,
// listed in gone), and the link keys of pages no longer in the site. The
// cache is swept only when some entry was not produced: most saves
// produce every file again, made or kept.
func (rr *Renderer) end(s *site.Site) {
	if rr.cache == nil {
		return
	}
	rr.mu.Lock()
	if rr.usedN != len(rr.cache) {
		for p, c := range rr.cache {
			if c.used != rr.gen {
				c.stale = true
				delete(rr.cache, p)
				rr.gone = append(rr.gone, p)
			}
		}
		slices.Sort(rr.gone)
	}
	rr.mu.Unlock()
	rr.pruneLinks(s)
}

// cached returns the file at path as rendered for key, rendering it when
// the last file there was rendered for another key. It is safe for
// concurrent use.
func (rr *Renderer) cached(path, key string, render func() ([]byte, error)) (output.File, error) {
	return rr.cachedList(path, key, listKey{}, render)
}

// cachedList is cached for a file that lists pages, kept by key and by
// what it shows of each page of list (listKey).
func (rr *Renderer) cachedList(path, key string, list listKey, render func() ([]byte, error)) (output.File, error) {
	if rr.cache == nil {
		b, err := render()
		rr.mu.Lock()
		rr.renders++
		rr.mu.Unlock()
		return output.File{Path: path, Data: b}, err
	}
	c, ok := rr.kept(path, key, list)
	if ok {
		return output.File{Path: path, Size: c.size}, nil
	}
	b, err := render()
	if err != nil {
		return output.File{}, err
	}
	if b == nil {
		b = []byte{} // nil bytes mean "as last time"
	}
	rr.mu.Lock()
	e := rr.entry(key, b)
	e.list = list.own()
	if c != nil && c.files != nil {
		// A page made again in its place (patch) is made with the same
		// charts' files (samePlace).
		e.files = slices.Clone(c.files)
		e.files[0].Size = len(b)
	}
	rr.put(path, e)
	rr.renders++
	rr.mu.Unlock()
	return output.File{Path: path, Data: b}, nil
}

// entry is what the cache keeps of a file rendered for key.
func (rr *Renderer) entry(key string, b []byte) *cachedFile {
	return &cachedFile{key: key, size: len(b)}
}

// cachedData is cached for files that are not pages (the feed, the
// sitemap): they are kept, but not counted as renders. It returns nil
// for a file it did not make again.
func (rr *Renderer) cachedData(path, key string, render func() ([]byte, error)) ([]byte, error) {
	return rr.cachedListData(path, key, listKey{}, render)
}

// cachedListData is cachedData for a file that lists pages (cachedList).
func (rr *Renderer) cachedListData(path, key string, list listKey, render func() ([]byte, error)) ([]byte, error) {
	if rr.cache == nil {
		return render()
	}
	if _, ok := rr.kept(path, key, list); ok {
		return nil, nil
	}
	b, err := render()
	if err != nil {
		return nil, err
	}
	if b == nil {
		b = []byte{}
	}
	rr.mu.Lock()
	c := rr.entry(key, b)
	c.plain, c.list = true, list.own()
	rr.put(path, c)
	rr.mu.Unlock()
	return b, nil
}

// A save in the live preview changes a page or two of a site that may have
// thousands. When the pages it read again keep their place in the site
// (their slug, their place in the order, their tags, their charts' names,
// whether they have math), or one page is added, removed or moved in the
// order, only those pages and what shows them are made again: the next
// Render patches the last call's files (patch) instead of keying every
// file of the site, and Patched tells the caller which files it made, so
// that its own work is that of the change too. What shows a
// page outside its own file: when its link in listings changed (title,
// date, description, chart titles), its neighbours' pages, the page of the
// home listing and of each of its tags' listings that lists it, the feed
// when it is among the newest, and the sitemap when its date changed; when
// its search entry changed, the search index; when it moved, what
// listpatch.go says. Anything else goes through every file.

// patchMax is how many changed pages a patch takes at most: beyond it,
// going through every file costs little more.
const patchMax = 64

// lastRender is what a Renderer's last call rendered.
type lastRender struct {
	pages     []*site.Page
	home      *site.Page
	root      string
	resources []string
	static    []string
	files     []output.File  // its output.Output, the files the cache keeps without bytes
	index     map[string]int // output path → index in files; nil until settle
	// groups are the tags' listings as the last call made them, and
	// groupAt the indexes in pages of each group's pages (ascending), so
	// that a patch finds a page's place in its tags' listings without
	// grouping every page again.
	groups  []tagGroup
	groupAt [][]int
}

// delta is what changed since the last call, when the next call can patch
// it.
type delta struct {
	changed []int        // indexes in s.Pages of the pages that are new values of pages of the last call
	was     []*site.Page // the last call's value of each of changed
	listed  []int        // those of changed whose link or search entry changed too
	home    bool         // whether the home page is a new value
	// added is the index in s.Pages of a page new to the site, and
	// removed the index in the last call's pages of a page gone from it;
	// -1 for none. Both for a page moved in the order (its date): removed
	// from its old place and added at its new (moved).
	added, removed int
	// regroup reports that the tags' listings are not those of the last
	// call: a page added or removed has tags, or a changed page's tags
	// changed.
	regroup bool
}

// reshaped reports whether the listings change otherwise than in place: a
// page added, removed or moved, or the tags' listings changed.
func (d delta) reshaped() bool { return d.added >= 0 || d.removed >= 0 || d.regroup }

// moved reports whether a page moved in the order: its files stay, but
// its neighbours, old and new, and the listing pages between its old
// place and its new change.
func (d delta) moved() bool { return d.added >= 0 && d.removed >= 0 }

// remember keeps, after a call that went through every file of s, what
// the next call needs to patch it. What only a patch reads (settle) is
// worked out by the first patch, so that a run of saves that each go
// through every file (a data file many pages read, saved again and
// again) does not pay for it.
func (rr *Renderer) remember(s *site.Site, groups []tagGroup, files []output.File) {
	rr.patched, rr.removed, rr.made = nil, nil, nil
	if rr.cache == nil {
		rr.last = nil
		return
	}
	// The files are the call's Output's own, not a copy: its caller is
	// done with them by the next call (Take), which settles them.
	rr.last = &lastRender{pages: slices.Clone(s.Pages), home: s.Home, root: s.Root, resources: s.Resources,
		static: s.Static, files: files, groups: groups}
}

// settle works out, once, what a patch of the last call reads besides
// what remember kept: the index of its files, the places of the pages in
// each tag's listing, and the files listed as the cache keeps them (the
// call's own Output gave their bytes to its caller). It is called before
// the cache changes after the call remember recorded.
func (l *lastRender) settle(rr *Renderer) {
	if l.index != nil {
		return
	}
	l.index = make(map[string]int, len(l.files))
	l.groupAt = groupIndexes(l.pages, l.groups)
	rr.mu.Lock()
	for i, f := range l.files {
		l.index[f.Path] = i
		if c, ok := rr.cache[f.Path]; ok && f.Src == "" {
			l.files[i].Data, l.files[i].Size = nil, c.size
			if c.plain {
				l.files[i].Size = 0
			}
		}
	}
	rr.mu.Unlock()
}

// Patched returns the indexes in the Output of the last Render of the
// files it made (with their bytes), the files of the call before that it
// removed, and true, when that call patched the one before: the Output
// holds the files of the call before, but for those removed, with those at
// the indexes made made again or added (a new page, a new tag's listing),
// and the others as in the call before, without bytes. Otherwise it
// returns false.
//
// A patched Output shares its Files with the Renderer, which patches them
// again in the next call: the caller reads it, and may drop the bytes of
// the files (set Data to nil), until then.
func (rr *Renderer) Patched() (made []int, removed []string, ok bool) {
	if rr.patched == nil {
		return nil, nil, false
	}
	return rr.patched, rr.removed, true
}

// Made returns the indexes in the Output of the last Render of the files
// it made (with their bytes), the files of the call before that it
// removed, and true, when the caller need look at those only: the other
// files are those of the call before, unchanged and at the same paths.
// So it is after a patch (Patched), and after a stream whose files are
// those of the call before but for those new, made again and gone (a
// page moved, added or removed too), wherever they stand in the Output:
// every save but one that changes the files copied as they are, the
// theme's assets or KaTeX's, or whose files clash. Otherwise it returns
// false. The Output of a patch is shared as Patched says.
func (rr *Renderer) Made() (made []int, removed []string, ok bool) {
	if rr.patched != nil {
		return rr.patched, rr.removed, true
	}
	return rr.made, rr.gone, rr.made != nil
}

// delta compares s with the last call's site, and says whether the next
// call can patch the last (see above) and what changed. The pages are
// walked in step: a page of the same slug in the same place is the same
// page, changed or not; one page more (or less) may stand anywhere, when
// its slug is new to the site (or gone from it); and, the pages as many as
// before, one page may stand elsewhere in the order (moved), found where
// the walk first meets a slug out of step: the last call's page there
// moved older when the new page there is the last call's next one, else
// the new page there moved newer when the last call's page there is the
// new next one.
func (rr *Renderer) delta(s *site.Site) (d delta, ok bool) {
	l := rr.last
	grow := 0
	if l != nil {
		grow = len(s.Pages) - len(l.pages)
	}
	if l == nil || rr.cache == nil || !rr.Fits(s) || grow < -1 || grow > 1 || s.Root != l.root ||
		!slices.Equal(s.Resources, l.resources) || !slices.Equal(s.Static, l.static) {
		return d, false
	}
	d.added, d.removed = -1, -1
	r := &renderer{site: s, theme: rr.theme, md: rr.md, rr: rr}
	for i, j := 0, 0; i < len(s.Pages) || j < len(l.pages); {
		if i < len(s.Pages) && j < len(l.pages) {
			p, q := s.Pages[i], l.pages[j]
			if p == q {
				i, j = i+1, j+1
				continue
			}
			if p.Slug == q.Slug {
				if len(d.changed) == patchMax || !r.samePlace(q, p) {
					return delta{}, false
				}
				d.changed, d.was = append(d.changed, i), append(d.was, q)
				d.regroup = d.regroup || !slices.Equal(q.Tags, p.Tags)
				if !r.sameOutside(q, p) {
					d.listed = append(d.listed, i)
				}
				i, j = i+1, j+1
				continue
			}
		}
		switch {
		case grow == 1 && d.added < 0 && i < len(s.Pages) && standsAlone(s.Pages[i], l.pages):
			d.added, i = i, i+1
			d.regroup = d.regroup || len(s.Pages[d.added].Tags) > 0
		case grow == -1 && d.removed < 0 && j < len(l.pages) && standsAlone(l.pages[j], s.Pages):
			d.removed, j = j, j+1
			d.regroup = d.regroup || len(l.pages[d.removed].Tags) > 0
		case grow != 0:
			return delta{}, false
		case d.added < 0 && d.removed >= 0 && i < len(s.Pages) && s.Pages[i].Slug == l.pages[d.removed].Slug:
			d.added, i = i, i+1 // the page moved older, in its new place
		case d.added >= 0 && d.removed < 0 && j < len(l.pages) && l.pages[j].Slug == s.Pages[d.added].Slug:
			d.removed, j = j, j+1 // the page moved newer, in its old place
		case d.added >= 0 || d.removed >= 0 || i+1 >= len(s.Pages):
			return delta{}, false
		case s.Pages[i].Slug == l.pages[j+1].Slug:
			d.removed, j = j, j+1 // moved older
		case l.pages[j].Slug == s.Pages[i+1].Slug:
			d.added, i = i, i+1 // moved newer
		default:
			return delta{}, false
		}
	}
	if grow == 0 && (d.added >= 0 || d.removed >= 0) {
		was, p := l.pages[max(d.removed, 0)], s.Pages[max(d.added, 0)]
		if !d.moved() || !r.samePlace(was, p) {
			return delta{}, false
		}
		d.regroup = d.regroup || len(was.Tags) > 0 || len(p.Tags) > 0
	}
	if s.Home != l.home {
		if s.Home == nil || l.home == nil || !r.samePlace(l.home, s.Home) || !r.sameOutside(l.home, s.Home) {
			return delta{}, false
		}
		d.home = true
	}
	return d, true
}

// standsAlone reports whether page p, added to the pages of others or
// removed from them, changes no file of the site but its own, its charts'
// and those that list it: its slug is no other page's, and it has no math
// (KaTeX's files are written when a page has some).
func standsAlone(p *site.Page, others []*site.Page) bool {
	if p.Math {
		return false
	}
	for _, q := range others {
		if q.Slug == p.Slug {
			return false
		}
	}
	return true
}

// samePlace reports whether page b, a new value of a at the same place in
// the site's pages (so in the same place in the order), has the same
// place in the site's files as a: the same slug, math or not (KaTeX's
// files are written when a page has some) and charts' data and fit files. Its
// tags may differ (delta.regroup).
func (r *renderer) samePlace(a, b *site.Page) bool {
	if a.Slug != b.Slug || a.Math != b.Math || len(a.Charts) != len(b.Charts) {
		return false
	}
	for i, c := range a.Charts {
		if dataFile(a.Slug, c) != dataFile(b.Slug, b.Charts[i]) || c.Fits != b.Charts[i].Fits {
			return false // a fit file to add or remove
		}
	}
	return true
}

// sameOutside reports whether page b, in the same place as a (samePlace),
// shows the same as a outside its own page: the same link in listings and
// the feed, and search entry.
func (r *renderer) sameOutside(a, b *site.Page) bool {
	return r.linkSum(a) == r.linkSum(b) && sameSearchEntry(a, b)
}

// pruneLinks forgets the link keys, search entries and HTML entries
// (byPage) of pages no longer in s, once there are many.
func (rr *Renderer) pruneLinks(s *site.Site) {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	limit := 2*len(s.Pages) + 16
	if len(rr.links) <= limit && len(rr.searchJSON) <= limit && len(rr.byPage) <= limit {
		return
	}
	keep := make(map[*site.Page]bool, len(s.Pages)+1)
	for _, p := range s.Pages {
		keep[p] = true
	}
	keep[s.Home] = true
	for p := range rr.links {
		if !keep[p] {
			delete(rr.links, p)
		}
	}
	for p := range rr.searchJSON {
		if !keep[p] {
			delete(rr.searchJSON, p)
		}
	}
	for p := range rr.byPage {
		if !keep[p] {
			delete(rr.byPage, p)
		}
	}
}

package table

// A chart of one tag of a TensorBoard log (where: {tag: train_loss}) of
// ten runs of a million steps would hold every row of every tag, and the
// tag's text on each, only to keep the train_loss rows after. So a folder
// can be read for the rows of some runs and tags alone (EventsRead.Rows),
// the rest counted but never held: what a message about the where needs
// of them (how many rows there were, the runs and tags they had) is kept
// beside the table (Table.Filtered).

// EventFilter picks the rows of an event folder a table holds by their
// run and tag.
type EventFilter struct {
	// Name names the filter: tables read with filters of the same name
	// hold the same rows (Filtered.By).
	Name string
	// Keeps reports whether the rows of run and tag are kept. It is asked
	// once for each run and tag, whatever the number of their rows.
	Keeps func(run, tag string) bool
}

// Filtered is what an event folder read with an EventFilter holds beyond
// the rows kept, for the messages a where over every row would give: the
// rows in all and each run and tag they have. While the folder is read
// (EventsRead.Each), it counts the rows read so far.
type Filtered struct {
	By   string     // the filter's Name
	Rows int        // rows read, kept or not
	Keys []EventKey // each run and tag read, in the order they first come
}

// EventKey is a run and tag of an event folder: how many of its rows
// have them, and whether the filter kept those.
type EventKey struct {
	Run, Tag string
	Rows     int
	Kept     bool
}

// Filtered is what the rows of t were picked from, when an EventFilter
// picked them; nil for a table of every row (or a Subset).
func (t *Table) Filtered() *Filtered { return t.filtered }

// keyFilter is an EventFilter at work: which run and tag each row has,
// and what the filter said of them.
type keyFilter struct {
	f     *EventFilter
	whole *Filtered
	// index finds a run and tag's key; tags, of the file being read,
	// finds one by the tag alone, without making a string of it, and
	// last is the key of the row before.
	index map[[2]string]int
	tags  map[string]int
	last  int
	run   string
}

// newKeyFilter is f at work for t, whose Filtered it keeps.
func newKeyFilter(t *Table, f *EventFilter) *keyFilter {
	t.filtered = &Filtered{By: f.Name}
	return &keyFilter{f: f, whole: t.filtered, index: map[[2]string]int{}, last: -1}
}

// file starts the rows of a file of run.
func (k *keyFilter) file(run string) {
	k.run, k.tags, k.last = run, map[string]int{}, -1
}

// keeps counts a row of tag, in the file's run, and reports whether the
// filter keeps it.
func (k *keyFilter) keeps(tag []byte) bool {
	w := k.whole
	w.Rows++
	i := k.last
	if i < 0 || w.Keys[i].Tag != string(tag) {
		var ok bool
		if i, ok = k.tags[string(tag)]; !ok {
			i = k.add(string(tag))
		}
		k.last = i
	}
	w.Keys[i].Rows++
	return w.Keys[i].Kept
}

// add finds the key of the file's run and tag, asking the filter of a new
// one.
func (k *keyFilter) add(tag string) int {
	at := [2]string{k.run, tag}
	i, ok := k.index[at]
	if !ok {
		i = len(k.whole.Keys)
		k.index[at] = i
		k.whole.Keys = append(k.whole.Keys, EventKey{Run: k.run, Tag: tag, Kept: k.f.Keeps(k.run, tag)})
	}
	k.tags[tag] = i
	return i
}

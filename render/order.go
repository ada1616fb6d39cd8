package render

import "sync"

// Order is the order in which Stream loads a site's pages: the site's,
// except that a page asked for (Hurry) is loaded next, with its two
// neighbours, so that it is rendered as soon as a page can be. It is safe
// for concurrent use.
type Order struct {
	mu     sync.Mutex
	taken  []bool
	asked  []bool // in urgent, or taken from it
	next   int    // no page before it is left in the site's order
	urgent []int  // pages asked for, to take first
}

// NewOrder is the site's order of n pages.
func NewOrder(n int) *Order { return &Order{taken: make([]bool, n), asked: make([]bool, n)} }

// Hurry has the i-th page and its neighbours loaded next, those not yet
// taken.
func (o *Order) Hurry(i int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, k := range []int{i, i - 1, i + 1} {
		if k >= 0 && k < len(o.taken) && !o.taken[k] && !o.asked[k] {
			o.asked[k] = true
			o.urgent = append(o.urgent, k)
		}
	}
}

// skip marks the i-th page taken: the stream keeps it as it is
// (keepAhead).
func (o *Order) skip(i int) {
	o.mu.Lock()
	o.taken[i] = true
	o.mu.Unlock()
}

// take returns the index of the next page to load, and marks it taken. It
// is called once for each page.
func (o *Order) take() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	for len(o.urgent) > 0 {
		k := o.urgent[0]
		o.urgent = o.urgent[1:]
		if !o.taken[k] {
			o.taken[k] = true
			return k
		}
	}
	for o.taken[o.next] {
		o.next++
	}
	o.taken[o.next] = true
	return o.next
}

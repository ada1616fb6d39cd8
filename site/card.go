package site

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// The social card (render/card.go): a picture of one of the page's charts
// that link previews show. The front matter's card: names which: the
// chart's number on the page (card: 2) or its id (card: chart-audio-2);
// card: false asks for none. Without it, the page's first chart.

// cardRef is the front matter's card: as written, kept until the page's
// charts are known.
type cardRef struct {
	text string // the number or id; "" when not given
	none bool   // card: false
	pos  diag.Pos
}

// readCard reads the front matter's card: value.
func (p *Page) readCard(mv *ast.MappingValueNode, at diag.Pos) error {
	pos := nodePos(at, mv.Value)
	if b, ok := mv.Value.(*ast.BoolNode); ok {
		p.card = cardRef{none: !b.Value, pos: pos}
		return nil
	}
	s, err := scalarText(mv, at)
	if err != nil {
		return err
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return diag.Errorf(pos, `"card" needs a chart: its number on the page (card: 2) or its id (card: chart-audio-2), or false for no card`)
	}
	p.card = cardRef{text: s, pos: pos}
	return nil
}

// resolveCard sets p.Card from the front matter's card: once the page's
// charts are loaded: an error at the value when it names no chart of the
// page.
func (p *Page) resolveCard() error {
	p.Card = 0
	ref := p.card
	switch {
	case ref.none:
		p.Card = -1
		return nil
	case ref.text == "":
		return nil
	case len(p.Charts) == 0:
		return diag.Errorf(ref.pos, `"card" names a chart for the page's social card, but the page has no chart`)
	}
	if n, err := strconv.Atoi(ref.text); err == nil {
		if n < 1 || n > len(p.Charts) {
			return diag.Errorf(ref.pos, `"card" names chart %d, but the page has %d %s (numbered from 1)`, n, len(p.Charts), diag.Plural(len(p.Charts), "chart", "charts"))
		}
		p.Card = n - 1
		return nil
	}
	ids := make([]string, len(p.Charts))
	for i, c := range p.Charts {
		if c.ID == ref.text {
			p.Card = i
			return nil
		}
		ids[i] = c.ID
	}
	return diag.Errorf(ref.pos, `"card" names chart %s, which is not on this page: its charts are %s (or write the chart's number: card: 1)`, diag.Quote(ref.text), diag.QuoteList(ids, 10))
}

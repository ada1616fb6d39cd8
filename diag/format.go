package diag

import (
	"fmt"
	"strings"
)

// quotedArg is a string argument of Errorf: under %q it prints as Quote
// does, under every other verb as the string itself.
type quotedArg string

func (s quotedArg) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		fmt.Fprint(f, Quote(string(s)))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), string(s))
}

// quoteArgs wraps the string arguments of a message so that %q quotes them
// with Quote: a value from content is written with %q, and this makes every
// such value cut and escaped without each caller remembering to.
func quoteArgs(args []any) []any {
	var out []any // a copy, made on the first string: args is the caller's
	for i, a := range args {
		if s, ok := a.(string); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = quotedArg(s)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// MaxListed is how many characters of each value QuoteList shows: lists
// name several values on one line.
const MaxListed = 24

// QuoteList names values from content for a message, each quoted as Quote
// does but cut to MaxListed characters, separated by commas: at most max
// of them, then how many more there are ("\"a\", \"b\", … and 149998
// more"). A header of 150,000 columns thus makes a line of a few hundred
// bytes, not megabytes.
func QuoteList(values []string, max int) string {
	var b strings.Builder
	WriteFirst(&b, len(values), max, ", … and %d more", func(i int) string { return quoteCut(values[i], MaxListed) })
	return b.String()
}

// WriteFirst writes the first max of n items to b, item(i) each, separated
// by commas, then more formatted with how many are left out, if any: a
// message names a few of a long list and counts the rest.
func WriteFirst(b *strings.Builder, n, max int, more string, item func(i int) string) {
	for i := range min(n, max) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(item(i))
	}
	if n > max {
		fmt.Fprintf(b, more, n-max)
	}
}

// Plural is one when n is 1, else many: a message's word for n things.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

package law

// Error is a law that cannot be read or bound. Offset and Len locate the
// problem in the law's text, in bytes, so that the caller can name the
// file:line:col of the spec value; Error() is the message alone, in a
// researcher's words with the fix, for the caller to put after the position.
type Error struct {
	// Offset is where the problem starts in the law's text (bytes); -1 for
	// a problem that is not in the text: Bind naming a symbol the law does
	// not have, which the caller places at its own binding (the `where` key).
	Offset int
	// Len is how many bytes the problem spans (at least 1 inside the text).
	Len int
	// Symbol is the symbol or function name the problem concerns, if any.
	Symbol string
	// Msg says what is wrong and what to write instead.
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// errAt is an Error spanning src[from:to], at least one byte long unless
// the text is empty.
func errAt(src string, from, to int, symbol, msg string) *Error {
	from = min(max(from, 0), len(src))
	to = min(max(to, from), len(src))
	if to == from && to < len(src) {
		to++
	}
	return &Error{Offset: from, Len: to - from, Symbol: symbol, Msg: msg}
}

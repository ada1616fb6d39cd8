package diag

// maxSuggest bounds the length of a word Suggest looks at: a typo hint is
// for names, and comparing a megabyte of text with 150,000 column names
// would take minutes.
const maxSuggest = 64

// Suggest returns the candidate closest to word, for "did you mean" hints, or ""
// when none is close enough to be a likely typo. Case differences count as small.
func Suggest(word string, candidates []string) string {
	if len(word) > maxSuggest {
		return ""
	}
	best, bestDist := "", len(word)/2+2
	lw := lower(word)
	for _, c := range candidates {
		if len(c) > maxSuggest || abs(len(c)-len(word)) > bestDist {
			continue // the distance is at least the difference in length
		}
		d := distance(lw, lower(c))
		if d < bestDist || (d == bestDist && best == "" && d <= 2) {
			best, bestDist = c, d
		}
	}
	if best != "" && bestDist > max(2, len(word)/3+1) {
		return ""
	}
	return best
}

// DidYouMean formats Suggest's answer as a message tail (" — did you mean "x"?"),
// or returns "" when there is nothing to suggest.
func DidYouMean(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" && s != word {
		return " — did you mean " + Quote(s) + "?"
	}
	return ""
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// distance is the Levenshtein edit distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

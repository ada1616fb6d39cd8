package diag

// Suggest returns the candidate closest to word, for "did you mean" hints, or ""
// when none is close enough to be a likely typo. Case differences count as small.
func Suggest(word string, candidates []string) string {
	best, bestDist := "", len(word)/2+2
	for _, c := range candidates {
		d := distance(lower(word), lower(c))
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
		return ` — did you mean "` + s + `"?`
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

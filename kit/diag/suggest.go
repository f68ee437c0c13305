package diag

import "unicode/utf8"

// MaxSuggestDistance is the largest edit distance at which DidYouMean proposes a name.
const MaxSuggestDistance = 2

// DidYouMean returns the candidate closest to name within MaxSuggestDistance
// edits (counted in runes), or "" when there is none. Ties go to the earliest
// candidate, so the result does not depend on map order if candidates is ordered.
//
// The edits may also touch at most half the runes of the longer of the two
// names: two-rune names such as "孙权" and "曹操" are only two edits apart,
// and suggesting one for the other would mislead.
func DidYouMean(name string, candidates []string) string {
	best, bestD := "", MaxSuggestDistance+1
	n := utf8.RuneCountInString(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := typoDistance(name, c)
		if d < bestD && 2*d <= max(n, utf8.RuneCountInString(c)) {
			best, bestD = c, d
		}
	}
	return best
}

// SuggestDetail appends " Did you mean "x"?" to detail when a suggestion exists.
func SuggestDetail(detail, name string, candidates []string) (string, []string) {
	s := DidYouMean(name, candidates)
	if s == "" {
		return detail, nil
	}
	return detail + " Did you mean \"" + s + "\"?", []string{s}
}

// typoDistance is the edit distance in runes where swapping two adjacent
// runes also counts as one edit (mgb for mbg), the commonest typo.
func typoDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// Levenshtein returns the edit distance between a and b in runes.
func Levenshtein(a, b string) int {
	ra := make([]rune, 0, utf8.RuneCountInString(a))
	for _, r := range a {
		ra = append(ra, r)
	}
	rb := make([]rune, 0, utf8.RuneCountInString(b))
	for _, r := range b {
		rb = append(rb, r)
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

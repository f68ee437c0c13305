// Package jsongen generates random JSON-shaped Go values for tests of the
// code that encodes and decodes configs: nested objects and arrays of
// numbers, booleans, null and strings built from pieces that need escaping
// or are not ASCII.
package jsongen

import (
	"math/rand/v2"
	"strings"
)

// pieces are the parts strings and keys are made of.
var pieces = []string{"a", "中", "😀", "\"", "\\", "\n", "\u2028", "<&>", "\x00", "é"}

// Value returns a random value of at most about depth+1 levels.
func Value(rng *rand.Rand, depth int) any {
	switch r := rng.IntN(9); {
	case depth <= 0 || r < 2:
		return []any{rng.Float64() * 1e6, float64(rng.IntN(100) - 50), 1e-9, true, false, nil}[rng.IntN(6)]
	case r < 4:
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	case r < 6:
		a := make([]any, rng.IntN(4))
		for i := range a {
			a[i] = Value(rng, depth-1)
		}
		return a
	default:
		m := map[string]any{}
		for range rng.IntN(4) {
			m[pieces[rng.IntN(len(pieces))]] = Value(rng, depth-1)
		}
		return m
	}
}

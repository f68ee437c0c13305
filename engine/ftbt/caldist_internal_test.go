package ftbt

import (
	"slices"
	"testing"

	"github.com/sandtable/sandtable/engine/rng"
)

// TestCalDistQueues: the bucket queue and the heap give the same distances
// (zero weights and walls included), and weights beyond the bucket range
// take the heap.
func TestCalDistQueues(t *testing.T) {
	t.Parallel()
	r := rng.New(3)
	s := NewSearcher(23, 17)
	n := 23 * 17
	w := make([]int, n)
	a, b := make([]int, n), make([]int, n)
	for trial := range 40 {
		for i := range w {
			switch k := r.IntN(10); {
			case k == 0:
				w[i] = -1
			case k == 1:
				w[i] = 0
			default:
				w[i] = 1 + r.IntN(100)
			}
		}
		if trial%10 == 9 {
			w[r.IntN(n)] = maxBucketWeight + 5 // forces the heap
		}
		center := r.IntN(n)
		s.CalDist(w, center, a)
		for i := range b {
			b[i] = -1
		}
		s.calDistHeap(w, center, b)
		if !slices.Equal(a, b) {
			t.Fatalf("trial %d: the queues disagree", trial)
		}
		if a[center] != 0 {
			t.Fatalf("trial %d: centre at %d", trial, a[center])
		}
	}
}

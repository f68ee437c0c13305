package ftbt

import (
	"container/heap"
	"slices"
	"testing"
)

// stdQueue is the same queue on container/heap, which stops sinking on
// equal lengths: the variant facts §5.4 warns about.
type stdQueue []qItem

func (q stdQueue) Len() int           { return len(q) }
func (q stdQueue) Less(i, j int) bool { return q[i].length < q[j].length }
func (q stdQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *stdQueue) Push(x any)        { *q = append(*q, x.(qItem)) }
func (q *stdQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// TestQueueTieOrder works facts §5.4 by hand. Push X(0), A(5), B(5), C(5):
// no item is strictly smaller than its parent, so the array is [X A B C].
// Pop X: C moves to the root; its children A and B are equal, so the left
// one (A) is taken, and C is not strictly smaller than A, so dsg swaps:
// [A C B] → A pops next. Pop A: B moves to the root above C; equal, so B
// sinks: [C B] → C, then B. dsg order: X A C B. container/heap stops at the
// first equal child: after X it leaves [C A B] and pops C, then B (moved up
// over A without a swap), then A: X C B A.
func TestQueueTieOrder(t *testing.T) {
	t.Parallel()
	lengths := []int{0, 5, 5, 5} // X A B C
	if got, want := HeapOrder(lengths), []int{0, 1, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("dsg order %v, want %v (X A C B)", got, want)
	}
	var sq stdQueue
	for i, l := range lengths {
		heap.Push(&sq, qItem{from: int32(i), length: l})
	}
	var std []int
	for sq.Len() > 0 {
		std = append(std, int(heap.Pop(&sq).(qItem).from))
	}
	if want := []int{0, 3, 2, 1}; !slices.Equal(std, want) {
		t.Errorf("container/heap order %v, want %v (X C B A)", std, want)
	}
}

// TestQueueOrdersByLength: whatever the ties, pops come by length.
func TestQueueOrdersByLength(t *testing.T) {
	t.Parallel()
	lengths := []int{7, 3, 3, 9, 0, 3, 7, 1, 1, 12, 3, 0, 5}
	order := HeapOrder(lengths)
	if len(order) != len(lengths) {
		t.Fatalf("popped %d of %d", len(order), len(lengths))
	}
	for i := 1; i < len(order); i++ {
		if lengths[order[i]] < lengths[order[i-1]] {
			t.Fatalf("pop order %v is not by length", order)
		}
	}
}

// TestQueueNoAlloc: a grown queue pushes and pops without allocating.
func TestQueueNoAlloc(t *testing.T) {
	var q queue
	q.a = make([]qItem, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		for i := range 50 {
			q.push(qItem{from: int32(i), length: (i * 7) % 11})
		}
		for q.len() > 0 {
			q.pop()
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

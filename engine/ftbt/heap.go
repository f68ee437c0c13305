package ftbt

// qItem is one entry of the search queue: a step from cell from (-1 for the
// start) to cell to with total length length.
type qItem struct {
	from, to int32
	length   int
}

// queue is the original's priority queue (facts §5.4): dsg's array binary
// min-heap, copied exactly because its tie order decides the order of range
// lists, paths and the AI's choices. "Less" means strictly smaller length.
//
//   - push appends and sifts up while strictly smaller than the parent;
//   - pop takes the root, moves the last item to the root and sifts it
//     down: the right child is chosen only if strictly smaller than the left
//     one, and the item stops only if strictly smaller than that child, so on
//     equal lengths it keeps sinking (container/heap stops there).
//
// Duplicates of a cell may be queued (lazy deletion). The backing array is
// kept between searches, so a search allocates nothing once it has grown.
type queue struct {
	a []qItem
}

// reset empties the queue (dsg's Flush).
func (q *queue) reset() { q.a = q.a[:0] }

// len returns the number of queued items.
func (q *queue) len() int { return len(q.a) }

// push queues it.
func (q *queue) push(it qItem) {
	q.a = append(q.a, it)
	a := q.a
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !(a[i].length < a[p].length) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

// pop removes and returns the root. The queue must not be empty.
func (q *queue) pop() qItem {
	a := q.a
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	q.a = a
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && a[r].length < a[c].length {
			c = r
		}
		if a[i].length < a[c].length {
			break
		}
		a[i], a[c] = a[c], a[i]
		i = c
	}
	return top
}

// dItem is one entry of the distance queue: cell at length.
type dItem struct {
	cell   int32
	length int
}

// distQueue is a plain binary min-heap for CalDist, whose result does not
// depend on the tie order (facts §5.3): it stops sinking at equal lengths,
// which saves most of the swaps the dsg queue makes on maps of equal
// weights.
type distQueue struct {
	a []dItem
}

func (q *distQueue) push(it dItem) {
	q.a = append(q.a, it)
	a := q.a
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p].length <= it.length {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = it
}

func (q *distQueue) pop() dItem {
	a := q.a
	top := a[0]
	n := len(a) - 1
	last := a[n]
	a = a[:n]
	q.a = a
	if n == 0 {
		return top
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && a[r].length < a[c].length {
			c = r
		}
		if last.length <= a[c].length {
			break
		}
		a[i] = a[c]
		i = c
	}
	a[i] = last
	return top
}

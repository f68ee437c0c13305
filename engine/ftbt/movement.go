package ftbt

// Reach is one entry of a range list (facts §5.2): a cell the person can
// reach, the cost of the path to it and the previous cell of that path (-1
// for the start).
type Reach struct {
	Cell int `json:"cell"`
	Cost int `json:"cost"`
	From int `json:"from"`
}

// Directions of steps and neighbour scans (facts §1).
const (
	DirRight = 0 // +x
	DirLeft  = 1 // −x
	DirDown  = 2 // +y
	DirUp    = 3 // −y
)

// Searcher runs the map searches of facts §5 (the range search and CalDist)
// on a map of a fixed size. It keeps its queue and marks between searches,
// so a search allocates nothing once the buffers have grown. A Searcher is
// not safe for concurrent use; give each goroutine its own.
type Searcher struct {
	width, height int
	q             queue
	dq            distQueue
	buckets       [][]int32
	// fin[c] == stamp marks cell c finalised in the current search.
	fin   []uint32
	stamp uint32
	// nb holds the 4 neighbours of every cell in direction order, -1 where
	// the map ends.
	nb [][4]int32
}

// NewSearcher returns a searcher for a width×height map.
func NewSearcher(width, height int) *Searcher {
	s := &Searcher{}
	s.init(width, height)
	return s
}

func (s *Searcher) init(width, height int) {
	s.width, s.height = width, height
	s.fin = make([]uint32, width*height)
	s.nb = make([][4]int32, width*height)
	for c := range s.nb {
		x, y := c%width, c/width
		nb := [4]int32{-1, -1, -1, -1}
		if x+1 < width {
			nb[DirRight] = int32(c + 1)
		}
		if x > 0 {
			nb[DirLeft] = int32(c - 1)
		}
		if y+1 < height {
			nb[DirDown] = int32(c + width)
		}
		if y > 0 {
			nb[DirUp] = int32(c - width)
		}
		s.nb[c] = nb
	}
	s.q.a = make([]qItem, 0, 4*width*height+4)
	s.dq.a = make([]dItem, 0, 4*width*height+4)
}

// begin starts a new search: every cell unfinalised.
func (s *Searcher) begin() {
	s.stamp++
	if s.stamp == 0 {
		clear(s.fin)
		s.stamp = 1
	}
	s.q.reset()
}

// Range appends to dst the range list of a mover with speed points on cell
// start over weights (the weight map of the mover's side, -1 impassable),
// in pop order (facts §5.2): Dijkstra with lazy deletion over the exact
// queue of §5.4, the start first at cost 0 whatever the speed, and the cost
// of a step doubled once when the cell being left has an unfinalised
// impassable neighbour perpendicular to the step. start must be a cell of
// the map; weights must have one entry per cell.
func (s *Searcher) Range(weights []int, start, speed int, dst []Reach) []Reach {
	s.begin()
	fin, stamp := s.fin, s.stamp
	q := &s.q
	q.push(qItem{from: -1, to: int32(start)})
	for q.len() > 0 {
		it := q.pop()
		c := int(it.to)
		if fin[c] == stamp {
			continue
		}
		fin[c] = stamp
		dst = append(dst, Reach{Cell: c, Cost: it.length, From: int(it.from)})
		nb := &s.nb[c]
		var flag [4]bool
		for d, n := range nb {
			flag[d] = n >= 0 && fin[n] != stamp && weights[n] == -1
		}
		sideways := [2]bool{flag[DirDown] || flag[DirUp], flag[DirRight] || flag[DirLeft]}
		for d, n := range nb {
			if n < 0 || fin[n] == stamp || weights[n] == -1 {
				continue
			}
			cost := weights[n]
			if sideways[d/2] {
				cost *= 2
			}
			if l := it.length + cost; l <= speed {
				q.push(qItem{from: int32(c), to: n, length: l})
			}
		}
	}
	return dst
}

// CalDist fills dist (one entry per cell) with the distances from center
// over weights (facts §5.3): the sum of the entered cells' weights on the
// cheapest path, with no speed limit, no occupancy and no doubling; -1 for
// cells that cannot be reached (weight -1 is impassable). Only distances
// come out, so the queue's tie order does not matter here: with weights in
// 0..maxBucketWeight it uses a bucket queue (Dial's algorithm), otherwise a
// plain binary heap.
func (s *Searcher) CalDist(weights []int, center int, dist []int) {
	for i := range dist {
		dist[i] = -1
	}
	top := 0
	for _, w := range weights {
		if w < -1 || w > maxBucketWeight {
			s.calDistHeap(weights, center, dist)
			return
		}
		top = max(top, w)
	}
	s.begin()
	fin, stamp := s.fin, s.stamp
	nb := top + 1
	for len(s.buckets) < nb {
		s.buckets = append(s.buckets, make([]int32, 0, 16))
	}
	b := s.buckets[:nb]
	b[0] = append(b[0][:0], int32(center))
	for i := 1; i < nb; i++ {
		b[i] = b[i][:0]
	}
	queued := 1
	for d, k := 0, 0; queued > 0; {
		if len(b[k]) == 0 {
			d++
			if k++; k == nb {
				k = 0
			}
			continue
		}
		c := int(b[k][len(b[k])-1])
		b[k] = b[k][:len(b[k])-1]
		queued--
		if fin[c] == stamp {
			continue
		}
		fin[c] = stamp
		dist[c] = d
		for _, n := range &s.nb[c] {
			if n < 0 || fin[n] == stamp || weights[n] == -1 {
				continue
			}
			j := k + weights[n]
			if j >= nb {
				j -= nb
			}
			b[j] = append(b[j], n)
			queued++
		}
	}
}

// maxBucketWeight bounds the weights CalDist handles with its bucket queue.
const maxBucketWeight = 1 << 12

// calDistHeap is CalDist with a binary heap, for any weights.
func (s *Searcher) calDistHeap(weights []int, center int, dist []int) {
	s.begin()
	fin, stamp := s.fin, s.stamp
	q := &s.dq
	q.a = q.a[:0]
	q.push(dItem{cell: int32(center)})
	for len(q.a) > 0 {
		it := q.pop()
		c := int(it.cell)
		if fin[c] == stamp {
			continue
		}
		fin[c] = stamp
		dist[c] = it.length
		for _, n := range &s.nb[c] {
			if n < 0 || fin[n] == stamp || weights[n] == -1 {
				continue
			}
			q.push(dItem{cell: n, length: it.length + weights[n]})
		}
	}
}

// weights returns side's weight map (facts §5.1), rebuilding it if the
// state changed since it was last built: a cell held by a person of the
// other side is impassable (-1); otherwise side's fly weight there if it is
// not 0, even when higher than the terrain's; otherwise the terrain weight.
//
// The original rebuilds the acting side's map at the start of its turn,
// after a damage tech removed someone of the other side and after a fly tech;
// between those points nothing it reads changes (own moves and own losses
// leave own-side weights as they are), so rebuilding whenever the inputs
// changed gives the same maps.
func (g *Game) weights(side int) []int {
	if !g.wDirty[side] {
		return g.w[side]
	}
	w := g.w[side]
	copy(w, g.static)
	for c := range w {
		if f := g.effAt(effIndex(c, side, FlySlot)).value; f != 0 {
			w[c] = f
		}
	}
	for p := range g.st.People {
		if ps := &g.st.People[p]; ps.Cell >= 0 && g.cfg.People[p].Side != side {
			w[ps.Cell] = -1
		}
	}
	g.wDirty[side] = false
	return w
}

// rangeOf appends person p's range list to dst (empty when p is off the
// map).
func (g *Game) rangeOf(p int, dst []Reach) []Reach {
	c := g.st.People[p].Cell
	if c < 0 {
		return dst
	}
	pc := &g.cfg.People[p]
	return g.search.Range(g.weights(pc.Side), c, pc.Speed, dst)
}

// Range returns person p's movement range in the current state (facts §5.2):
// the cells it can reach in pop order, the start first, ally-held cells
// included (they are passable but not destinations). It is nil for a person
// off the map or out of range. The slice is the caller's.
func (g *Game) Range(p int) []Reach {
	if p < 0 || p >= len(g.st.People) || g.st.People[p].Cell < 0 {
		return nil
	}
	return g.rangeOf(p, nil)
}

// AppendRange appends person p's range list (see Range) to dst and returns
// it; it allocates nothing once dst has room, for tools that list many
// ranges.
func (g *Game) AppendRange(dst []Reach, p int) []Reach {
	if p < 0 || p >= len(g.st.People) {
		return dst
	}
	return g.rangeOf(p, dst)
}

// StaticWeights returns the terrain weight of every cell (the AI's w_map,
// facts §5.3). Read-only.
func (g *Game) StaticWeights() []int { return g.static }

// stepDir is the direction of the step from cell a to the adjacent cell b.
// The original decides by index difference alone, which mislabels vertical
// steps on a map one cell wide; here they are labelled by what they are.
func (g *Game) stepDir(a, b int) int {
	switch d := b - a; {
	case d == g.cfg.Width:
		return DirDown
	case d == -g.cfg.Width:
		return DirUp
	case d > 0:
		return DirRight
	}
	return DirLeft
}

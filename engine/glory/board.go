package glory

import (
	"fmt"
	"math"
	"slices"
)

// Edge kinds as small integers on the board.
type EdgeKind uint8

// Board edge kinds; NoEdge marks a pair without a drawn edge.
const (
	NoEdge EdgeKind = iota
	Normal
	Central
	RailTrack
	Boarding
)

var edgeKindNames = [...]string{"none", EdgeNormal, EdgeCentral, EdgeRail, EdgeBoarding}

func (k EdgeKind) String() string {
	if int(k) < len(edgeKindNames) {
		return edgeKindNames[k]
	}
	return fmt.Sprintf("EdgeKind(%d)", uint8(k))
}

func edgeKindByName(name string) EdgeKind {
	for i, n := range edgeKindNames[1:] {
		if n == name {
			return EdgeKind(i + 1)
		}
	}
	return NoEdge
}

// Link is a drawn edge seen from one end.
type Link struct {
	To   int // point index
	Kind EdgeKind
}

// Board is a map with every distance the rules use computed once. Points
// are addressed by index (their order in the config); ID converts back.
// A Board is immutable and shared by every game on the map.
type Board struct {
	ids     []int
	index   []int // id → index, -1 for a missing id
	x, y    []int
	rail    []bool
	central []bool
	econ    []bool
	// towerSide is the side of the tower on a point, or -1.
	towerSide []int8
	towerHP   []int
	zone      []int8 // tower zone side or -1
	spawn     [2]int

	links     [][]Link // drawn edges, by neighbour index
	diagonals [][]int  // implicit central diagonals
	moves     [][]int  // one move unit's destinations
	kind      []EdgeKind
	steps     []int16 // BFS over drawn edges, -1 unreachable
	stepsDiag []int16 // BFS over drawn edges and implicit diagonals
	line      []int16 // steps along the common straight chain in 视域, -1 when not in view
	chains    [][]int // the maximal straight chains of drawn edges
	towers    []int
	econs     []int
}

// NewBoard checks m and derives its distances. Errors name the offending
// point or edge.
func NewBoard(m MapConfig) (*Board, error) {
	n := len(m.Points)
	if n == 0 {
		return nil, fmt.Errorf("map %q has no points", m.Name)
	}
	if n > math.MaxInt16 {
		return nil, fmt.Errorf("map %q has %d points, at most %d", m.Name, n, math.MaxInt16)
	}
	b := &Board{
		ids: make([]int, n), x: make([]int, n), y: make([]int, n),
		rail: make([]bool, n), central: make([]bool, n), econ: make([]bool, n),
		towerSide: make([]int8, n), towerHP: make([]int, n), zone: make([]int8, n),
		links: make([][]Link, n), diagonals: make([][]int, n), moves: make([][]int, n),
		kind: make([]EdgeKind, n*n),
	}
	maxID := 0
	for i, p := range m.Points {
		if p.ID < 1 {
			return nil, fmt.Errorf("point %d: id %d is not positive", i+1, p.ID)
		}
		maxID = max(maxID, p.ID)
	}
	b.index = make([]int, maxID+1)
	for i := range b.index {
		b.index[i] = -1
	}
	at := make(map[[2]int]int, n)
	for i, p := range m.Points {
		if b.index[p.ID] >= 0 {
			return nil, fmt.Errorf("point %d is defined twice", p.ID)
		}
		if j, ok := at[[2]int{p.X, p.Y}]; ok {
			return nil, fmt.Errorf("points %d and %d are both at (%d,%d)", b.ids[j], p.ID, p.X, p.Y)
		}
		at[[2]int{p.X, p.Y}] = i
		b.index[p.ID] = i
		b.ids[i], b.x[i], b.y[i] = p.ID, p.X, p.Y
		b.rail[i], b.central[i], b.econ[i] = p.Rail, p.Central, p.Econ
		b.towerSide[i], b.zone[i] = -1, -1
		if p.Tower != nil {
			s := SideByName(p.Tower.Side)
			if s < 0 {
				return nil, fmt.Errorf("point %d: tower side %q is not red or blue", p.ID, p.Tower.Side)
			}
			if p.Tower.HP <= 0 {
				return nil, fmt.Errorf("point %d: tower hp %d is not positive", p.ID, p.Tower.HP)
			}
			b.towerSide[i], b.towerHP[i] = int8(s), p.Tower.HP
			b.towers = append(b.towers, i)
		}
		if p.TowerZone != "" {
			s := SideByName(p.TowerZone)
			if s < 0 {
				return nil, fmt.Errorf("point %d: tower zone %q is not red or blue", p.ID, p.TowerZone)
			}
			b.zone[i] = int8(s)
		}
		if p.Econ {
			b.econs = append(b.econs, i)
		}
	}
	for s, id := range m.Spawn {
		i := b.Index(id)
		if i < 0 {
			return nil, fmt.Errorf("%s spawn: no point %d", SideNames[s], id)
		}
		b.spawn[s] = i
	}
	for _, e := range m.Edges {
		if err := b.addEdge(e); err != nil {
			return nil, err
		}
	}
	if m.CentralDiagonals {
		for i := range n {
			for j := range n {
				if i != j && b.central[i] && b.central[j] && abs(b.x[i]-b.x[j]) == 1 && abs(b.y[i]-b.y[j]) == 1 && b.kind[i*n+j] == NoEdge {
					b.diagonals[i] = append(b.diagonals[i], j)
				}
			}
		}
	}
	b.buildMoves()
	b.steps = b.bfs(false)
	b.stepsDiag = b.bfs(true)
	b.buildChains(at)
	return b, nil
}

func (b *Board) addEdge(e EdgeConfig) error {
	name := fmt.Sprintf("edge %d–%d", e.A, e.B)
	i, j := b.Index(e.A), b.Index(e.B)
	if i < 0 || j < 0 {
		missing := e.A
		if i >= 0 {
			missing = e.B
		}
		return fmt.Errorf("%s: no point %d", name, missing)
	}
	k := edgeKindByName(e.Kind)
	switch {
	case k == NoEdge:
		return fmt.Errorf("%s: unknown kind %q", name, e.Kind)
	case i == j:
		return fmt.Errorf("%s: joins a point to itself", name)
	case abs(b.x[i]-b.x[j]) > 1 || abs(b.y[i]-b.y[j]) > 1:
		return fmt.Errorf("%s: (%d,%d) and (%d,%d) are not lattice neighbours", name, b.x[i], b.y[i], b.x[j], b.y[j])
	case b.kind[i*len(b.ids)+j] != NoEdge:
		return fmt.Errorf("%s: drawn twice", name)
	case k == RailTrack && !(b.rail[i] && b.rail[j]):
		return fmt.Errorf("%s: a rail edge must join two rail points", name)
	case k == Boarding && b.rail[i] == b.rail[j]:
		return fmt.Errorf("%s: a boarding edge must join a rail point to a non-rail point", name)
	case (k == Normal || k == Central) && (b.rail[i] || b.rail[j]):
		return fmt.Errorf("%s: a %s edge may not touch a rail point", name, e.Kind)
	}
	n := len(b.ids)
	b.kind[i*n+j], b.kind[j*n+i] = k, k
	b.links[i] = append(b.links[i], Link{To: j, Kind: k})
	b.links[j] = append(b.links[j], Link{To: i, Kind: k})
	return nil
}

// buildMoves lists each point's one-move destinations (facts §3): a step
// along a road edge or an implicit central diagonal, boarding or alighting
// over one boarding link, or a ride of one or two cells along the track.
func (b *Board) buildMoves() {
	n := len(b.ids)
	seen := make([]bool, n)
	for p := range n {
		var out []int
		add := func(q int) {
			if q != p && !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
		for _, l := range b.links[p] {
			add(l.To)
			if l.Kind == RailTrack {
				for _, l2 := range b.links[l.To] {
					if l2.Kind == RailTrack {
						add(l2.To)
					}
				}
			}
		}
		for _, q := range b.diagonals[p] {
			add(q)
		}
		slices.Sort(out)
		for _, q := range out {
			seen[q] = false
		}
		b.moves[p] = out
	}
}

func (b *Board) bfs(diagonals bool) []int16 {
	n := len(b.ids)
	d := make([]int16, n*n)
	queue := make([]int, 0, n)
	for s := range n {
		row := d[s*n : (s+1)*n]
		for i := range row {
			row[i] = -1
		}
		row[s] = 0
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			visit := func(q int) {
				if row[q] < 0 {
					row[q] = row[p] + 1
					queue = append(queue, q)
				}
			}
			for _, l := range b.links[p] {
				visit(l.To)
			}
			if diagonals {
				for _, q := range b.diagonals[p] {
					visit(q)
				}
			}
		}
	}
	return d
}

// buildChains finds the maximal straight chains of drawn edges (facts
// §1.4) and from them 视域: two points see each other when they lie on one
// chain and are both rail or both non-rail, with no change of rail class
// between them on the chain (facts §4).
func (b *Board) buildChains(at map[[2]int]int) {
	n := len(b.ids)
	b.line = make([]int16, n*n)
	for i := range b.line {
		b.line[i] = -1
	}
	for p := range n {
		b.line[p*n+p] = 0
	}
	step := func(p int, dx, dy int) int {
		q, ok := at[[2]int{b.x[p] + dx, b.y[p] + dy}]
		if !ok || b.kind[p*n+q] == NoEdge {
			return -1
		}
		return q
	}
	// Directions: right, up, up-right, down-right; each chain is listed
	// once, from its left end (bottom end for vertical chains).
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		for p := range n {
			if step(p, -d[0], -d[1]) >= 0 || step(p, d[0], d[1]) < 0 {
				continue
			}
			chain := []int{p}
			for q := step(p, d[0], d[1]); q >= 0; q = step(q, d[0], d[1]) {
				chain = append(chain, q)
			}
			b.chains = append(b.chains, chain)
			for i, a := range chain {
				for j := i + 1; j < len(chain); j++ {
					c := chain[j]
					if b.rail[c] != b.rail[chain[j-1]] {
						break
					}
					b.line[a*n+c], b.line[c*n+a] = int16(j-i), int16(j-i)
				}
			}
		}
	}
}

// Len returns the number of points.
func (b *Board) Len() int { return len(b.ids) }

// ID returns the id of point index p.
func (b *Board) ID(p int) int { return b.ids[p] }

// Index returns the index of the point with id, or -1.
func (b *Board) Index(id int) int {
	if id < 0 || id >= len(b.index) {
		return -1
	}
	return b.index[id]
}

// XY returns p's lattice coordinates.
func (b *Board) XY(p int) (x, y int) { return b.x[p], b.y[p] }

// Rail, Central and Econ report p's regions.
func (b *Board) Rail(p int) bool    { return b.rail[p] }
func (b *Board) Central(p int) bool { return b.central[p] }
func (b *Board) Econ(p int) bool    { return b.econ[p] }

// Tower returns the side and starting HP of the tower on p (side -1: none).
func (b *Board) Tower(p int) (side, hp int) { return int(b.towerSide[p]), b.towerHP[p] }

// Towers returns the tower points in config order.
func (b *Board) Towers() []int { return b.towers }

// EconPoints returns the economy zones in config order.
func (b *Board) EconPoints() []int { return b.econs }

// TowerZone returns the side whose tower zone holds p, or -1.
func (b *Board) TowerZone(p int) int { return int(b.zone[p]) }

// Spawn returns the starting point of side.
func (b *Board) Spawn(side int) int { return b.spawn[side] }

// Links returns p's drawn edges.
func (b *Board) Links(p int) []Link { return b.links[p] }

// EdgeKind returns the kind of the drawn edge p–q, or NoEdge.
func (b *Board) EdgeKind(p, q int) EdgeKind { return b.kind[p*len(b.ids)+q] }

// Diagonals returns p's implicit central diagonals.
func (b *Board) Diagonals(p int) []int { return b.diagonals[p] }

// MoveTargets returns the points one move unit from p, in index order.
func (b *Board) MoveTargets(p int) []int { return b.moves[p] }

// Steps returns the number of drawn unit edges on a shortest path p→q, or
// -1 when q is unreachable (facts §4).
func (b *Board) Steps(p, q int) int { return int(b.steps[p*len(b.ids)+q]) }

// StepsDiag is Steps with the implicit central diagonals counted as edges.
func (b *Board) StepsDiag(p, q int) int { return int(b.stepsDiag[p*len(b.ids)+q]) }

// Grid returns the Manhattan distance |Δx|+|Δy|.
func (b *Board) Grid(p, q int) int { return abs(b.x[p]-b.x[q]) + abs(b.y[p]-b.y[q]) }

// R2 returns the squared Euclidean distance.
func (b *Board) R2(p, q int) int {
	dx, dy := b.x[p]-b.x[q], b.y[p]-b.y[q]
	return dx*dx + dy*dy
}

// R returns the Euclidean distance.
func (b *Board) R(p, q int) float64 { return math.Sqrt(float64(b.R2(p, q))) }

// Sees reports whether q is in p's 视域 (symmetric).
func (b *Board) Sees(p, q int) bool { return b.line[p*len(b.ids)+q] >= 0 }

// LineSteps returns the steps from p to q along their common chain, or -1
// when q is not in p's 视域. Weapon damage is selected by it.
func (b *Board) LineSteps(p, q int) int { return int(b.line[p*len(b.ids)+q]) }

// Near reports "r<2 and road-connected" (facts §4): the same point, or one
// drawn edge apart without crossing the rail boundary.
func (b *Board) Near(p, q int) bool {
	if p == q {
		return true
	}
	k := b.kind[p*len(b.ids)+q]
	return k != NoEdge && k != Boarding
}

// Chains returns the maximal straight chains of drawn edges, each from its
// left (or bottom) end.
func (b *Board) Chains() [][]int { return b.chains }

// Beyond returns the chain through p and q continued beyond q away from
// p: the points after q on the straight chain of drawn edges through p and
// q, in order (empty when q is the chain's end or p, q share no chain).
// Used by knock-back skills (足球).
func (b *Board) Beyond(p, q int) []int {
	n := len(b.ids)
	if p == q || b.line[p*n+q] < 0 {
		return nil
	}
	for _, c := range b.chains {
		i, j := slices.Index(c, p), slices.Index(c, q)
		if i < 0 || j < 0 {
			continue
		}
		var out []int
		if j > i {
			for k := j + 1; k < len(c) && b.rail[c[k]] == b.rail[q]; k++ {
				out = append(out, c[k])
			}
		} else {
			for k := j - 1; k >= 0 && b.rail[c[k]] == b.rail[q]; k-- {
				out = append(out, c[k])
			}
		}
		return out
	}
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Bent returns the length in steps of the shortest path from p to q made
// of two straight legs along drawn chains (each in 视域 of its start) that
// turns once by at most a right angle (an obtuse or right corner), within
// maxSteps; -1 when there is none. Guided shots (制导) use it.
func (b *Board) Bent(p, q, maxSteps int) int {
	best := -1
	for c := range b.Len() {
		a := b.LineSteps(p, c)
		if a < 1 || a >= maxSteps {
			continue
		}
		l := b.LineSteps(c, q)
		if l < 1 || a+l > maxSteps || (best >= 0 && a+l >= best) {
			continue
		}
		dx1, dy1 := b.x[c]-b.x[p], b.y[c]-b.y[p]
		dx2, dy2 := b.x[q]-b.x[c], b.y[q]-b.y[c]
		if dx1*dx2+dy1*dy2 >= 0 && dx1*dy2-dy1*dx2 != 0 {
			best = a + l
		}
	}
	return best
}

package glory_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
)

// pt converts a point id of the standard map to its board index.
func pt(t testing.TB, b *glory.Board, id int) int {
	t.Helper()
	p := b.Index(id)
	if p < 0 {
		t.Fatalf("no point %d", id)
	}
	return p
}

// TestWorkedExamples checks every worked geometry example of facts §1.2–§4.
func TestWorkedExamples(t *testing.T) {
	b := standardBoard(t)
	p := func(id int) int { return pt(t, b, id) }
	if got := b.Steps(p(67), p(89)); got != 3 {
		t.Errorf("67→89 = %d steps, want 3", got)
	}
	if got := b.Grid(p(67), p(89)); got != 4 {
		t.Errorf("67→89 = %d grid, want 4", got)
	}
	if got := b.R2(p(68), p(59)); got != 2 {
		t.Errorf("68↔59 r² = %d, want 2 (√2)", got)
	}
	sees := []struct {
		a, b int
		want bool
	}{
		{12, 42, true},  // §4
		{6, 1, true},    // §4, both rail
		{15, 16, false}, // §4, adjacent but not connected
		{6, 16, false},  // §4, rail vs non-rail
		{42, 48, true},  // §1.2, the true reading of the typo
		{32, 38, true},  // §1.2
		{42, 38, false}, // §11.1, the rulebook's typo is impossible
	}
	for _, s := range sees {
		if got := b.Sees(p(s.a), p(s.b)); got != s.want {
			t.Errorf("%d sees %d = %v, want %v", s.a, s.b, got, s.want)
		}
		if got := b.Sees(p(s.b), p(s.a)); got != s.want {
			t.Errorf("%d sees %d = %v, want %v", s.b, s.a, got, s.want)
		}
	}
	if got := b.LineSteps(p(12), p(42)); got != 3 {
		t.Errorf("12→42 along the line = %d, want 3", got)
	}
	if got := b.LineSteps(p(6), p(1)); got != 5 {
		t.Errorf("6→1 along the line = %d, want 5", got)
	}
	// §1.3 shortest paths, without and with the central diagonals.
	for _, c := range []struct{ a, b, steps int }{{82, 19, 12}, {82, 49, 10}, {82, 23, 7}, {82, 78, 7}} {
		if got := b.Steps(p(c.a), p(c.b)); got != c.steps {
			t.Errorf("%d→%d = %d steps, want %d", c.a, c.b, got, c.steps)
		}
	}
	if got := b.StepsDiag(p(82), p(19)); got != 9 {
		t.Errorf("82→19 with central diagonals = %d, want 9", got)
	}
	// §2: each economy zone is 7 steps from both main towers.
	for _, e := range []int{23, 78} {
		for _, tw := range []int{19, 82} {
			if got := b.Steps(p(e), p(tw)); got != 7 {
				t.Errorf("economy zone %d → tower %d = %d steps, want 7", e, tw, got)
			}
		}
	}
}

// TestMapCounts checks the counts of facts §1.3 and §2.
func TestMapCounts(t *testing.T) {
	b := standardBoard(t)
	if b.Len() != 98 {
		t.Fatalf("%d points, want 98", b.Len())
	}
	kinds := map[glory.EdgeKind]int{}
	deg := map[int]int{}
	degAll := map[int]int{}
	sum := 0
	for p := range b.Len() {
		for _, l := range b.Links(p) {
			kinds[l.Kind]++
		}
		d := len(b.Links(p))
		deg[d]++
		sum += d
		degAll[d+len(b.Diagonals(p))]++
	}
	for k, want := range map[glory.EdgeKind]int{glory.Normal: 90, glory.Central: 24, glory.RailTrack: 34, glory.Boarding: 10} {
		if kinds[k]/2 != want {
			t.Errorf("%d %s edges, want %d", kinds[k]/2, k, want)
		}
	}
	if sum/2 != 158 {
		t.Errorf("%d unit edges, want 158", sum/2)
	}
	if mean := fmt.Sprintf("%.2f", float64(sum)/98); mean != "3.22" {
		t.Errorf("mean degree %s, want 3.22", mean)
	}
	if lo, hi := minKey(deg), maxKey(deg); lo != 2 || hi != 5 {
		t.Errorf("degrees %d..%d, want 2..5", lo, hi)
	}
	wantAll := map[int]int{2: 26, 3: 40, 4: 2, 5: 16, 6: 10, 8: 4}
	for d, c := range wantAll {
		if degAll[d] != c {
			t.Errorf("with diagonals, %d points of degree %d, want %d", degAll[d], d, c)
		}
	}
	var rail, central []int
	for p := range b.Len() {
		if b.Rail(p) {
			rail = append(rail, b.ID(p))
		}
		if b.Central(p) {
			central = append(central, b.ID(p))
		}
	}
	if len(rail) != 34 {
		t.Errorf("%d rail points, want 34", len(rail))
	}
	if !slices.Equal(central, []int{34, 35, 36, 37, 44, 45, 46, 47, 54, 55, 56, 57, 64, 65, 66, 67}) {
		t.Errorf("central %v", central)
	}
	var econ []int
	for _, p := range b.EconPoints() {
		econ = append(econ, b.ID(p))
	}
	if !slices.Equal(econ, []int{23, 78}) {
		t.Errorf("economy zones %v, want [23 78]", econ)
	}
	towers := map[int][2]int{19: {glory.Blue, 100}, 49: {glory.Blue, 80}, 52: {glory.Red, 80}, 82: {glory.Red, 100}}
	if len(b.Towers()) != 4 {
		t.Errorf("%d towers, want 4", len(b.Towers()))
	}
	for id, w := range towers {
		if s, hp := b.Tower(pt(t, b, id)); s != w[0] || hp != w[1] {
			t.Errorf("tower %d = side %d hp %d, want %v", id, s, hp, w)
		}
	}
	if b.ID(b.Spawn(glory.Red)) != 82 || b.ID(b.Spawn(glory.Blue)) != 19 {
		t.Errorf("spawns %d %d, want 82 19", b.ID(b.Spawn(glory.Red)), b.ID(b.Spawn(glory.Blue)))
	}
	zones := [2][]int{}
	for p := range b.Len() {
		if s := b.TowerZone(p); s >= 0 {
			zones[s] = append(zones[s], b.ID(p))
		}
	}
	if !slices.Equal(zones[glory.Red], []int{52, 53, 62, 63, 72, 73, 74, 75, 82, 83, 84, 85}) {
		t.Errorf("red tower zone %v", zones[glory.Red])
	}
	if !slices.Equal(zones[glory.Blue], []int{16, 17, 18, 19, 26, 27, 28, 29, 38, 39, 48, 49}) {
		t.Errorf("blue tower zone %v", zones[glory.Blue])
	}
	// §1.3: no edge 42–52, 49–59, 15–16 or 85–86.
	for _, e := range [][2]int{{42, 52}, {49, 59}, {15, 16}, {85, 86}} {
		if k := b.EdgeKind(pt(t, b, e[0]), pt(t, b, e[1])); k != glory.NoEdge {
			t.Errorf("edge %d–%d is %s, want none", e[0], e[1], k)
		}
	}
}

// TestSymmetryAndConnectivity checks §1.1 (k ↔ 101−k maps every edge and
// region onto its image) and §1.2 (the whole graph is connected).
func TestSymmetryAndConnectivity(t *testing.T) {
	b := standardBoard(t)
	for p := range b.Len() {
		q := pt(t, b, 101-b.ID(p))
		if b.Rail(p) != b.Rail(q) || b.Central(p) != b.Central(q) || b.Econ(p) != b.Econ(q) {
			t.Errorf("%d and %d differ in regions", b.ID(p), b.ID(q))
		}
		for _, l := range b.Links(p) {
			if k := b.EdgeKind(q, pt(t, b, 101-b.ID(l.To))); k != l.Kind {
				t.Errorf("edge %d–%d (%s) has image %s", b.ID(p), b.ID(l.To), l.Kind, k)
			}
		}
		for r := range b.Len() {
			if b.Steps(p, r) < 0 {
				t.Fatalf("%d cannot reach %d", b.ID(p), b.ID(r))
			}
			if b.Steps(p, r) != b.Steps(q, pt(t, b, 101-b.ID(r))) {
				t.Errorf("steps %d→%d differ from the image", b.ID(p), b.ID(r))
			}
		}
	}
}

// factsChains is the list of maximal straight lines of facts §1.4.
const factsChains = `1 2 3 4 5 6 7 8 9
1 12
9 20
12 13 14 15
16 17 18 19 20
22 23 24 25
23 34
24 15
26 27 28 29
27 38
28 19
32 33 34 35 36 37 38 39
41 42 43 44 45 46 47 48 49
42 32 22 12
42 33
43 33 23 13
48 38 28 18
49 39 29 19 9
52 53 54 55 56 57 58 59 60
62 63 64 65 66 67 68 69
63 74
67 78
68 59
72 73 74 75
76 77 78 79
81 71 61 51 41 31 21 11 1
81 82 83 84 85
81 92
82 73
83 73 63 53
84 74 64 54 44 34 24 14
86 76 66 56 46 36 26 16 6
86 77
86 87 88 89
87 77 67 57 47 37 27 17
88 78 68 58
89 79 69 59
89 100
92 82 72 62 52
92 93 94 95 96 97 98 99 100
95 85 75 65 55 45 35 25 15
100 90 80 70 60 50 40 30 20`

// TestChains compares the board's maximal chains with facts §1.4 (each
// chain read in either direction).
func TestChains(t *testing.T) {
	b := standardBoard(t)
	canon := func(ids []int) string {
		if ids[0] > ids[len(ids)-1] {
			slices.Reverse(ids)
		}
		s := make([]string, len(ids))
		for i, id := range ids {
			s[i] = strconv.Itoa(id)
		}
		return strings.Join(s, " ")
	}
	var want, got []string
	for _, line := range strings.Split(factsChains, "\n") {
		var ids []int
		for _, f := range strings.Fields(line) {
			id, _ := strconv.Atoi(f)
			ids = append(ids, id)
		}
		want = append(want, canon(ids))
	}
	for _, c := range b.Chains() {
		ids := make([]int, len(c))
		for i, p := range c {
			ids[i] = b.ID(p)
		}
		got = append(got, canon(ids))
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("chains differ from facts §1.4:\ngot  %q\nwant %q", got, want)
	}
}

// TestNearAndMoves checks "r<2 and road-connected" (§4) and one move unit
// (§3): road neighbours, central diagonals, boarding, 1–2 rail cells.
func TestNearAndMoves(t *testing.T) {
	b := standardBoard(t)
	p := func(id int) int { return pt(t, b, id) }
	near := []struct {
		a, b int
		want bool
	}{
		{45, 45, true},  // r = 0
		{45, 46, true},  // central edge, r = 1
		{68, 59, true},  // drawn diagonal, r = √2
		{45, 56, false}, // implicit central diagonal is not a road
		{19, 20, false}, // boarding crosses the rail boundary
		{15, 16, false}, // lattice neighbours without an edge
		{1, 2, true},    // rail track
	}
	for _, n := range near {
		if got := b.Near(p(n.a), p(n.b)); got != n.want {
			t.Errorf("near(%d,%d) = %v, want %v", n.a, n.b, got, n.want)
		}
	}
	ids := func(ps []int) []int {
		out := make([]int, len(ps))
		for i, q := range ps {
			out[i] = b.ID(q)
		}
		slices.Sort(out)
		return out
	}
	// Checked by hand from the point table of facts §1.5 and the central
	// rule of §3 (only the rows certain from the table are asserted).
	checked := map[int][]int{
		45: {34, 35, 36, 44, 46, 54, 55, 56},
		34: {23, 24, 33, 35, 44, 45},
		19: {9, 18, 20, 28, 29},
		2:  {1, 3, 4, 11},
		9:  {7, 8, 19, 20, 30},
		60: {40, 50, 59, 70, 80},
		82: {72, 73, 81, 83, 92},
		89: {79, 88, 100},
		52: {53, 62},
		42: {32, 33, 41, 43},
		23: {13, 22, 24, 33, 34},
		78: {67, 68, 77, 79, 88},
		12: {1, 13, 22},
		16: {6, 17, 26},
	}
	for id, want := range checked {
		if got := ids(b.MoveTargets(p(id))); !slices.Equal(got, want) {
			t.Errorf("moves from %d = %v, want %v", id, got, want)
		}
	}
}

// TestBeyond checks the knock-back line of 足球 (§11.19): the rest of the
// straight chain beyond the target, within the target's rail class.
func TestBeyond(t *testing.T) {
	b := standardBoard(t)
	p := func(id int) int { return pt(t, b, id) }
	ids := func(ps []int) []int {
		out := make([]int, len(ps))
		for i, q := range ps {
			out[i] = b.ID(q)
		}
		return out
	}
	if got := ids(b.Beyond(p(44), p(45))); !slices.Equal(got, []int{46, 47, 48, 49}) {
		t.Errorf("beyond 44→45 = %v, want [46 47 48 49] (41 and beyond 49 stop the line)", got)
	}
	if got := ids(b.Beyond(p(46), p(36))); !slices.Equal(got, []int{26, 16}) {
		t.Errorf("beyond 46→36 = %v, want [26 16] (6 is rail)", got)
	}
	if got := b.Beyond(p(15), p(16)); got != nil {
		t.Errorf("beyond 15→16 = %v, want none (no line)", ids(got))
	}
}

func minKey(m map[int]int) int {
	first := true
	v := 0
	for k := range m {
		if first || k < v {
			v, first = k, false
		}
	}
	return v
}

func maxKey(m map[int]int) int {
	v := 0
	for k := range m {
		v = max(v, k)
	}
	return v
}

// TestBent: guided paths (facts §10 row 1) turn once by at most a right
// angle: 45 → 46 → 56 is 2 steps; 45 → 56 has no straight line; a
// U-turn is not a path; 45 → 67 needs 4 steps (over the cap of 3).
func TestBent(t *testing.T) {
	b := standardBoard(t)
	p := func(id int) int { return pt(t, b, id) }
	for _, c := range []struct{ from, to, max, want int }{
		{45, 56, 3, 2},
		{45, 67, 3, -1},
		{45, 67, 4, 4},
		{45, 45, 3, -1},
	} {
		if got := b.Bent(p(c.from), p(c.to), c.max); got != c.want {
			t.Errorf("bent %d→%d within %d = %d, want %d", c.from, c.to, c.max, got, c.want)
		}
	}
}

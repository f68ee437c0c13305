package ftbt_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
)

// mustRunner returns the native effects of cfg.
func mustRunner(t testing.TB, cfg *ftbt.Config) ftbt.EffectRunner {
	t.Helper()
	r, err := native.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// newGame starts a game of cfg with the native effects.
func newGame(t testing.TB, cfg *ftbt.Config, seed uint64) *ftbt.Game {
	t.Helper()
	g, err := ftbt.New(cfg, mustRunner(t, cfg), seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// costs maps cell → cost of a range list.
func costs(rs []ftbt.Reach) map[int]int {
	m := map[int]int{}
	for _, r := range rs {
		m[r.Cell] = r.Cost
	}
	return m
}

// TestRangeTieOrder is a 3×3 plains map of weight 1 with the mover in the
// middle (cell 4), worked by hand through the dsg queue of facts §5.4.
// Pop 4 pushes 5, 3, 7, 1 (directions 0..3), all at 1: [5 3 7 1]. Pop 5: 1
// goes to the root and sinks past the equal 3: [3 1 7]; 5 pushes 8 and 2 at
// 2. Pop 3: 2 goes to the root, sinks below 1, then below the equal 8:
// [1 8 7 2]; 3 pushes 6 and 0. Pop 1 (1 pushes 2 and 0 again), pop 7 (it
// pushes 8 and 6 again), then the cost-2 entries come out as 8 (from 5), 2
// (from 5), 0 (from 1), 6 (from 7). container/heap would pop 1 before 3.
func TestRangeTieOrder(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 1)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 100, X: 1, Y: 1})
	g := newGame(t, cfg, 1)
	want := []ftbt.Reach{
		{Cell: 4, Cost: 0, From: -1}, {Cell: 5, Cost: 1, From: 4}, {Cell: 3, Cost: 1, From: 4},
		{Cell: 1, Cost: 1, From: 4}, {Cell: 7, Cost: 1, From: 4}, {Cell: 8, Cost: 2, From: 5},
		{Cell: 2, Cost: 2, From: 5}, {Cell: 0, Cost: 2, From: 1}, {Cell: 6, Cost: 2, From: 7},
	}
	if diff := cmp.Diff(want, g.Range(0)); diff != "" {
		t.Errorf("range (-want +got):\n%s", diff)
	}
}

// TestRangeNeighbourPenalty is the oracle probe of facts §5.2: 5×5 plains
// (15), mover at (1,3), enemy at (2,2).
func TestRangeNeighbourPenalty(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 1000, X: 1, Y: 3})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 1, X: 2, Y: 2})
	g := newGame(t, cfg, 1)
	got := costs(g.Range(0))
	for _, c := range []struct{ x, y, cost int }{
		{1, 2, 15}, // beside the enemy, entered normally
		{1, 1, 45}, // left (1,2) sideways to the enemy: doubled
		{2, 3, 15}, // straight toward the enemy: never penalised
		{3, 3, 45}, // left (2,3) sideways to the enemy: doubled
	} {
		if g := got[fixture.Cell(cfg, c.x, c.y)]; g != c.cost {
			t.Errorf("(%d,%d) costs %d, want %d", c.x, c.y, g, c.cost)
		}
	}
	if _, ok := got[fixture.Cell(cfg, 2, 2)]; ok {
		t.Errorf("the enemy's cell is in the range")
	}
}

// TestRangeDoublesOnce: a cell flanked by enemies on both sides doubles
// the step only once (×2, never ×4).
func TestRangeDoublesOnce(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 10)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 1000, X: 1, Y: 2})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 0, Y: 1})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 2, Y: 1})
	g := newGame(t, cfg, 1)
	got := costs(g.Range(0))
	// (1,1) is entered straight (10); leaving it up to (1,0) is vertical with
	// both horizontal neighbours enemies: 10 + 20.
	if got[fixture.Cell(cfg, 1, 1)] != 10 || got[fixture.Cell(cfg, 1, 0)] != 30 {
		t.Errorf("costs %v, want (1,1)=10 and (1,0)=30", got)
	}
}

// TestRangeAllies: allies are passable and listed, but not destinations;
// enemies are neither.
func TestRangeAllies(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(4, 1, 10)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 30, X: 0, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 30, X: 1, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 30, X: 3, Y: 0})
	g := newGame(t, cfg, 1)
	want := []ftbt.Reach{{Cell: 0, Cost: 0, From: -1}, {Cell: 1, Cost: 10, From: 0}, {Cell: 2, Cost: 20, From: 1}}
	if diff := cmp.Diff(want, g.Range(0)); diff != "" {
		t.Errorf("range (-want +got):\n%s", diff)
	}
	// The move request offers the own cell and the empty cell only.
	var offered []string
	d := fixture.Func(func(v *ftbt.View, req *ftbt.Request) (int, error) {
		switch req.Kind {
		case ftbt.AskPerson:
			return 0, nil
		case ftbt.AskMove:
			for _, o := range req.Options {
				offered = append(offered, o.ID())
			}
		}
		return req.Default, nil
	})
	if _, err := g.Step([]ftbt.Decider{d, nil}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"cell/0", "cell/2", "back"}; !slices.Equal(offered, want) {
		t.Errorf("move options %v, want %v", offered, want)
	}
}

// TestRangeFly: a fly weight replaces the terrain weight for its side only,
// even when it is higher; -1 makes a cell impassable and an "enemy" for the
// doubling.
func TestRangeFly(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 15)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 1000, X: 0, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 1000, X: 2, Y: 2})
	g := newGame(t, cfg, 1)
	g.PutEffect(fixture.Cell(cfg, 1, 0), 0, ftbt.FlySlot, 40, 2)
	g.PutEffect(fixture.Cell(cfg, 0, 1), 0, ftbt.FlySlot, 5, 2)
	got := costs(g.Range(0))
	if got[1] != 40 || got[3] != 5 {
		t.Errorf("side 0 costs (1,0)=%d (0,1)=%d, want 40 and 5", got[1], got[3])
	}
	if w := g.Weights(1); w[1] != 15 || w[3] != 15 {
		t.Errorf("side 1 weights %v: the fly of side 0 leaked", w)
	}
	g.PutEffect(fixture.Cell(cfg, 1, 1), 0, ftbt.FlySlot, -1, 2)
	got = costs(g.Range(0))
	if _, ok := got[4]; ok {
		t.Errorf("a fly weight of -1 is passable")
	}
	// (0,1) at 5 is entered straight; leaving it down to (0,2) is vertical
	// with the impassable (1,1) beside it: 2 × 15.
	if got[fixture.Cell(cfg, 0, 2)] != 5+30 {
		t.Errorf("(0,2) costs %d, want 35", got[fixture.Cell(cfg, 0, 2)])
	}
}

// TestRangeSpeed: the speed caps the path cost; the start is listed first
// even with speed ≤ 0.
func TestRangeSpeed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		speed int
		n     int
	}{
		{30, 1 + 4 + 8}, // radius 2 of a diamond
		{29, 1 + 4},
		{15, 1 + 4},
		{14, 1},
		{0, 1},
		{-5, 1},
	} {
		cfg := fixture.Base(7, 7, 15)
		fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: tc.speed, X: 3, Y: 3})
		g := newGame(t, cfg, 1)
		rs := g.Range(0)
		if len(rs) != tc.n || rs[0] != (ftbt.Reach{Cell: fixture.Cell(cfg, 3, 3), Cost: 0, From: -1}) {
			t.Errorf("speed %d: %d cells, first %+v; want %d cells, the start first", tc.speed, len(rs), rs[0], tc.n)
		}
		for _, r := range rs {
			if r.Cost > max(tc.speed, 0) {
				t.Errorf("speed %d: cell %d at cost %d", tc.speed, r.Cell, r.Cost)
			}
		}
	}
}

// TestCalDist: static distances over terrain weights, -1 impassable and
// unreachable; occupancy and fly are ignored.
func TestCalDist(t *testing.T) {
	t.Parallel()
	// 4×3: a wall column (-1) at x=2 except the bottom row, water (20).
	//  0 1 2 3
	//  p p W p
	//  p w W p
	//  p p p p
	cfg := fixture.Base(4, 3, 10)
	cfg.Terrains = append(cfg.Terrains, ftbt.Terrain{Name: "wall", Weight: -1}, ftbt.Terrain{Name: "water", Weight: 20})
	cfg.Cells[2], cfg.Cells[6], cfg.Cells[5] = 1, 1, 2
	s := ftbt.NewSearcher(4, 3)
	w := make([]int, 12)
	for c, t := range cfg.Cells {
		w[c] = cfg.Terrains[t].Weight
	}
	dist := make([]int, 12)
	s.CalDist(w, 0, dist)
	want := []int{
		0, 10, -1, 70,
		10, 30, -1, 60,
		20, 30, 40, 50,
	}
	if !slices.Equal(dist, want) {
		t.Errorf("dist %v, want %v", dist, want)
	}
	// A walled-in cell is unreachable.
	w[7], w[11] = -1, -1
	s.CalDist(w, 0, dist)
	if dist[3] != -1 {
		t.Errorf("walled cell at %d, want -1", dist[3])
	}
}

// TestPeopleSteps: a move fires one PeopleStep per step from the start
// (each with the cell left and its direction), then PeopleMove.
func TestPeopleSteps(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 1)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 100, X: 1, Y: 1})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 1, X: 2, Y: 0})
	g := newGame(t, cfg, 1)
	// By hand, as in TestRangeTieOrder with cell 2 impassable: pops 4, 5,
	// 3, 1, 7, 8, 6, then 0 by the entry pushed from 1 (the one from 3 sank
	// below it). So the path is 4 →(up) 1 →(left) 0.
	s := fixture.NewScript("person/0", "cell/0")
	if _, err := g.Step(s.Deciders()); err != nil {
		t.Fatal(err)
	}
	var steps [][2]int
	var moved bool
	for _, e := range g.Events() {
		switch e.Kind {
		case ftbt.EvPeopleStep:
			steps = append(steps, [2]int{e.Cell, e.N})
		case ftbt.EvPeopleMove:
			moved = e.Cell == 4 && e.To == 0 && len(steps) == 2
		}
	}
	if !moved || !slices.Equal(steps, [][2]int{{4, ftbt.DirUp}, {1, ftbt.DirLeft}}) {
		t.Errorf("steps %v (moved %v), want 4 up, 1 left", steps, moved)
	}
	if p := g.Person(0); p.Cell != 0 || g.Occupant(4) != -1 || g.Occupant(0) != 0 {
		t.Errorf("after the move: cell %d, occupants %d/%d", p.Cell, g.Occupant(4), g.Occupant(0))
	}
}

// TestTargets: the offsets in file order from the current cell, on the
// map and allowed by the mask, duplicates once (facts §6).
func TestTargets(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 1)
	cfg.Terrains = append(cfg.Terrains, ftbt.Terrain{Name: "water", Weight: 5})
	cfg.Cells[fixture.Cell(cfg, 2, 1)] = 1
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "t", Class: fixture.AttackBuff, Mask: []bool{true, false},
		Offsets: [][2]int{{1, 0}, {0, 0}, {-1, 0}, {-2, 0}, {0, 0}, {0, 1}, {1, 1}}})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 1, Y: 1, Techs: []int{tech}})
	g := newGame(t, cfg, 1)
	// (2,1) is water (masked out), (-1,1) is off the map, (0,0) repeats.
	want := []int{4, 3, 7, 8}
	if got := g.Targets(0, 0); !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
	if g.Targets(0, 1) != nil || g.Targets(5, 0) != nil {
		t.Errorf("bad indices give targets")
	}
}

package agent_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
)

// The expected values below are worked by hand from facts §9.3 with
// star.tech's AI constants (MOVE_DIST 3000, MOVE_SCORE 1500, BUF_VALUE 30,
// BUF_SCORE 1000, DEF_DIST 300, DEF_SCORE 500, TECH_DIST 80, TECH_SCORE
// 1000).

// probe is the AI's evaluation of one activation, and what it then did.
type probe struct {
	scores             []agent.CellScore
	dest, slot, target int
	g                  *ftbt.Game
}

// decide starts a game of cfg with the given timed effects, lets side 0
// pass if p is on side 1, and has the AI play person p's activation,
// recording its evaluation.
func decide(t *testing.T, cfg *ftbt.Config, p int, effects ...ftbt.CellEffect) probe {
	t.Helper()
	r, err := native.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ftbt.New(cfg, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(effects) > 0 {
		// Effects are put in through a save, the public way to set a state.
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		var sf ftbt.SaveFile
		if err := json.Unmarshal(data, &sf); err != nil {
			t.Fatal(err)
		}
		sf.State.Effects = effects
		if data, err = json.Marshal(&sf); err != nil {
			t.Fatal(err)
		}
		if g, err = ftbt.Load(cfg, r, data); err != nil {
			t.Fatal(err)
		}
	}
	ai := agent.NewAI()
	var pr probe
	pr.g = g
	d := fixture.Func(func(v *ftbt.View, req *ftbt.Request) (int, error) {
		switch req.Kind {
		case ftbt.AskPerson:
			for i, o := range req.Options {
				if o.Kind == ftbt.OptPerson && o.A == p {
					return i, nil
				}
			}
			return req.Default, nil // end the turn
		case ftbt.AskMove:
			var err error
			if pr.scores, err = ai.Evaluate(v, p, v.Range(), nil); err != nil {
				return -1, err
			}
			if pr.dest, pr.slot, pr.target, err = ai.Choose(v, p); err != nil {
				return -1, err
			}
		}
		return ai.Decide(v, req)
	})
	ds := []ftbt.Decider{d, d}
	for !g.Finished(p) {
		if _, err := g.Step(ds); err != nil {
			t.Fatal(err)
		}
		if g.Round() > 1 {
			t.Fatal("the person did not act in round 1")
		}
	}
	return pr
}

// line is a w×1 plains level of weight 15.
func line(w int) *ftbt.Config { return fixture.Base(w, 1, 15) }

func ai(att, def, move int) *ftbt.PersonAI {
	return &ftbt.PersonAI{Att: att, Def: def, Move: move, GoalX: -1, GoalY: -1}
}

// TestDefenceScore: on a 7×1 line, P at x=3 with speed 30 reaches 4, 2, 5,
// 1 in pop order (3 first); the enemy at x=6 is 30, 60, 15, 75 away, so the
// defence scores are d × 500 / 300 = 50, 100, 25, 125: higher is farther,
// as the code has it. With the defence factor only, P goes to x=1.
func TestDefenceScore(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 30, X: 3, AI: ai(0, 1, 0)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 6})
	pr := decide(t, cfg, 0)
	var cells, defs []int
	for _, s := range pr.scores {
		cells, defs = append(cells, s.Cell), append(defs, s.Def)
	}
	if !slices.Equal(cells, []int{4, 2, 5, 1}) || !slices.Equal(defs, []int{50, 100, 25, 125}) {
		t.Errorf("cells %v defs %v, want [4 2 5 1] [50 100 25 125]", cells, defs)
	}
	if pr.dest != 1 || pr.g.Person(0).Cell != 1 {
		t.Errorf("dest %d, person on %d; want 1", pr.dest, pr.g.Person(0).Cell)
	}
	// Beyond DEF_DIST an enemy gives DEF_SCORE; the sum is divided by the
	// number of enemies: a second enemy at x=0 is 60, 30, 75, 15 away →
	// (50+100)/2, (100+50)/2, (25+125)/2, (125+25)/2 = 75 each.
	cfg.AI.DefDist = 40
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 0})
	pr = decide(t, cfg, 0)
	// DEF_DIST 40: d 30 → 30 × 500 / 40 = 375, d ≥ 40 → 500, 15 → 187.
	// x=4: (375 + 500)/2 = 437; x=2: (500 + 375)/2 = 437; x=5: (187 + 500)/2
	// = 343; x=1: (500 + 187)/2 = 343.
	defs = defs[:0]
	for _, s := range pr.scores {
		defs = append(defs, s.Def)
	}
	if !slices.Equal(defs, []int{437, 437, 343, 343}) {
		t.Errorf("two enemies: defs %v, want [437 437 343 343]", defs)
	}
	// Tie: the first in pop order (x=4).
	if pr.dest != 4 {
		t.Errorf("tie: dest %d, want 4", pr.dest)
	}
}

// TestNeverStays: P at x=0 is as far from the enemy as it can be, but its
// own cell is skipped: it moves to x=1, the only other cell in reach.
func TestNeverStays(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 15, X: 0, AI: ai(0, 1, 0)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 6})
	pr := decide(t, cfg, 0)
	if len(pr.scores) != 1 || pr.dest != 1 || pr.g.Person(0).Cell != 1 {
		t.Errorf("scores %v, dest %d; want the move to 1", pr.scores, pr.dest)
	}
}

// TestTiesFirstInPopOrder: with all factors 0 every total is 0, so the
// destination is the first empty cell after the own one in pop order.
func TestTiesFirstInPopOrder(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 1)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 100, X: 1, Y: 1, AI: ai(0, 0, 0)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 2, Y: 1})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 2, Y: 2})
	// Pop order from the centre: 4, then 5 (the ally: skipped), 3, …
	pr := decide(t, cfg, 0)
	if pr.dest != 3 {
		t.Errorf("dest %d, want 3", pr.dest)
	}
}

// TestBoxedIn: P reaches only ally cells: it stays and uses no tech, even
// with an enemy in reach of its attack.
func TestBoxedIn(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 3, 15)
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 10, Speed: 15, X: 1, Y: 1, Techs: []int{hit}, AI: ai(30, 30, 40)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 0, Y: 1})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 2, Y: 1})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 1, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 1, Y: 2})
	pr := decide(t, cfg, 0)
	if len(pr.scores) != 0 || pr.dest != 4 || pr.slot != -1 {
		t.Errorf("scores %v, dest %d slot %d; want to stay without a tech", pr.scores, pr.dest, pr.slot)
	}
	for _, e := range pr.g.Events() {
		if e.Kind == ftbt.EvDoTech || e.Kind == ftbt.EvPeopleMove {
			t.Errorf("event %+v", e)
		}
	}
}

// TestLocationScore: goal (0,0) on the 7×1 line, P at x=3 (speed 30):
// loc = (3000 − gd) × 1500 / 3000 for gd = 60, 30, 75, 15: 1470, 1485,
// 1462, 1492. Own buffs add value × 1000 / 30 each, uncapped: attack 8 at
// x=4 → +266; defence 9 at x=5 → +300. The enemy's buffs count for nothing.
func TestLocationScore(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 30, X: 3, AI: &ftbt.PersonAI{Move: 1, GoalX: 0, GoalY: 0}})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 6})
	pr := decide(t, cfg, 0)
	var locs []int
	for _, s := range pr.scores {
		locs = append(locs, s.Loc)
	}
	if !slices.Equal(locs, []int{1470, 1485, 1462, 1492}) || pr.dest != 1 {
		t.Errorf("locs %v dest %d, want [1470 1485 1462 1492] and 1", locs, pr.dest)
	}
	pr = decide(t, cfg, 0,
		ftbt.CellEffect{Cell: 4, Side: 0, Slot: ftbt.AttackSlot, Value: 8, Left: 2},
		ftbt.CellEffect{Cell: 5, Side: 0, Slot: ftbt.DefenceSlot, Value: 90, Left: 2}, // 3000: uncapped
		ftbt.CellEffect{Cell: 1, Side: 1, Slot: ftbt.AttackSlot, Value: 30, Left: 2})
	locs = locs[:0]
	for _, s := range pr.scores {
		locs = append(locs, s.Loc)
	}
	if !slices.Equal(locs, []int{1736, 1485, 4462, 1492}) || pr.dest != 5 {
		t.Errorf("with buffs: locs %v dest %d, want [1736 1485 4462 1492] and 5", locs, pr.dest)
	}
	// Beyond MOVE_DIST the distance term is 0: MOVE_DIST 40 gives (40 −
	// 30) × 1500 / 40 = 375 at gd 30, 937 at gd 15, 0 at 60 and 75.
	cfg.AI.MoveDist = 40
	pr = decide(t, cfg, 0)
	locs = locs[:0]
	for _, s := range pr.scores {
		locs = append(locs, s.Loc)
	}
	if !slices.Equal(locs, []int{0, 375, 0, 937}) {
		t.Errorf("MOVE_DIST 40: locs %v, want [0 375 0 937]", locs)
	}
}

// TestDynamicGoal: without a fixed goal the goal is the nearest enemy by
// static distance from P's cell, ties to the lowest index. On a 9×1 line P
// at x=4 (speed 15) has enemies at x=0 and x=8, both 60 away. The goal is
// the lower-indexed one; loc at x=3 / x=5 is (3000 − 45) / 2 = 1477 toward
// it and (3000 − 75) / 2 = 1462 away from it.
func TestDynamicGoal(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		first, second, dest int
	}{{8, 0, 5}, {0, 8, 3}} {
		cfg := line(9)
		fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 15, X: 4, AI: ai(0, 0, 1)})
		fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: tc.first})
		fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: tc.second})
		pr := decide(t, cfg, 0)
		want := map[int]int{tc.dest: 1477, 8 - tc.dest: 1462}
		for _, s := range pr.scores {
			if want[s.Cell] != s.Loc {
				t.Errorf("goal x=%d: cell %d loc %d, want %d", tc.first, s.Cell, s.Loc, want[s.Cell])
			}
		}
		if pr.dest != tc.dest {
			t.Errorf("goal x=%d: dest %d, want %d", tc.first, pr.dest, tc.dest)
		}
	}
}

// TestDamageScoreTerm: 直攻 (value 15) by abi 20 on an enemy with def 17
// and 90 hp: base 18, 18 × 1000 / 90 = 200, from the cell beside it only.
// P uses it from there. The goal is that enemy: loc = (3000 − gd) / 2 for
// gd = 30, 60, 15, 75.
func TestDamageScoreTerm(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 10, Speed: 30, X: 3, Techs: []int{hit}, AI: ai(1, 0, 0)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 6})
	pr := decide(t, cfg, 0)
	want := []agent.CellScore{
		{Cell: 4, Slot: -1, Target: -1, Def: 50, Loc: 1485},
		{Cell: 2, Slot: -1, Target: -1, Def: 100, Loc: 1470},
		{Cell: 5, Att: 200, Slot: 0, Target: 6, Def: 25, Loc: 1492, Total: 200},
		{Cell: 1, Slot: -1, Target: -1, Def: 125, Loc: 1462},
	}
	if diff := cmp.Diff(want, pr.scores); diff != "" {
		t.Errorf("scores (-want +got):\n%s", diff)
	}
	if pr.dest != 5 || pr.slot != 0 || pr.target != 6 || pr.g.Person(1).HP >= 90 {
		t.Errorf("dest %d slot %d target %d, enemy hp %d", pr.dest, pr.slot, pr.target, pr.g.Person(1).HP)
	}
}

// TestFirstTechCandidate: a candidate with score 0 is taken; a later one
// replaces it only if strictly greater. Slots 0 and 1 are the same attack
// (200 each): slot 0 is kept. A buff aimed where no goal is near scores 0
// but is still chosen where it is the only candidate.
func TestFirstTechCandidate(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	cfg.Terrains = append(cfg.Terrains, ftbt.Terrain{Name: "water", Weight: 15})
	cfg.Cells[1] = 1
	buff := fixture.AddTech(cfg, ftbt.Tech{ID: "buff", Class: fixture.AttackBuff, Offsets: [][2]int{{0, 0}}, Duration: 3, Mask: []bool{true, false}, Value: 40})
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 10, Speed: 30, X: 3, Techs: []int{buff, hit, hit}, AI: ai(1, 0, 0)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 6})
	pr := decide(t, cfg, 0)
	got := map[int][3]int{}
	for _, s := range pr.scores {
		got[s.Cell] = [3]int{s.Att, s.Slot, s.Target}
	}
	// x=4, 2: only the buff on the own cell (goal distance ≥ 30 from the
	// enemy: g = 80 − 30 = 50 > 0 at x=4 → 8 × 3 × 50 / 80 = 15 → 18; x=2:
	// g = 80 − 60 = 20 → 8 × 3 × 20 / 80 = 6 → 7); x=1 (water): no
	// candidate; x=5: buff (g = 80 − 15 = 65 → 19 → 23), then the attack
	// (200) replaces it, and the second attack (200) does not.
	want := map[int][3]int{4: {18, 0, 4}, 2: {7, 0, 2}, 1: {0, -1, -1}, 5: {200, 1, 6}}
	if !cmp.Equal(got, want) {
		t.Errorf("tech choices %v, want %v", got, want)
	}
}

// TestEitherSide: the AI plays side 0 as well as side 1, and a person
// without AI factors stays without a tech.
func TestEitherSide(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 30, X: 3})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 30, X: 6, AI: ai(0, 0, 1)})
	pr := decide(t, cfg, 0)
	if pr.dest != 3 || len(pr.scores) != 0 {
		t.Errorf("person without AI: dest %d, scores %v", pr.dest, pr.scores)
	}
	pr = decide(t, cfg, 1)
	// Side 1 heads for the enemy at x=3: from x=6 it reaches 5 and 4.
	if pr.dest != 4 {
		t.Errorf("side 1: dest %d, want 4", pr.dest)
	}
}

// TestAIGames: whole games of the AI against itself and the random agent
// end, and the random agent never quits.
func TestAIGames(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2, 3} {
		cfg := fixture.Base(9, 9, 15)
		cfg.Rules.MaxRounds = 30
		hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
		fly := fixture.AddTech(cfg, ftbt.Tech{ID: "fly", Class: fixture.Fly, Offsets: [][2]int{{0, 0}}, AOERange: 5, AOERatio: 100, Duration: 2, Value: 70})
		for i := range 3 {
			fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, Def: 15, HP: 60, Speed: 60, X: i, Y: 0, Techs: []int{hit, fly}, AI: ai(30, 30, 40)})
			fixture.AddPerson(cfg, ftbt.Person{Side: 1, Abi: 20, Def: 15, HP: 60, Speed: 60, X: 8 - i, Y: 8, Techs: []int{hit}, AI: ai(50, 20, 30)})
		}
		r, _ := native.New(cfg)
		for _, ds := range [][]ftbt.Decider{
			{agent.NewAI(), agent.NewAI()},
			{agent.NewAI(), agent.NewRandom(seed)},
			{agent.NewRandom(seed), agent.NewRandom(seed + 1)},
		} {
			g, err := ftbt.New(cfg, r, seed)
			if err != nil {
				t.Fatal(err)
			}
			res, err := g.Run(ds)
			if err != nil {
				t.Fatal(err)
			}
			if res.Reason == ftbt.ReasonQuit {
				t.Errorf("seed %d: %s quit", seed, fmt.Sprint(ds))
			}
		}
	}
}

// TestTechAfterAnotherMove: when another decider (a search) chose the
// person's move, the AI asked for its tech plans from the cell the person
// stands on (facts §9.3 step 6 from there) instead of answering "no tech".
// P moves to x=5 by the other decider's choice; the enemy at x=6 is then in
// the attack's ring and the AI hits it (damage 200 > 0, so its hp drops).
func TestTechAfterAnotherMove(t *testing.T) {
	t.Parallel()
	cfg := line(7)
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 10, Speed: 30, X: 3, Techs: []int{hit}, AI: ai(0, 1, 0)})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 6})
	r, err := native.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ftbt.New(cfg, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	a := agent.NewAI()
	var asked []ftbt.RequestKind
	d := fixture.Func(func(v *ftbt.View, req *ftbt.Request) (int, error) {
		switch req.Kind {
		case ftbt.AskPerson:
			for i, o := range req.Options {
				if o.Kind == ftbt.OptPerson && o.A == 0 {
					return i, nil
				}
			}
			return req.Default, nil
		case ftbt.AskMove:
			// Not where the AI goes: with the defence factor only it
			// keeps away from the enemy (x=1).
			for i, o := range req.Options {
				if o.Kind == ftbt.OptCell && o.A == 5 {
					return i, nil
				}
			}
			t.Fatal("x=5 is not offered")
		}
		asked = append(asked, req.Kind)
		return a.Decide(v, req)
	})
	ds := []ftbt.Decider{d, d}
	for !g.Finished(0) {
		if _, err := g.Step(ds); err != nil {
			t.Fatal(err)
		}
	}
	if g.Person(0).Cell != 5 || g.Person(1).HP >= 90 {
		t.Errorf("P at %d, enemy hp %d (AI asked %v): want P at 5 and the enemy hit", g.Person(0).Cell, g.Person(1).HP, asked)
	}
}

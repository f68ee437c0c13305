package ftbt_test

import (
	"slices"
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
)

// blast is a level where A (side 0, person 0) at (0,0) can hit (1,0) with
// a blast of radius 1 at 100 % that hits allies and itself; E (side 1) is
// on (1,0).
func blast(aHP, eHP int, both string) *ftbt.Config {
	cfg := fixture.Base(4, 2, 10)
	cfg.Rules.BothWiped = both
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "blast", Class: fixture.Damage, Offsets: [][2]int{{1, 0}}, AOERange: 1, AOERatio: 100, AOESelf: true, Value: 50})
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 10, HP: aHP, X: 0, Y: 0, Techs: []int{tech}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "E", Side: 1, Def: 0, HP: eHP, X: 1, Y: 0})
	return cfg
}

// TestWinChecks (facts §4): after an activation the opponent-wiped check
// comes first; both wiped is a draw by default and the attacker's win with
// the original's setting; a side that wipes itself out loses.
func TestWinChecks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		aHP, eHP   int
		both       string
		winner     int
		reason     string
		aOut, eOut bool
	}{
		{"opponent wiped", 1000, 10, ftbt.BothWipedDraw, 0, ftbt.ReasonWiped, false, true},
		{"both wiped, draw", 10, 10, ftbt.BothWipedDraw, -1, ftbt.ReasonBothWiped, true, true},
		{"both wiped, default", 10, 10, "", -1, ftbt.ReasonBothWiped, true, true},
		{"both wiped, attacker", 10, 10, ftbt.BothWipedAttacker, 0, ftbt.ReasonBothWiped, true, true},
		{"self wiped", 10, 1000, ftbt.BothWipedAttacker, 1, ftbt.ReasonWiped, true, false},
	} {
		g := newGame(t, blast(tc.aHP, tc.eHP, tc.both), 3)
		s := fixture.NewScript("person/0", "cell/0", "slot/0", "cell/1")
		over, err := g.Step(s.Deciders())
		if err != nil {
			t.Fatal(err)
		}
		res, _ := g.Result()
		if !over || res.Winner != tc.winner || res.Reason != tc.reason || res.Rounds != 1 {
			t.Errorf("%s: over %v, result %+v; want winner %d by %s", tc.name, over, res, tc.winner, tc.reason)
		}
		if (g.Person(0).Cell < 0) != tc.aOut || (g.Person(1).Cell < 0) != tc.eOut {
			t.Errorf("%s: A on %d, E on %d", tc.name, g.Person(0).Cell, g.Person(1).Cell)
		}
		last := g.Events()[len(g.Events())-1]
		if last.Kind != ftbt.EvGameOver || last.Side != tc.winner {
			t.Errorf("%s: last event %+v", tc.name, last)
		}
		if over, err := g.Step(s.Deciders()); !over || err != nil {
			t.Errorf("%s: a finished game stepped on", tc.name)
		}
	}
}

// TestFinishedBookkeeping (facts §4, §8.5): B (side 0) has acted when A's
// blast kills it; np_finish drops with it, so the turn still ends when A
// has acted.
func TestFinishedBookkeeping(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(4, 2, 10)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "blast", Class: fixture.Damage, Offsets: [][2]int{{1, 0}}, AOERange: 1, AOERatio: 100, AOESelf: true, Value: 50})
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 10, HP: 1000, X: 0, Y: 0, Techs: []int{tech}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "B", Side: 0, HP: 5, X: 1, Y: 1})
	fixture.AddPerson(cfg, ftbt.Person{Name: "E", Side: 1, Def: 0, HP: 1000, X: 1, Y: 0})
	g := newGame(t, cfg, 3)
	s := fixture.NewScript("person/1", "cell/5", "person/0", "cell/0", "slot/0", "cell/1")
	play(t, g, s)
	in, fin := g.Counters()
	if g.Person(1).Cell != -1 || in != [2]int{1, 1} || fin != [2]int{1, 0} {
		t.Errorf("B on %d, np_in %v, np_finish %v; want B out, [1 1], [1 0]", g.Person(1).Cell, in, fin)
	}
	if g.Side() != 1 || g.Phase() != ftbt.PhaseTurn {
		t.Errorf("side %d phase %s: side 0's turn did not end", g.Side(), g.Phase())
	}
	if err := g.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

// TestRoundStructure: rounds mark everyone unfinished; side 0 then side 1;
// TurnStart per side; an aborted activation leaves the person unfinished;
// only unfinished people are offered.
func TestRoundStructure(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 1, 10)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 10, X: 0, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, Speed: 10, X: 2, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, Speed: 10, X: 4, Y: 0})
	g := newGame(t, cfg, 1)
	s := fixture.NewScript(
		"person/0", "back", // aborted: person 0 is offered again
		"person/0", "cell/1",
		"person/1", "cell/2", // side 0 done: its turn ends
		"person/2", "cell/3",
		"person/0", "cell/0", // round 2
	)
	play(t, g, s)
	want := []string{
		"person:person/0,person/1,end_turn,quit",
		"move:cell/0,cell/1,back",
		"person:person/0,person/1,end_turn,quit",
		"move:cell/0,cell/1,back",
		"person:person/1,end_turn,quit",
		"move:cell/2,cell/3,back", // (1,0) is held by the ally now: listed, not offered
		"person:person/2,end_turn,quit",
		"move:cell/4,cell/3,back",
		"person:person/0,person/1,end_turn,quit",
		"move:cell/1,cell/0,back",
	}
	if !slices.Equal(s.Seen, want) {
		t.Errorf("requests\n%v\nwant\n%v", s.Seen, want)
	}
	var starts []int
	for _, e := range g.Events() {
		if e.Kind == ftbt.EvTurnStart {
			starts = append(starts, e.Round*10+e.Side)
		}
	}
	if !slices.Equal(starts, []int{10, 11, 20}) {
		t.Errorf("turn starts (round·10+side) %v", starts)
	}
}

// TestMaxRounds: the game ends as a draw after Rules.MaxRounds rounds;
// quitting ends it with nobody winning.
func TestMaxRounds(t *testing.T) {
	t.Parallel()
	cfg := duel(1)
	cfg.Rules.MaxRounds = 3
	g := newGame(t, cfg, 1)
	res, err := g.Run([]ftbt.Decider{nil, nil}) // nil deciders end their turns
	if err != nil {
		t.Fatal(err)
	}
	if res != (ftbt.Result{Winner: -1, Reason: ftbt.ReasonMaxRounds, Rounds: 3, Side: 1}) {
		t.Errorf("result %+v", res)
	}
	g = newGame(t, cfg, 1)
	play(t, g, fixture.NewScript("end_turn", "quit"))
	if res, over := g.Result(); !over || res != (ftbt.Result{Winner: -1, Reason: ftbt.ReasonQuit, Rounds: 1, Side: 1}) {
		t.Errorf("quit: %+v", res)
	}
}

// TestWeightsAfterKill (facts §5.1): a kill of the other side frees its
// cell for teammates in the same turn.
func TestWeightsAfterKill(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(4, 2, 10)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: [][2]int{{-1, 0}}, Value: 50})
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 10, HP: 10, X: 3, Y: 0, Techs: []int{tech}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "C", Side: 0, HP: 10, Speed: 30, X: 0, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Name: "E", Side: 1, HP: 5, X: 2, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Name: "F", Side: 1, HP: 5, X: 3, Y: 1}) // keeps side 1 in the game
	g := newGame(t, cfg, 1)
	s := fixture.NewScript("person/0", "cell/3", "slot/0", "cell/2", "person/1", "cell/2")
	play(t, g, s)
	if g.Person(2).Cell != -1 || g.Person(1).Cell != 2 {
		t.Errorf("E on %d, C on %d; want E out and C on its cell", g.Person(2).Cell, g.Person(1).Cell)
	}
}

// TestFlySameTurn (facts §8.3): a fly cast lowers the weights of the
// caster's side at once, so a teammate who has not moved profits.
func TestFlySameTurn(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(7, 1, 15)
	fly := fixture.AddTech(cfg, ftbt.Tech{ID: "辅助飞行", Class: fixture.Fly, Offsets: [][2]int{{1, 0}}, AOERange: 5, AOERatio: 100, Duration: 2, Value: 70})
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 18, HP: 10, X: 0, Y: 0, Techs: []int{fly}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "C", Side: 0, HP: 10, Speed: 20, X: 1, Y: 0})
	fixture.AddPerson(cfg, ftbt.Person{Name: "E", Side: 1, HP: 5, X: 6, Y: 0})
	g := newGame(t, cfg, 1)
	// Before: C reaches (2,0) at 15, not (3,0). A flies (1,0): radius 2,
	// weight 9 on x = 0..3, so C reaches (3,0) at 18.
	if got := costs(g.Range(1)); len(got) != 3 || got[2] != 15 {
		t.Fatalf("before: %v", got)
	}
	s := fixture.NewScript("person/0", "cell/0", "slot/0", "cell/1", "person/1", "cell/3")
	play(t, g, s)
	if g.Person(1).Cell != 3 {
		t.Errorf("C on %d, want 3", g.Person(1).Cell)
	}
	if w := g.Weights(0); w[3] != 9 || w[4] != 15 {
		t.Errorf("side 0 weights %v", w)
	}
}

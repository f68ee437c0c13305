package glory_test

import (
	"testing"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/glory"
)

// TestLeader ranks the sides as the round cap does (facts §11: summed
// tower HP, then summed HP of the living heroes; hero HP first with
// tie_break = "heroes").
func TestLeader(t *testing.T) {
	st := func(towers [2]int, heroes ...engine.HeroState) *engine.State {
		return &engine.State{Heroes: heroes, Towers: []engine.TowerState{
			{Side: engine.Red, HP: towers[0]}, {Side: engine.Blue, HP: towers[1]}}}
	}
	hero := func(side, hp int, alive bool) engine.HeroState {
		return engine.HeroState{Side: side, HP: hp, Alive: alive}
	}
	towers := &engine.Config{Rules: engine.Rules{TieBreak: engine.TieTowers}}
	heroes := &engine.Config{Rules: engine.Rules{TieBreak: engine.TieHeroes}}
	for _, c := range []struct {
		name string
		cfg  *engine.Config
		st   *engine.State
		want int
	}{
		{"more tower HP leads", towers, st([2]int{180, 100}, hero(0, 10, true), hero(1, 200, true)), engine.Red},
		{"level towers: hero HP", towers, st([2]int{100, 100}, hero(0, 50, true), hero(1, 120, true)), engine.Blue},
		{"a dead hero's HP does not count", towers, st([2]int{100, 100}, hero(0, 50, true), hero(1, 120, false)), engine.Red},
		{"a destroyed tower counts 0", towers, st([2]int{-20, 0}, hero(0, 50, true), hero(1, 60, true)), engine.Blue},
		{"heroes first", heroes, st([2]int{180, 100}, hero(0, 10, true), hero(1, 200, true)), engine.Blue},
		{"all level", towers, st([2]int{100, 100}, hero(0, 50, true), hero(1, 50, true)), -1},
	} {
		if got := glory.Leader(c.cfg, c.st); got != c.want {
			t.Errorf("%s: leader %d, want %d", c.name, got, c.want)
		}
	}
}

// TestSimLeaders: a simulated game reports a leader for each round it
// played, the winner at its end.
func TestSimLeaders(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	s, _, err := glory.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(4) {
		o, err := s.Play(seed, []string{glory.AgentHeuristic, glory.AgentHeuristic})
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Leaders) != o.Turns {
			t.Errorf("seed %d: %d leaders for %d rounds", seed, len(o.Leaders), o.Turns)
		}
		if o.Winner >= 0 && o.Leaders[len(o.Leaders)-1] != o.Winner {
			t.Errorf("seed %d: %v ends with another side than the winner %d", seed, o.Leaders, o.Winner)
		}
	}
}

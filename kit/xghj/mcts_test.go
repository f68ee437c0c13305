package xghj

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/kit/sim"
)

// TestMCTSIndependentOfWorkers: with search agents the report of a batch
// is a function of the seed, whatever the number of workers; a bad budget
// is refused.
func TestMCTSIndependentOfWorkers(t *testing.T) {
	cfg := shipped(t, "tsinghua")
	cfg.Constants.MaxRound = 6
	s := Sim{cfg: cfg}
	var reps []*sim.Report
	for _, w := range []int{1, 2} {
		rep, err := sim.Run(s, sim.Options{Games: 3, Seed: 2, Agents: []string{"mcts:iters=4:depth=1", AgentHeuristic}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
	}
	if !reflect.DeepEqual(reps[0], reps[1]) {
		t.Fatalf("1 worker and 2 workers differ:\n%+v\n%+v", reps[0], reps[1])
	}
	if _, err := NewAgent(cfg, "mcts:iters=zero", 1, 0); err == nil {
		t.Error("a bad mcts budget was accepted")
	}
}

// TestMCTSPlaysEverywhere: every way of playing a game (a batch, a game
// alone, the scentest player, the tournament, the series, mapc play's
// table) gives a search agent its game's config, so it searches instead of
// failing for want of one (it refuses to play the heuristic in its place).
func TestMCTSPlaysEverywhere(t *testing.T) {
	cfg := tsinghuaConfig(t)
	cfg.Constants.MaxRound = 3
	const m = "mcts:iters=2:depth=1"
	seats := []string{m, AgentHeuristic, m, AgentRandom, m, AgentHeuristic, m, AgentRandom}
	if _, err := (Sim{cfg: cfg}).Play(1, seats); err != nil {
		t.Errorf("batch: %v", err)
	}
	if _, err := PlayGame(cfg, 1, seats); err != nil {
		t.Errorf("one game: %v", err)
	}
	if _, err := deciders(cfg, 1, seats, nil); err != nil {
		t.Errorf("scentest: %v", err)
	}
	if _, err := Tournament(cfg, TournamentOptions{Rounds: 1, Seed: 1, Bots: seats, Workers: 1}); err != nil {
		t.Errorf("tournament: %v", err)
	}
	if _, err := Series(cfg, SeriesOptions{Agents: seats, Seed: 1, MaxGames: 1}); err != nil {
		t.Errorf("series: %v", err)
	}
	tab, _, err := Game{}.Table(cfg, 1, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, out, _ := scriptedSession("")
	if _, err := s.Run(tab, make([]bool, 8), nil); err != nil {
		t.Errorf("mapc play: %v\n%s", err, out)
	}
}

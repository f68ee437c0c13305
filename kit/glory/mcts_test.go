package glory_test

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/kit/glory"
	"github.com/sandtable/sandtable/kit/sim"
)

// TestMCTSIndependentOfWorkers: with a search agent (whose imagined games
// borrow skill runners from the pool the workers share) the report is
// still a function of the seed.
func TestMCTSIndependentOfWorkers(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	cfg.Rules.MaxRounds = 4
	s, _, err := glory.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var reps []*sim.Report
	for _, w := range []int{1, 2} {
		rep, err := sim.Run(s, sim.Options{Games: 2, Seed: 5, Agents: []string{"mcts:iters=2:depth=2", glory.AgentHeuristic}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
	}
	if !reflect.DeepEqual(reps[0], reps[1]) {
		t.Fatalf("1 worker and 2 workers differ:\n%+v\n%+v", reps[0], reps[1])
	}
	if _, err := s.Play(1, []string{"mcts:iters=-1", glory.AgentHeuristic}); err == nil {
		t.Error("a bad mcts budget was accepted")
	}
}

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
	if _, err := NewAgent("mcts:iters=zero", 1, 0); err == nil {
		t.Error("a bad mcts budget was accepted")
	}
}

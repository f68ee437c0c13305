package ftbt_test

import (
	"bytes"
	"testing"

	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/sim"
)

// TestMCTSIndependentOfWorkers: with a search agent (whose imagined games
// borrow runners from a pool the workers share) the report is still a
// function of the seed.
func TestMCTSIndependentOfWorkers(t *testing.T) {
	t.Parallel()
	cfg := shipped(t, "skirmish")
	cfg.Rules.MaxRounds = 6
	s, _, err := ftbt.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var reports [][]byte
	for _, w := range []int{1, 2} {
		rep, err := sim.Run(s, sim.Options{Games: 3, Seed: 5, Agents: []string{"mcts:iters=3:depth=2", ftbt.AgentAI}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		reports = append(reports, b.Bytes())
	}
	if !bytes.Equal(reports[0], reports[1]) {
		t.Fatalf("1 worker and 2 workers differ:\n%s\n%s", reports[0], reports[1])
	}
}

package mbg_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/sim"
)

// TestMCTSIndependentOfWorkers: with search agents (which borrow runners
// from a pool shared by the workers) the report is still a function of the
// seed, and `mcts:iters=N` is parsed.
func TestMCTSIndependentOfWorkers(t *testing.T) {
	t.Parallel()
	s, _, err := mbg.NewSim(compileShipped(t, "sample"))
	if err != nil {
		t.Fatal(err)
	}
	var outs [][]byte
	for _, w := range []int{1, 3} {
		rep, err := sim.Run(s, sim.Options{Games: 6, Seed: 4, Agents: []string{"mcts:iters=8:depth=6", mbg.AgentHeuristic}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b.Bytes())
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Fatalf("1 worker and 3 workers differ:\n%s\n%s", outs[0], outs[1])
	}
	for _, bad := range []string{"mcts:iters=0", "mcts:budget=3", "heuristic:iters=3"} {
		if _, err := s.Play(1, []string{bad, "random"}); err == nil || !strings.Contains(err.Error(), strings.SplitN(bad, ":", 2)[0]) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

package xghj

import (
	"crypto/sha256"
	"encoding/json"
	"os"
	"testing"

	"github.com/sandtable/sandtable/kit/sim"
)

// A batch of heuristic games samples different games: the agents vary
// with the game's seed (bids, spawns, ties, temper), so 50 games of every
// shipped scenario hold at least 40 distinct event logs.
func TestBatchGamesDiffer(t *testing.T) {
	dirs, err := os.ReadDir("../../scenarios/xghj")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		t.Run(d.Name(), func(t *testing.T) {
			t.Parallel()
			cfg := shipped(t, d.Name())
			agents := make([]string, len(cfg.Players))
			for i := range agents {
				agents[i] = AgentHeuristic
			}
			seen := map[[32]byte]bool{}
			turns := map[int]bool{}
			const games = 50
			for i := range games {
				g, err := PlayGame(cfg, sim.GameSeed(1, i), agents)
				if err != nil {
					t.Fatal(err)
				}
				b, err := json.Marshal(g.Events())
				if err != nil {
					t.Fatal(err)
				}
				seen[sha256.Sum256(b)] = true
				turns[g.State().Round] = true
			}
			if len(seen) < 40 {
				t.Errorf("%d distinct games of %d (game lengths %v)", len(seen), games, turns)
			}
		})
	}
}

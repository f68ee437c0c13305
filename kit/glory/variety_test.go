package glory_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/glory"
	"github.com/sandtable/sandtable/kit/sim"
)

// TestBatchesVary: a batch of 50 games between heuristic sides on every
// shipped scenario holds at least 40 distinct games (by their decision
// logs), because the agents vary where a real player would (drafts among
// near-equal heroes, ties between equally good operations), each from
// its own stream of the game's seed. With the whole draft scripted the
// same in every game (20 games of the standard scenario, at least 16
// distinct), the games still differ by the ties.
func TestBatchesVary(t *testing.T) {
	for _, name := range []string{"standard", "full", "modded"} {
		t.Run(name, func(t *testing.T) {
			cfg := compile(t, "../../scenarios/glory/"+name)
			first, err := glory.Game{}.Play(cfg, 1, []string{"heuristic"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The draft of the first game: main heroes, bans and picks.
			var draft []int
			for _, d := range first.Decisions {
				if k := d.Kind; k != "main" && k != "ban" && k != "pick" {
					break
				}
				c, _ := d.Get("choice")
				n, err := strconv.Atoi(c)
				if err != nil {
					t.Fatalf("decision %s has no choice", d)
				}
				draft = append(draft, n)
			}
			if len(draft) < 10 {
				t.Fatalf("a draft of %d decisions", len(draft))
			}
			prefixes := [][]int{nil}
			if name == "standard" {
				prefixes = append(prefixes, draft)
			}
			for _, prefix := range prefixes {
				games, want := 50, 40
				if prefix != nil {
					games, want = 20, 16
				}
				seen := map[string]bool{}
				for i := range games {
					pt, err := glory.Game{}.Play(cfg, sim.GameSeed(1, i), []string{"heuristic"}, prefix)
					if err != nil {
						t.Fatalf("game %d: %v", i, err)
					}
					var b strings.Builder
					for _, d := range pt.Decisions {
						b.WriteString(d.String())
						b.WriteByte('\n')
					}
					seen[b.String()] = true
				}
				if len(seen) < want {
					t.Errorf("prefix %v: %d distinct games in a batch of %d, want at least %d", prefix, len(seen), games, want)
				}
				t.Logf("prefix %v: %d distinct games of %d", prefix, len(seen), games)
			}
		})
	}
}

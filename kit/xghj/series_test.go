package xghj

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// The 一轮比赛 series (facts §12): a winner's next start is ⌊50·1.5^wins⌋
// (50, 75, 112, 168, 253 — the facts' thresholds 75, 112.5, 168.75,
// 253.1 floored), the others keep theirs; the fifth win (1.5⁵ = 7.59375)
// graduates, and a graduate sits out the later games.
func TestSeries(t *testing.T) {
	cfg := shipped(t, "east_playground")
	starts := []int{50, 75, 112, 168, 253}
	res, err := Series(cfg, SeriesOptions{Seed: 3, Graduates: 2, MaxGames: 40})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Series(cfg, SeriesOptions{Seed: 3, Graduates: 2, MaxGames: 40})
	a, _ := json.Marshal(res)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		t.Fatal("the same series seed gives different series")
	}
	wins := make([]int, len(cfg.Players))
	grads := 0
	for _, g := range res.Games {
		for i, id := range g.Seats {
			if wins[id] >= 5 {
				t.Fatalf("game %d seats graduate P%d", g.Game, id+1)
			}
			if g.Start[i] != starts[wins[id]] {
				t.Errorf("game %d: P%d with %d wins starts with %d, want %d", g.Game, id+1, wins[id], g.Start[i], starts[wins[id]])
			}
		}
		if !slices.Contains(g.Seats, g.Winner) {
			t.Fatalf("game %d: the winner P%d did not play", g.Game, g.Winner+1)
		}
		wins[g.Winner]++
		if wins[g.Winner] == 5 {
			grads++
			if res.Entrants[g.Winner].Graduated != g.Game || res.Entrants[g.Winner].Multiplier != 7.59375 {
				t.Errorf("P%d won its fifth game %d but graduated %d with %v", g.Winner+1, g.Game, res.Entrants[g.Winner].Graduated, res.Entrants[g.Winner].Multiplier)
			}
		}
	}
	if grads != 2 || len(res.Games) == 40 {
		t.Fatalf("%d graduates in %d games", grads, len(res.Games))
	}
	if last := res.Games[len(res.Games)-1]; res.Entrants[last.Winner].Graduated != last.Game {
		t.Error("the series went on after its second graduation")
	}
	var out bytes.Buffer
	if err := res.WriteText(&out); err != nil || !bytes.Contains(out.Bytes(), []byte("after game")) {
		t.Errorf("text report:\n%s", out.String())
	}
	if _, err := Series(cfg, SeriesOptions{Agents: []string{"nobody"}}); err == nil {
		t.Error("an unknown agent was accepted")
	}
}

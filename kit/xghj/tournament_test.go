package xghj

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The Swiss tournament (facts §11): padded with dummies to whole games,
// every entrant plays every round, each game hands out 5+3+2+2+1+1 = 14
// points, and the result depends on the seed only, not on the workers.
func TestTournament(t *testing.T) {
	cfg := tsinghuaConfig(t)
	opts := TournamentOptions{Rounds: 2, Seed: 7, Bots: []string{"heuristic", "random", "heuristic", "random", "heuristic", "random", "heuristic", "random", "heuristic", "random"}, Workers: 1}
	a, err := Tournament(cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Workers = 3
	b, err := Tournament(cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Error("1 and 3 workers give different standings")
	}
	if len(a.Entrants) != 16 {
		t.Fatalf("%d entrants, want 16 (6 dummies)", len(a.Entrants))
	}
	total, wins := 0, 0
	for i, e := range a.Entrants {
		if e.Games != 2 {
			t.Errorf("entrant %d played %d games", e.ID, e.Games)
		}
		total += e.Points
		wins += e.Wins
		if i > 0 && e.Points > a.Entrants[i-1].Points {
			t.Error("standings not sorted")
		}
	}
	if total != 2*2*14 || wins != 4 {
		t.Errorf("%d points and %d wins handed out, want 56 and 4", total, wins)
	}
	opts.Seed = 8
	c, _ := Tournament(cfg, opts)
	jc, _ := json.Marshal(c)
	if bytes.Equal(ja, jc) {
		t.Error("another seed gives the same tournament")
	}
	var text bytes.Buffer
	if err := a.WriteText(&text); err != nil || !strings.Contains(text.String(), "16 entrants (6 dummies)") {
		t.Errorf("text: %v\n%s", err, text.String())
	}
	if _, err := Tournament(cfg, TournamentOptions{Rounds: 1, Bots: []string{"genius"}}); err == nil {
		t.Error("unknown bot accepted")
	}
	if _, err := Tournament(cfg, TournamentOptions{Rounds: 0, Bots: []string{"random"}}); err == nil {
		t.Error("zero rounds accepted")
	}
}

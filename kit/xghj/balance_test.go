package xghj

import (
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/sim"
)

// The leader has the most land, then the highest income; the dead do not
// lead; a tie on both is no leader.
func TestLeader(t *testing.T) {
	st := &engine.State{Players: []engine.PlayerState{
		{Alive: true, Area: 5, Income: 9},
		{Alive: true, Area: 7, Income: 3},
		{Alive: false, Area: 9, Income: 20},
		{Alive: true, Area: 7, Income: 4},
	}}
	if got := leader(st); got != 3 {
		t.Errorf("leader %d, want 3 (area 7 like 1, more income)", got)
	}
	st.Players[3].Income = 3
	if got := leader(st); got != -1 {
		t.Errorf("leader %d, want -1 (1 and 3 tie on area and income)", got)
	}
}

// Content: every capture of a region's cell counts for the taker, a goal
// for the victory condition; neutralised cells count for nobody.
func TestUses(t *testing.T) {
	cfg := &engine.Config{Cols: 3, Rows: 1, Cells: make([]engine.Cell, 3), Players: []engine.Player{{Name: "a"}, {Name: "b"}},
		Regions:   []engine.Region{{Name: "well", Cells: []int{1, 2}}},
		Victories: []engine.Hook{{Hook: "victory/hold"}}}
	events := []engine.Event{
		{Kind: engine.EvCapture, Player: 0, X: 1},
		{Kind: engine.EvCapture, Player: 0, X: 2},
		{Kind: engine.EvCapture, Player: 1, X: 0},
		{Kind: engine.EvCapture, Player: engine.Neutral, X: 2},
		{Kind: engine.EvGoal, Player: 1, Value: 3},
	}
	got := uses(cfg, events)
	want := []sim.Use{{Content: "region well", Role: 0, Times: 2}, {Content: "victory victory/hold", Role: 1, Times: 1}}
	if len(got) != len(want) {
		t.Fatalf("uses %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("use %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// A simulated game reports a leader for each of its turns (the spawn and
// every round) and who took the template's spring.
func TestSimOutcomeLeadAndContent(t *testing.T) {
	s, _, err := NewSim(templateConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.Play(1, []string{AgentHeuristic, AgentHeuristic, AgentHeuristic})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Leaders) != o.Turns {
		t.Errorf("%d leaders for %d turns", len(o.Leaders), o.Turns)
	}
	if o.Reason == "last_alive" && o.Leaders[len(o.Leaders)-1] != o.Winner {
		t.Errorf("the last one alive (%d) does not lead at the end: %v", o.Winner, o.Leaders)
	}
	spring := 0
	for _, u := range o.Uses {
		if u.Content == "region spring" {
			spring += u.Times
		}
	}
	if spring == 0 {
		t.Errorf("nobody took the spring in a whole game: %v", o.Uses)
	}
}

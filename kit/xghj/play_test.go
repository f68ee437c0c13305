package xghj

import (
	"strings"
	"testing"
)

// A playthrough names players and cells; the scripted decisions are
// recorded with their choice: 甲 passing its first round (choice 1) keeps
// its diplomacy and places nothing, the others' orders are the agents'.
func TestPlayScriptedPrefix(t *testing.T) {
	cfg := templateConfig(t)
	pt, err := Game{}.Play(cfg, 2, []string{AgentHeuristic}, []int{0, 0, 0, 0, 0, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(pt.Players, " ") != "甲 乙 丙" {
		t.Errorf("players %v", pt.Players)
	}
	var kinds []string
	for _, d := range pt.Decisions[:7] {
		kinds = append(kinds, d.Kind)
	}
	if got := strings.Join(kinds, " "); got != "bid bid bid spawn spawn spawn orders" {
		t.Errorf("the first decisions are %s, want three bids, three spawns, then orders", got)
	}
	pass := pt.Decisions[6]
	if p, _ := pass.Get("player"); p != "甲" {
		t.Fatalf("the seventh decision is %s", pass)
	}
	if c, _ := pass.Get("choice"); c != "1" {
		t.Errorf("甲's passed round is recorded as %s", pass)
	}
	if b, _ := pass.Get("bombs"); b != "none" {
		t.Errorf("甲 passed and placed %s", b)
	}
	for _, e := range pt.Events {
		if e.Kind == "build" && e.Turn == 2 {
			if p, _ := e.Get("player"); p == "甲" {
				t.Errorf("甲 passed round 1 and built: %s", e)
			}
		}
		if e.Kind == "spawn" {
			if c, _ := e.Get("cell"); !strings.Contains(c, ",") {
				t.Errorf("a spawn without its cell: %s", e)
			}
		}
	}
	if _, err := (Game{}).Play(cfg, 2, []string{AgentHeuristic}, []int{0, 2}); err == nil || !strings.Contains(err.Error(), "scripted decision 2 is 2") {
		t.Errorf("an out-of-range choice: %v", err)
	}
	if _, err := (Game{}).Play(cfg, 2, []string{"genius"}, nil); err == nil || !strings.Contains(err.Error(), `unknown xghj agent "genius"`) {
		t.Errorf("an unknown agent: %v", err)
	}
}

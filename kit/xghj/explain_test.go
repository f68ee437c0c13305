package xghj

import (
	"strconv"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
)

func templateConfig(t *testing.T) *engine.Config {
	t.Helper()
	res := build.NewCompiler(Game{}).Compile(writeTemplate(t, func(s string) string { return s }), build.Options{})
	if len(res.Diags) > 0 {
		t.Fatal(res.Diags)
	}
	return res.Value.(*engine.Config)
}

// The explanation of an ask chooses what the heuristic chose at that ask
// of a recorded game: after replaying the decisions before it, its orders
// in words are the golden record's, for bids, spawns and rounds alike.
func TestExplainMatchesPlay(t *testing.T) {
	cfg := templateConfig(t)
	pt, err := Game{}.Play(cfg, 4, []string{AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 4, 9, 12, 20} {
		rec := pt.Decisions[k]
		var prefix []int
		for _, d := range pt.Decisions[:k] {
			c, _ := d.Get("choice")
			n, _ := strconv.Atoi(c)
			prefix = append(prefix, n)
		}
		player, _ := rec.Get("player")
		ex, err := Explain(cfg, 4, prefix, "")
		if err != nil {
			t.Fatal(err)
		}
		if ex.Player != player || ex.Phase != map[string]string{DecisionBid: "bid", DecisionSpawn: "spawn", DecisionOrders: "round"}[rec.Kind] {
			t.Fatalf("decision %d (%s): explained %s's %s", k, rec, ex.Player, ex.Phase)
		}
		for key, v := range ex.Chosen {
			if want, _ := rec.Get(key); want != v {
				t.Errorf("decision %d (%s): explained %s=%s", k, rec, key, v)
			}
		}
		if rec.Kind == DecisionOrders && len(ex.Diplomacy) == 0 && !strings.Contains(ex.Why, "diplomacy") {
			t.Errorf("decision %d: no diplomacy explained: %+v", k, ex)
		}
	}
}

// person picks the next ask of that player; an unknown name is an error
// naming the players.
func TestExplainPerson(t *testing.T) {
	cfg := templateConfig(t)
	ex, err := Explain(cfg, 1, []int{0, 0, 0, 0, 0, 0}, "丙")
	if err != nil {
		t.Fatal(err)
	}
	if ex.Player != "丙" || ex.Phase != "round" || ex.Decisions != 6 {
		t.Errorf("explained %s's %s after %d", ex.Player, ex.Phase, ex.Decisions)
	}
	if len(ex.Targets) == 0 || ex.Targets[0].Score != ex.Targets[0].ResTerm+ex.Targets[0].DefTerm+ex.Targets[0].Enemy+ex.Targets[0].TieBreak {
		t.Errorf("targets %+v: the score is the sum of its terms", ex.Targets)
	}
	if _, err := Explain(cfg, 1, nil, "丁"); err == nil || !strings.Contains(err.Error(), "甲, 乙, 丙") {
		t.Errorf("unknown person: %v", err)
	}
	if _, err := Explain(cfg, 1, []int{0, 3}, ""); err == nil || !strings.Contains(err.Error(), "scripted decision 2 is 3") {
		t.Errorf("an out-of-range choice: %v", err)
	}
}

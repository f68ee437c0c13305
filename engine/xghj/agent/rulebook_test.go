package agent

import (
	"bytes"
	"testing"

	"github.com/sandtable/sandtable/engine/xghj"
)

// tsinghuaRulebook is the Tsinghua map under the rulebook rules with the
// sheet's defaults.
func tsinghuaRulebook(t testing.TB) *xghj.Config {
	cfg := tsinghua(t, false)
	cfg.Rules.Set = xghj.RuleSetRulebook
	return cfg
}

// The part-1 bots play the rulebook rules: games are deterministic,
// continue identically after save and load, the heuristic builds cities
// and takes land, and it beats random bots.
func TestRulebookBots(t *testing.T) {
	cfg := tsinghuaRulebook(t)
	a := run(t, cfg, 3, heuristics(8))
	full := save(t, a)
	if !bytes.Equal(full, save(t, run(t, cfg, 3, heuristics(8)))) {
		t.Fatal("two runs differ")
	}
	g, _ := xghj.New(cfg, 3)
	g.Orders.Deciders = heuristics(8)
	for range 15 {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	l, err := xghj.Load(cfg, save(t, g))
	if err != nil {
		t.Fatal(err)
	}
	l.Orders.Deciders = heuristics(8)
	if _, err := l.Run(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(full, save(t, l)) {
		t.Error("save/load/continue differs")
	}
	builds, captures, wars := 0, 0, 0
	for _, e := range a.Events() {
		switch {
		case e.Kind == xghj.EvBuild:
			builds++
		case e.Kind == xghj.EvCapture:
			captures++
		case e.Kind == xghj.EvDiplomacy && e.To == xghj.AtWar:
			wars++
		}
	}
	if builds < 50 || captures < 100 || wars == 0 {
		t.Errorf("dull game: %d builds, %d captures, %d wars", builds, captures, wars)
	}
	// Random bots survive by hoarding levels in place, so the measure is
	// the winner: a heuristic seat (even id) in at least 3 of 4 games.
	wins := 0
	for seed := range uint64(4) {
		g := run(t, cfg, seed, mixed(8, seed))
		if r, _ := g.Result(); r.Ranking[0]%2 == 0 {
			wins++
		}
	}
	if wins < 3 {
		t.Errorf("heuristic bots win %d of 4 games against random ones", wins)
	}
}

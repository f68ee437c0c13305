package ftbt_test

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
)

// legacy loads star.tech with a level of the original (the original's
// files, or the shipped scenario's re-encoding; see package fixture).
func legacy(t testing.TB, name string, mode fixture.AIMode) *ftbt.Config {
	t.Helper()
	cfg, ok, err := fixture.Legacy(name, mode)
	if !ok {
		t.Fatalf("%s not found", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestLegacyM1: m1 is 50×40 with 10 people (facts §2.4) and validates.
func TestLegacyM1(t *testing.T) {
	t.Parallel()
	cfg := legacy(t, "m1.map", fixture.AIOriginal)
	if cfg.Width != 50 || cfg.Height != 40 || len(cfg.People) != 10 || len(cfg.Techs) != 11 || len(cfg.Terrains) != 6 {
		t.Fatalf("m1: %d×%d, %d people, %d techs, %d terrains", cfg.Width, cfg.Height, len(cfg.People), len(cfg.Techs), len(cfg.Terrains))
	}
	if cfg.Constants != (ftbt.Constants{MaxFlyWeight: 15, MaxAbi: 30}) || cfg.AI != fixture.StarAI() {
		t.Errorf("constants %+v, AI %+v", cfg.Constants, cfg.AI)
	}
	// Side 0 has no AI in the original; D1 has the goal (25,37).
	if cfg.People[0].AI != nil || cfg.People[8].AI == nil || cfg.People[8].AI.GoalX != 25 || cfg.People[8].AI.GoalY != 37 {
		t.Errorf("AI lines: A %+v, D1 %+v", cfg.People[0].AI, cfg.People[8].AI)
	}
	g := newGame(t, cfg, 1)
	for p := range cfg.People {
		rs := g.Range(p)
		if len(rs) == 0 || rs[0].Cell != g.Person(p).Cell || rs[0].Cost != 0 {
			t.Errorf("person %d: range %v", p, rs)
		}
		for _, r := range rs {
			if r.Cost > cfg.People[p].Speed {
				t.Errorf("person %d: cell %d at %d over speed %d", p, r.Cell, r.Cost, cfg.People[p].Speed)
			}
		}
	}
}

// TestLegacyFly is the example of facts §8.3 with star.tech's 辅助飞行
// (tech 9) on m1: C (abi 18) flying its own plains cell gives radius 2 and
// weight 9 on the 13 cells around it; A (abi 22) gives weight 8.
func TestLegacyFly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		who, w int
	}{{2, 9}, {0, 8}} {
		cfg := legacy(t, "m1.map", fixture.AIOriginal)
		cfg.People[tc.who].Techs = []int{9}
		g := newGame(t, cfg, 1)
		cell := g.Person(tc.who).Cell
		s := fixture.NewScript(fmt.Sprintf("person/%d", tc.who), fmt.Sprintf("cell/%d", cell), "slot/0", fmt.Sprintf("cell/%d", cell))
		play(t, g, s)
		n := 0
		for _, e := range g.Events() {
			if e.Kind == ftbt.EvLocBuf {
				n++
				if e.Note != ftbt.NoteFly || e.Value != tc.w || e.N != 2 || e.Side != 0 {
					t.Errorf("abi %d: %+v", cfg.People[tc.who].Abi, e)
				}
			}
		}
		if n != 13 {
			t.Errorf("abi %d: %d cells, want 13", cfg.People[tc.who].Abi, n)
		}
	}
}

// TestLegacyAIGames: AI-vs-AI games on m1 and m2 end, or reach the round
// limit, deterministically.
func TestLegacyAIGames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"m1.map", "m2.map"} {
		for _, mode := range []fixture.AIMode{fixture.AIOriginal, fixture.AIBoth} {
			cfg := legacy(t, name, mode)
			cfg.Rules.MaxRounds = 60
			g := newGame(t, cfg, 42)
			runGame(t, g, mix("aa", 42))
			g2 := newGame(t, cfg, 42)
			runGame(t, g2, mix("aa", 42))
			res, _ := g.Result()
			if string(eventJSON(t, g)) != string(eventJSON(t, g2)) {
				t.Errorf("%s mode %d: not deterministic", name, mode)
			}
			t.Logf("%s mode %d: %+v after %d decisions", name, mode, res, len(g.Decisions()))
		}
	}
}

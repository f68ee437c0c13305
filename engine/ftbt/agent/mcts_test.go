package agent_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// skirmish is three against three on a 9×9 board with a damage and a fly
// tech, 30 rounds at most.
func skirmish() *ftbt.Config {
	cfg := fixture.Base(9, 9, 15)
	cfg.Rules.MaxRounds = 30
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	fly := fixture.AddTech(cfg, ftbt.Tech{ID: "fly", Class: fixture.Fly, Offsets: [][2]int{{0, 0}}, AOERange: 5, AOERatio: 100, Duration: 2, Value: 70})
	for i := range 3 {
		fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, Def: 15, HP: 60, Speed: 60, X: i, Y: 0, Techs: []int{hit, fly}, AI: ai(30, 30, 40)})
		fixture.AddPerson(cfg, ftbt.Person{Side: 1, Abi: 20, Def: 15, HP: 60, Speed: 60, X: 8 - i, Y: 8, Techs: []int{hit, fly}, AI: ai(30, 30, 40)})
	}
	return cfg
}

func nativeRunners(t testing.TB, cfg *ftbt.Config) agent.Runners {
	return func() (ftbt.EffectRunner, func(), error) {
		r, err := native.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return r, func() {}, nil
	}
}

// mctsGame plays one skirmish with the search agent on side seat against
// other, and returns the result and the decisions.
func mctsGame(t *testing.T, seed uint64, seat int, opt mcts.Options, other ftbt.Decider) (ftbt.Result, []ftbt.Decision) {
	t.Helper()
	cfg := skirmish()
	r, err := native.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ftbt.New(cfg, r, seed)
	if err != nil {
		t.Fatal(err)
	}
	ds := []ftbt.Decider{other, other}
	ds[seat] = agent.NewMCTS(seed, opt, nativeRunners(t, cfg))
	res, err := g.Run(ds)
	if err != nil {
		t.Fatal(err)
	}
	return res, g.Decisions()
}

func TestMCTSDeterministic(t *testing.T) {
	t.Parallel()
	opt := mcts.Options{Iters: 8, Rollout: mcts.RolloutRandom, Depth: 4, Widen: 2}
	a, da := mctsGame(t, 2, 0, opt, agent.NewRandom(5))
	b, db := mctsGame(t, 2, 0, opt, agent.NewRandom(5))
	if a != b || len(da) != len(db) {
		t.Fatalf("same seed, different games: %+v vs %+v", a, b)
	}
	for i := range da {
		if da[i] != db[i] {
			t.Fatalf("decision %d differs: %+v vs %+v", i, da[i], db[i])
		}
	}
}

// TestMCTSBeatsRandom: against a random side, from either side, the search
// wins at least 6 of 8 games of a fixed set and loses none (the others are
// draws at the round limit, a random side keeping away). Between equal
// sides 6–0 is as likely as six heads in a row, p < 0.02.
func TestMCTSBeatsRandom(t *testing.T) {
	t.Parallel()
	opt := mcts.Options{Iters: 8, Rollout: mcts.RolloutHeuristic, Depth: 4, Widen: 2}
	wins := 0
	const games = 8
	for seed := uint64(1); seed <= games; seed++ {
		seat := int(seed % 2)
		res, _ := mctsGame(t, seed, seat, opt, agent.NewRandom(seed+100))
		if res.Winner == seat {
			wins++
		} else if res.Winner >= 0 {
			t.Errorf("seed %d: the random side won", seed)
		}
	}
	if wins < 6 {
		t.Errorf("mcts won %d of %d games against a random side, want at least 6", wins, games)
	}
}

// TestMCTSBudgetIsCounted: every searched decision plays exactly the
// budget's imagined games.
func TestMCTSBudgetIsCounted(t *testing.T) {
	t.Parallel()
	cfg := skirmish()
	cfg.Rules.MaxRounds = 3
	r, _ := native.New(cfg)
	g, err := ftbt.New(cfg, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := agent.NewMCTS(1, mcts.Options{Iters: 5, Rollout: mcts.RolloutRandom, Depth: 2}, nativeRunners(t, cfg))
	if _, err := g.Run([]ftbt.Decider{agent.NewRandom(3), m}); err != nil {
		t.Fatal(err)
	}
	s, it := m.Stats()
	if s == 0 || it != 5*s {
		t.Errorf("%d searches, %d imagined games; want some searches of 5 games each", s, it)
	}
}

// BenchmarkMCTSDecisions: decisions and imagined games per second of the
// search agent at its default budget (native effects), over its first 10
// searched decisions of a skirmish against the scoring AI.
func BenchmarkMCTSDecisions(b *testing.B) {
	cfg := skirmish()
	var searches, iters int
	for i := 0; i < b.N; i++ {
		r, _ := native.New(cfg)
		g, err := ftbt.New(cfg, r, uint64(i)+1)
		if err != nil {
			b.Fatal(err)
		}
		m := agent.NewMCTS(uint64(i), agent.MCTSDefaults, nativeRunners(b, cfg))
		ds := []ftbt.Decider{m, agent.NewAI()}
		for s, _ := m.Stats(); s < 10; s, _ = m.Stats() {
			over, err := g.Step(ds)
			if err != nil {
				b.Fatal(err)
			}
			if over {
				break
			}
		}
		s, it := m.Stats()
		searches, iters = searches+s, iters+it
	}
	b.ReportMetric(float64(searches)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
}

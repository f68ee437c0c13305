package agent_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/native"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// nativeRunners lends imagined games the Go twins of the standard techs
// and cards.
func nativeRunners(t testing.TB, cfg *mbg.Config) agent.Runners {
	return func() (mbg.TechRunner, mbg.CardRunner, func(), error) {
		techs, err := native.New(cfg.Techs)
		if err != nil {
			t.Fatal(err)
		}
		cards, err := native.NewCards(cfg.Cards)
		if err != nil {
			t.Fatal(err)
		}
		return techs, cards, func() {}, nil
	}
}

// mctsGame plays one game of the agents' config with the mcts agent in seat
// mctsSeat and the others random, and returns the result and the decisions.
func mctsGame(t *testing.T, seed uint64, mctsSeat int, opt mcts.Options) (mbg.Result, []mbg.Decision) {
	t.Helper()
	cfg := config()
	g := newGame(t, cfg, seed)
	ds := make([]mbg.Decider, len(cfg.Roles))
	for i := range ds {
		ds[i] = agent.NewRandom(seed*10 + uint64(i))
	}
	ds[mctsSeat] = agent.NewMCTS(seed*10+uint64(mctsSeat), opt, nativeRunners(t, cfg))
	res, err := g.Run(ds)
	if err != nil {
		t.Fatal(err)
	}
	return res, g.Decisions()
}

func TestMCTSDeterministic(t *testing.T) {
	t.Parallel()
	opt := mcts.Options{Iters: 10, Rollout: mcts.RolloutRandom, Depth: 8}
	a, da := mctsGame(t, 3, 1, opt)
	b, db := mctsGame(t, 3, 1, opt)
	if a.Winner != b.Winner || a.Turns != b.Turns || len(da) != len(db) {
		t.Fatalf("same seed, different games: %+v vs %+v", a, b)
	}
	for i := range da {
		if da[i] != db[i] {
			t.Fatalf("decision %d differs: %+v vs %+v", i, da[i], db[i])
		}
	}
}

// TestMCTSBudgetIsCounted: every searched decision plays exactly the
// budget's imagined games.
func TestMCTSBudgetIsCounted(t *testing.T) {
	t.Parallel()
	cfg := config()
	g := newGame(t, cfg, 4)
	m := agent.NewMCTS(1, mcts.Options{Iters: 7, Rollout: mcts.RolloutRandom, Depth: 3}, nativeRunners(t, cfg))
	if _, err := g.Run([]mbg.Decider{agent.NewRandom(1), m, agent.NewRandom(2)}); err != nil {
		t.Fatal(err)
	}
	s, it := m.Stats()
	if s == 0 || it != 7*s {
		t.Errorf("%d searches, %d imagined games; want some searches of 7 games each", s, it)
	}
}

// TestMCTSBeatsRandom: against two random roles, a fair share is 1/3 of the
// games; the search at a small budget wins clearly more, from every seat.
// The seeds are fixed, so the count is a fixed number, not a sample that
// may flake.
func TestMCTSBeatsRandom(t *testing.T) {
	t.Parallel()
	opt := mcts.Options{Iters: 30, Rollout: mcts.RolloutHeuristic, Depth: 12, Widen: 2}
	wins := 0
	const games = 9
	for seed := uint64(1); seed <= games; seed++ {
		seat := int(seed % 3)
		res, _ := mctsGame(t, seed, seat, opt)
		if res.Winner == seat {
			wins++
		}
	}
	// A fair share is 3 of 9; 7 or more happens by chance with p < 0.01.
	if wins < 7 {
		t.Errorf("mcts won %d of %d games against two random roles, want at least 7", wins, games)
	}
}

// TestMCTSSearches: the agent's choices come from the search, not from its
// fallback: with a budget of one iteration it plays differently from the
// heuristic in some decision of a game.
func TestMCTSSearches(t *testing.T) {
	t.Parallel()
	cfg := config()
	g := newGame(t, cfg, 5)
	m := agent.NewMCTS(9, mcts.Options{Iters: 1, Rollout: mcts.RolloutRandom, Depth: 1, Widen: 0}, nativeRunners(t, cfg))
	h := agent.NewHeuristic()
	differ := 0
	ds := []mbg.Decider{agent.NewRandom(1), &checked{t: t, d: m, check: func(v *mbg.View, req *mbg.Request, c int) {
		if hc, _ := h.Decide(v, req); hc != c {
			differ++
		}
	}}, agent.NewRandom(2)}
	if _, err := g.Run(ds); err != nil {
		t.Fatal(err)
	}
	if differ == 0 {
		t.Error("every decision of a one-iteration random search matched the heuristic: the search is not used")
	}
}

// BenchmarkMCTSDecisions: decisions and imagined games per second of the
// search agent at its default budget (native techs and cards), over its
// first 10 searched decisions of a game against two heuristics.
func BenchmarkMCTSDecisions(b *testing.B) {
	cfg := config()
	var searches, iters int
	for i := 0; i < b.N; i++ {
		techs, _ := native.New(cfg.Techs)
		cards, _ := native.NewCards(cfg.Cards)
		g, err := mbg.New(cfg, techs, cards, uint64(i)+1)
		if err != nil {
			b.Fatal(err)
		}
		m := agent.NewMCTS(uint64(i), agent.MCTSDefaults, nativeRunners(b, cfg))
		ds := []mbg.Decider{m, agent.NewHeuristic(), agent.NewHeuristic()}
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

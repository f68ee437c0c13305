package agent_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/scripts"
)

// searchRunners lends imagined games a skill runner of the builtin scripts
// (one, reused: each imagined game resets it).
func searchRunners(t testing.TB, cfg *glory.Config) agent.Runners {
	reg, _, err := hooks.NewRegistry(scripts.FS, "builtin", nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return func() (glory.SkillRunner, func(), error) { return r, func() {}, nil }
}

// mctsGame plays one game with the search agent on side seat against
// other and returns it.
func mctsGame(t *testing.T, seed uint64, seat int, opt mcts.Options, other glory.Decider) *glory.Game {
	t.Helper()
	cfg, runner := setup(t)
	ds := []glory.Decider{other, other}
	ds[seat] = agent.NewMCTS(seed, opt, searchRunners(t, cfg))
	g, err := glory.New(cfg, runner, seed, ds...)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestMCTSDeterministic(t *testing.T) {
	opt := mcts.Options{Iters: 4, Rollout: mcts.RolloutRandom, Depth: 4, Widen: 2}
	a := mctsGame(t, 2, 1, opt, agent.NewRandom(5))
	b := mctsGame(t, 2, 1, opt, agent.NewRandom(5))
	da, db := a.Decisions(), b.Decisions()
	if a.Winner() != b.Winner() || len(da) != len(db) {
		t.Fatalf("same seed, different games: %d/%d decisions", len(da), len(db))
	}
	for i := range da {
		if da[i] != db[i] {
			t.Fatalf("decision %d differs: %+v vs %+v", i, da[i], db[i])
		}
	}
}

// TestMCTSBeatsRandom: against a random side, from either side, the search
// wins every game of a fixed set of six (between equal sides six wins in a
// row has p = 1/64).
func TestMCTSBeatsRandom(t *testing.T) {
	opt := mcts.Options{Iters: 6, Rollout: mcts.RolloutHeuristic, Depth: 8, Widen: 2}
	for seed := uint64(1); seed <= 6; seed++ {
		seat := int(seed % 2)
		if w := mctsGame(t, seed, seat, opt, agent.NewRandom(seed+100)).Winner(); w != seat {
			t.Errorf("seed %d: mcts on side %d, winner %d", seed, seat, w)
		}
	}
}

// pure answers from the request and the view alone, so a game and its
// imagined copy given it play the same game.
type pure struct{}

func (pure) Decide(v *glory.View, req *glory.Request) (int, error) {
	h := v.Round()*31 + req.Player*7 + int(req.Kind)*3 + v.G(0)*5 + v.G(1)*11 + len(req.Options)
	return h % len(req.Options), nil
}

// imagining is pure and an Imaginer; at its at-th decision it plays an
// imagined game to the end from inside the real game's step.
type imagining struct {
	pure
	t       *testing.T
	runners agent.Runners
	n, at   int
	im      *glory.Game
}

func (d *imagining) Imagines() {}

func (d *imagining) Decide(v *glory.View, req *glory.Request) (int, error) {
	d.n++
	if d.n == d.at {
		r, _, _ := d.runners()
		rp := &prefixed{}
		g, prefix, ok := v.Imagine(r, rp, rp)
		if !ok {
			d.t.Fatal("no imagined game although a decider is an Imaginer")
		}
		rp.prefix = prefix
		if err := g.Run(); err != nil {
			d.t.Fatal(err)
		}
		d.im = g
	}
	return d.pure.Decide(v, req)
}

type prefixed struct {
	pure
	prefix []glory.Decision
}

func (d *prefixed) Decide(v *glory.View, req *glory.Request) (int, error) {
	if len(d.prefix) > 0 {
		p := d.prefix[0]
		d.prefix = d.prefix[1:]
		return p.Choice, nil
	}
	return d.pure.Decide(v, req)
}

// TestImagineCopiesTheGame: an imagined game started at a decision in the
// draft, the preparation or the middle of play, with the same deciders and
// chance, ends exactly as the real game does (winner, reason, heroes and
// towers), and playing it inside the real game's step leaves the real game
// unchanged.
func TestImagineCopiesTheGame(t *testing.T) {
	cfg, runner := setup(t)
	runners := searchRunners(t, cfg)
	for _, at := range []int{1, 12, 80} {
		d := &imagining{t: t, runners: runners, at: at}
		g, err := glory.New(cfg, runner, 7, d, pure{})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		if d.im == nil {
			t.Fatalf("at %d: the game took only %d decisions", at, d.n)
		}
		a, b := g.State(), d.im.State()
		if a.Winner != b.Winner || a.Reason != b.Reason || a.Round != b.Round || len(a.Heroes) != len(b.Heroes) {
			t.Fatalf("at %d: real game ends %d %q round %d, imagined %d %q round %d", at, a.Winner, a.Reason, a.Round, b.Winner, b.Reason, b.Round)
		}
		for i := range a.Heroes {
			if x, y := a.Heroes[i], b.Heroes[i]; x.HP != y.HP || x.Point != y.Point || x.Alive != y.Alive {
				t.Errorf("at %d: hero %d ends %+v, imagined %+v", at, i, x, y)
			}
		}
		for i := range a.Towers {
			if a.Towers[i] != b.Towers[i] {
				t.Errorf("at %d: tower %d ends %+v, imagined %+v", at, i, a.Towers[i], b.Towers[i])
			}
		}
	}
}

// TestMCTSBudgetIsCounted: every searched decision plays exactly the
// budget's imagined games.
func TestMCTSBudgetIsCounted(t *testing.T) {
	cfg, runner := setup(t)
	m := agent.NewMCTS(1, mcts.Options{Iters: 3, Rollout: mcts.RolloutRandom, Depth: 2}, searchRunners(t, cfg))
	g, err := glory.New(cfg, runner, 3, agent.NewRandom(1), m)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && !g.Over(); i++ {
		if err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	s, it := m.Stats()
	if s == 0 || it != 3*s {
		t.Errorf("%d searches, %d imagined games; want some searches of 3 games each", s, it)
	}
}

// BenchmarkMCTSDecisions: decisions and imagined games per second of the
// search agent at its default budget (the builtin Lua skills), over its
// first 10 searched decisions of a game against the heuristic.
func BenchmarkMCTSDecisions(b *testing.B) {
	cfg, runner := setup(b)
	var searches, iters int
	for i := 0; i < b.N; i++ {
		m := agent.NewMCTS(uint64(i), agent.MCTSDefaults, searchRunners(b, cfg))
		g, err := glory.New(cfg, runner, uint64(i)+1, m, agent.NewHeuristic(5))
		if err != nil {
			b.Fatal(err)
		}
		for s, _ := m.Stats(); s < 10 && !g.Over(); s, _ = m.Stats() {
			if err := g.Step(); err != nil {
				b.Fatal(err)
			}
		}
		s, it := m.Stats()
		searches, iters = searches+s, iters+it
	}
	b.ReportMetric(float64(searches)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
}

package agent

import (
	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/rng"
)

// MCTSDefaults are the options of a bare `mcts` agent: imagined games are
// cut after 30 steps (operations, turn starts and ends: about two turns of
// each side) and scored by tower and hero hp, with the heuristic agent as
// rollout policy.
var MCTSDefaults = mcts.Options{Iters: 100, C: 0.7, Rollout: mcts.RolloutHeuristic, Depth: 30, Widen: 2}

// Runners lends an imagined game a skill runner (never the real game's,
// whose scripts keep the real game's state); release gives it back. The
// imagined game resets it (glory.RandomUser), so which runner it gets does
// not change it.
type Runners func() (runner glory.SkillRunner, release func(), err error)

// MCTS decides by Monte Carlo tree search (package mcts) over imagined games
// that start from the real one (View.Imagine); glory hides nothing from a
// side, but the imagined games' chance is drawn afresh. Where the game keeps
// no copy, or an imagined game fails, it answers as the heuristic agent.
type MCTS struct {
	opt                  mcts.Options
	rng                  *rng.RNG
	seed                 uint64
	runners              Runners
	fall                 *Heuristic
	searches, iterations int
}

// NewMCTS returns a search agent with options opt, seed and runners.
func NewMCTS(seed uint64, opt mcts.Options, runners Runners) *MCTS {
	return &MCTS{opt: opt, rng: rng.New(seed), seed: seed, runners: runners, fall: NewHeuristic(seed + 1)}
}

// Stats are what an agent's searches did: decisions searched and imagined
// games played, for benchmarks.
func (a *MCTS) Stats() (searches, iterations int) { return a.searches, a.iterations }

// Imagines implements glory.Imaginer: the game keeps the copies Decide
// needs.
func (a *MCTS) Imagines() {}

// Decide implements glory.Decider.
func (a *MCTS) Decide(v *glory.View, req *glory.Request) (int, error) {
	if len(req.Options) > 1 && req.Attempt == 0 && a.runners != nil {
		if c, ok := a.search(v, req); ok {
			return c, nil
		}
	}
	return a.fall.Decide(v, req)
}

// stepper adapts an imagined game to mcts.Stepper.
type stepper struct{ g *glory.Game }

func (s stepper) Step(ds []glory.Decider) (bool, error) { return s.g.StepWith(ds) }
func (s stepper) Reseed(seed uint64)                    { s.g.Reseed(seed) }

func (a *MCTS) search(v *glory.View, req *glory.Request) (int, bool) {
	if !v.Imaginable() {
		v.KeepSteps() // a wrapper hid the Imaginer: search from the next step on
		return 0, false
	}
	runner, release, err := a.runners()
	if err != nil {
		return 0, false
	}
	defer release()
	g := &mcts.Sequential[stepper, *glory.View, *glory.Request, glory.RequestKind, glory.Option]{
		Players: 2, Root: req,
		Imagine: func() (stepper, []glory.Decision, bool) {
			g, prefix, ok := v.Imagine(runner)
			return stepper{g}, prefix, ok
		},
		Score: func(s stepper) []float64 { return score(s.g) },
	}
	if a.opt.Rollout == mcts.RolloutHeuristic {
		// One heuristic per imagined game and side, its draft slack drawn
		// from the search's stream.
		g.Rollout = func(int) glory.Decider { return NewHeuristic(a.rng.Source().Uint64()) }
	}
	search := mcts.New[glory.Option](a.opt, a.rng)
	key, ok, err := search.Run(g)
	a.searches++
	a.iterations += search.Iterations
	if err != nil || !ok {
		return 0, false
	}
	i := mcts.Index(req, key)
	return i, i >= 0
}

// score is each side's result: 1 for the winner and 0 for the loser of a
// finished game, ½ each for a draw; cut short, ½ plus a quarter of each of
// the differences of the sides' shares of the towers' and the living
// heroes' hp (the round cap's tie-breaks).
func score(g *glory.Game) []float64 {
	if g.Over() {
		switch w := g.Winner(); w {
		case glory.Red, glory.Blue:
			out := []float64{0, 0}
			out[w] = 1
			return out
		}
		return []float64{0.5, 0.5}
	}
	v := g.View()
	var towers, heroes [2]float64
	for _, t := range v.Towers() {
		towers[t.Side] += float64(max(t.HP, 0))
	}
	for _, h := range v.Heroes() {
		if h.Alive {
			heroes[h.Side] += float64(max(h.HP, 0))
		}
	}
	d := 0.0
	if s := towers[0] + towers[1]; s > 0 {
		d += (towers[0] - towers[1]) / s / 4
	}
	if s := heroes[0] + heroes[1]; s > 0 {
		d += (heroes[0] - heroes[1]) / s / 4
	}
	return []float64{0.5 + d, 0.5 - d}
}

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
type MCTS = mcts.Agent[stepper, *glory.View, *glory.Request, glory.RequestKind, glory.Option]

// NewMCTS returns a search agent with options opt, seed and runners.
func NewMCTS(seed uint64, opt mcts.Options, runners Runners) *MCTS {
	a := &MCTS{Opt: opt, RNG: rng.New(seed), Fall: NewHeuristic(seed + 1)}
	// One heuristic per imagined game and side, its draft slack drawn from
	// the search's stream.
	a.Rollout = func(int) glory.Decider { return NewHeuristic(a.RNG.Source().Uint64()) }
	if runners != nil {
		a.Begin = func(v *glory.View, req *glory.Request) (*mcts.Sequential[stepper, *glory.View, *glory.Request, glory.RequestKind, glory.Option], func(), error) {
			runner, release, err := runners()
			if err != nil {
				return nil, nil, err
			}
			return &mcts.Sequential[stepper, *glory.View, *glory.Request, glory.RequestKind, glory.Option]{
				Players: 2, Root: req,
				Imagine: func() (stepper, []glory.Decision, bool) {
					g, prefix, ok := v.Imagine(runner)
					return stepper{g}, prefix, ok
				},
				Score: func(s stepper) []float64 { return score(s.g) },
			}, release, nil
		}
	}
	return a
}

// stepper adapts an imagined game to mcts.Stepper.
type stepper struct{ g *glory.Game }

func (s stepper) Step(ds []glory.Decider) (bool, error) { return s.g.StepWith(ds) }
func (s stepper) Reseed(seed uint64)                    { s.g.Reseed(seed) }

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

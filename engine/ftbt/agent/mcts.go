package agent

import (
	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// MCTSDefaults are the options of a bare `mcts` agent: imagined games are
// cut after 8 activations and scored by the sides' remaining hp, with the
// scoring AI as rollout policy. Eight activations move the hp shares
// little, so the exploration constant is small (0.1) and the widening slow
// (0.5: the AI's choice alone for the first 4 visits, 4 options by the
// 40th); with the shared 0.7 and 2, 40 noisy imagined games spread over a
// dozen options and the search played worse than its own rollout policy
// (docs/playtesting.md, Studies).
var MCTSDefaults = mcts.Options{Iters: 40, C: 0.1, Rollout: mcts.RolloutHeuristic, Depth: 8, Widen: 0.5}

// Runners lends an imagined game an effect runner (never the real game's,
// whose scripts keep the real game's state); release gives it back. The
// imagined game resets it (ftbt.RandomUser), so which runner it gets does
// not change it.
type Runners func() (runner ftbt.EffectRunner, release func(), err error)

// MCTS decides by Monte Carlo tree search (package mcts) over imagined games
// that start from the real one (View.Imagine); ftbt hides nothing from a
// side, but the imagined games' chance is drawn afresh. Where the game
// keeps no copy, or an imagined game fails, it answers as the scoring AI.
type MCTS = mcts.Agent[*ftbt.Game, *ftbt.View, *ftbt.Request, ftbt.RequestKind, ftbt.Option]

// NewMCTS returns a search agent with options opt, seed and runners.
func NewMCTS(seed uint64, opt mcts.Options, runners Runners) *MCTS {
	// The AI's caches depend only on the config and the cells, and its
	// plan on the view it was made for: one AI per side serves every
	// imagined game.
	var roll [2]*AI
	a := &MCTS{Opt: opt, RNG: ftbt.NewRNG(seed), Fall: NewAI(),
		Rollout: func(side int) ftbt.Decider {
			if roll[side] == nil {
				roll[side] = NewAI()
			}
			return roll[side]
		}}
	if runners != nil {
		a.Begin = func(v *ftbt.View, req *ftbt.Request) (*mcts.Sequential[*ftbt.Game, *ftbt.View, *ftbt.Request, ftbt.RequestKind, ftbt.Option], func(), error) {
			runner, release, err := runners()
			if err != nil {
				return nil, nil, err
			}
			return &mcts.Sequential[*ftbt.Game, *ftbt.View, *ftbt.Request, ftbt.RequestKind, ftbt.Option]{
				Players: 2, Root: req,
				Imagine: func() (*ftbt.Game, []ftbt.Decision, bool) { return v.Imagine(runner) },
				Score:   score,
			}, release, nil
		}
	}
	return a
}

// score is each side's result: 1 for the winner and 0 for the loser of a
// finished game, a draw ½ each but a quit 0 for the side that quit; cut
// short, ½ plus half the difference between the shares of their starting
// hp the two sides keep.
func score(g *ftbt.Game) []float64 {
	if res, over := g.Result(); over {
		switch {
		case res.Winner >= 0:
			out := []float64{0, 0}
			out[res.Winner] = 1
			return out
		case res.Reason == ftbt.ReasonQuit:
			out := []float64{0.5, 0.5}
			out[res.Side] = 0
			return out
		}
		return []float64{0.5, 0.5}
	}
	var hp, maxHP [2]float64
	v := g.View()
	for p := range v.Config().People {
		pv := v.Person(p)
		maxHP[pv.Side] += float64(pv.MaxHP)
		if pv.Cell >= 0 {
			hp[pv.Side] += float64(pv.HP)
		}
	}
	var share [2]float64
	for s := range share {
		if maxHP[s] > 0 {
			share[s] = hp[s] / maxHP[s]
		}
	}
	d := (share[0] - share[1]) / 2
	return []float64{0.5 + d, 0.5 - d}
}

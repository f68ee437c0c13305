package agent

import (
	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// MCTSDefaults are the options of a bare `mcts` agent: 200 imagined games
// per decision, each cut after 24 steps (about six turns of three roles)
// and scored by money and city income. On sanguo against two heuristics,
// seats swapped (docs/playtesting.md, Studies): 200 imagined games won
// 47 % of 210 games, 400 won 40 % of the same games, and on another seed
// 100 won 40 % of 90; a deeper or shallower cut, a smaller exploration
// constant or no widening did no better.
var MCTSDefaults = mcts.Options{Iters: 200, C: 0.7, Rollout: mcts.RolloutHeuristic, Depth: 24, Widen: 2}

// Runners lends an imagined game its tech and card runners (never the real
// game's, whose scripts keep the real game's state); release gives them
// back. The imagined game resets them (mbg.RandomUser), so which runners it
// gets does not change it.
type Runners func() (techs mbg.TechRunner, cards mbg.CardRunner, release func(), err error)

// MCTS decides by Monte Carlo tree search (package mcts) over imagined
// games that start from the real one (View.Imagine); mbg hides nothing from
// a role, but the imagined games' dice are drawn afresh, so the agent
// cannot know the real game's chance. Where the game keeps no copy, or an
// imagined game fails, it answers as the heuristic agent.
type MCTS = mcts.Agent[*mbg.Game, *mbg.View, *mbg.Request, mbg.RequestKind, mbg.Option]

// NewMCTS returns a search agent with options opt, seed and runners.
func NewMCTS(seed uint64, opt mcts.Options, runners Runners) *MCTS {
	a := &MCTS{Opt: opt, RNG: mbg.NewRNG(seed), Fall: NewHeuristic(),
		Rollout: func(int) mbg.Decider { return NewHeuristic() }}
	if runners != nil {
		a.Begin = func(v *mbg.View, req *mbg.Request) (*mcts.Sequential[*mbg.Game, *mbg.View, *mbg.Request, mbg.RequestKind, mbg.Option], func(), error) {
			techs, cards, release, err := runners()
			if err != nil {
				return nil, nil, err
			}
			return &mcts.Sequential[*mbg.Game, *mbg.View, *mbg.Request, mbg.RequestKind, mbg.Option]{
				Players: v.NumRoles(), Root: req,
				Imagine: func() (*mbg.Game, []mbg.Decision, bool) { return v.Imagine(techs, cards) },
				Score:   score,
			}, release, nil
		}
	}
	return a
}

// score is each role's result: 1 for the winner and 0 for the others of a
// finished game (a draw shares 1); cut short, each role's share of the
// worth of the roles still in the game, its money plus what its cities
// will earn in the turns left (at most horizon of them), so that buying a
// city is not scored as money lost.
func score(g *mbg.Game) []float64 {
	v := g.View()
	n := v.NumRoles()
	out := make([]float64, n)
	if res, over := g.Result(); over {
		if res.Winner >= 0 {
			out[res.Winner] = 1
		} else {
			for i := range out {
				out[i] = 1 / float64(n)
			}
		}
		return out
	}
	turns := float64(min(horizon, max(v.Config().MaxTurn-v.Turn(), 0)))
	total := 0.0
	for r := range n {
		if !v.Alive(r) {
			continue
		}
		w := max(v.Role(r).Money, 0)
		for _, c := range v.Role(r).Cities {
			w += turns * max(v.Earn(c), 0)
		}
		out[r] = w
		total += w
	}
	for r := range n {
		if total > 0 {
			out[r] /= total
		} else {
			out[r] = 0
		}
	}
	return out
}

// horizon bounds the turns of city income a cut imagined game counts.
const horizon = 10

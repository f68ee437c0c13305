package agent

import (
	"math"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// MCTSDefaults are the options of a bare `mcts` agent: 200 imagined games
// per decision, each cut after 24 steps (about six turns of three roles)
// and scored by duels of money and city income (score). On sanguo against
// two heuristics, seats swapped (docs/playtesting.md, Studies): it won
// 56.7 % of 210 games; scored by a share of money and ten turns of income
// it won 47 %, and then 400 imagined games, a deeper or shallower cut, a
// smaller exploration constant or no widening did no better.
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
// finished game (a draw shares 1); cut short, each role's chance against
// the others (duel), from its worth: its money plus what its cities will
// earn in all the turns left at today's income, so that buying a city is
// not scored as money lost and a city bought early is worth more than one
// bought late. A role out of the game is worth nothing.
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
	turns := float64(max(v.Config().MaxTurn-v.Turn(), 0))
	worth := make([]float64, n)
	alive := make([]bool, n)
	for r := range n {
		if alive[r] = v.Alive(r); !alive[r] {
			continue
		}
		w := max(v.Role(r).Money, 0)
		for _, c := range v.Role(r).Cities {
			w += turns * max(v.Earn(c), 0)
		}
		worth[r] = w
	}
	return duel(worth, alive, v.Config().WinMoney/spread)
}

// duel scores each role by its mean chance of ending richer than each
// other role: against a role out of the game 1, against one in the game
// the logistic of their difference in worth over scale (1/2 when equal,
// about 0.73 at one scale ahead). The game is won by money (the first to
// the target, the richest at the turn limit, the last in the game), so
// only the order of the roles' worth and its margins count; a share of
// the total would score hurting every opponent alike as well as
// outrunning the leader. A role out of the game scores 0.
func duel(worth []float64, alive []bool, scale float64) []float64 {
	out := make([]float64, len(worth))
	if len(worth) < 2 {
		return out
	}
	for r := range worth {
		if !alive[r] {
			continue
		}
		for o := range worth {
			switch {
			case o == r:
			case !alive[o]:
				out[r]++
			default:
				out[r] += 1 / (1 + math.Exp((worth[o]-worth[r])/scale))
			}
		}
		out[r] /= float64(len(worth) - 1)
	}
	return out
}

// spread divides the scenario's target money into the scale of duel: on
// sanguo (target 30000) a lead of 3000 is worth 0.73 of a duel.
const spread = 10

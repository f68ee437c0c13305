package agent

import (
	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// MCTSDefaults are the options of a bare `mcts` agent: imagined games are
// cut after 24 steps (about six turns of three roles) and scored by money
// and city income.
var MCTSDefaults = mcts.Options{Iters: 100, C: 0.7, Rollout: mcts.RolloutHeuristic, Depth: 24, Widen: 2}

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
type MCTS struct {
	opt                  mcts.Options
	rng                  *mbg.RNG
	runners              Runners
	fall                 *Heuristic
	searches, iterations int
}

// NewMCTS returns a search agent with options opt, seed and runners.
func NewMCTS(seed uint64, opt mcts.Options, runners Runners) *MCTS {
	return &MCTS{opt: opt, rng: mbg.NewRNG(seed), runners: runners, fall: NewHeuristic()}
}

// Stats are what an agent's searches did: decisions searched and imagined
// games played, for benchmarks.
func (a *MCTS) Stats() (searches, iterations int) { return a.searches, a.iterations }

// Imagines implements mbg.Imaginer: the game keeps the copies Decide
// needs.
func (a *MCTS) Imagines() {}

// Decide implements mbg.Decider.
func (a *MCTS) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	if len(req.Options) > 1 && req.Attempt == 0 && a.runners != nil {
		if c, ok := a.search(v, req); ok {
			return c, nil
		}
	}
	return a.fall.Decide(v, req)
}

func (a *MCTS) search(v *mbg.View, req *mbg.Request) (int, bool) {
	if !v.Imaginable() {
		v.KeepSteps() // a wrapper hid the Imaginer: search from the next step on
		return 0, false
	}
	techs, cards, release, err := a.runners()
	if err != nil {
		return 0, false
	}
	defer release()
	g := &mcts.Sequential[*mbg.Game, *mbg.View, *mbg.Request, mbg.RequestKind, mbg.Option]{
		Players: v.NumRoles(), Root: req,
		Imagine: func() (*mbg.Game, []mbg.Decision, bool) { return v.Imagine(techs, cards) },
		Score:   score,
	}
	if a.opt.Rollout == mcts.RolloutHeuristic {
		g.Rollout = func(int) mbg.Decider { return NewHeuristic() }
	}
	search := mcts.New[mbg.Option](a.opt, a.rng)
	key, ok, err := search.Run(g)
	a.searches++
	a.iterations += search.Iterations
	if err != nil || !ok {
		return 0, false
	}
	i := mcts.Index(req, key)
	return i, i >= 0
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

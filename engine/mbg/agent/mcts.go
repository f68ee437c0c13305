package agent

import (
	"errors"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/play/mcts"
)

// MCTSDefaults are the options of a bare `mcts` agent: imagined games are
// cut after 24 steps (about six turns of three roles) and scored by money.
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
	opt     mcts.Options
	rng     *mbg.RNG
	runners Runners
	fall    *Heuristic
}

// NewMCTS returns a search agent with options opt, seed and runners.
func NewMCTS(seed uint64, opt mcts.Options, runners Runners) *MCTS {
	return &MCTS{opt: opt, rng: mbg.NewRNG(seed), runners: runners, fall: NewHeuristic()}
}

// Imagines implements mbg.Searcher: the game keeps the copies Decide
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
		v.KeepSteps() // a wrapper hid the Searcher: search from the next step on
		return 0, false
	}
	techs, cards, release, err := a.runners()
	if err != nil {
		return 0, false
	}
	defer release()
	sim := &imagined{v: v, req: req, techs: techs, cards: cards}
	key, ok, err := mcts.New[mbg.Option](a.opt, a.rng).Run(sim)
	if err != nil || !ok {
		return 0, false
	}
	for i, o := range req.Options {
		if o == key {
			return i, true
		}
	}
	return 0, false
}

// imagined plays the imagined games of one decision.
type imagined struct {
	v     *mbg.View
	req   *mbg.Request
	techs mbg.TechRunner
	cards mbg.CardRunner
}

// errDiverged: replaying the step's decisions did not reach the decision
// being searched (a script that keeps state between calls, say).
var errDiverged = errors.New("mcts: the imagined game left the real one")

// Simulate implements mcts.Game.
func (s *imagined) Simulate(it *mcts.Iter[mbg.Option]) ([]float64, error) {
	g, prefix, ok := s.v.Imagine(s.techs, s.cards)
	if !ok {
		return nil, errDiverged
	}
	d := &chooser{it: it, g: g, prefix: prefix, root: s.req}
	n := s.v.NumRoles()
	ds := make([]mbg.Decider, n)
	for i := range ds {
		ds[i] = d
	}
	d.rollout = make([]*Heuristic, n)
	for i := range d.rollout {
		d.rollout[i] = NewHeuristic()
	}
	depth := it.Options().Depth
	for steps := 0; ; {
		over, err := g.Step(ds)
		if err != nil {
			return nil, err
		}
		if d.diverged {
			return nil, errDiverged
		}
		if over {
			break
		}
		if d.reached {
			if steps++; depth > 0 && steps >= depth {
				break
			}
		}
	}
	return score(g), nil
}

// chooser answers every decision of an imagined game: the step's recorded
// decisions, then the search.
type chooser struct {
	it       *mcts.Iter[mbg.Option]
	g        *mbg.Game
	prefix   []mbg.Decision
	root     *mbg.Request
	next     int
	reached  bool
	diverged bool
	rollout  []*Heuristic
}

func (d *chooser) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	if d.next < len(d.prefix) {
		p := d.prefix[d.next]
		d.next++
		if p.Player != req.Player || p.Kind != req.Kind || p.Choice >= len(req.Options) || req.Options[p.Choice] != p.Option {
			d.diverged = true
			return 0, nil
		}
		return p.Choice, nil
	}
	if !d.reached {
		d.reached = true
		if req.Player != d.root.Player || req.Kind != d.root.Kind || len(req.Options) != len(d.root.Options) {
			d.diverged = true
			return 0, nil
		}
		// From here on the imagined game's chance is its own.
		d.g.Reseed(d.it.Rand().Source().Uint64())
	}
	h := d.rollout[req.Player]
	return d.it.Choose(req.Player, req.Options, func() int {
		c, _ := h.Decide(v, req)
		return c
	}), nil
}

// score is each role's result: 1 for the winner and 0 for the others of a
// finished game (a draw shares 1); cut short, each role's share of the
// money of the roles still in the game.
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
	total := 0.0
	for r := range n {
		if v.Alive(r) {
			total += max(v.Role(r).Money, 0)
		}
	}
	for r := range n {
		if v.Alive(r) && total > 0 {
			out[r] = max(v.Role(r).Money, 0) / total
		}
	}
	return out
}

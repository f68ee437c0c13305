package mcts

import (
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

// Imaginable is the view of a game that can start imagined games from the
// step in progress: it keeps a copy of the step's start while one of its
// players searches. A view whose game keeps no copy yet (a wrapper hid the
// searching player) is told to keep them from the next step on.
type Imaginable interface {
	Imaginable() bool
	KeepSteps()
}

// Agent is the search agent of a sequential engine: it searches each
// decision with more than one option over imagined games, and answers as
// Fall where the game keeps no copy or a search fails. A game provides
// Begin, which builds the Sequential of one decision (its players, how an
// imagined game starts, its score) and lends what imagined games need.
type Agent[G Stepper[V, R], V Imaginable, R play.Request[K, O], K play.Kind, O comparable] struct {
	Opt Options
	RNG *rng.RNG
	// Begin returns the Game of the decision req seen through v and what
	// gives back the runners it borrowed.
	Begin func(v V, req R) (g *Sequential[G, V, R, K, O], release func(), err error)
	// Rollout, when Opt asks for heuristic rollouts, is each player's
	// rollout decider (Sequential.Rollout).
	Rollout func(player int) play.Decider[V, R]
	// Fall decides where no search does.
	Fall play.Decider[V, R]

	searches, iterations int
}

// Stats are what the agent's searches did: decisions searched and imagined
// games played, for benchmarks.
func (a *Agent[G, V, R, K, O]) Stats() (searches, iterations int) {
	return a.searches, a.iterations
}

// Imagines marks the agent as one whose game must keep the copies Decide
// needs (each engine's Imaginer).
func (a *Agent[G, V, R, K, O]) Imagines() {}

// Decide implements play.Decider.
func (a *Agent[G, V, R, K, O]) Decide(v V, req R) (int, error) {
	if h := req.Header(); len(h.Options) > 1 && h.Attempt == 0 && a.Begin != nil {
		if c, ok := a.search(v, req); ok {
			return c, nil
		}
	}
	return a.Fall.Decide(v, req)
}

func (a *Agent[G, V, R, K, O]) search(v V, req R) (int, bool) {
	if !v.Imaginable() {
		v.KeepSteps()
		return 0, false
	}
	g, release, err := a.Begin(v, req)
	if err != nil {
		return 0, false
	}
	defer release()
	if a.Opt.Rollout == RolloutHeuristic {
		g.Rollout = a.Rollout
	}
	s := New[O](a.Opt, a.RNG)
	key, ok, err := s.Run(g)
	a.searches++
	a.iterations += s.Iterations
	if err != nil || !ok {
		return 0, false
	}
	i := Index[R, K, O](req, key)
	return i, i >= 0
}

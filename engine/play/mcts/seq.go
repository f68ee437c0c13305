package mcts

import (
	"errors"

	"github.com/sandtable/sandtable/engine/play"
)

// Stepper is an imagined game of a sequential engine (one whose players
// answer play.Seats requests): Step plays one of the game's steps asking
// the deciders, Reseed replaces the rest of its random stream.
type Stepper[V any, R any] interface {
	Step(ds []play.Decider[V, R]) (over bool, err error)
	Reseed(seed uint64)
}

// ErrDiverged reports that replaying the decisions of the step in progress
// did not reach the decision being searched (a script that keeps state
// between calls, say); the agent then decides without searching.
var ErrDiverged = errors.New("mcts: the imagined game left the real one")

// Sequential is the Game of one decision of a sequential engine: each
// imagined game starts at the start of the step in progress (Imagine),
// answers the step's recorded decisions, reseeds its chance at the searched
// decision (its player cannot know the real dice), and plays on with the
// search's choices until it is over or Options.Depth steps were played past
// the decision; Score then gives each player's result.
type Sequential[G Stepper[V, R], V any, R play.Request[K, O], K play.Kind, O comparable] struct {
	Players int
	// Root is the request being searched.
	Root R
	// Imagine starts an imagined game and returns the decisions of the step
	// so far.
	Imagine func() (G, []play.Decision[K, O], bool)
	// Rollout returns the heuristic decider of player for one imagined
	// game (nil: rollouts are random); it may return the same decider for
	// every game when the decider keeps nothing from one game to the next
	// that changes its answers.
	Rollout func(player int) play.Decider[V, R]
	// Score is each player's result in [0, 1] when the imagined game ends
	// or is cut.
	Score func(G) []float64
}

// Simulate implements Game.
func (s *Sequential[G, V, R, K, O]) Simulate(it *Iter[O]) ([]float64, error) {
	g, prefix, ok := s.Imagine()
	if !ok {
		return nil, ErrDiverged
	}
	c := &seqChooser[G, V, R, K, O]{s: s, it: it, g: g, prefix: prefix}
	c.rollout = make([]play.Decider[V, R], s.Players)
	ds := make([]play.Decider[V, R], s.Players)
	for i := range ds {
		ds[i] = c
	}
	depth := it.Options().Depth
	for steps := 0; ; {
		over, err := g.Step(ds)
		if err != nil {
			return nil, err
		}
		if c.diverged {
			return nil, ErrDiverged
		}
		if over {
			break
		}
		if c.reached {
			if steps++; depth > 0 && steps >= depth {
				break
			}
		}
	}
	return s.Score(g), nil
}

// seqChooser answers every decision of one imagined game.
type seqChooser[G Stepper[V, R], V any, R play.Request[K, O], K play.Kind, O comparable] struct {
	s        *Sequential[G, V, R, K, O]
	it       *Iter[O]
	g        G
	prefix   []play.Decision[K, O]
	next     int
	reached  bool
	diverged bool
	rollout  []play.Decider[V, R]
}

func (c *seqChooser[G, V, R, K, O]) Decide(v V, req R) (int, error) {
	h := req.Header()
	if c.next < len(c.prefix) {
		p := c.prefix[c.next]
		c.next++
		if p.Player != h.Player || p.Kind != h.Kind || p.Choice >= len(h.Options) || h.Options[p.Choice] != p.Option {
			c.diverged = true
			return h.Default, nil
		}
		return p.Choice, nil
	}
	if !c.reached {
		c.reached = true
		root := c.s.Root.Header()
		if h.Player != root.Player || h.Kind != root.Kind || len(h.Options) != len(root.Options) {
			c.diverged = true
			return h.Default, nil
		}
		c.g.Reseed(c.it.Rand().Source().Uint64())
	}
	var policy func() int
	if c.s.Rollout != nil && h.Player >= 0 && h.Player < len(c.rollout) {
		policy = func() int {
			d := c.rollout[h.Player]
			if d == nil {
				d = c.s.Rollout(h.Player)
				c.rollout[h.Player] = d
			}
			i, err := d.Decide(v, req)
			if err != nil {
				return -1
			}
			return i
		}
	}
	return c.it.Choose(h.Player, h.Options, policy), nil
}

// Index returns the index of key in req's options, or -1.
func Index[R play.Request[K, O], K play.Kind, O comparable](req R, key O) int {
	for i, o := range req.Header().Options {
		if o == key {
			return i
		}
	}
	return -1
}

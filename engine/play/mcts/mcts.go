// Package mcts is a game-agnostic Monte Carlo tree search (UCT) for the
// engines' deciders.
//
// The engines ask their deciders from inside a step (a pull loop), so a game
// cannot hand the search a position to expand; instead a game implements
// Game: it plays one imagined game from a copy of the state at the decision
// being searched and asks the search, through Iter.Choose, at every decision
// of that game. Inside the tree the search picks by UCB1 over the options
// legal there; past the tree's frontier it answers with the rollout policy
// (a uniformly random option, or the game's heuristic). The tree is open
// loop: its edges are options (comparable keys), not states, so chance
// (dice, the hidden state of a determinization) may differ from one
// iteration to the next, and each edge counts how often it was legal
// (availability, as in information-set MCTS).
//
// The budget is counted (Options.Iters imagined games per decision), never
// timed, and every random draw comes from the rng the search is given, so a
// decision depends only on the state, the options and the seed.
package mcts

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/engine/rng"
)

// Rollout policies (Options.Rollout).
const (
	RolloutRandom    = "random"    // a uniformly random legal option
	RolloutHeuristic = "heuristic" // the game's own heuristic agent
)

// Options tune a search. The zero value of a field takes its default.
type Options struct {
	// Iters is the number of imagined games per decision.
	Iters int
	// C is the UCB1 exploration constant (results are in [0, 1]).
	C float64
	// Rollout is the policy past the tree: RolloutRandom or
	// RolloutHeuristic.
	Rollout string
	// Depth cuts an imagined game after that many of the game's steps
	// (turns, actions, rounds: the game says) past the decision; the game
	// then scores the position itself. 0 plays to the end.
	Depth int
	// Widen is the progressive widening factor: a node visited n times
	// considers at most ceil(Widen·√n) of its options, the rollout
	// policy's choice first. 0 considers every option at once.
	Widen float64
}

// Defaults are the options a bare `mcts` agent plays with.
var Defaults = Options{Iters: 200, C: 0.7, Rollout: RolloutHeuristic, Depth: 0, Widen: 2}

// filled returns o with an unset Iters, C or Rollout taken from Defaults
// (Depth and Widen 0 mean "none").
func (o Options) filled() Options {
	if o.Iters <= 0 {
		o.Iters = Defaults.Iters
	}
	if o.C <= 0 {
		o.C = Defaults.C
	}
	if o.Rollout == "" {
		o.Rollout = Defaults.Rollout
	}
	return o
}

// Parse reads options written as `iters=800:rollout=random:depth=40:c=1:widen=0`
// (the part of an agent name after `mcts:`), on top of d. An empty string
// gives d.
func Parse(s string, d Options) (Options, error) {
	o := d
	if s == "" {
		return o, nil
	}
	for _, kv := range strings.Split(s, ":") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return o, fmt.Errorf("mcts option %q is not key=value (keys: iters, c, rollout, depth, widen)", kv)
		}
		var err error
		switch k {
		case "iters":
			o.Iters, err = positive(v, 1)
		case "depth":
			o.Depth, err = positive(v, 0)
		case "c":
			o.C, err = nonNegative(v)
		case "widen":
			o.Widen, err = nonNegative(v)
		case "rollout":
			if v != RolloutRandom && v != RolloutHeuristic {
				err = fmt.Errorf("is neither %s nor %s", RolloutRandom, RolloutHeuristic)
			}
			o.Rollout = v
		default:
			return o, fmt.Errorf("unknown mcts option %q (keys: iters, c, rollout, depth, widen)", k)
		}
		if err != nil {
			return o, fmt.Errorf("mcts option %s=%s: %v", k, v, err)
		}
	}
	return o, nil
}

func positive(s string, least int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < least || n > 1_000_000 {
		return 0, fmt.Errorf("wants a whole number from %d to 1000000", least)
	}
	return n, nil
}

func nonNegative(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1000 || math.IsNaN(f) {
		return 0, errors.New("wants a number from 0 to 1000")
	}
	return f, nil
}

// Game is what a game implements for the search: Simulate plays one
// imagined game from (a copy of) the state at the decision being searched,
// asks it.Choose at every decision of it, the searched one first, and
// returns each player's result in [0, 1] (1 a win, 0 a loss; at a depth
// cut, the game's own score). It must not change the real game.
type Game[K comparable] interface {
	Simulate(it *Iter[K]) ([]float64, error)
}

// edge is one option of a node, with the statistics of the player who
// takes it.
type edge[K comparable] struct {
	key    K
	player int
	n      int     // visits
	avail  int     // iterations in which it was legal here
	w      float64 // sum of the player's results
	child  *node[K]
}

type node[K comparable] struct {
	edges  []edge[K] // in the order they were expanded
	visits int
}

// Iter is one iteration of a search: the game's Simulate asks it for every
// decision.
type Iter[K comparable] struct {
	s      *Search[K]
	cur    *node[K] // nil once past the tree
	path   []*edge[K]
	first  bool
	seen   []bool
	params Options
}

// Rand returns the search's random source, for the game's own draws
// (determinization, reseeding the imagined game's chance).
func (it *Iter[K]) Rand() *rng.RNG { return it.s.rng }

// Options returns the search's options.
func (it *Iter[K]) Options() Options { return it.params }

// Root reports whether the next Choose is the searched decision.
func (it *Iter[K]) Root() bool { return it.first }

// Choose answers a decision of player between the options keys (comparable
// labels, the same for the same option in every imagined game). policy is
// the rollout policy's answer (an index into keys), asked only when needed;
// nil picks uniformly. The first call of an iteration is the searched
// decision.
func (it *Iter[K]) Choose(player int, keys []K, policy func() int) int {
	it.first = false
	if len(keys) == 0 {
		return -1
	}
	pick := func() int {
		if policy != nil && it.params.Rollout == RolloutHeuristic {
			if c := policy(); c >= 0 && c < len(keys) {
				return c
			}
		}
		return it.s.rng.IntN(len(keys))
	}
	nd := it.cur
	if nd == nil {
		return pick()
	}
	// Which keys are edges already, and count their availability.
	if cap(it.seen) < len(keys) {
		it.seen = make([]bool, len(keys))
	}
	seen := it.seen[:len(keys)]
	clear(seen)
	legal := 0
	for e := range nd.edges {
		ed := &nd.edges[e]
		for i, k := range keys {
			if !seen[i] && k == ed.key && ed.player == player {
				seen[i] = true
				ed.avail++
				legal++
				break
			}
		}
	}
	nd.visits++
	limit := len(keys)
	if w := it.params.Widen; w > 0 {
		limit = min(limit, int(math.Ceil(w*math.Sqrt(float64(nd.visits)))))
	}
	if legal < limit {
		// Expand: the policy's choice when it is new, else a random new one.
		c := pick()
		if seen[c] {
			c = it.randomUnseen(seen, len(keys)-legal)
		}
		nd.edges = append(nd.edges, edge[K]{key: keys[c], player: player, avail: 1})
		ed := &nd.edges[len(nd.edges)-1]
		it.path = append(it.path, ed)
		it.cur = nil
		return c
	}
	// Select by UCB1 among the legal edges.
	best, bestV := -1, math.Inf(-1)
	var bestK K
	for e := range nd.edges {
		ed := &nd.edges[e]
		if ed.player != player || !contains(keys, ed.key) {
			continue
		}
		v := math.Inf(1)
		if ed.n > 0 {
			v = ed.w/float64(ed.n) + it.params.C*math.Sqrt(math.Log(float64(ed.avail))/float64(ed.n))
		}
		if v > bestV {
			best, bestV, bestK = e, v, ed.key
		}
	}
	ed := &nd.edges[best]
	if ed.child == nil {
		ed.child = &node[K]{}
	}
	it.path = append(it.path, ed)
	it.cur = ed.child
	for i, k := range keys {
		if k == bestK {
			return i
		}
	}
	return -1 // unreachable: the edge is legal
}

func (it *Iter[K]) randomUnseen(seen []bool, free int) int {
	j := it.s.rng.IntN(free)
	for i, s := range seen {
		if !s {
			if j == 0 {
				return i
			}
			j--
		}
	}
	return -1
}

func contains[K comparable](keys []K, k K) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// Search runs the iterations of one decision.
type Search[K comparable] struct {
	opt  Options
	rng  *rng.RNG
	root node[K]
	it   Iter[K]
	// Iterations counts the imagined games played, for benchmarks.
	Iterations int
}

// New returns a search with options opt (an unset Iters, C or Rollout
// takes Defaults')
// drawing from r.
func New[K comparable](opt Options, r *rng.RNG) *Search[K] {
	return &Search[K]{opt: opt.filled(), rng: r}
}

// Run searches the decision g starts at and returns the key of the option
// visited most (ties to the better mean, then to the first expanded), and
// false when no iteration reached a decision.
func (s *Search[K]) Run(g Game[K]) (K, bool, error) {
	s.root = node[K]{}
	for range s.opt.Iters {
		it := &s.it
		*it = Iter[K]{s: s, cur: &s.root, path: it.path[:0], first: true, seen: it.seen, params: s.opt}
		res, err := g.Simulate(it)
		if err != nil {
			var zero K
			return zero, false, err
		}
		s.Iterations++
		for _, ed := range it.path {
			ed.n++
			if ed.player >= 0 && ed.player < len(res) {
				ed.w += res[ed.player]
			}
		}
	}
	var best *edge[K]
	for e := range s.root.edges {
		ed := &s.root.edges[e]
		if best == nil || ed.n > best.n || ed.n == best.n && ed.w > best.w {
			best = ed
		}
	}
	if best == nil {
		var zero K
		return zero, false, nil
	}
	return best.key, true, nil
}

// Stats are a root option's statistics, for tests and explanations.
type Stats[K comparable] struct {
	Key    K
	Visits int
	Mean   float64
}

// RootStats lists the root's options after Run, in expansion order.
func (s *Search[K]) RootStats() []Stats[K] {
	out := make([]Stats[K], len(s.root.edges))
	for i, ed := range s.root.edges {
		out[i] = Stats[K]{Key: ed.key, Visits: ed.n}
		if ed.n > 0 {
			out[i].Mean = ed.w / float64(ed.n)
		}
	}
	return out
}

package sim

import (
	"github.com/sandtable/sandtable/engine/play/mcts"

	"fmt"
	"strings"
	"sync"
)

// Agent is one entry of a game's agent table.
type Agent[D any] struct {
	Name string
	// New returns the agent of one player of one game; seed is that
	// player's own stream, GameSeed(game seed, player), so agents that
	// draw random numbers are reproducible whatever worker plays the game.
	New func(seed uint64) D
	// Params, when set, builds the agent from a name with parameters,
	// `name:params` (`mcts:iters=800`); params is what follows the first
	// colon.
	Params func(seed uint64, params string) (D, error)
}

// AgentBase returns an agent name without its parameters: "mcts" for
// "mcts:iters=800".
func AgentBase(name string) string {
	base, _, _ := strings.Cut(name, ":")
	return base
}

// AgentNames lists a table's agent names, in order.
func AgentNames[D any](table []Agent[D]) []string {
	names := make([]string, len(table))
	for i, a := range table {
		names[i] = a.Name
	}
	return names
}

// NewAgents builds one agent per name for a game with seed.
func NewAgents[D any](table []Agent[D], names []string, seed uint64) ([]D, error) {
	ds := make([]D, len(names))
	for i, name := range names {
		found := false
		base, params, hasParams := strings.Cut(name, ":")
		for _, a := range table {
			if a.Name != base {
				continue
			}
			found = true
			switch {
			case a.Params != nil:
				d, err := a.Params(GameSeed(seed, i), params)
				if err != nil {
					return nil, fmt.Errorf("agent %q: %w", name, err)
				}
				ds[i] = d
			case hasParams:
				return nil, fmt.Errorf("agent %q takes no parameters", base)
			default:
				ds[i] = a.New(GameSeed(seed, i))
			}
			break
		}
		if !found {
			return nil, fmt.Errorf("unknown agent %q", name)
		}
	}
	return ds, nil
}

// Engine adapts a game's engine to Game: it builds the agents from the
// game's table, keeps a pool of hook runners R (one Lua state each; in
// practice one per worker goroutine), and plays each game with a runner
// from the pool. A runner must start every game afresh, so which runner
// plays a game does not change it. The pool is a plain free list, not a
// sync.Pool: a runner is expensive to build, there are never more than the
// games played at once, and a sync.Pool drops its items at every garbage
// collection.
type Engine[R, D any] struct {
	RoleNames []string
	Agents    []Agent[D]
	// Extra are the per-role columns the game reports beside the wins
	// (Outcome.Counts).
	Extra []Column
	// ContentNames lists the scenario's content as Outcome.Uses names it
	// (Cataloguer); nil when the game does not count uses.
	ContentNames []string
	// NewRunner returns a new hook runner.
	NewRunner func() (R, error)
	// PlayGame plays one complete game with runner r, seed and one decider
	// per player.
	PlayGame func(r R, seed uint64, players []D) (Outcome, error)

	pool Pool[R]
}

// Pool is a free list of hook runners (one Lua state each); Get builds one
// when the list is empty. It is a plain free list, not a sync.Pool: a
// runner is expensive to build, there are never more than the games (real
// and imagined) played at once, and a sync.Pool drops its items at every
// garbage collection. A runner must start every game afresh, so which one
// a game gets does not change it.
type Pool[R any] struct {
	mu   sync.Mutex
	free []R
}

// Get takes a runner from the pool, or builds one with build.
func (p *Pool[R]) Get(build func() (R, error)) (R, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		r := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return r, nil
	}
	p.mu.Unlock()
	return build()
}

// Put gives a runner back.
func (p *Pool[R]) Put(r R) {
	p.mu.Lock()
	p.free = append(p.free, r)
	p.mu.Unlock()
}

// Put adds a runner to the pool (the one a constructor built to validate
// the config, say).
func (e *Engine[R, D]) Put(r R) { e.pool.Put(r) }

// Runner takes a runner from the pool, or builds one; Put gives it back.
func (e *Engine[R, D]) Runner() (R, error) { return e.pool.Get(e.NewRunner) }

// Roles implements Game.
func (e *Engine[R, D]) Roles() []string { return e.RoleNames }

// Columns implements Columnar.
func (e *Engine[R, D]) Columns() []Column { return e.Extra }

// Content implements Cataloguer.
func (e *Engine[R, D]) Content() []string { return e.ContentNames }

// Play implements Game.
func (e *Engine[R, D]) Play(seed uint64, agents []string) (Outcome, error) {
	if len(agents) != len(e.RoleNames) {
		return Outcome{}, fmt.Errorf("%d agents for %d roles", len(agents), len(e.RoleNames))
	}
	ds, err := NewAgents(e.Agents, agents, seed)
	if err != nil {
		return Outcome{}, err
	}
	r, err := e.pool.Get(e.NewRunner)
	if err != nil {
		return Outcome{}, err
	}
	out, err := e.PlayGame(r, seed, ds)
	e.Put(r)
	return out, err
}

// SearchAgent is the agent-table entry of a game's search agent (package
// mcts): `name` plays with defaults, `name:iters=800:…` with the options
// mcts.Parse reads over them; build makes the agent of one player.
func SearchAgent[D any](name string, defaults mcts.Options, build func(seed uint64, opt mcts.Options) D) Agent[D] {
	params := func(seed uint64, params string) (D, error) {
		opt, err := mcts.Parse(params, defaults)
		if err != nil {
			var none D
			return none, err
		}
		return build(seed, opt), nil
	}
	return Agent[D]{Name: name, Params: params, New: func(seed uint64) D {
		d, _ := params(seed, "") // the defaults parse
		return d
	}}
}

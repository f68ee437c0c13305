package ftbt

import (
	"sync"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/kit/sim"
)

// AgentMCTS searches imagined games (Monte Carlo tree search) with the
// scoring AI as rollout policy; `mcts:iters=800` sets its budget
// (mcts.Parse lists the options).
const AgentMCTS = "mcts"

// mctsAgent is the table entry of the search agent; its imagined games
// borrow effect runners from a pool of their own (never a real game's).
func mctsAgent(newRunner func() (*hooks.Runner, error)) sim.Agent[engine.Decider] {
	var mu sync.Mutex
	var free []*hooks.Runner
	runners := func() (engine.EffectRunner, func(), error) {
		mu.Lock()
		var r *hooks.Runner
		if n := len(free); n > 0 {
			r, free = free[n-1], free[:n-1]
		}
		mu.Unlock()
		if r == nil {
			var err error
			if r, err = newRunner(); err != nil {
				return nil, nil, err
			}
		}
		return r, func() { mu.Lock(); free = append(free, r); mu.Unlock() }, nil
	}
	build := func(seed uint64, params string) (engine.Decider, error) {
		opt, err := mcts.Parse(params, agent.MCTSDefaults)
		if err != nil {
			return nil, err
		}
		return agent.NewMCTS(seed, opt, runners), nil
	}
	return sim.Agent[engine.Decider]{Name: AgentMCTS,
		New: func(seed uint64) engine.Decider {
			d, _ := build(seed, "")
			return d
		},
		Params: build,
	}
}

package mbg

import (
	"slices"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/sim"
)

// AgentMCTS searches imagined games (Monte Carlo tree search); `mcts:iters=800`
// sets its budget (mcts.Parse lists the options).
const AgentMCTS = "mcts"

// mctsAgent is the table entry of the search agent; its imagined games
// borrow hook runners from a pool of their own (never a real game's).
func mctsAgent(newRunner func() (*hooks.Runner, error)) sim.Agent[engine.Decider] {
	var pool sim.Pool[*hooks.Runner]
	runners := func() (engine.TechRunner, engine.CardRunner, func(), error) {
		r, err := pool.Get(newRunner)
		if err != nil {
			return nil, nil, nil, err
		}
		return r, r, func() { pool.Put(r) }, nil
	}
	return sim.SearchAgent(AgentMCTS, agent.MCTSDefaults, func(seed uint64, opt mcts.Options) engine.Decider {
		return agent.NewMCTS(seed, opt, runners)
	})
}

// playTable is the agent table of a game of cfg played alone (mapc test):
// the search agent's imagined games run on runners of cfg's bundled
// scripts.
func playTable(cfg *engine.Config) ([]sim.Agent[engine.Decider], error) {
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		return nil, err
	}
	newRunner := func() (*hooks.Runner, error) { return hooks.New(reg, cfg, plugin.WorkerOptions{}) }
	return append(slices.Clip(agents), mctsAgent(newRunner)), nil
}

package glory

import (
	"errors"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/sim"
)

// AgentMCTS searches imagined games (Monte Carlo tree search) with the
// heuristic as rollout policy; `mcts:iters=800` sets its budget
// (mcts.Parse lists the options).
const AgentMCTS = "mcts"

// simDeciders returns the agents named for red and blue in a game of the
// simulator with seed: the agent table and the search agent, whose
// imagined games borrow skill runners from the simulator's pool (each
// imagined game resets the runner it gets).
func (s *Sim) simDeciders(seed uint64, agents []string) ([]engine.Decider, error) {
	if len(agents) != 2 {
		return nil, errors.New("glory sim: want one agent per side")
	}
	return sim.NewAgents(searchTable(s.runner, &s.pool), agents, seed)
}

// searchTable is the agent table with the search agent, whose imagined
// games borrow skill runners from pool (get takes one from it).
func searchTable(get func() (*hooks.Runner, error), pool *sim.Pool[*hooks.Runner]) []sim.Agent[engine.Decider] {
	runners := func() (engine.SkillRunner, func(), error) {
		r, err := get()
		if err != nil {
			return nil, nil, err
		}
		return r, func() { pool.Put(r) }, nil
	}
	return append(agentTable[:len(agentTable):len(agentTable)],
		sim.SearchAgent(AgentMCTS, agent.MCTSDefaults, func(seed uint64, opt mcts.Options) engine.Decider {
			return agent.NewMCTS(seed, opt, runners)
		}))
}

// playTable is the agent table of a game played alone (mapc play, mapc
// test): the search agent's imagined games run on runners of reg's
// scripts, from a pool of their own.
func playTable(reg *plugin.Registry, cfg *engine.Config) []sim.Agent[engine.Decider] {
	pool := &sim.Pool[*hooks.Runner]{}
	get := func() (*hooks.Runner, error) {
		return pool.Get(func() (*hooks.Runner, error) { return hooks.New(reg, cfg, plugin.WorkerOptions{}) })
	}
	return searchTable(get, pool)
}

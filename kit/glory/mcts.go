package glory

import (
	"errors"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/play/mcts"
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
	runners := func() (engine.SkillRunner, func(), error) {
		r, err := s.runner()
		if err != nil {
			return nil, nil, err
		}
		return r, func() { s.pool.Put(r) }, nil
	}
	build := func(seed uint64, params string) (engine.Decider, error) {
		opt, err := mcts.Parse(params, agent.MCTSDefaults)
		if err != nil {
			return nil, err
		}
		return agent.NewMCTS(seed, opt, runners), nil
	}
	table := append(agentTable[:len(agentTable):len(agentTable)], sim.Agent[engine.Decider]{Name: AgentMCTS,
		New: func(seed uint64) engine.Decider {
			d, _ := build(seed, "")
			return d
		},
		Params: build,
	})
	return sim.NewAgents(table, agents, seed)
}

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
	table := append(agentTable[:len(agentTable):len(agentTable)],
		sim.SearchAgent(AgentMCTS, agent.MCTSDefaults, func(seed uint64, opt mcts.Options) engine.Decider {
			return agent.NewMCTS(seed, opt, runners)
		}))
	return sim.NewAgents(table, agents, seed)
}

package xghj

import (
	"strings"

	"github.com/sandtable/sandtable/engine/play/mcts"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/agent"
	"github.com/sandtable/sandtable/kit/sim"
)

// AgentMCTS searches among candidate orders with imagined games from
// determinizations of its view; `mcts:iters=200` sets its budget
// (mcts.Parse lists the options).
const AgentMCTS = "mcts"

// newMCTS returns the search agent of player p in games of cfg named name
// (AgentMCTS with options, or not), and false for another name.
func newMCTS(cfg *engine.Config, name string, seed uint64, p int) (engine.OrderDecider, bool, error) {
	base, params, _ := strings.Cut(name, ":")
	if base != AgentMCTS {
		return nil, false, nil
	}
	opt, err := mcts.Parse(params, agent.MCTSDefaults)
	if err != nil {
		return nil, true, err
	}
	return agent.NewMCTS(cfg, sim.GameSeed(seed, p), opt), true, nil
}

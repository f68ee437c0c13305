package ftbt

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/sim"
)

// Agent names for `mapc sim --agents`.
const (
	AgentAI     = "ai"     // the seed's scoring AI (facts §9), with the people's factors and goals
	AgentRandom = "random" // a uniformly random legal choice every time
)

// SimRoundLimit ends a simulated game as a draw when the scenario sets no
// round limit of its own (the original has none, and two cautious AIs can
// circle for ever).
const SimRoundLimit = 200

// Agents implements build.Simulator.
func (Game) Agents() []string { return []string{AgentAI, AgentRandom} }

// DecodeConfig implements build.Simulator.
func (Game) DecodeConfig(data []byte) (any, error) {
	var cfg engine.Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// Sim implements build.Simulator: games of the config with its bundled
// classes and the mod directories layered on top.
func (Game) Sim(config any, mods []string) (sim.Game, []string, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, nil, fmt.Errorf("ftbt sim: config is %T, not an ftbt config", config)
	}
	layers, err := build.ModLayers(mods)
	if err != nil {
		return nil, nil, err
	}
	s, warns, err := NewSim(cfg, layers...)
	return s, build.WarningTexts(warns), err
}

// Sim plays games of one config for kit/sim, with a pool of Lua runners
// (one per worker goroutine in practice; a runner starts every game afresh).
type Sim struct {
	cfg  *engine.Config
	reg  *plugin.Registry
	pool sync.Pool
}

// NewSim checks that the config's classes load and returns its simulator.
// A config without a round limit gets SimRoundLimit.
func NewSim(cfg *engine.Config, layers ...hooks.Layer) (*Sim, []plugin.Warning, error) {
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	reg, warns, err := hooks.Registry(cfg, layers...)
	if err != nil {
		return nil, warns, err
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, warns, err
	}
	if _, err := engine.New(cfg, r, 0); err != nil {
		r.Close()
		return nil, warns, err
	}
	s := &Sim{cfg: cfg, reg: reg}
	s.pool.Put(r)
	return s, warns, nil
}

// Roles implements sim.Game: the two sides.
func (s *Sim) Roles() []string { return []string{"side 0", "side 1"} }

// Play implements sim.Game.
func (s *Sim) Play(seed uint64, agents []string) (sim.Outcome, error) {
	if len(agents) != 2 {
		return sim.Outcome{}, errors.New("ftbt sim: want one agent per side")
	}
	ds := make([]engine.Decider, 2)
	for i, name := range agents {
		switch name {
		case AgentAI:
			ds[i] = agent.NewAI()
		case AgentRandom:
			ds[i] = agent.NewRandom(sim.GameSeed(seed, i))
		default:
			return sim.Outcome{}, fmt.Errorf("unknown agent %q", name)
		}
	}
	r, _ := s.pool.Get().(*hooks.Runner)
	if r == nil {
		var err error
		if r, err = hooks.New(s.reg, s.cfg, plugin.WorkerOptions{}); err != nil {
			return sim.Outcome{}, err
		}
	}
	g, err := engine.New(s.cfg, r, seed)
	if err != nil {
		return sim.Outcome{}, err
	}
	res, err := g.Run(ds)
	s.pool.Put(r)
	if err != nil {
		return sim.Outcome{}, err
	}
	reason := res.Reason
	if reason == engine.ReasonMaxRounds {
		reason = "turn_limit" // what kit/sim counts as a limit ending
	}
	return sim.Outcome{Winner: res.Winner, Reason: reason, Turns: res.Rounds, Bankrupt: []bool{false, false}}, nil
}

package mbg

import (
	"encoding/json"
	"fmt"
	"sync"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/sim"
)

// Agent names for `mapc sim --agents`.
const (
	AgentRandom    = "random"    // a uniformly random legal choice every time
	AgentHeuristic = "heuristic" // buys sensibly, garrisons, fights when stronger
)

// Agents implements build.Simulator.
func (Game) Agents() []string { return []string{AgentRandom, AgentHeuristic} }

// DecodeConfig implements build.Simulator.
func (Game) DecodeConfig(data []byte) (any, error) {
	var cfg engine.Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// Sim implements build.Simulator: games of cfg with its bundled Lua scripts
// and the mod directories layered on top.
func (Game) Sim(config any, mods []string) (sim.Game, []string, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, nil, fmt.Errorf("mbg sim: config is %T, not an mbg config", config)
	}
	layers, err := build.ModLayers(mods)
	if err != nil {
		return nil, nil, err
	}
	s, warns, err := NewSim(cfg, layers...)
	return s, build.WarningTexts(warns), err
}

// Sim plays games of one config for kit/sim. It keeps a pool of hook
// runners (one Lua state each) so every worker goroutine reuses one; a
// runner starts each game afresh, so which runner plays a game does not
// change it.
type Sim struct {
	cfg  *engine.Config
	reg  *plugin.Registry
	pool sync.Pool
}

// NewSim checks that cfg's hooks load and returns its simulator.
func NewSim(cfg *engine.Config, layers ...hooks.Layer) (*Sim, []plugin.Warning, error) {
	reg, warns, err := hooks.Registry(cfg, layers...)
	if err != nil {
		return nil, warns, err
	}
	s := &Sim{cfg: cfg, reg: reg}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, warns, err
	}
	// One game validates the config before the batch starts.
	if _, err := engine.New(cfg, r, r, 0); err != nil {
		r.Close()
		return nil, warns, err
	}
	s.pool.Put(r)
	return s, warns, nil
}

// Roles implements sim.Game.
func (s *Sim) Roles() []string {
	names := make([]string, len(s.cfg.Roles))
	for i, r := range s.cfg.Roles {
		names[i] = r.Name
	}
	return names
}

// Play implements sim.Game. Agent i of a game with seed seed draws its
// choices from a stream derived from (seed, i), so games are reproducible.
func (s *Sim) Play(seed uint64, agents []string) (sim.Outcome, error) {
	ds := make([]engine.Decider, len(agents))
	for i, name := range agents {
		switch name {
		case AgentRandom:
			ds[i] = agent.NewRandom(sim.GameSeed(seed, i))
		case AgentHeuristic:
			ds[i] = agent.NewHeuristic()
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
	g, err := engine.New(s.cfg, r, r, seed)
	if err != nil {
		return sim.Outcome{}, err
	}
	res, err := g.Run(ds)
	s.pool.Put(r)
	if err != nil {
		return sim.Outcome{}, err
	}
	return sim.Outcome{Winner: res.Winner, Reason: res.Reason, Turns: res.Turns, Bankrupt: res.Bankrupt}, nil
}

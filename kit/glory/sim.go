package glory

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/sim"
)

// Agent names for `mapc sim --agents`.
const (
	AgentHeuristic = "heuristic" // drafts by value, previews shots and skills
	AgentRandom    = "random"    // a uniformly random legal choice every time
)

// SimRoundLimit caps a simulated game whose scenario sets no round cap.
const SimRoundLimit = 100

// Agents implements sim.Simulator.
func (Game) Agents() []string { return []string{AgentHeuristic, AgentRandom, AgentMCTS} }

// DecodeConfig implements sim.Simulator.
func (Game) DecodeConfig(data []byte) (any, error) {
	var cfg engine.Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// Sim implements sim.Simulator: games of the config with its bundled
// skill scripts and the mod directories layered on top.
func (Game) Sim(config any, mods []string) (sim.Game, []string, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, nil, fmt.Errorf("glory sim: config is %T, not a glory config", config)
	}
	layers, err := build.ModLayers(mods)
	if err != nil {
		return nil, nil, err
	}
	s, warns, err := NewSim(cfg, layers...)
	return s, build.WarningTexts(warns), err
}

// Sim plays games of one config for kit/sim with a pool of skill runners.
type Sim struct {
	cfg  *engine.Config
	reg  *plugin.Registry
	pool sim.Pool[*hooks.Runner]
}

// NewSim checks that the config's skills load and returns its simulator.
func NewSim(cfg *engine.Config, layers ...plugin.Layer) (*Sim, []plugin.Warning, error) {
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	reg, warns, err := hooks.BundleRegistry(cfg, layers)
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

// Roles implements sim.Game.
func (s *Sim) Roles() []string { return []string{"red", "blue"} }

// play plays one whole game with seed; leaders are the side ahead at the
// end of each round (Leader).
func (s *Sim) play(seed uint64, agents []string) (*engine.Game, []int, error) {
	ds, err := s.simDeciders(seed, agents)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.runner()
	if err != nil {
		return nil, nil, err
	}
	g, err := engine.New(s.cfg, r, seed, ds...)
	if err != nil {
		return nil, nil, err
	}
	leaders, err := runLed(g)
	s.pool.Put(r)
	return g, leaders, err
}

// agentTable builds the agents by name; seed is the player's own stream.
var agentTable = []sim.Agent[engine.Decider]{
	{Name: AgentHeuristic, New: func(seed uint64) engine.Decider { return agent.NewHeuristic(seed + 1) }},
	{Name: AgentRandom, New: func(seed uint64) engine.Decider { return agent.NewRandom(seed) }},
}

// deciders returns the agents named for red and blue in a game with seed.
func deciders(seed uint64, agents []string) ([]engine.Decider, error) {
	if len(agents) != 2 {
		return nil, errors.New("glory sim: want one agent per side")
	}
	return sim.NewAgents(agentTable, agents, seed)
}

// runner takes a skill runner from the pool, or builds one.
func (s *Sim) runner() (*hooks.Runner, error) {
	return s.pool.Get(func() (*hooks.Runner, error) { return hooks.New(s.reg, s.cfg, plugin.WorkerOptions{}) })
}

// Play implements sim.Game.
func (s *Sim) Play(seed uint64, agents []string) (sim.Outcome, error) {
	g, leaders, err := s.play(seed, agents)
	if err != nil {
		return sim.Outcome{}, err
	}
	reason := g.State().Reason
	if strings.HasPrefix(reason, "round cap") {
		reason = "turn_limit"
	}
	// The heroes each side drafted are its content, so the balance report
	// gives every hero's pick and win rates.
	var u sim.Uses
	st := g.State()
	for side := range 2 {
		for _, h := range append([]int{st.Draft.Main[side]}, st.Draft.Picks[side]...) {
			if h >= 0 {
				u.Add("hero "+s.cfg.Heroes[h].ID, side)
			}
		}
	}
	var print sim.Print
	for _, d := range g.Decisions() {
		print.Int(d.Round, d.Player, d.Choice)
	}
	print.Int(st.Round, g.Winner())
	// The lead is the game's own score at the round cap: tower HP, then
	// the living heroes' HP (Leader).
	return sim.Outcome{Winner: g.Winner(), Reason: reason, Turns: st.Round, Leaders: leaders, Uses: u.List(), Print: print.Sum()}, nil
}

var _ sim.Simulator = Game{}

// Content implements sim.Cataloguer: the heroes of the draft pool, as Play
// counts them.
func (s *Sim) Content() []string {
	out := make([]string, len(s.cfg.Heroes))
	for i, h := range s.cfg.Heroes {
		out[i] = "hero " + h.ID
	}
	return out
}

package ftbt

import (
	"slices"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/sim"
)

// Agent names for `mapc sim --agents`. Every game has random and
// heuristic; ftbt's heuristic is the original's scoring AI, also named ai.
const (
	AgentAI        = "ai"        // the seed's scoring AI (facts §9), with the people's factors and goals
	AgentRandom    = "random"    // a uniformly random legal choice every time
	AgentHeuristic = "heuristic" // the shared name of the scoring AI
)

// SimRoundLimit ends a simulated game as a draw when the scenario sets no
// round limit of its own (the original has none, and two cautious AIs can
// circle for ever).
const SimRoundLimit = 200

// agents is ftbt's agent table, the default first.
var agents = []sim.Agent[engine.Decider]{
	{Name: AgentAI, New: func(uint64) engine.Decider { return agent.NewAI() }},
	{Name: AgentRandom, New: func(seed uint64) engine.Decider { return agent.NewRandom(seed) }},
	{Name: AgentHeuristic, New: func(uint64) engine.Decider { return agent.NewAI() }},
}

// Agents implements sim.Simulator.
func (Game) Agents() []string { return append(sim.AgentNames(agents), AgentMCTS) }

// DecodeConfig implements sim.Simulator.
func (Game) DecodeConfig(data []byte) (any, error) { return build.DecodeConfig[engine.Config](data) }

// Sim implements sim.Simulator: games of the config with its bundled
// classes and the mod directories layered on top.
func (Game) Sim(config any, mods []string) (sim.Game, []string, error) {
	return build.SimWithMods(config, mods, NewSim)
}

// NewSim checks that the config's classes load and returns its simulator.
// A config without a round limit gets SimRoundLimit.
func NewSim(cfg *engine.Config, layers ...hooks.Layer) (*sim.Engine[*hooks.Runner, engine.Decider], []plugin.Warning, error) {
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	reg, warns, err := hooks.Registry(cfg, layers...)
	if err != nil {
		return nil, warns, err
	}
	newRunner := func() (*hooks.Runner, error) { return hooks.New(reg, cfg, plugin.WorkerOptions{}) }
	r, err := newRunner()
	if err != nil {
		return nil, warns, err
	}
	if _, err := engine.New(cfg, r, 0); err != nil {
		r.Close()
		return nil, warns, err
	}
	s := &sim.Engine[*hooks.Runner, engine.Decider]{
		RoleNames: []string{"side 0", "side 1"}, Agents: append(slices.Clip(agents), mctsAgent(newRunner)), NewRunner: newRunner,
		ContentNames: content(cfg),
		PlayGame: func(r *hooks.Runner, seed uint64, ds []engine.Decider) (sim.Outcome, error) {
			g, err := engine.New(cfg, r, seed)
			if err != nil {
				return sim.Outcome{}, err
			}
			res, err := g.Run(ds)
			if err != nil {
				return sim.Outcome{}, err
			}
			reason := res.Reason
			if reason == engine.ReasonMaxRounds {
				reason = "turn_limit" // what kit/sim counts as a limit ending
			}
			leaders, uses := followGame(cfg, g.Events())
			var print sim.Print
			for _, d := range g.Decisions() {
				print.Int(d.Round, d.Player, d.Choice)
			}
			print.Int(res.Rounds, res.Winner)
			return sim.Outcome{Winner: res.Winner, Reason: reason, Turns: res.Rounds, Leaders: leaders, Uses: uses, Print: print.Sum()}, nil
		},
	}
	s.Put(r)
	return s, warns, nil
}

// followGame reads a game's events for the balance report: the side with
// more hp on the map at the end of each round (-1 when equal), and the techs
// each side used.
func followGame(cfg *engine.Config, events []engine.Event) ([]int, []sim.Use) {
	var hp [2]int
	var leaders []int
	var u sim.Uses
	lead := func() int {
		switch {
		case hp[0] > hp[1]:
			return 0
		case hp[1] > hp[0]:
			return 1
		}
		return -1
	}
	for _, e := range events {
		switch e.Kind {
		case engine.EvPeopleIn:
			hp[e.Side] += cfg.People[e.Person].HP
		case engine.EvHPDown:
			hp[e.Side] -= min(e.Value, e.N) // hp stops at 0
		case engine.EvHPUp:
			hp[e.Side] += e.Value
		case engine.EvDoTech:
			u.Add("tech "+cfg.Techs[e.Tech].ID, cfg.People[e.Person].Side)
		case engine.EvRoundStart:
			if e.Round > 1 {
				leaders = append(leaders, lead())
			}
		case engine.EvGameOver:
			leaders = append(leaders, lead())
		}
	}
	return leaders, u.List()
}

// content names the techs some person knows, as followGame counts their
// uses: a tech nobody knows cannot be used, and the lint says so.
func content(cfg *engine.Config) []string {
	var out []string
	for _, p := range cfg.People {
		for _, t := range p.Techs {
			if n := "tech " + cfg.Techs[t].ID; !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

package mbg

import (
	"slices"

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

// agents is mbg's agent table, the default first.
var agents = []sim.Agent[engine.Decider]{
	{Name: AgentRandom, New: func(seed uint64) engine.Decider { return agent.NewRandom(seed) }},
	{Name: AgentHeuristic, New: func(uint64) engine.Decider { return agent.NewHeuristic() }},
}

// Agents implements sim.Simulator.
func (Game) Agents() []string { return append(sim.AgentNames(agents), AgentMCTS) }

// DecodeConfig implements sim.Simulator.
func (Game) DecodeConfig(data []byte) (any, error) { return build.DecodeConfig[engine.Config](data) }

// Sim implements sim.Simulator: games of cfg with its bundled Lua scripts
// and the mod directories layered on top.
func (Game) Sim(config any, mods []string) (sim.Game, []string, error) {
	return build.SimWithMods(config, mods, NewSim)
}

// NewSim checks that cfg's hooks load and returns its simulator, which
// reports bankruptcies beside the wins.
func NewSim(cfg *engine.Config, layers ...hooks.Layer) (*sim.Engine[*hooks.Runner, engine.Decider], []plugin.Warning, error) {
	reg, warns, err := hooks.Registry(cfg, layers...)
	if err != nil {
		return nil, warns, err
	}
	newRunner := func() (*hooks.Runner, error) { return hooks.New(reg, cfg, plugin.WorkerOptions{}) }
	r, err := newRunner()
	if err != nil {
		return nil, warns, err
	}
	// One game validates the config before the batch starts.
	if _, err := engine.New(cfg, r, r, 0); err != nil {
		r.Close()
		return nil, warns, err
	}
	roles := make([]string, len(cfg.Roles))
	for i, role := range cfg.Roles {
		roles[i] = role.Name
	}
	s := &sim.Engine[*hooks.Runner, engine.Decider]{
		RoleNames: roles, Agents: append(slices.Clip(agents), mctsAgent(newRunner)), NewRunner: newRunner,
		Extra:        []sim.Column{{Key: "bankruptcies", Header: "BANKRUPT"}},
		ContentNames: content(cfg),
		PlayGame: func(r *hooks.Runner, seed uint64, ds []engine.Decider) (sim.Outcome, error) {
			g, err := engine.New(cfg, r, r, seed)
			if err != nil {
				return sim.Outcome{}, err
			}
			// Step rather than Run, to note the leader at each turn's end.
			var leaders []int
			v := g.View()
			for turn := v.Turn(); ; {
				over, err := g.Step(ds)
				if err != nil {
					return sim.Outcome{}, err
				}
				if over || v.Turn() != turn {
					leaders = append(leaders, leader(v))
					turn = v.Turn()
				}
				if over {
					break
				}
			}
			res, _ := g.Result()
			counts := make([][]int, len(res.Bankrupt))
			for i, b := range res.Bankrupt {
				counts[i] = []int{0}
				if b {
					counts[i][0] = 1
				}
			}
			return sim.Outcome{Winner: res.Winner, Reason: res.Reason, Turns: res.Turns, Counts: counts,
				Leaders: leaders, Uses: uses(cfg, g.Events()), Print: decisionsPrint(g.Decisions(), res.Turns, res.Winner)}, nil
		},
	}
	s.Put(r)
	return s, warns, nil
}

// leader is the role in the game with the most money (the game's own
// ranking at the turn limit), -1 when two share it.
func leader(v *engine.View) int {
	best, top, tied := -1, 0.0, false
	for r := range v.NumRoles() {
		if !v.Alive(r) {
			continue
		}
		switch m := v.Role(r).Money; {
		case best < 0 || m > top:
			best, top, tied = r, m, false
		case m == top:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return best
}

// content names what a game of cfg can use, as uses counts it: the techs
// some institute offers (the lint reports the others) and the cards.
func content(cfg *engine.Config) []string {
	var out []string
	for _, in := range cfg.Institutes {
		for _, t := range in.Techs {
			if n := "tech " + cfg.Techs[t].ID; !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	for _, c := range cfg.Cards {
		out = append(out, "card "+c.ID)
	}
	return out
}

// uses counts the techs each role learned and the cards it played.
func uses(cfg *engine.Config, events []engine.Event) []sim.Use {
	var u sim.Uses
	for _, e := range events {
		switch e.Kind {
		case engine.EvLearned:
			u.Add("tech "+cfg.Techs[e.Index].ID, e.Role)
		case engine.EvCardPlayed:
			u.Add("card "+cfg.Cards[e.Index].ID, e.Role)
		}
	}
	return u.List()
}

// decisionsPrint fingerprints a game by its decisions and its end: games
// that chose alike throughout, over the same dice, are one game.
func decisionsPrint(ds []engine.Decision, turns, winner int) uint64 {
	var p sim.Print
	for _, d := range ds {
		p.Int(d.Round, d.Player, d.Choice)
	}
	p.Int(turns, winner)
	return p.Sum()
}

package ftbt

import (
	"fmt"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/sim"
)

// eventNone are the index fields of an event where -1 means "none".
var eventNone = map[string]bool{"side": true, "person": true, "target": true, "cell": true, "to": true, "tech": true}

// sideName names side s of a level.
func sideName(s int) string { return fmt.Sprintf("side %d", s) }

// resolver names people, techs and cells ("x,y") in cfg's events.
func resolver(cfg *engine.Config) scentest.Resolver {
	return func(kind, key string, n int) (string, bool) {
		switch key {
		case "person", "target":
			if n >= 0 && n < len(cfg.People) {
				return cfg.People[n].Name, true
			}
		case "tech":
			if n >= 0 && n < len(cfg.Techs) {
				return cfg.Techs[n].ID, true
			}
		case "cell", "to":
			if n >= 0 && cfg.Width > 0 {
				return fmt.Sprintf("%d,%d", n%cfg.Width, n/cfg.Width), true
			}
		case "side":
			if n == 0 || n == 1 {
				return sideName(n), true
			}
		}
		return "", false
	}
}

// playable returns cfg with the simulator's round limit when it sets none.
func playable(cfg *engine.Config) *engine.Config {
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		return &c
	}
	return cfg
}

// newGame starts a game of cfg with its bundled classes.
func newGame(cfg *engine.Config, seed uint64) (*engine.Game, func(), error) {
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		return nil, nil, err
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, nil, err
	}
	g, err := engine.New(cfg, r, seed)
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	return g, func() { r.Close() }, nil
}

// Play implements scentest.Player: one game of the level (with the
// simulator's round limit when it sets none), its decisions and events
// with people, techs, sides and cells named.
func (Game) Play(config any, seed uint64, agentNames []string, prefix []int) (*build.Playthrough, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("ftbt: cannot play a %T", config)
	}
	cfg = playable(cfg)
	g, closer, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer closer()
	table, err := playTable(cfg)
	if err != nil {
		return nil, err
	}
	ds, err := sim.NewAgents(table, scentest.Repeat(agentNames, 2), seed)
	if err != nil {
		return nil, err
	}
	ds = scentest.Prefixed(ds, prefix, func(r *engine.Request) int { return len(r.Options) })
	res, err := g.Run(ds)
	if err != nil {
		return nil, err
	}
	pt := &build.Playthrough{Players: []string{sideName(0), sideName(1)}, Winner: res.Winner, Reason: res.Reason, Turns: res.Rounds}
	resolve := resolver(cfg)
	for _, d := range g.Decisions() {
		pt.Decisions = append(pt.Decisions, scentest.DecisionRecord(d.Round, d.Kind, sideName(d.Player), d.Choice, d.Option.ID()))
	}
	for _, e := range g.Events() {
		pt.Events = append(pt.Events, scentest.RecordOf(e, "round", resolve, eventNone))
	}
	return pt, nil
}

var _ scentest.Player = Game{}

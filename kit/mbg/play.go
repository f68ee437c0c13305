package mbg

import (
	"fmt"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/sim"
)

// Event kinds whose Place is a city, an institute, a training room or a
// board square, and whose Index is a tech, a card, a property or a square.
var (
	placeCity = kindSet(engine.EvAllySpare, engine.EvForced, engine.EvBattle, engine.EvOwnBonus, engine.EvToll,
		engine.EvOccupied, engine.EvOccupyFailed, engine.EvGarrisoned, engine.EvWithdrawn, engine.EvMayor,
		engine.EvTreasurer, engine.EvCityLost, engine.EvCityAbandoned, engine.EvDefence, engine.EvCityHeal, engine.EvFengshui)
	placeInstitute = kindSet(engine.EvResearchStart, engine.EvResearched, engine.EvLearned)
	placeTraining  = kindSet(engine.EvTrainStart, engine.EvTrained, engine.EvTraining)
	indexTech      = kindSet(engine.EvResearchStart, engine.EvResearched, engine.EvLearned)
	indexCard      = kindSet(engine.EvCardGained, engine.EvCardPlayed, engine.EvCardFailed)
	indexProp      = kindSet(engine.EvTrained)
)

func kindSet(ks ...engine.EventKind) map[string]bool {
	m := map[string]bool{}
	for _, k := range ks {
		m[k.String()] = true
	}
	return m
}

// eventNone are the index fields of an event where -1 means "none".
var eventNone = map[string]bool{"role": true, "other": true, "officer": true, "place": true, "index": true}

// resolver names the ids of cfg's events.
func resolver(cfg *engine.Config) scentest.Resolver {
	return func(kind, key string, n int) (string, bool) {
		pick := func(ok bool, name func() string) (string, bool) {
			if ok {
				return name(), true
			}
			return "", false
		}
		switch key {
		case "role", "other":
			return pick(n >= 0 && n < len(cfg.Roles), func() string { return cfg.Roles[n].Name })
		case "officer":
			return pick(n >= 0 && n < len(cfg.Officers), func() string { return cfg.Officers[n].Name })
		case "place":
			switch {
			case placeCity[kind]:
				return pick(n >= 0 && n < len(cfg.Cities), func() string { return cfg.Cities[n].Name })
			case placeInstitute[kind]:
				return pick(n >= 0 && n < len(cfg.Institutes), func() string { return cfg.Institutes[n].Name })
			case placeTraining[kind]:
				return pick(n >= 0 && n < len(cfg.Trainings), func() string { return cfg.Trainings[n].Name })
			}
		case "index":
			switch {
			case indexTech[kind]:
				return pick(n >= 0 && n < len(cfg.Techs), func() string { return cfg.Techs[n].ID })
			case indexCard[kind]:
				return pick(n >= 0 && n < len(cfg.Cards), func() string { return cfg.Cards[n].ID })
			case indexProp[kind]:
				return pick(n >= 0 && n < int(engine.NumProps), func() string { return engine.PropNames[n] })
			}
		}
		return "", false
	}
}

// Play implements scentest.Player: one game of the config, its decisions and
// events with officers, roles, cities, institutes, training rooms, techs
// and cards named.
func (Game) Play(config any, seed uint64, agentNames []string, prefix []int) (*build.Playthrough, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("mbg: cannot play a %T", config)
	}
	g, closer, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer closer()
	table, err := playTable(cfg)
	if err != nil {
		return nil, err
	}
	ds, err := sim.NewAgents(table, scentest.Repeat(agentNames, len(cfg.Roles)), seed)
	if err != nil {
		return nil, err
	}
	ds = scentest.Prefixed(ds, prefix, func(r *engine.Request) int { return len(r.Options) })
	res, err := g.Run(ds)
	if err != nil {
		return nil, err
	}
	return transcript(cfg, g, res), nil
}

// newGame starts a game of cfg with its bundled scripts.
func newGame(cfg *engine.Config, seed uint64) (*engine.Game, func(), error) {
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		return nil, nil, err
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, nil, err
	}
	g, err := engine.New(cfg, r, r, seed)
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	return g, func() { r.Close() }, nil
}

func transcript(cfg *engine.Config, g *engine.Game, res engine.Result) *build.Playthrough {
	pt := &build.Playthrough{Winner: res.Winner, Reason: res.Reason, Turns: res.Turns}
	for _, r := range cfg.Roles {
		pt.Players = append(pt.Players, r.Name)
	}
	resolve := resolver(cfg)
	for _, d := range g.Decisions() {
		player := fmt.Sprint(d.Player)
		if d.Player >= 0 && d.Player < len(cfg.Roles) {
			player = cfg.Roles[d.Player].Name
		}
		pt.Decisions = append(pt.Decisions, scentest.DecisionRecord(d.Round, d.Kind, player, d.Choice, d.Option.ID()))
	}
	for _, e := range g.Events() {
		pt.Events = append(pt.Events, scentest.RecordOf(e, "turn", resolve, eventNone))
	}
	return pt
}

var _ scentest.Player = Game{}

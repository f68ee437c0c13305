package glory

import (
	"fmt"
	"strconv"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/sim"
)

// sideNames name the sides in transcripts.
var sideNames = []string{"red", "blue"}

// eventNone are the index fields of an event where -1 means "none".
var eventNone = map[string]bool{"side": true, "hero": true, "other": true, "point": true, "item": true}

// damageKinds name Event.Item of a damage event.
var damageKinds = []string{"hit", "splash", "skill"}

// eventResolver names the subjects of event e of game g: sides, drafted
// heroes by their ids, points by their map ids, and the item by what the
// event's kind says it is (a pool hero, a weapon, a skill of e's hero, a
// damage kind).
func eventResolver(g *engine.Game, e engine.Event) scentest.Resolver {
	cfg, st, b := g.Config(), g.State(), g.Board()
	hero := func(n int) (string, bool) {
		if n >= 0 && n < len(st.Heroes) {
			return cfg.Heroes[st.Heroes[n].Hero].ID, true
		}
		return "", false
	}
	return func(kind, key string, n int) (string, bool) {
		switch key {
		case "side":
			if n == engine.Red || n == engine.Blue {
				return sideNames[n], true
			}
		case "hero", "other":
			return hero(n)
		case "point":
			if n >= 0 && n < b.Len() {
				return strconv.Itoa(b.ID(n)), true
			}
		case "item":
			switch kind {
			case engine.EvMain, engine.EvBan, engine.EvPick, engine.EvClash:
				if n >= 0 && n < len(cfg.Heroes) {
					return cfg.Heroes[n].ID, true
				}
			case engine.EvWeapon, engine.EvFire, engine.EvPrepare, engine.EvGive:
				if n >= 0 && n < len(cfg.Weapons) {
					return cfg.Weapons[n].ID, true
				}
			case engine.EvSkill:
				if e.Hero >= 0 && e.Hero < len(st.Heroes) {
					if sk := cfg.Heroes[st.Heroes[e.Hero].Hero].Skills; n >= 0 && n < len(sk) {
						return sk[n].ID, true
					}
				}
			case engine.EvDamage:
				if n >= 0 && n < len(damageKinds) {
					return damageKinds[n], true
				}
			}
		}
		return "", false
	}
}

// Play implements scentest.Player: one game of the config (with the
// simulator's round cap when it sets none) with its bundled skill
// scripts, its decisions (by option id) and its events with sides,
// heroes, points, weapons and skills named.
func (Game) Play(config any, seed uint64, agentNames []string, prefix []int) (*build.Playthrough, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("glory: cannot play a %T", config)
	}
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		return nil, err
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	ds, err := playDeciders(playTable(reg, cfg), seed, agentNames, prefix)
	if err != nil {
		return nil, err
	}
	g, err := engine.New(cfg, r, seed, ds...)
	if err != nil {
		return nil, err
	}
	if err := g.Run(); err != nil {
		return nil, err
	}
	st := g.State()
	pt := &build.Playthrough{Players: []string{sideNames[0], sideNames[1]}, Winner: g.Winner(), Reason: st.Reason, Turns: st.Round}
	for _, d := range g.Decisions() {
		pt.Decisions = append(pt.Decisions, scentest.DecisionRecord(d.Round, d.Kind, sideNames[d.Player], d.Choice, d.Option.ID()))
	}
	for _, e := range g.Events() {
		pt.Events = append(pt.Events, scentest.RecordOf(e, "round", eventResolver(g, e), eventNone))
	}
	return pt, nil
}

// playDeciders are the sides' agents of a game of seed as Play has them
// (heuristic when none is named), the first len(prefix) decisions
// scripted.
func playDeciders(table []sim.Agent[engine.Decider], seed uint64, agentNames []string, prefix []int) ([]engine.Decider, error) {
	if len(agentNames) == 0 {
		agentNames = []string{AgentHeuristic}
	}
	ds, err := sim.NewAgents(table, scentest.Repeat(agentNames, 2), seed)
	if err != nil {
		return nil, err
	}
	return watchPrefix(ds, scentest.Prefixed(ds, prefix, func(r *engine.Request) int { return len(r.Options) }), len(prefix)), nil
}

// watchPrefix has each agent asked its side's scripted requests too (its
// answer dropped) while the scripted decisions last, so that its random
// stream is where it would be had it made them: the place inspect --ai's
// replay of the same log puts it (Explain).
func watchPrefix(agents, scripted []engine.Decider, n int) []engine.Decider {
	if n == 0 {
		return scripted
	}
	left := &n
	out := make([]engine.Decider, len(agents))
	for i := range agents {
		out[i] = &watching{agent: agents[i], scripted: scripted[i], left: left}
	}
	return out
}

type watching struct {
	agent, scripted engine.Decider
	left            *int
}

func (w *watching) Decide(v *engine.View, req *engine.Request) (int, error) {
	if *w.left > 0 {
		*w.left--
		if _, err := w.agent.Decide(v, req); err != nil {
			return 0, err
		}
	}
	return w.scripted.Decide(v, req)
}

var _ scentest.Player = Game{}

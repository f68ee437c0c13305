package xghj

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/scentest"
)

// xghj's players give free-form orders, all at once each round, so a
// decision of a playthrough is one player's orders of one ask (its bid,
// its spawn, or a round's diplomacy, bombs and capital), and its choice
// is one of two: 0, the seat's agent's orders, or 1, the player's
// defaults (no bid, no spawn, or a round passed: diplomacy as it stands,
// no bombs, the capital kept). Scripted decisions (a test's decisions,
// mapc inspect --at) use the same two choices.
const (
	ChoiceAgent   = 0
	ChoiceDefault = 1
	numChoices    = 2
)

// Decision kinds, by the phase a player is asked in.
const (
	DecisionBid    = "bid"
	DecisionSpawn  = "spawn"
	DecisionOrders = "orders"
)

// playerName names player p of cfg ("neutral" for neutral land).
func playerName(cfg *engine.Config, p int) string {
	switch {
	case p >= 0 && p < len(cfg.Players):
		return cfg.Players[p].Name
	case p == engine.Neutral:
		return "neutral"
	}
	return strconv.Itoa(p)
}

// posName is "x,y"; "none" for the invalid position.
func posName(x, y int) string {
	if (engine.Pos{X: x, Y: y}) == engine.Invalid {
		return "none"
	}
	return fmt.Sprintf("%d,%d", x, y)
}

// scripted answers the first len(prefix) asks of a game, whoever is
// asked, with the prefix's choices; its inner agent answers the rest and
// the agent's half of the prefix.
type scripted struct {
	state *prefixState
	inner engine.OrderDecider
}

type prefixState struct {
	prefix []int
	next   int
}

func (s *scripted) Orders(v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	if req.Attempt == 0 && s.state.next < len(s.state.prefix) {
		i := s.state.next
		s.state.next++
		switch c := s.state.prefix[i]; c {
		case ChoiceAgent:
		case ChoiceDefault:
			return engine.Commands{}, play.ErrDefault
		default:
			return engine.Commands{}, fmt.Errorf("scripted decision %d is %d: xghj decisions are %d (the agent's orders) or %d (the defaults)", i+1, c, ChoiceAgent, ChoiceDefault)
		}
	}
	return s.inner.Orders(v, req)
}

// deciders returns the agents of a game of cfg, the first len(prefix)
// asks scripted.
func deciders(cfg *engine.Config, seed uint64, agentNames []string, prefix []int) ([]engine.OrderDecider, error) {
	names := scentest.Repeat(agentNames, len(cfg.Players))
	if len(names) == 0 {
		return nil, errors.New("xghj: no agents given")
	}
	state := &prefixState{prefix: prefix}
	out := make([]engine.OrderDecider, len(cfg.Players))
	for p, name := range names {
		d, err := NewAgent(cfg, name, seed, p)
		if err != nil {
			return nil, err
		}
		out[p] = &scripted{state: state, inner: d}
	}
	return out, nil
}

// Play implements scentest.Player: one game of the config with its hooks,
// the players' orders per ask as decisions and the events, with players
// named and cells as "x,y".
func (Game) Play(config any, seed uint64, agentNames []string, prefix []int) (*build.Playthrough, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("xghj: cannot play a %T", config)
	}
	ds, err := deciders(cfg, seed, agentNames, prefix)
	if err != nil {
		return nil, err
	}
	g, done, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer done()
	g.Orders.Deciders = ds
	if _, err := g.Run(); err != nil {
		return nil, err
	}
	return transcript(cfg, g), nil
}

// transcript is the playthrough of a finished game.
func transcript(cfg *engine.Config, g *engine.Game) *build.Playthrough {
	st := g.State()
	pt := &build.Playthrough{Winner: st.Ranking[0], Reason: endReason(st), Turns: st.Round}
	for _, p := range cfg.Players {
		pt.Players = append(pt.Players, p.Name)
	}
	for i, r := range g.Orders.Log {
		pt.Decisions = append(pt.Decisions, decisionRecord(cfg, r, decisionKind(r, i, len(cfg.Players))))
	}
	for _, e := range g.Events() {
		pt.Events = append(pt.Events, eventRecord(cfg, e))
	}
	return pt
}

// decisionKind is the kind of entry i of an order log: in round 0 the
// first players entries are the bids, the rest the spawn choices.
func decisionKind(r engine.OrderRecord, i, players int) string {
	switch {
	case r.Round > 0:
		return DecisionOrders
	case i < players:
		return DecisionBid
	}
	return DecisionSpawn
}

// decisionRecord is one order log entry as a record: player, choice
// (ChoiceDefault when the defaults were taken) and the orders in words.
func decisionRecord(cfg *engine.Config, r engine.OrderRecord, kind string) build.Record {
	choice := ChoiceAgent
	if r.Defaulted {
		choice = ChoiceDefault
	}
	rec := build.Record{Turn: r.Round, Kind: kind, Fields: []build.Field{
		{Key: "player", Value: playerName(cfg, r.Player)}, {Key: "choice", Value: strconv.Itoa(choice)}}}
	add := func(k, v string) { rec.Fields = append(rec.Fields, build.Field{Key: k, Value: v}) }
	o := r.Orders
	switch kind {
	case DecisionBid:
		add("bid", strconv.Itoa(o.Bid))
	case DecisionSpawn:
		if o.Spawn != nil {
			add("at", posName(o.Spawn.X, o.Spawn.Y))
		}
	default:
		add("diplomacy", diplomacyText(cfg, r.Player, o.Diplomacy))
		add("bombs", bombsText(o.Bombs))
		if o.Capital != nil && !cfg.Rulebook() { // the rulebook has no capital
			add("capital", posName(o.Capital.X, o.Capital.Y))
		}
	}
	return rec
}

// diplomacyText lists the commands toward the other players
// ("乙:justify_war,丙:keep_neutral").
func diplomacyText(cfg *engine.Config, me int, ds []engine.Dip) string {
	var parts []string
	for q, d := range ds {
		if q != me {
			parts = append(parts, playerName(cfg, q)+":"+d.String())
		}
	}
	return strings.Join(parts, ",")
}

// bombsText lists placements as "x,y×size" ("none" for none).
func bombsText(bs []engine.Bomb) string {
	if len(bs) == 0 {
		return "none"
	}
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = fmt.Sprintf("%d,%d×%d", b.X, b.Y, b.Size)
	}
	return strings.Join(parts, ";")
}

// eventRecord is one event as a record with the fields its kind uses
// (events.go of the engine): players by name, cells as "x,y".
func eventRecord(cfg *engine.Config, e engine.Event) build.Record {
	rec := build.Record{Turn: e.Round, Kind: e.Kind}
	add := func(k, v string) { rec.Fields = append(rec.Fields, build.Field{Key: k, Value: v}) }
	num := func(k string, v int) { add(k, strconv.Itoa(v)) }
	player := func() { add("player", playerName(cfg, e.Player)) }
	other := func() { add("other", playerName(cfg, e.Other)) }
	cell := func() { add("cell", posName(e.X, e.Y)) }
	switch e.Kind {
	case engine.EvBid:
		player()
		num("value", e.Value)
	case engine.EvSpawn, engine.EvSpawnKill, engine.EvCapital:
		player()
		cell()
	case engine.EvDiplomacy:
		player()
		other()
		add("status", e.Status.String())
		add("to", e.To.String())
	case engine.EvBackstab, engine.EvDiscover, engine.EvTruce:
		player()
		other()
	case engine.EvCapture:
		cell()
		add("from", playerName(cfg, e.Other))
		player()
		if e.Value != 0 {
			num("pass", e.Value)
		}
	case engine.EvWater:
		cell()
		add("from", playerName(cfg, e.Other))
	case engine.EvProduction:
		player()
		num("value", e.Value)
		num("saving", e.Saving)
	case engine.EvEliminate:
		player()
		num("slot", e.Value)
	case engine.EvBuild:
		player()
		cell()
		num("value", e.Value)
		num("saving", e.Saving)
	case engine.EvRecall:
		player()
		cell()
		other()
		num("value", e.Value)
		num("saving", e.Saving)
	case engine.EvDestroy:
		player()
		cell()
		num("value", e.Value)
	case engine.EvGoal:
		player()
		num("value", e.Value)
	case engine.EvEnd:
		add("winner", playerName(cfg, e.Player))
	default:
		player()
		if e.Other != 0 {
			other()
		}
		if e.X != 0 || e.Y != 0 {
			cell()
		}
		if e.Value != 0 {
			num("value", e.Value)
		}
	}
	return rec
}

var _ scentest.Player = Game{}

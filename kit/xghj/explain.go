package xghj

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/agent"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/sim"
)

// Explanation is what `mapc inspect --ai` prints for an xghj scenario:
// the heuristic's next orders for one player, with what it considered
// and each score term (diplomacy toward every player it knows, the cells
// it could take, the bids and spawns, the capital).
type Explanation struct {
	Game      string `json:"game"`
	Name      string `json:"name"`
	Seed      uint64 `json:"seed"`
	Decisions int    `json:"after_decisions"` // recorded decisions replayed first
	Round     int    `json:"round"`           // the engine round asked for
	Player    string `json:"player"`
	Phase     string `json:"phase"`
	// Saving and Strength are the player's as it sees them.
	Saving    int          `json:"saving"`
	Boldness  float64      `json:"boldness"`
	WarChest  int          `json:"war_chest"`
	Strength  int          `json:"strength,omitempty"`
	Budget    int          `json:"budget,omitempty"`
	Bid       *int         `json:"bid,omitempty"`
	Spawns    []SpawnTerm  `json:"spawns,omitempty"`
	Diplomacy []DipTerm    `json:"diplomacy,omitempty"`
	Defence   *Placement   `json:"defence,omitempty"`
	Targets   []TargetTerm `json:"targets,omitempty"`
	Capital   string       `json:"capital,omitempty"`
	// Chosen are the orders in words (as golden playthroughs write them).
	Chosen map[string]string `json:"chosen"`
	Why    string            `json:"why"`
}

// SpawnTerm is a spawn cell the heuristic scored.
type SpawnTerm struct {
	Cell      string `json:"cell"`
	Resources int    `json:"resources"` // res within distance 3, weighted 4 − distance
	Far       bool   `json:"far"`       // at least twice the minimum distance from the spawns before
	Chosen    bool   `json:"chosen,omitempty"`
}

// DipTerm is the command toward one known player and the rule behind it.
type DipTerm struct {
	Player   string `json:"player"`
	Status   string `json:"status"`
	Strength int    `json:"strength"`
	Near     bool   `json:"near"`
	Command  string `json:"command"`
	Rule     string `json:"rule"`
}

// Placement is a defensive bomb (fc14) or city raise (rulebook).
type Placement struct {
	Cell string `json:"cell"`
	Size int    `json:"size"`
	Why  string `json:"why"`
}

// TargetTerm is a cell the heuristic could take: its score terms, in the
// order it considered them, the size it would need and what it did.
type TargetTerm struct {
	Cell     string `json:"cell"`
	From     string `json:"from"`
	Owner    string `json:"owner"`
	ResTerm  int    `json:"res_term"`   // resources · 100
	DefTerm  int    `json:"def_term"`   // − defence
	Enemy    int    `json:"enemy_term"` // 150 for a player's land
	TieBreak int    `json:"tie_break"`  // drawn from the seed
	Score    int    `json:"score"`
	Size     int    `json:"size,omitempty"`
	Result   string `json:"result"`
}

// errPause stops a game at the ask being explained.
var errPause = errors.New("paused for an explanation")

// pause answers like the scripted agents until the prefix is used, then
// stops the game at the next ask (of player want, when it is not -1).
type pause struct {
	inner *scripted
	p     int
	want  int
	view  *engine.View
	req   play.OrderRequest
}

func (d *pause) Orders(v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	st := d.inner.state
	if st.next >= len(st.prefix) && (d.want < 0 || d.want == d.p) && req.Attempt == 0 {
		d.view, d.req = v, *req
		return engine.Commands{}, errPause
	}
	return d.inner.Orders(v, req)
}

// ExplainAI implements scentest.AIExplainer: every seat plays the heuristic;
// the first len(decisions) asks are answered as recorded (0 the agent's
// orders, 1 the defaults), and the next one (the next of person, a
// player's name, when given) is explained.
func (Game) ExplainAI(config any, seed uint64, decisions []int, person string) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("xghj: cannot explain a %T", config)
	}
	return Explain(cfg, seed, decisions, person)
}

// Explain replays decisions in a heuristic game of cfg with seed and
// explains the next ask.
func Explain(cfg *engine.Config, seed uint64, decisions []int, person string) (*Explanation, error) {
	want := -1
	if person != "" {
		var names []string
		for p, pl := range cfg.Players {
			names = append(names, pl.Name)
			if pl.Name == person {
				want = p
			}
		}
		if want < 0 {
			return nil, fmt.Errorf("no player is named %q (players: %s)", person, strings.Join(names, ", "))
		}
	}
	agents := []string{AgentHeuristic}
	ds, err := deciders(cfg, seed, agents, decisions)
	if err != nil {
		return nil, err
	}
	pauses := make([]*pause, len(ds))
	g, done, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer done()
	for p, d := range ds {
		pauses[p] = &pause{inner: d.(*scripted), p: p, want: want}
		g.Orders.Deciders = append(g.Orders.Deciders, pauses[p])
	}
	_, err = g.Run()
	var at *pause
	for _, p := range pauses {
		if p.view != nil {
			at = p
		}
	}
	switch {
	case at != nil:
	case err != nil:
		return nil, err
	default:
		who := "anyone"
		if person != "" {
			who = person
		}
		return nil, fmt.Errorf("the game ends after the %d decisions replayed without asking %s again", len(decisions), who)
	}
	h := agent.Heuristic{Vary: true, Seed: sim.GameSeed(seed, at.p)}
	orders, tr, err := h.Explain(at.view, &at.req)
	if err != nil && !errors.Is(err, play.ErrDefault) {
		return nil, err
	}
	v := at.view
	ex := &Explanation{Game: engine.GameName, Name: cfg.Name, Seed: seed, Decisions: len(decisions), Round: v.Round,
		Player: playerName(cfg, at.p), Phase: string(v.Phase), Saving: v.Info[at.p].Saving,
		Boldness: tr.Boldness, WarChest: tr.WarChest, Strength: tr.Strength, Budget: tr.Budget, Bid: tr.Bid, Capital: tr.Capital}
	for _, s := range tr.Spawns {
		ex.Spawns = append(ex.Spawns, SpawnTerm{Cell: posName(s.Cell.X, s.Cell.Y), Resources: s.Resources, Far: s.Far, Chosen: s.Chosen})
	}
	for _, d := range tr.Diplomacy {
		ex.Diplomacy = append(ex.Diplomacy, DipTerm{Player: playerName(cfg, d.Player), Status: d.Status.String(), Strength: d.Strength, Near: d.Near, Command: d.Command.String(), Rule: d.Rule})
	}
	if d := tr.Defence; d != nil {
		ex.Defence = &Placement{Cell: posName(d.Cell.X, d.Cell.Y), Size: d.Size, Why: d.Why}
	}
	for _, t := range tr.Targets {
		ex.Targets = append(ex.Targets, TargetTerm{Cell: posName(t.Cell.X, t.Cell.Y), From: posName(t.From.X, t.From.Y), Owner: playerName(cfg, t.Owner),
			ResTerm: t.ResTerm, DefTerm: t.DefTerm, Enemy: t.Enemy, TieBreak: t.TieBreak, Score: t.Score, Size: t.Size, Result: t.Result})
	}
	ex.Chosen, ex.Why = chosen(cfg, at.p, v, orders, err != nil)
	return ex, nil
}

// chosen writes the orders in words and sums up why.
func chosen(cfg *engine.Config, p int, v *engine.View, o engine.Commands, defaulted bool) (map[string]string, string) {
	switch {
	case defaulted:
		return map[string]string{"orders": "defaults"}, "no legal choice: the player takes its default orders"
	case v.Phase == engine.PhaseBid:
		return map[string]string{"bid": fmt.Sprint(o.Bid)}, "the least bid plus a tenth of the starting money at most, drawn from the seed"
	case v.Phase == engine.PhaseSpawn:
		return map[string]string{"at": posName(o.Spawn.X, o.Spawn.Y)}, "a random one of the legal cells scoring within a tenth of the best, far ones first"
	}
	out := map[string]string{"diplomacy": diplomacyText(cfg, p, o.Diplomacy), "bombs": bombsText(o.Bombs)}
	if o.Capital != nil && !cfg.Rulebook() {
		out["capital"] = posName(o.Capital.X, o.Capital.Y)
	}
	unit := "bombs"
	if v.Rulebook {
		unit = "city levels"
	}
	return out, fmt.Sprintf("diplomacy by relative strength; the budget goes to %s next to the best targets by score, each sized to take its cell, until it runs out", unit)
}

var _ scentest.AIExplainer = Game{}

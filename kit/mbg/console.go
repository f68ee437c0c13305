package mbg

import (
	"encoding/json"
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/sim"
)

// Table implements console.Playable: a game of config for mapc play, with
// agents (by name) at the roles not played by a person.
func (Game) Table(config any, seed uint64, agentNames []string, mods []string) (console.Table, []string, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, nil, fmt.Errorf("mbg play: config is %T, not an mbg config", config)
	}
	s, warns, err := Game{}.Sim(cfg, mods)
	if err != nil {
		return nil, warns, err
	}
	e := s.(*sim.Engine[*hooks.Runner, engine.Decider])
	return &table{cfg: cfg, seed: seed, agents: agentNames, engine: e}, warns, nil
}

type table struct {
	cfg    *engine.Config
	seed   uint64
	agents []string
	engine *sim.Engine[*hooks.Runner, engine.Decider]
}

func (t *table) Roles() []string { return t.engine.RoleNames }

// Play implements console.Table.
func (t *table) Play(log []json.RawMessage, humans []bool, ask func(console.Prompt) (int, error), watch func([]string)) (string, []json.RawMessage, error) {
	recorded, err := console.DecodeLog[engine.Decision](log)
	if err != nil {
		return "", nil, err
	}
	r, err := t.engine.NewRunner()
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	g, err := engine.New(t.cfg, r, r, t.seed)
	if err != nil {
		return "", nil, err
	}
	seen := make([]int, len(t.cfg.Roles)) // events each person has seen
	live, err := console.Seats(len(t.cfg.Roles), humans, t.agents, t.engine.Agents, t.seed, func(int) engine.Decider {
		return &person{t: t, g: g, ask: ask, seen: seen}
	})
	if err != nil {
		return "", nil, err
	}
	ds := play.Resume(engine.NewReplay(recorded), live)
	lines := func(es []engine.Event) []string { return t.events(g, es) }
	if err := console.Steps(func() (bool, error) { return g.Step(ds) }, g.Events, lines, watch); err != nil {
		return "", console.EncodeLog(g.Decisions()), err
	}
	res, _ := g.Result()
	return t.result(res), console.EncodeLog(g.Decisions()), nil
}

// result tells how a game ended, in words.
func (t *table) result(res engine.Result) string {
	out := fmt.Sprintf("The game is over after %d turns: ", res.Turns)
	if res.Winner >= 0 {
		out += fmt.Sprintf("%s wins (%s).", t.role(res.Winner), res.Reason)
	} else {
		out += fmt.Sprintf("a draw (%s).", res.Reason)
	}
	return out
}

// person is the Decider of a role played at the console.
type person struct {
	t    *table
	g    *engine.Game
	ask  func(console.Prompt) (int, error)
	seen []int
}

func (p *person) Decide(v *engine.View, req *engine.Request) (int, error) {
	t, role := p.t, req.Player
	events := p.g.Events()
	pr := console.Prompt{Role: role, Question: t.question(req), State: t.state(v, role),
		Events: t.events(p.g, events[min(p.seen[role], len(events)):]), Default: req.Default, Log: console.EncodeLog(p.g.Decisions())}
	p.seen[role] = len(events)
	for _, o := range req.Options {
		pr.Options = append(pr.Options, t.option(v, req, o))
	}
	return p.ask(pr)
}

// noneChosen reports whether a garrison request still offers the whole
// retinue: nobody has been sent yet, so "done" would leave the city empty.
func (t *table) noneChosen(v *engine.View, req *engine.Request) bool {
	n := 0
	for _, o := range req.Options {
		if o.Kind == engine.OptOfficer {
			n++
		}
	}
	return n == len(v.Role(req.Player).Retinue)
}

func (t *table) officer(o int) string {
	if o < 0 || o >= len(t.cfg.Officers) {
		return "nobody"
	}
	return t.cfg.Officers[o].Name
}

func (t *table) role(r int) string {
	if r < 0 || r >= len(t.cfg.Roles) {
		return "the robber"
	}
	return t.cfg.Roles[r].Name
}

func (t *table) city(c int) string {
	if c < 0 || c >= len(t.cfg.Cities) {
		return "?"
	}
	return t.cfg.Cities[c].Name
}

// square names board square s.
func (t *table) square(s int) string {
	if s < 0 || s >= len(t.cfg.Board) {
		return "?"
	}
	sq := t.cfg.Board[s]
	switch sq.Class {
	case engine.SquareCity:
		return t.city(sq.Index)
	case engine.SquareInstitute:
		return t.cfg.Institutes[sq.Index].Name
	case engine.SquareTraining:
		return t.cfg.Trainings[sq.Index].Name
	}
	return sq.Class
}

func (t *table) question(req *engine.Request) string {
	switch req.Kind {
	case engine.AskAction:
		return "your action"
	case engine.AskCardTarget:
		return "the target of " + t.cfg.Cards[req.Card].ID
	case engine.AskOccupy:
		return "occupy " + t.city(req.Place) + "?"
	case engine.AskGarrison:
		return "who garrisons " + t.city(req.Place) + "?"
	case engine.AskMayor:
		return "the mayor of " + t.city(req.Place)
	case engine.AskTreasurer:
		return "the treasurer of " + t.city(req.Place)
	case engine.AskHire:
		return "hire an officer"
	case engine.AskResearch:
		return "research at " + t.cfg.Institutes[req.Place].Name
	case engine.AskTrain:
		return "train at " + t.cfg.Trainings[req.Place].Name
	case engine.AskScale:
		return "fight " + t.role(req.Other) + "? at what scale"
	case engine.AskGeneral:
		return "your main general against " + t.role(req.Other)
	case engine.AskVice:
		return "the vice general beside " + t.officer(req.Officer)
	case engine.AskAllocate:
		return "allocate your officers (done when finished)"
	}
	return req.Kind.String()
}

func (t *table) option(v *engine.View, req *engine.Request, o engine.Option) string {
	switch o.Kind {
	case engine.OptMove:
		return "throw the dice and move"
	case engine.OptCard:
		return "play the card " + t.cfg.Cards[o.A].ID
	case engine.OptRole:
		return "target " + t.role(o.A)
	case engine.OptSquare:
		return fmt.Sprintf("target square %d (%s)", o.A, t.square(o.A))
	case engine.OptOfficer:
		name := t.officer(o.A)
		if req.Kind == engine.AskHire {
			return fmt.Sprintf("hire %s for %.0f", name, o.Price)
		}
		of := v.Officer(o.A)
		return fmt.Sprintf("%s (hp %.0f/%.0f)", name, of.HP, of.HPMax)
	case engine.OptCancel:
		return "cancel"
	case engine.OptYes:
		return "yes"
	case engine.OptNo:
		return "no"
	case engine.OptDone:
		if req.Kind == engine.AskGarrison && t.noneChosen(v, req) {
			return "nobody: leave " + t.city(req.Place) + " unowned"
		}
		return "done"
	case engine.OptNone:
		return "none"
	case engine.OptResearch:
		return fmt.Sprintf("%s researches %s", t.officer(o.A), t.cfg.Techs[o.B].ID)
	case engine.OptScale:
		// The scale sets the battle's round limit; a battle still
		// undecided then is a draw.
		return fmt.Sprintf("fight at scale %d (at most %d rounds)", o.A, t.cfg.Constants.BattleRoundMin+o.A*t.cfg.Constants.BattleRoundStep)
	case engine.OptGarrison:
		return fmt.Sprintf("move %s into %s", t.officer(o.A), t.city(o.B))
	case engine.OptWithdraw:
		return fmt.Sprintf("withdraw %s from %s", t.officer(o.A), t.city(o.B))
	case engine.OptMayor:
		return fmt.Sprintf("make %s mayor of %s", t.officer(o.A), t.city(o.B))
	case engine.OptTreasurer:
		return fmt.Sprintf("make %s treasurer of %s", t.officer(o.A), t.city(o.B))
	case engine.OptRecallResearch:
		return fmt.Sprintf("call %s back from %s", t.officer(o.A), t.cfg.Institutes[o.B].Name)
	case engine.OptRecallTraining:
		return fmt.Sprintf("call %s back from %s", t.officer(o.A), t.cfg.Trainings[o.B].Name)
	}
	return o.ID()
}

// state renders the roles and the board for role me.
func (t *table) state(v *engine.View, me int) []string {
	lines := []string{fmt.Sprintf("Turn %d of %d", v.Turn(), t.cfg.MaxTurn)}
	for r := range v.NumRoles() {
		rs := v.Role(r)
		you := ""
		if r == me {
			you = "  <- you"
		}
		if !v.Alive(r) {
			lines = append(lines, fmt.Sprintf("  %s  out of the game%s", t.role(r), you))
			continue
		}
		var officers []string
		for _, o := range rs.Retinue {
			officers = append(officers, t.officer(o))
		}
		lines = append(lines, fmt.Sprintf("  %s  money %.0f  cities %d  at %d (%s)  retinue: %s%s",
			t.role(r), rs.Money, len(rs.Cities), rs.Loc, t.square(rs.Loc), strings.Join(officers, " "), you))
	}
	var board []string
	for s := range t.cfg.Board {
		cell := fmt.Sprintf("%d %s", s, t.square(s))
		if sq := t.cfg.Board[s]; sq.Class == engine.SquareCity {
			if owner := v.City(sq.Index).Owner; owner >= 0 {
				cell += "(" + t.role(owner) + ")"
			}
		}
		for r := range v.NumRoles() {
			if v.Alive(r) && v.Role(r).Loc == s {
				cell += "<" + t.role(r) + ">"
			}
		}
		board = append(board, cell)
	}
	for i := 0; i < len(board); i += 6 {
		lines = append(lines, "  "+strings.Join(board[i:min(i+6, len(board))], " · "))
	}
	return lines
}

// events tells events in words (describe), one line each.
func (t *table) events(g *engine.Game, es []engine.Event) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = fmt.Sprintf("turn %d: %s", e.Turn, t.describe(g.Battles(), e))
	}
	return out
}

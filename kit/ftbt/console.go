package ftbt

import (
	"encoding/json"
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/sim"
)

// Table implements console.Playable: a level for mapc play, with agents (by
// name) at the sides not played by a person.
func (Game) Table(config any, seed uint64, agentNames []string, mods []string) (console.Table, []string, error) {
	s, warns, err := Game{}.Sim(config, mods)
	if err != nil {
		return nil, warns, err
	}
	e := s.(*sim.Engine[*hooks.Runner, engine.Decider])
	cfg := config.(*engine.Config)
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
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
	g, err := engine.New(t.cfg, r, t.seed)
	if err != nil {
		return "", nil, err
	}
	seen := make([]int, 2) // events each person has seen
	live, err := console.Seats(2, humans, t.agents, t.engine.Agents, t.seed, func(int) engine.Decider {
		return &person{t: t, g: g, ask: ask, seen: seen}
	})
	if err != nil {
		return "", nil, err
	}
	ds := play.Resume(engine.NewReplay(recorded), live)
	if err := console.Steps(func() (bool, error) { return g.Step(ds) }, g.Events, t.events, watch); err != nil {
		return "", console.EncodeLog(g.Decisions()), err
	}
	res, _ := g.Result()
	return result(res), console.EncodeLog(g.Decisions()), nil
}

// result tells how a level ended, in words.
func result(res engine.Result) string {
	out := fmt.Sprintf("The level is over after %d rounds: ", res.Rounds)
	if res.Winner >= 0 {
		out += fmt.Sprintf("side %d wins (%s).", res.Winner, res.Reason)
	} else {
		out += fmt.Sprintf("nobody wins (%s).", res.Reason)
	}
	return out
}

type person struct {
	t    *table
	g    *engine.Game
	ask  func(console.Prompt) (int, error)
	seen []int
}

func (p *person) Decide(v *engine.View, req *engine.Request) (int, error) {
	t, side := p.t, req.Player
	events := p.g.Events()
	pr := console.Prompt{Role: side, Question: t.question(req), State: t.state(v, req),
		Events: t.events(events[min(p.seen[side], len(events)):]), Default: req.Default, Log: console.EncodeLog(p.g.Decisions())}
	p.seen[side] = len(events)
	for _, o := range req.Options {
		pr.Options = append(pr.Options, t.option(req, o))
	}
	return p.ask(pr)
}

func (t *table) xy(cell int) string {
	return fmt.Sprintf("(%d,%d)", cell%t.cfg.Width, cell/t.cfg.Width)
}

func (t *table) name(p int) string {
	if p < 0 || p >= len(t.cfg.People) {
		return "nobody"
	}
	return t.cfg.People[p].Name
}

func (t *table) question(req *engine.Request) string {
	switch req.Kind {
	case engine.AskPerson:
		return "who acts?"
	case engine.AskMove:
		return "where does " + t.name(req.Person) + " move? (* on the map)"
	case engine.AskTech:
		return "which tech does " + t.name(req.Person) + " use?"
	case engine.AskTarget:
		return "the target of " + t.cfg.Techs[req.Tech].ID + " (+ on the map)"
	}
	return req.Kind.String()
}

func (t *table) option(req *engine.Request, o engine.Option) string {
	switch o.Kind {
	case engine.OptPerson:
		return fmt.Sprintf("%s at %s", t.name(o.A), t.xy(o.B))
	case engine.OptEndTurn:
		return "end the turn"
	case engine.OptQuit:
		return "give up the level"
	case engine.OptCell:
		if req.Kind == engine.AskMove {
			return fmt.Sprintf("move to %s (cost %d)", t.xy(o.A), o.B)
		}
		if o.B >= 0 {
			return fmt.Sprintf("%s, where %s stands", t.xy(o.A), t.name(o.B))
		}
		return t.xy(o.A)
	case engine.OptBack:
		return "back"
	case engine.OptNone:
		return "no tech"
	case engine.OptSlot:
		return "use " + t.cfg.Techs[o.B].ID
	}
	return o.ID()
}

// state draws the map two characters a cell, under x and beside y
// coordinates: terrain as its glyph twice (TT, ~~), people as a letter and a
// space (side 0 upper case, side 1 lower case), so a unit never reads as a
// terrain; the acting person's destinations (**) and the targets on offer
// (++); then a legend of the terrains and one of the people.
func (t *table) state(v *engine.View, req *engine.Request) []string {
	cfg := t.cfg
	mark := map[int]string{}
	switch req.Kind {
	case engine.AskMove, engine.AskTarget:
		for _, o := range req.Options {
			if o.Kind == engine.OptCell {
				mark[o.A] = map[bool]string{true: "**", false: "++"}[req.Kind == engine.AskMove]
			}
		}
	}
	glyph := func(i int) string {
		g := cfg.Terrains[i].Glyph
		if g == "" || len([]rune(g)) != 1 || g[0] >= 0x80 {
			g = "."
		}
		return g
	}
	lines := []string{fmt.Sprintf("Round %d, side %d to move", v.Round(), v.Side())}
	if cfg.Width > 10 {
		var tens strings.Builder
		for x := range cfg.Width {
			if x >= 10 {
				fmt.Fprintf(&tens, "%-2d", x/10)
			} else {
				tens.WriteString("  ")
			}
		}
		lines = append(lines, "     "+strings.TrimRight(tens.String(), " "))
	}
	var units strings.Builder
	for x := range cfg.Width {
		fmt.Fprintf(&units, "%-2d", x%10)
	}
	lines = append(lines, "  x  "+strings.TrimRight(units.String(), " "))
	for y := range cfg.Height {
		var b strings.Builder
		for x := range cfg.Width {
			c := y*cfg.Width + x
			switch p := v.Occupant(c); {
			case p >= 0:
				b.WriteString(t.letter(p) + " ")
			case mark[c] != "":
				b.WriteString(mark[c])
			default:
				g := glyph(cfg.Cells[c])
				b.WriteString(g + g)
			}
		}
		lines = append(lines, fmt.Sprintf("  %2d %s", y, b.String()))
	}
	var legend []string
	for i, tr := range cfg.Terrains {
		legend = append(legend, fmt.Sprintf("%s%s %s", glyph(i), glyph(i), tr.Name))
	}
	lines = append(lines, "  terrain: "+strings.Join(legend, "  "))
	return append(lines, t.people(v, req.Person)...)
}

// letter is person p's letter on the console's map: side 0 upper case,
// side 1 lower case.
func (t *table) letter(p int) string {
	l := string(rune('A' + p%26))
	if t.cfg.People[p].Side == 1 {
		l = strings.ToLower(l)
	}
	return l
}

// people lists the people on the map, one a line, marking the acting one.
func (t *table) people(v *engine.View, acting int) []string {
	var lines []string
	for p, pc := range t.cfg.People {
		pv := v.Person(p)
		if pv.Cell < 0 {
			continue
		}
		mark := ""
		if p == acting {
			mark = "  <- acting"
		}
		lines = append(lines, fmt.Sprintf("  %s %s (side %d) hp %d/%d at %s%s", t.letter(p), pc.Name, pc.Side, pv.HP, pv.MaxHP, t.xy(pv.Cell), mark))
	}
	return lines
}

// events renders events as lines.
func (t *table) events(es []engine.Event) []string {
	var out []string
	for _, e := range es {
		s := fmt.Sprintf("round %d: %s", e.Round, e.Kind)
		if e.Person >= 0 {
			s += " " + t.name(e.Person)
		}
		if e.Kind == engine.EvDoTech {
			s += " uses " + t.cfg.Techs[e.Tech].ID + " on " + t.xy(e.To)
		}
		if e.Kind == engine.EvPeopleMove {
			s += " to " + t.xy(e.To)
		}
		if e.Kind == engine.EvHPDown || e.Kind == engine.EvHPUp {
			s += fmt.Sprintf(" %d→%d", e.N, max(0, e.N+map[bool]int{true: -e.Value, false: e.Value}[e.Kind == engine.EvHPDown]))
		}
		if e.Note != engine.NoteNone {
			s += " (" + e.Note.String() + ")"
		}
		out = append(out, s)
	}
	return out
}

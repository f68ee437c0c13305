package glory

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/scentest"
)

// Table implements console.Playable: a scenario for mapc play, with agents
// (by name) at the sides no person plays. Every request a side meets,
// YR's turn-start 约谈 included, becomes a prompt.
func (Game) Table(config any, seed uint64, agentNames []string, mods []string) (console.Table, []string, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, nil, fmt.Errorf("glory: cannot play a %T", config)
	}
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	layers, err := build.ModLayers(mods)
	if err != nil {
		return nil, nil, err
	}
	reg, warns, err := hooks.BundleRegistry(cfg, layers)
	if err != nil {
		return nil, build.WarningTexts(warns), err
	}
	return &table{cfg: cfg, reg: reg, seed: seed, agents: agentNames}, build.WarningTexts(warns), nil
}

type table struct {
	cfg    *engine.Config
	reg    *plugin.Registry
	seed   uint64
	agents []string
}

func (t *table) Roles() []string { return []string{sideNames[0], sideNames[1]} }

// Play implements console.Table.
func (t *table) Play(log []json.RawMessage, humans []bool, ask func(console.Prompt) (int, error), watch func([]string)) (string, []json.RawMessage, error) {
	recorded, err := console.DecodeLog[engine.Decision](log)
	if err != nil {
		return "", nil, err
	}
	r, err := hooks.New(t.reg, t.cfg, plugin.WorkerOptions{})
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	var g *engine.Game
	seen := make([]int, 2) // events each person has seen
	live, err := console.Seats(2, humans, t.agents, playTable(t.reg, t.cfg), t.seed, func(int) engine.Decider {
		return &person{t: t, g: &g, ask: ask, seen: seen}
	})
	if err != nil {
		return "", nil, err
	}
	g, err = engine.New(t.cfg, r, t.seed, play.Resume(engine.NewReplay(recorded), live)...)
	if err != nil {
		return "", nil, err
	}
	step := func() (bool, error) {
		err := g.Step()
		return g.Over(), err
	}
	if err := console.Steps(step, g.Events, func(es []engine.Event) []string { return eventLines(g, es) }, watch); err != nil {
		return "", console.EncodeLog(g.Decisions()), err
	}
	st := g.State()
	out := fmt.Sprintf("The game is over after %d rounds: ", st.Round)
	if g.Winner() >= 0 {
		out += fmt.Sprintf("%s wins (%s).", sideNames[g.Winner()], st.Reason)
	} else {
		out += fmt.Sprintf("nobody wins (%s).", st.Reason)
	}
	return out, console.EncodeLog(g.Decisions()), nil
}

// eventLines renders events as the transcripts do, one a line.
func eventLines(g *engine.Game, es []engine.Event) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = "round " + scentest.RecordOf(e, "round", eventResolver(g, e), eventNone).String()
	}
	return out
}

type person struct {
	t    *table
	g    **engine.Game
	ask  func(console.Prompt) (int, error)
	seen []int
}

func (p *person) Decide(v *engine.View, req *engine.Request) (int, error) {
	g, side := *p.g, req.Player
	events := g.Events()
	pr := console.Prompt{Role: side, Question: p.t.question(v, req), State: p.t.state(v, req),
		Events: eventLines(g, events[min(p.seen[side], len(events)):]), Default: req.Default, Log: console.EncodeLog(g.Decisions())}
	p.seen[side] = len(events)
	for _, o := range req.Options {
		pr.Options = append(pr.Options, p.t.option(v, req, o))
	}
	return p.ask(pr)
}

// hero names game hero i.
func (t *table) hero(v *engine.View, i int) string {
	if hs := v.Heroes(); i >= 0 && i < len(hs) {
		return t.cfg.Heroes[hs[i].Hero].ID
	}
	return "nobody"
}

func (t *table) skill(v *engine.View, i, slot int) string {
	if hs := v.Heroes(); i >= 0 && i < len(hs) {
		if sk := t.cfg.Heroes[hs[i].Hero].Skills; slot >= 0 && slot < len(sk) {
			return sk[slot].ID
		}
	}
	return strconv.Itoa(slot)
}

func (t *table) point(v *engine.View, p int) string { return strconv.Itoa(v.Board().ID(p)) }

func (t *table) question(v *engine.View, req *engine.Request) string {
	switch req.Kind {
	case engine.AskMain:
		return "your main hero?"
	case engine.AskBan:
		return "which hero may the opponent not pick?"
	case engine.AskPick:
		return fmt.Sprintf("pick a hero (%d more)", req.Left)
	case engine.AskWeapon:
		return "a main weapon for " + t.hero(v, req.Hero) + "?"
	case engine.AskPrep:
		return "before round 1: use " + t.hero(v, req.Hero) + "'s skill?"
	case engine.AskAction:
		return "which hero does what?"
	case engine.AskStart:
		if len(req.Options) > 0 {
			return fmt.Sprintf("start of your turn: %s's %s, on whom and where?", t.hero(v, req.Hero), t.skill(v, req.Hero, req.Options[0].A))
		}
	}
	return req.Kind.String()
}

func (t *table) option(v *engine.View, req *engine.Request, o engine.Option) string {
	cfg := t.cfg
	switch o.Kind {
	case engine.OptHero:
		h := &cfg.Heroes[o.A]
		return fmt.Sprintf("%s (hp %d, 极值 %d, math %s, %s)", h.ID, h.HP, h.Extreme, engine.MathTierNames[h.Math], h.Gender)
	case engine.OptNone:
		if req.Kind == engine.AskWeapon {
			return "no weapon"
		}
		return "let it be"
	case engine.OptWeapon:
		return fmt.Sprintf("%s (%d G)", cfg.Weapons[o.A].ID, cfg.Weapons[o.A].PrepareCost)
	case engine.OptPass:
		return t.hero(v, o.Hero) + " passes"
	case engine.OptMove:
		return t.hero(v, o.Hero) + " moves to " + t.point(v, o.A)
	case engine.OptFire:
		s := fmt.Sprintf("%s fires %s at %s", t.hero(v, o.Hero), cfg.Weapons[o.A].ID, t.point(v, o.B))
		if o.C >= 0 {
			s += " on " + t.hero(v, o.C)
		}
		return s
	case engine.OptPrepare:
		return fmt.Sprintf("%s prepares %s (%d G)", t.hero(v, o.Hero), cfg.Weapons[o.A].ID, cfg.Weapons[o.A].PrepareCost)
	case engine.OptGive:
		return t.hero(v, o.Hero) + " gives its weapon to " + t.hero(v, o.A)
	case engine.OptSwap:
		return t.hero(v, o.Hero) + " swaps weapons with " + t.hero(v, o.A)
	case engine.OptSkill:
		s := t.hero(v, o.Hero) + ": " + t.skill(v, o.Hero, o.A)
		hs := v.Heroes()
		if sk := cfg.Heroes[hs[o.Hero].Hero].Skills[o.A]; o.B >= 0 {
			if sk.Target == engine.TargetPoint {
				s += " at " + t.point(v, o.B)
			} else {
				s += " on " + t.hero(v, o.B)
			}
		}
		if o.C >= 0 {
			s += ", point " + t.point(v, o.C)
		}
		return s
	}
	return o.ID()
}

// state lists the draft so far, or, once the heroes are drafted, the
// purses, every hero (side, HP, point, weapons, 极值, math, whether it has
// acted this turn) and the towers.
func (t *table) state(v *engine.View, req *engine.Request) []string {
	return t.standing(v, req.Hero, true)
}

// standing is state's lines with the hero asked (-1: none) marked, and
// the map in text when withMap.
func (t *table) standing(v *engine.View, asked int, withMap bool) []string {
	cfg := t.cfg
	if v.Phase() < engine.PhaseWeapons {
		d := v.Draft()
		var lines []string
		for s := range 2 {
			var picks []string
			for _, h := range append([]int{d.Main[s]}, d.Picks[s]...) {
				if h >= 0 {
					picks = append(picks, cfg.Heroes[h].ID)
				}
			}
			if len(picks) == 0 {
				picks = []string{"no hero yet"}
			}
			line := fmt.Sprintf("%s: %s", sideNames[s], strings.Join(picks, " "))
			if d.Ban[s] >= 0 {
				line += " (banned for the opponent: " + cfg.Heroes[d.Ban[s]].ID + ")"
			}
			lines = append(lines, line)
		}
		return lines
	}
	lines := []string{fmt.Sprintf("Round %d, %s to act; G red %d, blue %d", v.Round(), sideNames[v.Side()], v.G(engine.Red), v.G(engine.Blue))}
	if withMap {
		lines = append(lines, mapLines(v, asked)...)
	}
	for i, h := range v.Heroes() {
		if !h.Alive {
			lines = append(lines, fmt.Sprintf("  %-4s %s dead", sideNames[h.Side], t.hero(v, i)))
			continue
		}
		weapons := []string{}
		for _, w := range cfg.Heroes[h.Hero].Weapons {
			weapons = append(weapons, cfg.Weapons[w].ID)
		}
		if h.Weapon >= 0 {
			weapons = append(weapons, cfg.Weapons[h.Weapon].ID)
		}
		line := fmt.Sprintf("  %-4s %s hp %d/%d at %s, 极值 %d, math %s", sideNames[h.Side], t.hero(v, i), h.HP, h.MaxHP,
			t.point(v, h.Point), h.Extreme, engine.MathTierNames[h.Math])
		if len(weapons) > 0 {
			line += ", " + strings.Join(weapons, " ")
		}
		if h.Acted && h.Side == v.Side() {
			line += " (acted)"
		}
		if i == asked {
			line += "  <- asked"
		}
		lines = append(lines, line)
	}
	for _, tw := range v.Towers() {
		if tw.HP <= 0 {
			lines = append(lines, fmt.Sprintf("  tower of %s at %s destroyed", sideNames[tw.Side], t.point(v, tw.Point)))
			continue
		}
		lines = append(lines, fmt.Sprintf("  tower of %s at %s hp %d", sideNames[tw.Side], t.point(v, tw.Point), tw.HP))
	}
	return lines
}

var _ console.Playable = Game{}

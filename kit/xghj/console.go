package xghj

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/console"
)

// Table implements console.Playable: a scenario for mapc play, with agents
// (by name) at the seats not played by a person. A person gives one set
// of orders per ask as a few choices: the bid; the spawn; each round the
// diplomacy toward every player it knows, then placements (bombs under
// fc14, city levels under the rulebook) one at a time until "done", then
// (fc14) the capital. It sees only its own view of the map and the events
// it could see.
func (Game) Table(config any, seed uint64, agentNames []string, mods []string) (console.Table, []string, error) {
	gs, texts, err := Game{}.Sim(config, mods)
	if err != nil {
		return nil, texts, err
	}
	s := gs.(Sim)
	for _, a := range agentNames {
		if a != "" {
			if _, err := NewAgent(s.cfg, a, seed, 0); err != nil {
				return nil, texts, err
			}
		}
	}
	return &table{cfg: s.cfg, sim: s, seed: seed, agents: agentNames}, texts, nil
}

type table struct {
	cfg    *engine.Config
	sim    Sim
	seed   uint64
	agents []string
}

func (t *table) Roles() []string { return t.sim.Roles() }

// entry is one decision of a session's log: an agent's orders of one ask
// (Orders, or Defaulted), or a person's answer to one prompt (Choice).
type entry struct {
	Round     int              `json:"round"`
	Player    int              `json:"player"`
	Orders    *engine.Commands `json:"orders,omitempty"`
	Defaulted bool             `json:"defaulted,omitempty"`
	Choice    *int             `json:"choice,omitempty"`
}

// session is one run of Table.Play: the log so far and its replay point.
type session struct {
	t      *table
	g      *engine.Game
	log    []entry
	next   int
	humans []bool
	ask    func(console.Prompt) (int, error)
	seen   []int // events each person has been shown
}

// Play implements console.Table.
func (t *table) Play(raw []json.RawMessage, humans []bool, ask func(console.Prompt) (int, error), watch func([]string)) (string, []json.RawMessage, error) {
	s, done, err := t.begin(raw, humans, ask)
	if err != nil {
		return "", nil, err
	}
	defer done()
	g := s.g
	err = console.Steps(g.Step, g.Events, func(es []engine.Event) []string {
		var out []string
		for _, e := range es {
			out = append(out, t.eventLine(e))
		}
		return out
	}, watch)
	if err != nil {
		var stop *stopped
		if errors.As(err, &stop) {
			err = stop.err
		}
		return "", console.EncodeLog(s.log), err
	}
	return t.result(g), console.EncodeLog(s.log), nil
}

// begin makes the game of a session that replays the log raw: a seat per
// player, answering from the log, then from its agent or (humans) through
// ask. done releases the game's hook runner.
func (t *table) begin(raw []json.RawMessage, humans []bool, ask func(console.Prompt) (int, error)) (s *session, done func(), err error) {
	recorded, err := console.DecodeLog[entry](raw)
	if err != nil {
		return nil, nil, err
	}
	r, err := t.sim.runner()
	if err != nil {
		return nil, nil, err
	}
	done = func() {}
	var runner engine.HookRunner
	if r != nil {
		runner, done = r, r.Close
	}
	g, err := engine.NewWithHooks(t.cfg, runner, t.seed)
	if err != nil {
		done()
		return nil, nil, err
	}
	s = &session{t: t, g: g, log: recorded, humans: humans, ask: ask, seen: make([]int, len(t.cfg.Players))}
	for p := range t.cfg.Players {
		var inner engine.OrderDecider
		if !(p < len(humans) && humans[p]) && p < len(t.agents) && t.agents[p] != "" {
			if inner, err = NewAgent(t.cfg, t.agents[p], t.seed, p); err != nil {
				done()
				return nil, nil, err
			}
		}
		g.Orders.Deciders = append(g.Orders.Deciders, &seat{s: s, p: p, inner: inner})
	}
	return s, done, nil
}

// stopped carries a person's undo or quit out of the engine.
type stopped struct{ err error }

func (s *stopped) Error() string { return s.err.Error() }

// Unwrap lets errors.Is see the person's error through the engine's.
func (s *stopped) Unwrap() error { return s.err }

// result is the end of the game in words.
func (t *table) result(g *engine.Game) string {
	st := g.State()
	var ranks []string
	for k, p := range st.Ranking {
		ranks = append(ranks, fmt.Sprintf("%d. %s", k+1, playerName(t.cfg, p)))
	}
	why := map[string]string{"goal": "met the victory condition", "last_alive": "is the last one standing", "turn_limit": "ranks first at the round limit"}[endReason(st)]
	return fmt.Sprintf("The game is over after round %d: %s wins (%s). Ranking: %s.", st.Round, playerName(t.cfg, st.Ranking[0]), why, strings.Join(ranks, ", "))
}

// seat answers the engine's asks of player p: from the log while it
// lasts, then from its agent or its person.
type seat struct {
	s     *session
	p     int
	inner engine.OrderDecider
}

func (d *seat) Orders(v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	s := d.s
	if req.Attempt > 0 {
		return engine.Commands{}, fmt.Errorf("player %d's orders were refused: %s", d.p, req.Rejected)
	}
	human := s.humans != nil && d.p < len(s.humans) && s.humans[d.p]
	if s.next < len(s.log) {
		e := s.log[s.next]
		match := e.Round == req.Round && e.Player == d.p
		switch {
		case match && e.Choice == nil: // recorded orders
		case human || match:
			return s.person(d.p, v, req) // a person's answers (none when it had nothing to choose)
		default:
			return engine.Commands{}, fmt.Errorf("the log's decision %d is not player %d's orders of round %d", s.next+1, d.p, req.Round)
		}
		s.next++
		if e.Defaulted || e.Orders == nil {
			return engine.Commands{}, play.ErrDefault
		}
		return *e.Orders, nil
	}
	if human {
		return s.person(d.p, v, req)
	}
	e := entry{Round: req.Round, Player: d.p, Defaulted: true}
	var c engine.Commands
	var err error = play.ErrDefault
	if d.inner != nil {
		c, err = d.inner.Orders(v, req)
		if err != nil && !errors.Is(err, play.ErrDefault) {
			return c, err
		}
	}
	if err == nil {
		e.Orders, e.Defaulted = &c, false
	}
	s.log = append(s.log, e)
	s.next++
	return c, err
}

// choose answers one prompt of player p: from the log while it lasts,
// else by asking the person.
func (s *session) choose(p, round int, pr console.Prompt) (int, error) {
	if s.next < len(s.log) {
		e := s.log[s.next]
		if e.Round != round || e.Player != p || e.Choice == nil || *e.Choice < 0 || *e.Choice >= len(pr.Options) {
			return 0, fmt.Errorf("the log's decision %d is not an answer of player %d in round %d to %q", s.next+1, p, round, pr.Question)
		}
		s.next++
		return *e.Choice, nil
	}
	events := s.g.Events()
	pr.Role = p
	pr.Events = s.t.visibleEvents(p, events[min(s.seen[p], len(events)):])
	pr.Log = console.EncodeLog(s.log)
	s.seen[p] = len(events)
	k, err := s.ask(pr)
	if err != nil {
		return 0, &stopped{err}
	}
	s.log = append(s.log, entry{Round: round, Player: p, Choice: &k})
	s.next++
	return k, nil
}

// person builds player p's orders of one ask from its answers.
func (s *session) person(p int, v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	t := s.t
	state := t.state(v)
	ask := func(q string, opts []string, def int) (int, error) {
		if len(opts) == 1 {
			return 0, nil // nothing to choose
		}
		return s.choose(p, req.Round, console.Prompt{Question: q, State: state, Options: opts, Default: def})
	}
	switch v.Phase {
	case engine.PhaseBid:
		bids := t.bids(v)
		var opts []string
		for _, b := range bids {
			opts = append(opts, fmt.Sprintf("bid %d (the highest bids choose their spawn first; you keep %d)", b, v.Constants.InitialPlayerMoney-b))
		}
		k, err := ask("your bid for the spawn order", opts, 0)
		return engine.Commands{Bid: bids[k]}, err
	case engine.PhaseSpawn:
		cells := spawnChoices(v, 9)
		if len(cells) == 0 {
			return engine.Commands{}, play.ErrDefault
		}
		var opts []string
		for _, c := range cells {
			opts = append(opts, fmt.Sprintf("spawn at %s (resources nearby %d: %s)", posName(c.at.X, c.at.Y), c.score, t.cellText(c.at.Y*v.Cols+c.at.X)))
		}
		k, err := ask("where do you spawn? (your first land; the best cells by resources within 3)", opts, 0)
		return engine.Commands{Spawn: &cells[k].at}, err
	}
	c := v.Defaults
	c.Diplomacy = slices.Clone(c.Diplomacy)
	c.Capital = nil
	// Diplomacy toward every player it knows.
	for q, in := range v.Info {
		if q == p || !in.Visible || !in.Alive {
			continue
		}
		cmds := []engine.Dip{engine.KeepNeutral, engine.FormAlliance, engine.JustifyWar}
		if !v.BackstabUsed {
			cmds = append(cmds, engine.Backstab)
		}
		var opts []string
		def := 0
		for i, d := range cmds {
			opts = append(opts, dipWords(d, v))
			if d == c.Diplomacy[q] {
				def = i
			}
		}
		k, err := ask(fmt.Sprintf("diplomacy toward %s (%s)", playerName(t.cfg, q), t.infoText(in)), opts, def)
		if err != nil {
			return c, err
		}
		c.Diplomacy[q] = cmds[k]
	}
	// Placements until done.
	unit, cost := "bomb", v.Constants.UnitBombCost
	if v.Rulebook {
		unit, cost = "city level", v.Constants.CityCost
	}
	left := v.Info[p].Saving
	cells := placeChoices(v)
	for len(c.Bombs) < v.Constants.MilitaryCountLimit && len(cells) > 0 && cost > 0 && left >= cost {
		opts := []string{"done"}
		for _, i := range cells {
			opts = append(opts, fmt.Sprintf("%s at %s (%s)", unit, posName(i%v.Cols, i/v.Cols), t.nextTo(v, i)))
		}
		k, err := ask(fmt.Sprintf("placements so far: %s; %d saving left (a %s costs %d)", bombsText(c.Bombs), left, unit, cost), opts, 0)
		if err != nil {
			return c, err
		}
		if k == 0 {
			break
		}
		sizes := placeSizes(left / cost)
		var sopts []string
		for _, n := range sizes {
			sopts = append(sopts, fmt.Sprintf("%d (costs %d)", n, n*cost))
		}
		at := cells[k-1]
		j, err := ask(fmt.Sprintf("how big at %s?", posName(at%v.Cols, at/v.Cols)), sopts, 0)
		if err != nil {
			return c, err
		}
		c.Bombs = append(c.Bombs, engine.Bomb{X: at % v.Cols, Y: at / v.Cols, Size: sizes[j]})
		left -= sizes[j] * cost
	}
	// fc14: the capital.
	if !v.Rulebook {
		own := ownCells(v)
		cur := v.Info[p].Capital
		opts := []string{"keep " + posName(cur.X, cur.Y)}
		for _, i := range own {
			opts = append(opts, "move it to "+posName(i%v.Cols, i/v.Cols))
		}
		if len(own) > 0 {
			k, err := ask("your capital (its free bomb is 0.3 × income; without one you earn no city income)", opts, 0)
			if err != nil {
				return c, err
			}
			if k > 0 {
				c.Capital = &engine.Pos{X: own[k-1] % v.Cols, Y: own[k-1] / v.Cols}
			}
		}
	}
	return c, nil
}

func dipWords(d engine.Dip, v *engine.View) string {
	rulebook := v.Rulebook
	switch d {
	case engine.KeepNeutral:
		return "keep neutral"
	case engine.FormAlliance:
		if rulebook {
			return "form (or keep) a union"
		}
		return "form (or keep) an alliance"
	case engine.JustifyWar:
		if rulebook {
			return "war"
		}
		return fmt.Sprintf("justify war (war after %d rounds running, %d each)", v.Constants.WarJustifyTime, v.Constants.WarJustifyPrice)
	}
	if rulebook {
		return "backstab (war at once; once a game)"
	}
	return "backstab (war at once, +50 % influence this round; once a game)"
}

// bids are the bids offered: 0, 5, 10, 20, half and all of the money.
func (t *table) bids(v *engine.View) []int {
	m := v.Constants.InitialPlayerMoney
	var out []int
	for _, b := range []int{0, 5, 10, 20, m / 2, m} {
		if b <= m && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	slices.Sort(out)
	return out
}

// placeSizes are the sizes offered for at most n: 1, 2, 5, 10, 20, 50,
// half and all.
func placeSizes(n int) []int {
	var out []int
	for _, k := range []int{1, 2, 5, 10, 20, 50, n / 2, n} {
		if k >= 1 && k <= n && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

type spawnCell struct {
	at    engine.Pos
	score int
}

// spawnChoices are the n legal spawn cells with most resources within
// distance 3 (weighted 4 − distance), in that order.
func spawnChoices(v *engine.View, n int) []spawnCell {
	var out []spawnCell
	for y := range v.Rows {
		for x := range v.Cols {
			if v.Terrain[y*v.Cols+x].Atk <= 0 {
				continue
			}
			ok := true
			for _, s := range v.Selected {
				if s != engine.Invalid && absInt(s.X-x)+absInt(s.Y-y) < v.Constants.MinAbsDistBetween {
					ok = false
				}
			}
			if !ok {
				continue
			}
			score := 0
			for dx := -3; dx <= 3; dx++ {
				for dy := -3 + absInt(dx); dy <= 3-absInt(dx); dy++ {
					if v.In(x+dx, y+dy) {
						if t := v.Terrain[(y+dy)*v.Cols+x+dx]; t.Atk > 0 {
							score += t.Res * (4 - absInt(dx) - absInt(dy))
						}
					}
				}
			}
			out = append(out, spawnCell{engine.Pos{X: x, Y: y}, score})
		}
	}
	slices.SortStableFunc(out, func(a, b spawnCell) int { return b.score - a.score })
	return out[:min(n, len(out))]
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// ownCells are the viewer's cells.
func ownCells(v *engine.View) []int {
	var out []int
	for i, c := range v.Cells {
		if c.Owner == v.Me {
			out = append(out, i)
		}
	}
	return out
}

// placeChoices are the cells a placement may go on: the viewer's own
// cells that border a cell not its own (its front), or all its cells
// when none does.
func placeChoices(v *engine.View) []int {
	own := ownCells(v)
	var front []int
	for _, i := range own {
		x, y := i%v.Cols, i/v.Cols
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if v.In(x+d[0], y+d[1]) {
				n := v.At(x+d[0], y+d[1])
				if n.Owner != v.Me && v.Terrain[(y+d[1])*v.Cols+x+d[0]].Atk > 0 {
					front = append(front, i)
					break
				}
			}
		}
	}
	if len(front) == 0 {
		return own
	}
	return front
}

// nextTo describes what a front cell borders.
func (t *table) nextTo(v *engine.View, i int) string {
	x, y := i%v.Cols, i/v.Cols
	var parts []string
	for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		if !v.In(x+d[0], y+d[1]) {
			continue
		}
		n := v.At(x+d[0], y+d[1])
		j := (y+d[1])*v.Cols + x + d[0]
		if n.Owner == v.Me || v.Terrain[j].Atk <= 0 {
			continue
		}
		who := playerName(t.cfg, n.Owner)
		if n.Owner == engine.Unknown {
			who = "unseen"
		}
		parts = append(parts, fmt.Sprintf("%s %s res %d", posName(x+d[0], y+d[1]), who, v.Terrain[j].Res))
	}
	if len(parts) == 0 {
		return "inland"
	}
	return "next to " + strings.Join(parts, ", ")
}

func (t *table) cellText(i int) string {
	c := t.cfg.Cells[i]
	return fmt.Sprintf("res %d, atk %d, def %d", c.Res, c.Atk, c.Def)
}

func (t *table) infoText(in engine.PlayerInfo) string {
	s := in.Status.String()
	if in.Visible {
		s += fmt.Sprintf(", area %d", in.Area)
		if in.Income > 0 {
			s += fmt.Sprintf(", income %d", in.Income)
		}
		if in.Military > 0 {
			s += fmt.Sprintf(", city levels %d", in.Military)
		}
		if in.TruceLeft > 0 {
			s += fmt.Sprintf(", truce %d more rounds", in.TruceLeft)
		}
	}
	return s
}

// letter marks player p on the map: A, B, … (then lower case).
func letter(p int) string {
	if p < 26 {
		return string(rune('A' + p))
	}
	return string(rune('a' + p%26))
}

// state is the viewer's map, two characters a cell (the owner: a
// player's letter, "." neutral, "?" unseen; then the resource digit, or
// "~~" for water), and the players it knows.
func (t *table) state(v *engine.View) []string {
	me := v.Me
	lines := []string{fmt.Sprintf("Your orders for round %d (events of this round say round %d). You are %s (%s): saving %d, income %d, area %d.", v.Round, v.Round+1, playerName(t.cfg, me), letter(me),
		v.Info[me].Saving, v.Info[me].Income, v.Info[me].Area)}
	if v.Phase != engine.PhaseRound {
		lines[0] = fmt.Sprintf("The spawn. You are %s (%s) with %d to bid from.", playerName(t.cfg, me), letter(me), v.Constants.InitialPlayerMoney)
	}
	cities := map[int]int{}
	for _, c := range v.Cities {
		if c.Player == me {
			cities[c.Cell] = c.Level
		}
	}
	var tens, units strings.Builder
	for x := range v.Cols {
		if x >= 10 {
			fmt.Fprintf(&tens, "%-2d", x/10)
		} else {
			tens.WriteString("  ")
		}
		fmt.Fprintf(&units, "%-2d", x%10)
	}
	if v.Cols > 10 {
		lines = append(lines, "     "+strings.TrimRight(tens.String(), " "))
	}
	lines = append(lines, "  x  "+strings.TrimRight(units.String(), " "))
	for y := range v.Rows {
		var b strings.Builder
		for x := range v.Cols {
			i := y*v.Cols + x
			terr := v.Terrain[i]
			if terr.Atk <= 0 {
				b.WriteString("~~")
				continue
			}
			cv := v.Cells[i]
			switch {
			case v.Phase != engine.PhaseRound:
				b.WriteString(".")
			case !cv.Visible:
				b.WriteString("?")
			case cv.Owner == engine.Neutral:
				b.WriteString(".")
			case cv.Owner >= 0 && cv.Owner < len(t.cfg.Players):
				b.WriteString(letter(cv.Owner))
			default:
				b.WriteString("?")
			}
			switch {
			case cities[i] > 0:
				b.WriteString("*")
			case terr.Res > 9:
				b.WriteString("+")
			default:
				fmt.Fprintf(&b, "%d", terr.Res)
			}
		}
		lines = append(lines, fmt.Sprintf("  %2d %s", y, b.String()))
	}
	lines = append(lines, "  map: owner (A, B … a player, . neutral, ? unseen) and resources (0–9, + above 9; * your city); ~~ water")
	if v.Phase == engine.PhaseRound {
		for q, in := range v.Info {
			if q == me || !in.Visible {
				continue
			}
			lines = append(lines, fmt.Sprintf("  %s %s: %s", letter(q), playerName(t.cfg, q), t.infoText(in)))
		}
		if len(cities) > 0 {
			var cs []string
			for _, c := range v.Cities {
				if c.Player == me {
					cs = append(cs, fmt.Sprintf("%s level %d", posName(c.Cell%v.Cols, c.Cell/v.Cols), c.Level))
				}
			}
			lines = append(lines, "  your cities: "+strings.Join(cs, ", "))
		}
	}
	return lines
}

// visibleEvents are the events player p could see: its own, those with
// it, and the end.
func (t *table) visibleEvents(p int, es []engine.Event) []string {
	var out []string
	for _, e := range es {
		mine := e.Player == p || e.Kind == engine.EvEnd || e.Kind == engine.EvEliminate
		switch e.Kind {
		case engine.EvDiplomacy, engine.EvBackstab, engine.EvDiscover, engine.EvTruce, engine.EvCapture, engine.EvRecall:
			mine = mine || e.Other == p
		}
		if mine {
			out = append(out, t.eventLine(e))
		}
	}
	return out
}

// eventLine is an event in words.
func (t *table) eventLine(e engine.Event) string {
	return fmt.Sprintf("round %d: %s", e.Round, strings.TrimPrefix(eventRecord(t.cfg, e).String(), fmt.Sprintf("%d ", e.Round)))
}

package xghj

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/scentest"
)

// FilmViewer is the player whose vision a film's map shows: while it is
// in the game, the cells player 0 cannot see (by the rule set's vision,
// facts §8 and §10) are dimmed.
const FilmViewer = 0

// The recordings only xghj reads, in words for its errors.
const (
	commandLogFormat = "a mapc replay command log (JSON Lines, the first line with bids and spawns)"
	contestLogFormat = "an original contest log (starting with the magic number of the original controller)"
)

// Film implements film.Filmer: one frame for the start, one for the
// bids and spawns, one per round with every player's orders in words (the
// players order at once, so a frame's Role is -1 and it offers no
// options). The map shows each cell's owner in its player's colour, the
// capitals (fc14) or cities (rulebook), and dims what player FilmViewer
// cannot see. A game is played by in.Agents as mapc test plays it, or
// replayed from in.Record.
func (Game) Film(config any, in film.Input) (*film.Film, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("xghj: cannot film a %T", config)
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	limit := film.Limit(in)
	var src *filmSource
	var err error
	if len(in.Record) > 0 {
		src, err = readRecord(cfg, in.Record, in.Seed)
	} else {
		src, err = playSource(cfg, in.Seed, in.Agents, nil)
	}
	if err != nil {
		return nil, err
	}
	if src.done != nil {
		defer src.done()
	}
	g := src.g
	r := &reel{cfg: cfg, t: &table{cfg: cfg}, g: g}
	out := &film.Film{}
	for _, p := range cfg.Players {
		out.Roles = append(out.Roles, p.Name)
	}
	out.Frames = append(out.Frames, r.frame(0, 0, 0))
	ended := false
	for !g.Over() {
		if len(out.Frames) >= limit {
			out.Cut = true
			break
		}
		orders, events := len(g.Orders.Log), len(g.Events())
		if _, err := g.Step(); err != nil {
			if errors.Is(err, film.ErrRecordEnd) {
				ended = true
				break
			}
			return nil, err
		}
		if src.check != nil {
			if err := src.check(g, orders, events); err != nil {
				return nil, err
			}
		}
		out.Frames = append(out.Frames, r.frame(len(out.Frames), orders, events))
	}
	switch {
	case out.Cut:
	case ended:
		out.Result = fmt.Sprintf("The recording ends before the orders of round %d; the game was not over.", g.State().Round)
	default:
		if src.finish != nil {
			if err := src.finish(g); err != nil {
				return nil, err
			}
		}
		out.Result = r.t.result(g)
	}
	return out, nil
}

// filmSource is a game ready to step: its deciders set, and what checks
// it against its recording.
type filmSource struct {
	g    *engine.Game
	done func()
	// check compares the orders and events a step added (from the
	// indices given) with the recording; finish, the result.
	check  func(g *engine.Game, orders, events int) error
	finish func(g *engine.Game) error
}

// playSource is a game of seed by agents, as mapc test plays it (the
// first len(prefix) asks scripted).
func playSource(cfg *engine.Config, seed uint64, agents []string, prefix []int) (*filmSource, error) {
	if len(agents) == 0 {
		agents = []string{AgentHeuristic}
	}
	ds, err := deciders(cfg, seed, agents, prefix)
	if err != nil {
		return nil, err
	}
	g, done, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	g.Orders.Deciders = ds
	return &filmSource{g: g, done: done}, nil
}

// readRecord recognises a recording: one of xghj's own logs, or one
// film.Sniff knows. Command and contest logs hold no seed: seed breaks
// equal bids when they give no spawn order.
func readRecord(cfg *engine.Config, data []byte, seed uint64) (*filmSource, error) {
	text := bytes.TrimSpace(data)
	if IsContestLog(text) {
		log, ds := ParseContestLog("recording", text, len(cfg.Players), nil)
		if ds.HasErrors() {
			return nil, fmt.Errorf("xghj film: the contest log cannot be read: %s", diagText(ds))
		}
		return logSource(cfg, log, seed)
	}
	var head struct {
		Bids json.RawMessage `json:"bids"`
	}
	if first, _, _ := bytes.Cut(text, []byte("\n")); json.Unmarshal(first, &head) == nil && head.Bids != nil {
		log, ds := ParseLog("recording", text, len(cfg.Players))
		if ds.HasErrors() {
			return nil, fmt.Errorf("xghj film: the command log cannot be read: %s", diagText(ds))
		}
		return logSource(cfg, log, seed)
	}
	kind, err := film.Sniff(engine.GameName, text)
	if err != nil {
		return nil, err
	}
	switch kind {
	case film.GoldenText:
		return goldenSource(cfg, text)
	case film.EngineJSON:
		return engineSaveSource(cfg, text)
	case film.PlayJSON:
		return consoleSource(cfg, text)
	}
	return nil, film.Unreadable(engine.GameName, film.PlaySave, "an xghj "+film.EngineSave, film.Golden, commandLogFormat, contestLogFormat)
}

// diagText is the errors among ds in one line.
func diagText(ds diag.Diagnostics) string {
	var parts []string
	for _, d := range ds {
		if d.Severity == diag.Error {
			parts = append(parts, d.Error())
		}
	}
	return strings.Join(parts, "; ")
}

// logSource replays a parsed command or contest log; the seed breaks
// equal bids when the log has no choose order.
func logSource(cfg *engine.Config, log *Log, seed uint64) (*filmSource, error) {
	g, done, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	g.ChooseOrder = log.Start.ChooseOrder
	d := logEnd{logDecider{log}}
	for range cfg.Players {
		g.Orders.Deciders = append(g.Orders.Deciders, d)
	}
	return &filmSource{g: g, done: done}, nil
}

// logEnd stops the game where its log ends.
type logEnd struct{ logDecider }

func (d logEnd) Orders(v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	if v.Phase == engine.PhaseRound && v.Round-1 >= len(d.log.Rounds) {
		return engine.Commands{}, film.ErrRecordEnd
	}
	return d.logDecider.Orders(v, req)
}

// engineSaveSource replays the order log of an engine save from its seed
// (and its spawn order, so a game replayed from a contest log comes out
// the same).
func engineSaveSource(cfg *engine.Config, data []byte) (*filmSource, error) {
	e, err := play.Open[*engine.State, engine.OrderRecord, engine.Event](data, engine.GameName, engine.SaveFormat, cfg)
	if err != nil {
		return nil, err
	}
	g, done, err := newGame(cfg, e.Seed)
	if err != nil {
		return nil, err
	}
	if e.State != nil && e.State.Round > 0 && permutation(e.State.ChooseOrder, len(cfg.Players)) {
		g.ChooseOrder = e.State.ChooseOrder
	}
	rp := play.NewOrderReplay[*engine.View](e.Decisions)
	for range cfg.Players {
		g.Orders.Deciders = append(g.Orders.Deciders, replayEnd{rp})
	}
	return &filmSource{g: g, done: done}, nil
}

// replayEnd stops the game where its order log ends.
type replayEnd struct {
	rp *play.OrderReplay[*engine.View, engine.Commands]
}

func (d replayEnd) Orders(v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	if d.rp.Remaining() == 0 && req.Attempt == 0 {
		return engine.Commands{}, film.ErrRecordEnd
	}
	return d.rp.Orders(v, req)
}

// consoleSource replays a mapc play save as mapc play does: a person's
// answers rebuild its orders, agents play their seats on after the log,
// and the game stops where a person's answers end.
func consoleSource(cfg *engine.Config, data []byte) (*filmSource, error) {
	save, err := console.ReadSave(data, engine.GameName, "")
	if err != nil {
		return nil, fmt.Errorf("xghj film: %w", err)
	}
	tb, _, err := Game{}.Table(cfg, save.Seed, save.Agents, nil)
	if err != nil {
		return nil, err
	}
	t := tb.(*table)
	humans := make([]bool, len(cfg.Players))
	for p := range humans {
		humans[p] = p >= len(save.Agents) || save.Agents[p] == ""
	}
	s, done, err := t.begin(save.Decisions, humans, func(console.Prompt) (int, error) { return 0, film.ErrRecordEnd })
	if err != nil {
		return nil, fmt.Errorf("xghj film: mapc play save: %w", err)
	}
	return &filmSource{g: s.g, done: done}, nil
}

// goldenSource replays a golden playthrough: its agents from its seed,
// with its recorded choices as the scripted decisions, each step checked
// against its decisions, events and result.
func goldenSource(cfg *engine.Config, text []byte) (*filmSource, error) {
	gd, err := scentest.ReadGolden(text)
	if err != nil {
		return nil, fmt.Errorf("xghj film: golden playthrough %v", err)
	}
	src, err := playSource(cfg, gd.Seed, gd.Agents, gd.Choices())
	if err != nil {
		return nil, err
	}
	held := gd.Check()
	src.check = func(g *engine.Game, orders, events int) error {
		for i := orders; i < len(g.Orders.Log); i++ {
			r := g.Orders.Log[i]
			if err := held.Decision(r.Round, decisionRecord(cfg, r, decisionKind(r, i, len(cfg.Players))).String()); err != nil {
				return fmt.Errorf("xghj film: %w", err)
			}
		}
		for _, e := range g.Events()[events:] {
			if err := held.Event(e.Round, eventRecord(cfg, e).String()); err != nil {
				return fmt.Errorf("xghj film: %w", err)
			}
		}
		return nil
	}
	src.finish = func(g *engine.Game) error {
		st := g.State()
		if err := held.Result(fmt.Sprintf("winner=%s reason=%s turns=%d", playerName(cfg, st.Ranking[0]), endReason(st), st.Round)); err != nil {
			return fmt.Errorf("xghj film: %w", err)
		}
		return nil
	}
	return src, nil
}

// reel turns a game's steps into frames.
type reel struct {
	cfg *engine.Config
	t   *table
	g   *engine.Game
}

// frame is the game now, after the step whose orders and events begin at
// the indices given.
func (r *reel) frame(step, orders, events int) film.Frame {
	cfg, g, st := r.cfg, r.g, r.g.State()
	f := film.Frame{Step: step, Turn: st.Round, Role: -1, Chosen: -1}
	log := g.Orders.Log[orders:]
	if len(log) > 0 {
		if log[0].Round == 0 {
			f.Question = "bids and spawn choices"
		} else {
			f.Question = fmt.Sprintf("every player's orders for round %d", log[0].Round)
		}
	}
	for i, o := range log {
		f.Events = append(f.Events, orderWords(cfg, o, decisionKind(o, orders+i, len(cfg.Players))))
	}
	for _, e := range g.Events()[events:] {
		f.Events = append(f.Events, r.t.eventLine(e))
	}
	f.State = r.state()
	f.SVG = renderFilm(cfg, r.mapState())
	return f
}

// orderWords is one player's orders of one ask in words.
func orderWords(cfg *engine.Config, r engine.OrderRecord, kind string) string {
	who := playerName(cfg, r.Player)
	o := r.Orders
	switch kind {
	case DecisionBid:
		return fmt.Sprintf("%s bids %d", who, o.Bid)
	case DecisionSpawn:
		if o.Spawn == nil || *o.Spawn == engine.Invalid {
			return who + " chooses no spawn"
		}
		return fmt.Sprintf("%s chooses to spawn at %s", who, posName(o.Spawn.X, o.Spawn.Y))
	}
	if r.Defaulted {
		return who + " passes (its defaults: diplomacy as it stands, no placements, the capital kept)"
	}
	unit := "bombs"
	if cfg.Rulebook() {
		unit = "city levels"
	}
	s := fmt.Sprintf("%s orders: diplomacy %s; %s %s", who, diplomacyText(cfg, r.Player, o.Diplomacy), unit, bombsText(o.Bombs))
	if o.Capital != nil && !cfg.Rulebook() {
		s += "; capital " + posName(o.Capital.X, o.Capital.Y)
	}
	return s
}

// state is every player's standing (what mapc play shows a player of
// itself and of those it knows): saving, income, area, the capital or
// city levels, wars and alliances.
func (r *reel) state() []string {
	cfg, st := r.cfg, r.g.State()
	if st.Round == 0 {
		return []string{fmt.Sprintf("Before the spawn: %d players, %d to bid from each; %d rounds at most.", len(cfg.Players), cfg.Constants.InitialPlayerMoney, cfg.Constants.MaxRound)}
	}
	lines := []string{fmt.Sprintf("Round %d of %d; %d players alive.", st.Round, cfg.Constants.MaxRound, st.AliveCount)}
	if st.Over {
		lines[0] = fmt.Sprintf("The game is over after round %d.", st.Round)
	}
	for p, ps := range st.Players {
		head := fmt.Sprintf("%s %s: ", letter(p), playerName(cfg, p))
		if !ps.Alive {
			lines = append(lines, head+"out")
			continue
		}
		s := head + fmt.Sprintf("saving %d, income %d, area %d", ps.Saving, ps.Income, ps.Area)
		if cfg.Rulebook() {
			s += fmt.Sprintf(", city levels %d", ps.Military)
		} else {
			s += ", capital " + posName(ps.Capital.X, ps.Capital.Y)
			if ps.Military > 0 {
				s += fmt.Sprintf(", military %d", ps.Military)
			}
		}
		var war, allied, truce []string
		for q, d := range st.Dip[p] {
			if q == p {
				continue
			}
			switch d {
			case engine.AtWar:
				war = append(war, playerName(cfg, q))
			case engine.Allied:
				allied = append(allied, playerName(cfg, q))
			case engine.Truce:
				truce = append(truce, playerName(cfg, q))
			}
		}
		for _, rel := range []struct {
			what string
			who  []string
		}{{"at war with", war}, {"allied with", allied}, {"in truce with", truce}} {
			if len(rel.who) > 0 {
				s += "; " + rel.what + " " + strings.Join(rel.who, ", ")
			}
		}
		if ps.Goal {
			s += "; met the victory condition"
		}
		lines = append(lines, s)
	}
	if st.Over {
		var ranks []string
		for k, p := range st.Ranking {
			ranks = append(ranks, fmt.Sprintf("%d. %s", k+1, playerName(cfg, p)))
		}
		lines = append(lines, "Ranking: "+strings.Join(ranks, ", ")+".")
	}
	return lines
}

// mapState is what a film's map draws of the game now.
func (r *reel) mapState() *filmState {
	cfg, g, st := r.cfg, r.g, r.g.State()
	fs := &filmState{round: st.Round, over: st.Over, viewer: FilmViewer}
	if st.Round == 0 {
		return fs
	}
	fs.owner = st.Owner
	if !st.Over && st.Players[FilmViewer].Alive {
		fs.sight = g.Sight(FilmViewer) // once it is out or the game is over, all is shown
	}
	for _, ps := range st.Players {
		fs.alive = append(fs.alive, ps.Alive)
		fs.area = append(fs.area, ps.Area)
		cp := engine.Invalid
		if ps.Alive && !cfg.Rulebook() {
			cp = ps.Capital
		}
		fs.capital = append(fs.capital, cp)
	}
	fs.cities = st.Cities
	return fs
}

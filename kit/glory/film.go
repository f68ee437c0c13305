package glory

import (
	"bytes"
	"errors"
	"fmt"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/scentest"
)

// Film implements film.Filmer: a frame for the start and one per
// decision (the side, the question, the options in words as mapc play
// offers them, the choice), plus one for each step without a decision
// that changed something (a turn's start or end with its events). The
// map shows every living hero on its point in its side's colour with its
// HP, the towers with theirs, and rings the hero the decision moved. A
// game is played by in.Agents (heuristic by default) as mapc test plays
// it, or replayed from in.Record.
func (Game) Film(config any, in film.Input) (*film.Film, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("glory: cannot film a %T", config)
	}
	given := cfg
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	limit := film.Limit(in)
	var src *filmSource
	var err error
	if len(in.Record) > 0 {
		src, err = readRecord(given, cfg, in.Record)
	} else {
		src = &filmSource{cfg: cfg, seed: in.Seed}
		src.deciders, err = filmDeciders(cfg, in.Seed, in.Agents, nil)
	}
	if err != nil {
		return nil, err
	}
	cfg = src.cfg
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		return nil, err
	}
	runner, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, err
	}
	defer runner.Close()
	r := &reel{t: &table{cfg: cfg}, limit: limit, asked: -1}
	ds := make([]engine.Decider, 2)
	for s := range ds {
		ds[s] = &filming{r: r, inner: src.deciders[s]}
	}
	g, err := engine.New(cfg, runner, src.seed, ds...)
	if err != nil {
		return nil, err
	}
	r.g = g
	r.film.Roles = []string{sideNames[0], sideNames[1]}
	r.add(film.Frame{Role: -1, Chosen: -1})
	ended := false
	for !g.Over() {
		if len(r.film.Frames) >= limit {
			r.film.Cut = true
			break
		}
		decisions, events := len(g.Decisions()), len(g.Events())
		if err := g.Step(); err != nil {
			switch {
			case errors.Is(err, film.ErrCut):
				r.film.Cut = true
			case errors.Is(err, film.ErrRecordEnd):
				ended = true
			default:
				return nil, err
			}
			break
		}
		if src.check != nil {
			if err := src.check(g, decisions, events); err != nil {
				return nil, err
			}
		}
		switch {
		case r.pending != nil:
			r.flush()
		case len(g.Events()) > r.shown:
			r.asked = -1
			r.add(film.Frame{Role: -1, Chosen: -1})
		}
	}
	st := g.State()
	switch {
	case r.film.Cut:
	case ended:
		r.film.Result = fmt.Sprintf("The recording ends in round %d; the game was not over.", st.Round)
	default:
		if src.finish != nil {
			if err := src.finish(g); err != nil {
				return nil, err
			}
		}
		r.film.Result = fmt.Sprintf("The game is over after %d rounds: nobody wins (%s).", st.Round, st.Reason)
		if w := g.Winner(); w >= 0 {
			r.film.Result = fmt.Sprintf("The game is over after %d rounds: %s wins (%s).", st.Round, sideNames[w], st.Reason)
		}
	}
	return &r.film, nil
}

// reel turns a game's decisions and steps into frames.
type reel struct {
	t     *table
	g     *engine.Game
	film  film.Film
	limit int
	// pending is the frame of the decision being taken, finished (its
	// state and events) when the next decision is asked or its step ends;
	// at is its index in the decision log, asked its hero.
	pending *film.Frame
	at      int
	asked   int
	shown   int // events shown in frames so far
}

// add finishes f with the game now and appends it.
func (r *reel) add(f film.Frame) {
	g := r.g
	v := g.View()
	f.Step = len(r.film.Frames)
	f.Turn = g.State().Round
	if len(r.film.Frames) > 0 {
		f.Events = eventLines(g, g.Events()[r.shown:])
	}
	r.shown = len(g.Events())
	f.State = r.t.standing(v, -1, false)
	f.SVG = renderFilm(g.Config(), v, r.asked)
	r.film.Frames = append(r.film.Frames, f)
}

// flush finishes the pending decision's frame.
func (r *reel) flush() {
	if r.pending == nil {
		return
	}
	f := *r.pending
	r.pending = nil
	if ds := r.g.Decisions(); r.at < len(ds) {
		f.Chosen = ds[r.at].Choice
	}
	r.add(f)
}

// filming is a side's decider as the film sees it: each decision starts
// a frame (the last one's ends), then the side's own decider answers.
type filming struct {
	r     *reel
	inner engine.Decider
}

func (d *filming) Decide(v *engine.View, req *engine.Request) (int, error) {
	r := d.r
	if req.Attempt == 0 {
		r.flush()
		if len(r.film.Frames) >= r.limit {
			return -1, film.ErrCut
		}
		f := &film.Frame{Role: req.Player, Question: r.t.question(v, req), Chosen: -1}
		for _, o := range req.Options {
			f.Options = append(f.Options, r.t.option(v, req, o))
		}
		r.pending, r.at, r.asked = f, len(r.g.Decisions()), req.Hero
	}
	c, err := d.inner.Decide(v, req)
	if err == nil && c >= 0 && c < len(req.Options) && req.Options[c].Hero >= 0 {
		r.asked = req.Options[c].Hero
	}
	return c, err
}

// filmSource is where a film's decisions come from: the config the game
// is played with, its seed, the sides' deciders, and what checks the game
// against its recording.
type filmSource struct {
	cfg      *engine.Config
	seed     uint64
	deciders []engine.Decider
	check    func(g *engine.Game, decisions, events int) error
	finish   func(g *engine.Game) error
}

// ending answers no decision: the recording has ended.
type ending struct{}

func (ending) Decide(*engine.View, *engine.Request) (int, error) { return -1, film.ErrRecordEnd }

// readRecord recognises a recording (film.Sniff); given is the config as
// compiled, capped the one with the simulator's round cap (the one mapc
// play and mapc test play with).
func readRecord(given, capped *engine.Config, data []byte) (*filmSource, error) {
	kind, err := film.Sniff("glory", data)
	if err != nil {
		return nil, err
	}
	switch kind {
	case film.GoldenText:
		return goldenSource(capped, data)
	case film.EngineJSON:
		return engineSaveSource(given, capped, bytes.TrimSpace(data))
	case film.PlayJSON:
		return consoleSource(capped, data)
	}
	return nil, film.Unreadable("glory", film.PlaySave, "a glory "+film.EngineSave, film.Golden)
}

// engineSaveSource replays the decisions of an engine save from its seed,
// with the config it was saved with (as compiled, or with the
// simulator's round cap).
func engineSaveSource(given, capped *engine.Config, data []byte) (*filmSource, error) {
	e, err := play.Open[*engine.State, engine.Decision, engine.Event](data, "glory", engine.SaveFormat, given)
	cfg := given
	if err != nil && capped != given {
		var err2 error
		if e, err2 = play.Open[*engine.State, engine.Decision, engine.Event](data, "glory", engine.SaveFormat, capped); err2 == nil {
			err, cfg = nil, capped
		}
	}
	if err != nil {
		return nil, err
	}
	rp := engine.NewReplay(e.Decisions)
	return &filmSource{cfg: cfg, seed: e.Seed, deciders: play.Resume(rp, []engine.Decider{ending{}, ending{}})}, nil
}

// consoleSource replays a mapc play save as mapc play does: its decisions,
// then the agents of its agent seats; it stops where a person's
// decisions end.
func consoleSource(cfg *engine.Config, data []byte) (*filmSource, error) {
	save, err := console.ReadSave(data, "glory", "")
	if err != nil {
		return nil, fmt.Errorf("glory film: %w", err)
	}
	recorded, err := console.DecodeLog[engine.Decision](save.Decisions)
	if err != nil {
		return nil, fmt.Errorf("glory film: mapc play save: %w", err)
	}
	humans := []bool{len(save.Agents) < 1 || save.Agents[0] == "", len(save.Agents) < 2 || save.Agents[1] == ""}
	live, err := console.Seats(2, humans, save.Agents, agentTable, save.Seed, func(int) engine.Decider { return ending{} })
	if err != nil {
		return nil, err
	}
	return &filmSource{cfg: cfg, seed: save.Seed, deciders: play.Resume(engine.NewReplay(recorded), live)}, nil
}

// goldenSource replays a golden playthrough: its agents from its seed,
// its recorded choices scripted (the agents asked too, as mapc test has
// them), every step checked against its decisions, events and result.
func goldenSource(cfg *engine.Config, text []byte) (*filmSource, error) {
	gd, err := scentest.ReadGolden(text)
	if err != nil {
		return nil, fmt.Errorf("glory film: golden playthrough %v", err)
	}
	ds, err := filmDeciders(cfg, gd.Seed, gd.Agents, gd.Choices())
	if err != nil {
		return nil, err
	}
	held := gd.Check()
	src := &filmSource{cfg: cfg, seed: gd.Seed, deciders: ds}
	src.check = func(g *engine.Game, from, evFrom int) error {
		for _, d := range g.Decisions()[from:] {
			rec := scentest.DecisionRecord(d.Round, d.Kind, sideNames[d.Player], d.Choice, d.Option.ID()).String()
			if err := held.Decision(d.Round, rec); err != nil {
				return fmt.Errorf("glory film: %w", err)
			}
		}
		for _, e := range g.Events()[evFrom:] {
			if err := held.Event(e.Round, scentest.RecordOf(e, "round", eventResolver(g, e), eventNone).String()); err != nil {
				return fmt.Errorf("glory film: %w", err)
			}
		}
		return nil
	}
	src.finish = func(g *engine.Game) error {
		st := g.State()
		winner := "none"
		if w := g.Winner(); w >= 0 {
			winner = sideNames[w]
		}
		if err := held.Result(fmt.Sprintf("winner=%s reason=%s turns=%d", winner, st.Reason, st.Round)); err != nil {
			return fmt.Errorf("glory film: %w", err)
		}
		return nil
	}
	return src, nil
}

// filmDeciders are the sides' agents of a filmed game as Play has them; the
// search agent's imagined games run on cfg's bundled scripts.
func filmDeciders(cfg *engine.Config, seed uint64, agentNames []string, prefix []int) ([]engine.Decider, error) {
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		return nil, err
	}
	return playDeciders(playTable(reg, cfg), seed, agentNames, prefix)
}

package ftbt

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/sim"
)

// Film implements film.Filmer: one game of the level as frames, one
// frame per decision and one per step's events outside decisions
// (filming). The game is played by in.Agents from in.Seed exactly
// as mapc sim and mapc test play it (the same agents, seeded alike, and
// the simulator's round limit when the level sets none), or replayed from
// in.Record: a mapc play save, an engine save or a golden playthrough of
// mapc test (readRecording). Each frame holds the decision that led to it
// with its options in words as mapc play offers them, the events it caused
// and the people as mapc play tells them, and the map as mapc render draws
// it with the people where they stand now, with their hp.
func (Game) Film(config any, in film.Input) (*film.Film, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("ftbt film: config is %T, not an ftbt config", config)
	}
	original := cfg
	cfg = playable(cfg)
	seed := in.Seed
	var rec *recording
	if len(in.Record) > 0 {
		var err error
		if rec, err = readRecording(cfg, original, in.Record); err != nil {
			return nil, err
		}
		seed = rec.seed
	}
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		return nil, err
	}
	newRunner := func() (*hooks.Runner, error) { return hooks.New(reg, cfg, plugin.WorkerOptions{}) }
	r, err := newRunner()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	g, err := engine.New(cfg, r, seed)
	if err != nil {
		return nil, err
	}
	ds := make([]engine.Decider, 2)
	if rec != nil {
		for i := range ds {
			ds[i] = rec
		}
	} else {
		names := in.Agents
		if len(names) == 0 {
			names = []string{agents[0].Name}
		}
		table := append(slices.Clip(agents), mctsAgent(newRunner))
		if ds, err = sim.NewAgents(table, scentest.Repeat(names, 2), seed); err != nil {
			return nil, fmt.Errorf("ftbt film: %w (agents: %s)", err, agentList())
		}
	}
	f := &filming{t: &table{cfg: cfg}, g: g, limit: in.Limit, film: &film.Film{}}
	if f.limit <= 0 {
		f.limit = film.DefaultLimit
	}
	f.film.Roles = []string{sideName(0), sideName(1)}
	seats := make([]engine.Decider, len(ds))
	for i, d := range ds {
		seats[i] = &filmSeat{f: f, inner: d}
	}
	// The game step by step, as mapc play plays it; a frame at the start,
	// at every decision (filmSeat) and at the end of every step.
	err = f.shoot()
	for over := false; err == nil && !over; {
		if over, err = g.Step(seats); err == nil {
			err = f.shoot()
		}
	}
	switch {
	case errors.Is(err, errCut):
		f.film.Cut = true
	case errors.Is(err, errRecordEnd):
		f.film.Result = fmt.Sprintf("The recording ends after %d decisions, before the game's end.", len(rec.log))
	case err != nil:
		return nil, fmt.Errorf("ftbt film: %w", err)
	default:
		res, _ := g.Result()
		f.film.Result = result(res)
	}
	return f.film, nil
}

var _ film.Filmer = Game{}

// agentList names the agents a film may be played by.
func agentList() string {
	return strings.Join(Game{}.Agents(), ", ")
}

var (
	// errCut stops a film's game at the frame limit.
	errCut = errors.New("the film reached its frame limit")
	// errRecordEnd stops a replayed game where its recording ends.
	errRecordEnd = errors.New("the recording ends here")
)

// filming turns a game into frames: the start; each decision with the
// events it caused, up to the next decision or the end of its step; and
// the events of a step outside decisions (the start of a round or a turn)
// as a frame of their own.
type filming struct {
	t       *table
	g       *engine.Game
	film    *film.Film
	limit   int
	told    int         // events already in a frame
	decided int         // decisions already in a frame
	open    *film.Frame // the decision being taken, its frame still open
	acting  int         // the person the open decision is about, or -1
}

// shoot takes a frame of the game now: the open decision's, or one of
// the events since the last frame (the start's, the first time). With
// neither a decision nor new events there is nothing to show. At the
// frame limit it returns errCut.
func (f *filming) shoot() error {
	es := f.g.Events()
	if f.open == nil && len(f.film.Frames) > 0 && f.told == len(es) {
		return nil
	}
	if len(f.film.Frames) >= f.limit {
		return errCut
	}
	fr, acting := film.Frame{Role: -1, Chosen: -1}, -1
	if f.open != nil {
		fr, acting, f.open = *f.open, f.acting, nil
		if ds := f.g.Decisions(); f.decided < len(ds) {
			fr.Chosen = ds[f.decided].Choice
			if o := ds[f.decided].Option; o.Kind == engine.OptPerson {
				acting = o.A // who was chosen to act
			}
		}
		f.decided++
	}
	fr.Step = len(f.film.Frames)
	v := f.g.View()
	fr.Turn = v.Round()
	fr.Events = f.t.events(es[f.told:])
	f.told = len(es)
	fr.State = append([]string{fmt.Sprintf("Round %d, side %d to move", v.Round(), v.Side())}, f.t.people(v, -1)...)
	fr.SVG = renderGrid(f.t.cfg, nil, build.RenderOptions{}, v, acting)
	f.film.Frames = append(f.film.Frames, fr)
	return nil
}

// filmSeat is the decider of one side in a filmed game: it takes the
// frame before the request, notes the request in words, and lets the agent
// or the recording answer.
type filmSeat struct {
	f     *filming
	inner engine.Decider
}

func (s *filmSeat) Decide(v *engine.View, req *engine.Request) (int, error) {
	f := s.f
	if req.Attempt == 0 {
		if err := f.shoot(); err != nil {
			return -1, err
		}
		open := &film.Frame{Role: req.Player, Question: f.t.question(req)}
		for _, o := range req.Options {
			open.Options = append(open.Options, f.t.option(req, o))
		}
		f.open, f.acting = open, req.Person
	}
	c, err := s.inner.Decide(v, req)
	if err != nil {
		f.open = nil
	}
	return c, err
}

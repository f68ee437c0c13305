package ftbt

import (
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/ftbt"
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
	var rec *film.Recording
	if len(in.Record) > 0 {
		var err error
		if rec, err = readRecording(cfg, original, in.Record); err != nil {
			return nil, err
		}
		seed = rec.Seed
	}
	// The game as mapc sim plays it: its hooks, its agents.
	s, _, err := NewSim(cfg)
	if err != nil {
		return nil, err
	}
	r, err := s.Runner() // the one NewSim checked the config with
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
			ds[i] = film.Decider[*engine.View, *engine.Request, engine.RequestKind](rec, engine.Option.ID)
		}
	} else {
		names := in.Agents
		if len(names) == 0 {
			names = []string{agents[0].Name}
		}
		if ds, err = sim.NewAgents(s.Agents, scentest.Repeat(names, 2), seed); err != nil {
			return nil, fmt.Errorf("ftbt film: %w (agents: %s)", err, strings.Join(Game{}.Agents(), ", "))
		}
	}
	f := &filming{t: &table{cfg: cfg}, g: g, cam: film.Camera{Limit: film.Limit(in)}}
	f.cam.Film.Roles = []string{sideName(0), sideName(1)}
	seats := make([]engine.Decider, len(ds))
	for i, d := range ds {
		seats[i] = film.Seat[*engine.View, *engine.Request, engine.RequestKind](&f.cam, f, d, f.ask)
	}
	// The game step by step, as mapc play plays it; a frame at the start,
	// at every decision (film.Seat) and at the end of every step.
	ended, err := f.cam.Roll(f, func() (bool, error) { return g.Step(seats) })
	switch {
	case err != nil:
		return nil, fmt.Errorf("ftbt film: %w", err)
	case ended:
		f.cam.Film.Result = rec.Ended()
	case !f.cam.Film.Cut:
		res, _ := g.Result()
		f.cam.Film.Result = result(res)
	}
	return &f.cam.Film, nil
}

var _ film.Filmer = Game{}

// filming is a game being filmed (film.Scene): a frame for the start;
// each decision with the events it caused, up to the next decision or the
// end of its step; and the events of a step outside decisions (the start
// of a round or a turn) as a frame of their own.
type filming struct {
	t      *table
	g      *engine.Game
	cam    film.Camera
	acting int // the person the open decision is about, or -1
}

func (f *filming) Events() int { return len(f.g.Events()) }

func (f *filming) Choice(decision int) (int, bool) { return film.Choice(f.g.Decisions(), decision) }

// Fill draws the map with the person a decision is about ringed: the one
// chosen to act, or the one asked about.
func (f *filming) Fill(fr *film.Frame, event, decision int) {
	acting := -1
	if decision >= 0 {
		acting = f.acting
		if ds := f.g.Decisions(); decision < len(ds) && ds[decision].Option.Kind == engine.OptPerson {
			acting = ds[decision].Option.A // who was chosen to act
		}
	}
	v := f.g.View()
	fr.Turn = v.Round()
	fr.Events = f.t.events(f.g.Events()[event:])
	fr.State = append([]string{fmt.Sprintf("Round %d, side %d to move", v.Round(), v.Side())}, f.t.people(v, -1)...)
	fr.SVG = renderGrid(f.t.cfg, nil, build.RenderOptions{}, v, acting)
}

// ask words a request as mapc play offers it and notes the person it is
// about.
func (f *filming) ask(_ *engine.View, req *engine.Request) film.Frame {
	fr := film.Frame{Question: f.t.question(req)}
	for _, o := range req.Options {
		fr.Options = append(fr.Options, f.t.option(req, o))
	}
	f.acting = req.Person
	return fr
}

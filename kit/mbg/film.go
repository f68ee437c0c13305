package mbg

import (
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/sim"
)

// Film implements film.Filmer: one game of config as frames, one frame
// per decision and one per step's events outside decisions (filming). The
// game is played by in.Agents from in.Seed exactly as
// mapc sim and mapc test play it (the same agents, seeded alike), or
// replayed from in.Record: a mapc play save, an engine save or a golden
// playthrough of mapc test (readRecording). Each frame holds the decision
// that led to it with its options in words as mapc play offers them, the
// events it caused and the state as mapc play tells them, and the board as
// mapc render draws it with the state on it.
func (Game) Film(config any, in film.Input) (*film.Film, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("mbg film: config is %T, not an mbg config", config)
	}
	seed := in.Seed
	var rec *film.Recording
	if len(in.Record) > 0 {
		var err error
		if rec, err = readRecording(cfg, in.Record); err != nil {
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
	g, err := engine.New(cfg, r, r, seed)
	if err != nil {
		return nil, err
	}
	ds := make([]engine.Decider, len(cfg.Roles))
	if rec != nil {
		for i := range ds {
			ds[i] = film.Decider[*engine.View, *engine.Request, engine.RequestKind](rec, engine.Option.ID)
		}
	} else {
		names := in.Agents
		if len(names) == 0 {
			names = []string{agents[0].Name}
		}
		if ds, err = sim.NewAgents(s.Agents, scentest.Repeat(names, len(cfg.Roles)), seed); err != nil {
			return nil, fmt.Errorf("mbg film: %w (agents: %s)", err, strings.Join(Game{}.Agents(), ", "))
		}
	}
	f := &filming{t: &table{cfg: cfg}, g: g, cam: film.Camera{Limit: film.Limit(in)}}
	for _, role := range cfg.Roles {
		f.cam.Film.Roles = append(f.cam.Film.Roles, role.Name)
	}
	seats := make([]engine.Decider, len(ds))
	for i, d := range ds {
		seats[i] = film.Seat[*engine.View, *engine.Request, engine.RequestKind](&f.cam, f, d, f.ask)
	}
	// The game step by step, as mapc sim plays it; a frame at the start,
	// at every decision (film.Seat) and at the end of every step.
	ended, err := f.cam.Roll(f, func() (bool, error) { return g.Step(seats) })
	switch {
	case err != nil:
		return nil, fmt.Errorf("mbg film: %w", err)
	case ended:
		f.cam.Film.Result = rec.Ended()
	case !f.cam.Film.Cut:
		res, _ := g.Result()
		f.cam.Film.Result = f.t.result(res)
	}
	return &f.cam.Film, nil
}

var _ film.Filmer = Game{}

// filming is a game being filmed (film.Scene): a frame for the start;
// each decision with the events it caused, up to the next decision or the
// end of its step; and the events of a step outside decisions (a role's
// throw and move before it is asked anything, the end-of-turn settlement)
// as a frame of their own.
type filming struct {
	t   *table
	g   *engine.Game
	cam film.Camera
}

func (f *filming) Events() int { return len(f.g.Events()) }

func (f *filming) Choice(decision int) (int, bool) { return film.Choice(f.g.Decisions(), decision) }

func (f *filming) Fill(fr *film.Frame, event, _ int) {
	v := f.g.View()
	fr.Turn = v.Turn()
	fr.Events = f.t.events(f.g, f.g.Events()[event:])
	fr.State = f.t.state(v, -1)
	fr.SVG = renderBoard(f.t.cfg, build.RenderOptions{}, v, fr.Role)
}

// ask words a request as mapc play offers it.
func (f *filming) ask(v *engine.View, req *engine.Request) film.Frame {
	fr := film.Frame{Question: f.t.question(req)}
	for _, o := range req.Options {
		fr.Options = append(fr.Options, f.t.option(v, req, o))
	}
	return fr
}

package glory

import (
	"slices"

	"github.com/sandtable/sandtable/engine/rng"
)

// This file lets a searching agent (mcts) play imagined games: a game whose
// deciders include an Imaginer keeps a copy of its state at the start of
// each step, and View.Imagine starts a new game from that copy, which
// replays the step's decisions so far and continues from the decision being
// asked.

// Imaginer is implemented by deciders that imagine games from the decisions
// they are asked (View.Imagine); a game keeps a copy of its state at the
// start of every step only while one of its deciders is an Imaginer, or once
// View.KeepSteps asked for it (an Imaginer behind a wrapper).
type Imaginer interface {
	Imagines()
}

// snapshot is the state at the start of the step in progress.
type snapshot struct {
	keep, valid bool
	st          State
	rng         rng.RNG
	log         int
}

// mark keeps the state at the start of a step when a decider imagines.
func (g *Game) mark() {
	g.snap.valid = false
	keep := g.snap.keep
	for _, d := range g.seats.Deciders {
		if _, ok := d.(Imaginer); ok {
			keep = true
		}
	}
	if keep {
		g.snap.valid, g.snap.st, g.snap.rng, g.snap.log = true, g.st.clone(), *g.rng, len(g.seats.Log)
	}
}

// Imaginable reports whether Imagine can start an imagined game now.
func (v *View) Imaginable() bool { return v.g.snap.valid }

// KeepSteps makes the game keep a copy of its state at the start of every
// later step, for Imagine.
func (v *View) KeepSteps() { v.g.snap.keep = true }

// Imagine starts an imagined game at the start of the step in progress with
// the given skill runner (never the real game's: it keeps the scripts' state
// of this game) and deciders, and returns it with the decisions the step
// took so far; answering those first brings the imagined game to the
// decision being asked. ok is false when the game keeps no copy. The
// imagined game draws the same random numbers as the real one until Reseed.
func (v *View) Imagine(skills SkillRunner, deciders ...Decider) (g *Game, prefix []Decision, ok bool) {
	r := v.g
	s := &r.snap
	if !s.valid {
		return nil, nil, false
	}
	src := s.rng
	g = &Game{cfg: r.cfg, board: r.board, seed: r.seed, rng: &src, skills: skills}
	g.seats.Deciders = deciders
	if u, ok := skills.(RandomUser); ok {
		u.UseRNG(g.rng)
	}
	g.view.g = g
	g.hostv.g = g
	g.st = s.st.clone()
	if len(g.st.Heroes) > 0 {
		g.index()
	}
	return g, r.seats.Log[s.log:], true
}

// Reseed replaces the rest of the game's random stream (an imagined game's
// chance, which its player cannot know) with the stream of seed.
func (g *Game) Reseed(seed uint64) { *g.rng = *rng.New(seed) }

// clone returns a deep copy of the state.
func (s *State) clone() State {
	c := *s
	for i := range c.Draft.Picks {
		c.Draft.Picks[i] = slices.Clone(s.Draft.Picks[i])
	}
	c.Draft.Clashed = slices.Clone(s.Draft.Clashed)
	c.Heroes = slices.Clone(s.Heroes)
	for i := range c.Heroes {
		h := &c.Heroes[i]
		h.Uses, h.Next, h.FireNext = slices.Clone(h.Uses), slices.Clone(h.Next), slices.Clone(h.FireNext)
		h.HitBy, h.Vars = slices.Clone(h.HitBy), slices.Clone(h.Vars)
	}
	c.Towers = slices.Clone(s.Towers)
	for i := range c.Econ {
		c.Econ[i] = slices.Clone(s.Econ[i])
	}
	return c
}

// StepWith plays one step with the given deciders (an imagined game's,
// which change from one game to the next).
func (g *Game) StepWith(deciders []Decider) (over bool, err error) {
	g.seats.Deciders = deciders
	err = g.Step()
	return g.Over(), err
}

package glory

import (
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
		copyState(&g.snap.st, &g.st) // Imagine copies it out again
		g.snap.valid, g.snap.rng, g.snap.log = true, *g.rng, len(g.seats.Log)
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
	var c State
	copyState(&c, s)
	return c
}

// StepWith plays one step with the given deciders (an imagined game's,
// which change from one game to the next).
func (g *Game) StepWith(deciders []Decider) (over bool, err error) {
	g.seats.Deciders = deciders
	err = g.Step()
	return g.Over(), err
}

// copyState makes dst a deep copy of src, reusing dst's slices. A nil
// slice stays nil and an empty one empty, as in src (a saved game writes
// them differently).
func copyState(dst, src *State) {
	heroes, towers, econ, picks, clashed := dst.Heroes, dst.Towers, dst.Econ, dst.Draft.Picks, dst.Draft.Clashed
	*dst = *src
	dst.Heroes = nil
	if src.Heroes != nil {
		// Each old hero's slices are taken before the hero is
		// overwritten, so the copy never shares src's.
		n := len(src.Heroes)
		if cap(heroes) < n {
			heroes = append(heroes[:cap(heroes)], make([]HeroState, n-cap(heroes))...)
		}
		dst.Heroes = heroes[:n:n]
		if n == 0 {
			dst.Heroes = src.Heroes[:0:0]
		}
		for i := range dst.Heroes {
			h, from := &dst.Heroes[i], &src.Heroes[i]
			old := *h
			*h = *from
			h.Uses, h.Next, h.FireNext = reuse(old.Uses, from.Uses), reuse(old.Next, from.Next), reuse(old.FireNext, from.FireNext)
			h.HitBy, h.Vars = reuse(old.HitBy, from.HitBy), reuse(old.Vars, from.Vars)
		}
	}
	dst.Towers = reuse(towers, src.Towers)
	for s := range 2 {
		dst.Econ[s] = reuse(econ[s], src.Econ[s])
		dst.Draft.Picks[s] = reuse(picks[s], src.Draft.Picks[s])
	}
	dst.Draft.Clashed = reuse(clashed, src.Draft.Clashed)
}

// reuse returns a copy of src in buf's array when it fits, nil when src is
// nil.
func reuse[T any](buf, src []T) []T {
	if src == nil {
		return nil
	}
	if buf == nil {
		buf = src[:0:0]
	}
	return append(buf[:0], src...)
}

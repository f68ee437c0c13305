package ftbt

import "slices"

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

// snapshot is the state at the start of the step in progress, with the
// tables the live game keeps beside it.
type snapshot struct {
	keep, valid bool
	st          State
	rng         RNG
	log         int
	occ, eff    []int
	w           [2][]int
	wDirty      [2]bool
	nIn, nFin   [2]int
}

// mark keeps the state at the start of a step when a decider imagines.
func (g *Game) mark(ds []Decider) {
	g.snap.valid = false
	keep := g.snap.keep
	for _, d := range ds {
		if _, ok := d.(Imaginer); ok {
			keep = true
		}
	}
	if !keep {
		return
	}
	s := &g.snap
	s.valid, s.rng, s.log = true, *g.rng, len(g.seats.Log)
	g.copyTo(&s.st, &s.occ, &s.eff, &s.w)
	s.wDirty, s.nIn, s.nFin = g.wDirty, g.nIn, g.nFin
}

// copyTo copies the state and tables into the given buffers, reusing them.
func (g *Game) copyTo(st *State, occ, eff *[]int, w *[2][]int) {
	people := append(st.People[:0], g.st.People...)
	*st = g.st
	st.People = people
	st.Effects = nil
	*occ = append((*occ)[:0], g.occ...)
	*eff = append((*eff)[:0], g.eff...)
	for s := range w {
		w[s] = append(w[s][:0], g.w[s]...)
	}
}

// Imaginable reports whether Imagine can start an imagined game now.
func (v *View) Imaginable() bool { return v.g.snap.valid }

// KeepSteps makes the game keep a copy of its state at the start of every
// later step, for Imagine.
func (v *View) KeepSteps() { v.g.snap.keep = true }

// Imagine starts an imagined game at the start of the step in progress with
// the given effect runner (never the real game's: it keeps the scripts'
// state of this game) and returns it with the decisions the step took so
// far; answering those first brings the imagined game to the decision being
// asked. ok is false when the game keeps no copy. The imagined game draws
// the same random numbers as the real one until Reseed.
func (v *View) Imagine(runner EffectRunner) (g *Game, prefix []Decision, ok bool) {
	r := v.g
	s := &r.snap
	if !s.valid {
		return nil, nil, false
	}
	n := len(r.occ)
	g = &Game{cfg: r.cfg, runner: runner, seed: r.seed, static: r.static,
		pred: make([]int32, n), tmark: make([]uint32, n), reach: make([]Reach, 0, 64)}
	rng := s.rng
	g.rng = &rng
	g.st = s.st
	g.st.People = slices.Clone(s.st.People)
	g.occ, g.eff = slices.Clone(s.occ), slices.Clone(s.eff)
	for i := range g.w {
		g.w[i] = slices.Clone(s.w[i])
	}
	g.wDirty, g.nIn, g.nFin = s.wDirty, s.nIn, s.nFin
	g.search.init(r.cfg.Width, r.cfg.Height)
	g.view.g = g
	g.apply.g = g
	g.scoring.g = g
	g.shareRNG()
	return g, r.seats.Log[s.log:], true
}

// Reseed replaces the rest of the game's random stream (an imagined game's
// chance, which its player cannot know) with the stream of seed.
func (g *Game) Reseed(seed uint64) { *g.rng = *NewRNG(seed) }

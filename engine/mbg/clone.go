package mbg

import "slices"

// This file lets a searching agent (mcts) play imagined games: a game whose
// deciders include an Imaginer keeps a copy of the state at the start of each
// step, and View.Imagine starts a new game from that copy, which replays the
// step's decisions so far and continues from the decision being asked.

// Imaginer is implemented by deciders that imagine games from the decisions
// they are asked (View.Imagine); a game keeps a copy of its state at the
// start of every step only while one of its deciders is an Imaginer, or
// once View.KeepSteps asked for it (an Imaginer behind a wrapper).
type Imaginer interface {
	Imagines()
}

// snapshot is the state at the start of the step in progress.
type snapshot struct {
	keep  bool // View.KeepSteps was called
	valid bool
	st    State
	rng   RNG
	log   int // decisions logged before the step
}

// mark keeps the state at the start of a step when a decider searches.
func (g *Game) mark(ds []Decider) {
	g.snap.valid = false
	if g.snap.keep {
		g.snap = snapshot{keep: true, valid: true, st: g.st.clone(), rng: *g.rng, log: len(g.seats.Log)}
		return
	}
	for _, d := range ds {
		if _, ok := d.(Imaginer); ok {
			g.snap = snapshot{valid: true, st: g.st.clone(), rng: *g.rng, log: len(g.seats.Log)}
			return
		}
	}
}

// Imagine starts an imagined game at the start of the step in progress with
// the given tech and card runners (never the real game's: they keep the
// scripts' state of this game) and returns it with the decisions the step
// took so far; answering those first brings the imagined game to the
// decision being asked. ok is false when the game keeps no copy (no decider
// is an Imaginer). The imagined game draws the same random numbers as the
// real one until Reseed.
func (v *View) Imagine(techs TechRunner, cards CardRunner) (g *Game, prefix []Decision, ok bool) {
	r := v.g
	if !r.snap.valid {
		return nil, nil, false
	}
	b, err := NewBattle(r.cfg, techs)
	if err != nil {
		return nil, nil, false
	}
	g = &Game{cfg: r.cfg, techs: techs, cards: cards, battle: b, seed: r.seed,
		income: make([]float64, len(r.cfg.Roles)), incomeFrom: make([]int, len(r.cfg.Roles))}
	g.view.g = g
	g.host.g = g
	rng := r.snap.rng
	g.rng = &rng
	g.shareRNG()
	g.st = r.snap.st.clone()
	return g, r.seats.Log[r.snap.log:], true
}

// Imaginable reports whether Imagine can start an imagined game now.
func (v *View) Imaginable() bool { return v.g.snap.valid }

// KeepSteps makes the game keep a copy of its state at the start of every
// later step, for Imagine.
func (v *View) KeepSteps() { v.g.snap.keep = true }

// Reseed replaces the rest of the game's random stream (an imagined game's
// chance, which its player cannot know) with the stream of seed. The runners
// keep drawing from the game's RNG.
func (g *Game) Reseed(seed uint64) { *g.rng = *NewRNG(seed) }

// clone returns a deep copy of the state.
func (s *State) clone() State {
	c := *s
	c.Result.Money = slices.Clone(s.Result.Money)
	c.Result.Bankrupt = slices.Clone(s.Result.Bankrupt)
	c.Officers = slices.Clone(s.Officers)
	c.Cities = slices.Clone(s.Cities)
	for i := range c.Cities {
		c.Cities[i].Garrison = slices.Clone(c.Cities[i].Garrison)
	}
	c.Institutes = slices.Clone(s.Institutes)
	for i := range c.Institutes {
		in := &c.Institutes[i]
		in.Tech, in.Points, in.Researcher = slices.Clone(in.Tech), slices.Clone(in.Points), slices.Clone(in.Researcher)
	}
	c.Trainings = slices.Clone(s.Trainings)
	for i := range c.Trainings {
		t := &c.Trainings[i]
		t.Left, t.Trainee = slices.Clone(t.Left), slices.Clone(t.Trainee)
	}
	c.Squares = slices.Clone(s.Squares)
	c.Roles = slices.Clone(s.Roles)
	for i := range c.Roles {
		r := &c.Roles[i]
		r.Techs, r.Cards, r.Retinue, r.Cities = slices.Clone(r.Techs), slices.Clone(r.Cards), slices.Clone(r.Retinue), slices.Clone(r.Cities)
	}
	for l := range c.Free {
		c.Free[l] = slices.Clone(s.Free[l])
	}
	return c
}

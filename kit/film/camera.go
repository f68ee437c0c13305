package film

import (
	"errors"

	"github.com/sandtable/sandtable/engine/play"
)

// Scene is a game being filmed, as a Camera sees it.
type Scene interface {
	// Events is how many events the game has logged so far.
	Events() int
	// Choice is the option chosen at the game's decision-th decision
	// (from 0), false when it is not logged (yet).
	Choice(decision int) (int, bool)
	// Fill completes fr with the game now: its Turn, the Events since
	// the event-th one, its State and its SVG. decision is the index of
	// the decision fr shows, -1 for a frame of events.
	Fill(fr *Frame, event, decision int)
}

// Choice is the choice of the decision-th decision of a game's log, for
// Scene.Choice.
func Choice[K play.Kind, O comparable](log []play.Decision[K, O], decision int) (int, bool) {
	if decision < len(log) {
		return log[decision].Choice, true
	}
	return 0, false
}

// Camera films a game whose players decide one at a time: a frame for
// the start; one for each decision, with the events it caused up to the
// next decision or the end of its step; and one for the events of a step
// outside decisions.
type Camera struct {
	Film  Film
	Limit int
	open  *Frame // the decision being taken, its frame still open
	told  int    // events already in a frame
	done  int    // decisions already in a frame
}

// Shoot takes a frame of the game now: the open decision's, or one of the
// events since the last frame (the start's, the first time). With neither
// a decision nor new events there is nothing to show. At the frame limit
// it returns ErrCut.
func (c *Camera) Shoot(s Scene) error {
	events := s.Events()
	if c.open == nil && len(c.Film.Frames) > 0 && c.told == events {
		return nil
	}
	if len(c.Film.Frames) >= c.Limit {
		return ErrCut
	}
	fr, decision := Frame{Role: -1, Chosen: -1}, -1
	if c.open != nil {
		fr, c.open, decision = *c.open, nil, c.done
		if k, ok := s.Choice(c.done); ok {
			fr.Chosen = k
		}
		c.done++
	}
	fr.Step = len(c.Film.Frames)
	s.Fill(&fr, c.told, decision)
	c.told = events
	c.Film.Frames = append(c.Film.Frames, fr)
	return nil
}

// Seat is the decider of one player of a game filmed by c (the game is s):
// at a request's first ask it shoots the game as it stands, opens the
// decision's frame, and lets inner (an agent, a recording) answer. ask
// words the request, its Question and Options; it is called after the
// frame before the request is taken.
func Seat[V any, R play.Request[K, O], K play.Kind, O comparable](c *Camera, s Scene, inner play.Decider[V, R], ask func(V, R) Frame) play.Decider[V, R] {
	return &seat[V, R, K, O]{c: c, s: s, inner: inner, ask: ask}
}

type seat[V any, R play.Request[K, O], K play.Kind, O comparable] struct {
	c     *Camera
	s     Scene
	inner play.Decider[V, R]
	ask   func(V, R) Frame
}

func (d *seat[V, R, K, O]) Decide(v V, req R) (int, error) {
	if h := req.Header(); h.Attempt == 0 {
		if err := d.c.Shoot(d.s); err != nil {
			return -1, err
		}
		fr := d.ask(v, req)
		fr.Role, fr.Chosen = h.Player, -1
		d.c.open = &fr
	}
	k, err := d.inner.Decide(v, req)
	if err != nil {
		d.c.Drop()
	}
	return k, err
}

// Drop forgets the open decision: it was not taken.
func (c *Camera) Drop() { c.open = nil }

// Roll films the game from its start: a frame now, then step is called
// until it says the game is over, with a frame after each step. It sets
// Film.Cut at the frame limit and says whether the recording ended
// (ErrRecordEnd) before the game; other errors are returned.
func (c *Camera) Roll(s Scene, step func() (over bool, err error)) (ended bool, err error) {
	err = c.Shoot(s)
	for over := false; err == nil && !over; {
		if over, err = step(); err == nil {
			err = c.Shoot(s)
		}
	}
	switch {
	case errors.Is(err, ErrCut):
		c.Film.Cut = true
	case errors.Is(err, ErrRecordEnd):
		return true, nil
	case err != nil:
		return false, err
	}
	return false, nil
}

package scentest

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// ErrPaused is what a Pause decider returns at the first request after its
// log: the game stops there with that request pending.
var ErrPaused = errors.New("paused after the recorded decisions")

// Pause answers a game's first len(log) decisions from log (option
// indices, whoever decides) and then stops the game at the next request,
// keeping it and the view: the state an AI explanation starts from.
type Pause[V, R any] struct {
	Log     []int
	Options func(R) int // a request's number of options
	View    V
	Req     R
	Paused  bool
	next    int
}

// Deciders returns n players' deciders sharing the pause.
func (p *Pause[V, R]) Deciders(n int) []play.Decider[V, R] {
	ds := make([]play.Decider[V, R], n)
	for i := range ds {
		ds[i] = p
	}
	return ds
}

// Check takes the error of a game run with the pause's deciders and says
// whether it stopped where it should: nil when it paused at the decision
// after the log (View and Req hold it), otherwise why not (the game ended
// first, or failed).
func (p *Pause[V, R]) Check(err error) error {
	if !p.Paused {
		if err == nil {
			return fmt.Errorf("the game is over after %d decisions; nothing is left to decide", len(p.Log))
		}
		return err
	}
	if err != nil && !errors.Is(err, ErrPaused) {
		return err
	}
	return nil
}

// Decide implements play.Decider.
func (p *Pause[V, R]) Decide(v V, req R) (int, error) {
	if i, ok, err := nextAnswer(&p.next, p.Log, p.Options(req), "recorded decision"); ok {
		if err != nil {
			err = fmt.Errorf("%w: the log is not of this scenario and seed", err)
		}
		return i, err
	}
	p.View, p.Req, p.Paused = v, req, true
	return -1, ErrPaused
}

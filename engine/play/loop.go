package play

import "fmt"

// Loop drives a game step by step and holds its sticky error: after a step
// fails the game is half-way through an action and cannot continue (nor be
// saved).
type Loop struct {
	err error
}

// Err returns the error that stopped the game, if any.
func (l *Loop) Err() error { return l.err }

// Step runs one step of a game: it refuses to run after an error, reports a
// finished game as over, checks that there is one decider per player, and
// keeps step's error.
func (l *Loop) Step(game string, players, deciders int, over func() bool, step func() error) (bool, error) {
	if l.err != nil {
		return false, l.err
	}
	if over() {
		return true, nil
	}
	if deciders != players {
		return false, fmt.Errorf("%s: %d deciders for %d players", game, deciders, players)
	}
	if err := step(); err != nil {
		l.err = err
		return false, err
	}
	return over(), nil
}

// Run steps a game until it is over and returns its result.
func Run[R any](step func() (bool, error), result func() R) (R, error) {
	for {
		over, err := step()
		if err != nil {
			var zero R
			return zero, err
		}
		if over {
			return result(), nil
		}
	}
}

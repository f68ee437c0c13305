package agent

import (
	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/rng"
)

// Random answers every request with a uniformly drawn legal option from its
// own seeded RNG (never the game's). It is the baseline of simulations.
type Random struct {
	rng *rng.RNG
}

// NewRandom returns a random agent with the given seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rng.New(seed)} }

// Decide implements glory.Decider.
func (a *Random) Decide(_ *glory.View, req *glory.Request) (int, error) {
	return a.rng.IntN(len(req.Options)), nil
}

package agent

import "github.com/sandtable/sandtable/engine/mbg"

// Random answers every request with a uniformly drawn legal option, from its
// own seeded RNG (never the game's, so it does not change the game's random
// stream). It is the baseline of simulations and benchmarks.
type Random struct {
	rng *mbg.RNG
}

// NewRandom returns a random agent with the given seed.
func NewRandom(seed uint64) *Random { return &Random{rng: mbg.NewRNG(seed)} }

// Decide implements mbg.Decider.
func (a *Random) Decide(_ *mbg.View, req *mbg.Request) (int, error) {
	return a.rng.IntN(len(req.Options)), nil
}

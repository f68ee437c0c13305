package agent

import "github.com/sandtable/sandtable/engine/ftbt"

// Random answers every request with a uniformly drawn legal option, from its
// own seeded RNG (never the game's, so it does not change the game's random
// stream). It never quits and never goes back (OptQuit, OptBack), so every
// answer moves the game on: each activation it starts finishes a person,
// or it ends the turn. It is the baseline of simulations and benchmarks.
type Random struct {
	rng *ftbt.RNG
}

// NewRandom returns a random agent with the given seed.
func NewRandom(seed uint64) *Random { return &Random{rng: ftbt.NewRNG(seed)} }

// Decide implements ftbt.Decider.
func (a *Random) Decide(_ *ftbt.View, req *ftbt.Request) (int, error) {
	n := 0
	for _, o := range req.Options {
		if o.Kind != ftbt.OptQuit && o.Kind != ftbt.OptBack {
			n++
		}
	}
	if n == 0 {
		return req.Default, nil
	}
	k := a.rng.IntN(n)
	for i, o := range req.Options {
		if o.Kind == ftbt.OptQuit || o.Kind == ftbt.OptBack {
			continue
		}
		if k == 0 {
			return i, nil
		}
		k--
	}
	return req.Default, nil
}

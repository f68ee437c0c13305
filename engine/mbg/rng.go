package mbg

import "github.com/sandtable/sandtable/engine/rng"

// RNG is the game's seeded random source (see engine/rng).
type RNG = rng.RNG

// NewRNG returns the RNG of a game with the given seed.
func NewRNG(seed uint64) *RNG { return rng.New(seed) }

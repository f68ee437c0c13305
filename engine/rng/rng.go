// Package rng is the seeded random source every engine uses: a PCG stream
// per game, saved and restored with the game.
package rng

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
)

// RNG is a game's source of randomness: a PCG stream seeded from the game
// seed. Every random draw of a game (dice, hiring, cards, battles, scripts)
// comes from the game's own RNG, never from Go's global source or the clock,
// so the same seed and the same decisions replay the same game, and games run
// in parallel without sharing state.
//
// Use an RNG through a pointer; it is not safe for concurrent use. Its state
// is saved and restored with MarshalBinary/UnmarshalBinary (or the text forms,
// which a JSON save file uses).
type RNG struct {
	pcg rand.PCG
}

// New returns the RNG of a game with the given seed. The two PCG seeds are
// derived with splitmix64, so nearby game seeds (1, 2, 3 …) still start
// unrelated streams.
func New(seed uint64) *RNG {
	s1 := splitmix64(&seed)
	s2 := splitmix64(&seed)
	g := &RNG{}
	g.pcg.Seed(s1, s2)
	return g
}

// splitmix64 advances *state and returns the next splitmix64 output; it is the
// customary way to spread one seed over several generator words.
func splitmix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Float returns a uniform float64 in [0, 1).
func (g *RNG) Float() float64 {
	// Same construction as rand.Rand.Float64: 53 random mantissa bits. Done
	// here directly so the battle's hot path makes no second indirect call.
	return float64(g.pcg.Uint64()<<11>>11) / (1 << 53)
}

// IntN returns a uniform int in [0, n). Like rand.IntN it panics if n <= 0:
// callers pass counts they have checked.
func (g *RNG) IntN(n int) int {
	// A rand.Rand over our PCG gives the unbiased bounded draw without a copy
	// of its algorithm; it does not escape, so this does not allocate.
	return rand.New(&g.pcg).IntN(n)
}

// MarshalBinary implements encoding.BinaryMarshaler: the PCG state.
func (g *RNG) MarshalBinary() ([]byte, error) {
	return g.pcg.MarshalBinary()
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler, restoring a state
// written by MarshalBinary.
func (g *RNG) UnmarshalBinary(data []byte) error {
	if err := g.pcg.UnmarshalBinary(data); err != nil {
		return fmt.Errorf("rng state: %w", err)
	}
	return nil
}

// MarshalText implements encoding.TextMarshaler (hex of the binary state), so
// an RNG field in a JSON save file is written as a string.
func (g *RNG) MarshalText() ([]byte, error) {
	b, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return hex.AppendEncode(nil, b), nil
}

// UnmarshalText implements encoding.TextUnmarshaler for the form written by
// MarshalText.
func (g *RNG) UnmarshalText(text []byte) error {
	b, err := hex.AppendDecode(nil, text)
	if err != nil {
		return fmt.Errorf("rng state: %w", err)
	}
	return g.UnmarshalBinary(b)
}

// Source returns the RNG's PCG generator, for a rand.Rand that must draw from
// the same stream (the plugin worker's math.random, say). Draws through it
// advance this RNG.
func (g *RNG) Source() *rand.PCG { return &g.pcg }

// Rand returns a rand.Rand drawing from this RNG's stream.
func (g *RNG) Rand() *rand.Rand { return rand.New(&g.pcg) }

// Package agent holds the computer players of mbg: Random, which answers
// every request uniformly among its legal options from its own seeded RNG,
// and Heuristic, which plays the standard content with simple purposeful
// rules and no randomness. Both are mbg.Deciders; neither touches the game's
// RNG, so games stay reproducible from their seeds.
package agent

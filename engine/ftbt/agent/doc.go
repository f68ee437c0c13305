// Package agent holds the computer players of ftbt: Random, which answers
// every request uniformly among its legal options from its own seeded RNG,
// and AI, the scoring AI of the original engine (facts §9), which can play
// either side. Both are ftbt.Deciders; neither touches the game's RNG
// (except through tech scores a Lua class might draw for), so games stay
// reproducible from their seeds.
package agent

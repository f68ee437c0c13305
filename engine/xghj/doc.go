// Package xghj is the run-time engine of XiangGuHuaJi (香菇滑稽), the
// territory and influence war of the FC14 "百团大战" contest. It loads a
// Config (compiled by kit/xghj), asks every player for its orders of a
// round at once through play.Orders (simultaneous moves, each player
// seeing only its own View), resolves them and never imports kit/.
//
// Rule set fc14 is the contest engine of shared/rules/xghj.facts.md §1–§11
// exactly: the spawn bid (§3), diplomacy in the code's pair order (§6),
// bomb validation and the free capital bomb (§5.1, §5.2), influence by
// truncated kernel convolution (§4), defence and attack values and the
// break rule (§5.3–§5.5), capture connectivity (§5.6), the water reset,
// capital and siege (§5.7), production with the savings decay (§7),
// discovery and vision (§8), elimination, the end and the ranking (§9),
// and the state of the dead and the justify-war counters as game.cpp
// keeps them (§17: a kill zeroes saving and income and leaves the
// counters; production recounts every player's area, the dead's to 0;
// every start of a war resets both counters of the pair).
//
// Rules.BitExact reproduces the original to the bit: float32 arithmetic
// for the savings decay, the alliance cost, the capital bomb and the
// influence accumulation (each rounding forced, never fused; facts §16),
// 32-bit wraparound of attack and defence values, spawns checked in id
// order, the game running on when nobody is left, players killed at the
// spawn left out of the ranking and stale area (until the next
// production) and capital after an elimination. Without it the facts' recommended fixes apply and the
// arithmetic is exact: coefficients and kernel weights are fixed point
// with six decimals.
//
// A game is made by New (or Load, from a Save) and played by Step or Run.
// Step 0 is the bidding and spawn; every later Step is one round. Every
// change is an Event; every order the engine used is in the order log, and
// a game replays from its config, seed and that log (play.OrderReplay).
package xghj

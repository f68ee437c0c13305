// Package play is the part of a game's run time every engine shares: how a
// game asks its players for decisions and records the answers, how a
// recorded game is replayed, how a game is saved and loaded, and the event
// log. It knows no game: each engine instantiates its generic types with its
// own request kinds, options, views and events.
//
// Two shapes of decision fit:
//
//   - Sequential choices (mbg, ftbt, glory): the engine builds a Request with
//     the enumerated legal Options and a Default, and one player's Decider
//     picks an index (Seats.Decide). Out-of-range answers are re-asked at most
//     MaxAttempts times with the reason, then the Default is taken.
//   - Simultaneous orders (xghj): every player submits a free-form answer for
//     the round against the same view before any of them is applied
//     (Gather). The engine validates each answer; invalid ones are re-asked
//     the same way, then the player's default order is taken.
//
// Both record every answer the engine used in a log, so a game is fully
// described by its config, its seed and that log; Replay and OrderReplay
// answer from such a log and fail at the first request that differs from the
// record, naming the decision.
//
// A save (Envelope) carries a format version, the game's name, the config's
// name and sha256, the seed, the RNG state, the decision log and the game's
// own payload (state and event log); Open refuses a save made for another
// game, in another format or against another config.
package play

// Package agent has the xghj bots: Random, which gives random legal
// orders, and Heuristic, which expands toward resources, defends its
// capital and makes and breaks alliances by relative strength. Both read
// only the player's View, and both are stateless: their randomness comes
// from a stream seeded by their seed, the round and the player, so a saved
// game continues with fresh bots exactly as it would have with the old
// ones.
package agent

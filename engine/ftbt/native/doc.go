// Package native implements the tech classes of ftbt in Go, as an
// ftbt.EffectRunner: the five classes of the original engine (facts §8:
// damage, attack and defence buff, fly, disable-long) and a heal class that
// is not in the original (used by hand-made levels), each with its
// resolution (Apply) and the AI's scoring of a use (Score, facts §9.3 step
// 5). The shipped game runs its classes as Lua hooks; this runner is the
// reference the scripts are checked against and the baseline of the Lua
// benchmarks.
//
// Classes are looked up by their Hook id, never by their position, so a
// level may order, rename or re-parameterise them freely.
//
// Two slips of the original's fly score are parameters (rules/ftbt.md,
// "Rule of precedence" 2), read from the tech's Params, else its class's:
//
//   - "fly_gain_bias": added to the gain terrain weight − fly weight of a
//     cell. Default 0 (the fixed score); the original's operator-precedence
//     slip adds 2.
//   - "fly_cap": what caps the fly vmd before it is divided by FLY_VMD.
//     Default 0 caps with AI_MAX_TECH_FLY_VMD (fixed); 1 (any non-zero
//     value) caps with AI_MAX_TECH_BUF_VMD, as the original does.
package native

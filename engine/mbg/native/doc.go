// Package native implements the 12 battle techs of the mbg seed in Go, as an
// mbg.TechRunner. The shipped game runs its techs as Lua scripts; this
// provider is the reference the scripts are checked against and the baseline
// of the Lua benchmarks.
//
// Effects are looked up by the tech's Hook id, never by its position, so a
// scenario may reorder, rename or re-parameterise the seed techs.
package native

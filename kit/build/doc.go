// Package build drives the compiler pipeline of one scenario:
// load → validate the source against the scenario schema → resolve (per
// game) → lint → emit the config → validate it against the config schema →
// write it atomically. Every problem of a run is reported; nothing is
// written while any error remains.
package build

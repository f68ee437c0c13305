// Package build drives the compiler pipeline of one scenario:
// load → validate the source against the scenario schema → resolve (per
// game) → lint, which ends with the config in memory (Compiler.Compile);
// mapc build then encodes the config, validates it against the config
// schema (Result.Encode) and writes it atomically. Every problem of a run
// is reported; nothing is written while any error remains.
package build

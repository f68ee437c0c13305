// Package diag holds the one Diagnostic type used by every layer of the kit
// (TOML syntax, schema, references, Lua, game lint rules, legacy import) and
// the renderers that print diagnostics for people and machines.
//
// Positions are 1-based lines and columns counted in runes; Byte is the
// 0-based byte offset. A Range's End is exclusive.
package diag

// Package diag holds the one Diagnostic type used by every layer of the kit
// (TOML syntax, schema, references, Lua, game lint rules, legacy import) and
// the renderers that print diagnostics for people and machines.
//
// Positions are 1-based lines and columns counted in runes; Byte is the
// 0-based byte offset. A Range's End is exclusive.
//
// Render prints a list in one of four formats (text, json, github, sarif),
// always sorted and de-duplicated first (Normalize). The text format shows
// the source line under a caret and is colored only when Options.Color says
// so; CLIs decide that with UseColor from their --color flag, the terminal
// and NO_COLOR. Renderers take everything they describe from their
// arguments — file contents through Options.Sources, code documentation
// through a Catalogue — and keep no state between calls, so games can render
// in parallel.
//
// Every package that reports diagnostics documents its codes as CodeInfo
// values; MergeCatalogues joins them for a CLI, and WriteReference renders
// docs/diagnostics.md from the result. FilterIgnored applies
// `# lint:ignore CODE` comments, and ExitCode maps a list to the CLIs' exit
// status.
package diag

// Package scripts embeds the built-in content of every game: the Lua hooks
// and the TOML files that declare them, served to scenarios as builtin:… paths.
package scripts

import "embed"

// FS holds the tree below scripts/, e.g. "mbg/standard.toml".
//
//go:embed mbg ftbt glory xghj
var FS embed.FS

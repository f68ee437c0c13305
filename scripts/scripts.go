// Package scripts embeds the built-in content of every game: the Lua hooks
// and the TOML files that declare them, served to scenarios as builtin:… paths.
package scripts

import "embed"

// FS holds the tree below scripts/, e.g. "mbg/standard.toml": every
// game's folder, so a new game's folder needs no line here (kit/games
// checks that the folders are the registered games).
//
//go:embed */*
var FS embed.FS

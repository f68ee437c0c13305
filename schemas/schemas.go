// Package schemas embeds the JSON Schemas (draft-07) of every game's scenario
// source and compiled engine config.
package schemas

import "embed"

// FS holds the *.schema.json files of this directory.
//
//go:embed *.schema.json
var FS embed.FS

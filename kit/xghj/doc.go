// Package xghj is the authoring side of XiangGuHuaJi (香菇滑稽): the TOML
// source format (a map drawn as glyph rows with a terrain legend, per-cell
// overrides, named regions, the influence kernel as a drawn matrix, the
// players, [constants] and [rules]), its resolver into engine/xghj's
// Config, lint rules, the importer of the original's map and kernel files,
// mapc inspect and sim, and the replay and tournament commands. See
// docs/xghj.md.
package xghj

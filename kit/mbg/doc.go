// Package mbg holds the authoring side of mbg scenarios: the source model
// decoded from TOML, the resolver that turns names into indices and computes
// derived values (officer level and hpmax, city defence), the game's lint
// rules and the legacy importer.
package mbg

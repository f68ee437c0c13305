// Package ftbt holds the authoring side of ftbt scenarios (the tactical grid
// battle): the source model decoded from TOML, the resolver that draws the
// map from glyph rows, expands range shorthands into target offsets, builds
// terrain masks and bundles the tech-class scripts, the game's lint rules,
// the inspector and the legacy importer.
//
// The source format is described in docs/ftbt.md and, key by key, in
// schemas/ftbt.scenario.schema.json; the compiled config is
// engine/ftbt.Config.
package ftbt

// Package glory is the kit side of 58Glory: the TOML source format (map,
// rules, weapons, 偏移 multipliers, 数竞 classes, heroes with their skills),
// its resolution into an engine/glory.Config with the skill scripts
// bundled, the lint rules, mapc inspect and mapc sim. See docs/glory.md.
package glory

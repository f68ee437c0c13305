// Package source loads a scenario directory: scenario.toml plus the files it
// includes, decoded with BurntSushi/toml into plain JSON-typed values, with a
// position index that gives every key and value its range in the TOML text.
//
// Values are addressed by JSON pointers ("/cities/3/mayor"), the same
// addresses JSON Schema reports, so every later layer (schema, resolver,
// lint rules) can point a diagnostic at the TOML that produced a value.
package source

// Package schema validates scenario sources and compiled configs against the
// embedded JSON Schemas (schemas/), and maps every validation error from its
// JSON pointer back to the TOML key or value that produced it.
//
// mapping.go is the only file that knows the message formats of
// santhosh-tekuri/jsonschema/v5.
package schema

// Package linttest checks lint diagnostics against expectations written in
// the fixture files themselves, in the style of
// golang.org/x/tools/go/analysis/analysistest.
//
// A fixture line that must be reported ends with a want comment holding one
// quoted regular expression per expected diagnostic on that line:
//
//	mayor = "曹橾"  # want `unknown-officer: Unknown officer: .*"曹操"`
//	id = "x"       # want "dup-city" "bad-id"
//
// In Lua files the comment starts with "--" instead of "#". The comment
// applies to the line it is on; a want comment on a line of its own expects
// a diagnostic on that very line. Patterns are Go string literals, either
// "interpreted" (write \\ for a backslash) or `raw`. Each pattern is matched
// against the text "CODE: Summary: Detail" (": Detail" omitted when the
// detail is empty) of a diagnostic whose subject starts on that line.
//
// Check fails the test for every diagnostic no pattern claims and for every
// pattern no diagnostic matched. The scanner knows TOML basic, literal and
// multi-line strings and Lua strings and long brackets, so a "#" or "--"
// inside a string does not start a want comment.
package linttest

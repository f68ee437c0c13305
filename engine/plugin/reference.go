package plugin

import (
	"slices"
)

// This file is what the authoring side reads of the sandbox, to check
// scripts before they run (kit/luacheck) and to describe the API to
// editors and people (kit/luadoc): the base library, the names a script
// does not get, the library tables, how a script that does not load fails,
// and the sections of the reference the run time owns. The sandbox is
// built from the same tables, so what is checked and documented is what
// runs.

// Global is one function of the sandbox's base library, as documented.
type Global struct {
	Name            string
	Params, Returns []Field
	Doc             string
}

// BaseLibrary lists the sandbox's base library in documentation order.
func BaseLibrary() []Global {
	gs := sandboxGlobals()
	out := make([]Global, len(gs))
	for i, g := range gs {
		out[i] = Global{Name: g.name, Params: g.params, Returns: g.returns, Doc: g.doc}
	}
	return out
}

// Unavailable lists the standard globals a script does not get: they reach
// files, processes, the clock, other scripts' code or the garbage
// collector. Reading one fails with UnavailableMessage.
func Unavailable() []string { return removedGlobals() }

// Library is a library table a script gets: its members, and what the
// sandbox changes in it (for the API reference).
type Library struct {
	Name    string
	Members []string
	Notes   string
}

// mathLibNames are the members of math taken from gopher-lua as they are.
var mathLibNames = []string{
	"abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "deg", "exp", "floor", "fmod",
	"frexp", "huge", "ldexp", "log", "log10", "max", "min", "mod", "modf", "pi", "pow", "rad",
	"sin", "sinh", "sqrt", "tan", "tanh",
}

// Libraries lists the library tables a script gets. The sandbox fills the
// tables with exactly these members (TestLibraryNames).
func Libraries() []Library {
	return []Library{
		{"string", []string{"byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper"},
			"All Lua 5.1 functions (byte, char, find, format, gmatch, gsub, len, lower, match, rep, reverse, sub, upper), " +
				"implemented by the sandbox: results are capped at the string limit, their work (bytes, pattern-matching steps) counts against the " +
				"instruction budget (see what operations cost), lower/upper are ASCII-only as in C Lua, and `format`'s `%s` accepts any value through `tostring`. " +
				"`(\"x\"):upper()` uses the calling script's own `string` table."},
		{"table", []string{"concat", "insert", "remove", "sort", "getn", "maxn"},
			"concat, insert, remove, sort, getn, maxn, within the array and memory limits, their work counted against the instruction budget."},
		{"math", append(slices.Clone(mathLibNames), "random", "randomseed"),
			"All Lua 5.1 functions. `math.random` draws from the game's seeded random source; `math.randomseed` is accepted and ignored, because the game owns the seed."},
	}
}

// LoadError returns why src does not load as a script under limits (too
// large, a syntax error, nested too deeply, a compile error), or nil: what
// CompileLua reports, without compiling the script for running.
// SyntaxPosition places it.
func LoadError(path string, src []byte, limits Limits) error {
	_, err := compileSource(path, src, limits.withDefaults())
	return err
}

// SyntaxPosition returns where a load error of src lies (1-based line,
// column in runes, 0 when only the line is known) and its message.
func SyntaxPosition(err error, src []byte) (line, col int, msg string) {
	return syntaxPosition(err, src)
}

// Package plugin is Sandtable's hook registry: engines look up techs, cards,
// skills, effects and victory conditions here by (kind, id) instead of
// switching over content ids, and modders add them in Lua without
// recompiling.
//
// A Kind declares a kind of hook once, in Go: the functions a hook exports,
// the ctx table they receive and the host API (a global table such as mbg)
// the engine offers while they run. That one declaration drives the Lua
// binding, the Go calling convention (Sig and Call) and, on the authoring
// side, the build-time checks (kit/luacheck's Check), the LuaLS editor stubs
// and docs/lua-api.md (kit/luadoc), which read the sandbox's own tables
// (reference.go). The package knows no game: each game declares its
// kinds, ctx types and host interfaces beside its engine (engine/mbg/hooks,
// engine/ftbt/hooks …), and the tools get the list of kinds from the
// registered games (kit/games).
//
// A Registry holds hooks from two providers behind one interface: compiled
// Lua scripts (LuaHook; loaded from a config's bundled sources with
// LoadBundle or from mod directories with LoadFS) and Go functions (GoHook;
// for tests, native baselines and benchmarks). A later layer may replace a
// hook; the registry then returns a Warning naming both origins.
//
// A Worker runs hooks on one goroutine, in one Lua state of its own. Each
// script is compiled once per registry and instantiated per worker in an
// environment of its own, with its own copies of the library tables, so one
// mod cannot see or change another's globals or library. The sandbox offers
// only the base, string, table and math libraries (no io, os, debug,
// package, coroutine, load, require, …), sends print to the game's event
// log, draws math.random from the game's seeded generator and exposes no
// clock or address, so the same seed replays the same game on any number of
// workers. Every call runs under Limits: an instruction budget (which also
// counts, by its size, the work done in Go for # and next and in the
// library functions: cost.go), a call depth, and caps on string length,
// array size and memory, with a wall-clock backstop far above them as the
// machine's alarm. Before a script is compiled, engine/plugin/luarewrite
// rewrites the operations whose memory or work the worker must check (..,
// computed-key writes, #, comparisons) into calls of hidden Go functions
// and marks the assignments that would keep state in a hook. A script
// that fails or breaks a limit yields an *Error naming the script, line,
// kind and id; the worker stays usable.
//
// Engines call hooks through typed wrappers their game declares around Call
// and a Sig (mbg's hooks.RunTech, for instance), passing a per-call host
// value that the Lua host API dispatches to.
//
// # Three routes
//
// A hook function runs one of three ways: a Go hook's function, compiled
// code, or the VM. A registry given a Compiler (SetCompiler; the games'
// hooks packages give engine/plugin/compiled's) asks it to compile each
// script once; a worker runs the functions it compiled instead of the VM,
// with the same results, errors and limits, through the Compiled and Code
// interfaces and the Runtime the worker lends. WorkerOptions.NoFastPath
// runs every script on the VM, so tests and benchmarks can compare the
// two. The compiler's package doc says how a hook is compiled and why it
// is exact.
package plugin

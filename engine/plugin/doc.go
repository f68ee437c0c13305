// Package plugin is Sandtable's hook registry: engines look up techs, cards,
// skills, effects and victory conditions here by (kind, id) instead of
// switching over content ids, and modders add them in Lua without
// recompiling.
//
// A Kind declares a kind of hook once, in Go: the functions a hook exports,
// the ctx table they receive and the host API (a global table such as mbg)
// the engine offers while they run. That one declaration drives the Lua
// binding, the Go calling convention (Sig and Call), the build-time checks
// (Check), the LuaLS editor stubs (WriteStubs) and docs/lua-api.md
// (WriteAPIReference). The package knows no game: each game declares its
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
// workers. Every call runs under Limits: an instruction budget, a deadline,
// a call depth, and caps on string length, array size and memory. A script
// that fails or breaks a limit yields an *Error naming the script, line,
// kind and id; the worker stays usable.
//
// Engines call hooks through typed wrappers their game declares around Call
// and a Sig (mbg's hooks.RunTech, for instance), passing a per-call host
// value that the Lua host API dispatches to.
//
// # The fast path
//
// Most hooks are a few lines of arithmetic and host calls, for which the
// VM's fixed costs dwarf the work. When a script is written in a small, pure
// subset of Lua, it is also compiled, once per registry, into Go closures
// that compute exactly what the VM would, and workers run those instead.
// The subset:
//
//   - top level: only `function NAME(...) … end` for the kind's functions
//     and `local NAME = …` constants (literals, arithmetic, math calls);
//   - statements: local declarations, assignment of one value to a local
//     of the function, if/elseif/else, do … end, return (early returns
//     too), and calls of the kind's host functions (mbg.burn(n));
//   - expressions: nil, true, false, numbers, strings, locals, ctx.NAME,
//     ctx.params.NAME (also through a local), and, or, not, + - * / % ^,
//     unary minus, comparisons, math.floor, ceil, abs, sqrt, min, max,
//     math.pi and math.huge, host calls whose results are used
//     (local m = mbg.money(ctx.user)), parentheses.
//
// A script that does anything else (loops, tables, closures, .., #,
// method calls, varargs, math.random, other globals, assigning a global,
// an upvalue or several values at once, a top level that runs code) runs on
// the VM as before. Nothing else changes: the same host functions check
// the same arguments, errors are the same *Error with the same line and
// message, limits and determinism are unaffected, and Check, the stubs and
// the API reference do not depend on it. WorkerOptions.NoFastPath runs
// every script on the VM, so tests and benchmarks can compare the two.
package plugin

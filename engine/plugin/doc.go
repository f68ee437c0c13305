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
// machine's alarm. A script
// that fails or breaks a limit yields an *Error naming the script, line,
// kind and id; the worker stays usable.
//
// Engines call hooks through typed wrappers their game declares around Call
// and a Sig (mbg's hooks.RunTech, for instance), passing a per-call host
// value that the Lua host API dispatches to.
//
// # The fast path
//
// Most hooks are a few lines of arithmetic, host calls and a loop over an
// area, for which the VM's fixed costs dwarf the work. When a script is
// written in a plain subset of Lua, it is also compiled, once per
// registry, into Go closures that compute exactly what the VM would, and
// workers run those instead. The subset:
//
//   - top level: only `function NAME(...) … end` for the kind's functions,
//     `local NAME = …` constants (literals, arithmetic, math calls) and
//     `local function NAME(...) … end` helpers (which may recurse, call
//     earlier helpers and receive ctx as a value);
//   - statements: local declarations (of several values too), assignment
//     of one value to a local of the function, if/elseif/else, do … end,
//     return (early returns and tail calls too), calls of the kind's host
//     functions and of helpers, numeric for, and `for i, v in ipairs(H)`
//     where H is a call of a host function returning an array, which the
//     loop walks without building a Lua table;
//   - expressions: nil, true, false, numbers, strings (up to 1 KiB), locals, ctx.NAME,
//     ctx.params.NAME (also through a local), and, or, not, + - * / % ^,
//     unary minus, comparisons, math.floor, ceil, abs, sqrt, min, max,
//     math.random(), math.pi and math.huge, host and helper calls whose
//     results are used (local m = mbg.money(ctx.user)), parentheses.
//
// A local helper that only computes numbers from numbers also gets a form
// over unboxed float64 values, which a call runs when its arguments are
// numbers and the limits are far (fastnum.go); host functions of integers
// and enums may declare a shortcut that skips Args (HostFunc.Fast).
//
// A script that does anything else (tables, closures, while, repeat,
// break, pairs, .., #, method calls, varargs, other globals, assigning a
// global, an upvalue or several values at once, a top level that runs
// code) runs on the VM as before. Nothing else changes: the same host
// functions check the same arguments, errors are the same *Error with the
// same line, message and traceback, the call depth is counted exactly, and
// loops and recursion count instructions (a lower bound of the VM's count,
// so a runaway script is stopped with the VM's error and no call the VM
// finishes is stopped). Check, the stubs and the API reference do not
// depend on it. WorkerOptions.NoFastPath runs every script on the VM, so
// tests and benchmarks can compare the two.
package plugin

// Package compiled is the compiled route into Lua: a compiler
// (plugin.Compiler) from a plain subset of Lua to Go, whose code a
// plugin.Worker runs in place of the gopher-lua VM. A hook function then
// runs one of three ways: a Go hook's function, this package's code, or the
// VM. The games' hooks packages set Compiler on their registries
// (plugin.Registry.SetCompiler); engine/plugin knows only the interface.
//
// Most hooks are a few lines of arithmetic, host calls and a loop over an
// area, for which the VM's fixed costs (filling the ctx table, a context
// check per instruction, field reads through the ctx proxy) dwarf the work.
//
// # How a hook is compiled
//
// Once per registry, Compiler.Compile parses the script (gopher-lua's
// parser) and, when every function the script defines for its kind is in
// the subset, compiles it in up to three forms, each tried before the next:
//
//   - Register code (fastreg.go, fastregcomp.go): a hook function whose
//     values are all numbers and whose host calls only read the game
//     (plugin.HostFunc.ReadOnly), but for changes at its end, becomes code
//     for a small register machine over float64: ctx fields and constants
//     in registers, numeric helpers inlined, conditions as compare-and-jump
//     instructions. Passes over it (fastregopt.go, fastreglicm.go) thread
//     jumps, fuse frequent pairs, compute loop-invariant work before the
//     loop and pack each instruction into one 64-bit word. Code that calls
//     nothing and cannot give up ("plain", most mbg techs) runs through
//     plugin.Code.Plain, without the worker's bookkeeping of a call.
//   - Numeric forms (fastnum.go): a local helper computing numbers from
//     numbers also runs over unboxed float64 when its arguments are
//     numbers and the limits are far.
//   - The general form (fast.go, fastcall.go, fastops.go): every function
//     becomes a tree of Go closures over boxed values (plugin.Value), with
//     local functions, recursion, tail calls, numeric for and ipairs over a
//     host function's integer array.
//
// The subset:
//
//   - top level: only `function NAME(...) … end` for the kind's functions,
//     `local NAME = …` constants (literals, arithmetic, math calls) and
//     `local function NAME(...) … end` helpers (which may recurse, call
//     earlier helpers and receive ctx as a value);
//   - statements: local declarations (of several values too), assignment
//     of one value to a local of the function, if/elseif/else, do … end,
//     return (early returns and tail calls too), calls of the kind's host
//     functions and of helpers, numeric for, and `for i, v in ipairs(H)`
//     where H is a call of a host function returning an array;
//   - expressions: nil, true, false, numbers, strings (up to 1 KiB),
//     locals, ctx.NAME, ctx.params.NAME (also through a local), and, or,
//     not, + - * / % ^, unary minus, comparisons, math.floor, ceil, abs,
//     sqrt, min, max, math.random(), math.pi and math.huge, host and
//     helper calls whose results are used, parentheses.
//
// A script that does anything else (tables, closures, while, repeat,
// break, pairs, .., #, method calls, varargs, other globals, assigning a
// global, an upvalue or several values at once, a top level that runs
// code) runs on the VM. plugin.LuaHook.WhyNotCompiled says why.
//
// # Why it is exact
//
// The compiled code computes what gopher-lua's VM computes, not what C Lua
// would: its string-to-number coercion, math.max's comparison order, its
// error messages and their lines, the +0 its number allocator returns for
// an arithmetic result of -0, the way it assigns an and/or chain to an
// existing local. Two places where its results depend on how it compiles
// are kept out of the subset instead: several values assigned at once and
// constants equal to -0. With all of a script's functions compiled, no Lua
// code runs in its environment after the top level, so the host table and
// math library the code calls are the pristine ones.
//
// Host calls go through the same plugin.HostFunc.Impl and plugin.Args
// (plugin.Runtime.CallHost) or the function's Fast shortcut, which must
// decline what Impl would refuse; a failure is the same *plugin.Error with
// the same script, line, column, message and traceback (plugin.Runtime.Fail
// places it as the VM's is placed). The call depth is counted exactly as
// on the VM, and loops and recursion count instructions: each iteration
// and call counts the VM instructions it certainly runs, a lower bound of
// the VM's count, so a runaway script is stopped by the same limit with
// the same message at the same line, and no call the VM finishes is
// stopped. Register code counts an upper bound instead and gives the call
// up (numBail) before it could pass the budget.
//
// Register code gives a call up on anything it does not handle (a ctx field
// that is not a number, a params value absent where a number is needed, a
// host argument that is not whole, a Fast shortcut declining); the general
// form then runs the call again from the start. That is sound because
// nothing the first attempt did can be seen: it calls only read-only host
// functions before any change (effectsLast), a host that records calls is
// told to forget them (plugin.Rewinder), and it draws no random numbers.
//
// The differential tests hold every form to the VM: fastdiff_test.go runs
// each script on a compiled worker and a VM worker with the same inputs
// and recording hosts and compares results, errors (message, line, limit,
// traceback) and host calls, and the instruction counts' bound; the
// shipped scripts (fast_games_test.go), generated scripts (fastgen_test.go,
// fastreg_test.go) and a fuzz target (FuzzFastPath) go through it.
package compiled

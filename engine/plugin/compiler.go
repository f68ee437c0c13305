package plugin

import (
	"math/rand/v2"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// A hook function runs one of three ways: a Go hook's function, compiled
// code, or the gopher-lua VM. Compiler is the boundary of the second: a
// registry given one (Registry.SetCompiler) asks it to compile each Lua
// script once, and a worker runs the functions it compiled instead of the
// VM, with the same results, errors and limits (engine/plugin/compiled is
// the one in use and explains how). The package knows no compiler: the
// games' hooks packages set it.
type Compiler interface {
	// Compile compiles the script src of kind, whose VM form is proto,
	// or says why it does not (the script then runs on the VM).
	Compile(kind *Kind, path string, src []byte, proto *lua.FunctionProto, limits Limits) (Compiled, string)
}

// Compiled is a script a Compiler compiled: immutable, shared by the
// registry's workers.
type Compiled interface {
	// Defines reports whether the function fn (by index in Kind.Funcs)
	// is compiled.
	Defines(fn int) bool
	// Bind returns the code of one instance of the script on the worker
	// whose Runtime is rt.
	Bind(rt *Runtime) Code
}

// Code is a compiled script bound to one hook instance on one worker.
type Code interface {
	// Slots returns the instance's ctx array: the ctx fields by index in
	// Kind.Ctx, which a Sig's fill writes through the hook's Table before
	// each call, then room the code uses as it likes.
	Slots() []Value
	// Plain runs fn when it can do so with no host call and no way to
	// fail, without the worker's bookkeeping of a call, and returns its
	// results (valid until the next call); nil otherwise.
	Plain(fn int) *[]float64
	// Run runs fn in the call the worker has begun (Runtime.Host is
	// the call's host) and returns its results, valid until the next
	// call, or its failure (Runtime.Fail).
	Run(fn int) (Results, *Error)
}

// Runtime is what a worker lends compiled code: the call's host, the host
// functions through Args, the random source, the limits and the way to
// fail as the VM does. One per worker.
type Runtime struct {
	w    *Worker
	host any
	he   HostErr // host as a HostErr, or nil
	args Args
	// Ints is where Args.ReturnInts copies an array for compiled code
	// (IntsValue); the code resets it.
	Ints []int
	// State is the compiler's own state of this worker, kept between
	// calls (its frame, say).
	State any
}

// CompiledState returns the compiler's state of w (Runtime.State), for
// the compiler's tests.
func (w *Worker) CompiledState() any { return w.rt.State }

// Instructions returns the instructions the VM ran in w's last call.
func (w *Worker) Instructions() int64 { return w.wd.n }

// Raw returns argument i as the route passed it: as a Value from compiled
// code (true), as a Lua value from the VM (false); for the compiler's
// tests.
func (a *Args) Raw(i int) (Value, lua.LValue, bool) {
	if a.fast {
		return a.arg(i), nil, true
	}
	return Value{}, a.l.Get(i), false
}

// Host returns the host of the call in progress.
func (rt *Runtime) Host() any { return rt.host }

// Rand returns the random source math.random draws from, or nil.
func (rt *Runtime) Rand() *rand.Rand { return rt.w.rng }

// Limits returns the worker's limits.
func (rt *Runtime) Limits() Limits { return rt.w.limits }

// InstructionLimit returns the VM's message for a call over
// Limits.MaxInstructions.
func (rt *Runtime) InstructionLimit() string { return rt.w.wd.errN.Error() }

// CallHost calls the host function hf (named name, "mbg.burn") with the
// arguments in, appending its results to out, as the host table's Lua
// function does on the VM; arrays: its results feed the ipairs of a for
// loop. A failure panics with a HostPanic for Code.Run to recover.
func (rt *Runtime) CallHost(hf *HostFunc, name string, arrays bool, in, out []Value) []Value {
	a := &rt.args
	a.fn, a.name, a.nret, a.arrays = hf, name, 0, arrays
	a.in, a.out = in, out
	hf.Impl(rt.host, a)
	if rt.he != nil {
		if err := rt.he.Err(); err != nil {
			a.Fail(err)
		}
	}
	return a.out
}

// CheckHost ends the call, as Args.Fail does for the host function hf,
// when the host recorded an error during a call that HostFunc.Fast made
// without Args.
func (rt *Runtime) CheckHost(hf *HostFunc, name string, arrays bool) {
	if rt.he == nil {
		return
	}
	if err := rt.he.Err(); err != nil {
		a := &rt.args
		a.fn, a.name, a.nret, a.arrays = hf, name, 0, arrays
		a.Fail(err)
	}
}

// HostPanic is what Args raises on compiled code: the message of a host
// function's error, at the line of the host call in progress.
type HostPanic struct{ Msg string }

// IntsValue copies xs into rt.Ints and returns them as a VInts.
func (rt *Runtime) IntsValue(xs []int) Value {
	start := len(rt.Ints)
	rt.Ints = append(rt.Ints, xs...)
	if len(xs) == 0 {
		return Value{K: VInts}
	}
	return Value{K: VInts, N: float64(len(xs)), P: unsafe.Pointer(&rt.Ints[start])}
}

// Fail ends the call in progress, which failed in function fn at line
// with msg, as the VM would: it returns the *Error (placed in the
// script's text, with the host's error when msg is its message) and
// replaces the Lua state when a Go panic may have left it inconsistent.
func (rt *Runtime) Fail(fn string, line int, msg string, limit Limit, tb []Frame, goPanic bool) *Error {
	w := rt.w
	e := w.cur.errorf(fn, "%s", msg)
	e.Line, e.Limit, e.Traceback = line, limit, tb
	placeError(w.cur.hook, e)
	if stackOverflow(e.Message) {
		e.Limit = LimitStack
	}
	return w.end(e, goPanic)
}

// Origin returns the origin of the hook of the call in progress.
func (rt *Runtime) Origin() string { return rt.w.cur.hook.Origin() }

// ValueResults returns the results vs of compiled code.
func ValueResults(vs *[]Value) Results { return Results{vals: vs} }

// NumberResults returns the results xs, all numbers, of compiled code.
func NumberResults(xs *[]float64) Results { return Results{nums: xs} }

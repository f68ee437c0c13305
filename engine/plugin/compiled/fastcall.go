package compiled

import (
	"fmt"
	"strings"

	"github.com/yuin/gopher-lua/ast"

	"github.com/sandtable/sandtable/engine/plugin"
)

// Loops and local functions on the fast path (see fast.go for the rest).
//
//   - `local function NAME(params) … end` (or `local NAME = function …`)
//     at the top level: a function the hook functions, and local
//     functions defined after it, call by name. Each function's locals
//     have a region of the call's slots of their own, so a call moves
//     nothing; a function called while a call of it is in progress
//     (recursion) saves its region first and restores it when done.
//     `return f(…)` is a tail call, as on the VM: it replaces the caller,
//     so endless tail recursion runs into the instruction budget, not the
//     call depth.
//   - `for NAME = a, b[, step] do … end`, with gopher-lua's FORPREP and
//     FORLOOP semantics (no string coercion, the limit checked by the
//     first FORLOOP).
//   - `for i, v in ipairs(E) do … end`: when E is a host function
//     returning an integer array (ftbt.aoe), the loop walks a copy of the
//     host's Go slice; no Lua table is made. ipairs of ctx or a params
//     table runs no iteration, as on the VM (their Lua tables have no
//     array part); anything else fails as ipairs does.
//
// Limits. A loop or a recursion can run unbounded, so the fast path counts
// instructions too: each iteration of a loop and each call of a local
// function counts the VM instructions it certainly runs (one for the
// FORLOOP, TFORLOOP or RETURN, one for each leading local declaration,
// assignment and call statement of its body). The count is a lower bound
// of the VM's, which the differential tests check; a call whose count
// passes Limits.MaxInstructions fails with the VM's error. Calls of local,
// host and math functions check the call depth exactly as the VM does
// (every function, Lua or Go, takes a frame of Limits.MaxCallDepth), and
// fail with its "stack overflow".

// frameRec is a frame of the VM's call stack the fast path keeps, for
// tracebacks: the function running, how many tail calls replaced the
// frame (the VM's TailCall), and, below the top, the line of its call in
// progress.
type frameRec struct {
	fn   *fastFunc
	tail int
	line int
}

// localFunction reports whether st declares a local function: gopher-lua
// makes `local function f` and `local f = function` the same statement,
// and lets both refer to themselves.
func localFunction(st *ast.LocalAssignStmt) (*ast.FunctionExpr, bool) {
	if len(st.Names) != 1 || len(st.Exprs) != 1 {
		return nil, false
	}
	f, ok := st.Exprs[0].(*ast.FunctionExpr)
	return f, ok
}

// localFunction compiles a top-level local function.
func (c *fcompiler) localFunction(name string, f *ast.FunctionExpr) {
	if f.ParList.HasVargs {
		reject("line %d: varargs", f.Line())
	}
	ff := &fastFunc{name: name, local: true, id: c.nfuncs, line: f.Line(), def: f}
	c.nfuncs++
	c.declare(name, binding{kind: bindFunc, fn: ff})
	c.inFunc, c.inLocal, c.cur = true, true, ff
	c.nslots, c.max = 0, 0
	c.fbase = c.next
	ff.base = c.fbase
	c.push()
	for _, p := range f.ParList.Names {
		c.newSlot(p)
	}
	ff.nparam = len(f.ParList.Names)
	ff.body = c.block(f.Stmts)
	c.pop()
	ff.nlocal = c.max
	ff.entry = 1 + leadingCost(f.Stmts)
	c.next += ff.nlocal
	c.inFunc, c.inLocal, c.cur = false, false, nil
	ff.num = c.numeric(ff, f)
}

// leadingCost counts the statements at the start of a block that always
// run once the block starts (unless a call fails): local declarations,
// assignments and call statements. Each is at least one VM instruction.
func leadingCost(stmts []ast.Stmt) int64 {
	var n int64
	for _, s := range stmts {
		switch s.(type) {
		case *ast.LocalAssignStmt, *ast.AssignStmt, *ast.FuncCallStmt:
			n++
		default:
			return n
		}
	}
	return n
}

// localCall is a compiled call of a local function.
type localCall struct {
	fn     *fastFunc
	args   exprList
	line   int
	direct bool // see localCall.call
}

func (c *fcompiler) localCall(e *ast.FuncCallExpr, fn *fastFunc) cexpr {
	if !c.inFunc {
		reject("line %d: local function call at load time", e.Line())
	}
	if fn == c.cur {
		fn.recursive = true
	}
	lc := &localCall{fn: fn, args: c.list(e.Args), line: e.Line()}
	// A call of a function that does not call itself (so is never
	// entered twice) with a few arguments takes a shorter way.
	lc.direct = !fn.recursive && fn != c.cur && lc.args.last == nil && len(lc.args.ops) <= maxDirectArgs
	return cexpr{lcall: lc, single: e.AdjustRet, eval: lc.first}
}

// maxDirectArgs is the most arguments of a direct local call.
const maxDirectArgs = 4

// run calls the function; its results are valid until the next call.
func (lc *localCall) run(fr *frame) []plugin.Value {
	if lc.direct {
		return lc.call(fr)
	}
	base := len(fr.stack)
	lc.args.pushArgs(fr)
	fr.invoke(lc.fn, base, lc.line)
	fr.stack = fr.stack[:base]
	return fr.res
}

// call is run for a direct call: invoke and enter without the stack, the
// tail-call loop (unless the callee makes a tail call) and the recursion
// bookkeeping.
func (lc *localCall) call(fr *frame) []plugin.Value {
	var tmp [maxDirectArgs]plugin.Value
	n := len(lc.args.ops)
	for i := range lc.args.ops {
		tmp[i] = lc.args.ops[i].get(fr)
	}
	if f := lc.fn; f.num != nil && f.num.try(fr, tmp[:n]) {
		fr.res = append(fr.res[:0], plugin.NumberValue(fr.nres[0]))
		if fr.nret > 1 {
			fr.res = append(fr.res, plugin.NumberValue(fr.nres[1]))
		}
		return fr.res
	}
	return lc.callWith(fr, &tmp, n)
}

// callWith is call with the n arguments computed.
func (lc *localCall) callWith(fr *frame, tmp *[maxDirectArgs]plugin.Value, n int) []plugin.Value {
	f := lc.fn
	if fr.depth >= fr.maxDepth {
		stackOverflow(lc.line)
	}
	caller := fr.fn
	fr.frames[len(fr.frames)-1].line = lc.line
	fr.frames = append(fr.frames, frameRec{fn: f})
	fr.depth++
	fr.fn = f
	fr.count(f.entry, f.line)
	params := fr.slots[f.base : f.base+f.nparam]
	for i := range params {
		if i < n {
			params[i] = tmp[i]
		} else {
			params[i] = plugin.Value{}
		}
	}
	for {
		if !runBlock(fr, f.body) {
			fr.res = fr.res[:0]
			break
		}
		if fr.tail == nil {
			break
		}
		t := fr.tail
		fr.tail = nil
		top := &fr.frames[len(fr.frames)-1]
		top.fn = t
		top.tail++
		if t.recursive {
			base := len(fr.stack)
			fr.stack = append(fr.stack, fr.targs...)
			fr.enter(t, base)
			fr.stack = fr.stack[:base]
			break
		}
		// A tail call of a function that does not call itself: here.
		f = t
		fr.fn = f
		fr.count(f.entry, f.line)
		params := fr.slots[f.base : f.base+f.nparam]
		for i := range params {
			if i < len(fr.targs) {
				params[i] = fr.targs[i]
			} else {
				params[i] = plugin.Value{}
			}
		}
	}
	fr.depth--
	fr.fn = caller
	fr.frames = fr.frames[:len(fr.frames)-1]
	return fr.res
}

func (lc *localCall) first(fr *frame) plugin.Value {
	if lc.direct {
		var tmp [maxDirectArgs]plugin.Value
		n := len(lc.args.ops)
		for i := range lc.args.ops {
			tmp[i] = lc.args.ops[i].get(fr)
		}
		if f := lc.fn; f.num != nil && f.num.try(fr, tmp[:n]) {
			// A numeric function returns at least one value.
			return plugin.NumberValue(fr.nres[0])
		}
		if rs := lc.callWith(fr, &tmp, n); len(rs) > 0 {
			return rs[0]
		}
		return plugin.Value{}
	}
	if rs := lc.run(fr); len(rs) > 0 {
		return rs[0]
	}
	return plugin.Value{}
}

// tailCall compiles `return f(args)` for a local function f: the VM's
// TAILCALL, which ends the caller before f runs.
func (c *fcompiler) tailCall(s *ast.ReturnStmt) (stmtFn, bool) {
	if !c.isTailCall(s) {
		return nil, false
	}
	e := s.Exprs[0].(*ast.FuncCallExpr)
	b, _ := c.lookup(e.Func.(*ast.IdentExpr).Value)
	fn, args := b.fn, c.list(e.Args)
	if fn == c.cur {
		fn.recursive = true
	}
	return func(fr *frame) bool {
		base := len(fr.stack)
		args.pushArgs(fr)
		fr.targs = append(fr.targs[:0], fr.stack[base:]...)
		fr.stack = fr.stack[:base]
		fr.tail = fn
		return true
	}, true
}

// invoke calls the local function f with the arguments on the stack from
// base; its results are left in fr.res.
func (fr *frame) invoke(f *fastFunc, base, line int) {
	if fr.depth >= fr.maxDepth {
		stackOverflow(line)
	}
	caller := fr.fn
	fr.frames[len(fr.frames)-1].line = line
	fr.frames = append(fr.frames, frameRec{fn: f})
	fr.depth++
	fr.enter(f, base)
	fr.depth--
	fr.fn = caller
	fr.frames = fr.frames[:len(fr.frames)-1]
}

// enter runs f in the current frame with the arguments on the stack from
// base, and then the functions it tail-calls.
func (fr *frame) enter(f *fastFunc, base int) {
	for {
		fr.fn = f
		fr.count(f.entry, f.line)
		slots := fr.slots[f.base : f.base+f.nlocal]
		saved := -1
		if f.recursive {
			if fr.active[f.id] > 0 {
				saved = len(fr.saved)
				fr.saved = append(fr.saved, slots...)
			}
			fr.active[f.id]++
		}
		args := fr.stack[base:]
		for i := range f.nparam {
			if i < len(args) {
				slots[i] = args[i]
			} else {
				slots[i] = plugin.Value{}
			}
		}
		if !runBlock(fr, f.body) {
			fr.res = fr.res[:0]
		}
		if f.recursive {
			fr.active[f.id]--
		}
		if saved >= 0 {
			copy(slots, fr.saved[saved:])
			fr.saved = fr.saved[:saved]
		}
		if fr.tail == nil {
			return
		}
		f, fr.tail = fr.tail, nil
		top := &fr.frames[len(fr.frames)-1]
		top.fn = f
		top.tail++
		fr.stack = append(fr.stack[:base], fr.targs...)
	}
}

// runHook runs the hook function f, and what it tail-calls.
func (fr *frame) runHook(f *fastFunc) {
	fr.fn = f
	fr.frames[0] = frameRec{fn: f}
	if !runBlock(fr, f.body) {
		fr.res = fr.res[:0]
	}
	if fr.tail != nil {
		t := fr.tail
		fr.tail = nil
		fr.frames[0].fn = t
		fr.frames[0].tail++
		base := len(fr.stack)
		fr.stack = append(fr.stack, fr.targs...)
		fr.enter(t, base)
		fr.stack = fr.stack[:base]
	}
}

// init prepares a worker's frame: between calls it is at the bottom
// (depth 1, one frame, nothing saved or pending), where a call that
// succeeds leaves it and reset puts it after one that failed.
func (fr *frame) init(l *plugin.Limits) {
	fr.maxN, fr.maxDepth = l.MaxInstructions, l.MaxCallDepth
	fr.frames = make([]frameRec, 1, 16)
	fr.reset()
}

// reset returns fr to the bottom after a failed call.
func (fr *frame) reset() {
	fr.depth = 1
	fr.frames = fr.frames[:1]
	fr.saved, fr.rt.Ints, fr.stack = fr.saved[:0], fr.rt.Ints[:0], fr.stack[:0]
	fr.tail = nil
	clear(fr.active)
}

// begin prepares fr for a call of a hook of script fs.
func (fr *frame) begin(fs *fastScript) {
	fr.n = 0
	if len(fr.active) < fs.nlocal {
		fr.active = make([]int32, fs.nlocal)
	}
	if len(fr.nums) < fs.nnums {
		fr.nums = make([]float64, fs.nnums)
	}
}

// count adds n to the instructions of the call, and fails the call at
// line when they pass the budget.
func (fr *frame) count(n int64, line int) {
	fr.n += n
	if fr.n > fr.maxN {
		fr.overBudget(line)
	}
}

// overBudget fails the call at line with the VM's error.
func (fr *frame) overBudget(line int) {
	panic(&fastError{line: line, msg: fr.rt.InstructionLimit(), limit: plugin.LimitInstructions})
}

// stackOverflow fails a call made at the full call depth, as the VM does.
func stackOverflow(line int) {
	raise(line, "stack overflow")
}

// random is math.random() with no arguments (the sandbox's mathRandom).
func (fr *frame) random(line int) plugin.Value {
	if fr.depth >= fr.maxDepth {
		stackOverflow(line)
	}
	rng := fr.rt.Rand()
	if rng == nil {
		raiseGo(line, "math.random: the engine gave this worker no random source")
	}
	return plugin.NumberValue(rng.Float64())
}

// returnsArray reports whether host function hf returns an array.
func returnsArray(hf *plugin.HostFunc) bool {
	for _, r := range hf.Returns {
		if strings.HasSuffix(r.Type, "[]") {
			return true
		}
	}
	return false
}

// ---- loops ----

// numberFor compiles a numeric for loop.
func (c *fcompiler) numberFor(s *ast.NumberForStmt) stmtFn {
	c.loops = true
	init := c.operand(c.expr(s.Init))
	limit := c.operand(c.expr(s.Limit))
	var step operand
	if s.Step != nil {
		step = c.operand(c.expr(s.Step))
	} else {
		step = c.operand(constExpr(plugin.NumberValue(1)))
	}
	c.push()
	slot := c.newSlot(s.Name)
	body := c.block(s.Stmts)
	c.pop()
	cost := 1 + leadingCost(s.Stmts)
	line := s.Line()
	return func(fr *frame) bool {
		a := init.get(fr)
		b := limit.get(fr)
		st := step.get(fr)
		if a.K != plugin.VNumber {
			raise(line, "for statement init must be a number")
		}
		if st.K != plugin.VNumber {
			raise(line, "for statement step must be a number")
		}
		i := normZero(a.N - st.N)
		for {
			fr.count(cost, line)
			if b.K != plugin.VNumber {
				raise(line, "for statement limit must be a number")
			}
			x := float64(i + st.N)
			i = normZero(x)
			if !(st.N > 0 && x <= b.N || st.N <= 0 && x >= b.N) {
				return false
			}
			fr.slots[slot] = plugin.NumberValue(i)
			if runBlock(fr, body) {
				return true
			}
		}
	}
}

// ipairsFor compiles `for names in ipairs(args) do … end`.
func (c *fcompiler) ipairsFor(s *ast.GenericForStmt) stmtFn {
	c.loops = true
	if len(s.Exprs) != 1 {
		reject("line %d: generic for without ipairs", s.Line())
	}
	call, ok := s.Exprs[0].(*ast.FuncCallExpr)
	if !ok || call.Func == nil {
		reject("line %d: generic for without ipairs", s.Line())
	}
	if id, ok := call.Func.(*ast.IdentExpr); !ok || id.Value != "ipairs" {
		reject("line %d: generic for without ipairs", s.Line())
	}
	if _, local := c.lookup("ipairs"); local {
		reject("line %d: ipairs is a local", s.Line())
	}
	if n := len(call.Args); n > 0 {
		if a, ok := call.Args[n-1].(*ast.FuncCallExpr); ok {
			c.arrayCall = a
		}
	}
	args := c.list(call.Args)
	c.arrayCall = nil
	c.push()
	slots := make([]int, len(s.Names))
	for i, n := range s.Names {
		slots[i] = c.newSlot(n)
	}
	body := c.block(s.Stmts)
	c.pop()
	cost := 1 + leadingCost(s.Stmts)
	line := call.Line()
	return func(fr *frame) bool {
		mark := len(fr.rt.Ints)
		base := len(fr.stack)
		args.pushArgs(fr)
		var t plugin.Value
		if len(fr.stack) > base {
			t = fr.stack[base]
		}
		fr.stack = fr.stack[:base]
		if fr.depth >= fr.maxDepth {
			stackOverflow(line)
		}
		var xs []int
		switch t.K {
		case plugin.VInts:
			xs = t.Ints()
		case plugin.VCtx, plugin.VTable:
		default:
			raiseGo(line, "bad argument #1 to ipairs (table expected, got %s)", t.TypeName())
		}
		for i := 0; ; i++ {
			fr.count(cost, s.Line())
			if i >= len(xs) {
				break
			}
			fr.slots[slots[0]] = plugin.NumberValue(float64(i + 1))
			if len(slots) > 1 {
				fr.slots[slots[1]] = plugin.NumberValue(float64(xs[i]))
				for _, sl := range slots[2:] {
					fr.slots[sl] = plugin.Value{}
				}
			}
			if runBlock(fr, body) {
				fr.rt.Ints = fr.rt.Ints[:mark]
				return true
			}
		}
		fr.rt.Ints = fr.rt.Ints[:mark]
		return false
	}
}

// isTailCall reports whether r is a tail call of a local function.
func (c *fcompiler) isTailCall(r *ast.ReturnStmt) bool {
	if len(r.Exprs) != 1 {
		return false
	}
	e, ok := r.Exprs[0].(*ast.FuncCallExpr)
	if !ok || e.AdjustRet || e.Func == nil {
		return false
	}
	id, ok := e.Func.(*ast.IdentExpr)
	if !ok {
		return false
	}
	b, local := c.lookup(id.Value)
	return local && b.kind == bindFunc
}

// traceback is what the VM's traceback of an error at line says, once
// parsed by parseTraceback: gopher-lua's stackTrace walks the frames from
// the top, each with its current line and a name its caller's call gives
// it ("main chunk" for the bottom one, which Worker.fail renames after the
// hook function; <script:line> for one a tail call entered), then a
// "(tailcall)" line for each tail call that replaced it, then "[G]: ?";
// a trace of more than 20 lines keeps the first and last 7. inGo puts the
// frame of a Go function (a host or math function) on top.
func (fr *frame) traceback(script, path string, hook *fastFunc, line int, inGo bool) []plugin.Frame {
	type tline struct {
		ok bool
		f  plugin.Frame
	}
	var lines []tline
	if inGo {
		lines = append(lines, tline{})
	}
	for i := len(fr.frames) - 1; i >= 0; i-- {
		r := fr.frames[i]
		l := r.line
		if i == len(fr.frames)-1 {
			l = line
		}
		var name string
		switch {
		case i == 0:
			name = "function '" + hook.name + "'"
		case r.tail > 0:
			name = fmt.Sprintf("function <%s:%d>", path, r.fn.line)
		default:
			name = "function '" + r.fn.name + "'"
		}
		lines = append(lines, tline{ok: l > 0, f: plugin.Frame{Script: script, Line: l, Func: name}})
		for range r.tail {
			lines = append(lines, tline{})
		}
	}
	lines = append(lines, tline{})
	if len(lines) > 20 {
		lines = append(lines[:7:7], append([]tline{{}}, lines[len(lines)-7:]...)...)
	}
	var frames []plugin.Frame
	for _, l := range lines {
		if !l.ok {
			continue
		}
		if n := len(frames); n > 0 && frames[n-1] == l.f {
			continue
		}
		frames = append(frames, l.f)
		if len(frames) == plugin.MaxTraceback {
			break
		}
	}
	return frames
}

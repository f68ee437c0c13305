package compiled

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin"
)

// The fast path. Most hooks are a few lines of arithmetic and host calls,
// and for them the Lua VM's fixed costs (filling the ctx table, the call,
// a context check per instruction, field reads through the ctx proxy)
// dwarf the work. When every function a script defines for its kind is
// written in a small, pure subset of Lua, compileFast turns the functions'
// syntax trees into trees of Go closures that compute exactly what the VM
// would, and Call runs those instead of the VM. Scripts outside the subset
// run on the VM as before; so do all scripts on a worker made with
// WorkerOptions.NoFastPath.
//
// The subset (see doc.go for the user-facing summary):
//
//   - top level: `function NAME(params) … end` for the kind's functions
//     (each at most once), `local NAME, … = constant expressions`, which
//     the functions see as constants, and local functions (fastcall.go);
//   - statements: local declarations, assignment of one value to one
//     local declared in the function, if/elseif/else, do … end, return,
//     numeric for and ipairs loops (fastcall.go), and calls of the kind's
//     host functions, of local functions and of math.floor, ceil, abs,
//     sqrt, min, max and random (without arguments);
//   - expressions: nil, booleans, numbers, strings, locals, ctx (as a
//     value too), ctx.NAME and any_value.NAME (ctx.params.x), and, or,
//     not, arithmetic, unary minus, comparisons, and those calls (a
//     call's results expand as in Lua: in the last place of a list,
//     parentheses truncate).
//
// Everything else (closures, tables, while, .., #, method calls, varargs,
// globals other than the host table, math and ipairs, assigning a global,
// an upvalue or a parameter of a hook function, math.random with
// arguments) makes the whole script run on the VM: with all of a script's
// functions compiled, no Lua code ever runs in its environment after the
// top level, so the host table and math library the compiled code calls
// are the pristine ones.
//
// Exactness. The closures implement gopher-lua's semantics, not C Lua's
// where they differ, including where its results depend on how it compiles
// and stores values: its error messages and their positions, its
// string-to-number coercion (parseNumber), math.max's comparison order, the
// +0 its number allocator returns for any arithmetic result of -0 (unless a
// string was converted), and the way it assigns an and/or chain to an
// existing local (assignLogical). Two such places are kept out of the
// subset instead: assigning several values at once (gopher-lua stores each
// value into its target before computing the next) and constants equal to
// -0 (its constant table merges 0 and -0, so which one a script gets
// depends on the order of its constants). The differential tests
// (fast_test.go) run shipped, generated and fuzzed scripts through both
// paths and compare results, errors and host calls.
//
// Numeric local functions: see fastnum.go. Limits: see fastcall.go. Host calls and errors behave as on the VM: the
// same Impl through the same Args, an *Error with the same script, line,
// function, message and traceback.

// fastScript is the compiled form of a script whose functions are all in
// the subset. It is immutable and shared by all workers.
type fastScript struct {
	fns []*fastFunc // by index in Kind.Funcs; nil for functions not defined
	// A call's slots (see frame) are the ctx fields, consts and the
	// locals of each function, hook or local, in a region of its own:
	// nslots in all.
	consts []plugin.Value
	nctx   int // the ctx fields, before consts
	nslots int
	nlocal int    // local functions (fastFunc.id)
	nnums  int    // the locals of their numeric forms (fastnum.go)
	path   string // the chunk name, as tracebacks give it
	flat   bool   // no loops or local functions
}

// fastFunc is one compiled hook function.
type fastFunc struct {
	name   string
	base   int // the slot of the first local
	nlocal int // locals (including parameters after ctx)
	nnil   int // parameters after ctx: the first locals, nil at entry
	body   []stmtFn
	// reg is a hook function's register code (fastreg.go), if it has
	// one.
	reg *rprog
	// def is a local function's definition, for inlining (fastreg.go).
	def *ast.FunctionExpr

	// Local functions (see fastcall.go).
	local  bool
	id     int   // index among the script's local functions
	nparam int   // parameters: the first locals
	entry  int64 // instructions a call runs at least (see fastcall.go)
	line   int   // where the function is defined
	// recursive: the function calls itself, so a call may find its
	// region in use (see frame.enter).
	recursive bool
	num       *numFunc // its numeric form, if it has one (fastnum.go)
}

// frame is the state of one compiled call, reused by a worker.
type frame struct {
	rt *plugin.Runtime
	// slots holds the ctx fields by index, then the script's constants,
	// then the function's locals: it is the hook's Table's array (see
	// Table.slots).
	slots []plugin.Value
	res   []plugin.Value // the values returned
	stack []plugin.Value // arguments of host and math calls in progress
	hres  []plugin.Value // results of the last host call
	line  int            // line of the host call in progress

	// Loops and local functions (fastcall.go).
	n        int64          // instructions counted in this call: a lower bound of the VM's
	maxN     int64          // Limits.MaxInstructions
	depth    int            // Lua call depth: 1 in the hook function
	maxDepth int            // Limits.MaxCallDepth
	fn       *fastFunc      // the function running
	frames   []frameRec     // the VM's call stack, bottom first
	active   []int32        // by local function: its calls in progress
	saved    []plugin.Value // regions of recursive calls in progress
	tail     *fastFunc      // a pending tail call, with its arguments
	targs    []plugin.Value
	// The arrays host functions returned (VInts) are in rt.Ints.

	// Numeric local functions (fastnum.go): their locals and results.
	nums []float64
	nres [2]float64
	nret int

	// The arguments and results of HostFunc.Fast.
	fin, fout [plugin.MaxFastArgs]int

	// Register code (fastreg.go): the loops' states (the registers are
	// the instance's: instance.regs), indexed by bytes like them.
	loops  *loopFrame
	regRes []float64 // the results of register code (Plain, runGuarded)
	// views are the views of the call of register code in progress (or
	// of an earlier one), by rhost.view; regCall numbers the calls.
	views   *viewFrame
	regCall uint64
	// bails counts the calls whose register code gave up, for tests.
	bails int
}

type (
	evalFn func(fr *frame) plugin.Value
	condFn func(fr *frame) bool
	stmtFn func(fr *frame) bool // true when the function returned
)

// notFast stops compileFast; its text says why the script is not in the
// subset (for tests).
type notFast string

func reject(format string, args ...any) {
	panic(notFast(fmt.Sprintf(format, args...)))
}

// compileFast compiles the script src of kind into the fast path, or
// explains why it is not in the subset. proto is the script compiled for
// the VM, whose size bounds the instructions a call can run.
func compileFast(kind *plugin.Kind, path string, src []byte, proto *lua.FunctionProto, limits plugin.Limits) (fs *fastScript, why string) {
	if n := codeSize(proto); int64(n) > limits.MaxInstructions {
		return nil, fmt.Sprintf("the script has %d instructions, more than the instruction limit", n)
	}
	if limits.MaxCallDepth < minFastCallDepth {
		return nil, "the call depth limit is too low for host calls"
	}
	chunk, err := parse.Parse(bytes.NewReader(src), path)
	if err != nil {
		return nil, err.Error()
	}
	defer func() {
		// The script is valid for the VM, which runs it whatever goes
		// wrong here.
		if r := recover(); r != nil {
			why = fmt.Sprintf("internal error: %v", r)
			if nf, ok := r.(notFast); ok {
				why = string(nf)
			}
			fs = nil
		}
	}()
	// Constants take the slots after the ctx fields and before the
	// locals. A first pass counts them; the second, which makes the same
	// constants in the same order, places the locals after them.
	first := &fcompiler{kind: kind, localBase: len(kind.Ctx)}
	first.next = first.localBase
	first.script(chunk)
	c := &fcompiler{kind: kind, localBase: len(kind.Ctx) + len(first.pool)}
	c.next = c.localBase
	fs = c.script(chunk)
	if len(c.pool) != len(first.pool) {
		reject("internal error: the passes disagree")
	}
	fs.consts = c.pool
	fs.nctx = len(kind.Ctx)
	fs.nslots = c.next
	fs.nlocal = c.nfuncs
	fs.nnums = c.nnums
	fs.path = path
	fs.flat = c.nfuncs == 0 && !c.loops
	return fs, ""
}

// maxFastString is the longest string constant the fast path compiles: it
// compares strings natively, one instruction each, so a script with longer
// constants runs on the VM, where comparisons are charged.
const maxFastString = 1024

// minFastCallDepth is the smallest Limits.MaxCallDepth for which a host
// call from a hook function cannot overflow the VM's call stack.
const minFastCallDepth = 8

// codeSize counts the VM instructions of proto and its nested functions.
func codeSize(p *lua.FunctionProto) int {
	n := len(p.Code)
	for _, q := range p.FunctionPrototypes {
		n += codeSize(q)
	}
	return n
}

// binding is what a name refers to.
type binding struct {
	kind bindKind
	slot int          // bindSlot, bindParam
	v    plugin.Value // bindConst
	fn   *fastFunc    // bindFunc
}

type bindKind uint8

const (
	bindSlot  bindKind = iota // a local of the function
	bindParam                 // a parameter after ctx (nil; read-only)
	bindCtx                   // the ctx parameter
	bindConst                 // a top-level constant
	bindFunc                  // a top-level local function
)

type scope struct {
	names []string
	binds []binding
}

// fcompiler compiles one script.
type fcompiler struct {
	kind   *plugin.Kind
	scopes []scope // innermost last; scopes[0] is the top level
	inFunc bool
	nslots int // locals in use in the current function
	max    int // most locals in use at once
	// pool holds the constants the compiled code reads, in the slots
	// after the ctx fields; the locals come after them, from localBase.
	pool      []plugin.Value
	localBase int
	// Each function's locals have a region of their own: from fbase for
	// the function being compiled; next is the first free slot.
	fbase, next int
	nfuncs      int       // local functions so far
	nnums       int       // locals of numeric forms so far
	inLocal     bool      // compiling a local function, which may run deep
	cur         *fastFunc // the local function being compiled
	loops       bool      // the script has a loop
	// arrayCall is the one host call that may return an array: the
	// argument of the ipairs being compiled.
	arrayCall *ast.FuncCallExpr
}

func (c *fcompiler) push() { c.scopes = append(c.scopes, scope{}) }

func (c *fcompiler) pop() {
	s := c.scopes[len(c.scopes)-1]
	for _, b := range s.binds {
		if b.kind == bindSlot {
			c.nslots--
		}
	}
	c.scopes = c.scopes[:len(c.scopes)-1]
}

func (c *fcompiler) declare(name string, b binding) {
	s := &c.scopes[len(c.scopes)-1]
	s.names = append(s.names, name)
	s.binds = append(s.binds, b)
}

// newSlot declares name as a new local and returns its slot (after the
// ctx fields and the constants).
func (c *fcompiler) newSlot(name string) int {
	slot := c.fbase + c.nslots
	c.nslots++
	c.max = max(c.max, c.nslots)
	c.declare(name, binding{kind: bindSlot, slot: slot})
	return slot
}

// lookup resolves name; ok is false for a global.
func (c *fcompiler) lookup(name string) (binding, bool) {
	for i := len(c.scopes) - 1; i >= 0; i-- {
		s := c.scopes[i]
		for j := len(s.names) - 1; j >= 0; j-- {
			if s.names[j] == name {
				return s.binds[j], true
			}
		}
	}
	return binding{}, false
}

// script compiles the top level.
func (c *fcompiler) script(chunk []ast.Stmt) *fastScript {
	fs := &fastScript{fns: make([]*fastFunc, len(c.kind.Funcs))}
	c.push()
	for _, st := range chunk {
		switch st := st.(type) {
		case *ast.LocalAssignStmt:
			if f, ok := localFunction(st); ok {
				c.localFunction(st.Names[0], f)
				continue
			}
			c.constants(st)
		case *ast.FuncDefStmt:
			id, ok := st.Name.Func.(*ast.IdentExpr)
			if !ok || st.Name.Receiver != nil {
				reject("line %d: only global functions of the kind", st.Line())
			}
			i := c.kind.Func(id.Value)
			if i < 0 {
				reject("line %d: assignment to global %s", st.Line(), id.Value)
			}
			if _, local := c.lookup(id.Value); local {
				reject("line %d: %s is a local", st.Line(), id.Value)
			}
			if fs.fns[i] != nil {
				reject("line %d: %s defined twice", st.Line(), id.Value)
			}
			fs.fns[i] = c.function(id.Value, st.Func)
		default:
			reject("line %d: top-level statement %T", st.Line(), st)
		}
	}
	return fs
}

// constants compiles a top-level local declaration: its values are computed
// now, as the VM will compute them when the script loads.
func (c *fcompiler) constants(st *ast.LocalAssignStmt) {
	l := c.list(st.Exprs)
	// A frame holding the constants, then the values.
	base := len(c.kind.Ctx) + len(c.pool)
	fr := &frame{slots: make([]plugin.Value, base+len(st.Names)), maxDepth: math.MaxInt}
	copy(fr.slots[len(c.kind.Ctx):], c.pool)
	slots := make([]int, len(st.Names))
	for i := range slots {
		slots[i] = base + i
	}
	err := func() (err any) {
		defer func() { err = recover() }()
		assignList(fr, &l, slots)
		return nil
	}()
	if err != nil {
		reject("line %d: top-level value fails: %v", st.Line(), err)
	}
	for i, n := range st.Names {
		c.declare(n, binding{kind: bindConst, v: fr.slots[base+i]})
	}
}

// function compiles a hook function.
func (c *fcompiler) function(name string, f *ast.FunctionExpr) *fastFunc {
	if f.ParList.HasVargs {
		reject("line %d: varargs", f.Line())
	}
	c.inFunc = true
	c.nslots, c.max = 0, 0
	c.fbase = c.next
	c.push()
	ff := &fastFunc{name: name, base: c.fbase, line: f.Line()}
	for i, p := range f.ParList.Names {
		for _, q := range f.ParList.Names[:i] {
			if p == q {
				reject("line %d: parameter %s declared twice", f.Line(), p)
			}
		}
		if i == 0 {
			c.declare(p, binding{kind: bindCtx})
			continue
		}
		slot := c.fbase + c.nslots
		c.nslots++
		c.max = c.nslots
		c.declare(p, binding{kind: bindParam, slot: slot})
	}
	ff.nnil = c.nslots
	ff.body = c.block(f.Stmts)
	c.pop()
	ff.nlocal = c.max
	c.next += ff.nlocal
	c.inFunc = false
	ff.reg = c.regCompile(ff, f)
	return ff
}

// ---- statements ----

func (c *fcompiler) block(stmts []ast.Stmt) []stmtFn {
	out := make([]stmtFn, 0, len(stmts))
	for _, s := range stmts {
		out = append(out, c.stmt(s))
	}
	return out
}

// scoped compiles a block in a scope of its own.
func (c *fcompiler) scoped(stmts []ast.Stmt) []stmtFn {
	c.push()
	b := c.block(stmts)
	c.pop()
	return b
}

func (c *fcompiler) stmt(s ast.Stmt) stmtFn {
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		if len(s.Names) == 1 && len(s.Exprs) == 1 {
			if a, ok := s.Exprs[0].(*ast.ArithmeticOpExpr); ok {
				return c.arithInto(a, func() int { return c.newSlot(s.Names[0]) })
			}
		}
		l := c.list(s.Exprs)
		slots := make([]int, len(s.Names))
		for i, n := range s.Names {
			slots[i] = c.newSlot(n)
		}
		return localStmt(l, slots)
	case *ast.AssignStmt:
		// gopher-lua stores each value of a multiple assignment before
		// it computes the next, so a, b = b, a is not a swap; one target
		// and one value are enough for hooks.
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			reject("line %d: multiple assignment", s.Line())
		}
		id, ok := s.Lhs[0].(*ast.IdentExpr)
		if !ok {
			reject("line %d: assignment to a table field", s.Line())
		}
		b, local := c.lookup(id.Value)
		if !local || b.kind != bindSlot {
			reject("line %d: assignment to %s, which is not a local of the function", s.Line(), id.Value)
		}
		slot := b.slot
		if l, ok := s.Rhs[0].(*ast.LogicalOpExpr); ok {
			return c.assignLogical(l, slot)
		}
		if a, ok := s.Rhs[0].(*ast.ArithmeticOpExpr); ok {
			return c.arithInto(a, func() int { return slot })
		}
		o := c.operand(c.expr(s.Rhs[0]))
		return func(fr *frame) bool {
			fr.slots[slot] = o.get(fr)
			return false
		}
	case *ast.FuncCallStmt:
		call, ok := s.Expr.(*ast.FuncCallExpr)
		if !ok {
			reject("line %d: call statement %T", s.Line(), s.Expr)
		}
		e := c.call(call)
		if e.host != nil {
			h := e.host
			return func(fr *frame) bool {
				h.run(fr)
				return false
			}
		}
		ev := e.eval
		return func(fr *frame) bool {
			ev(fr)
			return false
		}
	case *ast.DoBlockStmt:
		body := c.scoped(s.Stmts)
		return func(fr *frame) bool { return runBlock(fr, body) }
	case *ast.IfStmt:
		return c.ifStmt(s)
	case *ast.ReturnStmt:
		if t, ok := c.tailCall(s); ok {
			return t
		}
		return returnStmt(c.list(s.Exprs))
	case *ast.NumberForStmt:
		return c.numberFor(s)
	case *ast.GenericForStmt:
		return c.ipairsFor(s)
	}
	reject("line %d: statement %T", s.Line(), s)
	return nil
}

func runBlock(fr *frame, body []stmtFn) bool {
	for _, s := range body {
		if s(fr) {
			return true
		}
	}
	return false
}

func (c *fcompiler) ifStmt(s *ast.IfStmt) stmtFn {
	cond := c.cond(s.Condition)
	if r, ok := onlyReturn(s.Then); ok && len(s.Else) == 0 && !c.isTailCall(r) {
		// if cond then return a, b end: one closure instead of three.
		c.push()
		l := c.list(r.Exprs)
		c.pop()
		if l.last == nil && len(l.ops) == 2 {
			a, b := l.ops[0], l.ops[1]
			return func(fr *frame) bool {
				if !cond(fr) {
					return false
				}
				x := a.get(fr)
				y := b.get(fr)
				fr.res = append(fr.res[:0], x, y)
				return true
			}
		}
		ret := returnStmt(l)
		return func(fr *frame) bool { return cond(fr) && ret(fr) }
	}
	then := c.scoped(s.Then)
	els := c.scoped(s.Else)
	switch {
	case len(then) == 1 && len(els) == 0:
		t := then[0]
		return func(fr *frame) bool { return cond(fr) && t(fr) }
	case len(els) == 0:
		return func(fr *frame) bool { return cond(fr) && runBlock(fr, then) }
	case len(then) == 1 && len(els) == 1:
		t, e := then[0], els[0]
		return func(fr *frame) bool {
			if cond(fr) {
				return t(fr)
			}
			return e(fr)
		}
	}
	return func(fr *frame) bool {
		if cond(fr) {
			return runBlock(fr, then)
		}
		return runBlock(fr, els)
	}
}

// onlyReturn reports whether block is a lone return statement.
func onlyReturn(block []ast.Stmt) (*ast.ReturnStmt, bool) {
	if len(block) != 1 {
		return nil, false
	}
	r, ok := block[0].(*ast.ReturnStmt)
	return r, ok
}

// exprList is a compiled list of expressions: the values of ops, then, if
// the list ends in an unparenthesised host call, all of its results.
type exprList struct {
	ops  []operand
	ks   []*plugin.Value // the values of ops the compiler knows (nil: unknown)
	last multiCall
}

// multiCall is a call whose results a list can expand: a host call or a
// call of a local function.
type multiCall interface {
	// run makes the call and returns its results, valid until the next
	// call.
	run(fr *frame) []plugin.Value
}

func (c *fcompiler) list(es []ast.Expr) exprList {
	var l exprList
	for i, e := range es {
		x := c.expr(e)
		if i == len(es)-1 && x.host != nil && !x.single {
			l.last = x.host
			break
		}
		if i == len(es)-1 && x.lcall != nil && !x.single {
			l.last = x.lcall
			break
		}
		l.ops = append(l.ops, c.operand(x))
		l.ks = append(l.ks, x.k)
	}
	return l
}

// pushArgs appends the list's values to fr.stack, as a call's arguments.
// The calls among them push theirs above and pop them.
func (l *exprList) pushArgs(fr *frame) {
	for i := range l.ops {
		v := l.ops[i].get(fr)
		fr.stack = append(fr.stack, v)
	}
	if l.last != nil {
		rs := l.last.run(fr)
		fr.stack = append(fr.stack, rs...)
	}
}

func localStmt(l exprList, slots []int) stmtFn {
	if len(l.ops) == 1 && l.last == nil && len(slots) == 1 {
		o, slot := l.ops[0], slots[0]
		return func(fr *frame) bool {
			fr.slots[slot] = o.get(fr)
			return false
		}
	}
	if len(l.ops) == 0 && l.last != nil {
		// local a, b = f(…), the common case of several values.
		last := l.last
		return func(fr *frame) bool {
			rs := last.run(fr)
			for i, s := range slots {
				if i < len(rs) {
					fr.slots[s] = rs[i]
				} else {
					fr.slots[s] = plugin.Value{}
				}
			}
			return false
		}
	}
	return func(fr *frame) bool {
		assignList(fr, &l, slots)
		return false
	}
}

// assignList stores the values of l into slots, adjusted as Lua adjusts
// them: missing values are nil, and extra ones are computed for their
// effects and dropped.
func assignList(fr *frame, l *exprList, slots []int) {
	dst := fr.slots
	for i := range l.ops {
		v := l.ops[i].get(fr)
		if i < len(slots) {
			dst[slots[i]] = v
		}
	}
	var rs []plugin.Value
	if l.last != nil {
		rs = l.last.run(fr)
	}
	for i := len(l.ops); i < len(slots); i++ {
		if j := i - len(l.ops); j < len(rs) {
			dst[slots[i]] = rs[j]
		} else {
			dst[slots[i]] = plugin.Value{}
		}
	}
}

func returnStmt(l exprList) stmtFn {
	switch {
	case l.last != nil:
	case len(l.ops) == 0:
		return func(fr *frame) bool {
			fr.res = fr.res[:0]
			return true
		}
	case len(l.ops) == 1:
		a := l.ops[0]
		return func(fr *frame) bool {
			fr.res = append(fr.res[:0], a.get(fr))
			return true
		}
	case len(l.ops) == 2:
		a, b := l.ops[0], l.ops[1]
		if l.ks[0] != nil && l.ks[1] != nil {
			x, y := *l.ks[0], *l.ks[1]
			return func(fr *frame) bool {
				fr.res = append(fr.res[:0], x, y)
				return true
			}
		}
		return func(fr *frame) bool {
			x := a.get(fr)
			y := b.get(fr)
			fr.res = append(fr.res[:0], x, y)
			return true
		}
	}
	// Calls may run while the list is computed, and local functions
	// return through fr.res: the values go through the stack.
	return func(fr *frame) bool {
		base := len(fr.stack)
		l.pushArgs(fr)
		fr.res = append(fr.res[:0], fr.stack[base:]...)
		fr.stack = fr.stack[:base]
		return true
	}
}

// ---- expressions ----

// cexpr is a compiled expression.
type cexpr struct {
	eval evalFn // its (first) value
	// slot says that the value is read directly from slot idx: a ctx
	// field or a local (see operand).
	slot bool
	idx  int
	// host is set for a call of a host function; unless single (the call
	// was parenthesised), it gives all its results in the last place of a
	// list.
	host   *hostCall
	lcall  *localCall // a call of a local function, like host
	single bool
	// k is the value when the compiler knows it; lconst marks numbers
	// gopher-lua's compiler folds into constants (literals and arithmetic
	// on them).
	k      *plugin.Value
	lconst bool
}

// operand is how a compiled expression is read where its value is used:
// the common leaves (ctx fields, locals, constants) straight from their
// slot, anything else through its closure. Reading leaves without a call
// through a func value makes the tiny expressions of hooks markedly
// cheaper.
type operand struct {
	f evalFn // nil: read slot i
	i int
}

// operand returns how to read x, giving a constant a slot of its own.
func (c *fcompiler) operand(x cexpr) operand {
	switch {
	case x.k != nil:
		c.pool = append(c.pool, *x.k)
		return operand{i: len(c.kind.Ctx) + len(c.pool) - 1}
	case x.slot:
		return operand{i: x.idx}
	}
	return operand{f: x.eval}
}

// get returns the operand's value. It is small enough to be inlined.
func (o *operand) get(fr *frame) plugin.Value {
	if o.f != nil {
		return o.f(fr)
	}
	return fr.slots[o.i]
}

func constExpr(v plugin.Value) cexpr {
	return cexpr{eval: func(*frame) plugin.Value { return v }, k: &v}
}

// single compiles e for a place that takes one value.
func (c *fcompiler) single(e ast.Expr) evalFn { return c.expr(e).eval }

func (c *fcompiler) expr(e ast.Expr) cexpr {
	switch e := e.(type) {
	case *ast.NilExpr:
		return constExpr(plugin.Value{})
	case *ast.TrueExpr:
		return constExpr(plugin.Value{K: plugin.VTrue})
	case *ast.FalseExpr:
		return constExpr(plugin.Value{K: plugin.VFalse})
	case *ast.NumberExpr:
		x := constExpr(plugin.NumberValue(literalNumber(e.Value)))
		x.lconst = true
		return x
	case *ast.StringExpr:
		if len(e.Value) > maxFastString {
			// Comparing it would cost more than an instruction: the VM
			// charges that (cost.go).
			reject("line %d: a string constant of %d bytes", e.Line(), len(e.Value))
		}
		return constExpr(plugin.StringValue(e.Value))
	case *ast.IdentExpr:
		b, ok := c.lookup(e.Value)
		if !ok {
			reject("line %d: global %s read", e.Line(), e.Value)
		}
		switch b.kind {
		case bindConst:
			return constExpr(b.v)
		case bindCtx:
			// The one ctx table, as a value (see vCtx).
			return constExpr(plugin.Value{K: plugin.VCtx})
		case bindFunc:
			reject("line %d: function %s used as a value", e.Line(), e.Value)
		}
		slot := b.slot
		return cexpr{eval: func(fr *frame) plugin.Value { return fr.slots[slot] }, slot: true, idx: slot}
	case *ast.AttrGetExpr:
		return c.attr(e)
	case *ast.FuncCallExpr:
		return c.call(e)
	case *ast.LogicalOpExpr:
		return c.logical(e)
	case *ast.RelationalOpExpr:
		cond := c.relational(e)
		return cexpr{eval: func(fr *frame) plugin.Value { return plugin.BoolValue(cond(fr)) }}
	case *ast.ArithmeticOpExpr:
		return c.arith(e)
	case *ast.UnaryMinusOpExpr:
		x := c.expr(e.Expr)
		line := e.Line()
		if x.k != nil && x.k.K == plugin.VNumber {
			r := constExpr(plugin.NumberValue(-x.k.N))
			r.lconst = x.lconst
			c.checkConst(r, line)
			return r
		}
		o := c.operand(x)
		return cexpr{eval: func(fr *frame) plugin.Value {
			if v := o.get(fr); v.K == plugin.VNumber {
				return plugin.NumberValue(-v.N)
			} else {
				return negate(v, line)
			}
		}}
	case *ast.UnaryNotOpExpr:
		cond := c.cond(e.Expr)
		return cexpr{eval: func(fr *frame) plugin.Value { return plugin.BoolValue(!cond(fr)) }}
	}
	reject("line %d: expression %T", e.Line(), e)
	return cexpr{}
}

// checkConst rejects a folded constant equal to -0: gopher-lua's constant
// table would merge it with 0 (or 0 with it).
func (c *fcompiler) checkConst(x cexpr, line int) {
	if x.lconst && x.k.N == 0 && math.Signbit(x.k.N) {
		reject("line %d: constant -0", line)
	}
}

func (c *fcompiler) arith(e *ast.ArithmeticOpExpr) cexpr {
	l, r, folded, ok := c.arithOperands(e)
	if ok {
		return folded
	}
	return cexpr{eval: arithFn(e.Operator[0], c.operand(l), c.operand(r), e.Line())}
}

// arithOperands compiles the operands of e, and reports whether the
// compiler computes e now (folded).
func (c *fcompiler) arithOperands(e *ast.ArithmeticOpExpr) (l, r, folded cexpr, ok bool) {
	op := e.Operator[0]
	l, r = c.expr(e.Lhs), c.expr(e.Rhs)
	line := e.Line()
	if l.k != nil && r.k != nil && l.k.K == plugin.VNumber && r.k.K == plugin.VNumber {
		// Numbers cannot fail: compute now, as gopher-lua's compiler does
		// for literals (constant folding) or as its VM will at run time
		// (with top-level constants).
		if l.lconst && r.lconst {
			x := constExpr(plugin.NumberValue(numberArith(op, l.k.N, r.k.N)))
			x.lconst = true
			c.checkConst(x, line)
			return l, r, x, true
		}
		return l, r, constExpr(plugin.NumberValue(arithNumbers(op, l.k.N, r.k.N))), true
	}
	return l, r, cexpr{}, false
}

// arithInto compiles `local = e` (newSlot declares the local, after e is
// compiled) or `local = e` for an existing local (newSlot returns its
// slot) for an arithmetic e, in one closure: arithFn's operation, stored.
func (c *fcompiler) arithInto(e *ast.ArithmeticOpExpr, newSlot func() int) stmtFn {
	l, r, folded, ok := c.arithOperands(e)
	if ok {
		o := c.operand(folded)
		slot := newSlot()
		return func(fr *frame) bool {
			fr.slots[slot] = o.get(fr)
			return false
		}
	}
	lo, ro := c.operand(l), c.operand(r)
	slot := newSlot()
	op, line := e.Operator[0], e.Line()
	switch op {
	case opAdd:
		return func(fr *frame) bool {
			a := lo.get(fr)
			b := ro.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				fr.slots[slot] = plugin.NumberValue(normZero(float64(a.N + b.N)))
			} else {
				fr.slots[slot] = arith(op, a, b, line)
			}
			return false
		}
	case opSub:
		return func(fr *frame) bool {
			a := lo.get(fr)
			b := ro.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				fr.slots[slot] = plugin.NumberValue(normZero(float64(a.N - b.N)))
			} else {
				fr.slots[slot] = arith(op, a, b, line)
			}
			return false
		}
	case opMul:
		return func(fr *frame) bool {
			a := lo.get(fr)
			b := ro.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				fr.slots[slot] = plugin.NumberValue(normZero(float64(a.N * b.N)))
			} else {
				fr.slots[slot] = arith(op, a, b, line)
			}
			return false
		}
	}
	f := arithFn(op, lo, ro, line)
	return func(fr *frame) bool {
		fr.slots[slot] = f(fr)
		return false
	}
}

// arithFn returns the closure of one arithmetic operator, written out per
// operator so that each closure does its one operation.
func arithFn(op byte, l, r operand, line int) evalFn {
	slow := func(a, b plugin.Value) plugin.Value { return arith(op, a, b, line) }
	switch op {
	case opAdd:
		return func(fr *frame) plugin.Value {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return plugin.NumberValue(normZero(float64(a.N + b.N)))
			}
			return slow(a, b)
		}
	case opSub:
		return func(fr *frame) plugin.Value {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return plugin.NumberValue(normZero(float64(a.N - b.N)))
			}
			return slow(a, b)
		}
	case opMul:
		return func(fr *frame) plugin.Value {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return plugin.NumberValue(normZero(float64(a.N * b.N)))
			}
			return slow(a, b)
		}
	case opDiv:
		return func(fr *frame) plugin.Value {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return plugin.NumberValue(normZero(float64(a.N / b.N)))
			}
			return slow(a, b)
		}
	}
	return func(fr *frame) plugin.Value {
		a := l.get(fr)
		b := r.get(fr)
		if a.K == plugin.VNumber && b.K == plugin.VNumber {
			return plugin.NumberValue(arithNumbers(op, a.N, b.N))
		}
		return slow(a, b)
	}
}

func (c *fcompiler) attr(e *ast.AttrGetExpr) cexpr {
	key, ok := e.Key.(*ast.StringExpr)
	if !ok {
		reject("line %d: computed key", e.Line())
	}
	name, line := key.Value, e.Line()
	if id, ok := e.Object.(*ast.IdentExpr); ok {
		b, local := c.lookup(id.Value)
		if !local && id.Value == "math" {
			// The pristine math table's constants.
			switch name {
			case "pi":
				return constExpr(plugin.NumberValue(math.Pi))
			case "huge":
				return constExpr(plugin.NumberValue(math.MaxFloat64))
			}
			reject("line %d: math.%s read", line, name)
		}
		if local && b.kind == bindCtx {
			for i, f := range c.kind.Ctx {
				if f.Name == name {
					return cexpr{eval: func(fr *frame) plugin.Value { return fr.slots[i] }, slot: true, idx: i}
				}
			}
			// The kind has no such field: ctx has no such key.
			return constExpr(plugin.Value{})
		}
	}
	obj := c.expr(e.Object)
	if obj.k != nil && obj.k.K == plugin.VString {
		// A string constant's method: look it up now (it cannot fail).
		return constExpr(index(*obj.k, name, line))
	}
	o := c.operand(obj)
	fi := c.ctxField(name)
	return cexpr{eval: func(fr *frame) plugin.Value { return fieldOf(fr, o.get(fr), name, fi, line) }}
}

// ctxField returns the index of ctx field name, or -1.
func (c *fcompiler) ctxField(name string) int {
	for i, f := range c.kind.Ctx {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// fieldOf reads v.name for a value other than the ctx parameter; fi is
// the index of ctx field name (-1: none), for a v that is ctx all the same.
func fieldOf(fr *frame, v plugin.Value, name string, fi int, line int) plugin.Value {
	switch v.K {
	case plugin.VTable:
		// ctx.params.name, the common case.
		if x, ok := v.Params().Get(name); ok {
			return plugin.NumberValue(x)
		}
		return plugin.Value{}
	case plugin.VCtx:
		if fi < 0 {
			return plugin.Value{}
		}
		return fr.slots[fi]
	}
	return index(v, name, line)
}

// plainAttr reports whether e is a field read that attr compiles to a
// lookup (not ctx.NAME or math.NAME).
func (c *fcompiler) plainAttr(e ast.Expr) (*ast.AttrGetExpr, bool) {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok {
		return nil, false
	}
	if _, ok := a.Key.(*ast.StringExpr); !ok {
		return nil, false
	}
	if id, ok := a.Object.(*ast.IdentExpr); ok {
		b, local := c.lookup(id.Value)
		if !local && id.Value == "math" || local && b.kind == bindCtx {
			return nil, false
		}
	}
	return a, true
}

// call compiles a call of a host or math function.
func (c *fcompiler) call(e *ast.FuncCallExpr) cexpr {
	if e.Func == nil {
		reject("line %d: method call", e.Line())
	}
	if id, ok := e.Func.(*ast.IdentExpr); ok {
		if b, local := c.lookup(id.Value); local && b.kind == bindFunc {
			return c.localCall(e, b.fn)
		}
	}
	a, ok := e.Func.(*ast.AttrGetExpr)
	if !ok {
		reject("line %d: call of a function that is not a host or math function", e.Line())
	}
	table, ok1 := a.Object.(*ast.IdentExpr)
	key, ok2 := a.Key.(*ast.StringExpr)
	if !ok1 || !ok2 {
		reject("line %d: call of a function that is not a host or math function", e.Line())
	}
	if _, local := c.lookup(table.Value); local {
		reject("line %d: call through local %s", e.Line(), table.Value)
	}
	args := c.list(e.Args)
	line := e.Line()
	switch table.Value {
	case "math":
		if key.Value == "random" && len(e.Args) == 0 {
			return cexpr{eval: func(fr *frame) plugin.Value { return fr.random(line) }}
		}
		fn, ok := mathNames[key.Value]
		if !ok {
			reject("line %d: math.%s", line, key.Value)
		}
		return mathExpr(fn, key.Value, args, line, !c.inLocal)
	case c.kind.HostTable:
		if c.kind.HostTable == "" {
			break
		}
		if !c.inFunc {
			reject("line %d: host call at load time", line)
		}
		for i := range c.kind.Host {
			hf := &c.kind.Host[i]
			if hf.Name == key.Value {
				arrays := returnsArray(hf)
				if arrays && e != c.arrayCall {
					reject("line %d: %s.%s returns a table, used other than by ipairs", line, table.Value, key.Value)
				}
				h := &hostCall{hf: hf, name: c.kind.HostTable + "." + hf.Name, args: args, line: line, arrays: arrays}
				h.setFast()
				return cexpr{host: h, single: e.AdjustRet, eval: h.first}
			}
		}
		reject("line %d: %s.%s is not a host function of %s", line, table.Value, key.Value, c.kind.Name)
	}
	reject("line %d: call of %s.%s", line, table.Value, key.Value)
	return cexpr{}
}

func mathExpr(fn int, name string, args exprList, line int, fold bool) cexpr {
	if len(args.ops) == 1 && args.last == nil {
		x := args.ops[0]
		if k := args.ks[0]; k != nil && k.K == plugin.VNumber && fold {
			return constExpr(plugin.NumberValue(mathCall1(fn, name, *k, line)))
		}
		return cexpr{eval: func(fr *frame) plugin.Value {
			v := x.get(fr)
			if fr.depth >= fr.maxDepth {
				stackOverflow(line)
			}
			return plugin.NumberValue(mathCall1(fn, name, v, line))
		}}
	}
	return cexpr{eval: func(fr *frame) plugin.Value {
		base := len(fr.stack)
		args.pushArgs(fr)
		if fr.depth >= fr.maxDepth {
			stackOverflow(line)
		}
		r := mathCall(fn, name, fr.stack[base:], line)
		fr.stack = fr.stack[:base]
		return plugin.NumberValue(r)
	}}
}

// hostCall is a compiled call of a host function.
type hostCall struct {
	hf     *plugin.HostFunc
	name   string // "mbg.burn"
	args   exprList
	line   int
	arrays bool // it may return arrays (for ipairs)
	// fast: the function has a Fast shortcut this call can use (see
	// runFast); enums are the values of its enum parameters, by
	// parameter (nil for an integer).
	fast  bool
	enums [][]string
	int1  bool // fast, with one integer parameter (see run1)
}

// setFast decides whether the call can use the host function's Fast
// shortcut: exactly one plain argument per parameter, every parameter an
// integer or an enum, and no array results.
func (h *hostCall) setFast() {
	hf := h.hf
	if hf.Fast == nil || h.arrays || h.args.last != nil || len(h.args.ops) != len(hf.Params) ||
		len(hf.Params) == 0 || len(hf.Params) > plugin.MaxFastArgs || len(hf.Returns) > plugin.MaxFastArgs {
		return
	}
	enums := make([][]string, len(hf.Params))
	for i, p := range hf.Params {
		if p.Type == "integer" {
			continue
		}
		vs, ok := enumValues(p.Type)
		if !ok {
			return
		}
		enums[i] = vs
	}
	h.fast, h.enums = true, enums
	h.int1 = len(enums) == 1 && enums[0] == nil
}

// enumValues returns the strings of an enum type such as
// `"slow"|"fast"`, in order, or false for another type.
func enumValues(typ string) ([]string, bool) {
	var vs []string
	for _, o := range strings.Split(typ, "|") {
		if len(o) < 2 || o[0] != '"' || o[len(o)-1] != '"' || strings.Contains(o[1:len(o)-1], `"`) {
			return nil, false
		}
		vs = append(vs, o[1:len(o)-1])
	}
	return vs, true
}

// run calls the host function and returns its results, valid until the
// next host call. It does what the host table's Lua function does on the
// VM (see library.hostValues), with the arguments as Go values.
func (h *hostCall) run(fr *frame) []plugin.Value {
	if h.int1 {
		return h.run1(fr)
	}
	if h.fast {
		return h.runFast(fr)
	}
	base := len(fr.stack)
	h.args.pushArgs(fr)
	return h.call(fr, base)
}

// whole reports whether Args.Int accepts x.
func whole(x float64) bool {
	// A number the conversion keeps (NaN and numbers beyond int64 do not,
	// but for -2⁶³), within ±2⁵³.
	i := int64(x)
	return float64(i) == x && uint64(i+1<<53) <= 1<<54
}

// run1 is runFast for a function of one integer (a getter, usually).
func (h *hostCall) run1(fr *frame) []plugin.Value {
	v := h.args.ops[0].get(fr)
	if fr.depth >= fr.maxDepth {
		stackOverflow(h.line)
	}
	if v.K == plugin.VNumber && whole(v.N) {
		fr.line = h.line
		fr.fin[0] = int(v.N)
		if m, ok := h.hf.Fast(fr.rt.Host(), fr.fin[:1], fr.fout[:]); ok {
			h.fastDone(fr, m)
			return fr.hres
		}
	}
	base := len(fr.stack)
	fr.stack = append(fr.stack, v)
	return h.call(fr, base)
}

// fastDone ends a call Fast made, which returned m results: the host's
// error, if it recorded one, then the results.
func (h *hostCall) fastDone(fr *frame, m int) {
	fr.rt.CheckHost(h.hf, h.name, h.arrays)
	fr.hres = fr.hres[:0]
	for _, x := range fr.fout[:m] {
		fr.hres = append(fr.hres, plugin.NumberValue(float64(x)))
	}
}

// runFast is run for a call that can use the host function's Fast
// shortcut: when the arguments are valid (whole numbers Args.Int accepts,
// enum strings Args.Enum accepts), Fast computes the results without
// Args; otherwise, or when Fast declines, Impl runs with the arguments
// already computed.
func (h *hostCall) runFast(fr *frame) []plugin.Value {
	var vs [plugin.MaxFastArgs]plugin.Value
	n := len(h.args.ops)
	for i := range h.args.ops {
		vs[i] = h.args.ops[i].get(fr)
	}
	if fr.depth >= fr.maxDepth {
		stackOverflow(h.line)
	}
	valid := true
	for i, v := range vs[:n] {
		if e := h.enums[i]; e != nil {
			j := -1
			if v.K == plugin.VString {
				s := v.Str()
				for k, x := range e {
					if x == s {
						j = k
						break
					}
				}
			}
			fr.fin[i] = j
			valid = valid && j >= 0
		} else {
			fr.fin[i] = int(v.N)
			valid = valid && v.K == plugin.VNumber && whole(v.N)
		}
	}
	if valid {
		fr.line = h.line
		if m, ok := h.hf.Fast(fr.rt.Host(), fr.fin[:n], fr.fout[:]); ok {
			h.fastDone(fr, m)
			return fr.hres
		}
	}
	base := len(fr.stack)
	fr.stack = append(fr.stack, vs[:n]...)
	return h.call(fr, base)
}

// call calls the host function with the arguments on the stack from base,
// which it pops.
func (h *hostCall) call(fr *frame, base int) []plugin.Value {
	if fr.depth >= fr.maxDepth {
		stackOverflow(h.line)
	}
	fr.line = h.line
	fr.hres = fr.rt.CallHost(h.hf, h.name, h.arrays, fr.stack[base:], fr.hres[:0])
	fr.stack = fr.stack[:base]
	return fr.hres
}

// first calls the host function and returns its first result.
func (h *hostCall) first(fr *frame) plugin.Value {
	if rs := h.run(fr); len(rs) > 0 {
		return rs[0]
	}
	return plugin.Value{}
}

// assignLogical compiles `local = and/or chain` for a local declared
// earlier. gopher-lua compiles such a chain to jump between its operands
// and to write the local itself where the chain decides its value, not at
// the end: an operand of `or` that is true, say, is stored into the local
// before the jump (TESTSET), and a later operand that reads the local then
// sees it. And one kind of operand ends the chain without storing anything:
// an operand of `and` that is false and is tested where it was computed
// (TEST), so the local keeps its old value. assignLogical reproduces this:
// it flattens the chain into the operands gopher-lua's
// compileLogicalOpExprAux emits, with the same jump targets, and runs them
// as the VM would.
func (c *fcompiler) assignLogical(e *ast.LogicalOpExpr, slot int) stmtFn {
	var ops []chainOp
	c.chain(&ops, e, nil, nil, false)
	return func(fr *frame) bool {
		for i := 0; i >= 0; {
			i = ops[i].run(fr, slot, i)
		}
		return false
	}
}

// chainOp is one operand of a chain (see assignLogical).
type chainOp struct {
	kind      chainKind
	eval      evalFn // its value
	cond      condFn // chainRel
	then, els *int   // where it jumps when true and when false; nil: the end of the chain
	hasNext   bool   // compileLogicalOpExprAux's hasnextcond
}

type chainKind uint8

const (
	chainExpr  chainKind = iota // any other expression, computed into a register
	chainLocal                  // a local tested in place
	chainNil
	chainFalse
	chainTrue
	chainConst // a number or string literal
	chainRel   // a comparison
)

// chain appends the operands of e, which jumps to then when true and to els
// when false (nil: the end of the chain), as compileLogicalOpExprAux does.
func (c *fcompiler) chain(ops *[]chainOp, e ast.Expr, then, els *int, hasNext bool) {
	if l, ok := e.(*ast.LogicalOpExpr); ok {
		next := new(int)
		if l.Operator == "and" {
			c.chain(ops, l.Lhs, next, els, false)
			*next = len(*ops)
			c.chain(ops, l.Rhs, then, els, hasNext)
		} else {
			c.chain(ops, l.Lhs, then, next, true)
			*next = len(*ops)
			c.chain(ops, l.Rhs, then, els, hasNext)
		}
		return
	}
	op := chainOp{kind: chainExpr, then: then, els: els, hasNext: hasNext}
	switch e := e.(type) {
	case *ast.NilExpr:
		op.kind = chainNil
	case *ast.FalseExpr:
		op.kind = chainFalse
	case *ast.TrueExpr:
		op.kind = chainTrue
	case *ast.NumberExpr, *ast.StringExpr:
		op.kind = chainConst
	case *ast.RelationalOpExpr:
		op.kind = chainRel
		op.cond = c.relational(e)
	case *ast.IdentExpr:
		isLastAnd := els == nil && then != els
		isLastOr := then == nil && hasNext
		if b, _ := c.lookup(e.Value); (b.kind == bindSlot || b.kind == bindParam) && (isLastAnd || isLastOr) {
			op.kind = chainLocal
		}
	}
	if op.kind != chainRel {
		op.eval = c.single(e)
	}
	*ops = append(*ops, op)
}

// run executes operand i of a chain assigned to the local slot and returns
// the next operand to run, or -1 at the end of the chain.
func (op *chainOp) run(fr *frame, slot, i int) int {
	jump := func(l *int) int {
		if l == nil {
			return -1
		}
		return *l
	}
	switch op.kind {
	case chainNil, chainFalse:
		if op.els == nil {
			fr.slots[slot] = op.eval(fr)
		}
		return jump(op.els)
	case chainTrue, chainConst:
		if op.then == nil {
			fr.slots[slot] = op.eval(fr)
		}
		return jump(op.then)
	case chainRel:
		// OP_LT/OP_LE with a jump: to the end through LOADBOOL true
		// or false where the chain ends, else to then or els.
		r := op.cond(fr)
		switch {
		case op.then == op.els:
			fr.slots[slot] = plugin.BoolValue(r)
			return -1
		case op.then == nil:
			if r == op.hasNext {
				fr.slots[slot] = plugin.Value{K: plugin.VTrue}
				return -1
			}
		case op.els == nil:
			if r == op.hasNext {
				fr.slots[slot] = plugin.Value{K: plugin.VFalse}
				return -1
			}
		case op.hasNext:
			if r {
				return jump(op.then)
			}
		default:
			if !r {
				return jump(op.els)
			}
		}
		return i + 1
	case chainLocal:
		// TESTSET local, local: stored when it ends the chain.
		v := op.eval(fr)
		if v.Truthy() == op.hasNext {
			fr.slots[slot] = v
			if op.hasNext {
				return jump(op.then)
			}
			return jump(op.els)
		}
		return i + 1
	}
	v := op.eval(fr)
	switch {
	case op.hasNext:
		// TESTSET: stored when true, then the jump.
		if v.Truthy() {
			fr.slots[slot] = v
			return jump(op.then)
		}
	case op.then == op.els:
		// The last operand: stored.
		fr.slots[slot] = v
		return jump(op.els)
	case !v.Truthy():
		// TEST: the jump, nothing stored.
		return jump(op.els)
	}
	return i + 1
}

func (c *fcompiler) logical(e *ast.LogicalOpExpr) cexpr {
	if a, ok := c.plainAttr(e.Lhs); ok && e.Operator == "or" {
		if rx := c.expr(e.Rhs); rx.k != nil {
			// ctx.params.name or default, in one closure.
			o := c.operand(c.expr(a.Object))
			name, line, k := a.Key.(*ast.StringExpr).Value, a.Line(), *rx.k
			fi := c.ctxField(name)
			return cexpr{eval: func(fr *frame) plugin.Value {
				if v := fieldOf(fr, o.get(fr), name, fi, line); v.Truthy() {
					return v
				}
				return k
			}}
		}
	}
	lx, rx := c.expr(e.Lhs), c.expr(e.Rhs)
	if rx.k != nil {
		// x or default, the common case.
		l, k := c.operand(lx), *rx.k
		if e.Operator == "and" {
			return cexpr{eval: func(fr *frame) plugin.Value {
				if v := l.get(fr); !v.Truthy() {
					return v
				}
				return k
			}}
		}
		return cexpr{eval: func(fr *frame) plugin.Value {
			if v := l.get(fr); v.Truthy() {
				return v
			}
			return k
		}}
	}
	l, r := c.operand(lx), c.operand(rx)
	if e.Operator == "and" {
		return cexpr{eval: func(fr *frame) plugin.Value {
			if v := l.get(fr); !v.Truthy() {
				return v
			}
			return r.get(fr)
		}}
	}
	return cexpr{eval: func(fr *frame) plugin.Value {
		if v := l.get(fr); v.Truthy() {
			return v
		}
		return r.get(fr)
	}}
}

// cond compiles e as a condition.
func (c *fcompiler) cond(e ast.Expr) condFn {
	switch e := e.(type) {
	case *ast.RelationalOpExpr:
		return c.relational(e)
	case *ast.UnaryNotOpExpr:
		x := c.cond(e.Expr)
		return func(fr *frame) bool { return !x(fr) }
	case *ast.LogicalOpExpr:
		l, r := c.cond(e.Lhs), c.cond(e.Rhs)
		if e.Operator == "and" {
			return func(fr *frame) bool { return l(fr) && r(fr) }
		}
		return func(fr *frame) bool { return l(fr) || r(fr) }
	}
	o := c.operand(c.expr(e))
	return func(fr *frame) bool { return o.get(fr).Truthy() }
}

// relational compiles a comparison. The VM computes a > b as b < a and
// a >= b as b <= a, after computing a and b in that order; an error names
// the operands in the order compared.
func (c *fcompiler) relational(e *ast.RelationalOpExpr) condFn {
	l, r := c.operand(c.expr(e.Lhs)), c.operand(c.expr(e.Rhs))
	line := e.Line()
	switch e.Operator {
	case "==":
		return func(fr *frame) bool {
			a := l.get(fr)
			return equal(a, r.get(fr))
		}
	case "~=":
		return func(fr *frame) bool {
			a := l.get(fr)
			return !equal(a, r.get(fr))
		}
	case "<":
		return func(fr *frame) bool {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return a.N < b.N
			}
			return less(a, b, line)
		}
	case "<=":
		return func(fr *frame) bool {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return a.N <= b.N
			}
			return lessEqual(a, b, line)
		}
	case ">":
		return func(fr *frame) bool {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return b.N < a.N
			}
			return less(b, a, line)
		}
	case ">=":
		return func(fr *frame) bool {
			a := l.get(fr)
			b := r.get(fr)
			if a.K == plugin.VNumber && b.K == plugin.VNumber {
				return b.N <= a.N
			}
			return lessEqual(b, a, line)
		}
	}
	reject("line %d: operator %s", line, e.Operator)
	return nil
}

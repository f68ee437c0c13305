package compiled

import (
	"math"

	"github.com/yuin/gopher-lua/ast"

	"github.com/sandtable/sandtable/engine/plugin"
)

// Numeric local functions. Hooks call small helpers such as
//
//	local function idiv(a, b)
//		local q = a / b
//		if q < 0 then
//			return math.ceil(q)
//		end
//		return math.floor(q)
//	end
//
// for every cell of an area. Such a helper computes numbers from numbers:
// given numbers, nothing in it can fail. The fast path compiles a second
// form of it over unboxed float64 values (numFunc) and a call runs that
// form when a guard shows that it computes exactly what the general form
// would: every argument of the type the body uses it as (a number, or
// the hook's ctx for a parameter whose fields it reads), the ctx fields
// read all numbers, the call depth far enough from the limit that no
// call inside can overflow, and the instruction budget far enough from
// the limit that no entry can exhaust it. Otherwise the general form runs
// (and fails where the VM would).
//
// A helper qualifies when it has no loops, host calls, math.random or
// recursion; its statements are single local declarations, assignments
// of a number to one of its locals, if/elseif/else, do … end and returns
// of one or two values (a call as the only value is a tail call: all of
// its results), the last statement being a return; and its expressions
// are numbers: literals, number constants, its parameters and locals,
// ctx fields (through a parameter), arithmetic, unary minus, math.floor,
// ceil, abs, sqrt (one argument), min and max, math.pi and math.huge and
// calls of other such helpers, with comparisons, and, or and not in
// conditions.

// numFunc is the numeric form of a local function.
type numFunc struct {
	fn     *fastFunc
	base   int       // its locals in frame.nums
	params []numType // by parameter
	body   []stmtFn
	fields []int // the ctx fields it and its callees read (all numbers)
	nlocal int   // its locals in frame.nums
	// depth is how far beyond the caller's depth its calls check the
	// limit; budget the most instructions a call counts.
	depth  int
	budget int64
}

type numType uint8

const (
	numNumber numType = iota
	numCtx
)

type numFn func(fr *frame) float64

// notNum stops the numeric compilation of a function.
type notNum struct{}

// numCompiler compiles one function's numeric form.
type numCompiler struct {
	c      *fcompiler
	nf     *numFunc
	scopes []map[string]numVar
	n, max int // locals in use, most at once
	fields map[int]bool
}

type numVar struct {
	t   numType
	idx int // numNumber: the local's index in the function's region
}

// numeric compiles the numeric form of the local function ff, defined by
// f, or returns nil when it does not qualify.
func (c *fcompiler) numeric(ff *fastFunc, f *ast.FunctionExpr) (nf *numFunc) {
	if ff.recursive || len(f.Stmts) == 0 {
		return nil
	}
	if _, ok := f.Stmts[len(f.Stmts)-1].(*ast.ReturnStmt); !ok {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(notNum); !ok {
				panic(r)
			}
			nf = nil
		}
	}()
	nf = &numFunc{fn: ff, base: c.nnums, budget: ff.entry}
	nc := &numCompiler{c: c, nf: nf, fields: map[int]bool{}}
	ctxParams := map[string]bool{}
	for _, s := range f.Stmts {
		attrObjects(s, ctxParams)
	}
	scope := map[string]numVar{}
	for _, p := range f.ParList.Names {
		if ctxParams[p] {
			nf.params = append(nf.params, numCtx)
			scope[p] = numVar{t: numCtx}
			continue
		}
		nf.params = append(nf.params, numNumber)
		scope[p] = numVar{idx: nc.n}
		nc.n++
	}
	nc.max = nc.n
	nc.scopes = []map[string]numVar{scope}
	nf.body = nc.block(f.Stmts)
	for i := range c.kind.Ctx {
		if nc.fields[i] {
			nf.fields = append(nf.fields, i)
		}
	}
	nf.nlocal = nc.max
	c.nnums += nc.max
	return nf
}

// attrObjects adds to names every name used as the object of a field
// read in s.
func attrObjects(s any, names map[string]bool) {
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		for _, e := range s.Exprs {
			attrObjects(e, names)
		}
	case *ast.AssignStmt:
		for _, e := range s.Rhs {
			attrObjects(e, names)
		}
	case *ast.IfStmt:
		attrObjects(s.Condition, names)
		for _, t := range s.Then {
			attrObjects(t, names)
		}
		for _, t := range s.Else {
			attrObjects(t, names)
		}
	case *ast.DoBlockStmt:
		for _, t := range s.Stmts {
			attrObjects(t, names)
		}
	case *ast.ReturnStmt:
		for _, e := range s.Exprs {
			attrObjects(e, names)
		}
	case *ast.AttrGetExpr:
		if id, ok := s.Object.(*ast.IdentExpr); ok {
			names[id.Value] = true
		}
		attrObjects(s.Object, names)
	case *ast.ArithmeticOpExpr:
		attrObjects(s.Lhs, names)
		attrObjects(s.Rhs, names)
	case *ast.RelationalOpExpr:
		attrObjects(s.Lhs, names)
		attrObjects(s.Rhs, names)
	case *ast.LogicalOpExpr:
		attrObjects(s.Lhs, names)
		attrObjects(s.Rhs, names)
	case *ast.UnaryMinusOpExpr:
		attrObjects(s.Expr, names)
	case *ast.UnaryNotOpExpr:
		attrObjects(s.Expr, names)
	case *ast.FuncCallExpr:
		for _, e := range s.Args {
			attrObjects(e, names)
		}
	}
}

func notNumeric() { panic(notNum{}) }

// plainAssign returns the name s assigns one value to, rejecting what the
// numeric forms leave to the general form: several values, a target that
// is no name, and an and/or chain (see assignLogical).
func plainAssign(s *ast.AssignStmt) string {
	if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		notNumeric()
	}
	id, ok := s.Lhs[0].(*ast.IdentExpr)
	if !ok {
		notNumeric()
	}
	if _, ok := s.Rhs[0].(*ast.LogicalOpExpr); ok {
		notNumeric()
	}
	return id.Value
}

func (nc *numCompiler) lookup(name string) (numVar, bool) {
	for i := len(nc.scopes) - 1; i >= 0; i-- {
		if v, ok := nc.scopes[i][name]; ok {
			return v, true
		}
	}
	return numVar{}, false
}

func (nc *numCompiler) block(stmts []ast.Stmt) []stmtFn {
	nc.scopes = append(nc.scopes, map[string]numVar{})
	n := nc.n
	out := make([]stmtFn, 0, len(stmts))
	for _, s := range stmts {
		out = append(out, nc.stmt(s))
	}
	nc.scopes = nc.scopes[:len(nc.scopes)-1]
	nc.n = n
	return out
}

func (nc *numCompiler) stmt(s ast.Stmt) stmtFn {
	base := nc.nf.base
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		if len(s.Names) != 1 || len(s.Exprs) != 1 {
			notNumeric()
		}
		x := nc.expr(s.Exprs[0])
		slot := base + nc.n
		nc.n++
		nc.max = max(nc.max, nc.n)
		nc.scopes[len(nc.scopes)-1][s.Names[0]] = numVar{idx: slot - base}
		return func(fr *frame) bool {
			fr.nums[slot] = x(fr)
			return false
		}
	case *ast.AssignStmt:
		v, ok := nc.lookup(plainAssign(s))
		if !ok || v.t != numNumber {
			notNumeric()
		}
		x := nc.expr(s.Rhs[0])
		slot := base + v.idx
		return func(fr *frame) bool {
			fr.nums[slot] = x(fr)
			return false
		}
	case *ast.DoBlockStmt:
		body := nc.block(s.Stmts)
		return func(fr *frame) bool { return runBlock(fr, body) }
	case *ast.IfStmt:
		cond := nc.cond(s.Condition)
		then := nc.block(s.Then)
		els := nc.block(s.Else)
		return func(fr *frame) bool {
			if cond(fr) {
				return runBlock(fr, then)
			}
			return runBlock(fr, els)
		}
	case *ast.ReturnStmt:
		return nc.ret(s)
	}
	notNumeric()
	return nil
}

// ret compiles a return of one or two numbers, or a tail call.
func (nc *numCompiler) ret(s *ast.ReturnStmt) stmtFn {
	if nc.c.isTailCall(s) {
		call := s.Exprs[0].(*ast.FuncCallExpr)
		callee, args := nc.callee(call)
		return func(fr *frame) bool {
			callee.run(fr, args)
			return true
		}
	}
	switch len(s.Exprs) {
	case 1:
		a := nc.single(s.Exprs[0])
		return func(fr *frame) bool {
			fr.nres[0] = a(fr)
			fr.nret = 1
			return true
		}
	case 2:
		if c, ok := s.Exprs[1].(*ast.FuncCallExpr); ok && !c.AdjustRet {
			// Its results would expand.
			notNumeric()
		}
		a, b := nc.single(s.Exprs[0]), nc.expr(s.Exprs[1])
		return func(fr *frame) bool {
			x := a(fr)
			fr.nres[1] = b(fr)
			fr.nres[0] = x
			fr.nret = 2
			return true
		}
	}
	notNumeric()
	return nil
}

// single compiles an expression of which one value is used.
func (nc *numCompiler) single(e ast.Expr) numFn { return nc.expr(e) }

// callee resolves a call of a numeric local function and compiles its
// arguments, one for each number parameter.
func (nc *numCompiler) callee(e *ast.FuncCallExpr) (*numFunc, []numFn) {
	id, ok := e.Func.(*ast.IdentExpr)
	if !ok || e.Func == nil {
		notNumeric()
	}
	b, local := nc.c.lookup(id.Value)
	if _, shadowed := nc.lookup(id.Value); shadowed || !local || b.kind != bindFunc || b.fn.num == nil || b.fn == nc.nf.fn {
		notNumeric()
	}
	g := b.fn.num
	if len(e.Args) != len(g.params) {
		notNumeric()
	}
	var args []numFn
	for i, a := range e.Args {
		if g.params[i] == numCtx {
			aid, ok := a.(*ast.IdentExpr)
			if !ok {
				notNumeric()
			}
			if v, ok := nc.lookup(aid.Value); !ok || v.t != numCtx {
				notNumeric()
			}
			continue
		}
		args = append(args, nc.expr(a))
	}
	if len(args) > maxDirectArgs {
		notNumeric()
	}
	for _, f := range g.fields {
		nc.fields[f] = true
	}
	nc.nf.depth = max(nc.nf.depth, 1+g.depth)
	nc.nf.budget += g.budget
	return g, args
}

// run calls g with the number arguments args, leaving its results in
// fr.nres and fr.nret.
func (g *numFunc) run(fr *frame, args []numFn) {
	var tmp [maxDirectArgs]float64
	for i, a := range args {
		tmp[i] = a(fr)
	}
	g.enter(fr, tmp[:len(args)])
}

// enter runs g with its number arguments.
func (g *numFunc) enter(fr *frame, args []float64) {
	fr.n += g.fn.entry
	copy(fr.nums[g.base:], args)
	runBlock(fr, g.body)
}

func (nc *numCompiler) expr(e ast.Expr) numFn {
	switch e := e.(type) {
	case *ast.NumberExpr:
		k := literalNumber(e.Value)
		return func(*frame) float64 { return k }
	case *ast.IdentExpr:
		if v, ok := nc.lookup(e.Value); ok {
			if v.t != numNumber {
				notNumeric()
			}
			slot := nc.nf.base + v.idx
			return func(fr *frame) float64 { return fr.nums[slot] }
		}
		b, ok := nc.c.lookup(e.Value)
		if !ok || b.kind != bindConst || b.v.K != plugin.VNumber {
			notNumeric()
		}
		k := b.v.N
		return func(*frame) float64 { return k }
	case *ast.AttrGetExpr:
		key, ok := e.Key.(*ast.StringExpr)
		id, ok2 := e.Object.(*ast.IdentExpr)
		if !ok || !ok2 {
			notNumeric()
		}
		if v, local := nc.lookup(id.Value); local {
			fi := nc.c.ctxField(key.Value)
			if v.t != numCtx || fi < 0 {
				notNumeric()
			}
			nc.fields[fi] = true
			return func(fr *frame) float64 { return fr.slots[fi].N }
		}
		if _, local := nc.c.lookup(id.Value); local || id.Value != "math" {
			notNumeric()
		}
		switch key.Value {
		case "pi":
			return func(*frame) float64 { return math.Pi }
		case "huge":
			return func(*frame) float64 { return math.MaxFloat64 }
		}
	case *ast.ArithmeticOpExpr:
		return nc.arith(e)
	case *ast.UnaryMinusOpExpr:
		x := nc.expr(e.Expr)
		return func(fr *frame) float64 { return -x(fr) }
	case *ast.FuncCallExpr:
		return nc.call(e)
	}
	notNumeric()
	return nil
}

// arith is arithFn on numbers: the same operations, in the same order.
func (nc *numCompiler) arith(e *ast.ArithmeticOpExpr) numFn {
	l, r := nc.expr(e.Lhs), nc.expr(e.Rhs)
	switch op := e.Operator[0]; op {
	case opAdd:
		return func(fr *frame) float64 { return normZero(float64(l(fr) + r(fr))) }
	case opSub:
		return func(fr *frame) float64 { return normZero(float64(l(fr) - r(fr))) }
	case opMul:
		return func(fr *frame) float64 { return normZero(float64(l(fr) * r(fr))) }
	case opDiv:
		return func(fr *frame) float64 { return normZero(float64(l(fr) / r(fr))) }
	case opMod, opPow:
		return func(fr *frame) float64 { return arithNumbers(op, l(fr), r(fr)) }
	}
	notNumeric()
	return nil
}

// call compiles a call of a math function or of a numeric local function.
func (nc *numCompiler) call(e *ast.FuncCallExpr) numFn {
	if e.Func == nil {
		notNumeric()
	}
	if a, ok := e.Func.(*ast.AttrGetExpr); ok {
		table, ok1 := a.Object.(*ast.IdentExpr)
		key, ok2 := a.Key.(*ast.StringExpr)
		if !ok1 || !ok2 || table.Value != "math" {
			notNumeric()
		}
		if _, local := nc.c.lookup("math"); local {
			notNumeric()
		}
		if _, local := nc.lookup("math"); local {
			notNumeric()
		}
		fn, ok := mathNames[key.Value]
		if !ok || len(e.Args) == 0 {
			notNumeric()
		}
		nc.nf.depth = max(nc.nf.depth, 1)
		var args []numFn
		for _, x := range e.Args {
			args = append(args, nc.expr(x))
		}
		x := args[0]
		switch fn {
		case mathFloor, mathCeil, mathAbs, mathSqrt:
			if len(args) != 1 {
				notNumeric()
			}
		}
		switch fn {
		case mathFloor:
			return func(fr *frame) float64 { return math.Floor(x(fr)) }
		case mathCeil:
			return func(fr *frame) float64 { return math.Ceil(x(fr)) }
		case mathAbs:
			return func(fr *frame) float64 { return math.Abs(x(fr)) }
		case mathSqrt:
			return func(fr *frame) float64 { return math.Sqrt(x(fr)) }
		}
		isMax := fn == mathMax
		return func(fr *frame) float64 {
			// mathCall's min and max: a later argument replaces the
			// first only when smaller (larger).
			m := x(fr)
			for _, a := range args[1:] {
				if v := a(fr); isMax && v > m || !isMax && v < m {
					m = v
				}
			}
			return m
		}
	}
	g, args := nc.callee(e)
	return func(fr *frame) float64 {
		g.run(fr, args)
		return fr.nres[0]
	}
}

// cond compiles a condition.
func (nc *numCompiler) cond(e ast.Expr) condFn {
	switch e := e.(type) {
	case *ast.RelationalOpExpr:
		l, r := nc.expr(e.Lhs), nc.expr(e.Rhs)
		switch e.Operator {
		case "==":
			return func(fr *frame) bool { return l(fr) == r(fr) }
		case "~=":
			return func(fr *frame) bool { return l(fr) != r(fr) }
		case "<":
			return func(fr *frame) bool { return l(fr) < r(fr) }
		case "<=":
			return func(fr *frame) bool { return l(fr) <= r(fr) }
		case ">":
			return func(fr *frame) bool { a := l(fr); return r(fr) < a }
		case ">=":
			return func(fr *frame) bool { a := l(fr); return r(fr) <= a }
		}
	case *ast.LogicalOpExpr:
		l, r := nc.cond(e.Lhs), nc.cond(e.Rhs)
		if e.Operator == "and" {
			return func(fr *frame) bool { return l(fr) && r(fr) }
		}
		return func(fr *frame) bool { return l(fr) || r(fr) }
	case *ast.UnaryNotOpExpr:
		x := nc.cond(e.Expr)
		return func(fr *frame) bool { return !x(fr) }
	}
	notNumeric()
	return nil
}

// try runs g for a call from the general form with the arguments args,
// when the guard (see above) allows; it reports whether it did, the
// results then being in fr.nres and fr.nret.
func (g *numFunc) try(fr *frame, args []plugin.Value) bool {
	if len(args) != len(g.params) || fr.depth+g.depth >= fr.maxDepth || fr.n+g.budget > fr.maxN {
		return false
	}
	var tmp [maxDirectArgs]float64
	n := 0
	for i, t := range g.params {
		a := args[i]
		switch {
		case t == numNumber && a.K == plugin.VNumber:
			tmp[n] = a.N
			n++
		case t == numCtx && a.K == plugin.VCtx:
		default:
			return false
		}
	}
	for _, f := range g.fields {
		if fr.slots[f].K != plugin.VNumber {
			return false
		}
	}
	if len(fr.nums) < g.base+g.nlocal {
		return false
	}
	g.enter(fr, tmp[:n])
	return true
}

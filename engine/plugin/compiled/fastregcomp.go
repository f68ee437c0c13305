package compiled

import (
	"math"

	"github.com/yuin/gopher-lua/ast"

	"github.com/sandtable/sandtable/engine/plugin"
)

// The compiler of register code (see fastreg.go): from a hook function's
// syntax tree, with numeric helpers inlined.

// rcomp compiles one hook function to register code.
type rcomp struct {
	c      *fcompiler
	p      *rprog
	scopes []map[string]rvar
	top    int32 // the next free register
	max    int32
	nfixed int32 // registers of consts and loads
	start  int32 // the first register after them
	consts map[uint64]int32
	fields map[int]int32
	inline []*fastFunc // the helpers being inlined, outermost first
	depth  int         // the Lua call depth of the code being compiled, 0 in the hook
	ret    *rret       // where a return in an inlined helper goes
	// counts are the instructions the general form counts in the code
	// being compiled, by region: the function's (outside loops), then
	// those of the loops being compiled, innermost last (see rprog.entry).
	counts []int64
}

// maxFixed bounds the fixed registers of the first pass, which places the
// others above it.
const maxFixed = 1 << 16

// maxRegCode bounds the instructions and registers of one hook function's
// register code (the shipped scripts need under a hundred).
const maxRegCode = 4096

// rvar is a name in scope: a register, or the ctx.
type rvar struct {
	ctx bool
	reg int32
	// whole: the register always holds a number whole() accepts (a loop
	// variable of ipairs the body does not assign).
	whole bool
	loop  int32 // 1 + the loop whose value (ipairs) the register is, or 0
}

// rret is the return context of an inlined helper: its results go to dst
// (need of them), and the code jumps to the patch list's target after it.
type rret struct {
	dst   []int32
	jumps []int
	hook  bool // a tail call of the hook: a return is the hook's
}

// regCompile compiles the register code of the hook function f (compiled
// as ff), or returns nil when it does not qualify.
func (c *fcompiler) regCompile(ff *fastFunc, f *ast.FunctionExpr) *rprog {
	if len(f.ParList.Names) != 1 || f.ParList.HasVargs || c.kind.HostTable == "" {
		return nil
	}
	// Two passes: the first counts the registers that constants and ctx
	// fields take, the second places locals and temporaries after them.
	first := c.regPass(f, -1)
	if first == nil {
		return nil
	}
	p := c.regPass(f, int32(len(first.fixed)))
	if p == nil || len(p.fixed) != len(first.fixed) {
		return nil
	}
	return p
}

// regPass compiles f with fixed registers for constants and ctx fields, or
// counts them when fixed is -1.
func (c *fcompiler) regPass(f *ast.FunctionExpr, fixed int32) (p *rprog) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(notNum); !ok {
				panic(r)
			}
			p = nil
		}
	}()
	start := fixed
	if fixed < 0 {
		start = maxFixed
	}
	rc := &rcomp{c: c, p: &rprog{params: -1}, nfixed: fixed, start: start, top: start, max: start,
		consts: map[uint64]int32{}, fields: map[int]int32{}, counts: []int64{0}}
	// The results of the hook take the first registers after the fixed
	// ones: they are reserved for the whole function.
	rc.p.nret = 2
	rc.top += 2
	rc.max = rc.top
	rc.scopes = []map[string]rvar{{f.ParList.Names[0]: {ctx: true}}}
	rc.block(f.Stmts)
	rc.emit(rRet, 0, 0, 0)
	p = rc.p
	p.nregs = int(rc.max)
	if fixed >= 0 && (p.nregs >= noReg || p.nviews > len(viewFrame{}) || len(p.loops) > len(loopFrame{})) {
		// More registers, views or loops than the frame has: the
		// shipped scripts use under a hundred registers.
		return nil
	}
	p.entry = rc.counts[0]
	for i := range p.code {
		in := &p.code[i]
		switch in.op {
		case rRet:
			// The result registers are the first after the fixed ones.
			in.b = start
		case rRetR:
			in.d = start
		default:
			// A jump to a jump goes to its target.
			for n := 0; jumps(in.op) && n < len(p.code) && p.code[in.c].op == rJmp; n++ {
				in.c = p.code[in.c].c
			}
		}
	}
	if fixed >= 0 {
		p.checkFixed(fixed)
	}
	p.idivs()
	p.compact()
	p.effectsLast()
	p.plain = p.isPlain()
	if fixed >= 0 {
		p.fuzzyZeros()
		p.hoist()
	}
	p.fuse()
	if fixed >= 0 && !p.encode() {
		return nil
	}
	return p
}

func (rc *rcomp) emit(op rop, a, b, c int32) int {
	if len(rc.p.code) >= maxRegCode {
		// Inlining helpers that call helpers several times each can
		// grow the code exponentially with the script; such a hook
		// stays on the general form.
		notNumeric()
	}
	rc.p.code = append(rc.p.code, rinstr{op: op, a: a, b: b, c: c})
	return len(rc.p.code) - 1
}

// here is the address of the next instruction.
func (rc *rcomp) here() int32 { return int32(len(rc.p.code)) }

// patch points the jumps at target.
func (rc *rcomp) patch(jumps []int, target int32) {
	for _, j := range jumps {
		rc.p.code[j].c = target
	}
}

func (rc *rcomp) alloc() int32 {
	if rc.top-rc.start >= maxRegCode {
		notNumeric()
	}
	r := rc.top
	rc.top++
	rc.max = max(rc.max, rc.top)
	return r
}

// konst returns the register holding the number k.
func (rc *rcomp) konst(k float64) int32 {
	bits := math.Float64bits(k)
	if r, ok := rc.consts[bits]; ok {
		return r
	}
	r := rc.fixedReg(k)
	rc.consts[bits] = r
	return r
}

// field returns the register holding the number ctx field fi.
func (rc *rcomp) field(fi int) int32 {
	if r, ok := rc.fields[fi]; ok {
		return r
	}
	if t := rc.c.kind.Ctx[fi].Type; t != "number" && t != "integer" {
		// Declared to hold something else: the guard would always fail.
		notNumeric()
	}
	r := rc.fixedReg(0)
	rc.fields[fi] = r
	rc.p.loads = append(rc.p.loads, rload{reg: r, fi: fi})
	return r
}

// fixedReg takes the next fixed register, loaded with k at entry. The
// first pass only counts them (its code is thrown away); the second places
// them below the others.
func (rc *rcomp) fixedReg(k float64) int32 {
	r := int32(len(rc.p.fixed))
	rc.p.fixed = append(rc.p.fixed, k)
	if rc.nfixed >= 0 && r >= rc.nfixed {
		notNumeric() // the passes disagree
	}
	return r
}

func (rc *rcomp) lookup(name string) (rvar, bool) {
	for i := len(rc.scopes) - 1; i >= 0; i-- {
		if v, ok := rc.scopes[i][name]; ok {
			return v, true
		}
	}
	return rvar{}, false
}

func (rc *rcomp) declare(name string, v rvar) { rc.scopes[len(rc.scopes)-1][name] = v }

// block compiles stmts in a scope of their own.
func (rc *rcomp) block(stmts []ast.Stmt) {
	rc.scopes = append(rc.scopes, map[string]rvar{})
	top := rc.top
	for _, s := range stmts {
		rc.stmt(s)
	}
	rc.top = top
	rc.scopes = rc.scopes[:len(rc.scopes)-1]
}

func (rc *rcomp) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		rc.local(s)
	case *ast.AssignStmt:
		v, ok := rc.lookup(plainAssign(s))
		if !ok || v.ctx {
			notNumeric()
		}
		top := rc.top
		rc.exprTo(s.Rhs[0], v.reg)
		rc.top = top
	case *ast.DoBlockStmt:
		rc.block(s.Stmts)
	case *ast.IfStmt:
		rc.ifStmt(s)
	case *ast.ReturnStmt:
		rc.returnStmt(s)
	case *ast.GenericForStmt:
		if len(rc.inline) > 0 {
			notNumeric()
		}
		rc.ipairs(s)
	case *ast.NumberForStmt:
		if len(rc.inline) > 0 {
			notNumeric()
		}
		rc.numberFor(s)
	case *ast.FuncCallStmt:
		// A host call for its effect (see effectsLast).
		call, ok := s.Expr.(*ast.FuncCallExpr)
		if !ok {
			notNumeric()
		}
		hf := rc.hostAny(call)
		if hf == nil {
			notNumeric()
		}
		top := rc.top
		rc.host(call, hf, nil)
		rc.top = top
	default:
		notNumeric()
	}
}

// local compiles a local declaration.
func (rc *rcomp) local(s *ast.LocalAssignStmt) {
	if len(s.Exprs) == 0 {
		notNumeric() // nil
	}
	dst := make([]int32, len(s.Names))
	for i := range dst {
		dst[i] = rc.alloc()
	}
	switch {
	case len(s.Exprs) == len(s.Names):
		for i, e := range s.Exprs {
			top := rc.top
			rc.exprTo(e, dst[i])
			rc.top = top
		}
	case len(s.Exprs) == 1:
		call, ok := s.Exprs[0].(*ast.FuncCallExpr)
		if !ok || call.AdjustRet {
			notNumeric()
		}
		top := rc.top
		rc.callTo(call, dst)
		rc.top = top
	default:
		notNumeric()
	}
	for i, n := range s.Names {
		rc.declare(n, rvar{reg: dst[i]})
	}
}

func (rc *rcomp) ifStmt(s *ast.IfStmt) {
	skip := rc.jumpIf(s.Condition, false)
	rc.block(s.Then)
	if len(s.Else) == 0 {
		rc.patch(skip, rc.here())
		return
	}
	end := rc.emit(rJmp, 0, 0, 0)
	rc.patch(skip, rc.here())
	rc.block(s.Else)
	rc.patch([]int{end}, rc.here())
}

// returnStmt compiles a return: of the hook, or of an inlined helper.
func (rc *rcomp) returnStmt(s *ast.ReturnStmt) {
	r := rc.ret0()
	n := len(s.Exprs)
	if n > 0 {
		if call, ok := s.Exprs[n-1].(*ast.FuncCallExpr); ok && !call.AdjustRet {
			// Its results expand: a tail call of a helper, or a host
			// call.
			if rc.isHelper(call) {
				if n > 1 {
					notNumeric()
				}
				rc.inlineCall(call, r)
				if !r.hook {
					r.jumps = append(r.jumps, rc.emit(rJmp, 0, 0, 0))
				}
				return
			}
			if hf := rc.hostFuncOf(call); hf != nil && len(hf.Returns) != 1 {
				notNumeric()
			}
		}
	}
	if r.hook && n <= 2 && n <= rc.p.nret {
		// The hook's own values: the return reads them where they are,
		// and copies them to the result registers.
		top := rc.top
		var regs [2]int32
		for i, e := range s.Exprs {
			regs[i] = rc.expr(e)
		}
		rc.top = top
		rc.emit(rRetR, int32(n), regs[0], regs[1])
		return
	}
	if n == 1 && (r.hook || len(r.dst) == 1) {
		// One value goes straight where it is returned to: its last
		// instruction writes it.
		d := rc.nfixed
		if !r.hook {
			d = r.dst[0]
		}
		if rc.nfixed < 0 {
			d = maxFixed
		}
		top := rc.top
		rc.exprTo(s.Exprs[0], d)
		rc.top = top
		if r.hook {
			rc.emit(rRet, 1, 0, 0)
		} else {
			r.jumps = append(r.jumps, rc.emit(rJmp, 0, 0, 0))
		}
		return
	}
	top := rc.top
	// The values are computed into temporaries first: a result register
	// may be read by a later value.
	tmp := make([]int32, n)
	for i, e := range s.Exprs {
		tmp[i] = rc.alloc()
		rc.exprTo(e, tmp[i])
	}
	rc.top = top
	if r.hook {
		if n > rc.p.nret {
			notNumeric()
		}
		d := rc.nfixed
		if d < 0 {
			d = maxFixed
		}
		for i := range n {
			rc.emit(rMov, d+int32(i), tmp[i], 0)
		}
		rc.emit(rRet, int32(n), 0, 0)
		return
	}
	for i, d := range r.dst {
		if i >= n {
			// Fewer values than the caller uses: nil.
			rc.emit(rBail, 0, 0, 0)
			break
		}
		rc.emit(rMov, d, tmp[i], 0)
	}
	r.jumps = append(r.jumps, rc.emit(rJmp, 0, 0, 0))
}

// ret0 is the return context: the hook's own, or an inlined helper's.
func (rc *rcomp) ret0() *rret {
	if rc.ret == nil {
		return &rret{hook: true}
	}
	return rc.ret
}

// jumpIf compiles a condition: the jumps it returns are taken when the
// condition's truth is sense; otherwise the code falls through.
func (rc *rcomp) jumpIf(e ast.Expr, sense bool) []int {
	switch e := e.(type) {
	case *ast.TrueExpr:
		if sense {
			return []int{rc.emit(rJmp, 0, 0, 0)}
		}
		return nil
	case *ast.FalseExpr, *ast.NilExpr:
		if !sense {
			return []int{rc.emit(rJmp, 0, 0, 0)}
		}
		return nil
	case *ast.UnaryNotOpExpr:
		return rc.jumpIf(e.Expr, !sense)
	case *ast.LogicalOpExpr:
		and := e.Operator == "and"
		if and != sense {
			// (a and b) false: a false or b false; (a or b) true: a
			// true or b true.
			return append(rc.jumpIf(e.Lhs, sense), rc.jumpIf(e.Rhs, sense)...)
		}
		// (a and b) true: a true, then b true; (a or b) false: a false,
		// then b false.
		past := rc.jumpIf(e.Lhs, !sense)
		js := rc.jumpIf(e.Rhs, sense)
		rc.patch(past, rc.here())
		return js
	case *ast.RelationalOpExpr:
		top := rc.top
		l := rc.expr(e.Lhs)
		r := rc.expr(e.Rhs)
		rc.top = top
		var op rop
		switch e.Operator {
		case "<":
			op = rJlt
		case "<=":
			op = rJle
		case ">":
			op, l, r = rJlt, r, l
		case ">=":
			op, l, r = rJle, r, l
		case "==":
			op = rJeq
		case "~=":
			op = rJne
		default:
			notNumeric()
		}
		if !sense {
			op = negateJump(op)
		}
		return []int{rc.emit(op, l, r, 0)}
	case *ast.AttrGetExpr:
		if fi, ok := rc.ctxField(e); ok {
			op := rJtrue
			if !sense {
				op = rJfalse
			}
			return []int{rc.emit(op, int32(fi), 0, 0)}
		}
	}
	// A number: always true, once computed.
	top := rc.top
	rc.expr(e)
	rc.top = top
	if sense {
		return []int{rc.emit(rJmp, 0, 0, 0)}
	}
	return nil
}

func negateJump(op rop) rop {
	switch op {
	case rJlt:
		return rJnlt
	case rJle:
		return rJnle
	case rJeq:
		return rJne
	case rJne:
		return rJeq
	}
	panic("negate")
}

// ctxField reports whether e is ctx.NAME for a field of the kind.
func (rc *rcomp) ctxField(e *ast.AttrGetExpr) (int, bool) {
	key, ok1 := e.Key.(*ast.StringExpr)
	id, ok2 := e.Object.(*ast.IdentExpr)
	if !ok1 || !ok2 {
		return 0, false
	}
	if v, ok := rc.lookup(id.Value); !ok || !v.ctx {
		return 0, false
	}
	fi := rc.c.ctxField(key.Value)
	return fi, fi >= 0
}

// expr compiles e and returns the register holding its value: a local's or
// a constant's own, or a new temporary.
func (rc *rcomp) expr(e ast.Expr) int32 {
	if r, ok := rc.leaf(e); ok {
		return r
	}
	r := rc.alloc()
	rc.exprTo(e, r)
	return r
}

// leaf returns the register that already holds e's value, if there is one:
// a local's, a constant's or a ctx field's.
func (rc *rcomp) leaf(e ast.Expr) (int32, bool) {
	switch e := e.(type) {
	case *ast.NumberExpr:
		return rc.konst(literalNumber(e.Value)), true
	case *ast.IdentExpr:
		if v, ok := rc.lookup(e.Value); ok {
			if v.ctx {
				notNumeric()
			}
			return v.reg, true
		}
		b, ok := rc.c.lookup(e.Value)
		if !ok || b.kind != bindConst || b.v.K != plugin.VNumber {
			notNumeric()
		}
		return rc.konst(b.v.N), true
	case *ast.AttrGetExpr:
		if fi, ok := rc.ctxField(e); ok {
			return rc.field(fi), true
		}
		if id, ok := e.Object.(*ast.IdentExpr); ok && rc.isMath(id.Value) {
			if key, ok := e.Key.(*ast.StringExpr); ok {
				switch key.Value {
				case "pi":
					return rc.konst(math.Pi), true
				case "huge":
					return rc.konst(math.MaxFloat64), true
				}
			}
		}
	}
	return 0, false
}

// isMath reports whether name is the math library (not a local).
func (rc *rcomp) isMath(name string) bool {
	if name != "math" {
		return false
	}
	if _, local := rc.lookup(name); local {
		return false
	}
	_, local := rc.c.lookup(name)
	return !local
}

// exprTo compiles e into register dst.
func (rc *rcomp) exprTo(e ast.Expr, dst int32) {
	switch e := e.(type) {
	case *ast.ArithmeticOpExpr:
		top := rc.top
		l := rc.expr(e.Lhs)
		r := rc.expr(e.Rhs)
		rc.top = top
		var op rop
		switch e.Operator[0] {
		case opAdd:
			op = rAdd
		case opSub:
			op = rSub
		case opMul:
			op = rMul
		case opDiv:
			op = rDiv
		case opMod:
			op = rMod
		case opPow:
			op = rPow
		default:
			notNumeric()
		}
		rc.emit(op, dst, l, r)
	case *ast.UnaryMinusOpExpr:
		top := rc.top
		x := rc.expr(e.Expr)
		rc.top = top
		rc.emit(rNeg, dst, x, 0)
	case *ast.FuncCallExpr:
		rc.callTo(e, []int32{dst})
	case *ast.AttrGetExpr:
		if name, ok := rc.paramsRead(e); ok {
			rc.emit(rParam, dst, rc.name(name), 0)
			return
		}
		r, ok := rc.leaf(e)
		if !ok {
			notNumeric()
		}
		rc.emit(rMov, dst, r, 0)
	case *ast.LogicalOpExpr:
		name, ok := rc.paramsRead(e.Lhs)
		if !ok || e.Operator != "or" {
			notNumeric()
		}
		j := rc.emit(rParamOr, dst, rc.name(name), 0)
		top := rc.top
		rc.exprTo(e.Rhs, dst)
		rc.top = top
		rc.patch([]int{j}, rc.here())
	case *ast.NumberExpr, *ast.IdentExpr:
		r, _ := rc.leaf(e)
		rc.emit(rMov, dst, r, 0)
	default:
		notNumeric()
	}
}

// name returns the index of a ctx.params name.
func (rc *rcomp) name(n string) int32 {
	for i, x := range rc.p.names {
		if x == n {
			return int32(i)
		}
	}
	rc.p.names = append(rc.p.names, n)
	return int32(len(rc.p.names) - 1)
}

// paramsRead reports whether e is ctx.params.NAME, and returns NAME.
func (rc *rcomp) paramsRead(e ast.Expr) (string, bool) {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok {
		return "", false
	}
	key, ok := a.Key.(*ast.StringExpr)
	inner, ok2 := a.Object.(*ast.AttrGetExpr)
	if !ok || !ok2 {
		return "", false
	}
	fi, ok := rc.ctxField(inner)
	if !ok || rc.c.kind.Ctx[fi].Name != plugin.ParamsField.Name {
		return "", false
	}
	rc.p.params = fi
	return key.Value, true
}

// isHelper reports whether e calls a local function of the script.
func (rc *rcomp) isHelper(e *ast.FuncCallExpr) bool {
	id, ok := e.Func.(*ast.IdentExpr)
	if e.Func == nil || !ok {
		return false
	}
	if _, local := rc.lookup(id.Value); local {
		return false
	}
	b, ok := rc.c.lookup(id.Value)
	return ok && b.kind == bindFunc
}

// hostFuncOf returns the read-only host function e calls, or nil for a
// call of anything else; a host function that changes something is
// rejected (see hostAny).
func (rc *rcomp) hostFuncOf(e *ast.FuncCallExpr) *plugin.HostFunc {
	hf := rc.hostAny(e)
	if hf != nil && !hf.ReadOnly {
		notNumeric()
	}
	return hf
}

// hostAny returns the host function e calls, or nil for a call of anything
// else.
func (rc *rcomp) hostAny(e *ast.FuncCallExpr) *plugin.HostFunc {
	a, ok := e.Func.(*ast.AttrGetExpr)
	if e.Func == nil || !ok {
		return nil
	}
	table, ok1 := a.Object.(*ast.IdentExpr)
	key, ok2 := a.Key.(*ast.StringExpr)
	k := rc.c.kind
	if !ok1 || !ok2 || table.Value != k.HostTable {
		return nil
	}
	if _, local := rc.lookup(table.Value); local {
		notNumeric()
	}
	if _, local := rc.c.lookup(table.Value); local {
		notNumeric()
	}
	for i := range k.Host {
		if hf := &k.Host[i]; hf.Name == key.Value {
			return hf
		}
	}
	notNumeric()
	return nil
}

// callTo compiles a call whose first len(dst) results go to dst.
func (rc *rcomp) callTo(e *ast.FuncCallExpr, dst []int32) {
	if e.Func == nil {
		notNumeric()
	}
	if rc.isHelper(e) {
		rc.inlineCall(e, &rret{dst: dst})
		return
	}
	if hf := rc.hostFuncOf(e); hf != nil {
		rc.host(e, hf, dst)
		return
	}
	a, ok := e.Func.(*ast.AttrGetExpr)
	if !ok {
		notNumeric()
	}
	id, ok1 := a.Object.(*ast.IdentExpr)
	key, ok2 := a.Key.(*ast.StringExpr)
	if !ok1 || !ok2 || !rc.isMath(id.Value) {
		notNumeric()
	}
	fn, ok := mathNames[key.Value]
	if !ok || len(e.Args) == 0 || len(dst) != 1 {
		notNumeric()
	}
	rc.p.depth = max(rc.p.depth, rc.depth+1)
	top := rc.top
	args := make([]int32, len(e.Args))
	for i, x := range e.Args {
		args[i] = rc.expr(x)
	}
	// A chain's temporary, above the arguments'.
	var t int32
	if len(args) > 2 {
		t = rc.alloc()
	}
	rc.top = top
	switch fn {
	case mathFloor, mathCeil, mathAbs, mathSqrt:
		if len(args) != 1 {
			notNumeric()
		}
		op := map[int]rop{mathFloor: rFloor, mathCeil: rCeil, mathAbs: rAbs, mathSqrt: rSqrt}[fn]
		rc.emit(op, dst[0], args[0], 0)
		return
	}
	op := rMin
	if fn == mathMax {
		op = rMax
	}
	if len(args) == 1 {
		rc.emit(rMov, dst[0], args[0], 0)
		return
	}
	// mathCall: a later argument replaces the first only when smaller
	// (larger), in order. The arguments are all computed before dst is
	// written; a chain runs in a temporary, as dst may be an argument.
	if len(args) == 2 {
		rc.emit(op, dst[0], args[0], args[1])
		return
	}
	rc.emit(op, t, args[0], args[1])
	for _, x := range args[2:] {
		rc.emit(op, t, t, x)
	}
	rc.emit(rMov, dst[0], t, 0)
}

// host compiles a call of the read-only host function hf.
func (rc *rcomp) host(e *ast.FuncCallExpr, hf *plugin.HostFunc, dst []int32) {
	if hf.Fast == nil || len(e.Args) != len(hf.Params) || len(hf.Params) > plugin.MaxFastArgs ||
		len(hf.Returns) > plugin.MaxFastArgs || len(dst) > len(hf.Returns) {
		notNumeric()
	}
	for _, r := range hf.Returns {
		if r.Type != "integer" {
			notNumeric()
		}
	}
	h := &rhost{hf: hf, name: rc.c.kind.HostTable + "." + hf.Name, args: make([]int32, len(hf.Params)), loops: make([]int32, len(hf.Params)),
		effect: !hf.ReadOnly,
		enums:  make([]int, len(hf.Params)), dst: dst, line: e.Line(), view: -1}
	if hf.View != nil {
		h.view = int32(rc.p.nviews)
		rc.p.nviews++
	}
	top := rc.top
	for i, p := range hf.Params {
		if p.Type == "integer" {
			if id, ok := e.Args[i].(*ast.IdentExpr); ok {
				if v, ok := rc.lookup(id.Value); ok && v.whole {
					h.whole |= 1 << i
					h.loops[i] = v.loop
				}
			}
			h.args[i] = rc.expr(e.Args[i])
			continue
		}
		vs, ok := enumValues(p.Type)
		if !ok {
			notNumeric()
		}
		s, ok := rc.stringConst(e.Args[i])
		if !ok {
			notNumeric()
		}
		h.args[i], h.enums[i] = -1, -1 // an enum: the same string each call
		for j, v := range vs {
			if v == s {
				h.enums[i] = j
			}
		}
		if h.enums[i] < 0 {
			notNumeric() // the general form reports the bad argument
		}
	}
	rc.top = top
	for i, a := range h.args {
		// Fixed registers (constants and ctx fields) do not change
		// during a call (checkFixed).
		h.restVar = h.restVar || i > 0 && a >= rc.nfixed
	}
	rc.p.depth = max(rc.p.depth, rc.depth+1)
	rc.p.hosts = append(rc.p.hosts, h)
	rc.emit(rHost, int32(len(rc.p.hosts)-1), 0, 0)
}

// stringConst returns the string e always is: a literal or a string
// constant of the script.
func (rc *rcomp) stringConst(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.StringExpr:
		return e.Value, true
	case *ast.IdentExpr:
		if _, local := rc.lookup(e.Value); local {
			return "", false
		}
		if b, ok := rc.c.lookup(e.Value); ok && b.kind == bindConst && b.v.K == plugin.VString {
			return b.v.Str(), true
		}
	}
	return "", false
}

// inlineCall compiles a call of a numeric helper in place: its arguments
// into its parameters' registers, its body, its returns into r.
func (rc *rcomp) inlineCall(e *ast.FuncCallExpr, r *rret) {
	b, _ := rc.c.lookup(e.Func.(*ast.IdentExpr).Value)
	ff := b.fn
	if ff.num == nil || ff.def == nil || len(e.Args) != len(ff.num.params) {
		notNumeric()
	}
	for _, g := range rc.inline {
		if g == ff {
			notNumeric()
		}
	}
	g := ff.num
	// The arguments, into new registers (a parameter of type ctx takes
	// the ctx itself).
	scope := map[string]rvar{}
	regs := make([]int32, len(e.Args))
	for i, a := range e.Args {
		if g.params[i] == numCtx {
			id, ok := a.(*ast.IdentExpr)
			if !ok {
				notNumeric()
			}
			if v, ok := rc.lookup(id.Value); !ok || !v.ctx {
				notNumeric()
			}
			regs[i] = -1
			continue
		}
		if r, ok := rc.leaf(a); ok && !assigns(ff.def.Stmts, ff.def.ParList.Names[i]) {
			// The helper only reads the parameter, and nothing it runs
			// can write the caller's register: it reads that.
			regs[i] = r
			continue
		}
		regs[i] = rc.alloc()
		rc.exprTo(a, regs[i])
	}
	for i, p := range ff.def.ParList.Names {
		if regs[i] < 0 {
			scope[p] = rvar{ctx: true}
		} else {
			scope[p] = rvar{reg: regs[i]}
		}
	}
	rc.counts[len(rc.counts)-1] += ff.entry
	// The call is made at this depth, as host and math calls are.
	rc.p.depth = max(rc.p.depth, rc.depth+1)
	saved, savedRet := rc.scopes, rc.ret
	rc.scopes = []map[string]rvar{scope}
	rc.inline = append(rc.inline, ff)
	rc.depth++
	// Its returns go where the call's results go; for a tail call of the
	// hook, they are the hook's.
	inner := &rret{dst: r.dst, hook: r.hook}
	rc.ret = inner
	rc.block(ff.def.Stmts)
	rc.emit(rBail, 0, 0, 0) // the body always returns: unreachable
	rc.depth--
	rc.inline = rc.inline[:len(rc.inline)-1]
	rc.scopes, rc.ret = saved, savedRet
	rc.patch(inner.jumps, rc.here())
}

// ipairs compiles `for i, v in ipairs(host(…)) do … end` over a read-only
// host function returning an integer array, counting as ipairsFor does.
func (rc *rcomp) ipairs(s *ast.GenericForStmt) {
	if len(s.Exprs) != 1 || len(s.Names) == 0 || len(s.Names) > 2 {
		notNumeric()
	}
	call, ok := s.Exprs[0].(*ast.FuncCallExpr)
	if !ok || call.Func == nil || len(call.Args) != 1 {
		notNumeric()
	}
	if id, ok := call.Func.(*ast.IdentExpr); !ok || id.Value != "ipairs" {
		notNumeric()
	}
	if _, local := rc.lookup("ipairs"); local {
		notNumeric()
	}
	if _, local := rc.c.lookup("ipairs"); local {
		notNumeric()
	}
	arr, ok := call.Args[0].(*ast.FuncCallExpr)
	if !ok || arr.AdjustRet {
		notNumeric()
	}
	hf := rc.hostFuncOf(arr)
	if hf == nil || len(arr.Args) != len(hf.Params) || len(hf.Returns) != 1 || hf.Returns[0].Type != "integer[]" {
		notNumeric()
	}
	l := &rloop{call: &hostCall{hf: hf, name: rc.c.kind.HostTable + "." + hf.Name, line: arr.Line(), arrays: true},
		cost: 1 + leadingCost(s.Stmts), v: -1}
	top := rc.top
	for i, p := range hf.Params {
		if p.Type != "integer" {
			notNumeric()
		}
		l.args = append(l.args, rc.expr(arr.Args[i]))
	}
	rc.top = top
	rc.p.depth = max(rc.p.depth, 1)
	rc.p.loops = append(rc.p.loops, l)
	id := int32(len(rc.p.loops) - 1)
	rc.emit(rIPrep, id, 0, 0)
	rc.scopes = append(rc.scopes, map[string]rvar{})
	l.i = rc.alloc()
	rc.declare(s.Names[0], rvar{reg: l.i, whole: !assigns(s.Stmts, s.Names[0])})
	if len(s.Names) > 1 {
		l.v = rc.alloc()
		w := !assigns(s.Stmts, s.Names[1])
		v := rvar{reg: l.v, whole: w}
		if w {
			v.loop = id + 1
		}
		rc.declare(s.Names[1], v)
	}
	rc.loopBody(l, id, rILoop, s.Stmts)
	rc.top = top
}

// loopBody compiles the rest of loop l (number id) in the scope the caller
// opened for its variables: the iteration instruction op, the body, whose
// counts become the iteration's, and the jump back; then it closes the
// scope.
func (rc *rcomp) loopBody(l *rloop, id int32, op rop, body []ast.Stmt) {
	loop := rc.emit(op, id, 0, 0)
	rc.counts = append(rc.counts, 0)
	rc.block(body)
	l.cost += rc.counts[len(rc.counts)-1]
	rc.counts = rc.counts[:len(rc.counts)-1]
	rc.emit(rJmp, 0, 0, int32(loop))
	rc.patch([]int{loop}, rc.here())
	rc.scopes = rc.scopes[:len(rc.scopes)-1]
}

// numberFor compiles a numeric for, as numberFor does.
func (rc *rcomp) numberFor(s *ast.NumberForStmt) {
	l := &rloop{cost: 1 + leadingCost(s.Stmts), v: -1}
	top := rc.top
	// Computed in order into registers of their own: the body may change
	// the locals they were read from.
	l.init = rc.alloc()
	rc.exprTo(s.Init, l.init)
	l.limit = rc.alloc()
	rc.exprTo(s.Limit, l.limit)
	l.step = rc.alloc()
	if s.Step != nil {
		rc.exprTo(s.Step, l.step)
	} else {
		rc.emit(rMov, l.step, rc.konst(1), 0)
	}
	rc.p.loops = append(rc.p.loops, l)
	id := int32(len(rc.p.loops) - 1)
	rc.emit(rNPrep, id, 0, 0)
	rc.scopes = append(rc.scopes, map[string]rvar{})
	l.i = rc.alloc()
	rc.declare(s.Name, rvar{reg: l.i})
	rc.loopBody(l, id, rNLoop, s.Stmts)
	rc.top = top
}

// assigns reports whether stmts assign to the name (or a local of the
// same name: it need not tell them apart).
func assigns(stmts []ast.Stmt, name string) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.IdentExpr); ok && id.Value == name {
					return true
				}
			}
		case *ast.IfStmt:
			if assigns(s.Then, name) || assigns(s.Else, name) {
				return true
			}
		case *ast.DoBlockStmt:
			if assigns(s.Stmts, name) {
				return true
			}
		case *ast.NumberForStmt:
			if assigns(s.Stmts, name) {
				return true
			}
		case *ast.GenericForStmt:
			if assigns(s.Stmts, name) {
				return true
			}
		case *ast.WhileStmt, *ast.RepeatStmt:
			return true
		}
	}
	return false
}

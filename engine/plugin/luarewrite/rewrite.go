// Package luarewrite rewrites a parsed Lua script before the sandbox
// (engine/plugin) compiles it: AST in, AST out, and a refusal with a line.
//
// Two operations of the Lua VM can claim unbounded memory in one
// instruction, and gopher-lua offers no hook to check them: the .. operator
// (a doubling loop reaches gigabytes in thirty instructions) and a table
// write with a large integer key (t[60000000] = 1 appends sixty million nil
// slots to the array part). Rewrite turns every concatenation, every
// assignment t[k] = v whose key is computed, and every table constructor
// field [k] = v with a computed key into calls of Go functions that check
// the size first (the sandbox's Worker.luaConcat, luaSetIndex, luaCtor).
// Assignments with constant string keys (t.x = v) and small constant
// indices stay plain VM instructions. The length operator #t, whose scan of
// a sparse table takes time rather than memory, becomes a call of
// Worker.luaLen, which charges the scan; so does a comparison (a < b,
// a == b, …) whose operands are both more than a number or a short string
// literal: gopher-lua compares strings byte by byte, and Go compares
// equal-length strings in full (Worker.luaLT and its siblings charge the
// bytes).
//
// MarkStateWrites marks the assignments by which a hook function would keep
// state of its own (statewrite.go).
//
// The Go functions reach the chunk as hidden locals, declared by a prelude
// Rewrite adds and set from the chunk's arguments in the order of Hidden:
// their names contain parentheses, which no Lua source can spell, so a
// script can neither call nor shadow them.
package luarewrite

import (
	"fmt"
	"math"
	"slices"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"

	"github.com/sandtable/sandtable/engine/plugin/luastring"
)

// The hidden functions a rewritten chunk calls.
const (
	Concat   = "(concat)"   // (concat)(a, b, …): a .. b .. …
	SetIndex = "(setindex)" // (setindex)(t, k, v): t[k] = v with a computed key
	Table    = "(table)"    // (table)(t, k1, v1, …): a constructor's computed-key fields set on t
	State    = "(state)"    // (state)(msg, …): a state write (statewrite.go); returns its other arguments
	Len      = "(len)"      // (len)(v): #v
	LT       = "(lt)"       // (lt)(a, b): a < b
	LE       = "(le)"       // (le)(a, b): a <= b
	GT       = "(gt)"       // (gt)(a, b): a > b
	GE       = "(ge)"       // (ge)(a, b): a >= b
	EQ       = "(eq)"       // (eq)(a, b): a == b (a ~= b becomes not (eq)(a, b))
)

// Hidden lists the hidden functions in the order a rewritten chunk takes
// them as its arguments.
var Hidden = []string{Concat, SetIndex, Table, State, Len, LT, LE, GT, GE, EQ}

// order maps an ordering comparison to the hidden function that performs it.
var order = map[string]string{"<": LT, "<=": LE, ">": GT, ">=": GE}

// safeIndex is the largest constant integer key left as a plain table write:
// growing an array by this many slots in one instruction is harmless.
const safeIndex = 1024

// Error is a load error found in a script's text: one Rewrite refuses, at
// a line (engine/plugin reports its own, such as a script too large, with
// line 0: the whole script).
type Error struct {
	Line int
	Msg  string
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Options are the limits Rewrite works to.
type Options struct {
	// MaxNesting is the deepest nesting of blocks and expressions allowed:
	// a deeper script is refused, so that neither this walker nor the
	// compiler recurses without bound.
	MaxNesting int
	// ShortString is the length in bytes of the longest string literal
	// that keeps a comparison with it a VM instruction.
	ShortString int
}

// Rewrite rewrites chunk as described in the package doc and checks its
// nesting depth.
func Rewrite(chunk []ast.Stmt, opt Options) ([]ast.Stmt, error) {
	rw := &rewriter{maxDepth: opt.MaxNesting, shortString: opt.ShortString}
	chunk = rw.block(chunk)
	if rw.tooDeep > 0 {
		return nil, &Error{Line: rw.tooDeep, Msg: fmt.Sprintf("too many nested blocks or expressions (the limit is %d)", opt.MaxNesting)}
	}
	prelude := &ast.LocalAssignStmt{Names: slices.Clone(Hidden), Exprs: []ast.Expr{&ast.Comma3Expr{}}}
	prelude.SetLine(1)
	prelude.SetLastLine(1)
	return append([]ast.Stmt{prelude}, chunk...), nil
}

type rewriter struct {
	depth, maxDepth int
	shortString     int
	tooDeep         int // first line where the nesting limit was passed
	tmp             int // counter for temporaries
}

// enter descends one level; it returns false (and records the line) past
// the nesting limit, so that neither this walker nor the compiler recurses
// without bound.
func (rw *rewriter) enter(line int) bool {
	rw.depth++
	if rw.depth > rw.maxDepth {
		if rw.tooDeep == 0 {
			rw.tooDeep = max(line, 1)
		}
		return false
	}
	return true
}

func (rw *rewriter) block(stmts []ast.Stmt) []ast.Stmt {
	for i, s := range stmts {
		stmts[i] = rw.stmt(s)
	}
	return stmts
}

func (rw *rewriter) exprs(es []ast.Expr) {
	for i, e := range es {
		es[i] = rw.expr(e)
	}
}

func (rw *rewriter) stmt(s ast.Stmt) ast.Stmt {
	defer func() { rw.depth-- }()
	if !rw.enter(s.Line()) {
		return s
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		rw.exprs(s.Rhs)
		computed := false
		for i, l := range s.Lhs {
			if a, ok := l.(*ast.AttrGetExpr); ok {
				a.Object = rw.expr(a.Object)
				a.Key = rw.expr(a.Key)
				computed = computed || !safeKey(a.Key)
			} else {
				s.Lhs[i] = rw.expr(l)
			}
		}
		if computed {
			return rw.assign(s)
		}
	case *ast.LocalAssignStmt:
		rw.exprs(s.Exprs)
	case *ast.FuncCallStmt:
		s.Expr = rw.expr(s.Expr)
	case *ast.DoBlockStmt:
		s.Stmts = rw.block(s.Stmts)
	case *ast.WhileStmt:
		s.Condition = rw.expr(s.Condition)
		s.Stmts = rw.block(s.Stmts)
	case *ast.RepeatStmt:
		s.Condition = rw.expr(s.Condition)
		s.Stmts = rw.block(s.Stmts)
	case *ast.IfStmt:
		s.Condition = rw.expr(s.Condition)
		s.Then = rw.block(s.Then)
		s.Else = rw.block(s.Else)
	case *ast.NumberForStmt:
		s.Init = rw.expr(s.Init)
		s.Limit = rw.expr(s.Limit)
		s.Step = rw.expr(s.Step)
		s.Stmts = rw.block(s.Stmts)
	case *ast.GenericForStmt:
		rw.exprs(s.Exprs)
		s.Stmts = rw.block(s.Stmts)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			s.Name.Func = rw.expr(s.Name.Func)
			s.Name.Receiver = rw.expr(s.Name.Receiver)
		}
		if s.Func != nil {
			s.Func.Stmts = rw.block(s.Func.Stmts)
		}
	case *ast.ReturnStmt:
		rw.exprs(s.Exprs)
	}
	return s
}

func (rw *rewriter) expr(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	defer func() { rw.depth-- }()
	if !rw.enter(e.Line()) {
		return e
	}
	switch e := e.(type) {
	case *ast.StringConcatOpExpr:
		// a .. b .. c parses as a .. (b .. c); flatten the chain into one
		// call, as the VM would concatenate it in one instruction.
		var ops []ast.Expr
		var cur ast.Expr = e
		for {
			c, ok := cur.(*ast.StringConcatOpExpr)
			if !ok {
				break
			}
			ops = append(ops, single(rw.expr(c.Lhs)))
			cur = c.Rhs
		}
		ops = append(ops, single(rw.expr(cur)))
		return call(e, Concat, ops...)
	case *ast.AttrGetExpr:
		e.Object = rw.expr(e.Object)
		e.Key = rw.expr(e.Key)
	case *ast.TableExpr:
		var keep []*ast.Field
		var pairs []ast.Expr
		for _, f := range e.Fields {
			f.Value = rw.expr(f.Value)
			if f.Key != nil {
				f.Key = rw.expr(f.Key)
				if !safeKey(f.Key) {
					pairs = append(pairs, single(f.Key), single(f.Value))
					continue
				}
			}
			keep = append(keep, f)
		}
		if len(pairs) > 0 {
			e.Fields = keep
			return call(e, Table, append([]ast.Expr{e}, pairs...)...)
		}
	case *ast.FuncCallExpr:
		e.Func = rw.expr(e.Func)
		e.Receiver = rw.expr(e.Receiver)
		rw.exprs(e.Args)
	case *ast.LogicalOpExpr:
		e.Lhs = rw.expr(e.Lhs)
		e.Rhs = rw.expr(e.Rhs)
	case *ast.RelationalOpExpr:
		e.Lhs = rw.expr(e.Lhs)
		e.Rhs = rw.expr(e.Rhs)
		if cheapOperand(e.Lhs, rw.shortString) || cheapOperand(e.Rhs, rw.shortString) {
			break
		}
		if h, ok := order[e.Operator]; ok {
			return call(e, h, single(e.Lhs), single(e.Rhs))
		}
		eq := call(e, EQ, single(e.Lhs), single(e.Rhs))
		if e.Operator == "==" {
			return eq
		}
		not := &ast.UnaryNotOpExpr{Expr: eq} // ~=
		setPos(not, e)
		return not
	case *ast.ArithmeticOpExpr:
		e.Lhs = rw.expr(e.Lhs)
		e.Rhs = rw.expr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		e.Expr = rw.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		e.Expr = rw.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		return call(e, Len, single(rw.expr(e.Expr)))
	case *ast.FunctionExpr:
		e.Stmts = rw.block(e.Stmts)
	}
	return e
}

// assign rewrites an assignment with a computed key. The single case
// becomes (setindex)(t, k, v). A multiple assignment keeps Lua's order (all
// targets and values are evaluated before anything is assigned) by going
// through temporaries:
//
//	do
//	  local (o1), (k1) = t, k         -- table and key of each indexed target
//	  local (v1), (v2) = e1, e2       -- the values, adjusted as Lua adjusts them
//	  (setindex)((o1), (k1), (v1)); x = (v2)
//	end
func (rw *rewriter) assign(s *ast.AssignStmt) ast.Stmt {
	if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
		a := s.Lhs[0].(*ast.AttrGetExpr)
		return callStmt(s, SetIndex, a.Object, a.Key, single(s.Rhs[0]))
	}
	var tNames, vNames []string
	var tExprs []ast.Expr
	var sets []ast.Stmt
	for _, l := range s.Lhs {
		v := rw.temp("v")
		vNames = append(vNames, v)
		a, ok := l.(*ast.AttrGetExpr)
		if !ok {
			set := &ast.AssignStmt{Lhs: []ast.Expr{l}, Rhs: []ast.Expr{ident(s, v)}}
			setPos(set, s)
			sets = append(sets, set)
			continue
		}
		o, k := rw.temp("o"), rw.temp("k")
		tNames = append(tNames, o, k)
		tExprs = append(tExprs, single(a.Object), single(a.Key))
		if safeKey(a.Key) {
			target := &ast.AttrGetExpr{Object: ident(s, o), Key: ident(s, k)}
			setPos(target, s)
			set := &ast.AssignStmt{Lhs: []ast.Expr{target}, Rhs: []ast.Expr{ident(s, v)}}
			setPos(set, s)
			sets = append(sets, set)
		} else {
			sets = append(sets, callStmt(s, SetIndex, ident(s, o), ident(s, k), ident(s, v)))
		}
	}
	var stmts []ast.Stmt
	if len(tNames) > 0 {
		targets := &ast.LocalAssignStmt{Names: tNames, Exprs: tExprs}
		setPos(targets, s)
		stmts = append(stmts, targets)
	}
	values := &ast.LocalAssignStmt{Names: vNames, Exprs: s.Rhs}
	setPos(values, s)
	stmts = append(append(stmts, values), sets...)
	do := &ast.DoBlockStmt{Stmts: stmts}
	setPos(do, s)
	return do
}

func (rw *rewriter) temp(prefix string) string {
	rw.tmp++
	return fmt.Sprintf("(%s%d)", prefix, rw.tmp)
}

// safeKey reports whether a constant key cannot grow a table's array part
// by more than safeIndex slots.
func safeKey(k ast.Expr) bool {
	switch k := k.(type) {
	case *ast.StringExpr, *ast.TrueExpr, *ast.FalseExpr:
		return true
	case *ast.NumberExpr:
		f, err := luastring.ParseNumber(k.Value)
		return err == nil && (f != math.Trunc(f) || f <= safeIndex || f >= float64(lua.MaxArrayIndex))
	}
	return false
}

// cheapOperand reports whether a comparison with e as an operand
// costs one instruction whatever the other operand: e is a literal that is
// not a string longer than shortString bytes.
func cheapOperand(e ast.Expr, shortString int) bool {
	switch e := e.(type) {
	case *ast.NumberExpr, *ast.NilExpr, *ast.TrueExpr, *ast.FalseExpr:
		return true
	case *ast.StringExpr:
		return len(e.Value) <= shortString
	}
	return false
}

// single truncates a multi-valued expression (a call or ...) to one value,
// as an operand or a table key or value is in Lua.
func single(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.FuncCallExpr:
		e.AdjustRet = true
	case *ast.Comma3Expr:
		e.AdjustRet = true
	}
	return e
}

func setPos(n, from ast.PositionHolder) {
	n.SetLine(from.Line())
	n.SetLastLine(from.LastLine())
}

func ident(pos ast.PositionHolder, name string) *ast.IdentExpr {
	e := &ast.IdentExpr{Value: name}
	setPos(e, pos)
	return e
}

func call(pos ast.PositionHolder, fn string, args ...ast.Expr) *ast.FuncCallExpr {
	c := &ast.FuncCallExpr{Func: ident(pos, fn), Args: args, AdjustRet: true}
	setPos(c, pos)
	return c
}

func callStmt(pos ast.PositionHolder, fn string, args ...ast.Expr) *ast.FuncCallStmt {
	c := call(pos, fn, args...)
	c.AdjustRet = false
	s := &ast.FuncCallStmt{Expr: c}
	setPos(s, pos)
	return s
}

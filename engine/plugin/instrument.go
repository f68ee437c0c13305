package plugin

import (
	"bytes"
	"fmt"
	"math"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin/luastring"
)

// Two operations of the Lua VM can claim unbounded memory in one
// instruction, and gopher-lua offers no hook to check them: the .. operator
// (a doubling loop reaches gigabytes in thirty instructions) and a table
// write with a large integer key (t[60000000] = 1 appends sixty million nil
// slots to the array part). Before compiling, instrument rewrites every
// concatenation, every assignment t[k] = v whose key is computed, and every
// table constructor field [k] = v with a computed key into calls of Go
// functions that check the size first (Worker.luaConcat, luaSetIndex,
// luaCtor). Assignments with constant string keys (t.x = v) and small
// constant indices stay plain VM instructions. The length operator #t,
// whose scan of a sparse table takes time rather than memory, becomes a
// call of Worker.luaLen, which charges the scan (cost.go); so does a
// comparison (a < b, a == b, …) whose operands are both more than a number
// or a short string literal: gopher-lua compares strings byte by byte, and
// Go compares equal-length strings in full (Worker.luaLT and its siblings
// charge the bytes).
//
// The Go functions reach the chunk as hidden locals: their names contain
// parentheses, which no Lua source can spell, so a script can neither call
// nor shadow them.
const (
	hiddenConcat = "(concat)"
	hiddenIndex  = "(setindex)"
	hiddenCtor   = "(table)"
	hiddenLen    = "(len)"
	hiddenLT     = "(lt)"
	hiddenLE     = "(le)"
	hiddenGT     = "(gt)"
	hiddenGE     = "(ge)"
	hiddenEQ     = "(eq)"
)

// orderHelpers maps an ordering comparison to the hidden function that
// performs it (cost.go).
var orderHelpers = map[string]string{"<": hiddenLT, "<=": hiddenLE, ">": hiddenGT, ">=": hiddenGE}

// safeIndex is the largest constant integer key left as a plain table write:
// growing an array by this many slots in one instruction is harmless.
const safeIndex = 1024

// sourceError is a load error the sandbox itself finds in a script.
type sourceError struct {
	Line int
	Msg  string
}

// Error implements error.
func (e *sourceError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// compileSource parses, instruments and compiles one script.
func compileSource(path string, src []byte, limits Limits) (proto *lua.FunctionProto, err error) {
	if len(src) > limits.MaxSourceBytes {
		return nil, &sourceError{Msg: fmt.Sprintf("script is too large (%d bytes; the limit is %d)", len(src), limits.MaxSourceBytes)}
	}
	chunk, err := parse.Parse(bytes.NewReader(src), path)
	if err != nil {
		return nil, err
	}
	guardStateWrites(chunk, limits.MaxNesting) // statewrite.go
	chunk, err = instrument(chunk, limits.MaxNesting)
	if err != nil {
		return nil, err
	}
	defer func() {
		// lua.Compile re-panics anything but its own CompileError; a
		// malformed script must not take the program down with it.
		if r := recover(); r != nil {
			proto, err = nil, &sourceError{Line: 1, Msg: fmt.Sprintf("cannot compile: %v", r)}
		}
	}()
	return lua.Compile(chunk, path)
}

// instrument rewrites chunk as described above and checks its nesting depth.
func instrument(chunk []ast.Stmt, maxNesting int) ([]ast.Stmt, error) {
	rw := &rewriter{maxDepth: maxNesting}
	chunk = rw.block(chunk)
	if rw.tooDeep > 0 {
		return nil, &sourceError{Line: rw.tooDeep, Msg: fmt.Sprintf("too many nested blocks or expressions (the limit is %d)", maxNesting)}
	}
	prelude := &ast.LocalAssignStmt{
		Names: []string{hiddenConcat, hiddenIndex, hiddenCtor, hiddenState, hiddenLen, hiddenLT, hiddenLE, hiddenGT, hiddenGE, hiddenEQ},
		Exprs: []ast.Expr{&ast.Comma3Expr{}},
	}
	prelude.SetLine(1)
	prelude.SetLastLine(1)
	return append([]ast.Stmt{prelude}, chunk...), nil
}

type rewriter struct {
	depth, maxDepth int
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
		return call(e, hiddenConcat, ops...)
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
			return call(e, hiddenCtor, append([]ast.Expr{e}, pairs...)...)
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
		if cheapOperand(e.Lhs) || cheapOperand(e.Rhs) {
			break
		}
		if h, ok := orderHelpers[e.Operator]; ok {
			return call(e, h, single(e.Lhs), single(e.Rhs))
		}
		eq := call(e, hiddenEQ, single(e.Lhs), single(e.Rhs))
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
		return call(e, hiddenLen, single(rw.expr(e.Expr)))
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
		return callStmt(s, hiddenIndex, a.Object, a.Key, single(s.Rhs[0]))
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
			sets = append(sets, callStmt(s, hiddenIndex, ident(s, o), ident(s, k), ident(s, v)))
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
// not a string longer than bytesPerInstruction.
func cheapOperand(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.NumberExpr, *ast.NilExpr, *ast.TrueExpr, *ast.FalseExpr:
		return true
	case *ast.StringExpr:
		return len(e.Value) <= bytesPerInstruction
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

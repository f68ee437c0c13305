package luarewrite

import (
	"slices"

	"github.com/yuin/gopher-lua/ast"
)

// A hook keeps no state of its own: while one of its functions runs, it may
// not assign a global or a top-level local of its script (an upvalue of the
// function). Such state would live only in the worker's Lua state, which a
// saved game does not hold, so a loaded game or a replay would differ. The
// script's top level (and any function it calls while loading) may set them
// up: that runs afresh in every game.
//
// MarkStateWrites marks each such assignment in the script's text (the
// assignments mapc check reports as lua-state-write, found by the same scope
// rules): its first value passes through the hidden function (state), which
// the sandbox makes raise the error unless the script is loading. The
// sandbox's environment catches the writes the text does not show
// (engine/plugin's statewrite.go).

// StateWriteMessage explains a write of a hook's state at run time: the
// error the script gets, and the text mapc check reports (lua-state-write).
func StateWriteMessage(name string, upvalue bool) string {
	what := "the global " + name
	if upvalue {
		what = name + ", a top-level local of the script (an upvalue),"
	}
	return "assignment to " + what + " while a hook function runs: state kept in the Lua environment is lost " +
		"when a game is saved and loaded and breaks replays; use a local of the function, or keep lasting state through the host API"
}

// MarkStateWrites marks the run-time state writes of chunk (see above). It
// stops descending past maxNesting blocks and expressions, where Rewrite
// refuses the script anyway.
func MarkStateWrites(chunk []ast.Stmt, maxNesting int) {
	g := &guard{maxDepth: maxNesting}
	g.scoped(chunk)
}

// guard walks a chunk's scopes as gopher-lua compiles them (the body of
// local f = function sees f, as that of local function f does) and marks
// each assignment, inside a function, to a name that is not a local of a
// function. It stops descending past maxDepth blocks and expressions,
// where Rewrite refuses the script anyway.
type guard struct {
	scopes          [][]string // the locals of each open block
	scopeFn         []int      // the function depth each block belongs to
	fnDepth         int        // 0 in the chunk's own body
	depth, maxDepth int
}

func (g *guard) push(names ...string) {
	g.scopes = append(g.scopes, slices.Clone(names)) // declare appends to it
	g.scopeFn = append(g.scopeFn, g.fnDepth)
}

func (g *guard) pop() {
	g.scopes = g.scopes[:len(g.scopes)-1]
	g.scopeFn = g.scopeFn[:len(g.scopeFn)-1]
}

func (g *guard) declare(names ...string) {
	g.scopes[len(g.scopes)-1] = append(g.scopes[len(g.scopes)-1], names...)
}

// isState reports whether assigning name here writes a hook's state: from
// inside a function, to a global or to a top-level local (upvalue).
func (g *guard) isState(name string) (state, upvalue bool) {
	if g.fnDepth == 0 {
		return false, false
	}
	for i := len(g.scopes) - 1; i >= 0; i-- {
		if slices.Contains(g.scopes[i], name) {
			return g.scopeFn[i] == 0, g.scopeFn[i] == 0
		}
	}
	return true, false
}

func (g *guard) scoped(stmts []ast.Stmt, names ...string) {
	g.push(names...)
	for _, s := range stmts {
		g.stmt(s)
	}
	g.pop()
}

func (g *guard) function(f *ast.FunctionExpr, implicit ...string) {
	g.fnDepth++
	names := implicit
	if f.ParList != nil {
		names = append(names, f.ParList.Names...)
	}
	g.scoped(f.Stmts, names...)
	g.fnDepth--
}

func (g *guard) stmt(s ast.Stmt) {
	g.depth++
	defer func() { g.depth-- }()
	if g.depth > g.maxDepth {
		return
	}
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		if len(s.Names) == 1 && len(s.Exprs) == 1 {
			if f, ok := s.Exprs[0].(*ast.FunctionExpr); ok {
				g.declare(s.Names[0])
				g.expr(f)
				return
			}
		}
		g.expr(s.Exprs...)
		g.declare(s.Names...)
	case *ast.AssignStmt:
		g.expr(s.Rhs...)
		msg := ""
		for _, l := range s.Lhs {
			id, ok := l.(*ast.IdentExpr)
			if !ok {
				g.expr(l)
				continue
			}
			if state, upvalue := g.isState(id.Value); state && msg == "" {
				msg = StateWriteMessage(id.Value, upvalue)
			}
		}
		if msg != "" && len(s.Rhs) > 0 {
			guardAssign(s, msg)
		}
	case *ast.FuncDefStmt:
		var self []string
		if s.Name != nil {
			if s.Name.Func == nil { // function a.b:m(): a method
				g.expr(s.Name.Receiver)
				self = []string{"self"}
			} else if _, ok := s.Name.Func.(*ast.IdentExpr); !ok {
				g.expr(s.Name.Func)
			}
		}
		if s.Func != nil {
			g.function(s.Func, self...)
		}
	case *ast.FuncCallStmt:
		g.expr(s.Expr)
	case *ast.DoBlockStmt:
		g.scoped(s.Stmts)
	case *ast.WhileStmt:
		g.expr(s.Condition)
		g.scoped(s.Stmts)
	case *ast.RepeatStmt:
		// The condition sees the body's locals.
		g.push()
		for _, b := range s.Stmts {
			g.stmt(b)
		}
		g.expr(s.Condition)
		g.pop()
	case *ast.IfStmt:
		g.expr(s.Condition)
		g.scoped(s.Then)
		g.scoped(s.Else)
	case *ast.NumberForStmt:
		g.expr(s.Init, s.Limit, s.Step)
		g.scoped(s.Stmts, s.Name)
	case *ast.GenericForStmt:
		g.expr(s.Exprs...)
		g.scoped(s.Stmts, s.Names...)
	case *ast.ReturnStmt:
		g.expr(s.Exprs...)
	}
}

// expr walks expressions for the functions inside them.
func (g *guard) expr(es ...ast.Expr) {
	for _, e := range es {
		if e == nil {
			continue
		}
		g.depth++
		if g.depth <= g.maxDepth {
			g.children(e)
		}
		g.depth--
	}
}

func (g *guard) children(e ast.Expr) {
	switch e := e.(type) {
	case *ast.FunctionExpr:
		g.function(e)
	case *ast.AttrGetExpr:
		g.expr(e.Object, e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			g.expr(f.Key, f.Value)
		}
	case *ast.FuncCallExpr:
		g.expr(e.Func, e.Receiver)
		g.expr(e.Args...)
	case *ast.LogicalOpExpr:
		g.expr(e.Lhs, e.Rhs)
	case *ast.RelationalOpExpr:
		g.expr(e.Lhs, e.Rhs)
	case *ast.StringConcatOpExpr:
		g.expr(e.Lhs, e.Rhs)
	case *ast.ArithmeticOpExpr:
		g.expr(e.Lhs, e.Rhs)
	case *ast.UnaryMinusOpExpr:
		g.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		g.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		g.expr(e.Expr)
	}
}

// guardAssign routes the first value of s through (state), which fails with
// msg when the assignment runs while a hook function runs. Values keep
// Lua's adjustment: a lone multi-valued expression passes all its values.
func guardAssign(s *ast.AssignStmt, msg string) {
	str := &ast.StringExpr{Value: msg}
	setPos(str, s)
	c := call(s, State, str, s.Rhs[0])
	if len(s.Rhs) == 1 {
		c.AdjustRet = false
	}
	s.Rhs[0] = c
}

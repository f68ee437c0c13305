// Package luacheck is mapc check's analyser of hook scripts: it reads a
// script as the hook of a kind (engine/plugin's Kind: its functions, ctx
// fields and host API) without running it, and reports syntax errors,
// missing functions, globals and state a hook may not keep, names the
// sandbox does not provide or nothing defines, unknown ctx fields and
// members, and host or library calls with a wrong number of arguments,
// each at its line and column (see the codes). ScriptUses lists the params
// a script reads. Problems come with stable codes; kit/build turns them
// into diagnostics.
//
// Scopes follow the Lua 5.1 manual, so a script means the same in any Lua
// 5.1. The sandbox guards the same state writes at run time
// (engine/plugin/luarewrite's MarkStateWrites) and places its run-time
// errors with the same text functions (engine/plugin/luatext), so a
// mistake found here and the error it causes when run anyway stand at the
// same line and column (TestCheckPlacesLikeRuntime).
package luacheck

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/luarewrite"
	"github.com/sandtable/sandtable/engine/plugin/luatext"
)

// Severity is how serious a Problem is. The zero value is SeverityError, so
// a forgotten severity fails loudly.
type Severity int

// Severities.
const (
	SeverityError Severity = iota
	SeverityWarning
)

// String returns "error" or "warning".
func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Problem is one finding of Check, positioned in the script (1-based line;
// column in runes, 1-based). The build tool turns it into a diagnostic.
type Problem struct {
	Severity Severity
	Code     string
	Message  string
	Line     int
	Column   int
	// Name is the unknown name the problem is about, and Candidates the
	// names it may have meant (for a did-you-mean), when there are any.
	Name       string   `json:"-"`
	Candidates []string `json:"-"`
}

// Problem codes. They are stable: docs and lint:ignore comments use them.
const (
	// CodeSyntax: the script does not parse or compile (also: too large,
	// nested too deeply).
	CodeSyntax = "lua-syntax"
	// CodeMissingFunction: the script does not define a function its kind
	// requires (as a global).
	CodeMissingFunction = "lua-missing-function"
	// CodeUnknownGlobal: the script assigns a global that is not one of its
	// kind's functions. Such globals are private to the hook and reset
	// every game, so they usually mean a missing "local" (or state that
	// would not survive saving and loading a game).
	CodeUnknownGlobal = "lua-unknown-global"
	// CodeStateWrite: a hook function assigns a global or a top-level local
	// of the script (an upvalue). Such state hides in the Lua environment,
	// where saving and loading a game loses it and a replay differs; it is
	// an error at run time too. Lasting state goes through the host API.
	CodeStateWrite = "lua-state-write"
	// CodeUnavailable: the script uses a standard name the sandbox does not
	// provide (os, io, require, load, debug, coroutine, setfenv, …).
	CodeUnavailable = "lua-unavailable"
)

// varargMsg is gopher-lua's compile error for a ... outside a vararg
// function, which Lua 5.1 gives too.
const varargMsg = "cannot use '...' outside a vararg function"

// Check examines the script src, meant as the hook (kind, id), without
// running it: syntax errors at their line and column, required functions
// that are not defined, and assignments to globals that are not functions
// of the kind. Problems come sorted by position.
func Check(kind *plugin.Kind, id, path string, src []byte) []Problem {
	limits := plugin.DefaultLimits()
	if len(src) > limits.MaxSourceBytes {
		return []Problem{syntaxProblem(plugin.LoadError(path, src, limits), src)}
	}
	chunk, err := parseChunk(path, src)
	if err != nil {
		return []Problem{syntaxProblem(err, src)}
	}
	a := newAnalyzer(kind, src, limits.MaxNesting)
	a.block(chunk)
	a.undefined()

	var ps []Problem
	for _, f := range kind.Funcs {
		if !f.Required || a.defined[f.Name] {
			continue
		}
		p := Problem{Code: CodeMissingFunction, Line: 1, Column: 1,
			Message: fmt.Sprintf("%s %q does not define the required function %s", kind.Name, id, f.Name)}
		if line, ok := a.localFn[f.Name]; ok {
			p.Line, p.Column = line, a.column(line, f.Name)
			p.Message += fmt.Sprintf(" (it is declared local; the engine finds only a global %s)", f.Name)
		}
		ps = append(ps, p)
	}
	ps = append(ps, a.problems...)
	if err := plugin.LoadError(path, src, limits); err != nil {
		p := syntaxProblem(err, src)
		// The analyzer places a misused ... at its column; the compiler
		// says the same at the line.
		if !slices.ContainsFunc(a.problems, func(q Problem) bool {
			return q.Code == CodeSyntax && q.Line == p.Line && q.Message == p.Message
		}) {
			ps = append(ps, p)
		}
	}
	slices.SortStableFunc(ps, func(x, y Problem) int {
		return cmp.Or(cmp.Compare(x.Line, y.Line), cmp.Compare(x.Column, y.Column), cmp.Compare(x.Code, y.Code))
	})
	return ps
}

// parseChunk parses a script for the checks.
func parseChunk(path string, src []byte) ([]ast.Stmt, error) {
	return parse.Parse(bytes.NewReader(src), path)
}

func syntaxProblem(err error, src []byte) Problem {
	line, col, msg := plugin.SyntaxPosition(err, src)
	return Problem{Code: CodeSyntax, Message: msg, Line: max(line, 1), Column: max(col, 1)}
}

// analyzer walks a chunk tracking local scopes, to find which globals it
// assigns, which of its kind's functions it defines at top level, which
// assignments write a hook's state at run time and which names the sandbox
// does not provide.
type analyzer struct {
	kind            *plugin.Kind
	src             []byte
	scopes          []luaScope
	fnDepth         int // 0 in the chunk's own body
	depth, maxDepth int
	defined         map[string]bool // kind functions assigned globally at top level
	localFn         map[string]int  // kind functions declared local at top level → line
	written         map[string]bool // globals already reported
	problems        []Problem
	vararg          []bool      // whether each enclosing function takes ...
	toks            *tokenIndex // the script's tokens, scanned on first use (checkscope.go)

	// What checkuse.go gathers.
	reads         []*ast.IdentExpr           // reads of globals
	declaring     []ownName                  // names of the local statements being walked
	ownInit       map[*ast.IdentExpr]ownName // reads of a name in its own local statement
	globals       []string                   // globals the script assigns
	params        []ParamUse
	paramsDynamic bool
	orLhs         ast.Expr // the left operand of the innermost or
}

// ownName is a name of a local statement being walked, and whether its
// value is a function written there (local f = function … end).
type ownName struct {
	name string
	fn   bool
}

// luaScope is one block's locals and the function depth it belongs to.
type luaScope struct {
	names []string
	known []known // what each local holds (checkuse.go)
	fn    int
}

func newAnalyzer(kind *plugin.Kind, src []byte, maxNesting int) *analyzer {
	a := &analyzer{kind: kind, src: src, maxDepth: maxNesting, vararg: []bool{true},
		defined: map[string]bool{}, localFn: map[string]int{}, written: map[string]bool{}}
	a.push()
	return a
}

func (a *analyzer) push()            { a.scopes = append(a.scopes, luaScope{fn: a.fnDepth}) }
func (a *analyzer) pop()             { a.scopes = a.scopes[:len(a.scopes)-1] }
func (a *analyzer) declare(n string) { a.declareAs(n, known{}) }

func (a *analyzer) declareAs(n string, k known) {
	s := &a.scopes[len(a.scopes)-1]
	s.names = append(s.names, n)
	s.known = append(s.known, k)
}

func (a *analyzer) isLocal(name string) bool {
	local, _ := a.resolve(name)
	return local
}

// resolve reports whether name is a local here, and whether it is one of
// the chunk's own (top-level) locals.
func (a *analyzer) resolve(name string) (local, topLevel bool) {
	for i := len(a.scopes) - 1; i >= 0; i-- {
		if slices.Contains(a.scopes[i].names, name) {
			return true, a.scopes[i].fn == 0
		}
	}
	return false, false
}

// stateWrite reports whether assigning name here writes a hook's state at
// run time (a global or a top-level local, from inside a function), and
// reports it.
func (a *analyzer) stateWrite(name string, line int) bool {
	if a.fnDepth == 0 {
		return false
	}
	local, top := a.resolve(name)
	if local && !top {
		return false
	}
	a.problems = append(a.problems, Problem{Code: CodeStateWrite, Line: line, Column: a.column(line, name),
		Message: luarewrite.StateWriteMessage(name, local)})
	return true
}

// assign records an assignment to name at line: a state write inside a
// function, else an assignment to a global at top level.
func (a *analyzer) assign(name string, line int) {
	if a.isLocal(name) {
		a.forget(name)
	} else {
		a.globals = append(a.globals, name)
	}
	if !a.stateWrite(name, line) {
		a.assignGlobal(name, line)
	}
}

// assignGlobal records a top-level assignment to name, unless name is local.
func (a *analyzer) assignGlobal(name string, line int) {
	if a.isLocal(name) {
		return
	}
	if a.kind.Func(name) >= 0 {
		if a.fnDepth == 0 {
			a.defined[name] = true
		}
		return
	}
	if a.written[name] {
		return
	}
	a.written[name] = true
	names := make([]string, len(a.kind.Funcs))
	for i, f := range a.kind.Funcs {
		names[i] = f.Name
	}
	a.problems = append(a.problems, Problem{
		Severity: SeverityWarning, Code: CodeUnknownGlobal, Line: line, Column: a.column(line, name),
		Message: fmt.Sprintf("assignment to global %q, which is not a function of %s (%s); "+
			"a hook's globals are private to it and reset every game, so declare it local", name, a.kind.Name, quoteList(names)),
	})
}

// column finds name as a whole word on line, for a position the AST does
// not record; 1 when it cannot.
func (a *analyzer) column(line int, name string) int {
	return max(luatext.WordColumn(a.src, line, name), 1)
}

// fieldColumn is the column of name as a field's key on line (ctx.NAME,
// ctx.params.NAME, glory.NAME), not of a local of the same name before it.
func (a *analyzer) fieldColumn(line int, name string) int {
	return max(luatext.FieldColumn(a.src, line, name), 1)
}

// quoteList quotes names as alternatives: "a" or "b".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, " or ")
}

func (a *analyzer) enter() bool {
	a.depth++
	return a.depth <= a.maxDepth
}

func (a *analyzer) block(stmts []ast.Stmt) {
	for _, s := range stmts {
		a.stmt(s)
	}
}

func (a *analyzer) scoped(stmts []ast.Stmt) {
	a.push()
	a.block(stmts)
	a.pop()
}

func (a *analyzer) stmt(s ast.Stmt) {
	defer func() { a.depth-- }()
	if !a.enter() {
		return
	}
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		if a.isLocalFunction(s) { // local function f: f is visible in its own body
			a.localName(s.Names[0], s.Line(), known{})
			a.expr(s.Exprs[0])
			return
		}
		knowns := make([]known, len(s.Names))
		bound := len(s.Exprs) == len(s.Names)
		outer := len(a.declaring)
		for i, n := range s.Names {
			fn := false
			if i < len(s.Exprs) {
				_, fn = s.Exprs[i].(*ast.FunctionExpr)
			}
			a.declaring = append(a.declaring, ownName{n, fn})
		}
		defer func() { a.declaring = a.declaring[:outer] }()
		for i, e := range s.Exprs {
			if bound {
				knowns[i] = a.knownOf(e)
				if knowns[i].what == knownParams {
					continue // local p = ctx.params: p's reads are followed
				}
			}
			a.expr(e)
		}
		for i, n := range s.Names {
			a.localName(n, s.Line(), knowns[i])
		}
	case *ast.AssignStmt:
		a.exprs(s.Rhs)
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.IdentExpr); ok {
				a.assign(id.Value, s.Line())
			} else {
				// _G.name = v defines the global name too.
				if get, ok := l.(*ast.AttrGetExpr); ok {
					if obj, ok := get.Object.(*ast.IdentExpr); ok && obj.Value == "_G" && !a.isLocal("_G") {
						if key, ok := get.Key.(*ast.StringExpr); ok {
							a.globals = append(a.globals, key.Value)
						}
					}
				}
				a.expr(l)
			}
		}
	case *ast.FuncDefStmt:
		var params []string
		switch {
		case s.Name == nil:
		case s.Name.Func == nil: // function a.b:m() — a method
			a.expr(s.Name.Receiver)
			params = append(params, "self")
		default:
			if id, ok := s.Name.Func.(*ast.IdentExpr); ok {
				a.assign(id.Value, s.Line())
				if fi := a.kind.Func(id.Value); fi >= 0 && a.fnDepth == 0 && !a.isLocal(id.Value) && s.Func != nil {
					a.function(s.Func, nil, a.kind.Funcs[fi].Params)
					return
				}
			} else {
				a.expr(s.Name.Func)
			}
		}
		if s.Func != nil {
			a.function(s.Func, params, nil)
		}
	case *ast.FuncCallStmt:
		a.expr(s.Expr)
	case *ast.DoBlockStmt:
		a.scoped(s.Stmts)
	case *ast.WhileStmt:
		a.expr(s.Condition)
		a.scoped(s.Stmts)
	case *ast.RepeatStmt:
		a.push() // the condition sees the body's locals
		a.block(s.Stmts)
		a.expr(s.Condition)
		a.pop()
	case *ast.IfStmt:
		a.expr(s.Condition)
		a.scoped(s.Then)
		a.scoped(s.Else)
	case *ast.NumberForStmt:
		a.expr(s.Init)
		a.expr(s.Limit)
		a.expr(s.Step)
		a.push()
		a.declare(s.Name)
		a.block(s.Stmts)
		a.pop()
	case *ast.GenericForStmt:
		a.exprs(s.Exprs)
		a.push()
		for _, n := range s.Names {
			a.declare(n)
		}
		a.block(s.Stmts)
		a.pop()
	case *ast.ReturnStmt:
		a.exprs(s.Exprs)
	}
}

// localName declares the local n of a local statement at line, holding k.
func (a *analyzer) localName(n string, line int, k known) {
	if a.fnDepth == 0 && a.kind.Func(n) >= 0 {
		if _, ok := a.localFn[n]; !ok {
			a.localFn[n] = line
		}
	}
	a.declareAs(n, k)
}

func (a *analyzer) exprs(es []ast.Expr) {
	for _, e := range es {
		a.expr(e)
	}
}

// function walks a function body. kindParams are the declared parameters
// when f is one of the kind's functions: the one called ctx binds the ctx.
func (a *analyzer) function(f *ast.FunctionExpr, implicit []string, kindParams []plugin.Field) {
	a.fnDepth++
	a.vararg = append(a.vararg, f.ParList != nil && f.ParList.HasVargs)
	a.push()
	for _, n := range implicit {
		a.declare(n)
	}
	if f.ParList != nil {
		for i, n := range f.ParList.Names {
			k := known{}
			if i < len(kindParams) && kindParams[i].Name == "ctx" {
				k.what = knownCtx
			}
			a.declareAs(n, k)
		}
	}
	a.block(f.Stmts)
	a.pop()
	a.vararg = a.vararg[:len(a.vararg)-1]
	a.fnDepth--
}

func (a *analyzer) expr(e ast.Expr) {
	if e == nil {
		return
	}
	defer func() { a.depth-- }()
	if !a.enter() {
		return
	}
	switch e := e.(type) {
	case *ast.IdentExpr:
		if local, k := a.lookupKnown(e.Value); local {
			if k.what == knownParams || k.what == knownCtx {
				// The params table, or the ctx holding it, escapes (to a
				// helper function, say): reads elsewhere cannot be followed.
				a.paramsDynamic = true
			}
			break
		}
		a.globalRead(e)
		if slices.Contains(plugin.Unavailable(), e.Value) && !a.written[e.Value] {
			a.written[e.Value] = true
			a.problems = append(a.problems, Problem{Code: CodeUnavailable, Line: e.Line(), Column: a.column(e.Line(), e.Value),
				Message: plugin.UnavailableMessage(e.Value)})
		}
	case *ast.AttrGetExpr:
		if key, ok := e.Key.(*ast.StringExpr); ok && a.index(e, key.Value) {
			if _, isIdent := e.Object.(*ast.IdentExpr); !isIdent {
				a.exprObject(e.Object)
			}
			break
		}
		if a.knownOf(e.Object).what == knownParams {
			a.paramsDynamic = true // ctx.params[k]
		}
		a.exprObject(e.Object)
		a.expr(e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			a.expr(f.Key)
			a.expr(f.Value)
		}
	case *ast.FuncCallExpr:
		a.arity(e)
		a.expr(e.Func)
		a.expr(e.Receiver)
		a.exprs(e.Args)
	case *ast.LogicalOpExpr:
		outer := a.orLhs
		if e.Operator == "or" {
			a.orLhs = e.Lhs
		}
		a.expr(e.Lhs)
		a.orLhs = outer
		a.expr(e.Rhs)
	case *ast.RelationalOpExpr:
		a.expr(e.Lhs)
		a.expr(e.Rhs)
	case *ast.StringConcatOpExpr:
		a.expr(e.Lhs)
		a.expr(e.Rhs)
	case *ast.ArithmeticOpExpr:
		a.expr(e.Lhs)
		a.expr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		a.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		a.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		a.expr(e.Expr)
	case *ast.FunctionExpr:
		a.function(e, nil, nil)
	case *ast.Comma3Expr:
		if !a.vararg[len(a.vararg)-1] {
			a.problemAt(CodeSyntax, e.Line(), a.varargColumn(e.Line()), "%s", varargMsg)
		}
	}
}

// exprObject walks the object of an index expression: ctx.params as an
// object is a read of a param (handled by index), not an escape.
func (a *analyzer) exprObject(e ast.Expr) {
	if get, ok := e.(*ast.AttrGetExpr); ok {
		if key, ok := get.Key.(*ast.StringExpr); ok && key.Value == "params" && a.knownOf(get.Object).what == knownCtx {
			return
		}
	}
	if id, ok := e.(*ast.IdentExpr); ok {
		if local, _ := a.lookupKnown(id.Value); local {
			return
		}
	}
	a.expr(e)
}

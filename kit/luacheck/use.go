package luacheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/gopher-lua/ast"

	"github.com/sandtable/sandtable/engine/plugin"
)

// This file holds the checks of what a script reads and calls, against its
// kind's declaration: ctx fields, members of the host table and of the
// library tables, the number of arguments of host calls, names that are
// never defined, and the params it reads. They follow values through
// locals (local m = math, local p = ctx.params) and give up on a local
// once it is reassigned, so idiomatic code gives no false positives: a
// name shadowed by a local, or a table the script builds, is not checked.

// More problem codes (see Check).
const (
	// CodeUnknownField: the script reads a field its ctx does not have.
	CodeUnknownField = "lua-unknown-field"
	// CodeUnknownMember: the script reads a member of the host table or of
	// string, table or math that does not exist.
	CodeUnknownMember = "lua-unknown-member"
	// CodeUndefined: the script reads a global that nothing defines.
	CodeUndefined = "lua-undefined"
	// CodeArity: a host function is called with a number of arguments it
	// does not take.
	CodeArity = "lua-arity"
)

// known is what the analyzer knows a local (or an expression) holds.
type known struct {
	what knownKind
	lib  string // the library (knownLib) or host table (knownHost)
}

type knownKind int

const (
	knownNone   knownKind = iota
	knownCtx              // a kind function's ctx
	knownParams           // ctx.params
	knownLib              // string, table or math
	knownHost             // the kind's host table
)

// libraryNames lists the members of the library tables a script gets.
func libraryNames() map[string][]string {
	out := map[string][]string{}
	for _, l := range plugin.Libraries() {
		out[l.Name] = l.Members
	}
	return out
}

// ParamUse is a read of ctx.params.NAME in a script.
type ParamUse struct {
	Name         string
	Line, Column int
	// Default is true when the read has a fallback (ctx.params.x or 1), so
	// a scenario may leave the parameter out.
	Default bool
}

// Uses are the params a script reads. Dynamic is true when the script
// reads them in ways no check can follow (ctx.params[k], pairs(ctx.params),
// passing the table on): then any name may be read.
type Uses struct {
	Params  []ParamUse
	Dynamic bool
}

// ScriptUses returns the params script src (a hook of kind) reads. What a
// script that does not parse reads is unknown, as for one that reads its
// params dynamically: its syntax error is the one thing to report.
func ScriptUses(kind *plugin.Kind, path string, src []byte) Uses {
	chunk, err := parseChunk(path, src)
	if err != nil {
		return Uses{Dynamic: true}
	}
	a := newAnalyzer(kind, src, plugin.DefaultLimits().MaxNesting)
	a.block(chunk)
	return Uses{Params: a.params, Dynamic: a.paramsDynamic}
}

// knownOf returns what expression e holds, as far as the analyzer knows.
func (a *analyzer) knownOf(e ast.Expr) known {
	switch e := e.(type) {
	case *ast.IdentExpr:
		if local, k := a.lookupKnown(e.Value); local {
			return k
		}
		if _, ok := libraryNames()[e.Value]; ok {
			return known{what: knownLib, lib: e.Value}
		}
		if a.kind.HostTable != "" && e.Value == a.kind.HostTable {
			return known{what: knownHost, lib: e.Value}
		}
	case *ast.AttrGetExpr:
		if key, ok := e.Key.(*ast.StringExpr); ok && key.Value == "params" && a.knownOf(e.Object).what == knownCtx {
			return known{what: knownParams}
		}
	}
	return known{}
}

// lookupKnown resolves a local: whether it is one, and what it holds.
func (a *analyzer) lookupKnown(name string) (bool, known) {
	for i := len(a.scopes) - 1; i >= 0; i-- {
		s := &a.scopes[i]
		for j := len(s.names) - 1; j >= 0; j-- {
			if s.names[j] == name {
				return true, s.known[j]
			}
		}
	}
	return false, known{}
}

// forget records that the local name was reassigned: what it holds is no
// longer known.
func (a *analyzer) forget(name string) {
	for i := len(a.scopes) - 1; i >= 0; i-- {
		s := &a.scopes[i]
		for j := len(s.names) - 1; j >= 0; j-- {
			if s.names[j] == name {
				s.known[j] = known{}
				return
			}
		}
	}
}

// index checks a read of obj.key (a constant key) and reports whether it
// handled obj (so that it is not walked as a value of its own).
func (a *analyzer) index(e *ast.AttrGetExpr, key string) bool {
	k := a.knownOf(e.Object)
	line := e.Line()
	switch k.what {
	case knownCtx:
		if key == "params" {
			a.paramsDynamic = true // the params table used as a value
			return true
		}
		names := fieldNames(a.kind.Ctx)
		if !slices.Contains(names, key) {
			a.problem(CodeUnknownField, line, key, names, "the ctx of %s has no field %s (its fields: %s)", a.kind.Name, key, strings.Join(names, ", "))
		}
		return true
	case knownParams:
		a.params = append(a.params, ParamUse{Name: key, Line: line, Column: a.fieldColumn(line, key), Default: e == a.orLhs})
		return true
	case knownLib:
		names := libraryNames()[k.lib]
		if !slices.Contains(names, key) {
			a.problem(CodeUnknownMember, line, key, names, "the library table %s has no member %s", k.lib, key)
		}
		return true
	case knownHost:
		names := make([]string, len(a.kind.Host))
		for i, h := range a.kind.Host {
			names[i] = h.Name
		}
		if !slices.Contains(names, key) {
			a.problem(CodeUnknownMember, line, key, names, "the host table %s has no function %s (it has %s)", k.lib, key, strings.Join(names, ", "))
		}
		return true
	}
	return false
}

// libraryArity is how many arguments each library function takes: at
// least [0], at most [1] (-1: any number), as Lua 5.1 defines them.
var libraryArity = map[string]map[string][2]int{
	"math": {
		"abs": {1, 1}, "acos": {1, 1}, "asin": {1, 1}, "atan": {1, 1}, "atan2": {2, 2}, "ceil": {1, 1},
		"cos": {1, 1}, "cosh": {1, 1}, "deg": {1, 1}, "exp": {1, 1}, "floor": {1, 1}, "fmod": {2, 2},
		"frexp": {1, 1}, "ldexp": {2, 2}, "log": {1, 1}, "log10": {1, 1}, "max": {1, -1}, "min": {1, -1},
		"mod": {2, 2}, "modf": {1, 1}, "pow": {2, 2}, "rad": {1, 1}, "sin": {1, 1}, "sinh": {1, 1},
		"sqrt": {1, 1}, "tan": {1, 1}, "tanh": {1, 1}, "random": {0, 2}, "randomseed": {0, 1},
	},
	"string": {
		"byte": {1, 3}, "char": {0, -1}, "find": {2, 4}, "format": {1, -1}, "gmatch": {2, 2}, "gsub": {3, 4},
		"len": {1, 1}, "lower": {1, 1}, "match": {2, 3}, "rep": {2, 2}, "reverse": {1, 1}, "sub": {2, 3}, "upper": {1, 1},
	},
	"table": {"concat": {1, 4}, "insert": {2, 3}, "remove": {1, 2}, "sort": {1, 2}, "getn": {1, 1}, "maxn": {1, 1}},
}

// arity checks the number of arguments of a call of a host or library
// function.
func (a *analyzer) arity(e *ast.FuncCallExpr) {
	get, ok := e.Func.(*ast.AttrGetExpr)
	if !ok || e.Receiver != nil {
		return
	}
	key, ok := get.Key.(*ast.StringExpr)
	if !ok {
		return
	}
	switch k := a.knownOf(get.Object); k.what {
	case knownLib:
		if r, ok := libraryArity[k.lib][key.Value]; ok {
			a.checkCount(e, key.Value, k.lib+"."+key.Value, r[0], r[1], "")
		}
		return
	case knownHost:
	default:
		return
	}
	var hf *plugin.HostFunc
	for i := range a.kind.Host {
		if a.kind.Host[i].Name == key.Value {
			hf = &a.kind.Host[i]
		}
	}
	if hf == nil {
		return
	}
	lo, hi := 0, len(hf.Params)
	for _, p := range hf.Params {
		switch {
		case p.Name == "...":
			hi = -1
		case !strings.HasSuffix(p.Type, "?"):
			lo++
		}
	}
	a.checkCount(e, key.Value, "the host function "+a.kind.HostTable+"."+hf.Name, lo, hi, " ("+paramList(hf.Params)+")")
}

// checkCount reports a call e of the function called name (key is the name
// as written) with fewer than lo or more than hi arguments (hi < 0: any).
func (a *analyzer) checkCount(e *ast.FuncCallExpr, key, name string, lo, hi int, params string) {
	n := len(e.Args)
	open := false // the last argument may expand to any number of values
	if n > 0 {
		switch last := e.Args[n-1].(type) {
		case *ast.FuncCallExpr:
			open = !last.AdjustRet
		case *ast.Comma3Expr:
			open = true
		}
	}
	var want string
	switch {
	case lo == hi:
		want = fmt.Sprintf("%d argument%s", hi, plural(hi))
	case hi < 0:
		want = fmt.Sprintf("at least %d argument%s", lo, plural(lo))
	default:
		want = fmt.Sprintf("%d to %d arguments", lo, hi)
	}
	if hi >= 0 && n > hi || !open && n < lo {
		a.problemAt(CodeArity, e.Line(), a.column(e.Line(), key), "%s takes %s%s, not %d", name, want, params, n)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func paramList(ps []plugin.Field) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

func fieldNames(fs []plugin.Field) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return names
}

// problem reports an error about name at line, with candidates for a
// did-you-mean.
func (a *analyzer) problem(code string, line int, name string, candidates []string, format string, args ...any) {
	a.problems = append(a.problems, Problem{Code: code, Line: line, Column: a.column(line, name),
		Message: fmt.Sprintf(format, args...), Name: name, Candidates: candidates})
}

func (a *analyzer) problemAt(code string, line, col int, format string, args ...any) {
	a.problems = append(a.problems, Problem{Code: code, Line: line, Column: col, Message: fmt.Sprintf(format, args...)})
}

// globalRead records a read of the global name, checked at the end
// (undefined), when every global the script defines is known.
func (a *analyzer) globalRead(e *ast.IdentExpr) {
	a.reads = append(a.reads, e)
	for _, d := range a.declaring {
		if d.name == e.Value {
			if a.ownInit == nil {
				a.ownInit = map[*ast.IdentExpr]ownName{}
			}
			a.ownInit[e] = d
		}
	}
}

// undefined reports the global reads of names nothing defines.
func (a *analyzer) undefined() {
	defined := []string{"_G", "_VERSION"}
	for _, g := range plugin.BaseLibrary() {
		defined = append(defined, g.Name)
	}
	for lib := range libraryNames() {
		defined = append(defined, lib)
	}
	slices.Sort(defined[len(defined)-len(libraryNames()):])
	if a.kind.HostTable != "" {
		defined = append(defined, a.kind.HostTable)
	}
	for _, f := range a.kind.Funcs {
		defined = append(defined, f.Name)
	}
	defined = append(defined, a.globals...)
	seen := map[string]bool{}
	for _, e := range a.reads {
		if slices.Contains(defined, e.Value) || slices.Contains(plugin.Unavailable(), e.Value) || seen[e.Value] {
			continue
		}
		seen[e.Value] = true
		msg := "the name %s is not defined: no local, global or library of the sandbox has that name"
		if d, ok := a.ownInit[e]; ok {
			hint := "a local is visible only after its local statement"
			if d.fn {
				hint += "; a function that calls itself is declared with local function " + e.Value
			}
			msg += " (" + hint + ")"
		}
		a.problems = append(a.problems, Problem{Code: CodeUndefined, Line: e.Line(), Column: a.readColumn(e.Line(), e.Value),
			Message: fmt.Sprintf(msg, e.Value), Name: e.Value, Candidates: defined})
	}
}

package luacheck

import (
	"bytes"
	"unicode/utf8"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin/luatext"
)

// This file holds what the analyzer needs from the script's tokens, which
// gopher-lua's syntax tree does not keep: which form declared a local
// function, and where a "..." stands.
//
// gopher-lua parses `local function f() … end` and `local f = function()
// … end` into the same statement. In Lua 5.1 they differ: the first
// declares f before its body, so the body can call itself; in the second
// the body sees the f outside (usually the global f). gopher-lua's compiler
// makes f visible in both; the checks follow the manual, so that a script
// means the same in any Lua 5.1, while the sandbox's run-time guard of
// state writes (engine/plugin), which has no source text, follows what the
// compiler does.

// tokenIndex is what the analyzer looks up in a script's tokens.
type tokenIndex struct {
	// localFunc and localAssign hold (line, name) of each `local function
	// name` and each `local name =` (one name).
	localFunc, localAssign map[lineName]bool
	// varargs holds the byte columns of the "..." tokens of each line.
	varargs map[int][]int
}

type lineName struct {
	line int
	name string
}

// tokens scans the script once, on first use. A script that reaches the
// analyzer has parsed, so the scan meets no error; should it, the index
// holds what came before.
func (a *analyzer) tokens() *tokenIndex {
	if a.toks != nil {
		return a.toks
	}
	x := &tokenIndex{localFunc: map[lineName]bool{}, localAssign: map[lineName]bool{}, varargs: map[int][]int{}}
	a.toks = x
	sc := parse.NewScanner(bytes.NewReader(a.src), "")
	lx := &parse.Lexer{}
	var last [3]ast.Token // the three tokens before the current one
	for {
		tok, err := sc.Scan(lx)
		if err != nil || tok.Type == parse.EOF {
			return x
		}
		lx.PrevTokenType = tok.Type
		switch {
		case tok.Type == parse.T3Comma:
			x.varargs[tok.Pos.Line] = append(x.varargs[tok.Pos.Line], tok.Pos.Column)
		case tok.Type == parse.TIdent && last[2].Type == parse.TFunction && last[1].Type == parse.TLocal:
			x.localFunc[lineName{last[1].Pos.Line, tok.Str}] = true
		case tok.Type == '=' && last[2].Type == parse.TIdent && last[1].Type == parse.TLocal:
			x.localAssign[lineName{last[1].Pos.Line, last[2].Str}] = true
		}
		last[0], last[1], last[2] = last[1], last[2], tok
	}
}

// isLocalFunction reports whether s is `local function f`, whose f is
// visible in its own body, rather than `local f = function`, whose is not.
// When both forms declare the same name on one line the tokens cannot tell
// them apart, and the check takes the one that reports nothing.
func (a *analyzer) isLocalFunction(s *ast.LocalAssignStmt) bool {
	if len(s.Names) != 1 || len(s.Exprs) != 1 {
		return false
	}
	if _, ok := s.Exprs[0].(*ast.FunctionExpr); !ok {
		return false
	}
	k := lineName{s.Line(), s.Names[0]}
	x := a.tokens()
	return x.localFunc[k] || !x.localAssign[k]
}

// varargColumn is the column (in runes) of the first "..." on line, 1
// when there is none.
func (a *analyzer) varargColumn(line int) int {
	cols := a.tokens().varargs[line]
	off := luatext.LineStart(a.src, line)
	if len(cols) == 0 || off < 0 || off+cols[0]-1 > len(a.src) {
		return 1
	}
	return utf8.RuneCount(a.src[off:off+cols[0]-1]) + 1
}

// readColumn is the column (in runes) of the first read of the name on
// line: the first occurrence that declares nothing (local n, function n,
// for n, a parameter), names no field (t.n, t:n) and is assigned nothing
// (n = v, {n = v}). When there is none it is column's answer.
func (a *analyzer) readColumn(line int, name string) int {
	toks := luatext.LineTokens(a.src, line)
	for i, t := range toks {
		if t.Type != parse.TIdent || t.Str != name || declares(toks, i) {
			continue
		}
		if i > 0 && (toks[i-1].Type == '.' || toks[i-1].Type == ':') {
			continue
		}
		if i+1 < len(toks) && toks[i+1].Type == '=' {
			continue
		}
		return luatext.RuneColumn(a.src, line, t.Pos.Column)
	}
	return a.column(line, name)
}

// declares reports whether the name toks[i] is declared there: after
// local, function or for, in the name list that follows them, or in a
// function's parameter list.
func declares(toks []ast.Token, i int) bool {
	j := i
	for j >= 2 && toks[j-1].Type == ',' && toks[j-2].Type == parse.TIdent {
		j -= 2 // back over a name list
	}
	if j == 0 {
		return false
	}
	switch toks[j-1].Type {
	case parse.TLocal, parse.TFunction, parse.TFor:
		return true
	case '(':
		// function (…) or function a.b:c (…)
		k := j - 2
		for k >= 0 && toks[k].Type == parse.TIdent {
			if k >= 1 && (toks[k-1].Type == '.' || toks[k-1].Type == ':') {
				k -= 2
				continue
			}
			k--
			break
		}
		return k >= 0 && toks[k].Type == parse.TFunction
	}
	return false
}

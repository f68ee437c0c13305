package plugin

import (
	"strings"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin/luatext"
)

// gopher-lua reports a run-time error at a line only. runtimeColumn finds
// the column in the script's text, from what the message names, the way
// Check places the same mistake (so a name read or written where Check
// warns is reported at the same line and column):
//
//   - a state write or a removed name: the name (Check's column);
//   - indexing a nil value "with key 'k'": the start of the indexed
//     expression (the undefined mgb of mgb.burn, where Check reports it);
//   - calling a nil value, when the line calls one function: its name (the
//     last of a.b.c, the member Check reports unknown);
//   - an error raised by error or assert on the line: that call;
//   - otherwise the first token of the line, where its code begins.
//
// It returns 0 when the line is not in src.
func runtimeColumn(src []byte, line int, msg string) int {
	if line <= 0 || luatext.LineStart(src, line) < 0 {
		return 0
	}
	for _, p := range [][2]string{
		{"assignment to the global ", " while"},
		{"assignment to ", ", a top-level local"},
		{"the name ", " is not available in the sandbox"},
	} {
		if rest, ok := strings.CutPrefix(msg, p[0]); ok {
			if name, _, ok := strings.Cut(rest, p[1]); ok {
				if col := luatext.WordColumn(src, line, name); col > 0 {
					return col
				}
			}
		}
	}
	toks := luatext.LineTokens(src, line)
	if len(toks) == 0 {
		return 1
	}
	col := func(i int) int { return luatext.RuneColumn(src, line, toks[i].Pos.Column) }
	if _, rest, ok := strings.Cut(msg, "with key '"); ok {
		key := strings.TrimSuffix(rest, "'")
		for i := 1; i < len(toks); i++ {
			if toks[i].Str == key && (toks[i-1].Type == '.' || toks[i-1].Type == ':') {
				return col(chainStart(toks, i-1, i))
			}
		}
	}
	calls := []int{}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Type == parse.TIdent && toks[i+1].Type == '(' {
			calls = append(calls, i)
		}
	}
	if strings.HasPrefix(msg, "attempt to call") && len(calls) == 1 {
		return col(calls[0])
	}
	for _, i := range calls {
		if (toks[i].Str == "error" || toks[i].Str == "assert") && (i == 0 || toks[i-1].Type != '.' && toks[i-1].Type != ':') {
			return col(i)
		}
	}
	return col(0)
}

// frameColumns places the frames of e's traceback: the innermost at the
// error's column when it is the error's line, each other one at the call
// of the function of the frame inside it (its name followed by arguments
// on the frame's line), else where the line's code begins.
func frameColumns(src []byte, e *Error) {
	for i := range e.Traceback {
		f := &e.Traceback[i]
		if i == 0 && f.Line == e.Line {
			f.Column = e.Column
			continue
		}
		callee := ""
		if i > 0 {
			if name, ok := strings.CutPrefix(e.Traceback[i-1].Func, "function '"); ok {
				callee = strings.TrimSuffix(name, "'")
			}
		}
		f.Column = callColumn(src, f.Line, callee)
	}
}

// callColumn is the column of the first call of name on line (the name
// followed by '(', a string or a table), else of the line's first token;
// 0 when the line is not in src.
func callColumn(src []byte, line int, name string) int {
	toks := luatext.LineTokens(src, line)
	if line <= 0 || len(toks) == 0 {
		return 0
	}
	for i := 0; name != "" && i+1 < len(toks); i++ {
		if next := toks[i+1].Type; toks[i].Type == parse.TIdent && toks[i].Str == name && (next == '(' || next == parse.TString || next == '{') {
			return luatext.RuneColumn(src, line, toks[i].Pos.Column)
		}
	}
	return luatext.RuneColumn(src, line, toks[0].Pos.Column)
}

// chainStart returns the index of the first name of the chain a.b.c whose
// last token is at i (a '.' or ':' before a key, or a name); def when the
// chain does not start with a name.
func chainStart(toks []ast.Token, i, def int) int {
	start := i
	if toks[start].Type == '.' || toks[start].Type == ':' {
		if start == 0 || toks[start-1].Type != parse.TIdent {
			return def
		}
		start--
	}
	for start >= 2 && toks[start-1].Type == '.' && toks[start-2].Type == parse.TIdent {
		start -= 2
	}
	return start
}

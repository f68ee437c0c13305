package plugin

import (
	"slices"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// A hook keeps no state of its own: while one of its functions runs, it may
// not assign a global or a top-level local of its script (an upvalue of the
// function). Such state would live only in the worker's Lua state, which a
// saved game does not hold, so a loaded game or a replay would differ. The
// script's top level (and any function it calls while loading) may set them
// up: that runs afresh in every game.
//
// Two guards enforce it, both failing at the script's line:
//   - guardStateWrites marks each such assignment in the script's text (the
//     analyzer of check.go finds them, as mapc check reports them): its
//     first value passes through the hidden function (state), which raises
//     the error unless the script is loading;
//   - the environment's metatable catches new globals written any other way
//     (_G.x = v, _G[k] = v, a function statement inside a function), and
//     names the sandbox removed (os, io, require, …) when read, instead of
//     the bare "attempt to call a non-function object" a nil would give.
//
// The fast path (engine/plugin/compiled) compiles no script that assigns a global or an
// upvalue, so the rule holds there by construction.
const hiddenState = "(state)"

// guardStateWrites marks the run-time state writes of chunk (see above).
func guardStateWrites(chunk []ast.Stmt, maxNesting int) {
	a := newAnalyzer(&Kind{}, nil, maxNesting)
	a.guard = true
	a.block(chunk)
}

// guardAssign routes the first value of s through (state), which fails with
// msg when the assignment runs while a hook function runs. Values keep
// Lua's adjustment: a lone multi-valued expression passes all its values.
func guardAssign(s *ast.AssignStmt, msg string) {
	str := &ast.StringExpr{Value: msg}
	setPos(str, s)
	c := call(s, hiddenState, str, s.Rhs[0])
	if len(s.Rhs) == 1 {
		c.AdjustRet = false
	}
	s.Rhs[0] = c
}

// luaState is (state)(msg, ...): it fails with msg unless the script is
// loading, and returns its other arguments.
func (w *Worker) luaState(L *lua.LState) int {
	if !w.loading {
		L.RaiseError("%s", L.CheckString(1))
	}
	return L.GetTop() - 1
}

// envWrite is the __newindex of script environments: a new global.
func (w *Worker) envWrite(L *lua.LState) int {
	t, k, v := L.CheckTable(1), L.Get(2), L.Get(3)
	if !w.loading {
		L.RaiseError("%s", stateWriteMsg(lua.LVAsString(k), false))
	}
	checkKey(L, k)
	if w.guardWrite(L, t, k, v) {
		t.RawSet(k, v)
	}
	return 0
}

// envRead is the __index of script environments: a global that is not set.
func (w *Worker) envRead(L *lua.LState) int {
	if k, ok := L.Get(2).(lua.LString); ok && slices.Contains(removedGlobals(), string(k)) {
		L.RaiseError("%s", unavailableMsg(string(k)))
	}
	L.Push(lua.LNil)
	return 1
}

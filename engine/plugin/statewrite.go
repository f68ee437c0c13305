package plugin

import (
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/sandtable/sandtable/engine/plugin/luarewrite"
)

// A hook keeps no state of its own: while one of its functions runs, it may
// not assign a global or a top-level local of its script (an upvalue of the
// function); see engine/plugin/luarewrite's statewrite.go. Two guards
// enforce it, both failing at the script's line:
//   - luarewrite.MarkStateWrites marks each such assignment in the
//     script's text: its first value passes through the hidden function
//     (state), luaState, which raises the error unless the script is
//     loading;
//   - the environment's metatable catches new globals written any other way
//     (_G.x = v, _G[k] = v, a function statement inside a function), and
//     names the sandbox removed (os, io, require, …) when read, instead of
//     the bare "attempt to call a non-function object" a nil would give.
//
// The fast path (engine/plugin/compiled) compiles no script that assigns a global or an
// upvalue, so the rule holds there by construction.

// UnavailableMessage explains a use of a standard name the sandbox removes:
// the error the script gets, and the text mapc check reports
// (lua-unavailable).
func UnavailableMessage(name string) string {
	return "the name " + name + " is not available in the sandbox: scripts reach no files, processes, clock, other code or " +
		"coroutines; the base library, string, table, math and the host table are all there is"
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
		L.RaiseError("%s", luarewrite.StateWriteMessage(lua.LVAsString(k), false))
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
		L.RaiseError("%s", UnavailableMessage(string(k)))
	}
	L.Push(lua.LNil)
	return 1
}

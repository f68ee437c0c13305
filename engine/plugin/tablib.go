package plugin

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The table functions follow Lua 5.1's ltablib.c, measured and counted
// like the string functions (engine/plugin/luastring).

func (w *Worker) tableConcat(L *lua.LState) int {
	t := L.CheckTable(1)
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := 0
	if L.Get(4) == lua.LNil {
		j = w.tableLen(L, t)
	} else {
		j = L.CheckInt(4)
	}
	var b strings.Builder
	for k := i; k <= j; k++ {
		v := t.RawGetInt(k)
		if !isStrNum(v) {
			L.RaiseError("invalid value (at index %d) in table for 'concat'", k)
		}
		s := lua.LVAsString(v)
		if k != j {
			s += sep
		}
		if b.Len()+len(s) > w.limits.MaxStringLen {
			w.checkLen(L, b.Len()+len(s), "table.concat")
		}
		b.WriteString(s)
		if (k-i)&255 == 255 {
			w.scan(L, 256)
		}
	}
	w.charge(L, int64(b.Len()))
	w.touch(L, b.Len())
	L.Push(lua.LString(b.String()))
	return 1
}

func (w *Worker) tableInsert(L *lua.LState) int {
	t := L.CheckTable(1)
	e := w.tableLen(L, t) + 1 // first empty slot
	switch L.GetTop() {
	case 2:
		v := L.Get(2)
		if w.guardWrite(L, t, lua.LNumber(e), v) {
			t.RawSetInt(e, v)
		}
	case 3:
		pos := L.CheckInt(2)
		v := L.Get(3)
		if pos < 1 {
			// Lua 5.1 would shift every element into the hash part; later
			// versions reject it, and so do we.
			L.ArgError(2, "position out of bounds")
		}
		if pos >= e { // no element moves: a plain t[pos] = v
			if w.guardWrite(L, t, lua.LNumber(pos), v) {
				t.RawSetInt(pos, v)
			}
			return 0
		}
		w.guardWrite(L, t, lua.LNumber(e), t.RawGetInt(e-1)) // grows by at most one slot
		w.scan(L, e-pos)
		for i := e; i > pos; i-- {
			t.RawSetInt(i, t.RawGetInt(i-1))
		}
		t.RawSetInt(pos, v)
	default:
		L.RaiseError("wrong number of arguments to 'insert'")
	}
	return 0
}

func (w *Worker) tableRemove(L *lua.LState) int {
	t := L.CheckTable(1)
	e := w.tableLen(L, t)
	pos := L.OptInt(2, e)
	if pos < 1 || pos > e {
		return 0
	}
	w.scan(L, e-pos)
	v := t.RawGetInt(pos)
	for ; pos < e; pos++ {
		t.RawSetInt(pos, t.RawGetInt(pos+1))
	}
	t.RawSetInt(e, lua.LNil)
	L.Push(v)
	return 1
}

// tableSort wraps gopher-lua's sort, which sorts the whole array part,
// charging its comparisons before it starts (sortCost): sorting without a
// comparator runs entirely in Go.
func (w *Worker) tableSort(sort *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		t := L.CheckTable(1)
		w.steps(L, sortCost(w.arrayLen(t)))
		L.Insert(sort, 1)
		L.Call(L.GetTop()-1, 0)
		return 0
	}
}

// tableGetn is table.getn: the length # finds, without metamethods.
func (w *Worker) tableGetn(L *lua.LState) int {
	L.Push(lua.LNumber(w.tableLen(L, L.CheckTable(1))))
	return 1
}

// tableMaxn is table.maxn as gopher-lua computes it (the last non-nil slot
// of the array part), charged for the slots it scanned.
func (w *Worker) tableMaxn(L *lua.LState) int {
	t := L.CheckTable(1)
	n := t.MaxN()
	w.scan(L, w.arrayLen(t)-n)
	L.Push(lua.LNumber(n))
	return 1
}

// strMeter is a Worker as the string library's luastring.Meter.
type strMeter Worker

func (m *strMeter) Steps(L *lua.LState, n int64)               { (*Worker)(m).steps(L, n) }
func (m *strMeter) Touch(L *lua.LState, n int)                 { (*Worker)(m).touch(L, n) }
func (m *strMeter) Scan(L *lua.LState, n int)                  { (*Worker)(m).scan(L, n) }
func (m *strMeter) Charge(L *lua.LState, n int64)              { (*Worker)(m).charge(L, n) }
func (m *strMeter) ChargeSlots(L *lua.LState, n int)           { (*Worker)(m).charge(L, int64(n)*slotBytes) }
func (m *strMeter) CheckLen(L *lua.LState, n int, what string) { (*Worker)(m).checkLen(L, n, what) }
func (m *strMeter) RaiseMemory(L *lua.LState, msg string) {
	(*Worker)(m).raiseLimit(L, LimitMemory, msg)
}
func (m *strMeter) ToString(L *lua.LState, v lua.LValue) string { return (*Worker)(m).tostring(L, v) }

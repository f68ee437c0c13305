package plugin

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The string and table functions below follow Lua 5.1's lstrlib.c and
// ltablib.c. The sandbox implements them itself, rather than using
// gopher-lua's, so that every result is measured before it is built and
// every loop is counted: gopher-lua's string.rep, string.format (with a
// width), gsub (quadratic in the number of matches) and its recursive
// pattern matcher can each exhaust memory or time in a single call.

// posrelat turns a negative string position into a positive one (Lua 5.1).
func posrelat(pos, n int) int {
	if pos < 0 {
		pos += n + 1
	}
	return max(pos, 0)
}

func strLen(L *lua.LState) int {
	L.Push(lua.LNumber(len(L.CheckString(1))))
	return 1
}

func (w *Worker) strSub(L *lua.LState) int {
	s := L.CheckString(1)
	n := len(s)
	i := posrelat(L.CheckInt(2), n)
	j := posrelat(L.OptInt(3, -1), n)
	i = max(i, 1)
	j = min(j, n)
	if i > j {
		L.Push(lua.LString(""))
	} else {
		w.touch(L, j-i+1)
		L.Push(lua.LString(s[i-1 : j]))
	}
	return 1
}

func (w *Worker) strByte(L *lua.LState) int {
	s := L.CheckString(1)
	i := posrelat(L.OptInt(2, 1), len(s))
	j := posrelat(L.OptInt(3, i), len(s))
	i = max(i, 1)
	j = min(j, len(s))
	if i > j {
		return 0
	}
	n := j - i + 1
	if n > maxResults {
		L.RaiseError("string slice too long")
	}
	w.charge(L, int64(n)*slotBytes)
	w.scan(L, n)
	for k := i; k <= j; k++ {
		L.Push(lua.LNumber(s[k-1]))
	}
	return n
}

func (w *Worker) strChar(L *lua.LState) int {
	top := L.GetTop()
	w.checkLen(L, top, "string.char")
	w.scan(L, top)
	b := make([]byte, top)
	for i := 1; i <= top; i++ {
		c := L.CheckInt(i)
		if c < 0 || c > 255 {
			L.ArgError(i, "invalid value")
		}
		b[i-1] = byte(c)
	}
	L.Push(lua.LString(b))
	return 1
}

func (w *Worker) strRep(L *lua.LState) int {
	s := L.CheckString(1)
	n := L.CheckInt(2)
	if n <= 0 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if n > w.limits.MaxStringLen/len(s) {
		// len(s)*n may not even fit in an int.
		w.raiseLimit(L, LimitMemory, fmt.Sprintf("string.rep: result too long (the limit is %d)", w.limits.MaxStringLen))
	}
	w.checkLen(L, len(s)*n, "string.rep")
	w.touch(L, len(s)*n)
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

func (w *Worker) strReverse(L *lua.LState) int {
	s := L.CheckString(1)
	w.charge(L, int64(len(s)))
	w.touch(L, len(s))
	b := make([]byte, len(s))
	for i := range len(s) {
		b[len(s)-1-i] = s[i]
	}
	L.Push(lua.LString(b))
	return 1
}

// strLower and strUpper change ASCII letters only, like C Lua in the "C"
// locale; strings.ToLower would also change UTF-8 letters.
func (w *Worker) strLower(L *lua.LState) int {
	s := L.CheckString(1)
	w.charge(L, int64(len(s)))
	w.touch(L, len(s))
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	L.Push(lua.LString(b))
	return 1
}

func (w *Worker) strUpper(L *lua.LState) int {
	s := L.CheckString(1)
	w.charge(L, int64(len(s)))
	w.touch(L, len(s))
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	L.Push(lua.LString(b))
	return 1
}

// specials are the characters that make a pattern more than a plain string.
const specials = "^$*+?.([%-"

func (w *Worker) strFind(L *lua.LState) int  { return w.findAux(L, true) }
func (w *Worker) strMatch(L *lua.LState) int { return w.findAux(L, false) }

func (w *Worker) findAux(L *lua.LState, find bool) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	init := posrelat(L.OptInt(3, 1), len(s)) - 1
	init = min(max(init, 0), len(s))
	if find && (lua.LVAsBool(L.Get(4)) || !strings.ContainsAny(p, specials)) {
		i := strings.Index(s[init:], p)
		if i < 0 {
			w.touch(L, len(s)-init)
		} else {
			w.touch(L, i+len(p))
		}
		if i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(p)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	m := newMatcher(w, L, s, p)
	anchor := strings.HasPrefix(p, "^")
	pi := 0
	if anchor {
		pi = 1
	}
	for s1 := init; ; s1++ {
		m.level = 0
		if e := m.match(s1, pi); e >= 0 {
			m.flush()
			if find {
				L.Push(lua.LNumber(s1 + 1))
				L.Push(lua.LNumber(e))
				return m.pushCaptures(-1, 0) + 2
			}
			return m.pushCaptures(s1, e)
		}
		if s1 >= len(s) || anchor {
			break
		}
	}
	m.flush()
	L.Push(lua.LNil)
	return 1
}

func (w *Worker) strGmatch(L *lua.LState) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		m := newMatcher(w, L, s, p)
		for src := pos; src <= len(s); src++ {
			m.level = 0
			if e := m.match(src, 0); e >= 0 {
				pos = e
				if e == src {
					pos++ // empty match: go at least one position
				}
				m.flush()
				return m.pushCaptures(src, e)
			}
		}
		m.flush()
		pos = len(s) + 1
		return 0
	}))
	return 1
}

func (w *Worker) strGsub(L *lua.LState) int {
	src := L.CheckString(1)
	p := L.CheckString(2)
	repl := L.Get(3)
	switch repl.(type) {
	case lua.LNumber, lua.LString, *lua.LTable, *lua.LFunction:
	default:
		L.ArgError(3, "string/function/table expected")
	}
	maxN := L.OptInt(4, len(src)+1)
	anchor := strings.HasPrefix(p, "^")
	pi := 0
	if anchor {
		pi = 1
	}
	m := newMatcher(w, L, src, p)
	var b strings.Builder
	add := func(s string) {
		if b.Len()+len(s) > w.limits.MaxStringLen {
			w.checkLen(L, b.Len()+len(s), "string.gsub")
		}
		b.WriteString(s)
	}
	n, s := 0, 0
loop:
	for n < maxN {
		m.level = 0
		e := m.match(s, pi)
		if e >= 0 {
			n++
			m.flush()
			add(w.gsubValue(L, m, repl, s, e))
		}
		switch {
		case e >= 0 && e > s:
			s = e
		case s < len(src):
			add(src[s : s+1])
			s++
		default:
			break loop
		}
		if anchor {
			break
		}
	}
	m.flush()
	add(src[s:])
	w.charge(L, int64(b.Len()))
	w.touch(L, b.Len())
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// gsubValue returns the replacement of the match src[s:e] (add_value).
func (w *Worker) gsubValue(L *lua.LState, m *matcher, repl lua.LValue, s, e int) string {
	var v lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		return m.expand(lua.LVAsString(r), s, e)
	case *lua.LFunction:
		top := L.GetTop()
		L.Push(r)
		nargs := m.pushCaptures(s, e)
		L.Call(nargs, 1)
		v = L.Get(-1)
		L.SetTop(top)
	case *lua.LTable:
		top := L.GetTop()
		m.pushCapture(0, s, e)
		v = L.GetTable(r, L.Get(-1))
		L.SetTop(top)
	}
	if !lua.LVAsBool(v) {
		return m.src[s:e] // nil or false: keep the original text
	}
	if !isStrNum(v) {
		L.RaiseError("invalid replacement value (a %s)", v.Type())
	}
	return lua.LVAsString(v)
}

// ---- table ----

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

package luastring

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The string functions follow Lua 5.1's lstrlib.c. Each exported method
// (and Len) is the function of Lua's string table of the same name, in
// lower case, to register in a sandbox's string table.

// posrelat turns a negative string position into a positive one (Lua 5.1).
func posrelat(pos, n int) int {
	if pos < 0 {
		pos += n + 1
	}
	return max(pos, 0)
}

func Len(L *lua.LState) int {
	L.Push(lua.LNumber(len(L.CheckString(1))))
	return 1
}

func (lib *Lib) Sub(L *lua.LState) int {
	s := L.CheckString(1)
	n := len(s)
	i := posrelat(L.CheckInt(2), n)
	j := posrelat(L.OptInt(3, -1), n)
	i = max(i, 1)
	j = min(j, n)
	if i > j {
		L.Push(lua.LString(""))
	} else {
		lib.m.Touch(L, j-i+1)
		L.Push(lua.LString(s[i-1 : j]))
	}
	return 1
}

func (lib *Lib) Byte(L *lua.LState) int {
	s := L.CheckString(1)
	i := posrelat(L.OptInt(2, 1), len(s))
	j := posrelat(L.OptInt(3, i), len(s))
	i = max(i, 1)
	j = min(j, len(s))
	if i > j {
		return 0
	}
	n := j - i + 1
	if n > MaxResults {
		L.RaiseError("string slice too long")
	}
	lib.m.ChargeSlots(L, n)
	lib.m.Scan(L, n)
	for k := i; k <= j; k++ {
		L.Push(lua.LNumber(s[k-1]))
	}
	return n
}

func (lib *Lib) Char(L *lua.LState) int {
	top := L.GetTop()
	lib.m.CheckLen(L, top, "string.char")
	lib.m.Scan(L, top)
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

func (lib *Lib) Rep(L *lua.LState) int {
	s := L.CheckString(1)
	n := L.CheckInt(2)
	if n <= 0 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if n > lib.maxLen/len(s) {
		// len(s)*n may not even fit in an int.
		lib.m.RaiseMemory(L, fmt.Sprintf("string.rep: result too long (the limit is %d)", lib.maxLen))
	}
	lib.m.CheckLen(L, len(s)*n, "string.rep")
	lib.m.Touch(L, len(s)*n)
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

func (lib *Lib) Reverse(L *lua.LState) int {
	s := L.CheckString(1)
	lib.m.Charge(L, int64(len(s)))
	lib.m.Touch(L, len(s))
	b := make([]byte, len(s))
	for i := range len(s) {
		b[len(s)-1-i] = s[i]
	}
	L.Push(lua.LString(b))
	return 1
}

// strLower and strUpper change ASCII letters only, like C Lua in the "C"
// locale; strings.ToLower would also change UTF-8 letters.
func (lib *Lib) Lower(L *lua.LState) int {
	s := L.CheckString(1)
	lib.m.Charge(L, int64(len(s)))
	lib.m.Touch(L, len(s))
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	L.Push(lua.LString(b))
	return 1
}

func (lib *Lib) Upper(L *lua.LState) int {
	s := L.CheckString(1)
	lib.m.Charge(L, int64(len(s)))
	lib.m.Touch(L, len(s))
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

func (lib *Lib) Find(L *lua.LState) int  { return lib.findAux(L, true) }
func (lib *Lib) Match(L *lua.LState) int { return lib.findAux(L, false) }

func (lib *Lib) findAux(L *lua.LState, find bool) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	init := posrelat(L.OptInt(3, 1), len(s)) - 1
	init = min(max(init, 0), len(s))
	if find && (lua.LVAsBool(L.Get(4)) || !strings.ContainsAny(p, specials)) {
		i := strings.Index(s[init:], p)
		if i < 0 {
			lib.m.Touch(L, len(s)-init)
		} else {
			lib.m.Touch(L, i+len(p))
		}
		if i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(p)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	m := newMatcher(lib, L, s, p)
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

func (lib *Lib) Gmatch(L *lua.LState) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		m := newMatcher(lib, L, s, p)
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

func (lib *Lib) Gsub(L *lua.LState) int {
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
	m := newMatcher(lib, L, src, p)
	var b strings.Builder
	add := func(s string) {
		if b.Len()+len(s) > lib.maxLen {
			lib.m.CheckLen(L, b.Len()+len(s), "string.gsub")
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
			add(lib.gsubValue(L, m, repl, s, e))
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
	lib.m.Charge(L, int64(b.Len()))
	lib.m.Touch(L, b.Len())
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// gsubValue returns the replacement of the match src[s:e] (add_value).
func (lib *Lib) gsubValue(L *lua.LState, m *matcher, repl lua.LValue, s, e int) string {
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
	if !IsStrNum(v) {
		L.RaiseError("invalid replacement value (a %s)", v.Type())
	}
	return lua.LVAsString(v)
}

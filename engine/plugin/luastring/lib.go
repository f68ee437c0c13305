// Package luastring is the sandbox's string library (engine/plugin): Lua
// 5.1's string functions, its pattern matcher and string.format, written so
// that every result is measured before it is built and every loop is
// counted against the call's budgets, which the library reaches through a
// Meter. gopher-lua's own string.rep, string.format (with a width), gsub
// (quadratic in the number of matches) and its recursive pattern matcher
// can each exhaust memory or time in a single call.
package luastring

import lua "github.com/yuin/gopher-lua"

// Meter charges the library's work to the call in progress; a method that
// finds a budget exhausted raises the Lua error and does not return.
type Meter interface {
	// Steps counts n instructions of work done in Go.
	Steps(L *lua.LState, n int64)
	// Touch counts work on n bytes of strings, Scan on n table slots.
	Touch(L *lua.LState, n int)
	Scan(L *lua.LState, n int)
	// Charge counts n bytes against the memory budgets, ChargeSlots n
	// array slots or stack values.
	Charge(L *lua.LState, n int64)
	ChargeSlots(L *lua.LState, n int)
	// CheckLen stops a function (named what) from building a string of n
	// bytes beyond the string limit, and charges the bytes.
	CheckLen(L *lua.LState, n int, what string)
	// RaiseMemory fails the call on the memory limit with msg.
	RaiseMemory(L *lua.LState, msg string)
	// ToString is the sandbox's tostring.
	ToString(L *lua.LState, v lua.LValue) string
}

// MaxResults bounds how many values string.byte (and the sandbox's unpack)
// may return, as C Lua's stack limit does.
const MaxResults = 8000

// Lib holds the string functions of one worker.
type Lib struct {
	m      Meter
	maxLen int // the string limit
}

// New returns the string functions charging m, whose string limit is
// maxLen bytes.
func New(m Meter, maxLen int) *Lib { return &Lib{m: m, maxLen: maxLen} }

// IsStrNum reports whether v is a string or a number: the values string
// functions and .. accept.
func IsStrNum(v lua.LValue) bool {
	switch v.(type) {
	case lua.LString, lua.LNumber:
		return true
	}
	return false
}

package plugin

import (
	"math"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The values of compiled code (Compiler): Table holds a hook's ctx fields
// as Values, Args passes them to host functions and Results reads them
// back, so compiled code reads its ctx and calls the host with no
// gopher-lua value in between.

// VKind is the Lua type of a compiled value, with the two booleans apart.
type VKind uint8

// Value kinds. Only VNil and VFalse are false in a condition.
const (
	VNil VKind = iota
	VFalse
	VTrue
	VNumber
	VString
	// VTable is a hook's params table: p points to its Params (nil: the
	// hook's empty params table). Two such values are the same table
	// when they hold the same *Params, as Table.Params builds one table
	// per hook and Params value.
	VTable
	// VFunc is a function of the script's string library, as ("x").len
	// gives it, named by its string.
	VFunc
	// VCtx is the hook's ctx table, passed as a value (to a local
	// function, say). There is one per call, so all are the same table.
	VCtx
	// VInts is an array of integers a host function returned
	// (Args.ReturnInts): n ints from p, in the frame's arena. Only the
	// ipairs of a for loop receives one (see engine/plugin/compiled).
	VInts
)

// Value is a Lua value of compiled code. It is three words, which the Go
// compiler keeps in registers across the closures that compute it (a
// larger struct goes through memory, and copying it costs more than most
// operations on it), and evaluating an expression allocates nothing.
type Value struct {
	K VKind
	N float64        // VNumber: the number; VString, VFunc: the length of the bytes at p
	P unsafe.Pointer // VString, VFunc: the bytes; VTable: the *Params
}

// NumberValue, StringValue, FuncValue (a string library function named
// name), TableValue (a params table) and BoolValue make Values.
func NumberValue(n float64) Value { return Value{K: VNumber, N: n} }

func StringValue(s string) Value {
	return Value{K: VString, N: float64(len(s)), P: unsafe.Pointer(unsafe.StringData(s))}
}

func FuncValue(name string) Value {
	return Value{K: VFunc, N: float64(len(name)), P: unsafe.Pointer(unsafe.StringData(name))}
}

func TableValue(p *Params) Value { return Value{K: VTable, P: unsafe.Pointer(p)} }

// Str returns the string of a VString (the name of a VFunc).
func (v Value) Str() string { return unsafe.String((*byte)(v.P), int(v.N)) }

// Params returns the Params of a VTable.
func (v Value) Params() *Params { return (*Params)(v.P) }

func BoolValue(b bool) Value {
	if b {
		return Value{K: VTrue}
	}
	return Value{K: VFalse}
}

// Truthy reports whether v counts as true in a condition.
func (v Value) Truthy() bool { return v.K > VFalse }

// TypeName is Lua's name of v's type, as type() gives it.
func (v Value) TypeName() string {
	switch v.K {
	case VNil:
		return "nil"
	case VFalse, VTrue:
		return "boolean"
	case VNumber:
		return "number"
	case VString:
		return "string"
	case VTable, VCtx, VInts:
		return "table"
	}
	return "function"
}

// identical reports whether a and b are the same value, telling 0 from -0
// (and a NaN from itself), for Table.flush.
func identical(a, b Value) bool {
	if a.K != b.K {
		return false
	}
	switch a.K {
	case VNumber:
		return math.Float64bits(a.N) == math.Float64bits(b.N)
	case VString, VFunc:
		return a.Str() == b.Str()
	case VTable, VInts:
		return a.P == b.P
	}
	return true
}

// luaValue converts v into a gopher-lua value of w's state (for tests and
// for flushing ctx fields).
func (v Value) luaValue(inst *instance, L *lua.LState) lua.LValue {
	switch v.K {
	case VFalse:
		return lua.LFalse
	case VTrue:
		return lua.LTrue
	case VNumber:
		return lua.LNumber(v.N)
	case VString:
		return lua.LString(v.Str())
	case VTable:
		return inst.paramsTable(L, v.Params())
	case VFunc:
		return inst.strlib.RawGetString(v.Str())
	case VCtx:
		return inst.ctx.proxy
	case VInts:
		t := L.CreateTable(int(v.N), 0)
		for _, x := range v.Ints() {
			t.Append(lua.LNumber(x))
		}
		return t
	}
	return lua.LNil
}

// Ints returns the integers of a VInts.
func (v Value) Ints() []int { return unsafe.Slice((*int)(v.P), int(v.N)) }

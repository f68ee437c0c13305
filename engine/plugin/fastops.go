package plugin

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// This file holds the values and operations of the fast path (fast.go): a
// Go rendering of exactly what gopher-lua's VM does for the operations the
// subset allows. Where gopher-lua differs from C Lua (error messages, the
// string-to-number coercion it accepts, math.max's handling of NaN), the
// code follows gopher-lua: the fast path must be indistinguishable from the
// VM it replaces.

// vkind is the Lua type of a fast-path value, with the two booleans apart.
type vkind uint8

// Value kinds. Only vNil and vFalse are false in a condition.
const (
	vNil vkind = iota
	vFalse
	vTrue
	vNumber
	vString
	// vTable is a hook's params table: p points to its Params (nil: the
	// hook's empty params table). Two such values are the same table
	// when they hold the same *Params, as Table.Params builds one table
	// per hook and Params value.
	vTable
	// vFunc is a function of the script's string library, as ("x").len
	// gives it, named by its string.
	vFunc
	// vCtx is the hook's ctx table, passed as a value (to a local
	// function, say). There is one per call, so all are the same table.
	vCtx
	// vInts is an array of integers a host function returned
	// (Args.ReturnInts): n ints from p, in the frame's arena. Only the
	// ipairs of a for loop receives one (see fast.go).
	vInts
)

// value is a Lua value of the fast path. It is three words, which the Go
// compiler keeps in registers across the closures that compute it (a
// larger struct goes through memory, and copying it costs more than most
// operations on it), and evaluating an expression allocates nothing.
type value struct {
	k vkind
	n float64        // vNumber: the number; vString, vFunc: the length of the bytes at p
	p unsafe.Pointer // vString, vFunc: the bytes; vTable: the *Params
}

func numberValue(n float64) value { return value{k: vNumber, n: n} }

func stringValue(s string) value {
	return value{k: vString, n: float64(len(s)), p: unsafe.Pointer(unsafe.StringData(s))}
}

func funcValue(name string) value {
	return value{k: vFunc, n: float64(len(name)), p: unsafe.Pointer(unsafe.StringData(name))}
}

func tableValue(p *Params) value { return value{k: vTable, p: unsafe.Pointer(p)} }

// str returns the string of a vString (the name of a vFunc).
func (v value) str() string { return unsafe.String((*byte)(v.p), int(v.n)) }

// params returns the Params of a vTable.
func (v value) params() *Params { return (*Params)(v.p) }

func boolValue(b bool) value {
	if b {
		return value{k: vTrue}
	}
	return value{k: vFalse}
}

// truthy reports whether v counts as true in a condition.
func (v value) truthy() bool { return v.k > vFalse }

// typeName is Lua's name of v's type, as type() gives it.
func (v value) typeName() string {
	switch v.k {
	case vNil:
		return "nil"
	case vFalse, vTrue:
		return "boolean"
	case vNumber:
		return "number"
	case vString:
		return "string"
	case vTable, vCtx, vInts:
		return "table"
	}
	return "function"
}

// identical reports whether a and b are the same value, telling 0 from -0
// (and a NaN from itself), for Table.flush.
func identical(a, b value) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case vNumber:
		return math.Float64bits(a.n) == math.Float64bits(b.n)
	case vString, vFunc:
		return a.str() == b.str()
	case vTable, vInts:
		return a.p == b.p
	}
	return true
}

// equal is Lua's == (gopher-lua's equals): no coercion; tables and
// functions by identity. None of the fast path's values has an __eq
// metamethod.
func equal(a, b value) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case vNumber:
		return a.n == b.n
	case vString, vFunc:
		return a.str() == b.str()
	case vTable, vInts:
		return a.p == b.p && a.n == b.n
	}
	return true
}

// fastError is a run-time error of compiled code, raised with panic and
// turned into an *Error by Worker.runFast.
type fastError struct {
	line  int
	msg   string
	limit Limit // the limit the call broke, if any
	inGo  bool  // raised in a Go function (see raiseGo)
}

// hostPanic is an error a host function raised through Args on the fast
// path; it belongs to the host call in progress (frame.line).
type hostPanic struct{ msg string }

func raise(line int, format string, args ...any) {
	panic(&fastError{line: line, msg: fmt.Sprintf(format, args...)})
}

// raiseGo is raise for an error a Go function of the VM (math.floor,
// ipairs …) would raise: its frame is on top of the VM's stack then.
func raiseGo(line int, format string, args ...any) {
	panic(&fastError{line: line, msg: fmt.Sprintf(format, args...), inGo: true})
}

// Arithmetic operators, by the byte that spells them.
const (
	opAdd = '+'
	opSub = '-'
	opMul = '*'
	opDiv = '/'
	opMod = '%'
	opPow = '^'
)

// arithEvent names an operator in gopher-lua's error message.
func arithEvent(op byte) string {
	switch op {
	case opAdd:
		return "add"
	case opSub:
		return "sub"
	case opMul:
		return "mul"
	case opDiv:
		return "div"
	case opMod:
		return "mod"
	}
	return "pow"
}

// numberArith is gopher-lua's numberArith. The explicit conversions keep
// the compiler from fusing a multiplication and an addition into one
// instruction, which the VM never does.
func numberArith(op byte, a, b float64) float64 {
	switch op {
	case opAdd:
		return float64(a + b)
	case opSub:
		return float64(a - b)
	case opMul:
		return float64(a * b)
	case opDiv:
		return float64(a / b)
	case opMod:
		return luaModulo(a, b)
	}
	return math.Pow(a, b)
}

// arithNumbers is an arithmetic operator on two numbers as the VM's
// instruction computes it: its result goes through gopher-lua's number
// allocator, which returns its preloaded +0 for a result of -0.
func arithNumbers(op byte, a, b float64) float64 { return normZero(numberArith(op, a, b)) }

// normZero turns -0 into 0 (see arithNumbers): adding +0 changes no other
// number (NaN stays NaN), and takes no branch.
func normZero(r float64) float64 { return r + 0 }

// luaModulo is gopher-lua's luaModulo: math.Mod adjusted to the sign of the
// divisor.
func luaModulo(a, b float64) float64 {
	v := math.Mod(a, b)
	if b > 0 && v < 0 || b < 0 && v > 0 {
		v += b
	}
	return v
}

// arith is an arithmetic operator on any values (gopher-lua's opArith and
// objectArith): strings that read as numbers are converted; anything else
// fails. No value of the fast path has arithmetic metamethods. Only the
// result of two numbers is normalised (see arithNumbers): with a converted
// string the VM takes another route, which keeps -0.
func arith(op byte, a, b value, line int) value {
	if a.k == vNumber && b.k == vNumber {
		return numberValue(arithNumbers(op, a.n, b.n))
	}
	a, b = coerce(a), coerce(b)
	if a.k == vNumber && b.k == vNumber {
		return numberValue(numberArith(op, a.n, b.n))
	}
	raise(line, "cannot perform %s operation between %s and %s", arithEvent(op), a.typeName(), b.typeName())
	return value{}
}

// coerce converts a string that reads as a number into the number.
func coerce(v value) value {
	if v.k == vString {
		if n, err := parseNumber(v.str()); err == nil {
			return numberValue(n)
		}
	}
	return v
}

// negate is unary minus (gopher-lua's OP_UNM).
func negate(v value, line int) value {
	switch v.k {
	case vNumber:
		return numberValue(-v.n)
	case vString:
		if n, err := parseNumber(v.str()); err == nil {
			return numberValue(-n)
		}
	}
	raise(line, "__unm undefined")
	return value{}
}

// compareError is the error of an ordering comparison of a with b.
func compareError(a, b value, line int) {
	raise(line, "attempt to compare %s with %s", a.typeName(), b.typeName())
}

// less is a < b (gopher-lua's lessThan): numbers with numbers, strings
// with strings byte-wise; anything else fails, as no value of the fast
// path has an __lt metamethod.
func less(a, b value, line int) bool {
	if a.k == vNumber && b.k == vNumber {
		return a.n < b.n
	}
	if a.k == vString && b.k == vString {
		return strings.Compare(a.str(), b.str()) < 0
	}
	compareError(a, b, line)
	return false
}

// lessEqual is a <= b (gopher-lua's OP_LE).
func lessEqual(a, b value, line int) bool {
	if a.k == vNumber && b.k == vNumber {
		return a.n <= b.n
	}
	if a.k == vString && b.k == vString {
		return strings.Compare(a.str(), b.str()) <= 0
	}
	compareError(a, b, line)
	return false
}

// parseNumber is gopher-lua's parseNumber, which reads number literals and
// converts strings in arithmetic and in the math library.
func parseNumber(number string) (float64, error) {
	number = strings.Trim(number, " \t\n")
	if v, err := strconv.ParseInt(number, 0, 64); err == nil {
		return float64(v), nil
	}
	return strconv.ParseFloat(number, 64)
}

// literalNumber is the value of a number literal as gopher-lua's compiler
// computes it: NaN for the few spellings parseNumber rejects.
func literalNumber(s string) float64 {
	n, err := parseNumber(s)
	if err != nil {
		return math.NaN()
	}
	return n
}

// stringLibNames are the functions of the sandbox's string library (see
// newLibrary), which ("x").name reaches through the string metatable.
var stringLibNames = []string{
	"byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper",
}

// index reads v.key for a value other than ctx (gopher-lua's
// getFieldString): a params table's entry, a string method, or an error.
func index(v value, key string, line int) value {
	switch v.k {
	case vTable:
		if x, ok := v.params().Get(key); ok {
			return numberValue(x)
		}
		return value{}
	case vString:
		for _, n := range stringLibNames {
			if n == key {
				return funcValue(n)
			}
		}
		return value{}
	}
	raise(line, "attempt to index a non-table object(%s) with key '%s'", v.typeName(), key)
	return value{}
}

// Math functions of the subset, with gopher-lua's implementations.
const (
	mathFloor = iota
	mathCeil
	mathAbs
	mathSqrt
	mathMin
	mathMax
)

var mathNames = map[string]int{
	"floor": mathFloor, "ceil": mathCeil, "abs": mathAbs, "sqrt": mathSqrt, "min": mathMin, "max": mathMax,
}

// checkNumber is gopher-lua's LState.CheckNumber for argument i of the math
// function name.
func checkNumber(args []value, i int, name string, line int) float64 {
	var v value
	if i <= len(args) {
		v = args[i-1]
	}
	if v.k == vNumber {
		return v.n
	}
	if v.k == vString {
		if n, err := parseNumber(v.str()); err == nil {
			return n
		}
	}
	raiseGo(line, "bad argument #%d to %s (number expected, got %s)", i, name, v.typeName())
	return 0
}

// mathCall computes math.<name>(args...).
func mathCall(fn int, name string, args []value, line int) float64 {
	switch fn {
	case mathFloor:
		return math.Floor(checkNumber(args, 1, name, line))
	case mathCeil:
		return math.Ceil(checkNumber(args, 1, name, line))
	case mathAbs:
		return math.Abs(checkNumber(args, 1, name, line))
	case mathSqrt:
		return math.Sqrt(checkNumber(args, 1, name, line))
	}
	// min and max: the first argument, replaced by any later one that is
	// smaller (larger), so a NaN wins only in first place.
	if len(args) == 0 {
		raiseGo(line, "wrong number of arguments")
	}
	m := checkNumber(args, 1, name, line)
	for i := 2; i <= len(args); i++ {
		v := checkNumber(args, i, name, line)
		if fn == mathMax && v > m || fn == mathMin && v < m {
			m = v
		}
	}
	return m
}

// mathCall1 is mathCall for one argument already evaluated.
func mathCall1(fn int, name string, v value, line int) float64 {
	if v.k == vNumber {
		switch fn {
		case mathFloor:
			return math.Floor(v.n)
		case mathCeil:
			return math.Ceil(v.n)
		case mathAbs:
			return math.Abs(v.n)
		case mathSqrt:
			return math.Sqrt(v.n)
		}
		return v.n
	}
	args := [1]value{v}
	return mathCall(fn, name, args[:], line)
}

// luaValue converts v into a gopher-lua value of w's state (for tests and
// for flushing ctx fields).
func (v value) luaValue(inst *instance, L *lua.LState) lua.LValue {
	switch v.k {
	case vFalse:
		return lua.LFalse
	case vTrue:
		return lua.LTrue
	case vNumber:
		return lua.LNumber(v.n)
	case vString:
		return lua.LString(v.str())
	case vTable:
		return inst.paramsTable(L, v.params())
	case vFunc:
		return inst.strlib.RawGetString(v.str())
	case vCtx:
		return inst.ctx.proxy
	case vInts:
		t := L.CreateTable(int(v.n), 0)
		for _, x := range v.ints() {
			t.Append(lua.LNumber(x))
		}
		return t
	}
	return lua.LNil
}

// ints returns the integers of a vInts.
func (v value) ints() []int { return unsafe.Slice((*int)(v.p), int(v.n)) }

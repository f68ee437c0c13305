package compiled

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
)

// This file holds the values and operations of the fast path (fast.go): a
// Go rendering of exactly what gopher-lua's VM does for the operations the
// subset allows. Where gopher-lua differs from C Lua (error messages, the
// string-to-number coercion it accepts, math.max's handling of NaN), the
// code follows gopher-lua: the fast path must be indistinguishable from the
// VM it replaces.

// equal is Lua's == (gopher-lua's equals): no coercion; tables and
// functions by identity. None of the fast path's values has an __eq
// metamethod.
func equal(a, b plugin.Value) bool {
	if a.K != b.K {
		return false
	}
	switch a.K {
	case plugin.VNumber:
		return a.N == b.N
	case plugin.VString, plugin.VFunc:
		return a.Str() == b.Str()
	case plugin.VTable, plugin.VInts:
		return a.P == b.P && a.N == b.N
	}
	return true
}

// fastError is a run-time error of compiled code, raised with panic and
// turned into an *Error by instCode.fail.
type fastError struct {
	line  int
	msg   string
	limit plugin.Limit // the limit the call broke, if any
	inGo  bool         // raised in a Go function (see raiseGo)
}

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
func arith(op byte, a, b plugin.Value, line int) plugin.Value {
	if a.K == plugin.VNumber && b.K == plugin.VNumber {
		return plugin.NumberValue(arithNumbers(op, a.N, b.N))
	}
	a, b = coerce(a), coerce(b)
	if a.K == plugin.VNumber && b.K == plugin.VNumber {
		return plugin.NumberValue(numberArith(op, a.N, b.N))
	}
	raise(line, "cannot perform %s operation between %s and %s", arithEvent(op), a.TypeName(), b.TypeName())
	return plugin.Value{}
}

// coerce converts a string that reads as a number into the number.
func coerce(v plugin.Value) plugin.Value {
	if v.K == plugin.VString {
		if n, err := parseNumber(v.Str()); err == nil {
			return plugin.NumberValue(n)
		}
	}
	return v
}

// negate is unary minus (gopher-lua's OP_UNM).
func negate(v plugin.Value, line int) plugin.Value {
	switch v.K {
	case plugin.VNumber:
		return plugin.NumberValue(-v.N)
	case plugin.VString:
		if n, err := parseNumber(v.Str()); err == nil {
			return plugin.NumberValue(-n)
		}
	}
	raise(line, "__unm undefined")
	return plugin.Value{}
}

// compareError is the error of an ordering comparison of a with b.
func compareError(a, b plugin.Value, line int) {
	raise(line, "attempt to compare %s with %s", a.TypeName(), b.TypeName())
}

// less is a < b (gopher-lua's lessThan): numbers with numbers, strings
// with strings byte-wise; anything else fails, as no value of the fast
// path has an __lt metamethod.
func less(a, b plugin.Value, line int) bool {
	if a.K == plugin.VNumber && b.K == plugin.VNumber {
		return a.N < b.N
	}
	if a.K == plugin.VString && b.K == plugin.VString {
		return strings.Compare(a.Str(), b.Str()) < 0
	}
	compareError(a, b, line)
	return false
}

// lessEqual is a <= b (gopher-lua's OP_LE).
func lessEqual(a, b plugin.Value, line int) bool {
	if a.K == plugin.VNumber && b.K == plugin.VNumber {
		return a.N <= b.N
	}
	if a.K == plugin.VString && b.K == plugin.VString {
		return strings.Compare(a.Str(), b.Str()) <= 0
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
func index(v plugin.Value, key string, line int) plugin.Value {
	switch v.K {
	case plugin.VTable:
		if x, ok := v.Params().Get(key); ok {
			return plugin.NumberValue(x)
		}
		return plugin.Value{}
	case plugin.VString:
		for _, n := range stringLibNames {
			if n == key {
				return plugin.FuncValue(n)
			}
		}
		return plugin.Value{}
	}
	raise(line, "attempt to index a non-table object(%s) with key '%s'", v.TypeName(), key)
	return plugin.Value{}
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
func checkNumber(args []plugin.Value, i int, name string, line int) float64 {
	var v plugin.Value
	if i <= len(args) {
		v = args[i-1]
	}
	if v.K == plugin.VNumber {
		return v.N
	}
	if v.K == plugin.VString {
		if n, err := parseNumber(v.Str()); err == nil {
			return n
		}
	}
	raiseGo(line, "bad argument #%d to %s (number expected, got %s)", i, name, v.TypeName())
	return 0
}

// mathCall computes math.<name>(args...).
func mathCall(fn int, name string, args []plugin.Value, line int) float64 {
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
func mathCall1(fn int, name string, v plugin.Value, line int) float64 {
	if v.K == plugin.VNumber {
		switch fn {
		case mathFloor:
			return math.Floor(v.N)
		case mathCeil:
			return math.Ceil(v.N)
		case mathAbs:
			return math.Abs(v.N)
		case mathSqrt:
			return math.Sqrt(v.N)
		}
		return v.N
	}
	args := [1]plugin.Value{v}
	return mathCall(fn, name, args[:], line)
}

package plugin

import (
	"fmt"
	"math/bits"
	"reflect"

	lua "github.com/yuin/gopher-lua"

	"github.com/sandtable/sandtable/engine/plugin/luastring"
)

// Some operations do work that grows with their operands, in Go, where no
// VM instruction is counted: gopher-lua's # operator and next() scan the
// nil slots of a table's array part (a table with one high index set and
// cleared keeps them all), next() also skips every key ever deleted from
// the hash part, and the library functions copy, search and sort whole
// strings and arrays. Each is charged against the instruction budget by the
// work it did, at the rates below, so that a loop of them is stopped by the
// counted budget at its line like any other loop, never by the wall-clock
// backstop. The rates weigh a unit of work against a VM instruction (tens
// of nanoseconds): a budget of a million instructions stays well under a
// second of CPU whatever the script spends it on. docs/lua-api.md lists
// what each operation costs.
const (
	// slotsPerInstruction: table slots scanned or moved (# and next over
	// nil slots or deleted keys, table.insert and remove in the middle,
	// getn, maxn, and the length unpack, concat, insert and remove find).
	slotsPerInstruction = 8
	// bytesPerInstruction: bytes of string read or built by a library
	// function (rep, format, sub, upper, lower, reverse, a plain find,
	// concat, table.concat, tonumber), compared (comparisons) or hashed
	// (string keys written through the sandbox, rawget).
	bytesPerInstruction = 32
	// comparesPerInstruction: table.sort without a comparator is charged
	// n·⌈log2(n+1)⌉ comparisons of its n slots up front (a Lua comparator's
	// own instructions count anyway).
	comparesPerInstruction = 2
)

// CostDocs describes the charges for the API reference.
func CostDocs() [][2]string {
	slots := fmt.Sprintf("one per %d", slotsPerInstruction)
	bytes := fmt.Sprintf("one per %d", bytesPerInstruction)
	return [][2]string{
		{"`#t` on a table, `table.getn`, `table.maxn`", fmt.Sprintf("%d for `#` (it is a call), and ", helperCost) + slots + " slots of the array part past the border it finds (gopher-lua scans them: a table with one high index set and cleared keeps them all); `#` on a string costs nothing more"},
		{"`next`, and each step of `pairs`", slots + " nil array slots and deleted hash keys it skips to reach the next key (a table remembers every key ever deleted from it)"},
		{"`unpack`, `table.concat`, `table.insert`, `table.remove` without explicit bounds", "what `#t` costs, for the length they find"},
		{"`table.insert` and `table.remove` in the middle", slots + " elements moved"},
		{"`unpack`, `string.byte`, `string.char`", slots + " values returned or read"},
		{"`table.concat`", slots + " elements, and " + bytes + " bytes of the result"},
		{"`table.sort`", fmt.Sprintf("n·⌈log2(n+1)⌉ / %d for an array part of n slots, up front; a Lua comparator's own instructions count as well", comparesPerInstruction)},
		{"`string.rep`, `format`, `sub`, `upper`, `lower`, `reverse`, `gsub`, and `..`", bytes + " bytes of the result (and of the format string)"},
		{"`string.find` with plain text", bytes + " bytes searched"},
		{"`string.find`, `match`, `gmatch`, `gsub` with a pattern", fmt.Sprintf("one per %d steps of the matcher (each character it tries at each position)", luastring.StepsPerInstruction)},
		{"`tonumber` of a string, `rawget` and writes `t[k] = v` with a string key computed at run time, `rawset`", bytes + " bytes of the string"},
		{"`a == b`, `a ~= b` unless an operand is a literal (a string literal of at most " + fmt.Sprint(bytesPerInstruction) + " bytes)", "what the call costs (a few instructions), and " + bytes + " bytes of two strings of the same length"},
		{"`a < b`, `a <= b`, `a > b`, `a >= b` unless an operand is a number or a string literal of at most " + fmt.Sprint(bytesPerInstruction) + " bytes", "what the call costs (a few instructions), and " + bytes + " bytes of the shorter of two strings"},
	}
}

// scan charges n slots of table work.
func (w *Worker) scan(L *lua.LState, n int) {
	if n >= slotsPerInstruction {
		w.steps(L, int64(n/slotsPerInstruction))
	}
}

// touch charges n bytes of string work.
func (w *Worker) touch(L *lua.LState, n int) {
	if n >= bytesPerInstruction {
		w.steps(L, int64(n/bytesPerInstruction))
	}
}

// sortCost is the charge of sorting n slots without a comparator.
func sortCost(n int) int64 {
	return int64(n) * int64(bits.Len(uint(n))) / comparesPerInstruction
}

// tableLen is t.Len() (the border # finds, without metamethods), charged
// for the trailing slots it scanned: the array part beyond the border.
func (w *Worker) tableLen(L *lua.LState, t *lua.LTable) int {
	n := t.Len()
	w.scan(L, w.arrayLen(t)-n)
	return n
}

// luaLen is the # operator, which luarewrite.Rewrite turns into a call of the
// hidden (len) so that its scan is charged. It does what gopher-lua's
// OP_LEN does: the length of a string, the result of a __len metamethod
// (a number, or whatever else it returned), the border of a table, and
// "__len undefined" for anything else.
func (w *Worker) luaLen(L *lua.LState) int {
	w.steps(L, helperCost)
	v := L.Get(1)
	if s, ok := v.(lua.LString); ok {
		L.Push(lenValue(len(s)))
		return 1
	}
	if op := L.GetMetaField(v, "__len"); op.Type() == lua.LTFunction {
		L.Push(op)
		L.Push(v)
		L.Call(1, 1)
		return 1
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		L.RaiseError("__len undefined")
	}
	L.Push(lenValue(w.tableLen(L, t)))
	return 1
}

// smallLens are the lengths 0…1023 as Lua values, boxed once: most
// lengths are small, and boxing a number for every # would allocate.
var smallLens = func() (vs [1024]lua.LValue) {
	for i := range vs {
		vs[i] = lua.LNumber(i)
	}
	return vs
}()

func lenValue(n int) lua.LValue {
	if uint(n) < uint(len(smallLens)) {
		return smallLens[n]
	}
	return lua.LNumber(n)
}

// baseNext is next, charged for the nil array slots and deleted hash keys
// gopher-lua's LTable.Next skipped to find the key it returns.
func (w *Worker) baseNext(L *lua.LState) int {
	t := L.CheckTable(1)
	key := L.Get(2)
	k, v := t.Next(key)
	w.scan(L, w.nextScanned(t, key, k))
	if k == lua.LNil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(k)
	L.Push(v)
	return 2
}

// nextScanned returns how many array slots and hash key entries t.Next(key)
// examined to return k, following its algorithm: an integer key (or nil)
// starts in the array part after that index and goes on to the hash part's
// key list; any other key starts after its own place in that list, which
// keeps deleted keys until the table is collected.
func (w *Worker) nextScanned(t *lua.LTable, key, k lua.LValue) int {
	start, inArray := 0, false
	switch kv := key.(type) {
	case lua.LNumber:
		f := float64(kv)
		if f >= 1 && f < float64(lua.MaxArrayIndex) && f == float64(int(f)) {
			start, inArray = int(f), true
		}
	default:
		inArray = key == lua.LNil
	}
	scanned := 0
	if inArray {
		alen := w.arrayLen(t)
		if n, ok := k.(lua.LNumber); ok && float64(n) >= 1 && int(n) <= alen && float64(n) == float64(int(n)) {
			return int(n) - start // found in the array part
		}
		scanned = max(alen-start, 0)
	}
	// The hash part: only deleted keys make Next skip entries.
	keys, live := tableHash.count(t)
	if keys <= live || inArray && live == 0 {
		return scanned // no deleted keys, or none it looks at: Next stops when no key is live
	}
	from := 0
	if !inArray {
		from = tableHash.pos(t, key) + 1
	}
	to := keys
	if k != lua.LNil {
		to = tableHash.pos(t, k) + 1
	}
	return scanned + max(to-from, 0)
}

// hashReader reads a table's hash part as gopher-lua keeps it, through
// reflection as arrayLenFunc reads its array part: gopher-lua exports
// neither. TestTableReflection guards the fields against an upgrade; without
// them (ok false) a table reports no deleted keys, and next is charged for
// its array part only.
type hashReader struct {
	ok                       bool
	keys, k2i, strdict, dict []int // field indices
}

var tableHash = func() hashReader {
	typ := reflect.TypeFor[lua.LTable]()
	field := func(name string, kind reflect.Kind) []int {
		f, ok := typ.FieldByName(name)
		if !ok || f.Type.Kind() != kind {
			return nil
		}
		return f.Index
	}
	h := hashReader{
		keys: field("keys", reflect.Slice), k2i: field("k2i", reflect.Map),
		strdict: field("strdict", reflect.Map), dict: field("dict", reflect.Map),
	}
	h.ok = h.keys != nil && h.k2i != nil && h.strdict != nil && h.dict != nil
	return h
}()

// count returns the length of t's key list (in insertion order, deleted
// keys included) and the number of keys that hold a value.
func (h hashReader) count(t *lua.LTable) (keys, live int) {
	if !h.ok {
		return 0, 0
	}
	v := reflect.ValueOf(t).Elem()
	return v.FieldByIndex(h.keys).Len(), v.FieldByIndex(h.strdict).Len() + v.FieldByIndex(h.dict).Len()
}

// pos returns key's place in t's key list, 0 for a key not in it (as Next
// reads a missing key).
func (h hashReader) pos(t *lua.LTable, key lua.LValue) int {
	i := reflect.ValueOf(t).Elem().FieldByIndex(h.k2i).MapIndex(reflect.ValueOf(&key).Elem())
	if !i.IsValid() {
		return 0
	}
	return int(i.Int())
}

// luaLT, luaLE, luaGT and luaGE are a < b, a <= b, a > b and a >= b, which
// luarewrite.Rewrite turns into calls of them unless an operand is a literal
// (gopher-lua compares strings byte by byte, about a nanosecond a byte, so
// a loop comparing two long strings would run for minutes). They compute
// what OP_LT and OP_LE do (a > b is b < a, a >= b is b <= a, each operand
// evaluated in the source's order), charging the bytes two strings may
// share.
func (w *Worker) luaLT(L *lua.LState) int { return pushBool(L, w.less(L, L.Get(1), L.Get(2))) }
func (w *Worker) luaLE(L *lua.LState) int { return pushBool(L, w.lessEqual(L, L.Get(1), L.Get(2))) }
func (w *Worker) luaGT(L *lua.LState) int { return pushBool(L, w.less(L, L.Get(2), L.Get(1))) }
func (w *Worker) luaGE(L *lua.LState) int { return pushBool(L, w.lessEqual(L, L.Get(2), L.Get(1))) }

// luaEQ is a == b (and, negated, a ~= b): gopher-lua's equals, charging
// the bytes of two strings of the same length, which Go compares in full.
func (w *Worker) luaEQ(L *lua.LState) int {
	lhs, rhs := L.Get(1), L.Get(2)
	if lhs.Type() != rhs.Type() {
		return pushBool(L, false)
	}
	switch l := lhs.(type) {
	case lua.LString:
		r := rhs.(lua.LString)
		if len(l) == len(r) {
			w.touch(L, len(l))
		}
		return pushBool(L, l == r)
	case lua.LNumber:
		return pushBool(L, l == rhs.(lua.LNumber))
	case lua.LBool:
		return pushBool(L, l == rhs.(lua.LBool))
	case *lua.LTable, *lua.LUserData:
		return pushBool(L, lhs == rhs || rational(L, lhs, rhs, "__eq", false) == 1)
	}
	return pushBool(L, lhs.Type() == lua.LTNil || lhs == rhs)
}

func pushBool(L *lua.LState, b bool) int {
	L.Push(lua.LBool(b))
	return 1
}

// less is gopher-lua's lessThan.
func (w *Worker) less(L *lua.LState, lhs, rhs lua.LValue) bool {
	if v1, ok := lhs.(lua.LNumber); ok {
		if v2, ok := rhs.(lua.LNumber); ok {
			return v1 < v2
		}
		orderError(L, lhs, rhs)
	}
	if lhs.Type() != rhs.Type() {
		orderError(L, lhs, rhs)
	}
	if s1, ok := lhs.(lua.LString); ok {
		s2 := rhs.(lua.LString)
		w.touch(L, min(len(s1), len(s2)))
		return s1 < s2
	}
	return rational(L, lhs, rhs, "__lt", true) == 1
}

// lessEqual is OP_LE: __le, or else not __lt with the operands swapped.
func (w *Worker) lessEqual(L *lua.LState, lhs, rhs lua.LValue) bool {
	if v1, ok := lhs.(lua.LNumber); ok {
		if v2, ok := rhs.(lua.LNumber); ok {
			return v1 <= v2
		}
		orderError(L, lhs, rhs)
	}
	if lhs.Type() != rhs.Type() {
		orderError(L, lhs, rhs)
	}
	if s1, ok := lhs.(lua.LString); ok {
		s2 := rhs.(lua.LString)
		w.touch(L, min(len(s1), len(s2)))
		return s1 <= s2
	}
	if r := rational(L, lhs, rhs, "__le", false); r >= 0 {
		return r == 1
	}
	return rational(L, rhs, lhs, "__lt", true) != 1
}

func orderError(L *lua.LState, lhs, rhs lua.LValue) {
	L.RaiseError("attempt to compare %v with %v", lhs.Type().String(), rhs.Type().String())
}

// rational is gopher-lua's objectRational: 1 or 0 for what the metamethod
// event of both operands (the same function) answered, -1 when they have
// none; with must, -1 is the comparison error instead.
func rational(L *lua.LState, lhs, rhs lua.LValue, event string, must bool) int {
	m1 := L.GetMetaField(lhs, event)
	m2 := L.GetMetaField(rhs, event)
	if m1.Type() == lua.LTFunction && m1 == m2 {
		L.Push(m1)
		L.Push(lhs)
		L.Push(rhs)
		L.Call(2, 1)
		r := L.Get(-1)
		L.Pop(1)
		if lua.LVAsBool(r) {
			return 1
		}
		return 0
	}
	if must {
		orderError(L, lhs, rhs)
	}
	return -1
}

package plugin

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/sandtable/sandtable/engine/plugin/luarewrite"

	"github.com/sandtable/sandtable/engine/plugin/luastring"
)

// This file builds the sandbox: the library a script sees. Every script gets
// its own environment with its own copies of the library tables, so one mod
// cannot change what another sees; the Go functions inside are shared, which
// is safe because Lua code cannot modify a function.

// global is one global of the sandbox's base library. The same table binds
// the library (name → implementation) and generates the LuaLS stubs and the
// API reference.
type global struct {
	name    string
	params  []Field
	returns []Field
	doc     string
	// impl is the function, when the sandbox replaces gopher-lua's; nil
	// means gopher-lua's function of that name is used as it is.
	impl func(w *Worker) lua.LGFunction
}

var anyParam = Field{Name: "v", Type: "any"}

// sandboxGlobals lists the base library in documentation order.
func sandboxGlobals() []global {
	return []global{
		{name: "assert", params: []Field{anyParam, {Name: "message", Type: "any?"}}, returns: []Field{{Name: "...", Type: "any"}},
			doc: "Raises an error with `message` (default \"assertion failed!\") when `v` is false or nil; otherwise returns all its arguments."},
		{name: "error", params: []Field{{Name: "message", Type: "any"}, {Name: "level", Type: "integer?"}},
			doc: "Raises an error. A string message gets the position of the caller at `level` (default 1) prepended."},
		{name: "getmetatable", params: []Field{{Name: "object", Type: "any"}}, returns: []Field{{Name: "metatable", Type: "any"}},
			doc: "Returns the metatable of `object`, or its `__metatable` field. Strings report `false`: their shared metatable is not reachable."},
		{name: "ipairs", params: []Field{{Name: "t", Type: "table"}}, returns: []Field{{Name: "iter", Type: "function"}, {Name: "t", Type: "table"}, {Name: "i", Type: "integer"}},
			doc: "Iterates t[1], t[2], … up to the first nil."},
		{name: "next", params: []Field{{Name: "t", Type: "table"}, {Name: "key", Type: "any?"}}, returns: []Field{{Name: "key", Type: "any"}, {Name: "value", Type: "any"}},
			doc:  "Returns the next key of `t` after `key`. Keys come in a deterministic order (the array part, then insertion order).",
			impl: func(w *Worker) lua.LGFunction { return w.baseNext }},
		{name: "pairs", params: []Field{{Name: "t", Type: "table"}}, returns: []Field{{Name: "next", Type: "function"}, {Name: "t", Type: "table"}, {Name: "key", Type: "nil"}},
			doc:  "Iterates all keys of `t` in the order of `next`, or as its `__pairs` metamethod says (as in Lua 5.2; this is how `pairs(ctx)` works).",
			impl: func(w *Worker) lua.LGFunction { return w.basePairs }},
		{name: "pcall", params: []Field{{Name: "f", Type: "function"}, {Name: "...", Type: "any"}}, returns: []Field{{Name: "ok", Type: "boolean"}, {Name: "...", Type: "any"}},
			doc: "Calls `f` in protected mode. A broken instruction limit cannot be caught: the next instruction fails again."},
		{name: "print", params: []Field{{Name: "...", Type: "any"}},
			doc:  "Writes its arguments, separated by tabs, to the game's event log with the script's name and line.",
			impl: func(w *Worker) lua.LGFunction { return w.basePrint }},
		{name: "rawequal", params: []Field{{Name: "a", Type: "any"}, {Name: "b", Type: "any"}}, returns: []Field{{Name: "equal", Type: "boolean"}},
			doc: "Compares without metamethods."},
		{name: "rawget", params: []Field{{Name: "t", Type: "table"}, {Name: "key", Type: "any"}}, returns: []Field{{Name: "value", Type: "any"}},
			doc:  "Reads `t[key]` without metamethods.",
			impl: func(w *Worker) lua.LGFunction { return w.baseRawget }},
		{name: "rawset", params: []Field{{Name: "t", Type: "table"}, {Name: "key", Type: "any"}, {Name: "value", Type: "any"}}, returns: []Field{{Name: "t", Type: "table"}},
			doc:  "Writes `t[key]` without metamethods (within the array and memory limits).",
			impl: func(w *Worker) lua.LGFunction { return w.baseRawset }},
		{name: "select", params: []Field{{Name: "n", Type: "integer|'#'"}, {Name: "...", Type: "any"}}, returns: []Field{{Name: "...", Type: "any"}},
			doc: "Returns the arguments after the `n`th, or their count for \"#\"."},
		{name: "setmetatable", params: []Field{{Name: "t", Type: "table"}, {Name: "metatable", Type: "table?"}}, returns: []Field{{Name: "t", Type: "table"}},
			doc: "Sets the metatable of a table."},
		{name: "tonumber", params: []Field{{Name: "v", Type: "any"}, {Name: "base", Type: "integer?"}}, returns: []Field{{Name: "n", Type: "number?"}},
			doc:  "Converts `v` to a number, or returns nil.",
			impl: func(w *Worker) lua.LGFunction { return w.baseTonumber }},
		{name: "tostring", params: []Field{anyParam}, returns: []Field{{Name: "s", Type: "string"}},
			doc:  "Converts `v` to a string, using `__tostring` when present. Tables and functions print as their type name without an address, so output is the same in every run.",
			impl: func(w *Worker) lua.LGFunction { return w.baseTostring }},
		{name: "type", params: []Field{anyParam}, returns: []Field{{Name: "name", Type: "string"}},
			doc: "Returns the type name of `v`."},
		{name: "unpack", params: []Field{{Name: "list", Type: "table"}, {Name: "i", Type: "integer?"}, {Name: "j", Type: "integer?"}}, returns: []Field{{Name: "...", Type: "any"}},
			doc:  "Returns list[i], …, list[j] (default 1 and #list).",
			impl: func(w *Worker) lua.LGFunction { return w.baseUnpack }},
		{name: "xpcall", params: []Field{{Name: "f", Type: "function"}, {Name: "handler", Type: "function"}}, returns: []Field{{Name: "ok", Type: "boolean"}, {Name: "...", Type: "any"}},
			doc: "Calls `f` in protected mode with an error handler."},
	}
}

// removedGlobals are the standard globals a script does not get: they reach
// files, processes, the clock, other scripts' code or the garbage collector.
func removedGlobals() []string {
	return []string{
		"collectgarbage", "dofile", "getfenv", "load", "loadfile", "loadstring", "module",
		"newproxy", "require", "setfenv",
		"coroutine", "debug", "io", "os", "package",
	}
}

// isReservedGlobal reports whether name is a library global a kind must not
// reuse for a function or host table.
func isReservedGlobal(name string) bool {
	switch name {
	case "_G", "_VERSION", "string", "table", "math":
		return true
	}
	for _, g := range sandboxGlobals() {
		if g.name == name {
			return true
		}
	}
	for _, g := range removedGlobals() {
		if g == name {
			return true
		}
	}
	return false
}

// namedValue is one entry of a library table, kept in a slice so that every
// copy is filled in the same order.
type namedValue struct {
	name string
	v    lua.LValue
}

// library holds one LState's pristine library values, from which each
// script's environment is filled. Scripts never see these tables.
type library struct {
	base  []namedValue
	str   []namedValue
	tbl   []namedValue
	math  []namedValue
	hosts map[*Kind][]namedValue // lookup only

	hidden             []lua.LValue   // the hidden functions of a rewritten chunk, in luarewrite.Hidden's order
	envMeta            *lua.LTable    // the metatable of script environments
	next               *lua.LFunction // next, charged for its scan (cost.go)
	tonumber           lua.LGFunction // gopher-lua's tonumber
	ctxWrite, ctxPairs *lua.LFunction // metamethods of ctx tables
	ctxNext            *lua.LFunction
}

// newLibrary fills the library of w's LState.
func newLibrary(w *Worker, L *lua.LState) *library {
	lib := &library{hosts: map[*Kind][]namedValue{}}

	// gopher-lua's own functions are reached through its openers; they
	// register into the LState's global table, which no script can reach
	// (every script has its own environment).
	openLib(L, lua.OpenBase, lua.BaseLibName)
	tableMod := openLib(L, lua.OpenTable, lua.TabLibName)
	mathMod := openLib(L, lua.OpenMath, lua.MathLibName)
	globals := L.G.Global
	lib.tonumber = globals.RawGetString("tonumber").(*lua.LFunction).GFunction

	for _, g := range sandboxGlobals() {
		var v lua.LValue
		if g.impl != nil {
			v = L.NewFunction(g.impl(w))
		} else {
			v = globals.RawGetString(g.name)
		}
		if v == lua.LNil {
			panic("plugin: gopher-lua has no base function " + g.name)
		}
		lib.base = append(lib.base, namedValue{g.name, v})
	}

	fn := func(name string, f lua.LGFunction) namedValue { return namedValue{name, L.NewFunction(f)} }
	sl := luastring.New((*strMeter)(w), w.limits.MaxStringLen)
	lib.str = []namedValue{
		fn("byte", sl.Byte), fn("char", sl.Char), fn("find", sl.Find), fn("format", sl.Format),
		fn("gmatch", sl.Gmatch), fn("gsub", sl.Gsub), fn("len", luastring.Len), fn("lower", sl.Lower),
		fn("match", sl.Match), fn("rep", sl.Rep), fn("reverse", sl.Reverse), fn("sub", sl.Sub),
		fn("upper", sl.Upper),
	}
	lib.tbl = []namedValue{
		fn("concat", w.tableConcat), fn("insert", w.tableInsert), fn("remove", w.tableRemove),
		fn("sort", w.tableSort(tableMod.RawGetString("sort").(*lua.LFunction))),
		fn("getn", w.tableGetn), fn("maxn", w.tableMaxn),
	}
	for _, name := range mathLibNames {
		v := mathMod.RawGetString(name)
		if v == lua.LNil {
			panic("plugin: gopher-lua has no math." + name)
		}
		lib.math = append(lib.math, namedValue{name, v})
	}
	lib.math = append(lib.math, fn("random", w.mathRandom), fn("randomseed", mathRandomseed))

	// String methods ("x"):upper() look the method up in the string
	// metatable, which all scripts share. Its __index finds the method in
	// the calling script's own string table, and __metatable hides the
	// metatable from getmetatable so no script can replace __index.
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(w.stringIndex))
	mt.RawSetString("__metatable", lua.LFalse)
	L.SetMetatable(lua.LString(""), mt)

	for _, nv := range lib.base {
		if nv.name == "next" {
			lib.next = nv.v.(*lua.LFunction) // what pairs returns is the script's next
		}
	}
	lib.ctxWrite = L.NewFunction(ctxWrite)
	lib.ctxNext = L.NewFunction(ctxNext)
	lib.ctxPairs = L.NewFunction(func(L *lua.LState) int {
		L.Push(lib.ctxNext)
		L.Push(L.CheckTable(1))
		L.Push(lua.LNil)
		return 3
	})
	hidden := map[string]lua.LGFunction{
		luarewrite.Concat: w.luaConcat, luarewrite.SetIndex: w.luaSetIndex, luarewrite.Table: w.luaCtor,
		luarewrite.State: w.luaState, // statewrite.go
		luarewrite.Len:   w.luaLen,   // the rest: cost.go
		luarewrite.LT:    w.luaLT, luarewrite.LE: w.luaLE, luarewrite.GT: w.luaGT, luarewrite.GE: w.luaGE, luarewrite.EQ: w.luaEQ,
	}
	for _, name := range luarewrite.Hidden {
		lib.hidden = append(lib.hidden, L.NewFunction(hidden[name]))
	}
	lib.envMeta = L.CreateTable(0, 3)
	lib.envMeta.RawSetString("__index", L.NewFunction(w.envRead))
	lib.envMeta.RawSetString("__newindex", L.NewFunction(w.envWrite))
	lib.envMeta.RawSetString("__metatable", lua.LFalse)
	return lib
}

func openLib(L *lua.LState, open lua.LGFunction, name string) *lua.LTable {
	L.Push(L.NewFunction(open))
	L.Push(lua.LString(name))
	L.Call(1, 1)
	t, _ := L.Get(-1).(*lua.LTable)
	L.Pop(1)
	return t
}

// hostValues returns the host table contents of kind, building them on first use.
func (lib *library) hostValues(w *Worker, L *lua.LState, kind *Kind) []namedValue {
	if vs, ok := lib.hosts[kind]; ok {
		return vs
	}
	vs := make([]namedValue, len(kind.Host))
	for i := range kind.Host {
		hf := &kind.Host[i]
		name := kind.HostTable + "." + hf.Name
		vs[i] = namedValue{hf.Name, L.NewFunction(func(L *lua.LState) int {
			if w.loading {
				L.RaiseError("%s may only be called while a hook function runs, not at load time", name)
			}
			a := &w.args
			*a = Args{w: w, l: L, fn: hf, name: name}
			w.hostRan = true
			hf.Impl(w.host, a)
			if he, ok := w.host.(HostErr); ok {
				a.Fail(he.Err())
			}
			return a.nret
		})}
	}
	lib.hosts[kind] = vs
	return vs
}

// newTable returns a table holding vs.
func newTable(L *lua.LState, vs []namedValue) *lua.LTable {
	t := L.CreateTable(0, len(vs))
	for _, nv := range vs {
		t.RawSetString(nv.name, nv.v)
	}
	return t
}

// newEnv builds the environment of one script: the base library, its own
// copies of string, table and math, and its own copy of the kind's host table.
func (lib *library) newEnv(w *Worker, L *lua.LState, inst *instance, kind *Kind) *lua.LTable {
	env := L.CreateTable(0, len(lib.base)+8)
	for _, nv := range lib.base {
		env.RawSetString(nv.name, nv.v)
	}
	env.RawSetString("_G", env)
	env.RawSetString("_VERSION", lua.LString(lua.LuaVersion))
	inst.strlib = newTable(L, lib.str)
	env.RawSetString("string", inst.strlib)
	env.RawSetString("table", newTable(L, lib.tbl))
	env.RawSetString("math", newTable(L, lib.math))
	if kind.HostTable != "" {
		env.RawSetString(kind.HostTable, newTable(L, lib.hostValues(w, L, kind)))
	}
	env.Metatable = lib.envMeta
	return env
}

// stringIndex is the string metatable's __index: method lookup in the
// calling script's string table.
func (w *Worker) stringIndex(L *lua.LState) int {
	if w.cur == nil || w.cur.strlib == nil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(w.cur.strlib.RawGet(L.Get(2)))
	return 1
}

// ---- base functions the sandbox replaces ----

func (w *Worker) basePairs(L *lua.LState) int {
	t := L.CheckTable(1)
	if mm := L.GetMetaField(t, "__pairs"); mm != lua.LNil {
		L.Push(mm)
		L.Push(t)
		L.Call(1, 3)
		return 3
	}
	L.Push(w.lib.next)
	L.Push(t)
	L.Push(lua.LNil)
	return 3
}

// ctxWrite is the __newindex of ctx tables.
func ctxWrite(L *lua.LState) int {
	L.RaiseError("ctx is read-only (assignment to ctx.%s)", lua.LVAsString(L.Get(2)))
	return 0
}

// ctxNext iterates a ctx table's fields without handing the field table
// itself to the script (which could then write to it).
func ctxNext(L *lua.LState) int {
	fields, ok := L.GetMetaField(L.CheckTable(1), "__index").(*lua.LTable)
	if !ok {
		return 0
	}
	k, v := fields.Next(L.Get(2))
	if k == lua.LNil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(k)
	L.Push(v)
	return 2
}

func (w *Worker) basePrint(L *lua.LState) int {
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(w.tostring(L, L.Get(i)))
	}
	text := b.String()
	w.charge(L, int64(len(text)))
	if w.print != nil && w.cur != nil {
		line := 0
		if dbg, ok := L.GetStack(1); ok {
			if _, err := L.GetInfo("l", dbg, lua.LNil); err == nil {
				line = dbg.CurrentLine
			}
		}
		h := w.cur.hook
		w.print(Print{Script: h.Origin(), Line: line, Kind: h.Kind().Name, ID: h.ID(), Text: text})
	}
	return 0
}

func (w *Worker) baseTostring(L *lua.LState) int {
	L.Push(lua.LString(w.tostring(L, L.CheckAny(1))))
	return 1
}

// tostring converts v as Lua's tostring does, except that tables, functions
// and userdata print as their type name: their addresses differ from run to
// run, and a script could use them as a source of randomness.
func (w *Worker) tostring(L *lua.LState, v lua.LValue) string {
	switch v := v.(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return v.String()
	case lua.LBool:
		if v {
			return "true"
		}
		return "false"
	}
	if v == lua.LNil {
		return "nil"
	}
	if mm := L.GetMetaField(v, "__tostring"); mm != lua.LNil {
		L.Push(mm)
		L.Push(v)
		L.Call(1, 1)
		r := L.Get(-1)
		L.Pop(1)
		switch r := r.(type) {
		case lua.LString:
			return string(r)
		case lua.LNumber:
			return r.String()
		}
		L.RaiseError("'__tostring' must return a string")
	}
	return v.Type().String()
}

// baseRawget is rawget, charged for hashing a string key.
func (w *Worker) baseRawget(L *lua.LState) int {
	t, k := L.CheckTable(1), L.CheckAny(2)
	if s, ok := k.(lua.LString); ok {
		w.touch(L, len(s))
	}
	L.Push(t.RawGet(k))
	return 1
}

// baseTonumber is gopher-lua's tonumber, charged for the string it reads.
func (w *Worker) baseTonumber(L *lua.LState) int {
	if s, ok := L.Get(1).(lua.LString); ok {
		w.touch(L, len(s))
	}
	return w.lib.tonumber(L)
}

func (w *Worker) baseRawset(L *lua.LState) int {
	t := L.CheckTable(1)
	k, v := L.CheckAny(2), L.CheckAny(3)
	checkKey(L, k)
	if !w.loading && w.cur != nil && t == w.cur.env {
		L.RaiseError("%s", luarewrite.StateWriteMessage(lua.LVAsString(k), false))
	}
	if w.guardWrite(L, t, k, v) {
		t.RawSet(k, v)
	}
	L.SetTop(1)
	return 1
}

// maxResults bounds how many values unpack may return, as C Lua's stack
// limit does.
const maxResults = luastring.MaxResults

func (w *Worker) baseUnpack(L *lua.LState) int {
	t := L.CheckTable(1)
	i := L.OptInt(2, 1)
	j := 0
	if L.Get(3) == lua.LNil {
		j = w.tableLen(L, t)
	} else {
		j = L.CheckInt(3)
	}
	if i > j {
		return 0
	}
	n := int64(j) - int64(i) + 1
	if n > maxResults {
		L.RaiseError("too many results to unpack (%d)", n)
	}
	w.charge(L, n*slotBytes)
	w.scan(L, int(n))
	for k := i; k <= j; k++ {
		L.Push(t.RawGetInt(k))
	}
	return int(n)
}

// checkKey rejects the keys Lua rejects.
func checkKey(L *lua.LState, k lua.LValue) {
	if k == lua.LNil {
		L.RaiseError("table index is nil")
	}
	if n, ok := k.(lua.LNumber); ok && math.IsNaN(float64(n)) {
		L.RaiseError("table index is NaN")
	}
}

// ---- math ----

func (w *Worker) mathRandom(L *lua.LState) int {
	if w.rng == nil {
		L.RaiseError("math.random: the engine gave this worker no random source")
	}
	switch L.GetTop() {
	case 0:
		L.Push(lua.LNumber(w.rng.Float64()))
	case 1:
		m := L.CheckInt(1)
		if m < 1 {
			L.ArgError(1, "interval is empty")
		}
		L.Push(lua.LNumber(1 + w.rng.Int64N(int64(m))))
	case 2:
		lo, hi := L.CheckInt(1), L.CheckInt(2)
		if lo > hi {
			L.ArgError(2, "interval is empty")
		}
		L.Push(lua.LNumber(int64(lo) + int64(w.rng.Uint64N(uint64(hi-lo)+1))))
	default:
		L.RaiseError("wrong number of arguments")
	}
	return 1
}

// mathRandomseed accepts a seed and ignores it: the game owns the seed, and
// a script reseeding the game's stream would change every later draw.
func mathRandomseed(*lua.LState) int { return 0 }

// ---- memory accounting ----

// Estimated sizes charged against Limits.MaxAllocBytes.
const (
	slotBytes = 16 // one array slot or stack value
	keyBytes  = 64 // one new hash key with its bookkeeping
)

// charge counts n bytes against the call's memory budget, and against the
// game's (see gamemem.go).
func (w *Worker) charge(L *lua.LState, n int64) {
	w.alloc += n
	if w.alloc > w.limits.MaxAllocBytes {
		w.raiseLimit(L, LimitMemory, fmt.Sprintf("memory limit exceeded (%d bytes per call)", w.limits.MaxAllocBytes))
	}
	w.game.since += n
	if w.game.since > w.game.next {
		w.checkGame(L)
	}
}

// checkLen stops a string function from building a result longer than the
// string limit, before it builds it, and charges the bytes.
func (w *Worker) checkLen(L *lua.LState, n int, what string) {
	if n > w.limits.MaxStringLen || n < 0 {
		w.raiseLimit(L, LimitMemory, fmt.Sprintf("%s: result too long (%d bytes; the limit is %d)", what, n, w.limits.MaxStringLen))
	}
	w.charge(L, int64(n))
}

// steps counts work done in Go on the script's behalf against the
// instruction budget, so a loop in a library function is bounded like a loop
// in Lua.
func (w *Worker) steps(L *lua.LState, n int64) {
	d := &w.wd
	d.n += n
	if d.n >= d.next && d.slow() {
		L.RaiseError("%s", d.Err().Error())
	}
}

func (w *Worker) raiseLimit(L *lua.LState, lim Limit, msg string) {
	w.limitHit, w.limitMsg = lim, msg
	L.RaiseError("%s", msg)
}

// arrayLenFunc returns the length of a table's array part. gopher-lua grows
// the array part up to any integer key written (t[n] = v appends n slots in
// one step), but does not export its length; reading the unexported slice
// length through reflection is the only O(1) way to learn how much a write
// would grow it. TestArrayLenReflection guards the field against a
// gopher-lua upgrade.
func arrayLenFunc() func(*lua.LTable) int {
	f, ok := reflect.TypeFor[lua.LTable]().FieldByName("array")
	if !ok || f.Type.Kind() != reflect.Slice {
		// Slower and approximate (it stops at trailing nils), but safe.
		return func(t *lua.LTable) int { return t.MaxN() }
	}
	idx := f.Index
	return func(t *lua.LTable) int { return reflect.ValueOf(t).Elem().FieldByIndex(idx).Len() }
}

// guardWrite checks a write of v to t[k] before it happens: an integer key
// may grow t's array part only up to Limits.MaxArrayLen, and the growth and
// new hash keys are charged to the budgets. It reports false for a write
// that must not reach gopher-lua: storing nil beyond the end of the array
// part, which in Lua changes nothing but which gopher-lua performs by
// appending nil slots up to the key.
func (w *Worker) guardWrite(L *lua.LState, t *lua.LTable, k, v lua.LValue) bool {
	if s, ok := k.(lua.LString); ok {
		w.touch(L, len(s)) // hashed to find its slot
	}
	if n, ok := k.(lua.LNumber); ok {
		f := float64(n)
		if f >= 1 && f == math.Trunc(f) && f < float64(lua.MaxArrayIndex) {
			idx := int(f)
			have := w.arrayLen(t)
			if idx <= have {
				return true
			}
			if v == lua.LNil {
				return false
			}
			if idx > w.limits.MaxArrayLen {
				w.raiseLimit(L, LimitMemory, fmt.Sprintf("table index %d is beyond the array limit (%d)", idx, w.limits.MaxArrayLen))
			}
			w.charge(L, int64(idx-have)*slotBytes)
			return true
		}
	}
	if v != lua.LNil && t.RawGet(k) == lua.LNil {
		w.charge(L, keyBytes)
		w.steps(L, newKeyCost)
	}
	return true
}

// ---- the hidden functions rewritten code calls (engine/plugin/luarewrite) ----

// What work done in Go counts against the instruction budget. A helper
// call costs several VM instructions' time and adding a key to a large
// gopher-lua table (three maps and a slice) dozens; weighing them keeps the
// deterministic budget, not the deadline, the limit that stops a loop of
// them.
const (
	helperCost = 4
	newKeyCost = 32
)

// luaSetIndex performs obj[key] = value for an assignment whose key is
// computed (see engine/plugin/luarewrite), with guardWrite first.
func (w *Worker) luaSetIndex(L *lua.LState) int {
	w.steps(L, helperCost)
	obj, k, v := L.Get(1), L.Get(2), L.Get(3)
	if t, ok := obj.(*lua.LTable); ok && !w.guardWrite(L, t, k, v) && L.GetMetaField(t, "__newindex") == lua.LNil {
		return 0 // nil into an absent slot: nothing to do
	}
	L.SetTable(obj, k, v)
	return 0
}

// luaCtor completes a table constructor whose computed keys were moved out
// of it: (table)(t, k1, v1, k2, v2, …) sets each pair and returns t.
func (w *Worker) luaCtor(L *lua.LState) int {
	w.steps(L, helperCost)
	t := L.CheckTable(1)
	top := L.GetTop()
	for i := 2; i+1 <= top; i += 2 {
		k, v := L.Get(i), L.Get(i+1)
		checkKey(L, k)
		if w.guardWrite(L, t, k, v) {
			t.RawSet(k, v)
		}
	}
	L.SetTop(1)
	return 1
}

// luaConcat performs a .. b .. c (see engine/plugin/luarewrite): the length of the
// result is checked before it is built, because a doubling loop reaches
// gigabytes in thirty steps.
func (w *Worker) luaConcat(L *lua.LState) int {
	w.steps(L, helperCost)
	top := L.GetTop()
	total, plain := 0, true
	for i := 1; i <= top; i++ {
		switch v := L.Get(i).(type) {
		case lua.LString:
			total += len(v)
		case lua.LNumber:
			total += 24 // the longest formatted float64
		default:
			plain = false
		}
	}
	if plain {
		if total > w.limits.MaxStringLen {
			// Numbers were estimated; measure them before failing.
			total = 0
			for i := 1; i <= top; i++ {
				total += len(lua.LVAsString(L.Get(i)))
			}
		}
		w.checkLen(L, total, "concatenation")
		w.touch(L, total)
		var b strings.Builder
		b.Grow(total)
		for i := 1; i <= top; i++ {
			b.WriteString(lua.LVAsString(L.Get(i)))
		}
		L.Push(lua.LString(b.String()))
		return 1
	}
	// With metamethods Lua concatenates from the right, pairwise.
	rhs := L.Get(top)
	for i := top - 1; i >= 1; i-- {
		rhs = w.concat2(L, L.Get(i), rhs)
	}
	L.Push(rhs)
	return 1
}

// isStrNum is luastring.IsStrNum.
func isStrNum(v lua.LValue) bool { return luastring.IsStrNum(v) }

func (w *Worker) concat2(L *lua.LState, a, b lua.LValue) lua.LValue {
	if isStrNum(a) && isStrNum(b) {
		sa, sb := lua.LVAsString(a), lua.LVAsString(b)
		w.checkLen(L, len(sa)+len(sb), "concatenation")
		w.touch(L, len(sa)+len(sb))
		return lua.LString(sa + sb)
	}
	mm := L.GetMetaField(a, "__concat")
	if mm == lua.LNil {
		mm = L.GetMetaField(b, "__concat")
	}
	if f, ok := mm.(*lua.LFunction); ok {
		L.Push(f)
		L.Push(a)
		L.Push(b)
		L.Call(2, 1)
		r := L.Get(-1)
		L.Pop(1)
		return r
	}
	bad := a
	if isStrNum(a) {
		bad = b
	}
	L.RaiseError("attempt to concatenate a %s value", bad.Type())
	return lua.LNil
}

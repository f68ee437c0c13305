package plugin

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"

	lua "github.com/yuin/gopher-lua"
)

// Sig is the Go calling convention of one function of a kind: C is the Go
// type of its ctx, H the host interface the engine passes, R the result.
// fill writes a C into the hook's reusable Lua ctx table; read turns the Lua
// return values into an R. Go hooks receive the C and H directly and return
// the R, so both providers sit behind the same Call.
//
// Engines declare their Sigs once, next to their Kinds, as package-level
// values.
type Sig[C, H, R any] struct {
	kind  *Kind
	fn    int
	name  string
	nret  int
	fill  func(t *Table, ctx *C)
	read  func(r Results) (R, error)
	check func(r R) error
}

// NewSig declares the calling convention of the function fn of kind. It reads
// exactly len(Returns) results. check, if not nil, validates the result of
// either provider, so a Go hook and a Lua hook breaking the same contract
// fail the same way. NewSig panics if kind has no function fn: that is a
// mistake in a declaration, found the first time the program starts.
func NewSig[C, H, R any](kind *Kind, fn string, fill func(t *Table, ctx *C), read func(r Results) (R, error), check func(r R) error) *Sig[C, H, R] {
	i := kind.Func(fn)
	if i < 0 {
		panic(fmt.Sprintf("plugin.NewSig: kind %s has no function %q", kind.Name, fn))
	}
	return &Sig[C, H, R]{kind: kind, fn: i, name: fn, nret: len(kind.Funcs[i].Returns), fill: fill, read: read, check: check}
}

// Kind returns the kind whose function s calls.
func (s *Sig[C, H, R]) Kind() *Kind { return s.kind }

// GoFunc is one function of a Go hook; make it with GoFn so its Go type
// matches the Sig that will call it.
type GoFunc struct {
	kind *Kind
	fn   int
	impl any
}

// GoFn binds a Go function to the function of a kind that s calls.
func GoFn[C, H, R any](s *Sig[C, H, R], f func(ctx *C, host H) (R, error)) GoFunc {
	return GoFunc{kind: s.kind, fn: s.fn, impl: f}
}

// Call runs the function s names of the hook ref on w with the inputs ctx
// and the host of this call. A failure of the hook is an *Error naming the
// script, line, kind and id; misuse (a Ref of another registry or kind, a
// call while another is in progress on w) is a plain error.
func Call[C, H, R any](w *Worker, s *Sig[C, H, R], ref Ref, ctx *C, host H) (R, error) {
	var zero R
	inst := w.ready(ref, s.kind)
	if inst == nil {
		var err error
		if inst, err = w.enterSlow(ref, s.kind); err != nil {
			return zero, err
		}
	}
	if inst.goFns != nil {
		return callGo(s, inst, ctx, host)
	}
	if inst.runs(s.fn) {
		// Compiled code checks the host's error (HostErr) after each host
		// function it calls and ends the call there; it has no pcall, so
		// nothing is left to ask once it returns.
		var r R
		var rerr error
		if s.fill != nil {
			s.fill(&inst.ctx, ctx)
		}
		if nums := inst.code.Plain(s.fn); nums != nil {
			// Code that calls nothing and cannot fail needs none of the
			// worker's bookkeeping.
			r, rerr = s.read(Results{nums: nums, n: s.nret})
		} else {
			he, _ := any(host).(HostErr)
			w.beginFast(inst, host, he)
			res, err := inst.code.Run(s.fn)
			if err != nil {
				return zero, err
			}
			res.n = s.nret
			r, rerr = s.read(res)
			w.leave()
		}
		// finish, inlined for a call that succeeds.
		if rerr == nil && s.check != nil {
			rerr = s.check(r)
		}
		if rerr == nil {
			return r, nil
		}
		return s.finish(inst, inst.fns[s.fn], r, rerr, nil)
	}
	fn := inst.fns[s.fn]
	if fn == nil {
		return zero, inst.errorf(s.name, "does not define function %s", s.name)
	}
	if s.fill != nil {
		s.fill(&inst.ctx, ctx)
	}
	inst.ctx.flush()
	inst.ctx.check()
	w.begin(inst, host)
	L := w.ls
	L.Push(fn)
	L.Push(inst.ctx.proxy)
	if err := L.PCall(1, s.nret, nil); err != nil {
		return zero, w.fail(inst, s.name, err)
	}
	r, rerr := s.read(Results{l: L, n: s.nret})
	L.Pop(s.nret)
	w.leave()
	// Each host function the script called checked the host's error, but
	// the script may have caught that failure with pcall.
	var he HostErr
	if w.hostRan {
		he, _ = any(host).(HostErr)
	}
	return s.finish(inst, fn, r, rerr, he)
}

// Defines reports whether the hook ref defines the function s calls (for
// optional functions): Worker.Exports for a Sig, without looking the
// function up by name.
func Defines[C, H, R any](w *Worker, s *Sig[C, H, R], ref Ref) (bool, error) {
	inst, err := w.enter(ref, s.kind)
	if err != nil {
		return false, err
	}
	if inst.goFns != nil {
		return inst.goFns[s.fn] != nil, nil
	}
	return inst.fns[s.fn] != nil, nil
}

// finish checks the result r of a Lua hook (rerr: the error reading it) and
// the host's recorded failure, if it records them.
func (s *Sig[C, H, R]) finish(inst *instance, fn *lua.LFunction, r R, rerr error, he HostErr) (R, error) {
	var zero R
	if rerr == nil && s.check != nil {
		rerr = s.check(r)
	}
	if rerr != nil {
		e := inst.errorf(s.name, "%v", rerr)
		e.Line = fn.Proto.LineDefined
		placeError(inst.hook, e)
		return zero, e
	}
	// A failure the script caught with pcall still fails the hook.
	if he != nil {
		if err := he.Err(); err != nil {
			e := inst.errorf(s.name, "%v", err)
			e.Err = err
			return zero, e
		}
	}
	return r, nil
}

func callGo[C, H, R any](s *Sig[C, H, R], inst *instance, ctx *C, host H) (R, error) {
	var zero R
	impl := inst.goFns[s.fn]
	if impl == nil {
		return zero, inst.errorf(s.name, "does not define function %s", s.name)
	}
	f, ok := impl.(func(*C, H) (R, error))
	if !ok {
		return zero, inst.errorf(s.name, "Go function has type %T, want %T", impl, f)
	}
	r, err := f(ctx, host)
	if he, ok := any(host).(HostErr); ok && err == nil {
		err = he.Err()
	}
	if err != nil {
		e := inst.errorf(s.name, "%v", err)
		e.Err = err
		return zero, e
	}
	if s.check != nil {
		if err := s.check(r); err != nil {
			return zero, inst.errorf(s.name, "%v", err)
		}
	}
	return r, nil
}

// Table is the reusable ctx table of one hook on one worker. A Sig's fill
// function writes a call's inputs into it by field index (the position in
// Kind.Ctx).
//
// The values are kept in Go; the Lua table of fields is written only before
// a call that runs on the VM (flush), and only the fields that changed
// since, so a hook on the fast path (engine/plugin/compiled) reads its ctx without any
// gopher-lua table write or boxing.
//
// On the VM the script gets an empty, read-only proxy whose __index is the
// table of fields, so:
//   - each hook has its own ctx, and a script that tries to scribble on it
//     fails, so it can influence neither another mod nor its own next call;
//   - the table is reused, so a call allocates nothing for it;
//   - because no script can write the fields, Table knows what the Lua
//     table holds, and a field whose value did not change costs a
//     comparison instead of a gopher-lua table write (two map operations).
type Table struct {
	proxy *lua.LTable // what the script sees
	t     *lua.LTable // the fields
	mt    *lua.LTable
	vals  []Value // by field index: the current values
	lua   []Value // by field index: what t holds (nil: not written yet)
	kind  *Kind
	inst  *instance
	w     *Worker
}

func (w *Worker) newCtx(inst *instance, kind *Kind, code Code) Table {
	L := w.ls
	fields := L.CreateTable(0, len(kind.Ctx))
	mt := L.CreateTable(0, 4)
	mt.RawSetString("__index", fields)
	mt.RawSetString("__newindex", w.lib.ctxWrite)
	mt.RawSetString("__pairs", w.lib.ctxPairs)
	mt.RawSetString("__metatable", lua.LFalse)
	// Compiled code reads the fields from its own array (Code.Slots).
	vals := make([]Value, len(kind.Ctx))
	if code != nil {
		vals = code.Slots()[:len(kind.Ctx)]
	}
	t := Table{t: fields, mt: mt, vals: vals, lua: make([]Value, len(kind.Ctx)), kind: kind, inst: inst, w: w}
	t.newProxy()
	return t
}

func (t *Table) newProxy() {
	t.proxy = t.w.ls.NewTable()
	t.proxy.Metatable = t.mt
}

// check replaces the proxy if the script stored into it with rawset,
// which would shadow fields in its next call.
func (t *Table) check() {
	if k, _ := t.proxy.Next(lua.LNil); k != lua.LNil {
		t.newProxy()
	}
}

// flush writes the fields that changed since the last flush into the Lua
// table, in field order. A number changing between 0 and -0 counts as a
// change, so the VM sees exactly the value the fast path would.
func (t *Table) flush() {
	for i := range t.vals {
		v := &t.vals[i]
		if identical(*v, t.lua[i]) {
			continue
		}
		t.t.RawSetString(t.kind.Ctx[i].Name, v.luaValue(t.inst, t.w.ls))
		t.lua[i] = *v
	}
}

// Number sets field i to v.
func (t *Table) Number(i int, v float64) {
	// Field by field: a number's pointer is nil, and storing one only
	// when it is not spares the write barrier.
	x := &t.vals[i]
	x.K, x.N = VNumber, v
	if x.P != nil {
		x.P = nil
	}
}

// Int sets field i to v.
func (t *Table) Int(i int, v int) { t.Number(i, float64(v)) }

// Ints sets fields i, i+1, … to vs: Int for a run of fields, with one
// bounds check.
func (t *Table) Ints(i int, vs ...int) {
	xs := t.vals[i : i+len(vs)]
	for j, v := range vs {
		x := &xs[j]
		x.K, x.N = VNumber, float64(v)
		if x.P != nil {
			x.P = nil
		}
	}
}

// Bool sets field i to v.
func (t *Table) Bool(i int, v bool) { t.vals[i] = BoolValue(v) }

// String sets field i to v.
func (t *Table) String(i int, v string) { t.vals[i] = StringValue(v) }

// Params sets field i to a plain table holding p. On the VM the table is
// built once per hook and Params value, in name order.
func (t *Table) Params(i int, p *Params) { t.vals[i] = TableValue(p) }

// Results are the values a Lua hook function returned, numbered from 1.
// Missing values are nil.
type Results struct {
	l    *lua.LState // on the VM: the values are on top of l's stack
	vals *[]Value    // on the fast path: the values returned
	// nums are the values register code returned (all numbers), when
	// vals is nil.
	nums *[]float64
	n    int
}

// Len returns how many results were read (len(Func.Returns)).
func (r Results) Len() int { return r.n }

func (r Results) get(i int) lua.LValue {
	if i < 1 || i > r.n {
		return lua.LNil
	}
	return r.l.Get(-r.n + i - 1)
}

// value returns result i on the fast path.
func (r Results) value(i int) Value {
	if r.vals == nil {
		if i < 1 || i > r.n || i > len(*r.nums) {
			return Value{}
		}
		return NumberValue((*r.nums)[i-1])
	}
	if i < 1 || i > r.n || i > len(*r.vals) {
		return Value{}
	}
	return (*r.vals)[i-1]
}

// fast reports whether the results come from the fast path.
func (r Results) fast() bool { return r.vals != nil || r.nums != nil }

// IsNil reports whether result i is nil or missing.
func (r Results) IsNil(i int) bool {
	if r.fast() {
		return r.value(i).K == VNil
	}
	return r.get(i) == lua.LNil
}

// Number returns result i, which must be a finite number or nil (read as 0).
func (r Results) Number(i int) (float64, error) {
	// Register code's finite number, inlined (x-x is 0 for a finite x and
	// NaN otherwise); all else below.
	if ns := r.nums; ns != nil && uint(i-1) < uint(min(r.n, len(*ns))) {
		if x := (*ns)[i-1]; x-x == 0 {
			return x, nil
		}
	}
	return r.number(i)
}

func (r Results) number(i int) (float64, error) {
	if vs := r.vals; vs != nil && uint(i-1) < uint(min(r.n, len(*vs))) {
		if v := (*vs)[i-1]; v.K == VNumber && v.N-v.N == 0 {
			return v.N, nil
		}
	}
	if r.fast() {
		switch v := r.value(i); v.K {
		case VNumber:
			if math.IsNaN(v.N) || math.IsInf(v.N, 0) {
				return 0, fmt.Errorf("result %d is %v, want a finite number", i, lua.LNumber(v.N))
			}
			return v.N, nil
		case VNil:
			return 0, nil
		default:
			return 0, fmt.Errorf("result %d is a %s, want a number", i, v.TypeName())
		}
	}
	switch v := r.get(i).(type) {
	case lua.LNumber:
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return 0, fmt.Errorf("result %d is %v, want a finite number", i, v)
		}
		return float64(v), nil
	default:
		if v == lua.LNil {
			return 0, nil
		}
		return 0, fmt.Errorf("result %d is a %s, want a number", i, v.Type())
	}
}

// Bool returns result i, which must be a boolean.
func (r Results) Bool(i int) (bool, error) {
	if r.fast() {
		v := r.value(i)
		if v.K == VTrue || v.K == VFalse {
			return v.K == VTrue, nil
		}
		return false, fmt.Errorf("result %d is %s, want true or false", i, v.desc())
	}
	v := r.get(i)
	if b, ok := v.(lua.LBool); ok {
		return bool(b), nil
	}
	return false, fmt.Errorf("result %d is %s, want true or false", i, typeDesc(v))
}

// String returns result i, which must be a string.
func (r Results) String(i int) (string, error) {
	if r.fast() {
		v := r.value(i)
		if v.K == VString {
			return v.Str(), nil
		}
		return "", fmt.Errorf("result %d is %s, want a string", i, v.desc())
	}
	v := r.get(i)
	if s, ok := v.(lua.LString); ok {
		return string(s), nil
	}
	return "", fmt.Errorf("result %d is %s, want a string", i, typeDesc(v))
}

func typeDesc(v lua.LValue) string {
	if v == lua.LNil {
		return "nil"
	}
	return "a " + v.Type().String()
}

// desc is typeDesc for a fast-path value.
func (v Value) desc() string {
	if v.K == VNil {
		return "nil"
	}
	return "a " + v.TypeName()
}

// Params are a hook's numeric parameters from the scenario (for example a
// tech's burn_rounds), prepared once so that each call only passes a
// pointer. Names are kept sorted, so the Lua table is filled and iterated in
// a stable order.
type Params struct {
	names  []string
	values []float64
}

// NewParams copies m.
func NewParams(m map[string]float64) *Params {
	names := slices.Sorted(maps.Keys(m))
	p := &Params{names: names, values: make([]float64, len(names))}
	for i, n := range names {
		p.values[i] = m[n]
	}
	return p
}

// Get returns the parameter called name.
func (p *Params) Get(name string) (float64, bool) {
	if p == nil {
		return 0, false
	}
	if len(p.names) <= 8 {
		// Scenarios give a hook a few parameters: a scan is faster.
		for i, n := range p.names {
			if n == name {
				return p.values[i], true
			}
		}
		return 0, false
	}
	i := sort.SearchStrings(p.names, name)
	if i < len(p.names) && p.names[i] == name {
		return p.values[i], true
	}
	return 0, false
}

// Names returns the parameter names in sorted order.
func (p *Params) Names() []string {
	if p == nil {
		return nil
	}
	return slices.Clone(p.names)
}

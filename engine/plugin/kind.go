package plugin

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Kind declares one kind of hook: the functions a hook of that kind exports,
// the ctx table each of them receives, and the host API the engine offers it
// in a global table. A Kind is the single table from which the Lua binding,
// the Go calling convention (Sig), the build-time checks, the LuaLS stubs and
// docs/lua-api.md are all derived, so they cannot drift apart.
//
// Kinds are declared once by the engine that calls them, as package-level
// values, and must not be modified after a Registry has been created with
// them.
type Kind struct {
	// Name is "game.class", e.g. "mbg.tech"; mod directories hold the
	// kind's scripts under game/class/<id>.lua.
	Name string
	// Doc is a paragraph describing what a hook of this kind does.
	Doc string
	// Ctx lists the fields of the ctx table every function receives, in
	// the order documented. A Sig's fill function writes them by index.
	Ctx []Field
	// Funcs are the global functions a hook of this kind may define.
	Funcs []Func
	// HostTable is the name of the global table holding Host (e.g. "mbg").
	HostTable string
	// Host is the API the engine offers the hook while one of its
	// functions runs.
	Host []HostFunc
}

// Field is a named, typed value: a ctx field, a parameter or a return value.
type Field struct {
	Name string
	// Type is a LuaLS type expression: "number", "integer", "string",
	// "boolean", "table<string, number>", `"slow"|"fast"`, "number?" …
	Type string
	Doc  string
}

// Func is a function a hook exports.
type Func struct {
	Name     string
	Required bool // a hook of the kind is rejected when it does not define it
	Params   []Field
	// Returns are the results the engine reads; a Sig reads exactly
	// len(Returns) values, missing ones being nil.
	Returns []Field
	Doc     string
}

// HostFunc is one function of a kind's host API.
type HostFunc struct {
	Name    string
	Params  []Field
	Returns []Field
	Doc     string
	// Impl performs the call. host is the value the engine passed for the
	// hook call in progress (the kind's host interface); a reads the
	// arguments and takes the results. Impl reports bad arguments with
	// a.Errorf and errors of the host with a.Fail; both end the script's
	// call with a Lua error at the calling line.
	Impl func(host any, a *Args)
	// Fast, if not nil, is a shortcut of Impl for the fast path, for a
	// function whose parameters are integers and enums (such as
	// `"slow"|"fast"`), at most four, and whose results are whole
	// numbers, at most four. When a script passes exactly one valid value
	// per parameter (a whole number Args.Int accepts; one of the enum's
	// strings, given as its index in the type), Fast runs instead of
	// Impl: it stores Impl's results in out and returns how many, and
	// true; or it returns false to have Impl run instead (to report what
	// is wrong, say). It must compute exactly what Impl does, host errors
	// (HostErr) included.
	Fast func(host any, in, out []int) (n int, ok bool)
	// FastInts, if not nil, is Fast for a function whose parameters are
	// integers (at most four) and whose one result is an array of
	// integers ("integer[]"), as register code loops over it with
	// ipairs: given whole numbers Args.Int accepts, it returns Impl's
	// array (which the caller copies before the next host call) and true,
	// or false to have Impl run instead. Host errors as for Fast.
	FastInts func(host any, in []int) (xs []int, ok bool)
	// ReadOnly declares that the function changes nothing: neither the
	// game nor anything a later call could observe (a host error it
	// records aside, which ends the hook's call). A hook function whose
	// host calls are all read-only may run in its numeric form
	// (fasthook.go), which gives the call to the general form, to run it
	// again, whenever it meets what it does not handle.
	ReadOnly bool
	// View, if not nil, lets register code (engine/plugin/compiled) read a read-only
	// function like an array instead of calling it. The function's first
	// parameter is an integer index i, its results integers. Given its
	// other arguments (rest, as Fast takes them; nil when there are
	// none), View returns xs, off and stride such that, for every i ≥ 0
	// with off + i·stride + len(Returns) ≤ len(xs), the call with index i
	// returns xs[off+i·stride:][:len(Returns)] and does not fail. Other
	// indices are called through Fast. ok false declines: every call
	// then goes through Fast. Register code asks for a view at a call's
	// first read through it (and again when rest changes) and reads it
	// until the call ends, so the view must hold while nothing changes
	// the game. View requires ReadOnly and Fast.
	View func(host any, rest []int) (xs []int, off, stride int, ok bool)
}

// Func returns the index of the function called name in k.Funcs, or -1.
func (k *Kind) Func(name string) int {
	for i := range k.Funcs {
		if k.Funcs[i].Name == name {
			return i
		}
	}
	return -1
}

var (
	kindNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$`)
	identRE    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// luaKeywords cannot be used as names of functions, fields or tables.
var luaKeywords = []string{
	"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto",
	"if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
}

func isIdent(s string) bool {
	if !identRE.MatchString(s) {
		return false
	}
	for _, k := range luaKeywords {
		if s == k {
			return false
		}
	}
	return true
}

// validate reports every problem of a kind declaration at once.
func (k *Kind) validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("kind %q: "+format, append([]any{k.Name}, args...)...))
	}
	if !kindNameRE.MatchString(k.Name) {
		bad("name must look like game.class (lowercase)")
	}
	if strings.TrimSpace(k.Doc) == "" {
		bad("missing Doc")
	}
	if len(k.Funcs) == 0 {
		bad("declares no functions")
	}
	checkFields := func(what string, fs []Field) {
		seen := map[string]bool{}
		for _, f := range fs {
			if !isIdent(f.Name) {
				bad("%s: %q is not a Lua name", what, f.Name)
			}
			if seen[f.Name] {
				bad("%s: %q declared twice", what, f.Name)
			}
			seen[f.Name] = true
			if f.Type == "" {
				bad("%s %q: missing Type", what, f.Name)
			}
		}
	}
	checkFields("ctx", k.Ctx)
	names := map[string]bool{}
	for _, f := range k.Funcs {
		if !isIdent(f.Name) || names[f.Name] {
			bad("function %q: not a Lua name or declared twice", f.Name)
		}
		names[f.Name] = true
		if isReservedGlobal(f.Name) || f.Name == k.HostTable {
			bad("function %q would shadow a library global", f.Name)
		}
		if strings.TrimSpace(f.Doc) == "" {
			bad("function %q: missing Doc", f.Name)
		}
		checkFields("function "+f.Name+" params", f.Params)
		checkFields("function "+f.Name+" returns", f.Returns)
	}
	if len(k.Host) > 0 || k.HostTable != "" {
		if !isIdent(k.HostTable) || isReservedGlobal(k.HostTable) {
			bad("host table %q is not a Lua name or shadows a library global", k.HostTable)
		}
	}
	hosts := map[string]bool{}
	for _, h := range k.Host {
		if !isIdent(h.Name) || hosts[h.Name] {
			bad("host function %q: not a Lua name or declared twice", h.Name)
		}
		hosts[h.Name] = true
		if h.Impl == nil {
			bad("host function %q: missing Impl", h.Name)
		}
		if strings.TrimSpace(h.Doc) == "" {
			bad("host function %q: missing Doc", h.Name)
		}
		checkFields("host function "+h.Name+" params", h.Params)
		checkFields("host function "+h.Name+" returns", h.Returns)
		if h.FastInts != nil && !h.MayFastInts() {
			bad("host function %q: FastInts needs integer parameters (at most %d) and one integer[] result", h.Name, MaxFastArgs)
		}
		if h.View != nil && !h.MayView() {
			bad("host function %q: View needs ReadOnly, Fast, an integer first parameter and integer results", h.Name)
		}
	}
	return errors.Join(errs...)
}

// MaxFastArgs bounds the arguments and results of HostFunc.Fast and the
// parameters of HostFunc.FastInts.
const MaxFastArgs = 4

// MayFastInts reports whether h's signature allows a FastInts: integer
// parameters (at most MaxFastArgs) and one integer[] result.
func (h HostFunc) MayFastInts() bool {
	if len(h.Params) > MaxFastArgs || len(h.Returns) != 1 || h.Returns[0].Type != "integer[]" {
		return false
	}
	for _, p := range h.Params {
		if p.Type != "integer" {
			return false
		}
	}
	return true
}

// MayView reports whether h allows a View: read-only, with Fast, an integer
// first parameter and integer results.
func (h HostFunc) MayView() bool {
	if !h.ReadOnly || h.Fast == nil || len(h.Params) == 0 || h.Params[0].Type != "integer" || len(h.Returns) == 0 {
		return false
	}
	for _, r := range h.Returns {
		if r.Type != "integer" {
			return false
		}
	}
	return true
}

// Args gives a host function's Impl its arguments and takes its results.
// Arguments are numbered from 1 as in Lua. The checking getters are strict
// (no string-to-number coercion, integers must be whole, numbers finite)
// because a script's mistake is better reported at its line than turned into
// odd game state.
//
// The same Args serve both ways of running a hook: on the Lua VM the
// arguments and results live on the Lua stack; on compiled code (see
// engine/plugin/compiled) they are Go values, and errors end the compiled call instead of
// raising a Lua error. Impl cannot tell the difference.
type Args struct {
	w    *Worker
	l    *lua.LState
	fn   *HostFunc
	name string // "mbg.burn", for messages
	nret int

	// The fast path: arguments and results as Go values.
	fast   bool
	in     []Value
	out    []Value
	arrays bool // the call's results feed the ipairs of a for loop
}

// N returns the number of arguments passed.
func (a *Args) N() int {
	if a.fast {
		return len(a.in)
	}
	return a.l.GetTop()
}

// arg returns argument i on the fast path (nil when missing).
func (a *Args) arg(i int) Value {
	if i >= 1 && i <= len(a.in) {
		return a.in[i-1]
	}
	return Value{}
}

// number returns argument i if it is a number.
func (a *Args) number(i int) (float64, bool) {
	if a.fast {
		v := a.arg(i)
		return v.N, v.K == VNumber
	}
	n, ok := a.l.Get(i).(lua.LNumber)
	return float64(n), ok
}

func (a *Args) paramName(i int) string {
	if i >= 1 && i <= len(a.fn.Params) {
		return " '" + a.fn.Params[i-1].Name + "'"
	}
	return ""
}

// argError reports that argument i is not what Impl wants.
func (a *Args) argError(i int, want string) {
	var desc string
	if a.fast {
		v := a.arg(i)
		desc = v.TypeName()
		if v.K == VNumber {
			desc = "number " + lua.LNumber(v.N).String()
		}
	} else {
		got := a.l.Get(i)
		desc = got.Type().String()
		if n, ok := got.(lua.LNumber); ok {
			desc = "number " + n.String()
		}
	}
	a.Errorf("bad argument #%d%s: %s expected, got %s", i, a.paramName(i), want, desc)
}

// Int returns argument i, which must be a whole number.
func (a *Args) Int(i int) int {
	// The fast path's whole number, inlined: the comparisons fail for a
	// NaN, and float64(int64(f)) == f for a whole f within ±2^53.
	if a.fast && uint(i-1) < uint(len(a.in)) {
		if v := a.in[i-1]; v.K == VNumber && v.N >= -(1<<53) && v.N <= 1<<53 && float64(int64(v.N)) == v.N {
			return int(v.N)
		}
	}
	return a.intSlow(i)
}

func (a *Args) intSlow(i int) int {
	f, ok := a.number(i)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		a.argError(i, "integer")
	}
	return int(f)
}

// Number returns argument i, which must be a finite number.
func (a *Args) Number(i int) float64 {
	f, ok := a.number(i)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
		a.argError(i, "finite number")
	}
	return f
}

// String returns argument i, which must be a string.
func (a *Args) String(i int) string {
	var s string
	var ok bool
	if a.fast {
		if v := a.arg(i); v.K == VString {
			s, ok = v.Str(), true
		}
	} else {
		var ls lua.LString
		ls, ok = a.l.Get(i).(lua.LString)
		s = string(ls)
	}
	if !ok {
		a.argError(i, "string")
	}
	return s
}

// Enum returns argument i, which must be one of the allowed strings.
func (a *Args) Enum(i int, allowed ...string) string {
	s := a.String(i)
	for _, x := range allowed {
		if s == x {
			return s
		}
	}
	a.Errorf("bad argument #%d%s: expected %s, got %q", i, a.paramName(i), quoteList(allowed), s)
	return ""
}

// Bool returns argument i, which must be a boolean.
func (a *Args) Bool(i int) bool {
	var b, ok bool
	if a.fast {
		v := a.arg(i)
		b, ok = v.K == VTrue, v.K == VTrue || v.K == VFalse
	} else {
		var lb lua.LBool
		lb, ok = a.l.Get(i).(lua.LBool)
		b = bool(lb)
	}
	if !ok {
		a.argError(i, "boolean")
	}
	return b
}

// ReturnNumber adds a number result.
func (a *Args) ReturnNumber(v float64) {
	if a.fast {
		a.out = append(a.out, NumberValue(v))
	} else {
		a.l.Push(lua.LNumber(v))
	}
	a.nret++
}

// ReturnInts adds a result that is a new array of the integers xs. On the
// fast path, only a call whose results feed the ipairs of a for loop can
// receive one (see engine/plugin/compiled); it gets a copy of xs.
func (a *Args) ReturnInts(xs []int) {
	if a.fast {
		if !a.arrays {
			a.raise(a.name + ": returns a table, which the fast path cannot hold")
		}
		a.out = append(a.out, a.w.rt.IntsValue(xs))
		a.nret++
		return
	}
	// The table is the script's: it counts against its memory budgets.
	a.w.charge(a.l, int64(len(xs))*slotBytes+keyBytes)
	t := a.l.CreateTable(len(xs), 0)
	for _, x := range xs {
		t.Append(lua.LNumber(x))
	}
	a.l.Push(t)
	a.nret++
}

// IntIn returns argument i, which must be an integer between lo and hi.
func (a *Args) IntIn(i, lo, hi int) int {
	n := a.Int(i)
	if n < lo || n > hi {
		a.Errorf("bad argument #%d%s: must be between %d and %d, got %d", i, a.paramName(i), lo, hi, n)
	}
	return n
}

// MaxRounds bounds status lengths and durations a script may ask for;
// longer ones are certainly mistakes (a game has far fewer rounds and
// turns).
const MaxRounds = 1_000_000

// Rounds returns argument i, a whole number of rounds or turns between 0
// and MaxRounds.
func (a *Args) Rounds(i int) int { return a.IntIn(i, 0, MaxRounds) }

// RoundsOK reports whether Args.Rounds accepts n (for HostFunc.Fast
// shortcuts, which must decline what Impl would refuse).
func RoundsOK(n int) bool { return n >= 0 && n <= MaxRounds }

// HostAs returns the host of the call in progress as the kind's host
// interface H. A mismatch is a bug in an engine (it called a kind's function
// with another kind's host), reported as a script error rather than a panic.
func HostAs[H any](a *Args, host any) H {
	h, ok := host.(H)
	if !ok {
		var want *H
		a.Errorf("engine passed host %T, which does not implement %T", host, want)
	}
	return h
}

// ReturnBool adds a boolean result.
func (a *Args) ReturnBool(v bool) {
	if a.fast {
		a.out = append(a.out, BoolValue(v))
	} else {
		a.l.Push(lua.LBool(v))
	}
	a.nret++
}

// ReturnString adds a string result.
func (a *Args) ReturnString(v string) {
	if a.fast {
		a.out = append(a.out, StringValue(v))
	} else {
		a.l.Push(lua.LString(v))
	}
	a.nret++
}

// Errorf ends the script's call with an error at the calling line, prefixed
// with the host function's name. It does not return.
func (a *Args) Errorf(format string, args ...any) {
	a.raise(a.name + ": " + fmt.Sprintf(format, args...))
}

// Fail ends the script's call with err, a failure reported by the host, if
// err is not nil. The *Error the caller gets wraps err (errors.Is/As work)
// unless the script caught the error with pcall and failed otherwise.
func (a *Args) Fail(err error) {
	if err == nil {
		return
	}
	msg := a.name + ": " + err.Error()
	a.w.hostErr, a.w.hostErrMsg = err, msg
	a.raise(msg)
}

// raise ends the call with msg: a Lua error on the VM, a hostPanic on the
// fast path (which the compiled call turns into an *Error at the line of
// the host call).
func (a *Args) raise(msg string) {
	if a.fast {
		panic(HostPanic{msg})
	}
	a.l.RaiseError("%s", msg)
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, " or ")
}

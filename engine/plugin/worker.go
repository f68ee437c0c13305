package plugin

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// Worker runs hooks on one goroutine. It owns one Lua state, in which each
// script is instantiated (its top level run, its functions looked up) the
// first time one of its functions is called, and reused afterwards. A Worker
// must not be used by two goroutines at once; run one per goroutine, each
// with the random source of the game it is playing.
type Worker struct {
	reg    *Registry
	hooks  []Hook
	limits Limits
	print  func(Print)
	rng    *rand.Rand

	ls       *lua.LState
	lib      *library
	insts    []*instance // by Ref index; nil until first used
	arrayLen func(*lua.LTable) int

	// The call in progress.
	busy       bool
	loading    bool // the call in progress runs a script's top level
	cur        *instance
	host       any
	wd         watchdog
	alloc      int64
	game       gameMeter // the game's memory (gamemem.go)
	args       Args
	hostErr    error  // last error a host function reported (Args.Fail)
	hostErrMsg string // and the message it raised
	hostRan    bool   // a host function ran in the VM call in progress
	limitHit   Limit  // last limit raised from Go (memory)
	limitMsg   string // and its message

	noFast bool    // WorkerOptions.NoFastPath
	rt     Runtime // what compiled code borrows (Compiler)
}

// WorkerOptions configure a Worker.
type WorkerOptions struct {
	// Rand is the random source math.random draws from: the game's seeded
	// generator. A worker without one fails scripts that call math.random.
	Rand *rand.Rand
	// Print receives what scripts print; nil discards it.
	Print func(Print)
	// NoFastPath runs every Lua hook on the VM, even those the fast path
	// could run (see doc.go); for tests and benchmarks comparing the two.
	NoFastPath bool
}

// Print is one line a script printed, for the game's event log.
type Print struct {
	Script string
	Line   int
	Kind   string
	ID     string
	Text   string
}

// NewWorker returns a worker for r's hooks. The registry is frozen from now
// on: hooks must be added before the first worker is created.
func (r *Registry) NewWorker(opts WorkerOptions) *Worker {
	hooks := r.freeze()
	w := &Worker{
		reg:      r,
		hooks:    hooks,
		limits:   r.limits,
		print:    opts.Print,
		rng:      opts.Rand,
		arrayLen: arrayLenFunc(),
		noFast:   opts.NoFastPath,
	}
	w.rt = Runtime{w: w, args: Args{w: w, fast: true}}
	w.wd.init(r.limits)
	w.game.reset(r.limits)
	w.newState()
	return w
}

func (w *Worker) newState() {
	w.ls = lua.NewState(lua.Options{
		SkipOpenLibs:     true,
		CallStackSize:    w.limits.MaxCallDepth,
		RegistrySize:     4096,
		RegistryMaxSize:  1 << 16,
		RegistryGrowStep: 1024,
	})
	w.lib = newLibrary(w, w.ls)
	// From here on every VM instruction asks w.wd whether to stop.
	w.ls.SetContext(&w.wd)
	w.insts = make([]*instance, len(w.hooks))
}

// Reset prepares the worker for a new game: hooks start again from fresh
// environments (so nothing a script kept in a global or upvalue leaks from
// one game into the next, whichever worker plays it) and math.random draws
// from rng. Hooks on the fast path, which cannot keep anything, are kept.
func (w *Worker) Reset(rng *rand.Rand) error {
	if w.busy {
		return errors.New("plugin: Reset during a hook call")
	}
	w.rng = rng
	w.game.reset(w.limits)
	for i, inst := range w.insts {
		// A hook on the fast path keeps nothing between calls: no Lua code
		// runs in its environment and its constants were fixed when it was
		// compiled, so it need not be instantiated again (which would cost
		// a fresh environment per game).
		if inst == nil || inst.code == nil || inst.err != nil {
			w.insts[i] = nil
		}
	}
	return nil
}

// Close releases the worker's Lua state.
func (w *Worker) Close() {
	if w.ls != nil {
		w.ls.Close()
		w.ls = nil
		w.insts = nil
	}
}

// Prepare instantiates the given hooks now rather than at their first call,
// so that an error in a script's top level (or a missing required function)
// surfaces when the game is set up.
func (w *Worker) Prepare(refs ...Ref) error {
	var errs []error
	for _, ref := range refs {
		if _, err := w.enter(ref, nil); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Exports reports whether the hook ref defines the function fn of its kind
// (for optional functions).
func (w *Worker) Exports(ref Ref, fn string) (bool, error) {
	inst, err := w.enter(ref, nil)
	if err != nil {
		return false, err
	}
	i := inst.hook.Kind().Func(fn)
	if i < 0 {
		return false, nil
	}
	if inst.goFns != nil {
		return inst.goFns[i] != nil, nil
	}
	return inst.fns[i] != nil, nil
}

// instance is one hook instantiated on one worker.
type instance struct {
	hook Hook
	kind *Kind
	err  *Error // why the script could not be instantiated; returned by every call

	// Lua hooks.
	env    *lua.LTable
	strlib *lua.LTable // the script's string table, for string methods
	fns    []*lua.LFunction
	ctx    Table
	code   Code // the compiled functions, nil to run on the VM
	// compiled: by function, whether code runs it.
	compiled []bool
	// Params tables: the last used, and all others.
	lastParams *Params
	lastTable  *lua.LTable
	params     map[*Params]*lua.LTable
	noParams   *lua.LTable

	// Go hooks.
	goFns []any
}

func (inst *instance) errorf(fn, format string, args ...any) *Error {
	h := inst.hook
	return &Error{Script: h.Origin(), Kind: h.Kind().Name, ID: h.ID(), Func: fn, Message: fmt.Sprintf(format, args...)}
}

// paramsTable returns the Lua table holding p for this hook.
func (inst *instance) paramsTable(L *lua.LState, p *Params) *lua.LTable {
	if p == nil {
		if inst.noParams == nil {
			inst.noParams = L.NewTable()
		}
		return inst.noParams
	}
	if p == inst.lastParams {
		return inst.lastTable
	}
	t, ok := inst.params[p]
	if !ok {
		t = L.CreateTable(0, len(p.names))
		for i, n := range p.names {
			t.RawSetString(n, lua.LNumber(p.values[i]))
		}
		if inst.params == nil {
			inst.params = map[*Params]*lua.LTable{}
		}
		inst.params[p] = t
	}
	inst.lastParams, inst.lastTable = p, t
	return t
}

// enter resolves ref for a call of a kind function (kind nil: any kind),
// instantiating the hook on first use.
func (w *Worker) enter(ref Ref, kind *Kind) (*instance, error) {
	if inst := w.ready(ref, kind); inst != nil {
		return inst, nil
	}
	return w.enterSlow(ref, kind)
}

// ready is enter's common case, small enough to inline: the instance of a
// hook in use, called as its kind (non-nil), or nil. (A closed worker has
// no instances.)
func (w *Worker) ready(ref Ref, kind *Kind) *instance {
	if ref.reg != w.reg || uint(ref.i) >= uint(len(w.insts)) || w.busy {
		return nil
	}
	if inst := w.insts[ref.i]; inst != nil && inst.kind == kind && inst.err == nil {
		return inst
	}
	return nil
}

func (w *Worker) enterSlow(ref Ref, kind *Kind) (*instance, error) {
	if w.busy {
		return nil, errors.New("plugin: hook called while another hook call is in progress on this worker")
	}
	if w.ls == nil {
		return nil, errors.New("plugin: worker is closed")
	}
	if ref.reg != w.reg || ref.i < 0 || ref.i >= len(w.hooks) {
		return nil, errors.New("plugin: hook reference from another registry (or the zero Ref)")
	}
	h := w.hooks[ref.i]
	if kind != nil && h.Kind() != kind {
		return nil, fmt.Errorf("plugin: hook %s %q called as %s", h.Kind().Name, h.ID(), kind.Name)
	}
	inst := w.insts[ref.i]
	if inst == nil {
		inst = &instance{hook: h, kind: h.Kind()}
		if err := h.bind(w, inst); err != nil {
			inst.err = err
		}
		// A panic inside the Lua state replaced it, and with it all
		// instances; keep this one's outcome in the new table.
		w.insts[ref.i] = inst
	}
	if inst.err != nil {
		return nil, inst.err
	}
	return inst, nil
}

// begin starts a call of inst with host.
func (w *Worker) begin(inst *instance, host any) {
	w.busy = true
	w.cur = inst
	w.host = host
	w.wd.reset()
	w.alloc = 0
	w.hostErr, w.hostErrMsg = nil, ""
	w.hostRan = false
	w.limitHit, w.limitMsg = LimitNone, ""
}

// beginFast starts a call of inst's compiled code with host (he: host as a
// HostErr, or nil): begin's bookkeeping less the VM's watchdog and memory
// meter.
func (w *Worker) beginFast(inst *instance, host any, he HostErr) {
	w.busy, w.cur, w.host = true, inst, host
	w.hostErr, w.hostErrMsg = nil, ""
	w.rt.host, w.rt.he = host, he
}

// leave ends the call in progress.
func (w *Worker) leave() {
	w.busy = false
	w.loading = false
	w.cur = nil
	w.host = nil
	w.rt.host, w.rt.he = nil, nil
}

// bindLua instantiates a Lua hook: a fresh environment, the script's top
// level run once, its functions looked up.
func (w *Worker) bindLua(inst *instance, h *LuaHook) *Error {
	L := w.ls
	kind := h.kind
	inst.env = w.lib.newEnv(w, L, inst, kind)
	fn := L.NewFunctionFromProto(h.proto)
	fn.Env = inst.env
	w.begin(inst, nil)
	w.loading = true
	L.Push(fn)
	for _, f := range w.lib.hidden {
		L.Push(f)
	}
	if err := L.PCall(len(w.lib.hidden), 0, nil); err != nil {
		return w.fail(inst, funcLoad, err)
	}
	w.leave()
	inst.fns = make([]*lua.LFunction, len(kind.Funcs))
	for i, f := range kind.Funcs {
		switch v := inst.env.RawGetString(f.Name).(type) {
		case *lua.LFunction:
			inst.fns[i] = v
		default:
			if v != lua.LNil {
				return inst.errorf(funcLoad, "global %s is a %s; a %s hook's %s must be a function", f.Name, v.Type(), kind.Name, f.Name)
			}
			if f.Required {
				return inst.errorf(funcLoad, "does not define the required function %s", f.Name)
			}
		}
	}
	if c := h.compiled(w); c != nil && !w.noFast {
		// Call runs a compiled function for the function itself; should
		// the top level not leave it defined, the VM says so.
		inst.compiled = make([]bool, len(kind.Funcs))
		for i := range kind.Funcs {
			if inst.compiled[i] = c.Defines(i); inst.compiled[i] && inst.fns[i] == nil {
				inst.compiled = nil
				break
			}
		}
		if inst.compiled != nil {
			inst.code = c.Bind(&w.rt)
		}
	}
	inst.ctx = w.newCtx(inst, kind, inst.code)
	return nil
}

// runs reports whether compiled code runs the function fn of inst.
func (inst *instance) runs(fn int) bool {
	return uint(fn) < uint(len(inst.compiled)) && inst.compiled[fn]
}

// placeError finds the columns of the run-time error e of hook h and of
// its traceback's frames in the script's text (errcol.go).
func placeError(h Hook, e *Error) {
	lh, ok := h.(*LuaHook)
	if !ok {
		return
	}
	e.Column = runtimeColumn(lh.src, e.Line, e.Message)
	frameColumns(lh.src, e)
}

// fail turns the error of a PCall into an *Error and ends the call. A Go
// panic inside the Lua state (as opposed to a Lua error) may have left it
// inconsistent, so the state is then replaced.
func (w *Worker) fail(inst *instance, fn string, err error) *Error {
	h := inst.hook
	e := &Error{Script: h.Origin(), Kind: h.Kind().Name, ID: h.ID(), Func: fn}
	msg := err.Error()
	panicked := false
	var ae *lua.ApiError
	if errors.As(err, &ae) {
		msg = errorText(ae.Object)
		e.Traceback = parseTraceback(ae.StackTrace, h.Origin())
		panicked = ae.Type == lua.ApiErrorPanic
		// gopher-lua calls the outermost frame "main chunk" even when it is
		// the hook function the engine called.
		if fn != funcLoad {
			for i := range e.Traceback {
				if e.Traceback[i].Func == "main chunk" {
					e.Traceback[i].Func = "function '" + fn + "'"
				}
			}
		}
	}
	e.Line, e.Message = splitWhere(msg, h.Origin())
	if e.Line == 0 && len(e.Traceback) > 0 {
		e.Line = e.Traceback[0].Line
	}
	placeError(h, e)
	switch {
	case w.wd.tripped != LimitNone:
		e.Limit = w.wd.tripped
		if e.Limit == LimitTimeout {
			e.Err = ErrBackstop
		}
	case w.limitHit != LimitNone && strings.HasSuffix(msg, w.limitMsg):
		e.Limit = w.limitHit
	case stackOverflow(msg):
		e.Limit = LimitStack
	}
	return w.end(e, panicked)
}

// stackOverflow reports whether msg is the VM's error for a call over
// Limits.MaxCallDepth.
func stackOverflow(msg string) bool {
	return strings.HasSuffix(msg, "stack overflow") || strings.HasSuffix(msg, "registry overflow")
}

// end ends the call that failed with e: e wraps the host's error when its
// message is the host's, and a Go panic (panicked), which may have left the
// Lua state inconsistent, replaces the state.
func (w *Worker) end(e *Error, panicked bool) *Error {
	if w.hostErr != nil && e.Message == w.hostErrMsg {
		e.Err = w.hostErr
	}
	w.leave()
	if panicked {
		w.Close()
		w.newState()
	}
	return e
}

// errorText renders a Lua error value.
func errorText(v lua.LValue) string {
	switch v := v.(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return v.String()
	}
	if v == lua.LNil {
		return "nil"
	}
	return fmt.Sprintf("(error object is a %s value)", v.Type())
}

// watchdog is the context.Context of the worker's Lua state. gopher-lua asks
// its Done method before every instruction, which makes it an instruction
// counter for free; the clock is read only every clockEvery instructions.
type watchdog struct {
	n       int64 // instructions run in this call
	next    int64 // n at which slow runs next
	max     int64
	timeout time.Duration
	start   time.Time // zero until the first clock reading
	tripped Limit
	closed  chan struct{}
	errN    error
	errT    error
}

// clockEvery bounds how long an expensive stretch can run unobserved: a
// single instruction can cost up to a scan of Limits.MaxArrayLen slots.
const clockEvery = 256

func (d *watchdog) init(l Limits) {
	d.max = l.MaxInstructions
	d.timeout = l.Timeout
	d.closed = make(chan struct{})
	close(d.closed)
	d.errN = fmt.Errorf("instruction limit exceeded (%d instructions per call)", l.MaxInstructions)
	d.errT = fmt.Errorf("wall-clock backstop reached (%v per call): the machine is overloaded or too slow", l.Timeout)
	d.reset()
}

func (d *watchdog) reset() {
	d.n = 0
	d.next = min(clockEvery, d.max+1)
	d.start = time.Time{}
	d.tripped = LimitNone
}

// Done implements context.Context: nil to go on, a closed channel to stop.
// Once tripped it stays tripped for the rest of the call, so a script
// cannot catch the error with pcall and carry on.
func (d *watchdog) Done() <-chan struct{} {
	d.n++
	if d.n < d.next {
		return nil
	}
	if d.slow() {
		return d.closed
	}
	return nil
}

// slow checks the budget and the clock; it reports whether to stop.
func (d *watchdog) slow() bool {
	if d.tripped != LimitNone {
		return true
	}
	if d.n > d.max {
		d.tripped = LimitInstructions
		return true
	}
	now := time.Now()
	if d.start.IsZero() {
		d.start = now
	} else if now.Sub(d.start) > d.timeout {
		d.tripped = LimitTimeout
		return true
	}
	d.next = min(d.n+clockEvery, d.max+1)
	return false
}

// Err implements context.Context; its message becomes the script's error.
func (d *watchdog) Err() error {
	if d.tripped == LimitTimeout {
		return d.errT
	}
	return d.errN
}

// Deadline implements context.Context.
func (d *watchdog) Deadline() (time.Time, bool) { return time.Time{}, false }

// Value implements context.Context.
func (d *watchdog) Value(any) any { return nil }

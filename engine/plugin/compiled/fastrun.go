package compiled

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/sandtable/sandtable/engine/plugin"
)

// Compiler compiles the scripts in the subset (see the package doc). Set
// it on a registry (plugin.Registry.SetCompiler) and its workers run those
// scripts as compiled code.
type Compiler struct{}

// Compile implements Compiler.
func (Compiler) Compile(kind *plugin.Kind, path string, src []byte, proto *lua.FunctionProto, limits plugin.Limits) (plugin.Compiled, string) {
	fs, why := compileFast(kind, path, src, proto, limits)
	if fs == nil {
		return nil, why
	}
	return fs, ""
}

// Defines implements Compiled.
func (fs *fastScript) Defines(fn int) bool { return uint(fn) < uint(len(fs.fns)) && fs.fns[fn] != nil }

// Bind implements Compiled: the instance's slots (its ctx fields, the
// constants, room for the locals) and registers, on the worker's frame.
func (fs *fastScript) Bind(rt *plugin.Runtime) plugin.Code {
	fr, _ := rt.State.(*frame)
	if fr == nil {
		fr = &frame{rt: rt}
		limits := rt.Limits()
		fr.init(&limits)
		rt.State = fr
	}
	slots := make([]plugin.Value, fs.nslots)
	copy(slots[fs.nctx:], fs.consts)
	c := &instCode{fs: fs, fr: fr, slots: slots, plain: make([]plainRun, len(fs.fns))}
	for i, f := range fs.fns {
		if f != nil && f.reg != nil && f.reg.plain {
			if r := c.regFrame(f.reg); r != nil {
				c.plain[i] = plainRun{f.reg, r}
			}
		}
	}
	return c
}

// instCode is a script's compiled code bound to one hook instance on one
// worker.
type instCode struct {
	fs    *fastScript
	fr    *frame
	slots []plugin.Value // see frame.slots
	regs  []instRegs     // the registers of its functions' register code
	plain []plainRun     // by function: its plain register code, if any
}

// plainRun is a function's plain register code (rprog.plain) and its
// registers: a call of it between calls (at depth 1) can neither go too
// deep nor run past the budget, so regFrame's checks are made once, when
// the code is bound.
type plainRun struct {
	p *rprog
	r *regFile
}

// Slots implements Code.
func (c *instCode) Slots() []plugin.Value { return c.slots }

// Plain implements Code: the function's register code, if it is plain
// (rprog.plain), with its guard (regEntry) for the ctx fields. It returns
// the results, valid until the next call, or nil when the guard declines,
// the frame then being as the call found it.
func (c *instCode) Plain(fn int) *[]float64 {
	pr := c.plain[fn]
	if pr.p == nil {
		return nil
	}
	fr := c.fr
	fr.slots = c.slots
	for _, l := range pr.p.loads {
		v := &c.slots[l.fi]
		if v.K != plugin.VNumber {
			return nil
		}
		pr.r[uint8(l.reg)] = v.N // below noReg
	}
	fr.regStart()
	base, n := fr.execReg(pr.p, pr.r, nil)
	fr.regRes = pr.r[base : base+n]
	return &fr.regRes
}

// Run implements Code: the function's register code first, if it has
// some, then, should it decline or give up, its general form. It returns
// the values the function returned (n unset), valid until the next call,
// or the failure (the call has then ended: see fail).
func (c *instCode) Run(fn int) (res plugin.Results, err *plugin.Error) {
	f := c.fs.fns[fn]
	fr := c.fr
	fr.slots = c.slots
	fr.line = 0
	if p := f.reg; p != nil {
		if ran, err := c.runReg(f, p); ran {
			return plugin.NumberResults(&fr.regRes), err
		}
	}
	clear(fr.slots[f.base : f.base+f.nnil])
	fr.res = fr.res[:0]
	// A call that returns normally skips recover, which costs as much as
	// a small hook.
	done := false
	defer func() {
		if done {
			return
		}
		if r := recover(); r != nil {
			err = c.fail(f, r)
		}
	}()
	if c.fs.flat {
		// No loops or local functions (fastcall.go): the body is all.
		fr.frames[0].fn = f
		if len(f.body) == 1 {
			f.body[0](fr)
		} else {
			runBlock(fr, f.body)
		}
		done = true
		return plugin.ValueResults(&fr.res), nil
	}
	fr.begin(c.fs)
	fr.runHook(f)
	done = true
	return plugin.ValueResults(&fr.res), nil
}

// fail turns what a compiled call of f panicked with into the *Error the
// VM would have returned, and ends the call (Runtime.Fail).
func (c *instCode) fail(f *fastFunc, r any) *plugin.Error {
	fr := c.fr
	var line int
	var msg string
	var limit plugin.Limit
	goPanic, inGo := false, true
	switch r := r.(type) {
	case *fastError:
		line, msg, limit = r.line, r.msg, r.limit
		inGo = r.inGo
	case plugin.HostPanic:
		line, msg = fr.line, r.Msg
	default:
		// A Go panic in a host function: the VM reports it at the call
		// and replaces its state, which the host function may have left
		// inconsistent.
		line, msg = fr.line, fmt.Sprint(r)
		goPanic = true
	}
	var tb []plugin.Frame
	if line > 0 {
		tb = fr.traceback(fr.rt.Origin(), c.fs.path, f, line, inGo)
	}
	fr.reset()
	return fr.rt.Fail(f.name, line, msg, limit, tb, goPanic)
}

package compiled

import (
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
)

// Register code for hook functions. The AI's score functions are called
// hundreds of times a decision, each a loop over an area that reads the
// game and adds numbers up:
//
//	function score(ctx)
//		local c0 = idiv(ctx.abi * ctx.value, 100)
//		local vmd = 0
//		for _, c in ipairs(ftbt.aoe(ctx.target, ctx.aoe_range)) do
//			local _, left = ftbt.effect(c, ctx.side, SLOT)
//			…
//		end
//		return idiv(vmd * ctx.tech_score, ctx.buf_vmd)
//	end
//
// On the general form (fast.go) every value is boxed, every operand is a
// dispatch on its kind and every helper call checks its arguments' types;
// a cell of the area costs some fifty Go closure calls. Yet every value of
// such a function is a number. So a hook function whose host calls read
// without changing anything (HostFunc.ReadOnly), but for changes at its
// end (see effectsLast), is compiled a third time, to code for a small
// register machine over float64 (rprog): ctx
// fields and constants are loaded into registers once per call, numeric
// helpers (fastnum.go) are inlined, conditions are compare-and-jump
// instructions, and host calls read their arguments from registers and
// write their results to registers. A call runs that code first.
//
// The register code computes exactly what the general form would, or gives
// up (numBail): whenever something is not as it expects (a ctx field that
// is not a number, a ctx.params value absent where a number is needed, a
// host argument that is not a whole number, a host function's Fast
// shortcut declining, fewer results than registers to fill, the
// instruction budget getting close), the general form runs the call again
// from the start. Running again is sound because nothing the register code
// did can be seen: its host calls before it gives up change nothing (a
// Rewinder host is told to forget them; effectsLast makes sure no change
// comes before a point where it could give up) and it draws no random
// numbers. What it does not give up
// on is the same on both forms: a host error (the host recorded one) fails
// the call at the same line with the same message.
//
// Besides what a numeric helper may contain, the hook function may have
// (and helpers still may not):
//
//   - calls of read-only host functions that have a Fast shortcut and
//     integer results, one argument per parameter, enum arguments given
//     as string literals or string constants: as values, and as
//     `local a, b = host(…)`;
//   - `local a, b = helper(…)` and `local a, b = x, y`;
//   - `for i, v in ipairs(host(…))` over a read-only host function
//     returning an integer array, and numeric `for`;
//   - `ctx.params.NAME` (a number, or with `or` a default for an absent
//     one), and ctx fields as conditions (`if ctx.long then`);
//   - returns of no value.
//
// Limits: its calls go no deeper than the depth limit allows (else the
// general form runs the call), and it counts an upper bound of the
// instructions the general form counts (loop iterations, helper entries;
// see rprog.entry), giving up before that could pass the budget, so a
// runaway loop ends in the general form's error.
// numBail is what the register code panics with to give the call to the
// general form.
type numBail struct{}

func bail() { panic(numBail{}) }

// rop is an instruction's operation.
type rop uint8

const (
	rAdd     rop = iota // r[a] = r[b] + r[c], and so on
	rSub                //
	rMul                //
	rDiv                //
	rMod                //
	rPow                //
	rNeg                // r[a] = -r[b]
	rMov                // r[a] = r[b]
	rFloor              // r[a] = floor(r[b]), and so on
	rCeil               //
	rAbs                //
	rSqrt               //
	rMin                // r[a] = r[c] if r[c] < r[b], else r[b]
	rMax                // r[a] = r[c] if r[c] > r[b], else r[b]
	rJmp                // go to c
	rJlt                // go to c if r[a] < r[b], and so on
	rJle                //
	rJeq                //
	rJnlt               // go to c unless r[a] < r[b], and so on
	rJnle               //
	rJne                //
	rJtrue              // go to c if ctx field a is true (not nil or false)
	rJfalse             // go to c unless ctx field a is true
	rHost               // host call hosts[a]
	rParam              // r[a] = ctx.params[names[b]], or give up
	rParamOr            // r[a] = ctx.params[names[b]] and go to c, if there is one
	rIPrep              // loop a (ipairs) starts
	rILoop              // loop a's next iteration, or go to c when done
	rNPrep              // loop a (numeric for) starts
	rNLoop              // loop a's next iteration, or go to c when done
	rRet                // return a registers from b
	rRetR               // return a (≤ 2) values, from registers b and c, copied to d and d+1
	rBail               // give up
	// rIdiv is the division toward zero helpers compute (see idivs):
	// q = r[b] / r[c]; r[d] = q; r[a] = ceil(q) if q < 0, else floor(q);
	// go to e.
	rIdiv
	// Pairs run as one (see fuse): the instruction's own operation, then
	// the next instruction's, which stays in place for jumps to it.
	rHostSub  // rHost, then the rSubF after it
	rMulIdiv  // rMulF, then the rIdiv after it
	rJnltJnlt // rJnlt, then (unless it jumped) the rJnlt after it
	// rView is rHost for a call read through view e whose index is the
	// value of ipairs loop b and whose one or two results go to c and d
	// (-1: none): the read itself, when the view is bound and holds the
	// index; otherwise hosts[a] as rHost runs it (see fuse).
	rView
	rViewSub   // rView, then the rSubF after it
	rILoopView // rILoop, then (unless the loop ends) the rView or rViewSub after it
	// rAdd, rSub, rMul and rDiv without turning a -0 result into +0, for
	// results whose zero's sign nothing can tell (see fuzzyZeros).
	rAddF
	rSubF
	rMulF
	rDivF
)

// rinstr is one instruction.
type rinstr struct {
	op      rop
	a, b, c int32
	d, e    int32 // rIdiv's
}

// regFile is the registers of register code. Indexing it with a uint8
// needs no bounds check; the compiler gives no code more than 255
// registers, so that 255 can mean none (see rword).
type regFile [256]float64

// rword is an instruction as execReg reads it: rinstr's fields packed
// into one word, loaded at once and taken apart in registers. Bits 0-7 hold
// op, 8-15 a, 16-23 b, 24-39 c, 40-47 d, 48-63 e; -1 is stored as all ones
// of its field (noReg in a byte). encode declines code whose fields do not
// fit.
type rword uint64

const noReg = 255

func (w rword) op() rop   { return rop(w) }
func (w rword) a() uint8  { return uint8(w >> 8) }
func (w rword) b() uint8  { return uint8(w >> 16) }
func (w rword) c() uint16 { return uint16(w >> 24) }
func (w rword) rc() uint8 { return uint8(w >> 24) } // c as a register
func (w rword) d() uint8  { return uint8(w >> 40) }
func (w rword) e() uint16 { return uint16(w >> 48) }

// encode packs p.code into p.words, or reports that a field does not fit.
func (p *rprog) encode() bool {
	field := func(x int32, bits uint) (uint64, bool) {
		max := int32(1)<<bits - 1
		if x < -1 || x >= max {
			return 0, false
		}
		return uint64(x) & uint64(max), true
	}
	p.words = make([]rword, len(p.code))
	for i, in := range p.code {
		w := uint64(in.op)
		for _, f := range [...]struct {
			x          int32
			shift, len uint
		}{{in.a, 8, 8}, {in.b, 16, 8}, {in.c, 24, 16}, {in.d, 40, 8}, {in.e, 48, 16}} {
			v, ok := field(f.x, f.len)
			if !ok {
				return false
			}
			w |= v << f.shift
		}
		p.words[i] = rword(w)
	}
	return true
}

// rprog is the register code of a hook function.
type rprog struct {
	code  []rinstr
	words []rword // code as execReg runs it (see encode)
	nregs int
	// Loaded at entry: fixed into the registers from 0 (constants, and 0
	// where a ctx field goes), then the ctx fields loads[i].fi into
	// registers loads[i].reg.
	fixed  []float64
	loads  []rload
	hosts  []*rhost
	loops  []*rloop
	names  []string // ctx.params names
	nviews int      // the views the host calls read (rhost.view)
	params int      // the ctx field of the params table, if read; else -1
	depth  int      // how far beyond the hook's depth its calls go
	nret   int      // registers the results take, after the fixed ones
	// plain: the code cannot give up once its guard has passed, nor fail
	// (no host calls, loops, ctx.params reads or bail instructions), so
	// it runs without recover (see instCode.Plain).
	plain bool
	// entry is the most instructions the general form counts outside
	// loops (helper entries; rloop.cost those of an iteration). The code
	// counts them all at once, at entry, and a loop's iteration all of
	// its at once: never less than the general form has counted at the
	// same point, so it gives up before the general form could fail.
	entry int64
}

// rload loads ctx field fi into register reg.
type rload struct {
	reg int32
	fi  int
}

// rhost is a compiled call of a read-only host function with a Fast
// shortcut.
type rhost struct {
	hf    *plugin.HostFunc
	name  string  // "ftbt.effect"
	args  []int32 // registers, by parameter; -1 for an enum
	whole uint32  // bit i: args[i]'s register always holds a whole number
	loops []int32 // by parameter: 1 + the loop whose value it is (rvar.loop), or 0
	enums []int   // by parameter: the enum argument's index
	dst   []int32 // the registers of the results used
	line  int
	// effect: the function changes something (not HostFunc.ReadOnly);
	// nothing after such a call may give up (see effectsLast).
	effect bool
	// view: the index of the call's view among the code's (rprog.nviews),
	// when the function has a HostFunc.View; else -1. restVar: an
	// argument after the index may change during a call (it is not in a
	// fixed register), so each read compares them with the view's.
	view    int32
	restVar bool
}

// viewFrame and loopFrame hold the views and loops of a call of register
// code, indexed by bytes like the registers (regPass refuses code with
// more).
type (
	viewFrame [256]viewState
	loopFrame [256]loopState
)

// viewState is a view a call of register code reads (HostFunc.View).
type viewState struct {
	call   uint64 // the call that asked for it (frame.regCall)
	rest   [plugin.MaxFastArgs]int
	xs     []int
	off    int
	stride int
	n      int // the indices the view holds: [0, n)
}

// rloop is a compiled loop.
type rloop struct {
	// ipairs: the array call (args: registers); numeric for: init, limit
	// and step registers.
	call  *hostCall
	args  []int32
	init  int32
	limit int32
	step  int32
	i, v  int32 // the loop's variables (v: -1 for none)
	cost  int64 // the most instructions an iteration counts (see rprog.entry)
}

// loopState is a loop's state while it runs.
type loopState struct {
	xs     []int
	mark   int // ipairs: the frame's array arena before the loop's array
	i      int
	cur    int     // ipairs: the value, as an int
	x, lim float64 // numeric for: the counter and limit
	step   float64
}

// runReg runs the register code p of the hook function f of inst, leaving
// its results in fr.regRes, and reports whether it ran the call: false when
// its guard declined or it gave up, the frame then being as the call found
// it. A failure it does not give up on is the call's, as on the general
// form (see instCode.fail).
func (c *instCode) runReg(f *fastFunc, p *rprog) (ran bool, err *plugin.Error) {
	fr := c.fr
	r, ok := c.regEntry(p)
	if !ok {
		return false, nil
	}
	var params *plugin.Params
	if p.params >= 0 {
		v := fr.slots[p.params]
		if v.K != plugin.VTable {
			return false, nil
		}
		params = v.Params()
	}
	return c.runGuarded(f, p, r, params)
}

// runGuarded is runReg once the guard has loaded the registers r: it runs
// the code, recovering from its giving up and failures.
func (c *instCode) runGuarded(f *fastFunc, p *rprog, r *regFile, params *plugin.Params) (ran bool, err *plugin.Error) {
	fr := c.fr
	if fr.loops == nil && len(p.loops) > 0 {
		fr.loops = new(loopFrame)
	}
	if fr.views == nil && p.nviews > 0 {
		fr.views = new(viewFrame)
	}
	done := false
	defer func() {
		if done {
			return
		}
		// The frame fail's traceback reads (it is at the bottom: host
		// calls are made from the hook function itself).
		fr.fn = f
		fr.frames[0] = frameRec{fn: f}
		x := recover()
		if _, gaveUp := x.(numBail); !gaveUp {
			ran, err = true, c.fail(f, x)
			return
		}
		fr.rt.Ints, fr.stack = fr.rt.Ints[:0], fr.stack[:0]
		fr.line = 0
		if rw, is := fr.rt.Host().(plugin.Rewinder); is {
			rw.Rewind()
		}
		fr.bails++
		ran = false
	}()
	base, n := fr.execReg(p, r, params)
	fr.rt.Ints = fr.rt.Ints[:0]
	fr.regRes = r[base : base+n]
	done = true
	return true, nil
}

// isPlain reports whether no instruction of p can give up or fail.
func (p *rprog) isPlain() bool {
	for _, in := range p.code {
		switch in.op {
		case rHost, rParam, rParamOr, rIPrep, rILoop, rNPrep, rNLoop, rBail:
			return false
		}
	}
	return true
}

// regEntry is the guard of register code p: it loads the registers and
// returns them, or returns false when the call cannot run as p (a ctx
// field that is not a number, too deep, over the budget).
func (c *instCode) regEntry(p *rprog) (*regFile, bool) {
	fr := c.fr
	r := c.regFrame(p)
	if r == nil {
		return nil, false
	}
	for _, l := range p.loads {
		v := &fr.slots[l.fi]
		if v.K != plugin.VNumber {
			return nil, false
		}
		r[uint8(l.reg)] = v.N // below noReg
	}
	fr.regStart()
	return r, true
}

// regFrame is the part of the guard that does not depend on the ctx: it
// returns inst's registers for p, holding p's constants, or nil when the
// call would go too deep or could run past the budget.
func (c *instCode) regFrame(p *rprog) *regFile {
	fr := c.fr
	if fr.depth+p.depth >= fr.maxDepth || p.entry > fr.maxN {
		return nil
	}
	for i := range c.regs {
		if c.regs[i].p == p {
			return c.regs[i].r
		}
	}
	// Each function of an instance has its own registers, so the
	// constants are loaded once: no code writes a fixed register.
	r := new(regFile)
	copy(r[:], p.fixed)
	c.regs = append(c.regs, instRegs{p, r})
	return r
}

// instRegs are the registers of an instance's function with register code
// p.
type instRegs struct {
	p *rprog
	r *regFile
}

// regStart starts a call of register code whose guard passed.
func (fr *frame) regStart() {
	// The code keeps its own count (see rprog.entry), an upper bound of
	// the general form's; fr.n, a lower bound of the VM's, stays 0.
	fr.n = 0
	fr.regCall++
}

// execReg runs p's code on the registers rf and returns where its results
// are in rf and how many there are.
//
// The loop keeps the frequent operations; execRare runs the others. No
// call in the loop keeps pc, count or in alive across it (execRare takes
// and returns them), so the compiler keeps them in machine registers
// instead of saving them at every instruction.
func (fr *frame) execReg(p *rprog, rf *regFile, params *plugin.Params) (base, n int) {
	r := rf[:] // of constant length: a byte index needs no check
	code := p.words
	count, maxN := p.entry, fr.maxN
	for pc := 0; ; {
		in := code[pc]
		pc++
		switch in.op() {
		case rAdd:
			r[in.a()] = normZero(float64(r[in.b()] + r[in.rc()]))
		case rSub:
			r[in.a()] = normZero(float64(r[in.b()] - r[in.rc()]))
		case rMul:
			r[in.a()] = normZero(float64(r[in.b()] * r[in.rc()]))
		case rDiv:
			r[in.a()] = normZero(float64(r[in.b()] / r[in.rc()]))
		case rAddF:
			r[in.a()] = r[in.b()] + r[in.rc()]
		case rSubF:
			r[in.a()] = r[in.b()] - r[in.rc()]
		case rMulF:
			r[in.a()] = r[in.b()] * r[in.rc()]
		case rDivF:
			r[in.a()] = r[in.b()] / r[in.rc()]
		case rNeg:
			r[in.a()] = -r[in.b()]
		case rMov:
			r[in.a()] = r[in.b()]
		case rMin:
			m, v := r[in.b()], r[in.rc()]
			if v < m {
				m = v
			}
			r[in.a()] = m
		case rMax:
			m, v := r[in.b()], r[in.rc()]
			if v > m {
				m = v
			}
			r[in.a()] = m
		case rJmp:
			pc = int(in.c())
		case rJlt:
			if r[in.a()] < r[in.b()] {
				pc = int(in.c())
			}
		case rJle:
			if r[in.a()] <= r[in.b()] {
				pc = int(in.c())
			}
		case rJeq:
			if r[in.a()] == r[in.b()] {
				pc = int(in.c())
			}
		case rJnlt:
			if !(r[in.a()] < r[in.b()]) {
				pc = int(in.c())
			}
		case rJnltJnlt:
			if !(r[in.a()] < r[in.b()]) {
				pc = int(in.c())
			} else if in = code[pc]; !(r[in.a()] < r[in.b()]) {
				pc = int(in.c())
			} else {
				pc++
			}
		case rJnle:
			if !(r[in.a()] <= r[in.b()]) {
				pc = int(in.c())
			}
		case rJne:
			if r[in.a()] != r[in.b()] {
				pc = int(in.c())
			}
		case rILoop, rILoopView:
			l, s := p.loops[in.a()], &fr.loops[in.a()]
			count += l.cost
			if count > maxN {
				bail()
			}
			if s.i >= len(s.xs) {
				fr.rt.Ints = fr.rt.Ints[:s.mark] // as ipairsFor releases it
				pc = int(in.c())
				break
			}
			r[uint8(l.i)] = float64(s.i + 1)
			if l.v >= 0 {
				x := s.xs[s.i]
				if uint64(x+1<<53) > 1<<54 {
					// Not a whole number of float64 (see rvar.whole).
					bail()
				}
				r[uint8(l.v)] = float64(x)
				s.cur = x
			}
			s.i++
			if in.op() == rILoop {
				break
			}
			in = code[pc] // the rView or rViewSub
			pc++
			fallthrough
		case rView, rViewSub:
			// viewRead's common case: the view is bound and holds the
			// index (execRare does the rest).
			v := &fr.views[uint8(in.e())] // nviews ≤ 256 (regPass)
			i := fr.loops[in.b()].cur
			if v.call != fr.regCall || uint(i) >= uint(v.n) {
				pc, count = fr.execRare(p, rf, in, pc, count, params)
				break
			}
			k := v.off + i*v.stride
			if in.c() != 1<<16-1 {
				r[in.rc()] = float64(v.xs[k])
				if in.d() != noReg {
					r[in.d()] = float64(v.xs[k+1])
				}
			}
			if in.op() == rViewSub {
				in = code[pc]
				r[in.a()] = r[in.b()] - r[in.rc()]
				pc++
			}
		case rRet:
			return int(in.b()), int(in.a())
		case rRetR:
			x, y := r[in.b()], r[in.rc()]
			switch in.a() {
			case 2:
				r[in.d()+1] = y
				fallthrough
			case 1:
				r[in.d()] = x
			}
			return int(in.d()), int(in.a())
		case rMulIdiv:
			r[in.a()] = r[in.b()] * r[in.rc()]
			in = code[pc] // the rIdiv
			fallthrough
		case rIdiv:
			q := normZero(float64(r[in.b()] / r[in.rc()]))
			r[in.d()] = q
			r[in.a()] = math.Trunc(q) // ceil(q) if q < 0, else floor(q)
			pc = int(in.e())
		default:
			pc, count = fr.execRare(p, rf, in, pc, count, params)
		}
	}
}

// execRare runs the instruction in of execReg, at pc-1, and returns the
// next pc and the count.
func (fr *frame) execRare(p *rprog, rf *regFile, in rword, pc int, count int64, params *plugin.Params) (int, int64) {
	r := rf[:]
	switch in.op() {
	case rMod:
		r[in.a()] = arithNumbers(opMod, r[in.b()], r[in.rc()])
	case rPow:
		r[in.a()] = arithNumbers(opPow, r[in.b()], r[in.rc()])
	case rFloor:
		r[in.a()] = math.Floor(r[in.b()])
	case rCeil:
		r[in.a()] = math.Ceil(r[in.b()])
	case rAbs:
		r[in.a()] = math.Abs(r[in.b()])
	case rSqrt:
		r[in.a()] = math.Sqrt(r[in.b()])
	case rJtrue:
		if fr.slots[in.a()].K > plugin.VFalse {
			pc = int(in.c())
		}
	case rJfalse:
		if fr.slots[in.a()].K <= plugin.VFalse {
			pc = int(in.c())
		}
	case rHost, rHostSub, rView, rViewSub:
		if h := p.hosts[in.a()]; h.view < 0 || !h.viewRead(fr, rf) {
			h.run(fr, rf)
		}
		if in.op() == rHostSub || in.op() == rViewSub {
			in = p.words[pc]
			r[in.a()] = r[in.b()] - r[in.rc()]
			pc++
		}
	case rParam:
		x, ok := params.Get(p.names[in.b()])
		if !ok {
			bail()
		}
		r[in.a()] = x
	case rParamOr:
		if x, ok := params.Get(p.names[in.b()]); ok {
			r[in.a()] = x
			pc = int(in.c())
		}
	case rIPrep:
		p.loops[in.a()].prepIpairs(fr, rf, &fr.loops[in.a()])
	case rNPrep:
		l, s := p.loops[in.a()], &fr.loops[in.a()]
		s.step, s.lim = r[l.step], r[l.limit]
		s.x = normZero(r[l.init] - s.step)
	case rNLoop:
		l, s := p.loops[in.a()], &fr.loops[in.a()]
		count += l.cost
		if count > fr.maxN {
			bail()
		}
		x := float64(s.x + s.step)
		s.x = normZero(x)
		if !(s.step > 0 && x <= s.lim || s.step <= 0 && x >= s.lim) {
			return int(in.c()), count
		}
		r[uint8(l.i)] = s.x
	case rBail:
		bail()
	}
	return pc, count
}

// run makes the host call, as hostCall.runFast does on valid arguments.
func (h *rhost) run(fr *frame, r *regFile) {
	in := fr.fin[:len(h.args)]
	for i := range h.args {
		x, ok := h.arg(fr, r, i)
		if !ok {
			bail()
		}
		in[i] = x
	}
	fr.line = h.line
	m, ok := h.hf.Fast(fr.rt.Host(), in, fr.fout[:])
	if !ok || m < len(h.dst) {
		bail()
	}
	fr.rt.CheckHost(h.hf, h.name, false)
	for i, d := range h.dst {
		r[d] = float64(fr.fout[i])
	}
}

// arg returns argument i of the call as Fast takes it, or false when it is
// not a whole number.
func (h *rhost) arg(fr *frame, r *regFile, i int) (int, bool) {
	switch a := h.args[i]; {
	case a < 0:
		return h.enums[i], true
	case h.loops[i] > 0:
		return fr.loops[h.loops[i]-1].cur, true
	case h.whole&(1<<i) != 0:
		return int(r[a]), true
	default:
		x := r[a]
		return int(x), whole(x)
	}
}

// viewRead reads the call's results from its view (HostFunc.View), asking
// for the view at the call's first read or when the arguments after the
// index changed, and reports whether it did: false when the index is
// outside the view (or no number Fast takes), or the function declined.
func (h *rhost) viewRead(fr *frame, r *regFile) bool {
	v := &fr.views[uint8(h.view)]
	if v.call != fr.regCall || h.restVar && !h.sameRest(fr, r, v) {
		if !h.bind(fr, r, v) {
			return false
		}
	}
	var i int
	if l := h.loops[0]; l > 0 {
		i = fr.loops[l-1].cur
	} else {
		x := r[h.args[0]]
		if i = int(x); float64(i) != x {
			return false // not a whole number: run decides
		}
	}
	if uint(i) >= uint(v.n) {
		return false
	}
	xs := v.xs[v.off+i*v.stride:]
	for j, d := range h.dst {
		r[d] = float64(xs[j])
	}
	return true
}

// sameRest reports whether the arguments after the index are those of the
// view v.
func (h *rhost) sameRest(fr *frame, r *regFile, v *viewState) bool {
	for j := 1; j < len(h.args); j++ {
		if x, ok := h.arg(fr, r, j); !ok || x != v.rest[j] {
			return false
		}
	}
	return true
}

// bind asks the host function for the view of the call's arguments after
// the index, or reports false when one is not a whole number (the call
// then gives up: run refuses the argument).
func (h *rhost) bind(fr *frame, r *regFile, v *viewState) bool {
	var args [plugin.MaxFastArgs]int
	for j := 1; j < len(h.args); j++ {
		x, ok := h.arg(fr, r, j)
		if !ok {
			return false
		}
		args[j] = x
	}
	rest := fr.fin[:len(h.args)-1]
	copy(rest, args[1:len(h.args)])
	xs, off, stride, ok := h.hf.View(fr.rt.Host(), rest)
	v.call, v.rest, v.xs, v.off, v.stride, v.n = fr.regCall, args, xs, off, stride, 0
	if nret := len(h.hf.Returns); ok && off >= 0 && stride > 0 && off <= len(xs)-nret {
		// The indices whose results are all in xs: a shift for the
		// strides views have (1 for plain arrays, a power of two for
		// tables of records), a division for others.
		if span := len(xs) - nret - off; stride&(stride-1) == 0 {
			v.n = span>>bits.TrailingZeros(uint(stride)) + 1
		} else {
			v.n = span/stride + 1
		}
	}
	return true
}

// prepIpairs calls the loop's array function, as ipairsFor does: through
// its FastInts shortcut when it has one and the arguments are whole.
func (l *rloop) prepIpairs(fr *frame, r *regFile, s *loopState) {
	s.mark = len(fr.rt.Ints)
	if fi := l.call.hf.FastInts; fi != nil {
		in, ok := fr.fin[:len(l.args)], true
		for i, a := range l.args {
			x := r[a]
			in[i], ok = int(x), ok && whole(x)
		}
		if ok {
			fr.line = l.call.line
			if xs, ok := fi(fr.rt.Host(), in); ok {
				fr.rt.CheckHost(l.call.hf, l.call.name, true)
				fr.rt.Ints = append(fr.rt.Ints, xs...)
				s.xs, s.i = fr.rt.Ints[s.mark:len(fr.rt.Ints):len(fr.rt.Ints)], 0
				return
			}
		}
	}
	base := len(fr.stack)
	for _, a := range l.args {
		fr.stack = append(fr.stack, plugin.NumberValue(r[a]))
	}
	rs := l.call.call(fr, base)
	if len(rs) == 0 || rs[0].K != plugin.VInts {
		bail()
	}
	s.xs, s.i = rs[0].Ints(), 0
}

var ropNames = [...]string{
	rAdd: "add", rSub: "sub", rMul: "mul", rDiv: "div", rMod: "mod", rPow: "pow", rNeg: "neg", rMov: "mov",
	rFloor: "floor", rCeil: "ceil", rAbs: "abs", rSqrt: "sqrt", rMin: "min", rMax: "max", rJmp: "jmp",
	rJlt: "jlt", rJle: "jle", rJeq: "jeq", rJnlt: "jnlt", rJnle: "jnle", rJne: "jne", rJtrue: "jtrue",
	rJfalse: "jfalse", rHost: "host", rParam: "param", rParamOr: "paramor",
	rIPrep: "iprep", rILoop: "iloop", rNPrep: "nprep", rNLoop: "nloop", rRet: "ret", rRetR: "retr", rBail: "bail", rIdiv: "idiv",
	rHostSub: "host+sub", rMulIdiv: "mul+idiv", rJnltJnlt: "jnlt+jnlt", rView: "view", rViewSub: "view+sub", rILoopView: "iloop+view",
	rAddF: "addf", rSubF: "subf", rMulF: "mulf", rDivF: "divf",
}

// String lists p's code, one instruction a line (for tests and debugging).
func (p *rprog) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "registers %d, fixed %v, loads %v\n", p.nregs, p.fixed, p.loads)
	for pc, in := range p.code {
		fmt.Fprintf(&b, "%3d %-7s %d %d %d", pc, ropNames[in.op], in.a, in.b, in.c)
		if in.op == rIdiv || in.op == rMulIdiv || in.op == rRetR || in.op == rView || in.op == rViewSub {
			fmt.Fprintf(&b, " %d %d", in.d, in.e)
		}
		if in.op == rHost || in.op == rHostSub || in.op == rView || in.op == rViewSub {
			h := p.hosts[in.a]
			fmt.Fprintf(&b, "  %s%v→%v", h.name, h.args, h.dst)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

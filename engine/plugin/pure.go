package plugin

// Pure is the shortest way into one hook function, for an engine's hottest
// calls: when the function's register code is plain (it calls nothing,
// loops nowhere, reads no params and cannot give up once its guard passed)
// and runs on the numbers convention (Sig.Numbers, lane.go), Pure.Call runs
// it without the bookkeeping of a call that could fail or reach the host.
//
// Such code only computes numbers from the ctx: it has no effects, so
// running it twice is running it once. That is what makes the contract
// simple: Pure.Call either returns the result Call would have returned, or
// declines (false) having changed nothing a call can observe, and the
// engine then calls Call, which runs the function again and reports
// whatever needs reporting. It declines when the function is not such code on this worker, when the hook
// has not been instantiated yet (Worker.Prepare, or a first Call, does
// that), when another call is in progress, and whenever the result is not
// one read and check accept, so every error message stays Call's.
//
// A Pure belongs to its worker (one goroutine) and stays valid across
// Worker.Reset.
type Pure[C, H, R any] struct {
	s   *Sig[C, H, R]
	w   *Worker
	ref Ref
	// The instance the binding below is for (nil: none yet), and its plain
	// code and registers (p nil: the function has none).
	inst *instance
	p    *rprog
	r    *regFile
}

// NewPure returns the Pure of the function s calls of the hook ref on w.
func NewPure[C, H, R any](w *Worker, s *Sig[C, H, R], ref Ref) *Pure[C, H, R] {
	return &Pure[C, H, R]{s: s, w: w, ref: ref}
}

// Call runs the function on ctx when it can, and reports whether it did
// (see Pure): false means the engine must make the call with Call.
func (f *Pure[C, H, R]) Call(ctx *C) (R, bool) {
	var zero R
	if f.s.nums == nil {
		return zero, false
	}
	if _, ok := f.s.nums(ctx, f.w.fr.lane[:]); !ok {
		return zero, false
	}
	xs, ok := f.CallLane()
	if !ok {
		return zero, false
	}
	res, ok := f.s.result(xs)
	if !ok || f.s.check != nil && f.s.check(res) != nil {
		return zero, false
	}
	return res, true
}

// Lane returns the cells CallLane takes the ctx from: the worker's one
// lane, which every call on the worker overwrites. An engine writes each
// number and integer field of the ctx into it, as the Sig's nums would,
// right before each CallLane.
func (f *Pure[C, H, R]) Lane() *Lane { return &f.w.fr.lane }

// CallLane is Call on the ctx the engine wrote into Lane, with the results
// handed back as numbers: it runs the function when it can and returns its
// results, one per Func.Returns, all finite, valid until the next call on
// the worker; or it declines (false) as Call does, having changed nothing
// a call can observe.
//
// It leaves the Sig's result and check to the engine, which saves their
// calls on the hottest path: an engine must accept only results that
// result and check accept, and treat any other as a decline, so that Call
// reports it.
func (f *Pure[C, H, R]) CallLane() ([]float64, bool) {
	w := f.w
	if w.busy || uint(f.ref.i) >= uint(len(w.insts)) {
		return nil, false
	}
	if inst := w.insts[f.ref.i]; inst != f.inst || inst == nil {
		f.bind(inst)
	}
	p, r := f.p, f.r
	if p == nil {
		return nil, false
	}
	w.laneArgs(p, r)
	w.regStart()
	base, n := w.execReg(p, r, nil)
	// laneRead's test, inlined: a call costs more than the test here.
	if n != f.s.nret {
		return nil, false
	}
	xs := r[base : base+n]
	if !allFinite(xs) {
		return nil, false
	}
	w.laneCalls++
	return xs, true
}

// bind looks up what Call runs for inst, the hook's current instance.
func (f *Pure[C, H, R]) bind(inst *instance) {
	f.inst, f.p, f.r = inst, nil, nil
	w, s := f.w, f.s
	if inst == nil || f.ref.reg != w.reg || inst.kind != s.kind || inst.err != nil || s.nums == nil {
		return
	}
	ff := inst.fastFn(s.fn)
	if ff == nil || ff.reg == nil || !ff.reg.plain || !ff.reg.lane {
		return
	}
	// Outside a call the frame is at its bottom and the budget is the
	// worker's, so the guard's part that does not depend on the ctx
	// (regFrame) holds once and for all.
	if r := w.regFrame(inst, ff.reg); r != nil {
		f.p, f.r = ff.reg, r
	}
}

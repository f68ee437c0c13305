package plugin

import (
	"fmt"
	"math"
	"slices"
)

// The numbers convention (Sig.Numbers): register code whose ctx reads are
// all of number fields takes its inputs from the engine's Go values and
// hands its results back as numbers, without the hook's Table. For a hook
// as small as most battle effects, the Table's writes and reads cost more
// than the hook's code; this is the lane that skips them.
//
// Call takes it when the hook function has register code with rprog.lane
// and the Sig has Numbers whose nums accepts the ctx. The code then runs
// exactly as from the Table: the same guard (less the field type checks,
// which nums did), the same instructions, the same results, so the VM,
// the general fast form and the lane stay interchangeable, which the
// differential tests check (every other call of a diffPair goes through
// diffLaneSigs, Sigs with Numbers).

// maxLaneFields bounds the ctx of a kind whose Sigs have Numbers.
const maxLaneFields = 32

// Lane holds the number and integer fields of a ctx on the numbers
// convention, by field index in Kind.Ctx; other cells are ignored.
type Lane [maxLaneFields]float64

// laneReady reports whether p can run on the numbers convention for kind:
// every ctx field it loads is declared a number or an integer (so nums
// writes it), and it reads no ctx field other than through its loads and
// the params table.
func (p *rprog) laneReady(kind *Kind) bool {
	if len(kind.Ctx) > maxLaneFields {
		return false
	}
	for _, l := range p.loads {
		if t := kind.Ctx[l.fi].Type; t != "number" && t != "integer" {
			return false
		}
	}
	for _, in := range p.code {
		if in.op == rJtrue || in.op == rJfalse {
			return false
		}
	}
	return true
}

// laneLoad is regEntry for the numbers convention: the guard, with the ctx
// fields from fr.lane.
func (w *Worker) laneLoad(inst *instance, p *rprog) *regFile {
	r := w.regFrame(inst, p)
	if r == nil {
		return nil
	}
	w.laneArgs(p, r)
	w.regStart()
	return r
}

// laneArgs loads the ctx fields p reads from fr.lane into its registers r.
func (w *Worker) laneArgs(p *rprog, r *regFile) {
	xs := &w.fr.lane
	for _, l := range p.loads {
		r[uint8(l.reg)] = xs[uint(l.fi)%maxLaneFields] // l.fi < maxLaneFields (laneReady)
	}
}

// lanePlain is runPlain on the numbers convention: it runs the plain
// register code p on the ctx fields in fr.lane and returns its results,
// valid until the next call, or false when its guard declines. The results
// come back as a slice, not through fr.regRes: storing a slice in the
// worker costs a write barrier check per call.
func (w *Worker) lanePlain(inst *instance, p *rprog) ([]float64, bool) {
	r := w.laneLoad(inst, p)
	if r == nil {
		return nil, false
	}
	base, n := w.execReg(p, r, nil)
	w.laneCalls++
	return r[base : base+n], true
}

// laneRun is runReg on the numbers convention, in the call Call has begun:
// it runs register code p of the function f of inst on the ctx fields in
// fr.lane and params, and returns its results, valid until the next call;
// or false when its guard declined or it gave up, the frame then being as
// the call found it; or the call's failure (the call has then ended).
func (w *Worker) laneRun(inst *instance, f *fastFunc, p *rprog, params *Params) ([]float64, bool, *Error) {
	fr := &w.fr
	fr.slots = inst.ctx.slots
	fr.line = 0
	r := w.laneLoad(inst, p)
	if r == nil {
		return nil, false, nil
	}
	ran, err := w.runGuarded(inst, f, p, r, params)
	if !ran {
		return nil, false, nil
	}
	w.laneCalls++
	return fr.regRes, true, err
}

// CheckNumbers reports where the numbers convention of s (Sig.Numbers)
// disagrees with its fill and read, for engines' tests to run on many
// inputs: for ctx, nums must accept it and write each number and integer
// field as fill does, bit for bit, and return the params table fill
// writes; for finite results (one per Func.Returns), result must return
// what read returns, or decline. It returns nil for a Sig without Numbers.
func (s *Sig[C, H, R]) CheckNumbers(ctx *C, results []float64) error {
	if s.nums == nil {
		return nil
	}
	t := Table{vals: make([]value, len(s.kind.Ctx)), kind: s.kind}
	if s.fill != nil {
		s.fill(&t, ctx)
	}
	var xs [maxLaneFields]float64
	params, ok := s.nums(ctx, xs[:])
	if !ok {
		return fmt.Errorf("%s.%s: Numbers declined a ctx fill writes", s.kind.Name, s.name)
	}
	for i, f := range s.kind.Ctx {
		v := t.vals[i]
		switch {
		case f.Type == "number" || f.Type == "integer":
			if v.k != vNumber {
				return fmt.Errorf("%s.%s: ctx.%s: fill writes %s, Numbers %v", s.kind.Name, s.name, f.Name, v.desc(), xs[i])
			}
			if math.Float64bits(v.n) != math.Float64bits(xs[i]) {
				return fmt.Errorf("%s.%s: ctx.%s: fill writes %v, Numbers %v", s.kind.Name, s.name, f.Name, v.n, xs[i])
			}
		case v.k == vTable && v.params() != params:
			return fmt.Errorf("%s.%s: ctx.%s: Numbers returns another params table than fill writes", s.kind.Name, s.name, f.Name)
		}
	}
	if len(results) != s.nret {
		return fmt.Errorf("%s.%s: %d results, want %d", s.kind.Name, s.name, len(results), s.nret)
	}
	if !allFinite(results) {
		return nil // read's (see laneRead)
	}
	got, ok := s.result(results)
	if !ok {
		return nil
	}
	rs := slices.Clone(results)
	want, err := s.read(Results{nums: &rs, n: s.nret})
	if err != nil {
		return fmt.Errorf("%s.%s: results %v: Numbers accepts what read reports: %v", s.kind.Name, s.name, results, err)
	}
	// %#v tells -0 from 0.
	if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
		return fmt.Errorf("%s.%s: results %v: Numbers makes %+v, read %+v", s.kind.Name, s.name, results, got, want)
	}
	return nil
}

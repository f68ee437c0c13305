package plugin

import (
	"math"
	"strings"
	"testing"
)

// TestLane: which register code runs on the numbers convention
// (Sig.Numbers), and that a call gives the same results and errors on it
// as from the Table and on the VM, including when nums or result decline.
func TestLane(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lane      bool // the code can run on the convention (rprog.lane)
		a         float64
		want      []string // in the results, as describeResults writes them, or the error
		ran       bool     // calls ran on it
	}{
		{"plain", "function score(ctx) return ctx.a * 2, ctx.i end", true, 4, []string{"len 2:", "num=8(", "num=1("}, true},
		{"a host read", "function score(ctx) return g.get(ctx.i) + ctx.a end", true, 4, nil, true},
		{"params", "function score(ctx) return ctx.params.k or ctx.a end", true, 4, []string{"num=4("}, true},
		{"a missing param gives up", "function score(ctx) return ctx.params.k + 1 end", true, 4,
			[]string{"reg.lua:1:", "cannot perform add operation between nil and number"}, false},
		{"a boolean field", "function score(ctx) if ctx.f then return 1 end return ctx.a end", false, 4, []string{"num=1("}, false},
		{"one result", "function score(ctx) return ctx.a end", true, 4, []string{"num=4(", "[2 nil=true"}, true},
		{"result declines", "function score(ctx) return ctx.a, 1 end", true, 3, []string{"num=3("}, true},
		{"not finite", "function score(ctx) return ctx.a / 0, 1 end", true, 4, []string{"result 1 is +Inf, want a finite number"}, true},
		{"no result", "function score(ctx) end", true, 4, []string{"[1 nil=true", "[2 nil=true"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, rp := compileReg(t, c.name, c.src)
			defer p.close()
			if rp.lane != c.lane {
				t.Fatalf("lane %v, want %v", rp.lane, c.lane)
			}
			ctx := &diffCtx{fields: []diffField{{set: 'n', n: c.a}, {set: 'n', n: -1}, {set: 'i', n: 1}, {set: 'i', n: 2},
				{set: 'b', n: 1}, {set: 'p', p: NewParams(nil)}}}
			fn := p.kind.Func("score")
			for _, sig := range []*Sig[diffCtx, any, string]{p.laneSigs[fn], p.sigs[fn]} {
				before := p.fast.laneCalls
				// Hosts of a few salts: the recording hosts' Fast declines
				// some calls.
				for i := range uint64(8) {
					salt := i * 0x9e3779b97f4a7c15
					rf, ef := Call(p.fast, sig, p.ref, ctx, any(&diffHost{salt: salt}))
					rv, ev := Call(p.vm, sig, p.ref, ctx, any(&diffHost{salt: salt}))
					if rf != rv || describeError(ef) != describeError(ev) {
						t.Fatalf("fast %q %v, vm %q %v", rf, ef, rv, ev)
					}
					got := rf
					if ef != nil {
						got = ef.Error()
					}
					for _, w := range c.want {
						if !strings.Contains(got, w) {
							t.Errorf("got %q, want %q in it", got, w)
						}
					}
				}
				if ran := p.fast.laneCalls > before; ran != (c.ran && sig.nums != nil) {
					t.Errorf("Numbers %v: ran on the numbers convention: %v", sig.nums != nil, ran)
				}
			}
			// A ctx nums declines (a number field holding a string) goes
			// the general way.
			ctx.fields[1] = diffField{set: 's', s: "x"}
			before := p.fast.laneCalls
			rf, ef := Call(p.fast, p.laneSigs[fn], p.ref, ctx, any(&diffHost{}))
			rv, ev := Call(p.vm, p.laneSigs[fn], p.ref, ctx, any(&diffHost{}))
			if rf != rv || describeError(ef) != describeError(ev) {
				t.Fatalf("declined ctx: fast %q %v, vm %q %v", rf, ef, rv, ev)
			}
			if p.fast.laneCalls != before {
				t.Errorf("a ctx nums declines ran on the numbers convention")
			}
		})
	}
}

// TestCheckNumbers: CheckNumbers finds a Numbers that writes another field
// than fill, or another params table, or a result that read would not make.
func TestCheckNumbers(t *testing.T) {
	type ctx struct {
		a, b float64
		p    *Params
	}
	k := &Kind{Name: "test.nums", Ctx: []Field{{Name: "a", Type: "number"}, {Name: "b", Type: "integer"}, ParamsField},
		Funcs: []Func{{Name: "f", Returns: []Field{{Name: "x", Type: "number"}}}}}
	fill := func(t *Table, c *ctx) { t.Number(0, c.a); t.Int(1, int(c.b)); t.Params(2, c.p) }
	read := func(r Results) (float64, error) { return r.Number(1) }
	nums := func(c *ctx, xs []float64) (*Params, bool) { xs[0], xs[1] = c.a, float64(int(c.b)); return c.p, true }
	result := func(xs []float64) (float64, bool) { return xs[0], true }
	p := NewParams(map[string]float64{"k": 1})
	good := NewSig[ctx, any, float64](k, "f", fill, read, nil).Numbers(nums, result)
	for _, c := range []ctx{{1, 2, p}, {math.Copysign(0, -1), -3, nil}, {math.NaN(), 0, p}, {math.Inf(1), 7.5, p}} {
		for _, x := range []float64{0, math.Copysign(0, -1), 2.5, -1e300} {
			if err := good.CheckNumbers(&c, []float64{x}); err != nil {
				t.Errorf("%+v %v: %v", c, x, err)
			}
		}
	}
	for name, s := range map[string]*Sig[ctx, any, float64]{
		"swapped fields": NewSig[ctx, any, float64](k, "f", fill, read, nil).Numbers(func(c *ctx, xs []float64) (*Params, bool) {
			xs[0], xs[1] = c.b, c.a
			return c.p, true
		}, result),
		"integer not truncated": NewSig[ctx, any, float64](k, "f", fill, read, nil).Numbers(func(c *ctx, xs []float64) (*Params, bool) {
			xs[0], xs[1] = c.a, c.b
			return c.p, true
		}, result),
		"no params": NewSig[ctx, any, float64](k, "f", fill, read, nil).Numbers(func(c *ctx, xs []float64) (*Params, bool) {
			xs[0], xs[1] = c.a, float64(int(c.b))
			return nil, true
		}, result),
		"declines": NewSig[ctx, any, float64](k, "f", fill, read, nil).Numbers(func(c *ctx, xs []float64) (*Params, bool) {
			return nil, false
		}, result),
		"zero sign": NewSig[ctx, any, float64](k, "f", fill, read, nil).Numbers(nums, func(xs []float64) (float64, bool) {
			return xs[0] + 0, true
		}),
	} {
		c := ctx{1, 2.5, p}
		err1 := s.CheckNumbers(&c, []float64{1})
		err2 := s.CheckNumbers(&c, []float64{math.Copysign(0, -1)})
		if err1 == nil && err2 == nil {
			t.Errorf("%s: CheckNumbers found nothing", name)
		}
	}
}

// TestAllFinite: every length allFinite special-cases and the general loop,
// with each kind of non-finite value in each place.
func TestAllFinite(t *testing.T) {
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}
	finite := []float64{0, math.Copysign(0, -1), 1, -2.5, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}
	for n := 0; n <= 5; n++ {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = finite[(i*3+n)%len(finite)]
		}
		if !allFinite(xs) {
			t.Errorf("allFinite(%v) = false", xs)
		}
		for i := range xs {
			for _, b := range bad {
				ys := append([]float64(nil), xs...)
				ys[i] = b
				if allFinite(ys) {
					t.Errorf("allFinite(%v) = true", ys)
				}
			}
		}
	}
}

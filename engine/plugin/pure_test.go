package plugin

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestPure: Pure.Call runs exactly the code Call runs on the numbers
// convention when it is plain, with the result Call returns, and declines,
// changing nothing, everywhere else (and CallLane with it, except that it
// leaves the Sig's result and check to the engine): other code, another Sig, a ctx or a
// result the convention leaves to read, a result check rejects, a VM-only
// worker, a call in progress, a closed worker.
func TestPure(t *testing.T) {
	for _, c := range []struct {
		name, src string
		a         float64
		ran       bool
		lane      []float64 // what CallLane returns (nil: it declines)
	}{
		{"plain", "function score(ctx) return ctx.a * 2, ctx.i end", 4, true, []float64{8, 1}},
		{"a branch", "function score(ctx) if ctx.a < 0 then return -ctx.a, 1 end return ctx.a, 2 end", -4, true, []float64{4, 1}},
		{"a host read", "function score(ctx) return g.get(ctx.i) + ctx.a, 0 end", 4, false, nil},
		{"params", "function score(ctx) return ctx.params.k or ctx.a, 0 end", 4, false, nil},
		{"a boolean field", "function score(ctx) if ctx.f then return 1, 1 end return ctx.a, 1 end", 4, false, nil},
		{"one result", "function score(ctx) return ctx.a end", 4, false, nil},
		// The results are numbers the Sig's result declines: CallLane
		// leaves them to the engine.
		{"result declines", "function score(ctx) return ctx.a, 1 end", 3, false, []float64{3, 1}},
		{"not finite", "function score(ctx) return ctx.a / 0, 1 end", 4, false, nil},
		{"a loop", "function score(ctx) local s = 0 for i = 1, 3 do s = s + ctx.a end return s, 0 end", 4, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, _ := compileReg(t, c.name, c.src)
			defer p.close()
			fn := p.kind.Func("score")
			ctx := func() *diffCtx {
				return &diffCtx{fields: []diffField{{set: 'n', n: c.a}, {set: 'n', n: -1}, {set: 'i', n: 1}, {set: 'i', n: 2},
					{set: 'b', n: 0}, {set: 'p', p: NewParams(nil)}}}
			}
			sig := p.laneSigs[fn]
			pure := NewPure(p.fast, sig, p.ref)
			// CallLane on ctx's numbers, written as an engine writes them.
			callLane := func(pure *Pure[diffCtx, any, string], c *diffCtx) ([]float64, bool) {
				for i, f := range c.fields {
					pure.Lane()[i] = f.n
				}
				return pure.CallLane()
			}
			if _, ran := pure.Call(ctx()); ran {
				t.Fatalf("ran before the hook was instantiated")
			}
			if _, ran := callLane(pure, ctx()); ran {
				t.Fatalf("CallLane ran before the hook was instantiated")
			}
			if err := p.fast.Prepare(p.ref); err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				before := p.fast.laneCalls
				got, ran := pure.Call(ctx())
				if ran != c.ran {
					t.Fatalf("call %d: ran %v, want %v", i, ran, c.ran)
				}
				// A result the Sig's result declines ran on the lane.
				if !ran && (got != "" || p.fast.laneCalls != before && c.lane == nil) {
					t.Fatalf("call %d: declined with %q, after %d lane calls", i, got, p.fast.laneCalls-before)
				}
				want, err := Call(p.vm, sig, p.ref, ctx(), any(&diffHost{}))
				if ran && (err != nil || got != want) {
					t.Fatalf("call %d: Pure %q, Call on the VM %q, %v", i, got, want, err)
				}
				// The engine's fallback.
				if !ran {
					got, gerr := Call(p.fast, sig, p.ref, ctx(), any(&diffHost{}))
					if got != want || describeError(gerr) != describeError(err) {
						t.Fatalf("call %d: Call %q %v, on the VM %q %v", i, got, gerr, want, err)
					}
				}
				before = p.fast.laneCalls
				xs, lran := callLane(pure, ctx())
				if lran != (c.lane != nil) || lran && !slices.Equal(xs, c.lane) {
					t.Fatalf("call %d: CallLane %v %v, want %v", i, xs, lran, c.lane)
				}
				if !lran && p.fast.laneCalls != before {
					t.Fatalf("call %d: CallLane declined after %d lane calls", i, p.fast.laneCalls-before)
				}
				// The first call binds; Reset keeps the fast instances.
				if err := p.fast.Reset(seeded(1)); err != nil {
					t.Fatal(err)
				}
			}
			if !c.ran {
				return
			}
			for _, d := range []struct {
				name string
				pure *Pure[diffCtx, any, string]
				ctx  *diffCtx
			}{
				{"a Sig without Numbers", NewPure(p.fast, p.sigs[fn], p.ref), ctx()},
				{"a VM-only worker", NewPure(p.vm, sig, p.ref), ctx()},
				{"a ctx nums declines", pure, &diffCtx{fields: []diffField{{set: 's', s: "4"}, {set: 'n'}, {set: 'i'}, {set: 'i'}, {set: 'b'}, {set: 'p', p: NewParams(nil)}}}},
				{"a result check rejects", NewPure(p.fast, rejecting(sig), p.ref), ctx()},
			} {
				if got, ran := d.pure.Call(d.ctx); ran {
					t.Errorf("%s: ran, with %q", d.name, got)
				}
			}
			for _, d := range []struct {
				name string
				pure *Pure[diffCtx, any, string]
			}{
				{"a Sig without Numbers", NewPure(p.fast, p.sigs[fn], p.ref)},
				{"a VM-only worker", NewPure(p.vm, sig, p.ref)},
			} {
				if xs, ran := callLane(d.pure, ctx()); ran {
					t.Errorf("%s: CallLane ran, with %v", d.name, xs)
				}
			}
			p.fast.busy = true
			if _, ran := pure.Call(ctx()); ran {
				t.Errorf("ran during a call in progress")
			}
			if _, ran := callLane(pure, ctx()); ran {
				t.Errorf("CallLane ran during a call in progress")
			}
			p.fast.busy = false
			p.fast.Close()
			if _, ran := pure.Call(ctx()); ran {
				t.Errorf("ran on a closed worker")
			}
			if _, ran := callLane(pure, ctx()); ran {
				t.Errorf("CallLane ran on a closed worker")
			}
		})
	}
}

// rejecting returns s with a check that rejects every result.
func rejecting(s *Sig[diffCtx, any, string]) *Sig[diffCtx, any, string] {
	r := *s
	r.check = func(x string) error {
		if strings.HasPrefix(x, "len") {
			return errors.New("rejected")
		}
		return nil
	}
	return &r
}

// TestPureGenerated: random plain scripts of two results (arithmetic,
// comparisons, branches and locals over the number fields), each called
// with random inputs on the VM and, every other call, through Pure first:
// the results agree, and Pure runs most of the calls it is offered.
func TestPureGenerated(t *testing.T) {
	scripts, calls := 200, 60
	if testing.Short() {
		scripts = 40
	}
	ran, offered := 0, 0
	for seed := range uint64(scripts) {
		src := generatePure(seed)
		p, err := newDiffPair(t, regKind, "pure.lua", src, Limits{})
		if err != nil {
			t.Fatalf("seed %d does not load: %v\n%s", seed, err, src)
		}
		if p.hook.fast == nil && strings.Contains(p.hook.fastWhy, "constant -0") {
			// gopher-lua merges the constants 0 and -0 (see fast.go).
			p.close()
			continue
		}
		if p.hook.fast == nil {
			t.Fatalf("seed %d: not on the fast path: %s\n%s", seed, p.hook.fastWhy, src)
		}
		if rp := p.hook.fast.fns[p.kind.Func("score")].reg; rp == nil || !rp.plain || !rp.lane {
			t.Fatalf("seed %d: no plain register code on the numbers convention\n%s", seed, src)
		}
		p.run(fmt.Sprintf("seed %d", seed), src, seed, calls, false)
		ran += p.pureRan
		offered += p.calls / 2
		p.close()
	}
	t.Logf("Pure ran %d of the %d calls offered to it", ran, offered)
	// nums declines a ctx with a field of another type (1 in 12 per field),
	// and Pure a result that is not finite.
	if ran < offered/2 {
		t.Errorf("Pure ran only %d of the %d calls offered to it", ran, offered)
	}
}

// generatePure returns a plain script of seed: locals and branches over the
// number fields, two results.
func generatePure(seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 0x9e7))
	vars := []string{"ctx.a", "ctx.b", "ctx.i", "ctx.j", "2", "0.5", "-3", "100"}
	var expr func(depth int) string
	expr = func(depth int) string {
		if depth == 0 || r.IntN(3) == 0 {
			return vars[r.IntN(len(vars))]
		}
		switch r.IntN(6) {
		case 0:
			return "(- " + expr(depth-1) + ")"
		case 1:
			return "math.floor(" + expr(depth-1) + ")"
		default:
			return "(" + expr(depth-1) + " " + string("+-*/"[r.IntN(4)]) + " " + expr(depth-1) + ")"
		}
	}
	cmp := func() string {
		return expr(1) + " " + []string{"<", "<=", ">", ">=", "==", "~="}[r.IntN(6)] + " " + expr(1)
	}
	var b strings.Builder
	b.WriteString("function score(ctx)\n")
	for i := range r.IntN(3) {
		name := fmt.Sprintf("x%d", i)
		fmt.Fprintf(&b, "\tlocal %s = %s\n", name, expr(2))
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "\tif %s then\n\t\t%s = %s\n\tend\n", cmp(), name, expr(2))
		}
		vars = append(vars, name)
	}
	if r.IntN(2) == 0 {
		fmt.Fprintf(&b, "\tif %s then\n\t\treturn %s, %s\n\tend\n", cmp(), expr(2), expr(2))
	}
	fmt.Fprintf(&b, "\treturn %s, %s\nend\n", expr(3), expr(3))
	return b.String()
}

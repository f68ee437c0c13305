package compiled

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// fastCallCases are scripts with loops and local functions, each compared
// with the VM on random inputs (TestFastCallCases).
var fastCallCases = []string{
	// Local functions: multiple results, ctx as a value, recursion, tail calls.
	luaIdiv + `function run(ctx)
	return idiv(ctx.a, ctx.b), idiv(ctx.i, 3)
end`,
	`local function two(c, x)
	return c.a + x, c.params.x or 0
end
function run(ctx)
	local a, b = two(ctx, 1)
	local c, d, e = two(ctx, ctx.b), 7
	return a, b, c + d + (e or 0)
end`,
	`local function f(c) return c end
local function g(c, k) return f(c).a, c == f(c), c ~= nil, k end
function run(ctx)
	return g(ctx)
end`,
	`local function fact(n)
	if n <= 1 then return 1 end
	return n * fact(n - 1)
end
function run(ctx)
	return fact(ctx.i), fact(5)
end`,
	`local function down(n, acc)
	if n <= 0 then return acc end
	return down(n - 1, acc + n)
end
function run(ctx)
	return down(ctx.i * 10, 0)
end`,
	`local function fib(n)
	if n < 2 then return n end
	local a = fib(n - 1)
	local b = fib(n - 2)
	return a + b
end
function run(ctx)
	return fib(ctx.i)
end`,
	`local function boom(x, c) return x + c end
function run(ctx) return boom(ctx.a, ctx) end`,
	`local function boom(x, c) return x < c, x.y end
function run(ctx) return boom(ctx.a, ctx), boom(ctx, ctx) end`,
	`local function cmp(c) return c.nope, c.params, c.i < c end
function run(ctx) return cmp(ctx) end`,
	`local function pass(c) h.log(c, c.params) return h.num(c), h.pair(c) end
function run(ctx) local c = ctx h.log(ctx) return pass(c) end`,
	`local function boom(x) return x + nil end
local function mid(x) local y = boom(x) return y end
function run(ctx) return mid(ctx.a) end`,
	`local function none() end
local function some() return 1, 2, 3 end
function run(ctx)
	local a, b = none()
	local c = some(), none()
	h.log(some())
	h.log(some(), none())
	h.log((some()))
	return a, b, c
end`,
	`local f = function(x) if x > 0 then return f(x - 1) + 1 end return 0 end
function run(ctx) return f(ctx.i) end`,
	// Numeric for.
	`function run(ctx)
	local s = 0
	for i = 1, ctx.i do s = s + i end
	for i = ctx.i, 1, -1 do s = s * 2 + i end
	for i = 0.5, 3, 0.75 do s = s + i end
	return s
end`,
	`function run(ctx)
	local s = 0
	for i = ctx.a, ctx.b, ctx.c do
		s = s + 1
		if s > 50 then return s, i end
	end
	return s
end`,
	`function run(ctx)
	for i = 1, 3 do i = i * 10 h.log(i) end
	for i = ctx.s, 3 do end
	return 1
end`,
	`function run(ctx) for i = 1, ctx.s do end return 2 end`,
	`function run(ctx) for i = 1, 2, ctx.s do end return 3 end`,
	`function run(ctx) for i = 1, 0, 0 do return i end for i = 0, 0, 0 do return i end end`,
	`function run(ctx)
	local n = 0
	for i = 1, 3 do
		for j = i, 3 do
			local k = i * j
			n = n + k
		end
	end
	return n
end`,
	// ipairs over host arrays.
	`function run(ctx)
	local s = 0
	for i, x in ipairs(h.list(ctx.a)) do
		s = s + i * x
		for j, y in ipairs(h.list(x)) do s = s + y end
	end
	return s
end`,
	`function run(ctx)
	for _, x in ipairs(h.list(ctx.a)) do
		if x > 10 then return x end
	end
	for i in ipairs(h.list(ctx.b)) do h.log(i) end
	for i, x, y in ipairs(h.list(ctx.c)) do h.log(i, x, y) end
	return 0
end`,
	`function run(ctx) for i, x in ipairs(ctx) do return i end for i, x in ipairs(ctx.params) do return x end return 1 end`,
	`function run(ctx) for i, x in ipairs(ctx.a) do return i end end`,
	`function run(ctx) for i, x in ipairs() do return i end end`,
	`function run(ctx) for i, x in ipairs(h.num(1)) do return i end end`,
	`local function sum(n)
	local s = 0
	for _, x in ipairs(h.list(n)) do s = s + x end
	return s
end
function run(ctx)
	local t = 0
	for i = 1, 3 do t = t + sum(ctx.a + i) end
	return t, sum(ctx.b)
end`,
	// Numeric local functions (fastnum.go): ctx fields through a
	// parameter, nested and tail calls, two results, every operator and
	// math function of their subset; non-numbers make calls take the
	// general form.
	`local K = 3
local function idiv(a, b)
	local q = a / b
	if q < 0 then return math.ceil(q) end
	return math.floor(q)
end
local function share(c, v, x)
	if x == c.i then
		return v
	elseif x > c.a and not (x >= c.b) or x ~= x or x <= -1 and x < 0 then
		return -v
	end
	do
		local m = math.max(v, x, K) - math.min(x, v)
		v = m % 7 + m ^ 0.5 + math.abs(-x) + math.sqrt(K) * math.pi - m * 0
	end
	return idiv(v * c.a, 100)
end
local function pair(c, x)
	return share(c, x, x + 1), idiv(x, K) - math.huge
end
local function neg(x) return -x end
function run(ctx)
	local a, b = pair(ctx, ctx.i)
	local s = 0
	for i = 1, 5 do
		s = s + share(ctx, i, ctx.a) + idiv(i * 7, ctx.b)
	end
	return a, b, s, neg(0), neg(ctx.f), (pair(ctx, ctx.f))
end`,
	`local function f(c, x) return c.a * x, c.b end
function run(ctx)
	local x, y, z = f(ctx, ctx.i)
	return x, y, z, f(ctx.params, 1), f(ctx, 1, 2), f(ctx), f(1, ctx)
end`,
	// math.random without arguments.
	`function run(ctx) local d = ctx.a d = d + math.floor(0.15 * math.random() * d) return d end`,
}

// TestFastCallCases runs fastCallCases through both paths.
func TestFastCallCases(t *testing.T) {
	t.Parallel()
	for i, src := range fastCallCases {
		p, err := newDiffPair(t, fastKind, "call.lua", src, plugin.Limits{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, src)
		}
		if fastOf(p.hook) == nil {
			t.Errorf("case %d: not on the fast path: %s\n%s", i, whyOf(p.hook), src)
		}
		p.run(fmt.Sprintf("case %d", i), src, uint64(i), 200, false)
		p.close()
	}
}

// TestFastCallLimits: hostile scripts using loops and local functions are
// stopped on both paths with the same limit and message.
func TestFastCallLimits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src   string
		limit plugin.Limit
	}{
		{"function run(ctx) for i = 1, math.huge do end end", plugin.LimitInstructions},
		{"function run(ctx) local n = 0 for i = 1, 0, 0 do n = n + 1 end return n end", plugin.LimitInstructions},
		{"function run(ctx) for i = 1, 1e9 do for _, x in ipairs(h.list(3)) do end end end", plugin.LimitInstructions},
		{"local function f(n) return f(n + 1) end\nfunction run(ctx) return f(1) end", plugin.LimitInstructions},
		{"local function f(n) return 1 + f(n + 1) end\nfunction run(ctx) return f(1) end", plugin.LimitStack},
		{"local function f(n) local x = math.floor(n) return f(x + 1) + 1 end\nfunction run(ctx) return f(1) end", plugin.LimitStack},
		{"local function f(n) for _, x in ipairs(h.list(1)) do end return f(n + 1) + 1 end\nfunction run(ctx) return f(1) end", plugin.LimitStack},
		{"local function f(n) h.int(7) h.pick(\"slow\") return 1 + f(n + 1) end\nfunction run(ctx) return f(1) end", plugin.LimitStack},
		// Numeric local functions near the limits take the general form.
		{"local function g(x) return math.floor(x) end\nlocal function h2(x) return g(x) + g(x) end\nlocal function f(n) return 1 + h2(n) + f(n + 1) end\nfunction run(ctx) return f(1) end", plugin.LimitStack},
		{"local function g(x) local a = x local b = a return b end\nfunction run(ctx) local s = 0 for i = 1, 1e9 do s = s + g(i) end return s end", plugin.LimitInstructions},
	}
	for i, c := range cases {
		for _, depth := range []int{0, 20, 21} {
			p, err := newDiffPair(t, fastKind, "limit.lua", c.src, plugin.Limits{MaxInstructions: 20_000, MaxCallDepth: depth})
			if err != nil {
				t.Fatal(err)
			}
			if fastOf(p.hook) == nil {
				t.Fatalf("case %d: not on the fast path: %s", i, whyOf(p.hook))
			}
			ctx := &diffCtx{fields: make([]diffField, len(p.kind.Ctx))}
			_, ef := plugin.Call(p.fast, p.sigs[0], p.ref, ctx, any(&diffHost{salt: 4}))
			_, ev := plugin.Call(p.vm, p.sigs[0], p.ref, ctx, any(&diffHost{salt: 4}))
			for _, err := range []error{ef, ev} {
				e, ok := err.(*plugin.Error)
				if !ok || e.Limit != c.limit {
					t.Errorf("case %d depth %d: got %v, want limit %q\n%s", i, depth, err, c.limit, c.src)
				}
			}
			if ef != nil && ev != nil {
				mf, mv := ef.(*plugin.Error).Message, ev.(*plugin.Error).Message
				if mf != mv {
					t.Errorf("case %d: messages differ: fast %q, vm %q", i, mf, mv)
				}
				if c.limit == plugin.LimitStack && describeError(ef) != describeError(ev) {
					t.Errorf("case %d depth %d: errors differ:\n fast %s\n vm   %s", i, depth, describeError(ef), describeError(ev))
				}
			}
			p.close()
		}
	}
}

// TestFastCallHugeArray: ipairs over an array far longer than the
// instruction budget allows is stopped on both paths alike.
func TestFastCallHugeArray(t *testing.T) {
	t.Parallel()
	k := *fastKind
	k.Host = append([]plugin.HostFunc(nil), fastKind.Host...)
	xs := make([]int, 300_000)
	for i := range k.Host {
		if k.Host[i].Name == "list" {
			k.Host[i].Impl = func(_ any, a *plugin.Args) { a.ReturnInts(xs) }
		}
	}
	src := "function run(ctx) local n = 0 for _, x in ipairs(h.list(1)) do n = n + x end return n end"
	fast, vm, _ := limitOnBoth(t, &k, src, plugin.Limits{MaxInstructions: 100_000}, nil)
	if fast != vm {
		t.Errorf("messages differ: fast %q, vm %q", fast, vm)
	}
}

// limitOnBoth registers src as the hook "h" of kind under limits (after
// check, if given, has seen the hook) and calls its first function with an
// empty ctx on a fast-path worker and on a VM worker: both must stop at
// the instruction limit. It returns the two messages and how many times the
// fast worker's register code gave up.
func limitOnBoth(t *testing.T, kind *plugin.Kind, src string, limits plugin.Limits, check func(*plugin.LuaHook)) (fast, vm string, bails int) {
	t.Helper()
	reg, err := compilingRegistry([]*plugin.Kind{kind}, testLimits(limits))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.AddLua(kind, "h", "limit.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	ref, _ := reg.Lookup(kind, "h")
	if check != nil {
		h, _ := reg.Hook(ref)
		check(h.(*plugin.LuaHook))
	}
	sig := diffSigs(kind)[0]
	var msgs []string
	for _, noFast := range []bool{false, true} {
		w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: noFast})
		_, err := plugin.Call(w, sig, ref, &diffCtx{fields: make([]diffField, len(kind.Ctx))}, any(nil))
		e, ok := err.(*plugin.Error)
		if !ok || e.Limit != plugin.LimitInstructions {
			t.Fatalf("no fast path %v: got %v, want the instruction limit\n%s", noFast, err, src)
		}
		if !noFast {
			bails = bailsOf(w)
		}
		msgs = append(msgs, e.Message)
		w.Close()
	}
	return msgs[0], msgs[1], bails
}

// TestFastCallCount: the instructions the fast path counts for loops and
// calls grow with the work and stay at most the VM's count.
func TestFastCallCount(t *testing.T) {
	t.Parallel()
	src := `local function f(x) local y = x + 1 return y end
function run(ctx)
	local s = 0
	for i = 1, ctx.i do s = s + f(i) end
	for _, x in ipairs(h.list(1)) do s = s + x end
	return s
end`
	p, err := newDiffPair(t, fastKind, "count.lua", src, plugin.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	prev := int64(-1)
	for _, n := range []int{0, 10, 100} {
		ctx := &diffCtx{fields: make([]diffField, len(p.kind.Ctx))}
		ctx.fields[3] = diffField{set: 'i', n: float64(n)}
		if d, _ := p.call(0, ctx, 1); d != "" {
			t.Fatal(d)
		}
		fast, vm := frameOf(p.fast).n, p.vm.Instructions()
		if fast < int64(2*n) || fast <= prev || fast > vm {
			t.Errorf("%d iterations: fast path counted %d (before: %d), the VM %d", n, fast, prev, vm)
		}
		prev = fast
	}
}

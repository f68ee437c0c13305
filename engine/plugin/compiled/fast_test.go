package compiled

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// TestFastGenerated compares the fast path with the VM on randomly
// generated hooks in the subset: nested conditions, locals, and/or/not,
// arithmetic, comparisons, math and host calls, nil params, early returns,
// local functions (calls, tail calls, ctx passed or not), numeric for loops
// and ipairs over host arrays.
func TestFastGenerated(t *testing.T) {
	t.Parallel()
	scripts, calls := 50, 40
	// SANDTABLE_FASTGEN=n checks n scripts instead, for a longer soak;
	// FuzzFastGenerated goes on with other seeds.
	if n, err := strconv.Atoi(os.Getenv("SANDTABLE_FASTGEN")); err == nil {
		scripts = n
	}
	compiled, failed, total := 0, 0, 0
	for seed := range uint64(scripts) {
		src := generate(seed)
		p, err := newDiffPair(t, fastKind, "gen.lua", src, plugin.Limits{})
		if err != nil {
			t.Fatalf("seed %d does not load: %v\n%s", seed, err, src)
		}
		if fastOf(p.hook) == nil {
			if !strings.Contains(whyOf(p.hook), "constant -0") {
				t.Fatalf("seed %d: not on the fast path: %s\n%s", seed, whyOf(p.hook), src)
			}
		} else {
			compiled++
		}
		failed += p.run(fmt.Sprintf("seed %d", seed), src, seed, calls, false)
		total += calls
		p.close()
	}
	t.Logf("%d of %d scripts compiled; %d of %d calls failed (alike)", compiled, scripts, failed, total)
	if compiled < scripts*9/10 {
		t.Errorf("only %d of %d generated scripts compiled", compiled, scripts)
	}
}

// FuzzFastGenerated is TestFastGenerated's soak: the generated script of
// each seed the fuzzer tries, compared with the VM.
//
//	go test ./engine/plugin/compiled -run XXX -fuzz FuzzFastGenerated -fuzztime 1m
func FuzzFastGenerated(f *testing.F) {
	for _, seed := range []uint64{600, 601} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		src := generate(seed)
		p, err := newDiffPair(t, fastKind, "gen.lua", src, plugin.Limits{})
		if err != nil {
			t.Fatalf("seed %d does not load: %v\n%s", seed, err, src)
		}
		defer p.close()
		if fastOf(p.hook) == nil && !strings.Contains(whyOf(p.hook), "constant -0") {
			t.Fatalf("seed %d: not on the fast path: %s\n%s", seed, whyOf(p.hook), src)
		}
		p.run(fmt.Sprintf("seed %d", seed), src, seed, 40, false)
	})
}

// FuzzFastPath compiles arbitrary source for fastKind and, when it is on the
// fast path, compares it with the VM on random inputs. The seed corpus
// (testdata/fuzz/FuzzFastPath and the cases below) runs in every go test.
func FuzzFastPath(f *testing.F) {
	for _, s := range fastEdgeCases {
		f.Add("function run(ctx)\n  " + s + "\nend\n")
	}
	for seed := range uint64(20) {
		f.Add(generate(1000 + seed))
	}
	for _, src := range fastCallCases {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := newDiffPair(t, fastKind, "fuzz.lua", src, plugin.Limits{MaxInstructions: 100_000})
		if err != nil {
			return // does not compile for the VM either
		}
		defer p.close()
		p.run("fuzz", src, 1, 20, false)
	})
}

// fastEdgeCases are function bodies probing the semantics a compiler could
// get subtly wrong.
var fastEdgeCases = []string{
	"return 0 and 1, nil or false, false or nil",
	"return nil and 1, false and nil, 0 or 1",
	"return not nil, not 0, not ctx.nope",
	"return - ctx.a, - (ctx.a * 0), 0 * - 1",
	"local z = 0 return - z, 1 / - z, z * - 1",
	"return ctx.a % 0, ctx.a % - 0.5, - ctx.a % 3",
	"return 5 % - 3, - 5 % 3, 5.5 % 2",
	"return 1 / 0, - 1 / 0, 0 / 0",
	"return 2 ^ 0.5, (- 8) ^ (1 / 3), 0 ^ 0",
	"return ctx.a ^ ctx.b, ctx.a ^ 0, 1 ^ (0 / 0)",
	"return (0 / 0) == (0 / 0), (0 / 0) < 1, (0 / 0) >= (0 / 0)",
	`return "a" < "b", "a" < "B", "" < "a"`,
	`return "10" < "9", "abc" <= "abc", "b\000" > "b"`,
	`return "10" + 1, " 5 " * 2, "0x10" - 0`,
	`return "1e2" / 4, - "3", "nan" + 0`,
	`return "abc" + 1`,
	`return 1 < "2"`,
	"return ctx.nope + 1",
	"return ctx.params < 1",
	"return ctx.f < ctx.f",
	"return nil < nil",
	"return ctx.params.x, ctx.params.y == nil, ctx.params == ctx.params",
	"local p = ctx.params return p.x or 4, p.burn and p.burn * 2, p",
	`return ctx.s.len, ctx.s.nope, ("x").len == ("y").len`,
	"return ctx.a.x",
	"return math.floor(ctx.a), math.ceil(ctx.a), math.abs(ctx.a)",
	"return math.sqrt(ctx.a), math.max(ctx.a, ctx.b, ctx.c), math.min(ctx.a, ctx.b)",
	"return math.max(0 / 0, 1), math.max(1, 0 / 0), math.min(- 0, 0)",
	`return math.floor("2.5"), math.max(1, "3"), math.abs(" -2 ")`,
	"return math.max()",
	"return math.floor(nil)",
	`return math.min(1, "x")`,
	"return math.huge, - math.huge, math.pi",
	"return h.pair(ctx.a)",
	"return (h.pair(ctx.a))",
	"return h.pair(ctx.a), 1",
	"local a, b, c = h.pair(ctx.a) return c, b, a",
	"local a, b = 1 return a, b",
	"local a = 1, h.log(2) return a",
	"h.log(h.pair(ctx.a)) h.log((h.pair(ctx.b)), h.pair(ctx.c)) return 1",
	"h.log() h.log(nil) h.log(nil, nil) return h.num(ctx.a)",
	"return h.int(ctx.a), h.str(ctx.s), h.pick(ctx.e)",
	"h.flag(ctx.f) return h.num(h.num(ctx.a) + 1)",
	`h.log(ctx.params, ctx.s, ctx.f, "", 0 / 0) return`,
	"local x = ctx.a if x > 0 then x = x * 2 elseif x < 0 then return - x else do local x = 5 return x end end return x",
	"local x = 1 do local x = 2 end return x",
	"local x = 1 local x = x + 1 return x",
	"if ctx.a then return 1 end return 2",
	"if ctx.a > 0 and ctx.b > 0 or ctx.c > 0 then return 1 end return 0",
	"if not (ctx.a < ctx.b) then return ctx.a end return ctx.b",
	"local x = ctx.a < ctx.b or ctx.c return x",
	"local x = ctx.a and ctx.b < ctx.c return x",
	"local x = ctx.a > 0 and ctx.a or - ctx.a return x",
	"return ctx.i == 3, ctx.e == \"slow\", ctx.f == true",
	"return ctx.a == ctx.b, ctx.a ~= ctx.a, ctx.s == ctx.s",
}

// TestFastEdgeCases runs fastEdgeCases through both paths.
func TestFastEdgeCases(t *testing.T) {
	t.Parallel()
	for i, body := range fastEdgeCases {
		src := "function run(ctx)\n  " + body + "\nend\n"
		p, err := newDiffPair(t, fastKind, "edge.lua", src, plugin.Limits{})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if fastOf(p.hook) == nil && !strings.Contains(whyOf(p.hook), "constant -0") {
			t.Errorf("case %d %q: not on the fast path: %s", i, body, whyOf(p.hook))
		}
		p.run(fmt.Sprintf("case %d", i), src, uint64(i), 300, false)
		p.close()
	}
}

// TestFastSubset: which scripts the fast path takes, and that the others
// still run (on the VM) alike.
func TestFastSubset(t *testing.T) {
	t.Parallel()
	fn := func(body string) string { return "function run(ctx)\n" + body + "\nend\n" }
	cases := []struct {
		src  string
		fast bool
	}{
		{fn("return 1"), true},
		{"local K, L = 2, 'x'\nlocal M = K * 3\n" + fn("return M, L"), true},
		{"local K = math.floor(2.5)\nlocal N\n" + fn("return K, N"), true},
		{fn("local a, b = 1, 2\na = b\nreturn a"), true},
		{fn("h.log(1)") + "function alt(ctx) return 2 end", true},
		{fn("return ctx.params.x or 1"), true},
		{fn("for i = 1, 3 do end return 1"), true},
		{fn("return math.random()"), true},
		{fn("return ctx"), true},
		{"local function f() end\n" + fn("return 1"), true},
		{"local function f(c) return c.a end\n" + fn("return f(ctx)"), true},
		{fn("for _, x in ipairs(h.list(3)) do h.log(x) end"), true},
		// Outside the subset.
		{fn("local xs = h.list(3) return 1"), false},
		{fn("for k, v in pairs(ctx) do end return 1"), false},
		{fn("local function f() end return 1"), false},
		{"local function f() end\n" + fn("return f"), false},
		{"local function f() end\nlocal K = f()\n" + fn("return K"), false},
		{fn("while false do end return 1"), false},
		{fn("local t = {} return 1"), false},
		{fn("return 'a' .. 'b'"), false},
		{fn("return #'abc'"), false},
		{fn("return math.fmod(5, 3)"), false},
		{fn("return ('x'):upper()"), false},
		{fn("return string.len('x')"), false},
		{fn("return print"), false},
		{fn("x = 1 return x"), false},
		{fn("local a, b = 1, 2\na, b = b, a\nreturn a, b"), false},
		{fn("ctx = 1 return 1"), false},
		{fn("local f = function() end return 1"), false},
		{fn("return ctx[1]"), false},
		{fn("return h.nope()"), false},
		{fn("local h = 1 return h.log(1)"), false},
		{"function run(ctx, ...) return 1 end", false},
		{"function run(ctx, a) a = 1 return a end", false},
		{"local n = 0\nfunction run(ctx) n = n + 1 return n end", false},
		{"print('x')\n" + fn("return 1"), false},
		{"g = 1\n" + fn("return 1"), false},
		{fn("return 1") + fn("return 2"), false},
		{"local K = nil + 1\n" + fn("return 1"), false},
		{"local K = h.num(1)\n" + fn("return K"), false},
		{fn("return 0 * -1"), false},
		{"local K = -0\n" + fn("return K"), false},
		{"function run(ctx) return 1 end\nfunction bogus() end", false},
		{"function run(ctx) return 1 end\nfunction alt(ctx) while true do end end", false},
	}
	for i, c := range cases {
		p, err := newDiffPair(t, fastKind, "subset.lua", c.src, plugin.Limits{})
		if err != nil {
			t.Fatalf("case %d does not load: %v\n%s", i, err, c.src)
		}
		if got := fastOf(p.hook) != nil; got != c.fast {
			t.Errorf("case %d: fast path %v (%s), want %v\n%s", i, got, whyOf(p.hook), c.fast, c.src)
		}
		p.run(fmt.Sprintf("case %d", i), c.src, uint64(i), 20, false)
		p.close()
	}
}

// TestFastCorpusFiles keeps testdata/fuzz/FuzzFastPath seeded with
// generated scripts; run with SANDTABLE_UPDATE=1 to rewrite them.
func TestFastCorpusFiles(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzFastPath")
	if os.Getenv("SANDTABLE_UPDATE") == "" {
		if files, _ := os.ReadDir(dir); len(files) == 0 {
			t.Errorf("%s is empty; regenerate with SANDTABLE_UPDATE=1", dir)
		}
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(16) {
		body := fmt.Sprintf("go test fuzz v1\nstring(%q)\n", generate(5000+seed))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("generated-%02d", seed)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

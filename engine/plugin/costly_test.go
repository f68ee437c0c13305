package plugin_test

import (
	"strconv"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/plugintest"
)

// TestCostlyOperations: every operation whose work grows with its operands
// (# and next on a sparse table or one with deleted keys, the string and
// table functions on large inputs) is stopped at its line by a counted
// limit, on both routes, idle and under load (plugintest.RunCostly; the
// games' hook packages run the same catalogue on their kinds).
func TestCostlyOperations(t *testing.T) {
	t.Parallel()
	call := func(w *plugin.Worker, ref plugin.Ref) error {
		_, err := plugin.Call(w, testRun, ref, &struct{}{}, nil)
		return err
	}
	t.Run("default", func(t *testing.T) {
		t.Parallel()
		plugintest.RunCostly(t, plugintest.Route{Kinds: []*plugin.Kind{testKind}, Kind: testKind, Func: "run", Call: call})
	})
	// With the largest memory budget a scenario may set, even the functions
	// that build large results end on their instruction charge.
	t.Run("memory_budget_max", func(t *testing.T) {
		t.Parallel()
		mem := plugin.BudgetBounds()[1].Max
		plugintest.RunCostly(t, plugintest.Route{Kinds: []*plugin.Kind{testKind}, Kind: testKind, Func: "run", Call: call,
			Limits: plugin.Limits{MaxAllocBytes: mem}, VMOnly: true})
	})
}

// TestChargedOperationsMatchVM: the charged forms of #, next and the table
// functions that find a length compute what gopher-lua's own do (the
// sandbox's # is a call of a Go function; next, getn and maxn wrap
// gopher-lua's), on plain, sparse and metatabled tables and on tables with
// deleted keys, errors included.
func TestChargedOperationsMatchVM(t *testing.T) {
	t.Parallel()
	const sparse = "local t = {}; t[1000] = 1; t[1000] = nil; t[1] = 'a'; t[3] = 'c'; "
	const deleted = "local t = {}; for i = 1, 20 do t['k' .. i] = i end; for i = 1, 19 do t['k' .. i] = nil end; t.z = 0; "
	const walk = "local o = ''; for k, v in pairs(t) do o = o .. tostring(k) .. '=' .. tostring(v) .. ';' end; "
	cases := []string{
		`return #"héllo" .. " " .. #"" .. " " .. #{1, 2, 3} .. " " .. #{}`,
		`local t = {1, 2, 3}; t[3] = nil; return #t .. " " .. #{1, 2, nil} .. " " .. #{n = 1}`,
		sparse + `return #t .. " " .. table.getn(t) .. " " .. table.maxn(t) .. " " .. select("#", unpack(t))`,
		sparse + `t[3] = nil; return #t .. " " .. table.concat(t, ",") .. " " .. table.maxn(t)`,
		`local t = setmetatable({}, {__len = function(t) return 7 end}); return #t .. ""`,
		`local t = setmetatable({1}, {__len = function(t) return "many" end}); return #t`,
		`local t = setmetatable({1, 2}, {__len = {}}); return #t .. ""`,
		`local f = function() return {1, 2}, 5 end; return #f() .. ""`,
		`local x = 0; local t = {}; for i = 1, 5 do t[i] = i end; for i = 1, #t do x = x + #t end; return x .. ""`,
		sparse + walk + `return o`,
		deleted + walk + `return o .. tostring(next(t, "k20"))`,
		deleted + `return tostring(next(t)) .. tostring(next({})) .. tostring(next(t, "z"))`,
		`local t = {10, 20, x = 1, y = 2}; t.x = nil; t[2] = nil; ` + walk + `return o .. tostring(next(t, 1))`,
		`local t = {}; t[1.5] = 1; t[-1] = 2; t[true] = 3; ` + walk + `return o`,
		`local a, b, c = 1, 2, 2; return tostring(a < b) .. tostring(b <= c) .. tostring(a > b) .. tostring(c >= b) .. tostring(b < c)`,
		`local a, b, c = "abc", "abd", "ab"; return tostring(a < b) .. tostring(c < a) .. tostring(a <= a) .. tostring(b > a) .. tostring(c >= a) .. tostring("" < c)`,
		`local a, b = "\255", "\1"; return tostring(a < b) .. tostring(a >= b)`,
		`local o = ""; local function f(x) o = o .. x; return x end; local r = f(1) > f(2); local q = f(4) >= f(3); return o .. tostring(r) .. tostring(q)`,
		`local mt = {__lt = function(a, b) return a.v < b.v end}; local x, y = setmetatable({v = 1}, mt), setmetatable({v = 2}, mt); return tostring(x < y) .. tostring(x > y) .. tostring(x <= y) .. tostring(y >= x)`,
		`local mt = {__le = function(a, b) return "yes" end, __lt = function() return nil end}; local x, y = setmetatable({}, mt), setmetatable({}, mt); return tostring(x <= y) .. tostring(x < y) .. tostring(x >= y)`,
		`local x, y = setmetatable({}, {__lt = function() return true end}), setmetatable({}, {__lt = function() return true end}); return tostring(x < y)`,
		`local x, y = {}, {}; return tostring(x <= y)`,
		`local a, b = 1, "2"; return tostring(a < b)`,
		`local a, b = 1, "2"; return tostring(a > b)`,
		`local a, b = nil, 2; return tostring(a >= b)`,
		`local a, b = true, false; return tostring(a < b)`,
		`local a, b, c, d = 1, 1, "1", nil; local e; return tostring(a == b) .. tostring(a == c) .. tostring(a ~= c) .. tostring(d == e) .. tostring(c ~= "1" .. "")`,
		`local t, u = {}, {}; local f, g = print, print; return tostring(t == u) .. tostring(t == t) .. tostring(t ~= u) .. tostring(f == g) .. tostring(f ~= t) .. tostring(true == (1 < 2))`,
		`local mt = {__eq = function(a, b) return a.v == b.v end}; local x, y, z = setmetatable({v = 1}, mt), setmetatable({v = 1}, mt), setmetatable({v = 1}, {__eq = mt.__eq}); local w = setmetatable({v = 1}, {__eq = function() return true end}); return tostring(x == y) .. tostring(x ~= y) .. tostring(x == z) .. tostring(x == w)`,
		`local o = ""; local function f(x) o = o .. x; return x end; local r = f("a") == f("b"); local q = f(1) ~= f(2); return o .. tostring(r) .. tostring(q)`,
		`return #nil`,
		`local n = 5; return #n`,
		`return tostring(next({}, "absent")) .. tostring(next({1, 2}, 2)) .. tostring(next({1, 2}, 1))`,
	}
	for _, body := range cases {
		want, wantErr := rawLua(body)
		got, err := eval(t, body)
		if wantErr != "" {
			if err == nil || !strings.HasSuffix(err.Error(), wantErr) {
				t.Errorf("%s: error %v, want one ending %q", body, err, wantErr)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("%s = %q, %v; gopher-lua says %q", body, got, err, want)
		}
	}
}

// rawLua runs body in a plain gopher-lua state: its result as a string, or
// its error message without the position.
func rawLua(body string) (string, string) {
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString("return (function()\n" + body + "\nend)()"); err != nil {
		msg := err.Error()
		if _, after, ok := strings.Cut(msg, ":2: "); ok {
			msg = after
		}
		msg, _, _ = strings.Cut(msg, "\nstack traceback")
		return "", msg
	}
	return lua.LVAsString(L.Get(-1)), ""
}

// TestNextScanned: what next is charged for follows gopher-lua's LTable.Next
// (read through reflection, which this guards): the nil slots of the array
// part it skipped, and the deleted keys of the hash part.
func TestNextScanned(t *testing.T) {
	t.Parallel()
	L := lua.NewState()
	defer L.Close()
	arr := L.NewTable()
	arr.RawSetInt(1, lua.LTrue)
	arr.RawSetInt(100, lua.LTrue)
	hash := L.NewTable()
	for _, k := range []string{"a", "b", "c", "d", "e"} {
		hash.RawSetString(k, lua.LTrue)
	}
	for _, k := range []string{"b", "c", "d"} {
		hash.RawSetString(k, lua.LNil)
	}
	gone := L.NewTable()
	gone.RawSetString("a", lua.LTrue)
	gone.RawSetString("a", lua.LNil)
	both := L.NewTable()
	both.RawSetInt(10, lua.LTrue)
	both.RawSetString("x", lua.LTrue)
	both.RawSetString("y", lua.LTrue)
	both.RawSetString("x", lua.LNil)
	for _, c := range []struct {
		t         *lua.LTable
		key, next lua.LValue
		want      int
	}{
		{arr, lua.LNil, lua.LNumber(1), 1},
		{arr, lua.LNumber(1), lua.LNumber(100), 99},
		{arr, lua.LNumber(100), lua.LNil, 0},
		{hash, lua.LNil, lua.LString("a"), 1},
		{hash, lua.LString("a"), lua.LString("e"), 4},
		{hash, lua.LString("e"), lua.LNil, 0},
		{both, lua.LNumber(10), lua.LString("y"), 2},
		{gone, lua.LNil, lua.LNil, 0},
		{both, lua.LNil, lua.LNumber(10), 10},
	} {
		if k, _ := c.t.Next(c.key); k != c.next {
			t.Fatalf("Next(%v) = %v, want %v: gopher-lua's order changed", c.key, k, c.next)
		}
		if n := plugin.NextScanned(c.t, c.key, c.next); n != c.want {
			t.Errorf("next(t, %v) → %v scanned %d, want %d", c.key, c.next, n, c.want)
		}
	}
}

// BenchmarkCharged is the cost of the charged # and next on ordinary
// tables, on the VM (the fast path runs neither), beside the same work in
// Go: 100 lengths of a 50-element list and a pairs walk over it and 10
// string keys.
func BenchmarkCharged(b *testing.B) {
	const src = `local t = {}
for i = 1, 50 do t[i] = i end
for i = 1, 10 do t["k" .. i] = i end
function run()
  local x = 0
  for i = 1, 100 do x = x + #t end
  for k, v in pairs(t) do x = x + v end
  return tostring(x)
end`
	b.Run("vm", func(b *testing.B) {
		ev := newEvaluator(b, plugin.Limits{}, src)
		b.ReportAllocs()
		for b.Loop() {
			if out, err := ev.run(0); err != nil || out != "6330" {
				b.Fatal(out, err)
			}
		}
	})
	b.Run("go", func(b *testing.B) {
		list := make([]int, 50)
		keys := map[string]int{}
		for i := range list {
			list[i] = i + 1
		}
		for i := 1; i <= 10; i++ {
			keys["k"+strconv.Itoa(i)] = i
		}
		b.ReportAllocs()
		for b.Loop() {
			x := 0
			for range 100 {
				x += len(list)
			}
			for _, v := range list {
				x += v
			}
			for _, v := range keys {
				x += v
			}
			if s := strconv.Itoa(x); s != "6330" {
				b.Fatal(s)
			}
		}
	})
}

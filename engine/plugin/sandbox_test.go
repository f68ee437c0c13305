package plugin_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/plugin"
)

// hostile is one entry of the catalogue of scripts that try to escape the
// sandbox or exhaust the machine.
type hostile struct {
	id     string
	src    string         // a complete test.tech script
	line   int            // where the error must be reported
	fn     string         // "effect" or "(load)"
	limits []plugin.Limit // acceptable limits (LimitNone: an ordinary error)
	msg    string         // substring of the message
}

// effectBody wraps statements in an effect function that, if it ever got
// past them, would call the host: the tests check that it never does.
func effectBody(stmts string) string {
	return "function effect(ctx)\n" + stmts + "\n  host.exile()\n  return 0, 0\nend\n"
}

var none = []plugin.Limit{plugin.LimitNone}

func hostileScripts() []hostile {
	return []hostile{
		{"os_execute", effectBody(`  os.execute("rm -rf /")`), 2, "effect", none, "not available in the sandbox"},
		{"io_open", effectBody(`  local f = io.open("/etc/passwd")`), 2, "effect", none, "not available in the sandbox"},
		{"os_time", effectBody(`  local seed = os.time()`), 2, "effect", none, "not available in the sandbox"},
		{"require", effectBody(`  local os = require("os")`), 2, "effect", none, "not available in the sandbox"},
		{"loadstring", effectBody(`  loadstring("host.exile()")()`), 2, "effect", none, "not available in the sandbox"},
		{"load", effectBody(`  load(function() return nil end)`), 2, "effect", none, "not available in the sandbox"},
		{"dofile", effectBody(`  dofile("/etc/passwd")`), 2, "effect", none, "not available in the sandbox"},
		{"getfenv", effectBody(`  local g = getfenv(0)`), 2, "effect", none, "not available in the sandbox"},
		{"setfenv", effectBody(`  setfenv(1, {})`), 2, "effect", none, "not available in the sandbox"},
		{"debug", effectBody(`  debug.sethook(function() end, "", 1)`), 2, "effect", none, "not available in the sandbox"},
		{"collectgarbage", effectBody(`  collectgarbage("collect")`), 2, "effect", none, "not available in the sandbox"},
		{"coroutine", effectBody(`  coroutine.wrap(function() end)()`), 2, "effect", none, "not available in the sandbox"},
		{"package_loaded", effectBody(`  local os = package.loaded.os`), 2, "effect", none, "not available in the sandbox"},
		{"newproxy", effectBody(`  newproxy(true)`), 2, "effect", none, "not available in the sandbox"},
		{"string_metatable", effectBody(`  getmetatable("").__index.upper = nil`), 2, "effect", none, "boolean"},
		{"env_metatable", effectBody(`  getmetatable(_G).__index.os.exit()`), 2, "effect", none, "attempt to index a non-table object(boolean)"},
		{"while_true", effectBody("  while true do end"), 2, "effect", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		{"repeat_forever", effectBody("  local i = 0\n  repeat i = i + 1 until false"), 3, "effect", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		{"top_level_loop", "while true do end\nfunction effect(ctx) host.exile() return 0, 0 end", 1, "(load)", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		{"pcall_swallow", effectBody("  while true do\n    pcall(function() while true do end end)\n  end"), 0, "effect", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		{"recursion", "local function f(n)\n  return 1 + f(n + 1)\nend\n" + effectBody("  f(1)"), 2, "effect", []plugin.Limit{plugin.LimitStack}, "stack overflow"},
		{"index_recursion", effectBody("  local t = setmetatable({}, {__index = function(t, k) return t[k] end})\n  local x = t.x"), 2, "effect", []plugin.Limit{plugin.LimitStack}, "stack overflow"},
		{"tostring_recursion", effectBody("  local t = setmetatable({}, {__tostring = function(t) return tostring(t) end})\n  print(t)"), 2, "effect", []plugin.Limit{plugin.LimitStack}, "stack overflow"},
		{"rep_bomb", effectBody(`  local s = string.rep("x", 2^31)`), 2, "effect", []plugin.Limit{plugin.LimitMemory}, "string.rep: result too long"},
		{"rep_method_bomb", effectBody(`  local s = ("xy"):rep(1e9)`), 2, "effect", []plugin.Limit{plugin.LimitMemory}, "string.rep"},
		{"rep_many", effectBody("  local t = {}\n  for i = 1, 2000 do t[i] = string.rep(\"x\", 10000) end"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "memory limit"},
		{"concat_doubling", effectBody("  local s = \"x\"\n  while true do s = s .. s end"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "concatenation: result too long"},
		{"concat_wide", effectBody("  local s = string.rep(\"x\", 6000)\n  local u = s .. s .. s"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "concatenation"},
		{"gsub_bomb", effectBody("  local s = string.rep(\"x\", 2000)\n  s = s:gsub(\"x\", s)"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "string.gsub"},
		{"format_width", effectBody(`  local s = string.format("%999999999d", 1)`), 2, "effect", none, "width or precision too long"},
		{"table_concat_bomb", effectBody("  local t = {}\n  for i = 1, 2000 do t[i] = string.rep(\"y\", 1000) end\n  local s = table.concat(t)"), 4, "effect", []plugin.Limit{plugin.LimitMemory}, "table.concat"},
		{"table_growth", effectBody("  local t = {}\n  local i = 0\n  while true do i = i + 1; t[i] = i end"), 4, "effect", []plugin.Limit{plugin.LimitInstructions, plugin.LimitMemory}, "limit"},
		{"sparse_index", effectBody("  local t = {}\n  t[50000000] = true"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "beyond the array limit"},
		{"sparse_multi_assign", effectBody("  local t, u = {}, {}\n  t[1], u[60000000] = 1, 2"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "beyond the array limit"},
		{"sparse_constructor", effectBody("  local n = 40000000\n  local t = {[n] = 1}"), 3, "effect", []plugin.Limit{plugin.LimitMemory}, "beyond the array limit"},
		{"sparse_rawset", effectBody("  rawset({}, 30000000, 1)"), 2, "effect", []plugin.Limit{plugin.LimitMemory}, "beyond the array limit"},
		{"sparse_insert", effectBody("  table.insert({}, 30000000, 1)"), 2, "effect", []plugin.Limit{plugin.LimitMemory}, "beyond the array limit"},
		{"nil_index", effectBody("  local t, n = {}, 50000000\n  t[n] = nil\n  t[1] = 0\n  t[n] = true"), 5, "effect", []plugin.Limit{plugin.LimitMemory}, "beyond the array limit"},
		{"nil_rawset", effectBody("  rawset({}, 50000000, nil)\n  error('survived')"), 3, "effect", none, "survived"},
		{"nil_insert", effectBody("  table.insert({}, 30000000, nil)\n  error('survived')"), 3, "effect", none, "survived"},
		{"nil_constructor", effectBody("  local n = 40000000\n  local t = {[n] = nil}\n  error('survived')"), 4, "effect", none, "survived"},
		{"insert_negative", effectBody("  table.insert({}, -1e9, 1)"), 2, "effect", none, "position out of bounds"},
		{"key_flood", effectBody("  local t = {}\n  for i = 1, 1e6 do t[\"k\" .. i] = i end"), 3, "effect", []plugin.Limit{plugin.LimitMemory, plugin.LimitInstructions}, "limit"},
		{"unpack_flood", effectBody("  local x = {unpack({}, 1, 1e8)}"), 2, "effect", none, "too many results to unpack"},
		{"byte_flood", effectBody("  local x = {string.byte(string.rep(\"x\", 10000), 1, -1)}"), 2, "effect", none, "string slice too long"},
		{"pattern_redos", effectBody(`  string.rep("a", 5000):find("(.-)(.-)(.-)(.-)(.-)b")`), 2, "effect", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		{"pattern_deep", effectBody(`  string.rep("a", 300):match(string.rep("a?", 300) .. "b")`), 2, "effect", none, "pattern too complex"},
		{"sort_loop", effectBody("  table.sort({3, 2, 1}, function(a, b) while true do end end)"), 2, "effect", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		// The handler's loop breaks the limit inside xpcall, which returns;
		// the next instruction fails again.
		{"xpcall_handler_loop", effectBody("  xpcall(error, function() while true do end end)"), 3, "effect", []plugin.Limit{plugin.LimitInstructions}, "instruction limit"},
		{"print_flood", effectBody("  while true do print(string.rep(\"z\", 1000)) end"), 2, "effect", []plugin.Limit{plugin.LimitMemory}, "memory limit"},
		{"host_at_load", "host.exile()\nfunction effect(ctx) return 0, 0 end", 1, "(load)", none, "only be called while a hook function runs"},
	}
}

// TestHostileScripts runs the catalogue on one worker: every script fails
// with an *Error at the right line, under the right limit, without reaching
// the host, and the same worker then runs a good hook correctly.
func TestHostileScripts(t *testing.T) {
	t.Parallel()
	cases := hostileScripts()
	reg := testRegistry(t, plugin.Limits{})
	for _, c := range cases {
		if _, err := reg.AddLua(techKind, c.id, c.id+".lua", []byte(c.src)); err != nil {
			t.Fatalf("%s does not compile: %v", c.id, err)
		}
	}
	if _, err := reg.AddLua(techKind, "good", "good.lua", []byte(`function effect(ctx) return ctx.value, -2 * ctx.value end`)); err != nil {
		t.Fatal(err)
	}
	var printed int
	w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(1), Print: func(p plugin.Print) { printed += len(p.Text) }})
	good := lookup(t, reg, techKind, "good")
	for i, c := range cases {
		host := &techHost{}
		r, err := runTech(w, lookup(t, reg, techKind, c.id), &techCtx{Value: 1}, host)
		if err == nil {
			t.Errorf("%s: succeeded with %+v", c.id, r)
			continue
		}
		e := asError(t, err)
		if e.Script != c.id+".lua" || e.Kind != "test.tech" || e.ID != c.id || e.Func != c.fn {
			t.Errorf("%s: error names %s %s %q %s, want %s.lua test.tech %q %s", c.id, e.Script, e.Kind, e.ID, e.Func, c.id, c.id, c.fn)
		}
		if c.line != 0 && e.Line != c.line {
			t.Errorf("%s: line %d, want %d (%v)", c.id, e.Line, c.line, e)
		}
		if !slices.Contains(c.limits, e.Limit) || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%s: limit %q message %q, want limit in %q and message containing %q", c.id, e.Limit, e.Message, c.limits, c.msg)
		}
		if len(host.calls) != 0 {
			t.Errorf("%s: reached the host: %v", c.id, host.calls)
		}
		if len(e.Traceback) == 0 || e.Traceback[0].Script != c.id+".lua" {
			t.Errorf("%s: traceback %v", c.id, e.Traceback)
		}
		// The worker is still good, also for a hook that ran before.
		v := float64(i + 1)
		if r, err := runTech(w, good, &techCtx{Value: v}, &techHost{}); err != nil || r != (tres(v, -2*v)) {
			t.Fatalf("after %s: good hook = %+v, %v", c.id, r, err)
		}
	}
	if printed > int(plugin.DefaultLimits().MaxAllocBytes) {
		t.Errorf("print_flood printed %d bytes, more than the memory limit", printed)
	}
}

// TestRemovedGlobals: a script's environment holds exactly the sandbox's
// globals; nothing else (no os, io, load, …) is reachable.
func TestRemovedGlobals(t *testing.T) {
	t.Parallel()
	out := mustEval(t, `
  local names = {}
  for k in pairs(_G) do names[#names + 1] = k end
  table.sort(names)
  return table.concat(names, " ")`)
	var want []string
	for _, g := range plugin.BaseLibrary() {
		want = append(want, g.Name)
	}
	want = append(want, "_G", "_VERSION", "string", "table", "math", "run")
	slices.Sort(want)
	if out != strings.Join(want, " ") {
		t.Errorf("globals:\n got %s\nwant %s", out, strings.Join(want, " "))
	}
	for _, name := range plugin.Unavailable() {
		if strings.Contains(" "+out+" ", " "+name+" ") {
			t.Errorf("%s is reachable", name)
		}
	}
	for _, lib := range []string{"string", "table", "math"} {
		out := mustEval(t, fmt.Sprintf(`
  local names = {}
  for k in pairs(%s) do names[#names + 1] = k end
  table.sort(names)
  return table.concat(names, " ")`, lib))
		for _, bad := range []string{"dump", "load", "exit", "clock", "time"} {
			if strings.Contains(" "+out+" ", " "+bad+" ") {
				t.Errorf("%s.%s is reachable", lib, bad)
			}
		}
	}
}

// TestStringLibraryIsolation: one mod overriding string.upper (or removing
// string.rep) changes nothing for another, whether called as string.upper
// or as a method; the overriding mod sees its own change, as in Lua.
func TestStringLibraryIsolation(t *testing.T) {
	t.Parallel()
	evil := `string.upper = function() return "pwned" end
string.rep = nil
function run()
  return ("x"):upper() .. "/" .. string.upper("y") .. "/" .. tostring(("x").rep)
end`
	victim := `function run()
  return ("x"):upper() .. "/" .. string.upper("y") .. "/" .. ("ab"):rep(2)
end`
	ev := newEvaluator(t, plugin.Limits{}, evil, victim)
	for range 2 {
		if out, err := ev.run(0); err != nil || out != "pwned/pwned/nil" {
			t.Errorf("evil mod sees %q, %v; want its own overrides", out, err)
		}
		if out, err := ev.run(1); err != nil || out != "X/Y/abab" {
			t.Errorf("victim sees %q, %v; want the pristine library", out, err)
		}
	}
}

// TestGlobalsNotShared: globals written by one hook, by any route, are not
// seen by another; nor are changes to the host table.
func TestGlobalsNotShared(t *testing.T) {
	t.Parallel()
	writer := `shared_top = "top"
shared = 42
_G.also = 1
rawset(_G, "raw", 1)
function effect(ctx)
  host.exile = nil
  math.floor = nil
  return 0, 0
end`
	reader := `function effect(ctx)
  assert(shared == nil and also == nil and raw == nil and shared_top == nil, "leak")
  assert(math.floor(1.5) == 1, "math changed")
  host.exile()
  return 0, -1
end`
	reg := testRegistry(t, plugin.Limits{})
	for _, h := range [][2]string{{"writer", writer}, {"reader", reader}} {
		if _, err := reg.AddLua(techKind, h[0], h[0]+".lua", []byte(h[1])); err != nil {
			t.Fatal(err)
		}
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	for _, id := range []string{"reader", "writer", "reader", "writer", "reader"} {
		host := &techHost{}
		r, err := runTech(w, lookup(t, reg, techKind, id), &techCtx{}, host)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if id == "reader" && (r.Opp != -1 || !slices.Equal(host.calls, []string{"exile"})) {
			t.Errorf("reader = %+v, host %v", r, host.calls)
		}
	}
}

// TestStateWrites: while a hook function runs, assigning a global (by any
// route) or a top-level local of the script fails at the script's line,
// naming the variable; the top level, and functions it calls while loading,
// may set them up; locals of the function and fields of kept tables are
// fine.
func TestStateWrites(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"global", "function run()\n  count = (count or 0) + 1\n  return 'x'\nend", 2, "the global count"},
		{"existing global", "count = 0\nfunction run()\n  count = count + 1\n  return 'x'\nend", 3, "the global count"},
		{"upvalue", "local n = 0\nfunction run()\n  n = n + 1\n  return 'x'\nend", 3, "n, a top-level local"},
		{"multiple", "local a, b = 0, 0\nfunction run()\n  local c\n  c, b = 1, 2\n  return 'x'\nend", 4, "b, a top-level local"},
		{"nested function", "local n = 0\nfunction run()\n  local function bump() n = n + 1 end\n  bump()\n  return 'x'\nend", 3, "n, a top-level local"},
		{"_G field", "function run()\n  _G.x = 1\n  return 'x'\nend", 2, "the global x"},
		{"_G index", "function run()\n  local k = 'y'\n  _G[k] = 1\n  return 'x'\nend", 3, "the global y"},
		{"rawset", "function run()\n  rawset(_G, 'z', 1)\n  return 'x'\nend", 2, "the global z"},
		{"function statement", "function run()\n  function helper() end\n  return 'x'\nend", 2, "the global helper"},
		{"local of a top-level block", "do\n  local d = 0\n  function run()\n    d = d + 1\n    return 'x'\n  end\nend", 4, "d, a top-level local"},
		{"local function value", "local f = function() end\nfunction run()\n  f = nil\n  return 'x'\nend", 3, "f, a top-level local"},
		{"local out of scope", "function run()\n  do local d end\n  d = 1\n  return 'x'\nend", 3, "the global d"},
	}
	for _, c := range cases {
		ev := newEvaluator(t, plugin.Limits{}, c.src)
		_, err := ev.run(0)
		e := asError(t, err)
		if e.Line != c.line || !strings.Contains(e.Message, "assignment to "+c.msg) || !strings.Contains(e.Message, "host API") {
			t.Errorf("%s: error %+v, want the assignment to %s at line %d", c.name, e, c.msg, c.line)
		}
	}
	ok := `local n, cache = 0, {}
local function init() n = 10 end
init()
total = n
function run()
  local m = n
  m = m + 1
  cache[#cache + 1] = m
  cache.last = m
  local f = function() m = m + 1 end
  f()
  local a, b = (function() return 1, 2 end)()
  for i = 1, 2 do i = i + 1 end
  for k, v in pairs({5}) do k = v end
  repeat local r = 1; r = 2 until r == 2
  local g = function() g = 1 end
  g()
  local obj = {}
  function obj:set(v) self = v end
  obj:set(1)
  return tostring(total + m + #cache + a + b)
end`
	ev := newEvaluator(t, plugin.Limits{}, ok)
	for i, want := range []string{"26", "27"} {
		if out, err := ev.run(0); err != nil || out != want {
			t.Errorf("call %d: %q, %v; want %q", i, out, err, want)
		}
	}
}

// TestCtxIsolation: a hook that tries to scribble on its ctx (or to put a
// metatable on it) affects neither another hook nor its own next call's
// inputs.
func TestCtxIsolation(t *testing.T) {
	t.Parallel()
	vandal := `function effect(ctx)
  local v = ctx.value
  assert(not pcall(function() ctx.value = 1000 end), "ctx writable")
  assert(not pcall(setmetatable, ctx, {}), "ctx metatable replaceable")
  rawset(ctx, "value", 1000)
  rawset(ctx, "extra", "x")
  assert(ctx.value == 1000)
  local _, t = pairs(ctx)
  rawset(t, "dhp", 5)
  return 0, -v
end`
	reader := `function effect(ctx)
  assert(ctx.extra == nil and ctx.dhp == -1, "ctx shared")
  return 0, -ctx.value
end`
	reg := testRegistry(t, plugin.Limits{})
	for _, h := range [][2]string{{"vandal", vandal}, {"reader", reader}} {
		if _, err := reg.AddLua(techKind, h[0], h[0]+".lua", []byte(h[1])); err != nil {
			t.Fatal(err)
		}
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	for _, id := range []string{"vandal", "reader", "vandal", "reader", "vandal"} {
		r, err := runTech(w, lookup(t, reg, techKind, id), &techCtx{Value: 7, DHP: -1}, &techHost{})
		if err != nil || r.Opp != -7 {
			t.Errorf("%s = %+v, %v; want opp -7", id, r, err)
		}
	}
}

// TestCtxReadOnly: ctx can be read and iterated but not written.
func TestCtxReadOnly(t *testing.T) {
	t.Parallel()
	reg := testRegistry(t, plugin.Limits{})
	src := `function effect(ctx)
  local names = {}
  for k, v in pairs(ctx) do names[#names + 1] = k end
  print(table.concat(names, ","))
  ctx.value = 1
end`
	if _, err := reg.AddLua(techKind, "w", "w.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	var printed string
	w := reg.NewWorker(plugin.WorkerOptions{Print: func(p plugin.Print) {
		printed = p.Text
		if p.Line != 4 || p.Script != "w.lua" || p.ID != "w" || p.Kind != "test.tech" {
			t.Errorf("print reported as %+v, want w.lua line 4", p)
		}
	}})
	_, err := runTech(w, lookup(t, reg, techKind, "w"), &techCtx{}, &techHost{})
	if e := asError(t, err); e.Line != 5 || e.Message != "ctx is read-only (assignment to ctx.value)" {
		t.Errorf("error %+v", e)
	}
	if printed != "value,dhp,self_hp,opp_hp,opp_def,celve,params" {
		t.Errorf("pairs(ctx) gave %q", printed)
	}
}

// TestNoAddressesOrClock: nothing a script can print or compute depends on
// memory addresses or time.
func TestNoAddressesOrClock(t *testing.T) {
	t.Parallel()
	out := mustEval(t, `return tostring({}) .. " " .. tostring(print) .. " " .. string.format("%s", {}) .. " " ..
  tostring(setmetatable({}, {__tostring = function() return "custom" end}))`)
	if out != "table function table custom" {
		t.Errorf("tostring = %q", out)
	}
	ev := newEvaluator(t, plugin.Limits{}, "function run() print({}, 1, nil, true) return '' end")
	if _, err := ev.run(0); err != nil {
		t.Fatal(err)
	}
	if len(ev.prints) != 1 || ev.prints[0].Text != "table\t1\tnil\ttrue" || ev.prints[0].Line != 1 || ev.prints[0].Kind != "test.eval" {
		t.Errorf("prints = %+v", ev.prints)
	}
}

// TestLimitErrorsAreSticky: a script cannot catch a broken instruction limit
// and return normally.
func TestLimitErrorsAreSticky(t *testing.T) {
	t.Parallel()
	_, err := eval(t, `
  local ok = pcall(function() while true do end end)
  return "caught"`)
	if e := asError(t, err); e.Limit != plugin.LimitInstructions {
		t.Errorf("error %+v, want the instruction limit", e)
	}
	// A memory error is an ordinary error once caught: the big string was
	// never built.
	out, err := eval(t, `
  local ok, msg = pcall(string.rep, "x", 1e9)
  return tostring(ok) .. " " .. msg`)
	if err != nil || !strings.HasPrefix(out, "false ") || !strings.Contains(out, "too long") {
		t.Errorf("caught rep bomb: %q, %v", out, err)
	}
}

// TestTimeout: the wall-clock backstop stops work the instruction budget
// does not see, here a limit so high it would never be reached, and says it
// is the machine's condition (ErrBackstop), not the script's fault.
func TestTimeout(t *testing.T) {
	t.Parallel()
	ev := newEvaluator(t, plugin.Limits{MaxInstructions: 1 << 60, Timeout: 1}, "function run() while true do end end")
	_, err := ev.run(0)
	if e := asError(t, err); e.Limit != plugin.LimitTimeout || !strings.Contains(e.Message, "backstop") || !errors.Is(err, plugin.ErrBackstop) {
		t.Errorf("error %+v, want the backstop wrapping ErrBackstop", e)
	}
}

// TestBudgetNotTimed: the default backstop is far above what the default
// instruction budget takes, so a script exhausting its budget fails on the
// instruction count, at the same line every time.
func TestBudgetNotTimed(t *testing.T) {
	t.Parallel()
	if d := plugin.DefaultLimits(); d.Timeout < 30*time.Second {
		t.Fatalf("default backstop %v is within reach of a budgeted call", d.Timeout)
	}
	ev := newEvaluator(t, plugin.Limits{}, "function run()\n  local n = 0\n  while true do n = n + 1 end\nend")
	for range 2 {
		_, err := ev.run(0)
		e := asError(t, err)
		if e.Limit != plugin.LimitInstructions || e.Line != 3 || errors.Is(err, plugin.ErrBackstop) {
			t.Errorf("error %+v, want the instruction limit at line 3", e)
		}
	}
}

// TestLibraryNames: the members plugin.Libraries lists (which mapc check
// knows) for string, table and math are exactly those a script's tables
// hold.
func TestLibraryNames(t *testing.T) {
	t.Parallel()
	for _, lib := range plugin.Libraries() {
		out := mustEval(t, "local names = {}\nfor k in pairs("+lib.Name+") do names[#names + 1] = k end\ntable.sort(names)\nreturn table.concat(names, ',')")
		sorted := slices.Sorted(slices.Values(lib.Members))
		if out != strings.Join(sorted, ",") {
			t.Errorf("%s: the sandbox has %s, the check knows %v", lib.Name, out, sorted)
		}
	}
}

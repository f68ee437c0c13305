package plugin_test

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// TestGameMemory: a hook that adds a little to a table it keeps (in an
// upvalue or a global table) on every call stays within every call's budget
// but fails, at its line, once what it keeps passes the game's budget; the
// next game starts afresh. Memory a call uses and drops never counts.
func TestGameMemory(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"upvalue": "local keep = {}\nfunction run()\n  keep[#keep + 1] = string.rep('x', 1000)\n  return 'ok'\nend",
		"global":  "cache = {}\nfunction run()\n  cache[#cache + 1] = string.rep('x', 1000)\n  return 'ok'\nend",
	} {
		ev := newEvaluator(t, plugin.Limits{MaxGameBytes: 1 << 20}, src)
		calls := 0
		var err error
		for calls < 5000 && err == nil {
			_, err = ev.run(0)
			calls++
		}
		e := asError(t, err)
		if e.Limit != plugin.LimitMemory || e.Line != 3 || !strings.Contains(e.Message, "per game") {
			t.Fatalf("%s: error %+v after %d calls, want the game's memory limit at line 3", name, e, calls)
		}
		// 1 MiB of 1000-byte strings: about a thousand calls, not fewer.
		if calls < 900 || calls > 1100 {
			t.Errorf("%s: failed after %d calls, want about 1000", name, calls)
		}
		if err := ev.w.Reset(seeded(2)); err != nil {
			t.Fatal(err)
		}
		if _, err := ev.run(0); err != nil {
			t.Errorf("%s: a new game inherited the last one's memory: %v", name, err)
		}
	}
	// 50 MiB used and dropped over the calls of one game: fine.
	ev := newEvaluator(t, plugin.Limits{MaxGameBytes: 1 << 20},
		"function run()\n  local t = {}\n  for i = 1, 100 do t[i] = string.rep('y', 100) end\n  return 'ok'\nend")
	for i := range 5000 {
		if _, err := ev.run(0); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
}

// TestDeletedKeysKept: a table kept between calls that gets fresh keys and
// loses them again on every call holds nothing, but gopher-lua remembers
// every deleted key; they count against the game's memory, so the hook
// fails at its line instead of growing the process without bound.
func TestDeletedKeysKept(t *testing.T) {
	t.Parallel()
	src := "local keep, n = {}, {0}\nfunction run()\n  for i = 1, 1000 do\n    n[1] = n[1] + 1\n    local k = 'k' .. n[1]\n    keep[k] = true\n    keep[k] = nil\n  end\n  return tostring(next(keep))\nend"
	ev := newEvaluator(t, plugin.Limits{MaxGameBytes: 1 << 20}, src)
	calls := 0
	var err error
	for calls < 1000 && err == nil {
		_, err = ev.run(0)
		calls++
	}
	e := asError(t, err)
	if e.Limit != plugin.LimitMemory || e.Line != 6 || !strings.Contains(e.Message, "per game") {
		t.Fatalf("error %+v after %d calls, want the game's memory limit at line 6", e, calls)
	}
	// 1 MiB of 64-byte keys is 16384 keys: the 17th call of a thousand each.
	if calls != 17 {
		t.Errorf("failed after %d calls, want 17", calls)
	}
}

// cellsKind has a host function returning a table, as ftbt.cells does.
var cellsKind = &plugin.Kind{
	Name:      "test.cells",
	Doc:       "Calls a host function that builds a table.",
	HostTable: "test",
	Funcs:     []plugin.Func{{Name: "run", Required: true, Returns: []plugin.Field{{Name: "out", Type: "string"}}, Doc: "Runs."}},
	Host: []plugin.HostFunc{{Name: "cells", Params: []plugin.Field{{Name: "n", Type: "integer"}},
		Returns: []plugin.Field{{Name: "cells", Type: "integer[]"}}, Doc: "Returns n cells.",
		Impl: func(_ any, a *plugin.Args) { a.ReturnInts(make([]int, a.IntIn(1, 0, 1<<20))) }}},
}

var cellsRun = plugin.NewSig[struct{}, any, string](cellsKind, "run", nil,
	func(r plugin.Results) (string, error) { return r.String(1) }, nil)

// TestHostTablesCharged: a table a host function builds for the script
// counts against the script's memory budget.
func TestHostTablesCharged(t *testing.T) {
	t.Parallel()
	reg, err := plugin.NewRegistry([]*plugin.Kind{cellsKind}, testLimits(plugin.Limits{MaxAllocBytes: 64 << 10}))
	if err != nil {
		t.Fatal(err)
	}
	src := "function run()\n  local n = 0\n  for i = 1, 100 do n = n + #test.cells(1000) end\n  return tostring(n)\nend"
	if _, err := reg.AddLua(cellsKind, "c", "c.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(1)})
	defer w.Close()
	_, err = plugin.Call(w, cellsRun, lookup(t, reg, cellsKind, "c"), &struct{}{}, nil)
	if e := asError(t, err); e.Limit != plugin.LimitMemory || e.Line != 3 {
		t.Fatalf("error %+v, want the memory limit at line 3", e)
	}
}

// TestBudgets: a config's budgets replace the defaults within their bounds,
// and a budget outside them is refused.
func TestBudgets(t *testing.T) {
	t.Parallel()
	l, err := plugin.Budgets{Instructions: 20_000, GameMemory: 2 << 20}.Limits()
	if err != nil {
		t.Fatal(err)
	}
	d := plugin.DefaultLimits()
	if l.MaxInstructions != 20_000 || l.MaxGameBytes != 2<<20 || l.MaxAllocBytes != d.MaxAllocBytes {
		t.Errorf("limits %+v", l)
	}
	for _, b := range []plugin.Budgets{{Instructions: 5}, {Instructions: 1 << 40}, {Memory: 1}, {GameMemory: 1 << 40}} {
		if _, err := b.Limits(); err == nil || !strings.Contains(err.Error(), "outside") {
			t.Errorf("%+v: error %v, want out of bounds", b, err)
		}
	}
	// A loop of about 30000 instructions fits the default budget, not one
	// of 20000.
	src := []byte("function effect(ctx)\n  local n = 0\n  for i = 1, 10000 do n = n + i end\n  return 0, -1\nend")
	for _, c := range []struct {
		budgets plugin.Budgets
		fail    bool
	}{{plugin.Budgets{}, false}, {plugin.Budgets{Instructions: 20_000}, true}} {
		bundle := []plugin.Script{plugin.Bundle(techKind.Name, "loop", "loop.lua", src)}
		reg, _, err := plugin.NewBundleRegistryBudgets(testKinds(), c.budgets, bundle)
		if err != nil {
			t.Fatal(err)
		}
		w := reg.NewWorker(plugin.WorkerOptions{})
		_, err = runTech(w, lookup(t, reg, techKind, "loop"), &techCtx{}, &techHost{})
		w.Close()
		if got := err != nil; got != c.fail {
			t.Errorf("budgets %+v: error %v", c.budgets, err)
		} else if c.fail && !strings.Contains(err.Error(), "20000 instructions per call") {
			t.Errorf("budgets %+v: error %v, want the instruction budget", c.budgets, err)
		}
	}
	if _, _, err := plugin.NewBundleRegistryBudgets(testKinds(), plugin.Budgets{Memory: 1}, nil); err == nil {
		t.Error("a registry accepted a budget outside its bounds")
	}
}

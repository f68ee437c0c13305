package plugin_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// TestRuntimeColumn: a run-time error is placed at what failed, on the VM
// and on the fast path: where mapc check reports the same mistake (a name
// written or read, kit/luacheck's TestCheckPlacesLikeRuntime), or else at
// the call, the indexed expression or the line's code.
func TestRuntimeColumn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		line, col int
	}{
		{"upvalue write", "local hits = 0\nfunction effect(ctx)\n\tlocal n = 1; hits = hits + n\n  return 0, 0\nend\n", 3, 15},
		{"global write", "function effect(ctx)\n  local n = 1\n  n = n + 1; total = (total or 0) + n\n  return 0, 0\nend\n", 3, 14},
		{"removed name", "function effect(ctx)\n  local a, t = 1, os.time()\n  return 0, 0\nend\n", 2, 19},
		{"undefined table", "function effect(ctx)\n  local n = 1 + mgb.burn(2)\n  return 0, n\nend\n", 2, 17},
		{"undefined function", "function effect(ctx)\n  local n = 2 * burn(2)\n  return 0, n\nend\n", 2, 17},
		{"unknown member called", "function effect(ctx)\n  local n = 1\n  n = n + host.burnn(2)\n  return 0, n\nend\n", 3, 16},
		{"method of nothing", "function effect(ctx)\n  local t = {}\n  local n = 2 * t:size()\n  return 0, n\nend\n", 3, 19},
		{"error call", "function effect(ctx)\n  local n = ctx.value\n  if n > 0 then error('too strong') end\n  return 0, n\nend\n", 3, 17},
		{"nil field indexed", "function effect(ctx)\n  local t = {}\n  local n = 1 + t.a.b\n  return 0, n\nend\n", 3, 17},
		{"arithmetic", "function effect(ctx)\n  local n = ctx.value *\n      ctx.nope\n  return 0, n\nend\n", 2, 3},
	}
	for _, c := range cases {
		for _, noFast := range []bool{false, true} {
			reg := testRegistry(t, plugin.Limits{})
			if _, err := reg.AddLua(techKind, "t", "t.lua", []byte(c.src)); err != nil {
				t.Fatal(err)
			}
			w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: noFast, Rand: plugin.Seeded(1)})
			_, err := runTech(w, lookup(t, reg, techKind, "t"), &techCtx{Value: 2}, &techHost{})
			e := asError(t, err)
			if e.Line != c.line || e.Column != c.col {
				t.Errorf("%s (no fast path %v): the run-time error is at %d:%d, want %d:%d (%s)", c.name, noFast, e.Line, e.Column, c.line, c.col, e.Message)
			}
		}
	}
}

// TestTracebackColumns: each frame of a run-time error's traceback stands
// at the call it made.
func TestTracebackColumns(t *testing.T) {
	t.Parallel()
	src := "local function helper(t)\n  return t.x.y\nend\nfunction effect(ctx)\n  local n = 1 + helper({})\n  return 0, n\nend\n"
	for _, noFast := range []bool{false, true} {
		reg := testRegistry(t, plugin.Limits{})
		if _, err := reg.AddLua(techKind, "t", "t.lua", []byte(src)); err != nil {
			t.Fatal(err)
		}
		w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: noFast, Rand: plugin.Seeded(1)})
		_, err := runTech(w, lookup(t, reg, techKind, "t"), &techCtx{Value: 2}, &techHost{})
		e := asError(t, err)
		var got [][2]int
		for _, f := range e.Traceback {
			got = append(got, [2]int{f.Line, f.Column})
		}
		if e.Line != 2 || e.Column != 10 || len(got) != 2 || got[0] != [2]int{2, 10} || got[1] != [2]int{5, 17} {
			t.Errorf("no fast path %v: error at %d:%d, frames %v; want 2:10, frames [2:10 5:17]", noFast, e.Line, e.Column, got)
		}
	}
}

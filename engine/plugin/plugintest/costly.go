// Package plugintest is test support shared by the plugin package's tests
// and the games' hook packages' tests: the catalogue of hostile scripts
// whose operations cost far more than one VM instruction (cost.go in
// package plugin), and the check that every one of them, run as a hook of
// any kind on either route (the VM and the compiled fast path), is stopped
// by a counted limit at its line, the same way idle and under load.
package plugintest

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
)

// Costly is one hostile script: the body of a hook function that loops
// forever over one costly operation.
type Costly struct {
	Name string
	Body string // statements; they never finish
	Line int    // the line of Body where the limit stops it (1 = its first line)
	// Limit is the limit that stops it under the default budgets: the
	// instruction budget, or the per-call memory budget for a function that
	// builds a large result (which is charged both).
	Limit plugin.Limit
	// Compiled: the script is in the fast path's subset, so the compiled
	// route runs it; all the others fall back to the VM on that route.
	Compiled bool
}

var (
	instr  = plugin.LimitInstructions
	memory = plugin.LimitMemory
)

// sparse is a table whose array part holds one element and 199,999 nil
// slots: one high index set and cleared.
const sparse = "local t = {}\nlocal n = 200000\nt[n] = 1\nt[n] = nil\nt[1] = \"a\"\n"

// long is a string of 16,000 bytes, near the longest a script may build.
const long = "local s = string.rep(\"a\", 16000)\n"

// CostlyScripts returns the catalogue.
func CostlyScripts() []Costly {
	return []Costly{
		{Name: "len_sparse", Body: sparse + "local x = 0\nwhile true do x = x + #t end", Line: 7, Limit: instr},
		{Name: "len_string", Body: long + "local x = 0\nwhile true do x = x + #s end", Line: 3, Limit: instr},
		{Name: "next_sparse", Body: sparse + "t[1] = nil\nt[n] = 1\nwhile next(t) do end", Line: 8, Limit: instr},
		{Name: "next_deleted_keys", Body: "local t = {}\nfor i = 1, 10000 do t[\"k\" .. i] = i end\nfor i = 1, 9999 do t[\"k\" .. i] = nil end\nwhile next(t) do end", Line: 4, Limit: instr},
		{Name: "pairs_sparse", Body: sparse + "while true do for k, v in pairs(t) do end end", Line: 6, Limit: instr},
		{Name: "getn_sparse", Body: sparse + "while true do local x = table.getn(t) end", Line: 6, Limit: instr},
		{Name: "maxn_sparse", Body: sparse + "while true do local x = table.maxn(t) end", Line: 6, Limit: instr},
		{Name: "unpack_sparse", Body: sparse + "while true do local x = unpack(t) end", Line: 6, Limit: instr},
		{Name: "unpack_large", Body: "local t = {}\nfor i = 1, 7000 do t[i] = i end\nwhile true do local x = unpack(t) end", Line: 3, Limit: memory},
		{Name: "concat_sparse", Body: sparse + "while true do local x = table.concat(t) end", Line: 6, Limit: instr},
		{Name: "concat_large", Body: "local t = {}\nfor i = 1, 150 do t[i] = string.rep(\"c\", 100) end\nwhile true do local x = table.concat(t, \",\") end", Line: 3, Limit: memory},
		{Name: "insert_sparse", Body: sparse + "while true do table.insert(t, \"b\"); t[2] = nil end", Line: 6, Limit: instr},
		{Name: "insert_middle", Body: "local t = {}\nfor i = 1, 100000 do t[i] = i end\nwhile true do table.insert(t, 1, 0); t[100001] = nil end", Line: 3, Limit: instr},
		{Name: "remove_middle", Body: "local t = {}\nfor i = 1, 100000 do t[i] = i end\nwhile true do table.remove(t, 1); t[100000] = 0 end", Line: 3, Limit: instr},
		{Name: "sort_large", Body: "local t = {}\nfor i = 1, 50000 do t[i] = -i end\nwhile true do table.sort(t) end", Line: 3, Limit: instr},
		{Name: "rep_large", Body: "while true do local x = string.rep(\"ab\", 8000) end", Line: 1, Limit: memory},
		{Name: "format_wide", Body: "local f = string.rep(\"%99d\", 100)\nlocal a = {}\nfor i = 1, 100 do a[i] = i end\nwhile true do local x = string.format(f, unpack(a)) end", Line: 4, Limit: memory},
		{Name: "find_plain", Body: long + "while true do local i = s:find(\"b\", 1, true) end", Line: 2, Limit: instr},
		{Name: "find_text", Body: long + "while true do local i = s:find(\"ab\") end", Line: 2, Limit: instr},
		{Name: "find_pattern", Body: long + "while true do local i = s:find(\"a-b\") end", Line: 2, Limit: instr},
		{Name: "match", Body: long + "while true do local m = s:match(\"(a*)b\") end", Line: 2, Limit: instr},
		{Name: "gmatch", Body: long + "while true do for m in s:gmatch(\"a+b\") do end end", Line: 2, Limit: instr},
		{Name: "gsub", Body: long + "while true do local r = s:gsub(\"b\", \"c\") end", Line: 2, Limit: instr},
		{Name: "sub", Body: long + "while true do local r = s:sub(2, -2) end", Line: 2, Limit: instr},
		{Name: "upper", Body: long + "while true do local r = s:upper() end", Line: 2, Limit: memory},
		{Name: "lower", Body: long + "while true do local r = string.lower(s) end", Line: 2, Limit: memory},
		{Name: "reverse", Body: long + "while true do local r = s:reverse() end", Line: 2, Limit: memory},
		{Name: "byte", Body: long + "while true do local r = s:byte(1, 7000) end", Line: 2, Limit: memory},
		{Name: "char", Body: "local a = {}\nfor i = 1, 7000 do a[i] = 65 end\nwhile true do local r = string.char(unpack(a)) end", Line: 3, Limit: memory},
		{Name: "tonumber", Body: "local s = string.rep(\" \", 16000) .. \"1\"\nwhile true do local n = tonumber(s) end", Line: 2, Limit: instr},
		{Name: "concat_operator", Body: long + "local h = s:sub(1, 8000)\nwhile true do local r = h .. h end", Line: 3, Limit: memory},
		{Name: "compare_long", Body: long + "local u = string.rep(\"a\", 16000)\nwhile s <= u and u >= s and not (s < u) and not (u > s) do end", Line: 3, Limit: instr},
		{Name: "equal_long", Body: long + "local u = string.rep(\"a\", 16000)\nwhile s == u and not (s ~= u) do end", Line: 3, Limit: instr},
		{Name: "key_write", Body: long + "local t = {}\nwhile true do t[s] = 1; t[s] = nil end", Line: 3, Limit: instr},
		{Name: "rawget", Body: long + "local t = {}\nwhile true do local v = rawget(t, s) end", Line: 3, Limit: instr},
		{Name: "key_read", Body: long + "local t = {[s] = 1}\nlocal u = string.rep(\"a\", 16000)\nwhile true do local v = t[u] end", Line: 4, Limit: instr},
		{Name: "compare_literals", Body: "local s = 0\nfor i = 1, 1e9 do if \"" + strings.Repeat("x", 50000) + "\" < \"" + strings.Repeat("x", 50000) + "\" then s = s + 1 end end\nreturn s", Line: 2, Limit: instr},
		{Name: "numeric_loop", Body: "local s = 0\nfor i = 1, 1e9 do s = s + i % 7 end\nreturn s", Line: 2, Limit: instr, Compiled: true},
	}
}

// Route says how to run the catalogue as hooks of one kind.
type Route struct {
	Kinds  []*plugin.Kind // the registry's kinds
	Kind   *plugin.Kind   // the kind the scripts are hooks of
	Func   string         // the function of Kind the body goes in
	Extra  string         // more of the script (functions the kind requires)
	Limits plugin.Limits  // the registry's limits; zero for the defaults
	VMOnly bool           // run each script once, on the VM only
	// Call calls the hook ref's Func on w and returns its error.
	Call func(w *plugin.Worker, ref plugin.Ref) error
}

// RunCostly runs every script of the catalogue as r says, on the VM and on
// the compiled route, and checks that each fails with the exact error of
// its limit at its line, the same on both routes and under load, and never
// on the wall-clock backstop. With a per-call memory budget above the
// default, every script must end on the instruction budget: each costly
// operation is charged instructions of its own.
func RunCostly(t *testing.T, r Route) {
	t.Helper()
	limits := r.Limits
	d := plugin.DefaultLimits()
	if limits.MaxInstructions == 0 {
		limits.MaxInstructions = d.MaxInstructions
	}
	if limits.MaxAllocBytes == 0 {
		limits.MaxAllocBytes = d.MaxAllocBytes
	}
	reg, err := plugin.NewRegistry(r.Kinds, limits)
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.SetCompiler(compiled.Compiler{}); err != nil {
		t.Fatal(err)
	}
	cases := CostlyScripts()
	for _, c := range cases {
		src := "function " + r.Func + "(ctx)\n" + c.Body + "\nend\n" + r.Extra
		if _, err := reg.AddLua(r.Kind, c.Name, c.Name+".lua", []byte(src)); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
	}
	vm := reg.NewWorker(plugin.WorkerOptions{NoFastPath: true})
	fast := reg.NewWorker(plugin.WorkerOptions{})
	defer vm.Close()
	defer fast.Close()
	for _, c := range cases {
		ref, ok := reg.Lookup(r.Kind, c.Name)
		if !ok {
			t.Fatalf("%s: not registered", c.Name)
		}
		h, _ := reg.Hook(ref)
		if lh, ok := h.(*plugin.LuaHook); !ok || lh.Compiled() != c.Compiled {
			t.Errorf("%s: compiled for the fast path = %v, want %v", c.Name, ok && lh.Compiled(), c.Compiled)
		}
		want := c.Limit
		if limits.MaxAllocBytes > d.MaxAllocBytes {
			want = plugin.LimitInstructions
		}
		msg := fmt.Sprintf("instruction limit exceeded (%d instructions per call)", limits.MaxInstructions)
		if want == plugin.LimitMemory {
			msg = fmt.Sprintf("memory limit exceeded (%d bytes per call)", limits.MaxAllocBytes)
		}
		check := func(route string, err error) *plugin.Error {
			var e *plugin.Error
			if !errors.As(err, &e) {
				t.Errorf("%s on %s: error %v, want a *plugin.Error", c.Name, route, err)
				return nil
			}
			if errors.Is(err, plugin.ErrBackstop) || e.Limit == plugin.LimitTimeout {
				t.Errorf("%s on %s: stopped by the wall-clock backstop: %v", c.Name, route, e)
			}
			if e.Limit != want || e.Message != msg || e.Line != c.Line+1 || e.Func != r.Func || e.Script != c.Name+".lua" {
				t.Errorf("%s on %s: %s:%d %s: limit %q %q, want %s.lua:%d %s: limit %q %q",
					c.Name, route, e.Script, e.Line, e.Func, e.Limit, e.Message, c.Name, c.Line+1, r.Func, want, msg)
			}
			return e
		}
		a := check("the VM", r.Call(vm, ref))
		if r.VMOnly {
			continue
		}
		b := check("the compiled route", r.Call(fast, ref))
		loaded := check("the VM under load", underLoad(func() error { return r.Call(vm, ref) }))
		if a != nil && b != nil && loaded != nil && (!sameError(a, b) || !sameError(a, loaded)) {
			t.Errorf("%s: the routes and loads differ:\n%v\n%v\n%v", c.Name, a, b, loaded)
		}
	}
}

// sameError compares what a diagnostic shows of two errors.
func sameError(a, b *plugin.Error) bool {
	return a.Script == b.Script && a.Line == b.Line && a.Func == b.Func && a.Limit == b.Limit &&
		a.Message == b.Message && fmt.Sprint(a.Traceback) == fmt.Sprint(b.Traceback)
}

// underLoad runs f while other goroutines keep every CPU busy.
func underLoad(f func() error) error {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b strings.Builder
			for {
				select {
				case <-stop:
					return
				default:
					b.Reset()
					for i := range 1000 {
						b.WriteByte(byte(i))
					}
				}
			}
		}()
	}
	err := f()
	close(stop)
	wg.Wait()
	return err
}

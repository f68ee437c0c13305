package compiled_test

import (
	"errors"
	"github.com/sandtable/sandtable/engine/mbg/hooks/hookstest"
	"io/fs"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	ftbthooks "github.com/sandtable/sandtable/engine/ftbt/hooks"
	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/scripts"
)

// builtinScript is one shipped hook script.
type builtinScript struct {
	path string
	kind *plugin.Kind
	src  string
}

// builtinScripts lists scripts.FS's hook scripts of known kinds
// (<game>/<class>/<id>.lua), whatever games have scripts by now.
func builtinScripts(t *testing.T) []builtinScript {
	t.Helper()
	byName := map[string]*plugin.Kind{}
	for _, k := range kinds() {
		byName[k.Name] = k
	}
	var out []builtinScript
	err := fs.WalkDir(scripts.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return err
		}
		parts := strings.Split(p, "/")
		if len(parts) != 3 || byName[parts[0]+"."+parts[1]] == nil {
			t.Logf("%s: not a script of a known kind", p)
			return nil
		}
		src, err := fs.ReadFile(scripts.FS, p)
		out = append(out, builtinScript{p, byName[parts[0]+"."+parts[1]], string(src)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFastBuiltinScripts runs every shipped script through the fast path
// and the VM with the same random inputs and recording hosts: results,
// errors and host calls must agree. Every shipped script must compile to
// the fast path.
func TestFastBuiltinScripts(t *testing.T) {
	t.Parallel()
	calls := 100
	mbg := 0
	for _, s := range builtinScripts(t) {
		t.Run(s.path, func(t *testing.T) {
			p, err := compiled.NewDiffPair(t, s.kind, s.path, s.src, plugin.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			fast, why := compiled.HookFast(p.Hook())
			if strings.HasPrefix(s.path, "mbg/") {
				mbg++
			}
			if !fast {
				t.Fatalf("not on the fast path: %s", why)
			}
			t.Logf("fast path: %v %s", fast, why)
			p.Run(s.path, s.src, 1, calls, true)
		})
	}
	if mbg != 26 {
		t.Errorf("%d mbg scripts, want the 12 techs and 14 cards", mbg)
	}
}

// FuzzBuiltinScripts is TestFastBuiltinScripts' soak: every shipped script
// on both paths with the inputs of each seed the fuzzer tries.
//
//	go test ./engine/plugin/compiled -run XXX -fuzz FuzzBuiltinScripts -fuzztime 1m
func FuzzBuiltinScripts(f *testing.F) {
	f.Add(uint64(2))
	f.Fuzz(func(t *testing.T, seed uint64) {
		for _, s := range builtinScripts(t) {
			p, err := compiled.NewDiffPair(t, s.kind, s.path, s.src, plugin.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			p.Run(s.path, s.src, seed, 20, true)
			p.Close()
		}
	})
}

// TestFastMBGHosts runs the shipped mbg scripts with the real kinds, Sigs
// and host argument checks (hookstest.TechHost, hookstest.CardHost) on both paths.
func TestFastMBGHosts(t *testing.T) {
	t.Parallel()
	calls := 200
	reg := gameRegistry(t, plugin.Limits{})
	var techs, cards []plugin.Ref
	var names []string
	for _, s := range builtinScripts(t) {
		if s.kind != mbghooks.TechKind && s.kind != mbghooks.CardKind {
			continue
		}
		id := strings.TrimSuffix(filepath.Base(s.path), ".lua")
		if _, err := reg.AddLua(s.kind, id, s.path, []byte(s.src)); err != nil {
			t.Fatal(err)
		}
		ref := lookup(t, reg, s.kind, id)
		if s.kind == mbghooks.TechKind {
			techs = append(techs, ref)
		} else {
			cards = append(cards, ref)
		}
		names = append(names, s.path)
	}
	fast := reg.NewWorker(plugin.WorkerOptions{})
	vm := reg.NewWorker(plugin.WorkerOptions{NoFastPath: true})
	g := compiled.NewDiffGen(rand.New(rand.NewPCG(2, 2)), []string{
		"burn_rounds", "chaos_rounds", "infight_rounds", "turns", "fraction", "whole_role", "amount"}, true)
	for i := range calls {
		for _, ref := range techs {
			ctx := mbghooks.TechCtx{Value: g.Number(), DHP: g.Number(), SelfHP: g.Number(), SelfDef: g.Number(),
				OppHP: g.Number(), OppDef: g.Number(), Celve: g.Number(), Params: g.Params()}
			hf, hv := &hookstest.TechHost{}, &hookstest.TechHost{}
			cf, cv := ctx, ctx
			rf, errf := mbghooks.RunTech(fast, ref, &cf, hf)
			rv, errv := mbghooks.RunTech(vm, ref, &cv, hv)
			h, _ := reg.Hook(ref)
			if math.Float64bits(rf.Self) != math.Float64bits(rv.Self) || math.Float64bits(rf.Opp) != math.Float64bits(rv.Opp) {
				t.Fatalf("%s call %d %+v: fast %+v, vm %+v", h.Origin(), i, ctx, rf, rv)
			}
			if df, dv := compiled.DescribeError(errf), compiled.DescribeError(errv); df != dv {
				t.Fatalf("%s call %d %+v: errors differ:\n fast %s\n vm   %s", h.Origin(), i, ctx, df, dv)
			}
			if diff := cmp.Diff(hv.Calls, hf.Calls); diff != "" {
				t.Fatalf("%s call %d %+v: host calls (-vm +fast):\n%s", h.Origin(), i, ctx, diff)
			}
		}
		for _, ref := range cards {
			ctx := mbghooks.CardCtx{User: g.Int(4) - 1, Target: g.Int(4) - 1, Params: g.Params()}
			money := [2]float64{g.Number(), g.Number()}
			hf, hv := &hookstest.CardHost{Cash: money}, &hookstest.CardHost{Cash: money}
			rf, errf := mbghooks.RunCard(fast, ref, &ctx, hf)
			rv, errv := mbghooks.RunCard(vm, ref, &ctx, hv)
			h, _ := reg.Hook(ref)
			if rf != rv || hf.Cash != hv.Cash {
				t.Fatalf("%s call %d %+v: fast %v %v, vm %v %v", h.Origin(), i, ctx, rf, hf.Cash, rv, hv.Cash)
			}
			if df, dv := compiled.DescribeError(errf), compiled.DescribeError(errv); df != dv {
				t.Fatalf("%s call %d %+v: errors differ:\n fast %s\n vm   %s", h.Origin(), i, ctx, df, dv)
			}
			if diff := cmp.Diff(hv.Calls, hf.Calls); diff != "" {
				t.Fatalf("%s call %d %+v: host calls (-vm +fast):\n%s", h.Origin(), i, ctx, diff)
			}
		}
	}
	t.Logf("%d scripts × %d calls", len(names), calls)
}

// TestFastErrorLine: a fast-path error is the VM's: script, line, function
// and message, and the worker goes on.
func TestFastErrorLine(t *testing.T) {
	t.Parallel()
	src := `-- siege with a typo
function effect(ctx)
  local o = ctx.value *
    ctx.dhpp
  return 0, o
end`
	for _, noFast := range []bool{false, true} {
		reg := gameRegistry(t, plugin.Limits{})
		if _, err := reg.AddLua(mbghooks.TechKind, "typo", "typo.lua", []byte(src)); err != nil {
			t.Fatal(err)
		}
		if _, err := reg.AddLua(mbghooks.TechKind, "good", "good.lua", []byte("function effect(ctx) return ctx.value, 0 end")); err != nil {
			t.Fatal(err)
		}
		ref := lookup(t, reg, mbghooks.TechKind, "typo")
		if h, _ := reg.Hook(ref); !fastOf(h) {
			_, why := compiled.HookFast(h)
			t.Fatalf("typo.lua is not on the fast path: %s", why)
		}
		w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: noFast})
		for range 2 {
			_, err := mbghooks.RunTech(w, ref, &mbghooks.TechCtx{Value: 2}, &hookstest.TechHost{})
			e := asError(t, err)
			want := plugin.Error{Script: "typo.lua", Line: 3, Column: 3, Kind: "mbg.tech", ID: "typo", Func: "effect",
				Message:   "cannot perform mul operation between number and nil",
				Traceback: []plugin.Frame{{Script: "typo.lua", Line: 3, Column: 3, Func: "function 'effect'"}}}
			if diff := cmp.Diff(want, *e); diff != "" {
				t.Errorf("no fast path %v: error (-want +got):\n%s", noFast, diff)
			}
			if r, err := mbghooks.RunTech(w, lookup(t, reg, mbghooks.TechKind, "good"), &mbghooks.TechCtx{Value: 3}, &hookstest.TechHost{}); err != nil || r.Self != 3 {
				t.Errorf("after the error: %+v, %v", r, err)
			}
		}
	}
}

// TestFastHostErrors: a host function's errors through the fast path are
// the VM's, at the line of the call, wrapping the host's error.
func TestFastHostErrors(t *testing.T) {
	t.Parallel()
	src := "function play(ctx)\n  local m = mbg.money(ctx.target)\n  mbg.steal(ctx.target, ctx.user,\n    m / 2)\n  return m > 0\nend\n"
	reg := gameRegistry(t, plugin.Limits{})
	if _, err := reg.AddLua(mbghooks.CardKind, "half", "half.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	ref := lookup(t, reg, mbghooks.CardKind, "half")
	for _, noFast := range []bool{false, true} {
		w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: noFast})
		host := &hookstest.CardHost{Cash: [2]float64{10, 40}}
		ok, err := mbghooks.RunCard(w, ref, &mbghooks.CardCtx{User: 0, Target: 1}, host)
		if !ok || err != nil || host.Cash != [2]float64{30, 20} {
			t.Errorf("no fast path %v: %v, %v, money %v", noFast, ok, err, host.Cash)
		}
		_, err = mbghooks.RunCard(w, ref, &mbghooks.CardCtx{User: 0, Target: 5}, &hookstest.CardHost{})
		if e := asError(t, err); e.Line != 2 || e.Message != "mbg.money: money: role 5: no such role" || e.Err == nil {
			t.Errorf("no fast path %v: bad role: %+v", noFast, e)
		}
		_, err = mbghooks.RunCard(w, ref, &mbghooks.CardCtx{User: 0, Target: 1}, &hookstest.CardHost{Cash: [2]float64{1, -7}})
		if e := asError(t, err); e.Line != 3 || !strings.Contains(e.Message, "bad argument #3 'amount'") || e.Err != nil {
			t.Errorf("no fast path %v: negative amount: %+v", noFast, e)
		}
	}
}

// TestFastConcurrent runs the shipped techs on several workers at once (the
// compiled scripts are shared by them); run it with -race.
func TestFastConcurrent(t *testing.T) {
	t.Parallel()
	reg := gameRegistry(t, plugin.Limits{})
	addTechs(t, reg)
	refs := make([]plugin.Ref, len(techIDs))
	for i, id := range techIDs {
		refs[i] = lookup(t, reg, mbghooks.TechKind, id)
	}
	play := func(w *plugin.Worker) []float64 {
		var out []float64
		for i := range 200 {
			for _, ref := range refs {
				ctx := mbghooks.TechCtx{Value: float64(i % 7), DHP: -float64(i % 13), OppDef: float64(i % 5),
					Params: plugin.NewParams(map[string]float64{"burn_rounds": float64(i % 3)})}
				host := &hookstest.TechHost{}
				r, err := mbghooks.RunTech(w, ref, &ctx, host)
				if err != nil {
					t.Error(err)
					return nil
				}
				out = append(out, r.Self, r.Opp, float64(len(host.Calls)))
			}
		}
		return out
	}
	want := play(reg.NewWorker(plugin.WorkerOptions{NoFastPath: true}))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := reg.NewWorker(plugin.WorkerOptions{})
			defer w.Close()
			if got := play(w); !slices.Equal(got, want) {
				t.Error("a worker's results differ from the VM's")
			}
		}()
	}
	wg.Wait()
}

// TestRegBuiltinScripts: the shipped hook functions that read the game
// without changing it, or change it only at their end, run as register
// code (fastreg.go) with the games' own kinds: the ftbt AI's area scores
// and every mbg tech. (ftbt's damage score calls helpers that call the
// host, which are not inlined; ftbt's apply functions change the game in
// their loops; the mbg cards change it before reading it again.)
func TestRegBuiltinScripts(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"ftbt/effect/attack_buff.lua":  {"score"},
		"ftbt/effect/defence_buff.lua": {"score"},
		"ftbt/effect/disable_long.lua": {"score"},
		"ftbt/effect/fly.lua":          {"score"},
		"ftbt/effect/heal.lua":         {"score"},
		"mbg/tech/arrows.lua":          {"effect"},
		"mbg/tech/chaos.lua":           {"effect"},
		"mbg/tech/exile.lua":           {"effect"},
		"mbg/tech/fire_arrows.lua":     {"effect"},
		"mbg/tech/infighting.lua":      {"effect"},
		"mbg/tech/lifesteal.lua":       {"effect"},
		"mbg/tech/medic.lua":           {"effect"},
		"mbg/tech/shield.lua":          {"effect"},
		"mbg/tech/siege.lua":           {"effect"},
		"mbg/tech/strong_strike.lua":   {"effect"},
		"mbg/tech/thunder.lua":         {"effect"},
		"mbg/tech/transfer.lua":        {"effect"},
	}
	for _, s := range builtinScripts(t) {
		if got := regFuncsOf(t, s.kind, s.path, s.src); !slices.Equal(got, want[s.path]) {
			t.Errorf("%s: register code for %q, want %q", s.path, got, want[s.path])
		}
	}
}

// regFuncsOf compiles src as a hook of kind and lists its functions that
// get register code.
func regFuncsOf(t testing.TB, kind *plugin.Kind, path, src string) []string {
	t.Helper()
	reg := compiled.NewRegistry(t, []*plugin.Kind{kind}, plugin.DefaultLimits())
	if _, err := reg.AddLua(kind, "h", path, []byte(src)); err != nil {
		t.Fatal(err)
	}
	h, _ := reg.Hook(lookup(t, reg, kind, "h"))
	return compiled.RegFuncs(h)
}

func fastOf(h plugin.Hook) bool {
	fast, _ := compiled.HookFast(h)
	return fast
}

// kinds are real games' kinds, the most demanding declarations there are.
func kinds() []*plugin.Kind {
	return append(mbghooks.Kinds(), ftbthooks.Kinds()...)
}

// gameRegistry returns a compiling registry of kinds() with limits.
func gameRegistry(t testing.TB, limits plugin.Limits) *plugin.Registry {
	t.Helper()
	return compiled.NewRegistry(t, kinds(), compiled.TestLimits(limits))
}

// addTechs registers the shipped mbg techs.
func addTechs(t testing.TB, reg *plugin.Registry) {
	t.Helper()
	for _, id := range techIDs {
		path := "mbg/tech/" + id + ".lua"
		src, err := fs.ReadFile(scripts.FS, path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reg.AddLua(mbghooks.TechKind, id, path, src); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
}

func lookup(t testing.TB, reg *plugin.Registry, kind *plugin.Kind, id string) plugin.Ref {
	t.Helper()
	ref, ok := reg.Lookup(kind, id)
	if !ok {
		t.Fatalf("no %s %q", kind.Name, id)
	}
	return ref
}

// asError unwraps err as *Error or fails the test.
func asError(t testing.TB, err error) *plugin.Error {
	t.Helper()
	var e *plugin.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *plugin.Error", err, err)
	}
	return e
}

// techIDs are the shipped mbg techs, in the seed's order.
var techIDs = []string{
	"arrows", "fire_arrows", "medic", "shield", "transfer", "strong_strike",
	"lifesteal", "thunder", "chaos", "infighting", "siege", "exile",
}

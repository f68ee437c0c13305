package plugin_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/plugin"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"
)

// helloLua is a test.eval hook.
const helloLua = "function run() return 'hello' end"

// TestLoadFSLayers: a mod directory layered over a scenario's scripts
// replaces a hook, with a warning naming both files.
func TestLoadFSLayers(t *testing.T) {
	t.Parallel()
	scenario := fstest.MapFS{
		"test/tech/arrows.lua":  {Data: []byte("function effect(ctx) return 0, -ctx.value end")},
		"test/tech/medic.lua":   {Data: []byte("function effect(ctx) return ctx.value, 0 end")},
		"test/eval/hello.lua":   {Data: []byte(helloLua)},
		"test/tech/old/x.lua":   {Data: []byte("-- too deep")},
		"test/weather/rain.lua": {Data: []byte("-- no such kind")},
		"README.md":             {Data: []byte("not a script")},
	}
	mod := fstest.MapFS{
		"test/tech/arrows.lua": {Data: []byte("function effect(ctx) return 0, -10 * ctx.value end")},
	}
	reg := testRegistry(t, plugin.Limits{})
	warns, err := reg.LoadFS(scenario, "scenario")
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, w := range warns {
		codes = append(codes, w.Code+" "+w.New)
	}
	wantCodes := []string{plugin.WarnIgnoredFile + " scenario/test/tech/old/x.lua", plugin.WarnIgnoredFile + " scenario/test/weather/rain.lua"}
	if diff := cmp.Diff(wantCodes, codes); diff != "" {
		t.Errorf("scenario warnings (-want +got):\n%s", diff)
	}
	warns, err = reg.LoadFS(mod, "mods/strong")
	if err != nil {
		t.Fatal(err)
	}
	want := []plugin.Warning{{Code: plugin.WarnReplaced, Kind: "test.tech", ID: "arrows", Old: "scenario/test/tech/arrows.lua", New: "mods/strong/test/tech/arrows.lua",
		Message: `test.tech "arrows" from mods/strong/test/tech/arrows.lua replaces the one from scenario/test/tech/arrows.lua`}}
	if diff := cmp.Diff(want, warns); diff != "" {
		t.Errorf("mod warnings (-want +got):\n%s", diff)
	}
	var ids []string
	for _, h := range reg.Hooks() {
		ids = append(ids, h.Kind().Name+" "+h.ID()+" "+h.Origin())
	}
	wantIDs := []string{"test.eval hello scenario/test/eval/hello.lua", "test.tech arrows mods/strong/test/tech/arrows.lua", "test.tech medic scenario/test/tech/medic.lua"}
	if diff := cmp.Diff(wantIDs, ids); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	if r, err := runTech(w, lookup(t, reg, techKind, "arrows"), &techCtx{Value: 3}, &techHost{}); err != nil || r.Opp != -30 {
		t.Errorf("arrows = %+v, %v; want the mod's -30", r, err)
	}
}

// TestBundle: bundling, loading from a bundle, and hash verification.
func TestBundle(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"test/tech/arrows.lua": {Data: []byte("function effect(ctx) return 0, -ctx.value end")},
		"test/eval/hello.lua":  {Data: []byte(helloLua)},
	}
	scripts, warns, err := plugin.BundleFS(fsys, "scripts", testKinds())
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	if len(scripts) != 2 || scripts[0].Path != "scripts/test/eval/hello.lua" || scripts[1].ID != "arrows" || scripts[1].Kind != "test.tech" {
		t.Fatalf("bundle = %+v", scripts)
	}
	// The JSON shape is the engine config's Script.
	data, _ := json.Marshal(scripts[1])
	wantJSON := `{"id":"arrows","kind":"test.tech","path":"scripts/test/tech/arrows.lua","sha256":"` + plugin.Hash(fsys["test/tech/arrows.lua"].Data) + `","source":"function effect(ctx) return 0, -ctx.value end"}`
	if string(data) != wantJSON {
		t.Errorf("JSON = %s\nwant   %s", data, wantJSON)
	}

	reg := testRegistry(t, plugin.Limits{})
	if _, err := reg.LoadBundle(scripts); err != nil {
		t.Fatal(err)
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	if r, err := runTech(w, lookup(t, reg, techKind, "arrows"), &techCtx{Value: 4}, &techHost{}); err != nil || r.Opp != -4 {
		t.Errorf("bundled arrows = %+v, %v", r, err)
	}

	tampered := append([]plugin.Script(nil), scripts...)
	tampered[1].Source = strings.Replace(tampered[1].Source, "-ctx.value", "-1e9", 1)
	if _, err := testRegistry(t, plugin.Limits{}).LoadBundle(tampered); !errors.Is(err, plugin.ErrHashMismatch) || !strings.Contains(err.Error(), "scripts/test/tech/arrows.lua") {
		t.Errorf("tampered bundle: %v, want ErrHashMismatch naming the script", err)
	}
	dup := append(append([]plugin.Script(nil), scripts...), scripts[1])
	if _, err := testRegistry(t, plugin.Limits{}).LoadBundle(dup); err == nil || !strings.Contains(err.Error(), "two scripts") {
		t.Errorf("duplicate: %v", err)
	}
	unknown := []plugin.Script{plugin.Bundle("test.weather", "rain", "rain.lua", []byte(""))}
	if _, err := testRegistry(t, plugin.Limits{}).LoadBundle(unknown); err == nil || !strings.Contains(err.Error(), `unknown hook kind "test.weather"`) {
		t.Errorf("unknown kind: %v", err)
	}
}

// arrowsLua and goArrows are the same test.tech hook in Lua and in Go.
const arrowsLua = "function effect(ctx)\n  return 0, -ctx.value\nend\n"

func goArrows(c *techCtx, _ techHostAPI) (techResult, error) { return tres(0, -c.Value), nil }

// TestRegistryMisuse: hooks without an id, of an undeclared kind or added
// late, and calls with a foreign or zero Ref or through another kind's
// convention, are refused.
func TestRegistryMisuse(t *testing.T) {
	t.Parallel()
	reg := testRegistry(t, plugin.Limits{})
	addLua(t, reg, "arrows", arrowsLua)
	if _, err := reg.Add(goTech("", goArrows)); err == nil {
		t.Error("empty id accepted")
	}
	stranger := &plugin.Kind{Name: "test.tech", Doc: "x", Funcs: []plugin.Func{{Name: "effect", Doc: "x"}}}
	if _, err := reg.AddLua(stranger, "x", "x.lua", []byte("function effect() end")); err == nil {
		t.Error("hook of an undeclared Kind value accepted")
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	if _, err := reg.Add(goTech("late", goArrows)); err == nil {
		t.Error("Add after NewWorker accepted")
	}
	if _, err := runTech(w, plugin.Ref{}, &techCtx{}, &techHost{}); err == nil {
		t.Error("zero Ref accepted")
	}
	other := testRegistry(t, plugin.Limits{})
	if _, err := other.Add(goTech("arrows", goArrows)); err != nil {
		t.Fatal(err)
	}
	if _, err := runTech(w, lookup(t, other, techKind, "arrows"), &techCtx{}, &techHost{}); err == nil {
		t.Error("Ref of another registry accepted")
	}
	if _, err := plugin.Call(w, testRun, lookup(t, reg, techKind, "arrows"), &struct{}{}, nil); err == nil || !strings.Contains(err.Error(), "called as test.eval") {
		t.Errorf("tech called as test.eval: %v", err)
	}
	if _, ok := reg.Lookup(techKind, "nope"); ok {
		t.Error("Lookup of a missing hook succeeded")
	}
}

// reentrantHost calls back into the worker from a host function.
type reentrantHost struct {
	techHost
	w   *plugin.Worker
	ref plugin.Ref
	err error
}

func (h *reentrantHost) Exile() {
	_, h.err = runTech(h.w, h.ref, &techCtx{}, &techHost{})
}

func TestReentrantCall(t *testing.T) {
	t.Parallel()
	reg := testRegistry(t, plugin.Limits{})
	arrows := addLua(t, reg, "arrows", arrowsLua)
	exile := addLua(t, reg, "exile", "function effect(ctx)\n  host.exile()\n  return 0, 0\nend\n")
	w := reg.NewWorker(plugin.WorkerOptions{})
	host := &reentrantHost{w: w, ref: arrows}
	if _, err := runTech(w, exile, &techCtx{}, host); err != nil {
		t.Fatal(err)
	}
	if host.err == nil || !strings.Contains(host.err.Error(), "in progress") {
		t.Errorf("nested call: %v, want an error", host.err)
	}
}

// TestKindValidation: the builtin kinds are well formed, and malformed
// declarations are rejected with every problem listed.
func TestKindValidation(t *testing.T) {
	t.Parallel()
	if _, err := plugin.NewRegistry(testKinds(), plugin.Limits{}); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, k := range testKinds() {
		if names[k.Name] {
			t.Errorf("kind %s declared twice", k.Name)
		}
		names[k.Name] = true
	}
	bad := &plugin.Kind{
		Name:      "Bad",
		Funcs:     []plugin.Func{{Name: "run", Doc: "x"}, {Name: "run", Doc: "x"}, {Name: "print", Doc: "x"}},
		HostTable: "string",
		Host: []plugin.HostFunc{{Name: "go", Doc: "x"}, {
			Name: "peek", Doc: "x", Params: []plugin.Field{{Name: "i", Type: "integer"}},
			Returns: []plugin.Field{{Name: "v", Type: "integer"}},
			Impl:    func(any, *plugin.Args) {},
			// A view of a function that may change something.
			View: func(any, []int) ([]int, int, int, bool) { return nil, 0, 0, false },
			// An array shortcut of a function that returns a number.
			FastInts: func(any, []int) ([]int, bool) { return nil, false },
		}},
		Ctx: []plugin.Field{{Name: "end", Type: "number"}},
	}
	_, err := plugin.NewRegistry([]*plugin.Kind{bad, techKind, techKind}, plugin.Limits{})
	if err == nil {
		t.Fatal("bad kinds accepted")
	}
	for _, want := range []string{"game.class", "missing Doc", `"run": not a Lua name or declared twice`, `"print" would shadow`,
		`host table "string"`, `"go": missing Impl`, `"end" is not a Lua name`, `kind "test.tech" declared twice`,
		`"peek": View needs ReadOnly, Fast`, `"peek": FastInts needs integer parameters`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %q:\n%v", want, err)
		}
	}
}

// optKind has an optional function, for Exports and Prepare.
var optKind = &plugin.Kind{
	Name: "test.opt",
	Doc:  "A kind with an optional function.",
	Funcs: []plugin.Func{
		{Name: "run", Required: true, Doc: "Runs.", Returns: []plugin.Field{{Name: "out", Type: "string"}}},
		{Name: "describe", Doc: "Describes.", Returns: []plugin.Field{{Name: "text", Type: "string"}}},
	},
	HostTable: "opt",
	Host: []plugin.HostFunc{{Name: "crash", Doc: "Panics, like a buggy engine.", Impl: func(any, *plugin.Args) {
		panic(errors.New("buggy host"))
	}}},
}

var optDescribe = plugin.NewSig[struct{}, any, string](optKind, "describe", nil, func(r plugin.Results) (string, error) { return r.String(1) }, nil)
var optRun = plugin.NewSig[struct{}, any, string](optKind, "run", nil, func(r plugin.Results) (string, error) { return r.String(1) }, nil)

func TestPrepareAndExports(t *testing.T) {
	t.Parallel()
	reg, err := plugin.NewRegistry([]*plugin.Kind{optKind}, testLimits(plugin.Limits{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range [][2]string{
		{"plain", `function run() return "p" end`},
		{"fancy", `function run() return "f" end function describe() return "fancy!" end`},
		{"broken", `function walk() end`},
		{"crash", `function run() opt.crash() end`},
	} {
		if _, err := reg.AddLua(optKind, h[0], h[0]+".lua", []byte(h[1])); err != nil {
			t.Fatal(err)
		}
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	plain, fancy, broken := lookup(t, reg, optKind, "plain"), lookup(t, reg, optKind, "fancy"), lookup(t, reg, optKind, "broken")
	err = w.Prepare(plain, fancy, broken)
	if e := asError(t, err); e.ID != "broken" || e.Func != "(load)" || !strings.Contains(e.Message, "required function run") {
		t.Errorf("Prepare: %+v", e)
	}
	if ok, err := w.Exports(fancy, "describe"); !ok || err != nil {
		t.Errorf("fancy exports describe: %v %v", ok, err)
	}
	if ok, err := w.Exports(plain, "describe"); ok || err != nil {
		t.Errorf("plain exports describe: %v %v", ok, err)
	}
	if ok, err := plugin.Defines(w, optDescribe, fancy); !ok || err != nil {
		t.Errorf("fancy defines describe: %v %v", ok, err)
	}
	if ok, err := plugin.Defines(w, optDescribe, plain); ok || err != nil {
		t.Errorf("plain defines describe: %v %v", ok, err)
	}
	if ok, err := plugin.Defines(w, optDescribe, broken); ok || err == nil {
		t.Errorf("broken defines describe: %v %v", ok, err)
	}
	if out, err := plugin.Call(w, optDescribe, fancy, &struct{}{}, nil); out != "fancy!" || err != nil {
		t.Errorf("describe = %q, %v", out, err)
	}
	if _, err := plugin.Call(w, optDescribe, plain, &struct{}{}, nil); err == nil || !strings.Contains(err.Error(), "does not define function describe") {
		t.Errorf("describe of plain: %v", err)
	}
	// A Go panic inside the Lua state (here a buggy host) is an error, and
	// the worker rebuilds its state.
	_, err = plugin.Call(w, optRun, lookup(t, reg, optKind, "crash"), &struct{}{}, nil)
	if e := asError(t, err); !strings.Contains(e.Message, "buggy host") {
		t.Errorf("crash: %+v", e)
	}
	if out, err := plugin.Call(w, optRun, plain, &struct{}{}, nil); out != "p" || err != nil {
		t.Errorf("after a crash: %q, %v", out, err)
	}
}

// TestArrayLenReflection guards the one use of gopher-lua internals: the
// length of a table's array part, read through reflection.
func TestArrayLenReflection(t *testing.T) {
	t.Parallel()
	f, ok := reflect.TypeFor[lua.LTable]().FieldByName("array")
	if !ok || f.Type.Kind() != reflect.Slice {
		t.Fatal("lua.LTable has no array slice any more: plugin.ArrayLenFunc falls back to MaxN; review guardWrite")
	}
	L := lua.NewState()
	defer L.Close()
	tb := L.NewTable()
	tb.RawSetInt(5, lua.LTrue)
	tb.RawSetInt(5, lua.LNil)
	if n := plugin.ArrayLenFunc()(tb); n != 5 {
		t.Errorf("array length %d, want 5 (trailing nils included)", n)
	}
}

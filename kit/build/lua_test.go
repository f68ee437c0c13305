package build

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/luacheck"
)

func TestCheckScript(t *testing.T) {
	ds := CheckScript(hooks.Kinds(), "mbg.tech", "t", "t.lua", []byte("function effect(ctx)\n\tlocal x = = 1\nend\n"))
	if len(ds) != 1 || ds[0].Code != luacheck.CodeSyntax || ds[0].Subject.Start.Line != 2 {
		t.Fatalf("diagnostics = %v", ds)
	}
	ds = CheckScript(hooks.Kinds(), "mbg.card", "c", "c.lua", []byte("local function play(ctx) return true end\n"))
	if len(ds) != 1 || ds[0].Code != luacheck.CodeMissingFunction {
		t.Fatalf("diagnostics = %v", ds)
	}
}

func TestScriptErrorDiagnostic(t *testing.T) {
	reg, err := plugin.NewRegistry(hooks.Kinds(), plugin.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	src := "local function helper(ctx)\n\treturn ctx.nope.value\nend\nfunction effect(ctx)\n\treturn 0, -helper(ctx)\nend\n"
	if _, err := reg.AddLua(hooks.TechKind, "bad", "tech/bad.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	ref, _ := reg.Lookup(hooks.TechKind, "bad")
	w := reg.NewWorker(plugin.WorkerOptions{})
	defer w.Close()
	_, callErr := hooks.RunTech(w, ref, &hooks.TechCtx{Params: plugin.NewParams(nil)}, nopHost{})
	if callErr == nil {
		t.Fatal("a failing hook returned no error")
	}
	d, ok := ScriptErrorDiagnostic(fmt.Errorf("battle: %w", callErr))
	if !ok {
		t.Fatalf("not recognised as a hook failure: %v", callErr)
	}
	if d.Code != CodeLuaRuntime || d.Subject == nil || d.Subject.File != "tech/bad.lua" || d.Subject.Start.Line != 2 {
		t.Errorf("diagnostic = %+v", d)
	}
	if !strings.Contains(d.Detail, `mbg.tech hook "bad"`) {
		t.Errorf("detail = %q", d.Detail)
	}
	if len(d.Related) == 0 || d.Related[0].Range.Start.Line != 5 {
		t.Errorf("traceback = %+v", d.Related)
	}
	if _, ok := ScriptErrorDiagnostic(fmt.Errorf("plain")); ok {
		t.Error("a plain error was taken for a hook failure")
	}
	// The wall-clock backstop is the machine's condition, not the script's.
	backstop := &plugin.Error{Script: "tech/bad.lua", Line: 2, Kind: "mbg.tech", ID: "bad", Func: "effect",
		Limit: plugin.LimitTimeout, Message: "backstop", Err: plugin.ErrBackstop}
	if _, ok := ScriptErrorDiagnostic(backstop); ok {
		t.Error("the backstop was reported as the script's fault")
	}
	// A script that does not compile (a mod's) is a syntax error at its position.
	_, synErr := reg.AddLua(hooks.TechKind, "broken", "mod/mbg/tech/broken.lua", []byte("function effect(ctx)\n\treturn = 1\nend\n"))
	d, ok = ScriptErrorDiagnostic(synErr)
	if !ok || d.Code != luacheck.CodeSyntax || d.Subject == nil || d.Subject.Start.Line != 2 || d.Subject.Start.Column < 2 {
		t.Errorf("syntax error diagnostic = %+v, %v (from %v)", d, ok, synErr)
	}
}

type nopHost struct{}

func (nopHost) Burn(int)            {}
func (nopHost) Confuse(string, int) {}
func (nopHost) Exile()              {}

func TestHookID(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"builtin:mbg/tech/arrows.lua":   "arrows",
		"builtin:ftbt/effect/heal.lua":  "heal",
		"tech/extra.lua":                "extra",
		"extra.lua":                     "extra",
		"effects/deep/drain.lua":        "drain",
		"builtin:mbg/card/火攻.lua":       "火攻",
		"builtin:mbg/tech/no_extension": "no_extension",
	} {
		if got := HookID(in); got != want {
			t.Errorf("HookID(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScriptIDConflicts: two different scripts of one kind with one id
// clash; the same script twice, or one id in two kinds, does not.
func TestScriptIDConflicts(t *testing.T) {
	t.Parallel()
	uses := []ScriptUse{
		{Kind: "mbg.tech", Path: "builtin:mbg/tech/arrows.lua", Ptr: "/a"},
		{Kind: "mbg.tech", Path: "tech/bolt.lua", Ptr: "/b"},
		{Kind: "mbg.tech", Path: "tech/bolt.lua", Ptr: "/c"},
		{Kind: "mbg.card", Path: "cards/arrows.lua", Ptr: "/d"},
		{Kind: "mbg.tech", Path: "tech/arrows.lua", Ptr: "/e"},
	}
	got := ScriptIDConflicts(uses)
	if len(got) != 1 || got[0].Use.Ptr != "/e" || got[0].First.Ptr != "/a" || got[0].ID != "arrows" {
		t.Errorf("conflicts %+v", got)
	}
}

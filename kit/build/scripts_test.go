package build

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/luacheck"
	"github.com/sandtable/sandtable/kit/source"
)

// TestScripts: a hook of the scenario's own that fails at run time is
// reported at the file, line and column mapc check gives the same place,
// with its excerpt from the bundled source; builtin and mod scripts keep
// their names; a compiled config keeps the bundled paths and still serves
// the bundle, never another file at that path.
func TestScripts(t *testing.T) {
	src := "local hits = 0\nfunction effect(ctx)\n\tlocal n = 1; hits = hits + n\n\treturn 0, 0\nend\n"
	config, err := json.Marshal(map[string]any{"game": "mbg", "scripts": []map[string]string{
		{"id": "bad", "kind": "mbg.tech", "path": "tech/bad.lua", "sha256": plugin.Hash([]byte(src)), "source": src},
		{"id": "fire", "kind": "mbg.tech", "path": "builtin:mbg/tech/fire.lua", "sha256": "", "source": "-- fire"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	scenario := &Result{Config: config, Source: &source.Source{Entry: filepath.Join("levels", "lvl", "scenario.toml")}}
	compiled := &Result{Config: config}
	own := filepath.Join("levels", "lvl", "tech", "bad.lua")

	s := ScriptsOf(scenario)
	for path, want := range map[string]string{
		"tech/bad.lua":              own,
		"builtin:mbg/tech/fire.lua": "builtin:mbg/tech/fire.lua",
		"mods/m/mbg/tech/bad.lua":   "mods/m/mbg/tech/bad.lua", // a mod's, as it was given
	} {
		if got := s.File(path); got != want {
			t.Errorf("File(%q) = %q, want %q", path, got, want)
		}
	}

	// Run the hook as the engine knows it, by its bundled path.
	reg, err := plugin.NewRegistry(hooks.Kinds(), plugin.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.AddLua(hooks.TechKind, "bad", "tech/bad.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	ref, _ := reg.Lookup(hooks.TechKind, "bad")
	w := reg.NewWorker(plugin.WorkerOptions{})
	defer w.Close()
	_, callErr := hooks.RunTech(w, ref, &hooks.TechCtx{Params: plugin.NewParams(nil)}, nopHost{})

	d, ok := s.Diagnostic(callErr)
	if !ok || d.Subject == nil {
		t.Fatalf("not a hook failure: %v", callErr)
	}
	checked := CheckScriptKind(hooks.TechKind, "bad", own, []byte(src))
	if len(checked) != 1 || checked[0].Code != luacheck.CodeStateWrite {
		t.Fatalf("check: %v", checked)
	}
	if d.Subject.File != own || d.Subject.Start != checked[0].Subject.Start || d.Subject.Start != (diag.Pos{Line: 3, Column: 15}) {
		t.Errorf("run-time error at %s:%d:%d, check reports %s:%d:%d", d.Subject.File, d.Subject.Start.Line, d.Subject.Start.Column,
			checked[0].Subject.File, checked[0].Subject.Start.Line, checked[0].Subject.Start.Column)
	}

	decoy := func(string) ([]byte, bool) { return []byte("-- decoy\n"), true }
	if b, ok := s.Sources(decoy)(own); !ok || string(b) != src {
		t.Errorf("excerpt of %s: %q", own, b)
	}
	if b, ok := s.Sources(decoy)("tech/bad.lua"); !ok || string(b) != "-- decoy\n" {
		t.Errorf("another file at the bundled path: %q", b)
	}

	c := ScriptsOf(compiled)
	if d, _ := c.Diagnostic(callErr); d.Subject == nil || d.Subject.File != "tech/bad.lua" {
		t.Errorf("compiled config: %+v", d.Subject)
	}
	if b, ok := c.Sources(decoy)("tech/bad.lua"); !ok || string(b) != src {
		t.Errorf("compiled config: the excerpt of tech/bad.lua is %q, not the bundled source", b)
	}
	if got := ScriptsOf(nil).File("tech/bad.lua"); got != "tech/bad.lua" {
		t.Errorf("no result: %q", got)
	}
}

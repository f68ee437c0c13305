package luadoc_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ftbthooks "github.com/sandtable/sandtable/engine/ftbt/hooks"
	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/luadoc"
)

// kinds are real games' kinds, the most demanding declarations there are.
func kinds() []*plugin.Kind {
	return append(mbghooks.Kinds(), ftbthooks.Kinds()...)
}

// TestAPIReference checks the reference covers every kind, function, ctx
// field and host function. (docs/lua-api.md, the reference of the
// registered games' kinds, is kept in step by kit/games.)
func TestAPIReference(t *testing.T) {
	var b bytes.Buffer
	if err := luadoc.WriteAPIReference(&b, kinds()); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	for _, k := range kinds() {
		for _, want := range []string{"## " + k.Name} {
			if !strings.Contains(doc, want) {
				t.Errorf("reference lacks %q", want)
			}
		}
		for _, f := range k.Funcs {
			if !strings.Contains(doc, "`"+luadoc.LuaCall(f.Name, f.Params)+"`") {
				t.Errorf("reference lacks %s.%s", k.Name, f.Name)
			}
		}
		for _, f := range k.Ctx {
			if !strings.Contains(doc, "| `"+f.Name+"` |") {
				t.Errorf("reference lacks ctx field %s.%s", k.Name, f.Name)
			}
		}
		for _, h := range k.Host {
			if !strings.Contains(doc, "`"+luadoc.LuaCall(k.HostTable+"."+h.Name, h.Params)+"`") {
				t.Errorf("reference lacks %s.%s", k.HostTable, h.Name)
			}
		}
	}
}

// TestStubs checks the LuaLS files: the .luarc.json disables what the
// sandbox removes, and the definitions declare every host function, every
// hook function and the sandbox globals (and nothing removed).
func TestStubs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := luadoc.WriteStubs(dir, kinds()); err != nil {
		t.Fatal(err)
	}
	var rc struct {
		Runtime struct {
			Version string            `json:"version"`
			Builtin map[string]string `json:"builtin"`
		} `json:"runtime"`
		Workspace struct {
			Library []string `json:"library"`
		} `json:"workspace"`
	}
	data, err := os.ReadFile(filepath.Join(dir, ".luarc.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rc); err != nil {
		t.Fatalf(".luarc.json: %v", err)
	}
	for _, lib := range []string{"io", "os", "debug", "package", "coroutine", "basic"} {
		if rc.Runtime.Builtin[lib] != "disable" {
			t.Errorf(".luarc.json leaves %s enabled", lib)
		}
	}
	for _, lib := range []string{"string", "table", "math", "builtin"} {
		if rc.Runtime.Builtin[lib] != "enable" {
			t.Errorf(".luarc.json disables %s", lib)
		}
	}
	if rc.Runtime.Version != "Lua 5.1" || len(rc.Workspace.Library) != 1 || rc.Workspace.Library[0] != luadoc.StubDir {
		t.Errorf(".luarc.json: %+v", rc)
	}

	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, luadoc.StubDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("---@meta\n")) {
			t.Errorf("%s does not start with ---@meta", name)
		}
		return string(data)
	}
	sandbox := read("sandbox.lua")
	for _, g := range plugin.BaseLibrary() {
		if call := luadoc.LuaCall(g.Name, g.Params); !strings.Contains(sandbox, "\nfunction "+call+" end\n") {
			t.Errorf("sandbox.lua does not declare %s", call)
		}
	}
	for _, g := range plugin.Unavailable() {
		if strings.Contains(sandbox, "function "+g+"(") {
			t.Errorf("sandbox.lua declares removed %s", g)
		}
	}
	mbg := read("mbg.lua")
	for _, k := range []*plugin.Kind{mbghooks.TechKind, mbghooks.CardKind} {
		for _, h := range k.Host {
			if !strings.Contains(mbg, "\nfunction "+luadoc.LuaCall("mbg."+h.Name, h.Params)+" end\n") {
				t.Errorf("mbg.lua does not declare mbg.%s", h.Name)
			}
		}
	}
	if !strings.Contains(mbg, "---@param state \"chaos\"|\"infighting\" ") || !strings.Contains(mbg, "---@return number moved ") {
		t.Errorf("mbg.lua lacks typed annotations:\n%s", mbg)
	}
	for _, k := range kinds() {
		stub := read(k.Name + ".lua")
		for _, f := range k.Funcs {
			if !strings.Contains(stub, "\nfunction "+luadoc.LuaCall(f.Name, f.Params)+" end\n") {
				t.Errorf("%s.lua does not declare %s", k.Name, f.Name)
			}
		}
		for _, f := range k.Ctx {
			if !strings.Contains(stub, "---@field "+f.Name+" "+f.Type+" ") {
				t.Errorf("%s.lua does not declare ctx.%s", k.Name, f.Name)
			}
		}
	}
	// Generation is deterministic.
	if a, b := luadoc.Stubs(kinds()), luadoc.Stubs(kinds()); len(a) != len(b) || !bytes.Equal(a[0].Data, b[0].Data) || !bytes.Equal(a[2].Data, b[2].Data) {
		t.Error("Stubs is not deterministic")
	}
}

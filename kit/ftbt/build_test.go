package ftbt_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/scripts"
)

func compiler() *build.Compiler { return build.NewCompiler(ftbt.Game{}) }

// needBuiltinLua skips a test that builds a scenario with the standard
// classes when their Lua is not embedded (another engineer ships it).
func needBuiltinLua(t *testing.T) {
	t.Helper()
	for _, id := range []string{"damage", "attack_buff", "defence_buff", "fly", "disable_long", "heal"} {
		if _, err := fs.Stat(scripts.FS, "ftbt/effect/"+id+".lua"); err != nil {
			t.Skipf("builtin script %s.lua not present yet", id)
		}
	}
}

// writeScenario writes files into a new scenario directory.
func writeScenario(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestSkirmishBuilds: the shipped hand-made level compiles with no
// diagnostic at all, its config passes the config schema (as mapc build
// checks it before writing it) and the engine's own validation.
func TestSkirmishBuilds(t *testing.T) {
	needBuiltinLua(t)
	res := compiler().Compile(filepath.Join("..", "..", "scenarios", "ftbt", "skirmish"), build.Options{})
	if len(res.Diags) > 0 {
		t.Fatalf("skirmish has diagnostics:\n%v", diag.Normalize(res.Diags))
	}
	if res.Value == nil || res.Name != "skirmish" {
		t.Fatalf("no config (name %q)", res.Name)
	}
	if ds := res.Encode(); len(ds) > 0 {
		t.Errorf("config schema: %v", ds)
	}
	cfg := res.Value.(*engine.Config)
	if err := engine.Validate(cfg); err != nil {
		t.Errorf("engine.Validate: %v", err)
	}
	heal := -1
	for i, c := range cfg.Classes {
		if c.ID == "heal" {
			heal = i
		}
	}
	uses := false
	for _, tc := range cfg.Techs {
		uses = uses || tc.Class == heal
	}
	if !uses || cfg.Width != 12 || cfg.Height != 10 {
		t.Errorf("skirmish: %d × %d, uses heal %v", cfg.Width, cfg.Height, uses)
	}
	for _, p := range cfg.People {
		if p.AI == nil {
			t.Errorf("%s is not AI-controlled", p.Name)
		}
	}
	if len(cfg.Scripts) != 6 {
		t.Errorf("%d scripts bundled, want the 6 standard classes", len(cfg.Scripts))
	}
}

// Presets: original.toml switches the slips back on.
func TestOriginalPreset(t *testing.T) {
	needBuiltinLua(t)
	skirmish, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "ftbt", "skirmish", "scenario.toml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Replace(string(skirmish), `"builtin:ftbt/standard.toml"`, `"builtin:ftbt/original.toml"`, 1)
	doc = strings.Replace(doc, "max_rounds = 60\n", "", 1)
	doc = strings.Replace(doc, "#:schema ../../../schemas/", "#:schema ", 1)
	res := compiler().Compile(writeScenario(t, map[string]string{"scenario.toml": doc}), build.Options{})
	if res.Value == nil {
		t.Fatalf("does not build: %v", diag.Normalize(res.Diags))
	}
	cfg := res.Value.(*engine.Config)
	if cfg.Rules.BothWiped != "attacker" || cfg.Classes[3].ID != "fly" || cfg.Classes[3].Params["fly_gain_bias"] != 2 || cfg.Classes[3].Params["fly_cap"] != 1 {
		t.Errorf("original preset: rules %+v, fly %+v", cfg.Rules, cfg.Classes[3])
	}
}

const localScenario = `#:schema ../schemas/ftbt.scenario.schema.json
# Only scenario-local classes: needs no builtin script.
people = [
  { name = "A", side = 0, abi = 22, def = 18, hp = 80, speed = 100, at = [0, 0], techs = ["推"], ai = {} },
  { name = "D", side = 1, abi = 20, def = 17, hp = 90, speed = 100, at = [3, 1], techs = ["推", "愈"] },
]

[scenario]
name = "local"

[[terrains]]
name = "平"
weight = 15
glyph = "."

[map]
rows = ["....", "....", "...."]

[[classes]]
id = "push"
script = "effects/push.lua"
target = "enemy"

[[classes]]
id = "mend"
script = "mend.lua"
target = "cell"

[[techs]]
name = "推"
class = "push"
range = { line = [1, 2] }
value = 3

[[techs]]
name = "愈"
class = "mend"
range = { self = true, diamond = 1 }
value = 3
`

const applyLua = "function apply(ctx)\nend\n"

// TestLocalScenarioBuilds: a scenario with local scripts builds through the
// pipeline; the config is written only after it passed the config schema.
func TestLocalScenarioBuilds(t *testing.T) {
	dir := writeScenario(t, map[string]string{"scenario.toml": localScenario, "effects/push.lua": applyLua, "mend.lua": applyLua})
	res := compiler().Compile(dir, build.Options{})
	if len(res.Diags) > 0 || res.Value == nil {
		t.Fatalf("diagnostics: %v", diag.Normalize(res.Diags))
	}
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	var doc any = res.Value
	if ds := set.Validate("ftbt.config.schema.json", jsonOf(t, doc), nil); len(ds) > 0 {
		t.Errorf("config schema: %v", ds)
	}
	cfg := res.Value.(*engine.Config)
	if len(cfg.Scripts) != 2 || cfg.Scripts[0].ID != "push" || cfg.Scripts[1].ID != "mend" || cfg.Classes[1].Hook != "mend" {
		t.Errorf("scripts %+v", cfg.Scripts)
	}
	again := compiler().Compile(dir, build.Options{})
	if ds := append(res.Encode(), again.Encode()...); len(ds) > 0 {
		t.Fatal(ds)
	}
	if string(again.Config) != string(res.Config) {
		t.Error("two builds of one scenario differ")
	}
}

// TestScriptProblems: a broken local script is reported at its line.
func TestScriptProblems(t *testing.T) {
	dir := writeScenario(t, map[string]string{"scenario.toml": localScenario,
		"effects/push.lua": "function apply(ctx)\n  return (\nend\n", "mend.lua": "function aply(ctx) end\n"})
	res := compiler().Compile(dir, build.Options{})
	var got []string
	for _, d := range diag.Normalize(res.Diags) {
		if d.Subject != nil {
			got = append(got, filepath.Base(d.Subject.File)+":"+d.Code)
		}
	}
	want := "push.lua:lua-syntax mend.lua:lua-missing-function mend.lua:lua-unknown-global"
	if strings.Join(got, " ") != want {
		t.Errorf("script diagnostics %v, want %s", got, want)
	}
	if res.Value != nil {
		t.Error("a scenario with a broken script was compiled")
	}
}

// TestSchemaDiagnostics: type errors and unknown keys are reported at the
// TOML key or value that produced them, through the build pipeline.
func TestSchemaDiagnostics(t *testing.T) {
	doc := strings.Replace(localScenario, "value = 3\n", "value = \"three\"\nranje = { ring = 2 }\n", 1)
	dir := writeScenario(t, map[string]string{"scenario.toml": doc, "effects/push.lua": applyLua, "mend.lua": applyLua})
	res := compiler().Compile(dir, build.Options{})
	var got []string
	for _, d := range diag.Normalize(res.Diags) {
		pos := "-"
		if d.Subject != nil {
			pos = strings.TrimPrefix(d.Subject.String(), filepath.Join(dir, "scenario.toml")+":")
		}
		got = append(got, pos+" "+d.Code+" "+d.Detail)
	}
	line := 1 + strings.Count(doc[:strings.Index(doc, `value = "three"`)], "\n")
	want := []string{
		fmt.Sprintf(`%d:9 schema-type techs["推"].value must be an integer, not a string.`, line),
		fmt.Sprintf(`%d:1 schema-unknown-key techs["推"] has no key "ranje". Did you mean "range"?`, line+1),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Value != nil {
		t.Error("config written despite schema errors")
	}
}

func jsonOf(t *testing.T, v any) any {
	t.Helper()
	data, err := build.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGuideExample: the first example of docs/ftbt.md builds without a
// single diagnostic.
func TestGuideExample(t *testing.T) {
	needBuiltinLua(t)
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "ftbt.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(guide), "```toml\n#:schema")
	example, _, ok2 := strings.Cut(rest, "```\n")
	if !ok || !ok2 {
		t.Fatal("docs/ftbt.md has no complete scenario example")
	}
	dir := writeScenario(t, map[string]string{"scenario.toml": "#:schema" + example})
	res := compiler().Compile(dir, build.Options{})
	if len(res.Diags) > 0 || res.Value == nil {
		t.Errorf("the guide's example: %v", diag.Normalize(res.Diags))
	}
}

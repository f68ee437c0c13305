package ftbt

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// load loads a scenario written to a temporary directory with its extra
// files, and fails on any loading diagnostic.
func load(t *testing.T, doc string, files map[string]string) *source.Source {
	t.Helper()
	dir := t.TempDir()
	files = mapsWith(files, source.EntryFile, doc)
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src, ds := source.Load(dir, source.Options{Builtin: scripts.FS})
	if len(ds) > 0 || src == nil {
		t.Fatalf("load: %v", ds)
	}
	return src
}

func mapsWith(m map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for a, b := range m {
		out[a] = b
	}
	return out
}

const pushLua = "function apply(ctx)\nend\n"

const resolveDoc = `#:schema ftbt.scenario.schema.json
include = ["builtin:ftbt/standard.toml"]
people = [
  { name = "A", side = 0, abi = 22, def = 18, hp = 80, speed = 100, at = [1, 0], techs = ["全", "平水"], ai = {} },
  { name = "D", side = 1, abi = 20, def = 17, hp = 90, speed = 100, at = [3, 2], techs = ["推"], ai = { att = 50, goal = [0, 0] } },
  { name = "E", side = 1, abi = 18, def = 20, hp = 80, speed = 110, at = [2, 2], techs = [] },
]

[scenario]
name = "resolve"
title = "T"
intro = "I"

[[terrains]]
name = "平"
weight = 15
glyph = "."

[[terrains]]
name = "草"
weight = 20
glyph = ","

[[terrains]]
name = "水"
weight = 100
glyph = "水"

[[terrains]]
name = "墙"
weight = -1
glyph = "#"

[map]
rows = [
  "..,水",
  "#.,.",
  "水水..",
]

[[classes]]
id = "push"
script = "effects/push.lua"
target = "enemy"
params = { distance = 1 }

[[techs]]
name = "全"
class = "damage"
range = { line = 1 }
terrains = "all"
value = 15

[[techs]]
name = "平水"
class = "damage"
offsets = [[0, 2], [0, 2]]
terrains = ["平", "水"]
value = 1

[[techs]]
name = "非水"
class = "attack_buff"
range = { self = true }
except = ["水"]
aoe = { radius = 2, ratio = 70, self = true }
duration = 3
value = 40

[[techs]]
name = "平"
class = "heal"
terrains = ["平", "草"]
except = ["草"]
value = 1

[[techs]]
name = "推"
class = "push"
long = true
range = { ring = 1 }
value = 0
params = { force = 2.5 }
`

// The expected values come from the format's definition (docs/ftbt.md)
// and facts §1: cell index y·width + x, row-major, x to the right.
func TestResolve(t *testing.T) {
	src := load(t, resolveDoc, map[string]string{"effects/push.lua": pushLua})
	cfg := Resolve(Decode(src))
	if cfg.Width != 4 || cfg.Height != 3 {
		t.Fatalf("map %d × %d, want 4 × 3", cfg.Width, cfg.Height)
	}
	wantCells := []int{
		0, 0, 1, 2,
		3, 0, 1, 0,
		2, 2, 0, 0,
	}
	if diff := cmp.Diff(wantCells, cfg.Cells); diff != "" {
		t.Errorf("cells (-want +got):\n%s", diff)
	}
	if cfg.Cells[1*4+0] != 3 || cfg.Cells[0*4+3] != 2 {
		t.Errorf("cell (0,1) is the wall and (3,0) water: index y·W+x")
	}
	if diff := cmp.Diff([]engine.Terrain{{Name: "平", Weight: 15, Glyph: "."}, {Name: "草", Weight: 20, Glyph: ","},
		{Name: "水", Weight: 100, Glyph: "水"}, {Name: "墙", Weight: -1, Glyph: "#"}}, cfg.Terrains); diff != "" {
		t.Errorf("terrains (-want +got):\n%s", diff)
	}
	masks := map[string][]bool{
		"全":  {true, true, true, true},
		"平水": {true, false, true, false},
		"非水": {true, true, false, true},
		"平":  {true, false, false, false},
		"推":  {true, true, true, true},
	}
	for _, tc := range cfg.Techs {
		if diff := cmp.Diff(masks[tc.ID], tc.Mask); diff != "" {
			t.Errorf("mask of %s (-want +got):\n%s", tc.ID, diff)
		}
	}
	if got := cfg.Techs[1].Offsets; !slices.Equal(got, []Offset{{0, 2}, {0, 2}}) {
		t.Errorf("explicit offsets lose order or duplicates: %v", got)
	}
	if tc := cfg.Techs[2]; tc.Class != 1 || tc.AOERange != 2 || tc.AOERatio != 70 || !tc.AOESelf || tc.Duration != 3 || tc.Value != 40 || len(tc.Offsets) != 1 {
		t.Errorf("非水 = %+v", tc)
	}
	// Classes: the six standard ones in standard.toml order, then push.
	var ids []string
	for _, c := range cfg.Classes {
		ids = append(ids, c.ID+"→"+c.Hook+"/"+c.Target)
	}
	want := []string{"damage→damage/enemy", "attack_buff→attack_buff/cell", "defence_buff→defence_buff/cell",
		"fly→fly/cell", "disable_long→disable_long/cell", "heal→heal/cell", "push→push/enemy"}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("classes (-want +got):\n%s", diff)
	}
	if tc := cfg.Techs[4]; tc.Class != 6 || !tc.Long || tc.Params["force"] != 2.5 || cfg.Classes[6].Params["distance"] != 1 {
		t.Errorf("推 = %+v, class %+v", tc, cfg.Classes[6])
	}
	// The local script is bundled under its id, with its hash.
	i := slices.IndexFunc(cfg.Scripts, func(s engine.Script) bool { return s.ID == "push" })
	if i < 0 {
		t.Fatalf("push not bundled: %+v", cfg.Scripts)
	}
	sum := sha256.Sum256([]byte(pushLua))
	if s := cfg.Scripts[i]; s.Path != "effects/push.lua" || s.Kind != "ftbt.effect" || s.Source != pushLua || s.SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("push script = %+v", s)
	}
	// People: techs by index in slot order, AI defaults (facts §9.1).
	p := cfg.People
	if p[0].X != 1 || p[0].Y != 0 || !slices.Equal(p[0].Techs, []int{0, 1}) || p[0].Side != 0 || p[0].HP != 80 {
		t.Errorf("A = %+v", p[0])
	}
	if diff := cmp.Diff(&engine.PersonAI{Att: 30, Def: 30, Move: 40, GoalX: -1, GoalY: -1}, p[0].AI); diff != "" {
		t.Errorf("ai = {} (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&engine.PersonAI{Att: 50, Def: 30, Move: 40, GoalX: 0, GoalY: 0}, p[1].AI); diff != "" {
		t.Errorf("D's ai (-want +got):\n%s", diff)
	}
	if p[2].AI != nil || p[2].Techs == nil {
		t.Errorf("E = %+v: no ai table means no AI; techs must be [] not null", p[2])
	}
	// Defaults: star.tech's constants and AI block, the fixed rules.
	if cfg.Constants != (engine.Constants{MaxFlyWeight: 15, MaxAbi: 30}) || cfg.Rules != (engine.Rules{MaxRounds: 0, BothWiped: "draw"}) {
		t.Errorf("defaults: %+v %+v", cfg.Constants, cfg.Rules)
	}
	if diff := cmp.Diff(engine.AIConstants{MoveDist: 3000, MoveScore: 1500, BufValue: 30, BufScore: 1000, DefDist: 300, DefScore: 500,
		TechDist: 80, TechScore: 1000, BufVMD: 800, FlyVMD: 800, DLVMD: 600}, cfg.AI); diff != "" {
		t.Errorf("AI defaults (-want +got):\n%s", diff)
	}
	if cfg.Version != 1 || cfg.Game != "ftbt" || cfg.Name != "resolve" || cfg.Title != "T" || cfg.Intro != "I" {
		t.Errorf("header: %+v", cfg)
	}
}

// Every script gets the registry's id: its bare file name, builtin or not.
func TestScriptIDs(t *testing.T) {
	src := load(t, resolveDoc, map[string]string{"effects/push.lua": pushLua})
	m := Decode(src)
	ref := ScriptOf(m, 0)
	if ref.ID != "damage" || ref.Path != "builtin:ftbt/effect/damage.lua" || ref.Name != "builtin:ftbt/effect/damage.lua" {
		t.Errorf("damage script = %+v", ref)
	}
	if ref := ScriptOf(m, 6); ref.ID != "push" || ref.Path != "effects/push.lua" {
		t.Errorf("push script = %+v", ref)
	}
}

func TestSettingsAndRules(t *testing.T) {
	src := load(t, resolveDoc+`
[constants]
max_abi = 40

[ai]
dl_vmd = 700

[rules]
max_rounds = 50
both_wiped = "attacker"
`, map[string]string{"effects/push.lua": pushLua})
	m := Decode(src)
	cfg := Resolve(m)
	if cfg.Constants.MaxAbi != 40 || cfg.Constants.MaxFlyWeight != 15 || cfg.AI.DLVMD != 700 || cfg.AI.FlyVMD != 800 {
		t.Errorf("settings: %+v %+v", cfg.Constants, cfg.AI)
	}
	if !m.Set["constants.max_abi"] || m.Set["constants.max_fly_weight"] {
		t.Errorf("Set = %v", m.Set)
	}
	if cfg.Rules != (engine.Rules{MaxRounds: 50, BothWiped: "attacker"}) {
		t.Errorf("rules = %+v", cfg.Rules)
	}
}

// A resolved config satisfies the config schema and the engine's own
// validation.
func TestResolvedConfigValidates(t *testing.T) {
	src := load(t, resolveDoc, map[string]string{"effects/push.lua": pushLua})
	cfg := Resolve(Decode(src))
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	// The source is valid too: a Chinese glyph is one character.
	if ds := set.Validate("ftbt.scenario.schema.json", src.Root, src); len(ds) > 0 {
		t.Errorf("scenario schema: %v", ds)
	}
	if ds := set.Validate("ftbt.config.schema.json", jsonValue(t, cfg), nil); len(ds) > 0 {
		t.Errorf("config schema: %v", ds)
	}
	if err := engine.Validate(cfg); err != nil {
		t.Errorf("engine.Validate: %v", err)
	}
}

// A map drawn with rows of unequal width or unknown glyphs still resolves
// (lint reports it): missing cells and unknown glyphs are -1.
func TestResolveBrokenMap(t *testing.T) {
	src := load(t, `#:schema ftbt.scenario.schema.json
people = [{ name = "A", side = 0, abi = 1, def = 1, hp = 1, speed = 1, at = [9, 9] }]
[scenario]
name = "x"
[[terrains]]
name = "平"
weight = 15
glyph = "."
[map]
rows = ["..", "x..", "."]
[[techs]]
name = "t"
class = "nope"
terrains = ["沙"]
value = 1
`, nil)
	cfg := Resolve(Decode(src))
	if diff := cmp.Diff([]int{0, 0, -1, -1, 0, 0, 0, -1, -1}, cfg.Cells); diff != "" || cfg.Width != 3 {
		t.Errorf("cells (-want +got):\n%s", diff)
	}
	if cfg.Techs[0].Class != -1 || !slices.Equal(cfg.Techs[0].Mask, []bool{false}) {
		t.Errorf("tech = %+v", cfg.Techs[0])
	}
}

// builtin:ftbt/star.toml against facts §2.4: terrain weights, offset
// counts (with duplicates), unique counts and the missing orthogonal
// neighbours of 辅助防御 and 远程无效.
func TestBuiltinStarFacts(t *testing.T) {
	src := load(t, `#:schema ftbt.scenario.schema.json
include = ["builtin:ftbt/standard.toml", "builtin:ftbt/star.toml"]
people = [{ name = "A", side = 0, abi = 1, def = 1, hp = 1, speed = 1, at = [0, 0] }]
[scenario]
name = "star"
[map]
rows = ["."]
`, nil)
	cfg := Resolve(Decode(src))
	var weights []string
	for _, tr := range cfg.Terrains {
		weights = append(weights, fmt.Sprintf("%s%d", tr.Name, tr.Weight))
	}
	if diff := cmp.Diff([]string{"平15", "草20", "森25", "墙50", "城13", "水100"}, weights); diff != "" {
		t.Errorf("terrains (-facts +star.toml):\n%s", diff)
	}
	want := map[string][2]int{ // offsets, unique
		"直攻": {4, 4}, "强化直攻": {12, 8}, "火攻": {8, 8}, "舔刺": {24, 24}, "射击": {20, 20}, "炮击": {48, 48},
		"震荡": {8, 8}, "辅助攻击": {13, 13}, "辅助防御": {13, 9}, "辅助飞行": {21, 21}, "远程无效": {41, 37},
	}
	if len(cfg.Techs) != 11 {
		t.Fatalf("%d techs, star.tech has 11", len(cfg.Techs))
	}
	for _, tc := range cfg.Techs {
		if got := [2]int{len(tc.Offsets), Unique(tc.Offsets)}; got != want[tc.ID] {
			t.Errorf("%s: %v offsets/unique, facts %v", tc.ID, got, want[tc.ID])
		}
		orth := 0
		for _, o := range tc.Offsets {
			if abs(o[0])+abs(o[1]) == 1 {
				orth++
			}
		}
		if (tc.ID == "辅助防御" || tc.ID == "远程无效") && orth != 0 {
			t.Errorf("%s lists orthogonal neighbours; star.tech does not", tc.ID)
		}
		if self := tc.AOESelf; self != (tc.ID == "炮击" || tc.ID == "辅助攻击" || tc.ID == "辅助防御") {
			t.Errorf("%s: aoe self = %v", tc.ID, self)
		}
	}
}

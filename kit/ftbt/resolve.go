package ftbt

import (
	"path"
	"path/filepath"
	"strings"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/source"
)

// Names maps the ids of one kind of entity to their first index.
type Names = build.Names

// Index holds the name tables of a model. Glyphs maps each terrain glyph to
// its first terrain.
type Index struct {
	Terrains, Glyphs, Classes, Techs, People Names
}

// NewIndex builds the name tables of m.
func NewIndex(m *Model) *Index {
	return &Index{
		Terrains: build.NewNames(m.Terrains, func(t TerrainSrc) string { return t.Name }),
		Glyphs:   build.NewNames(m.Terrains, func(t TerrainSrc) string { return t.Glyph }),
		Classes:  build.NewNames(m.Classes, func(c ClassSrc) string { return c.ID }),
		Techs:    build.NewNames(m.Techs, func(t TechSrc) string { return t.Name }),
		People:   build.NewNames(m.People, func(p PersonSrc) string { return p.Name }),
	}
}

// HookKind is the plugin kind of tech-class scripts.
const HookKind = "ftbt.effect"

// ScriptRef is the script of a class, resolved to a path and a hook id.
type ScriptRef struct {
	// ID is the hook id: the file name without ".lua" (build.HookID), for
	// a builtin script (builtin:ftbt/effect/damage.lua is damage) and a
	// scenario's alike (effects/push.lua is push).
	ID string
	// Path is where the script came from: a builtin: name, or a path
	// relative to the scenario directory with slashes ("effects/push.lua").
	Path string
	Name string // the name to read it by (source.Join of the declaring file)
	Ptr  string // pointer of the script key, for diagnostics
}

// ScriptOf resolves the script of class i.
func ScriptOf(m *Model, i int) ScriptRef {
	ptr := Ptr("classes", i, "script")
	name := source.Join(m.Src.FileOf(ptr), m.Classes[i].Script)
	ref := ScriptRef{Name: name, Ptr: ptr, Path: name}
	if !strings.HasPrefix(name, source.BuiltinPrefix) {
		if r, err := filepath.Rel(filepath.Dir(m.Src.Entry), name); err == nil {
			ref.Path = path.Clean(filepath.ToSlash(r))
		}
	}
	ref.ID = build.HookID(ref.Path)
	return ref
}

// Resolve compiles the model into an engine config. It is lenient: unknown
// names resolve to -1, unknown glyphs to terrain -1 and bad elements to zero
// values, because the lint rules report every such problem and nothing is
// written while errors remain.
func Resolve(m *Model) *engine.Config {
	ix := NewIndex(m)
	v := m.Values
	cfg := &engine.Config{
		Version: engine.ConfigVersion, Game: "ftbt",
		Name: m.Scenario.Name, Title: m.Scenario.Title, Intro: m.Scenario.Intro,
		Terrains:  []engine.Terrain{},
		Constants: engine.Constants{MaxFlyWeight: v["constants.max_fly_weight"], MaxAbi: v["constants.max_abi"]},
		Rules:     engine.Rules{MaxRounds: deref(m.Rules.MaxRounds, 0), BothWiped: deref(m.Rules.BothWiped, engine.BothWipedDraw)},
		AI: engine.AIConstants{
			MoveDist: v["ai.move_dist"], MoveScore: v["ai.move_score"],
			BufValue: v["ai.buf_value"], BufScore: v["ai.buf_score"],
			DefDist: v["ai.def_dist"], DefScore: v["ai.def_score"],
			TechDist: v["ai.tech_dist"], TechScore: v["ai.tech_score"],
			BufVMD: v["ai.buf_vmd"], FlyVMD: v["ai.fly_vmd"], DLVMD: v["ai.dl_vmd"],
		},
		Classes: []engine.Class{}, Techs: []engine.Tech{}, People: []engine.Person{}, Scripts: []engine.Script{},
		LuaLimits: luaLimits(m.Lua),
	}
	for _, t := range m.Terrains {
		cfg.Terrains = append(cfg.Terrains, engine.Terrain{Name: t.Name, Weight: t.Weight, Glyph: t.Glyph})
	}
	cfg.Width, cfg.Height, cfg.Cells = drawMap(m.Rows(), ix.Glyphs)

	scripts := map[string]bool{}
	for i, c := range m.Classes {
		ref := ScriptRef{}
		if c.Script != "" {
			ref = ScriptOf(m, i)
			if !scripts[ref.Path] {
				scripts[ref.Path] = true
				if data, err := m.Src.Read(ref.Name); err == nil {
					cfg.Scripts = append(cfg.Scripts, engine.Script{ID: ref.ID, Kind: HookKind, Path: ref.Path,
						SHA256: plugin.Hash(data), Source: string(data)})
				}
			}
		}
		cfg.Classes = append(cfg.Classes, engine.Class{ID: c.ID, Hook: ref.ID, Target: c.Target, Params: c.Params})
	}
	for _, t := range m.Techs {
		cfg.Techs = append(cfg.Techs, engine.Tech{
			ID: t.Name, Class: ix.Classes.Lookup(t.Class), Long: t.Long,
			Offsets: Expand(t.Range, t.Offsets), AOERange: t.AOE.Radius, AOERatio: t.AOE.Ratio, AOESelf: t.AOE.Self,
			Duration: t.Duration, Mask: Mask(t, ix.Terrains, len(m.Terrains)), Value: t.Value, Params: t.Params,
		})
	}
	for _, p := range m.People {
		x, y, ok := p.Cell()
		if !ok {
			x, y = -1, -1
		}
		techs := make([]int, 0, len(p.Techs))
		for _, t := range p.Techs {
			techs = append(techs, ix.Techs.Lookup(t))
		}
		cfg.People = append(cfg.People, engine.Person{
			Name: p.Name, Side: p.Side, Abi: p.Abi, Def: p.Def, HP: p.HP, Speed: p.Speed,
			X: x, Y: y, Techs: techs, AI: personAI(p.AI),
		})
	}
	return cfg
}

// MaxCells bounds the size of a map, as the engine does: the ftbt-map-width
// rule reports a larger one, and Resolve leaves its cells empty rather than
// exhaust memory.
const MaxCells = engine.MaxCells

// drawMap turns glyph rows into the map size and row-major cells (index
// y·width + x). The width is that of the widest row; cells of shorter rows
// and unknown glyphs are -1.
func drawMap(rows [][]string, glyphs Names) (width, height int, cells []int) {
	for _, r := range rows {
		width = max(width, len(r))
	}
	height = len(rows)
	if width*height > MaxCells {
		return width, height, []int{}
	}
	cells = make([]int, 0, width*height)
	for _, r := range rows {
		for x := range width {
			t := -1
			if x < len(r) {
				t = glyphs.Lookup(r[x])
			}
			cells = append(cells, t)
		}
	}
	return width, height, cells
}

// Mask builds a tech's terrain mask (one entry per terrain, in terrain
// order): the terrains it lists, or every terrain when terrains is absent or
// "all", minus the terrains of except. Unknown names are ignored here (the
// ftbt-unknown-ref rule reports them).
func Mask(t TechSrc, terrains Names, n int) []bool {
	mask := make([]bool, n)
	all := t.Terrains == nil || t.Terrains.All
	for i := range mask {
		mask[i] = all
	}
	if !all {
		for _, name := range t.Terrains.Names {
			if i := terrains.Lookup(name); i >= 0 {
				mask[i] = true
			}
		}
	}
	for _, name := range t.Except {
		if i := terrains.Lookup(name); i >= 0 {
			mask[i] = false
		}
	}
	return mask
}

// personAI fills in the defaults of an ai table: factors 30/30/40 and the
// dynamic goal (-1, -1).
func personAI(a *PersonAISrc) *engine.PersonAI {
	if a == nil {
		return nil
	}
	out := &engine.PersonAI{Att: deref(a.Att, DefaultFactAtt), Def: deref(a.Def, DefaultFactDef),
		Move: deref(a.Move, DefaultFactMove), GoalX: -1, GoalY: -1}
	if len(a.Goal) == 2 {
		out.GoalX, out.GoalY = a.Goal[0], a.Goal[1]
	}
	return out
}

func deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

// luaLimits is the config's form of the [lua] table: nil when it sets none.
func luaLimits(b plugin.Budgets) *engine.LuaLimits {
	if b == (plugin.Budgets{}) {
		return nil
	}
	l := engine.LuaLimits(b)
	return &l
}

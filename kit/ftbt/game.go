package ftbt

import (
	"fmt"
	"maps"
	"slices"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// Unit is what the lint rules see: the source model, its name tables and the
// resolved config (where unknown names are -1).
type Unit struct {
	*Model
	Ix     *Index
	Config *engine.Config
}

// NewUnit decodes and resolves a loaded source.
func NewUnit(src *source.Source) *Unit {
	m := Decode(src)
	return &Unit{Model: m, Ix: NewIndex(m), Config: Resolve(m)}
}

// OnMap reports whether (x, y) is a cell of the resolved map.
func (u *Unit) OnMap(x, y int) bool {
	return x >= 0 && y >= 0 && x < u.Config.Width && y < u.Config.Height
}

// Terrain returns the terrain index of cell (x, y), or -1 when it is off
// the map or its glyph is unknown.
func (u *Unit) Terrain(x, y int) int {
	if !u.OnMap(x, y) {
		return -1
	}
	i := y*u.Config.Width + x
	if i >= len(u.Config.Cells) {
		return -1 // a map too large to draw
	}
	return u.Config.Cells[i]
}

// Passable reports whether cell (x, y) may be entered on static weights.
func (u *Unit) Passable(x, y int) bool {
	t := u.Terrain(x, y)
	return t >= 0 && t < len(u.Config.Terrains) && u.Config.Terrains[t].Weight >= 0
}

// CellRange returns the range of the glyph at column x of map row y when
// the row is a one-line string without escapes, else the row's range.
func (u *Unit) CellRange(x, y int) *diag.Range { return u.Src.CharRange(RowPtr(y), x) }

// Game is the ftbt entry of the compiler.
type Game struct{}

// Name implements build.Game.
func (Game) Name() string { return "ftbt" }

// Kinds implements build.Game: ftbt.effect.
func (Game) Kinds() []*plugin.Kind { return hooks.Kinds() }

// ImportArgs implements build.Importer.
func (Game) ImportArgs() (string, int, int) { return "RULES.tech LEVEL.map [INTRO]", 2, 3 }

// Import implements build.Importer: the rules (.tech) and level (.map)
// files and an optional intro. A missing or unreadable intro is an empty
// intro, as in the original (facts §2.3).
func (Game) Import(files []build.ImportFile, opts build.ImportOptions) (map[string][]byte, diag.Diagnostics) {
	o := ImportOptions{Name: opts.Name, SchemaPath: opts.SchemaPath}
	if len(files) == 3 {
		o.Intro = &ImportFile{Name: files[2].Name, Data: files[2].Data}
	}
	return Import(ImportFile{Name: files[0].Name, Data: files[0].Data}, ImportFile{Name: files[1].Name, Data: files[1].Data}, o)
}

// Compile implements build.Game: resolve, run every enabled lint rule and
// check every bundled script once, a tech class with the params its
// classes and techs give it.
func (Game) Compile(src *source.Source, opts build.Options) (any, diag.Diagnostics) {
	u := NewUnit(src)
	return u.Config, build.CompileUnit(src, opts, Rules, u, hooks.Kinds(), u.Config.Scripts, func(s play.Script, file string) diag.Diagnostics {
		if s.Kind == hooks.EffectKind.Name {
			return build.CheckParams(hooks.EffectKind, file, []byte(s.Source), paramUses(u, s.ID))
		}
		return nil
	})
}

// paramUses lists the uses of the class script id: each tech of a class
// using it, with the class's params and the tech's (the tech's win), and
// each such class without techs.
func paramUses(u *Unit, id string) []build.ParamsGiven {
	var uses []build.ParamsGiven
	for ci, c := range u.Classes {
		if c.Script == "" || ScriptOf(u.Model, ci).ID != id {
			continue
		}
		classKey := func(name string) *diag.Range { return u.Src.KeyRange(Ptr("classes", ci, "params", name)) }
		used := false
		for ti, t := range u.Techs {
			if t.Class != c.ID {
				continue
			}
			used = true
			names := slices.Sorted(maps.Keys(c.Params))
			for n := range t.Params {
				if !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
			slices.Sort(names)
			uses = append(uses, build.ParamsGiven{Entity: fmt.Sprintf("tech %q (class %s)", t.Name, c.ID), Names: names,
				Key: func(name string) *diag.Range {
					if _, ok := t.Params[name]; ok {
						return u.Src.KeyRange(Ptr("techs", ti, "params", name))
					}
					return classKey(name)
				}})
		}
		if !used {
			uses = append(uses, build.ParamsGiven{Entity: fmt.Sprintf("class %q", c.ID), Names: slices.Sorted(maps.Keys(c.Params)), Key: classKey})
		}
	}
	return uses
}

// Inspect implements build.Inspector.
func (Game) Inspect(config any) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("ftbt: cannot inspect a %T", config)
	}
	return Inspect(cfg), nil
}

var (
	_ build.Game      = Game{}
	_ build.Inspector = Game{}
)

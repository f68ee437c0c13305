package glory

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	engine "github.com/sandtable/sandtable/engine/glory"
	gloryhooks "github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/source"
)

// Unit is what the lint rules see: the source model, its name index and the
// resolved config.
type Unit struct {
	*Model
	Ix     *Index
	Config *engine.Config
	board  *engine.Board
	tried  bool
}

// NewUnit decodes and resolves a loaded source.
func NewUnit(src *source.Source) *Unit {
	m := Decode(src)
	ix := NewIndex(m)
	return &Unit{Model: m, Ix: ix, Config: Resolve(m, ix)}
}

// Board returns the resolved map's board, or nil when the map is broken
// (other rules say how).
func (u *Unit) Board() *engine.Board {
	if !u.tried {
		u.tried = true
		u.board, _ = engine.NewBoard(u.Config.Map)
	}
	return u.board
}

// Game is the glory entry of the compiler.
type Game struct{}

// Name implements build.Game.
func (Game) Name() string { return "glory" }

// Kinds implements build.Game: glory.skill.
func (Game) Kinds() []*plugin.Kind { return gloryhooks.Kinds() }

// Compile implements build.Game: resolve, run the lint rules, check every
// bundled script once, with the params each skill using it gives.
func (Game) Compile(src *source.Source, opts build.Options) (any, diag.Diagnostics) {
	u := NewUnit(src)
	return u.Config, build.CompileUnit(src, opts, Rules, u, gloryhooks.Kinds(), u.Config.Scripts, func(s play.Script, file string) diag.Diagnostics {
		return build.CheckParams(gloryhooks.Skill, file, []byte(s.Source), paramUses(u.Model, s.ID))
	})
}

// paramUses lists the skills whose hook is id, each with the params it
// gives: its params and its hero, contest and rule refs.
func paramUses(m *Model, id string) []build.ParamsGiven {
	var uses []build.ParamsGiven
	for hi, h := range m.Heroes {
		for si, sk := range h.Skills {
			if sk.Hook != id {
				continue
			}
			given := map[string]string{} // param → the table giving it
			for _, g := range []struct {
				table string
				names []string
			}{{"params", slices.Collect(maps.Keys(sk.Params))}, {"hero_refs", slices.Collect(maps.Keys(sk.HeroRefs))},
				{"contest_refs", slices.Collect(maps.Keys(sk.ContestRefs))}, {"rule_refs", slices.Collect(maps.Keys(sk.RuleRefs))}} {
				for _, n := range g.names {
					given[n] = g.table
				}
			}
			uses = append(uses, build.ParamsGiven{Entity: fmt.Sprintf("skill %q of hero %q", sk.ID, h.ID), Names: slices.Sorted(maps.Keys(given)), Optional: true,
				Key: func(name string) *diag.Range {
					return m.Src.KeyRange(Ptr("heroes", hi, "skills", strconv.Itoa(si), given[name], name))
				}})
		}
	}
	return uses
}

// Catalogue implements build.Game.
func (Game) Catalogue() diag.Catalogue { return lint.Catalogue(Rules) }

// Inspect implements build.Inspector.
func (Game) Inspect(config any) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("glory: cannot inspect a %T", config)
	}
	return Inspect(cfg)
}

var (
	_ build.Game      = Game{}
	_ build.Inspector = Game{}
)

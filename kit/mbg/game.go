package mbg

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
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

// Game is the mbg entry of the compiler.
type Game struct{}

// Name implements build.Game.
func (Game) Name() string { return "mbg" }

// Kinds implements build.Game: mbg.tech and mbg.card.
func (Game) Kinds() []*plugin.Kind { return hooks.Kinds() }

// ImportArgs implements build.Importer.
func (Game) ImportArgs() (string, int, int) { return "FILE.map", 1, 1 }

// Import implements build.Importer: one legacy .map file.
func (Game) Import(files []build.ImportFile, opts build.ImportOptions) (map[string][]byte, diag.Diagnostics) {
	text, ds := Import(files[0].Name, files[0].Data, ImportOptions{Name: opts.Name, SchemaPath: opts.SchemaPath})
	if text == nil {
		return nil, ds
	}
	return map[string][]byte{source.EntryFile: text}, ds
}

// Compile implements build.Game: resolve, run every enabled lint rule and
// check every bundled script once (several techs may share one), with the
// params its techs or cards give it.
func (Game) Compile(src *source.Source, opts build.Options) (any, diag.Diagnostics) {
	u := NewUnit(src)
	return u.Config, build.CompileUnit(src, opts, Rules, u, hooks.Kinds(), u.Config.Scripts, func(s play.Script, file string) diag.Diagnostics {
		if k := kindNamed(s.Kind); k != nil {
			return build.CheckParams(k, file, []byte(s.Source), paramUses(u, s.Kind, s.ID))
		}
		return nil
	})
}

func kindNamed(name string) *plugin.Kind {
	for _, k := range hooks.Kinds() {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// paramUses lists the techs or cards whose script is the hook (kind, id),
// with the params each gives.
func paramUses(u *Unit, kind, id string) []build.ParamsGiven {
	var uses []build.ParamsGiven
	add := func(list, what string, i int, entity, script string, params Params) {
		if script == "" {
			return
		}
		// A script whose file name is another id cannot be this hook
		// (unless the path ends in . or .., which resolving removes).
		if build.HookID(script) != id && !strings.HasSuffix(script, ".") && !strings.HasSuffix(script, "/") {
			return
		}
		if ScriptOf(u.Model, Ptr(list, i, "script"), script, kind).Hook != id {
			return
		}
		names := slices.Sorted(maps.Keys(params))
		uses = append(uses, build.ParamsGiven{Entity: fmt.Sprintf("%s %q", what, entity), Names: names,
			Key: func(name string) *diag.Range { return u.Src.KeyRange(Ptr(list, i, "params", name)) }})
	}
	switch kind {
	case hooks.TechKind.Name:
		for i, t := range u.Techs {
			add("techs", "tech", i, t.ID, t.Script, t.Params)
		}
	case hooks.CardKind.Name:
		for i, c := range u.Cards {
			add("cards", "card", i, c.ID, c.Script, c.Params)
		}
	}
	return uses
}

func lintCatalogue() diag.Catalogue { return lint.Catalogue(Rules) }

// Inspect implements build.Inspector.
func (Game) Inspect(config any) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("mbg: cannot inspect a %T", config)
	}
	return Inspect(cfg), nil
}

var (
	_ build.Game      = Game{}
	_ build.Inspector = Game{}
)

package mbg

import (
	"fmt"
	"path/filepath"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
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

// Compile implements build.Game: resolve, then run every enabled lint rule.
func (Game) Compile(src *source.Source, opts build.Options) (any, diag.Diagnostics) {
	u := NewUnit(src)
	ds := lint.Run(Rules, u, src.Range, opts.Enabled)
	// Check every bundled script once (several techs may share one).
	for _, s := range u.Config.Scripts {
		ds = append(ds, build.CheckScript(hooks.Kinds(), s.Kind, s.ID, scriptFile(u.Model, s.Path), []byte(s.Source))...)
	}
	return u.Config, ds
}

// scriptFile is the name a bundled script was read by (relative paths are
// relative to the scenario directory), so diagnostics point at the file.
func scriptFile(m *Model, path string) string {
	if strings.HasPrefix(path, source.BuiltinPrefix) {
		return path
	}
	return filepath.Join(filepath.Dir(m.Src.Entry), filepath.FromSlash(path))
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

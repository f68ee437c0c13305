package xghj

import (
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/hooks"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// ScriptRef is where a hook's script is and the hook id it gets.
type ScriptRef struct {
	Name string // the name to read it by (a path or builtin:…)
	Ptr  string // the JSON pointer of the script key
	Path string // relative to the scenario directory, or builtin:…
	ID   string // the hook id
	Kind *plugin.Kind
}

// hookLists are the two hook tables of the format.
var hookLists = []struct {
	key  string
	kind *plugin.Kind
	of   func(m *Model) []HookSrc
}{
	{"effects", hooks.EffectKind, func(m *Model) []HookSrc { return m.Effects }},
	{"victories", hooks.VictoryKind, func(m *Model) []HookSrc { return m.Victories }},
}

// scriptOf resolves the script of entry i of list key. A builtin script
// under builtin:xghj/<class>/ gets its file name as id; a scenario's
// script its path without ".lua".
func scriptOf(m *Model, key string, kind *plugin.Kind, i int, script string) ScriptRef {
	ptr := fmt.Sprintf("/%s/%d/script", key, i)
	name := source.Join(m.Src.FileOf(ptr), script)
	ref := ScriptRef{Name: name, Ptr: ptr, Path: name, Kind: kind}
	if rest, ok := strings.CutPrefix(name, source.BuiltinPrefix); ok {
		dir, file := path.Split(rest)
		ref.ID = strings.TrimSuffix(rest, ".lua")
		if dir == strings.ReplaceAll(kind.Name, ".", "/")+"/" { // xghj/effect/, xghj/victory/
			ref.ID = strings.TrimSuffix(file, ".lua")
		}
		return ref
	}
	if r, err := filepath.Rel(filepath.Dir(m.Src.Entry), name); err == nil {
		ref.Path = path.Clean(filepath.ToSlash(r))
	}
	ref.ID = strings.TrimSuffix(ref.Path, ".lua")
	return ref
}

// scriptRefs lists every hook entry's script, effects then victories.
func scriptRefs(m *Model) []ScriptRef {
	var out []ScriptRef
	for _, l := range hookLists {
		for i, h := range l.of(m) {
			if h.Script != "" {
				out = append(out, scriptOf(m, l.key, l.kind, i, h.Script))
			}
		}
	}
	return out
}

// paramUses lists the [[effects]] and [[victories]] entries whose script
// is the hook id of kind, each with the params it gives.
func paramUses(m *Model, kind, id string) []build.ParamsGiven {
	var uses []build.ParamsGiven
	for _, l := range hookLists {
		if l.kind.Name != kind {
			continue
		}
		for i, h := range l.of(m) {
			if h.Script == "" || scriptOf(m, l.key, l.kind, i, h.Script).ID != id {
				continue
			}
			uses = append(uses, build.ParamsGiven{Entity: fmt.Sprintf("[[%s]] entry %d", l.key, i+1), Names: slices.Sorted(maps.Keys(h.Params)),
				Key: func(name string) *diag.Range {
					return m.Src.KeyRange(fmt.Sprintf("/%s/%d/params/%s", l.key, i, source.EscapeToken(name)))
				}})
		}
	}
	return uses
}

// resolveHooks fills the config's hooks and bundles their scripts (each
// file once).
func resolveHooks(m *Model, cfg *engine.Config) {
	seen := map[string]bool{}
	for _, l := range hookLists {
		var uses []engine.Hook
		for i, h := range l.of(m) {
			if h.Script == "" {
				continue
			}
			ref := scriptOf(m, l.key, l.kind, i, h.Script)
			uses = append(uses, engine.Hook{Hook: ref.ID, Params: h.Params})
			if seen[ref.Path] {
				continue
			}
			seen[ref.Path] = true
			if data, err := m.Src.Read(ref.Name); err == nil {
				cfg.Scripts = append(cfg.Scripts, engine.Script{ID: ref.ID, Kind: l.kind.Name, Path: ref.Path,
					SHA256: plugin.Hash(data), Source: string(data)})
			}
		}
		if l.key == "effects" {
			cfg.Effects = uses
		} else {
			cfg.Victories = uses
		}
	}
}

// regionCall finds the regions a script names literally.
var regionCall = regexp.MustCompile(`xghj\.region\(\s*["']([^"'\\]+)["']\s*\)`)

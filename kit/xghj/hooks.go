package xghj

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/hooks"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
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

// scriptFile is the name a bundled script was read by, so diagnostics
// point at the file.
func scriptFile(m *Model, p string) string {
	if strings.HasPrefix(p, source.BuiltinPrefix) {
		return p
	}
	return filepath.Join(filepath.Dir(m.Src.Entry), filepath.FromSlash(p))
}

// HookScript reports hook scripts that cannot be read and hook ids that
// two different scripts would share.
var HookScript = &lint.Rule[*Unit]{
	Name: "xghj-hook-script",
	Doc: `scenario hook script missing or clashing

An [[effects]] or [[victories]] entry names a Lua script that cannot be
read, or two different scripts would get the same hook id. Paths are
relative to the TOML file; builtin:xghj/effect/… and builtin:xghj/victory/…
name the shipped scripts, whose id is the file name (card_machines,
hold_machines …); a scenario's own script gets its path without ".lua".`,
	Categories: []string{"script"},
	Severity:   diag.Error,
	Example:    "[[victories]]\nscript = \"hold.lua\"  # no such file\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		first := map[string]ScriptRef{}
		for _, ref := range scriptRefs(u.Model) {
			if _, err := u.Src.Read(ref.Name); err != nil {
				p.Report(p.Diagnostic(u.Src.Range(ref.Ptr), "Script not found", "Cannot read %s.", ref.Name))
				continue
			}
			key := ref.Kind.Name + "/" + ref.ID
			f, ok := first[key]
			if !ok {
				first[key] = ref
				continue
			}
			if f.Path != ref.Path {
				p.Report(p.Diagnostic(u.Src.Range(ref.Ptr), "Hook id used twice",
					"The script %s gets the hook id %q, which %s already has; rename or move one of them.", ref.Path, ref.ID, f.Path))
			}
		}
	},
}

// regionCall finds the regions a script names literally.
var regionCall = regexp.MustCompile(`xghj\.region\(\s*["']([^"'\\]+)["']\s*\)`)

// HookRegion reports regions a hook script names that the scenario does
// not define.
var HookRegion = &lint.Rule[*Unit]{
	Name: "xghj-hook-region",
	Doc: `hook script reads a region the scenario lacks

A hook script calls xghj.region("name") with a literal name that no
[[regions]] entry of the scenario has; the call would stop the game with an
error the first time it runs. Define the region (draw it in map.regions or
list its cells), or use another script. Names built at run time
("study_" .. k) are not checked.`,
	Categories: []string{"script", "reference"},
	Severity:   diag.Error,
	Example:    "[[effects]]\nscript = \"builtin:xghj/effect/score_query.lua\"  # reads region score_query\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		have := map[string]bool{}
		for _, r := range u.Regions {
			have[r.Name] = true
		}
		for _, ref := range scriptRefs(u.Model) {
			src, err := u.Src.Read(ref.Name)
			if err != nil {
				continue // xghj-hook-script reports it
			}
			reported := map[string]bool{}
			for _, m := range regionCall.FindAllSubmatch(src, -1) {
				name := string(m[1])
				if have[name] || reported[name] {
					continue
				}
				reported[name] = true
				p.Report(p.Diagnostic(u.Src.Range(ref.Ptr), "Region missing",
					"%s reads the region %q, which this scenario does not define.", ref.Path, name))
			}
		}
	},
}

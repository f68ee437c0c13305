package build

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

// CheckScript runs the plugin's build-time checks on one hook script (syntax
// with line and column, required functions, stray globals) and returns them
// as diagnostics located in the script file. kind names one of kinds (the
// game's).
func CheckScript(kinds []*plugin.Kind, kind, id, file string, src []byte) diag.Diagnostics {
	var k *plugin.Kind
	for _, c := range kinds {
		if c.Name == kind {
			k = c
		}
	}
	if k == nil {
		return diag.Diagnostics{{Severity: diag.Error, Code: plugin.CodeSyntax, Summary: "Unknown hook kind",
			Detail: "No hook kind is named " + kind + "."}}
	}
	return CheckScriptKind(k, id, file, src)
}

// CheckScriptKind is CheckScript for a kind given by its declaration.
func CheckScriptKind(k *plugin.Kind, id, file string, src []byte) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, p := range checkScript(k, id, file, src) {
		sev := diag.Error
		if p.Severity == plugin.SeverityWarning {
			sev = diag.Warning
		}
		pos := diag.Pos{Line: p.Line, Column: p.Column}
		ds = append(ds, diag.Diagnostic{
			Severity: sev, Code: p.Code, Summary: luaSummary[p.Code],
			Detail:  sentence(p.Message),
			Subject: &diag.Range{File: file, Start: pos, End: diag.Pos{Line: p.Line, Column: p.Column + 1}},
		})
	}
	return ds
}

var luaSummary = map[string]string{
	plugin.CodeSyntax:          "Lua syntax error",
	plugin.CodeMissingFunction: "Missing hook function",
	plugin.CodeUnknownGlobal:   "Global written by a hook",
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	b := []rune(s)
	if b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	s = string(b)
	if s[len(s)-1] != '.' {
		s += "."
	}
	return s
}

// CodeLuaRuntime is the code of a hook that failed while a game ran.
const CodeLuaRuntime = "lua-runtime"

// ScriptErrorDiagnostic turns a hook failure reported by the plugin
// registry (a *plugin.Error anywhere in err's chain) into a diagnostic at the
// script's line, naming the hook kind and id, with a short traceback as
// related locations. ok is false when err is no hook failure.
func ScriptErrorDiagnostic(err error) (d diag.Diagnostic, ok bool) {
	var pe *plugin.Error
	if !errors.As(err, &pe) {
		return diag.Diagnostic{}, false
	}
	d = diag.Diagnostic{
		Severity: diag.Error, Code: CodeLuaRuntime, Summary: "Hook failed",
		Detail: fmt.Sprintf("The %s hook %q failed", pe.Kind, pe.ID),
	}
	if pe.Func != "" {
		d.Detail += " in " + pe.Func
	}
	d.Detail += ": " + sentence(pe.Message)
	if pe.Line > 0 {
		d.Subject = &diag.Range{File: pe.Script,
			Start: diag.Pos{Line: pe.Line, Column: max(pe.Column, 1)},
			End:   diag.Pos{Line: pe.Line, Column: max(pe.Column, 1) + 1}}
	}
	for i, f := range pe.Traceback {
		if i == 0 && f.Script == pe.Script && f.Line == pe.Line {
			continue // the subject itself
		}
		if f.Line > 0 && f.Script != "" {
			d.Related = append(d.Related, diag.Related{Message: "called in " + f.Func,
				Range: diag.Range{File: f.Script, Start: diag.Pos{Line: f.Line, Column: 1}, End: diag.Pos{Line: f.Line, Column: 1}}})
		}
	}
	return d, true
}

// HookID is the registry id under which a compiled config names the script
// at path (a scenario-relative path or a builtin:… name). A built-in script
// "builtin:<game>/<class>/<name>.lua" is the hook "<name>", the id the
// registry gives it when it loads the built-in tree and the id native Go
// providers implement, so configs, mods and native baselines agree. A
// scenario's own script keeps its relative path ("tech/extra.lua"), which
// never collides with a built-in id.
func HookID(path string) string {
	rest, ok := strings.CutPrefix(path, source.BuiltinPrefix)
	if !ok {
		return path
	}
	rest = rest[strings.LastIndexByte(rest, '/')+1:]
	return strings.TrimSuffix(rest, ".lua")
}

// ModLayers opens script mod directories (mapc sim --mods) as registry
// layers, in order; each must exist and be a directory.
func ModLayers(dirs []string) ([]plugin.Layer, error) {
	layers := make([]plugin.Layer, len(dirs))
	for i, dir := range dirs {
		st, err := os.Stat(dir)
		if err != nil {
			return nil, fmt.Errorf("mod %s: %w", dir, err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("mod %s: not a directory", dir)
		}
		// Scripts of a mod stay inside its directory: no symbolic links out,
		// regular files only, each within the size limit.
		fsys, err := source.DirFS(dir, source.DefaultLimits.MaxFileSize)
		if err != nil {
			return nil, fmt.Errorf("mod %s: %w", dir, err)
		}
		layers[i] = plugin.Layer{FS: fsys, Origin: filepath.ToSlash(dir)}
	}
	return layers, nil
}

// WarningTexts returns the messages of registry warnings.
func WarningTexts(ws []plugin.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Message)
	}
	return out
}

// DecodeConfig decodes a compiled config file of a game whose config type
// is C (a Simulator's DecodeConfig).
func DecodeConfig[C any](data []byte) (any, error) {
	var cfg C
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// SimWithMods implements Simulator.Sim for a game whose simulator
// constructor takes its config type C and mod layers: it checks the config's
// type, opens the mod directories and returns the warnings as text.
func SimWithMods[C any, G sim.Game](config any, mods []string, newSim func(*C, ...plugin.Layer) (G, []plugin.Warning, error)) (sim.Game, []string, error) {
	cfg, ok := config.(*C)
	if !ok {
		var want *C
		return nil, nil, fmt.Errorf("sim: config is %T, not %T", config, want)
	}
	layers, err := ModLayers(mods)
	if err != nil {
		return nil, nil, err
	}
	s, warns, err := newSim(cfg, layers...)
	if err != nil {
		return nil, WarningTexts(warns), err
	}
	return s, WarningTexts(warns), nil
}

package build

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/luacheck"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

// CheckScript runs the build-time checks (kit/luacheck) on one hook script (syntax
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
		return diag.Diagnostics{{Severity: diag.Error, Code: luacheck.CodeSyntax, Summary: "Unknown hook kind",
			Detail: "No hook kind is named " + kind + "."}}
	}
	return CheckScriptKind(k, id, file, src)
}

// CheckScriptKind is CheckScript for a kind given by its declaration.
func CheckScriptKind(k *plugin.Kind, id, file string, src []byte) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, p := range checkScript(k, id, file, src) {
		sev := diag.Error
		if p.Severity == luacheck.SeverityWarning {
			sev = diag.Warning
		}
		pos := diag.Pos{Line: p.Line, Column: p.Column}
		detail, sugg := diag.Sentence(p.Message), []string(nil)
		end := diag.Pos{Line: p.Line, Column: p.Column + 1}
		if p.Name != "" {
			detail, sugg = diag.SuggestDetail(detail, p.Name, p.Candidates)
			end.Column = p.Column + utf8.RuneCountInString(p.Name)
		}
		ds = append(ds, diag.Diagnostic{
			Severity: sev, Code: p.Code, Summary: luaSummary[p.Code],
			Detail: detail, Suggestions: sugg,
			Subject: &diag.Range{File: file, Start: pos, End: end},
		})
	}
	return ds
}

var luaSummary = map[string]string{
	luacheck.CodeSyntax:          "Lua syntax error",
	luacheck.CodeMissingFunction: "Missing hook function",
	luacheck.CodeUnknownGlobal:   "Global written by a hook",
	luacheck.CodeStateWrite:      "Hook state written at run time",
	luacheck.CodeUnavailable:     "Name not available in the sandbox",
	luacheck.CodeUnknownField:    "Unknown ctx field",
	luacheck.CodeUnknownMember:   "Unknown member",
	luacheck.CodeUndefined:       "Undefined name",
	luacheck.CodeArity:           "Wrong number of arguments",
}

// CodeLuaRuntime is the code of a hook that failed while a game ran.
const CodeLuaRuntime = "lua-runtime"

// ScriptErrorDiagnostic turns a hook failure reported by the plugin
// registry (a *plugin.Error anywhere in err's chain) into a diagnostic at the
// script's line, naming the hook kind and id, with a short traceback as
// related locations: lua-syntax for a script that does not compile (a mod's,
// say), lua-runtime for one that failed while it ran. ok is false when err
// is no fault of a script: no hook failure, or a call stopped by the
// wall-clock backstop (plugin.ErrBackstop), which is the machine's condition
// and an internal failure.
func ScriptErrorDiagnostic(err error) (d diag.Diagnostic, ok bool) {
	var pe *plugin.Error
	if !errors.As(err, &pe) || errors.Is(err, plugin.ErrBackstop) {
		return diag.Diagnostic{}, false
	}
	if pe.Func == "" {
		d = diag.Diagnostic{Severity: diag.Error, Code: luacheck.CodeSyntax, Summary: luaSummary[luacheck.CodeSyntax],
			Detail: fmt.Sprintf("The %s hook %q does not compile: %s", pe.Kind, pe.ID, diag.Sentence(pe.Message))}
		if pe.Line > 0 {
			d.Subject = &diag.Range{File: pe.Script,
				Start: diag.Pos{Line: pe.Line, Column: max(pe.Column, 1)},
				End:   diag.Pos{Line: pe.Line, Column: max(pe.Column, 1) + 1}}
		}
		return d, true
	}
	d = diag.Diagnostic{
		Severity: diag.Error, Code: CodeLuaRuntime, Summary: "Hook failed",
		Detail: fmt.Sprintf("The %s hook %q failed", pe.Kind, pe.ID),
	}
	if pe.Func != "" {
		d.Detail += " in " + pe.Func
	}
	d.Detail += ": " + diag.Sentence(pe.Message)
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
				Range: diag.Range{File: f.Script, Start: diag.Pos{Line: f.Line, Column: max(f.Column, 1)}, End: diag.Pos{Line: f.Line, Column: max(f.Column, 1)}}})
		}
	}
	return d, true
}

// HookID is the registry id of the script at path (a scenario-relative
// path or a builtin:… name): its file name without ".lua", wherever it
// lives, for every game. "builtin:mbg/tech/arrows.lua" is the hook
// "arrows", and so is a scenario's "tech/arrows.lua"; a mod replaces either
// with <game>/<class>/arrows.lua. Two different scripts of one kind with
// the same id cannot both be bundled (each game reports it, see
// ScriptIDConflicts).
func HookID(path string) string {
	path = strings.TrimPrefix(path, source.BuiltinPrefix)
	path = path[strings.LastIndexByte(path, '/')+1:]
	return strings.TrimSuffix(path, ".lua")
}

// ScriptUse is a script named by an entity of a scenario: its kind, its
// path and where the scenario names it.
type ScriptUse struct {
	Kind, Path string
	Ptr        string // the pointer of the script key
}

// ScriptIDConflict is a script whose hook id another script already has.
type ScriptIDConflict struct {
	Use, First ScriptUse
	ID         string
}

// ScriptIDConflicts returns, in order, each use of a script whose hook id
// (HookID) an earlier, different script of the same kind already has.
func ScriptIDConflicts(uses []ScriptUse) []ScriptIDConflict {
	type key struct{ kind, id string }
	first := map[key]ScriptUse{}
	var out []ScriptIDConflict
	for _, u := range uses {
		k := key{u.Kind, HookID(u.Path)}
		f, ok := first[k]
		if !ok {
			first[k] = u
			continue
		}
		if f.Path != u.Path {
			out = append(out, ScriptIDConflict{Use: u, First: f, ID: k.id})
		}
	}
	return out
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

// Codes of the params check (CheckParams).
const (
	// CodeParamMissing: a script reads ctx.params.NAME without a fallback
	// and a use of the script (a tech, a card) does not give NAME.
	CodeParamMissing = "lua-param-missing"
	// CodeParamUnused: a use gives a param its script never reads.
	CodeParamUnused = "lua-param-unused"
)

// ParamsGiven is one use of a hook script that gives it params: a tech, a
// card, a class.
type ParamsGiven struct {
	Entity string   // how messages name it, e.g. `tech "连弩"`
	Names  []string // the params it gives
	// Key returns where the use gives the param name (its TOML key).
	Key func(name string) *diag.Range
	// Optional says the script may read params this use does not give
	// (glory's skills share scripts whose params differ by use, and test
	// them for nil): a read the use does not give is then an error only
	// when the use gives a param of a close name, its likely misspelling.
	Optional bool
}

// CheckParams compares the params the hook script src (of kind, read from
// file) reads with what each of its uses gives: a read without a fallback
// (ctx.params.x, not ctx.params.x or 1) that a use does not give is an
// error at the script's line; a param a use gives and the script never
// reads is a warning at the TOML key, each with a did-you-mean. A script
// reading its params in ways the check cannot follow (ctx.params[k],
// pairs(ctx.params)) is not checked for unused params.
func CheckParams(kind *plugin.Kind, file string, src []byte, uses []ParamsGiven) diag.Diagnostics {
	u := scriptUses(kind, file, src)
	var read []string
	for _, p := range u.Params {
		if !slices.Contains(read, p.Name) {
			read = append(read, p.Name)
		}
	}
	var ds diag.Diagnostics
	misreported := map[[2]int]bool{} // reads reported as misspelt, once for every use
	for _, use := range uses {
		reported := map[string]bool{}
		// A read without a fallback that misspells a given param is one
		// mistake: the error at the read suggests the given name, and the
		// given param is not also reported unread with the typo as advice.
		meant := map[string]bool{}
		for _, p := range u.Params {
			if p.Default || reported[p.Name] || slices.Contains(use.Names, p.Name) {
				continue
			}
			if use.Optional && diag.DidYouMean(p.Name, use.Names) == "" {
				continue
			}
			reported[p.Name] = true
			detail := fmt.Sprintf("The script reads ctx.params.%s without a fallback, but %s does not give %s", p.Name, use.Entity, p.Name)
			if len(use.Names) > 0 {
				detail += " (it gives " + strings.Join(use.Names, ", ") + ")"
			}
			detail, sugg := diag.SuggestDetail(detail+"; give it in the scenario's params, or write ctx.params."+p.Name+" or DEFAULT.", p.Name, use.Names)
			for _, s := range sugg {
				meant[s] = true
			}
			ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: CodeParamMissing, Summary: "Param not given",
				Detail: detail, Suggestions: sugg,
				Subject: &diag.Range{File: file, Start: diag.Pos{Line: p.Line, Column: p.Column},
					End: diag.Pos{Line: p.Line, Column: p.Column + utf8.RuneCountInString(p.Name)}}})
		}
		if u.Dynamic {
			continue
		}
		for _, name := range use.Names {
			if slices.Contains(read, name) || meant[name] {
				continue
			}
			// A read with a fallback that misspells the given name is the
			// mistake: it is reported at the read, with the given name as
			// the fix, and the given param is not reported unread.
			if r, ok := misread(u.Params, name); ok {
				if at := [2]int{r.Line, r.Column}; misreported[at] {
					continue
				} else {
					misreported[at] = true
				}
				detail := fmt.Sprintf("The script reads ctx.params.%s, which %s does not give, so the read always falls back to its default; %s gives %s. Did you mean %q?",
					r.Name, use.Entity, use.Entity, name, name)
				ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeParamUnused, Summary: "Param read under another name",
					Detail: detail, Suggestions: []string{name},
					Subject: &diag.Range{File: file, Start: diag.Pos{Line: r.Line, Column: r.Column},
						End: diag.Pos{Line: r.Line, Column: r.Column + utf8.RuneCountInString(r.Name)}}})
				continue
			}
			detail := fmt.Sprintf("The param %s given by %s is never read by %s", name, use.Entity, file)
			if len(read) > 0 {
				detail += " (it reads " + strings.Join(read, ", ") + ")"
			} else {
				detail += " (it reads no params)"
			}
			detail, sugg := diag.SuggestDetail(detail+".", name, read)
			ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeParamUnused, Summary: "Param never read",
				Detail: detail, Suggestions: sugg, Subject: use.Key(name)})
		}
	}
	return ds
}

// misread returns the first read with a fallback whose name is a likely
// misspelling of name (name is its closest given param).
func misread(params []luacheck.ParamUse, name string) (luacheck.ParamUse, bool) {
	for _, p := range params {
		if p.Default && p.Name != name && diag.DidYouMean(p.Name, []string{name}) == name {
			return p, true
		}
	}
	return luacheck.ParamUse{}, false
}

// CheckModScripts runs the script checks (CheckScript) on every script of
// the mod directories, for a game's kinds: what mapc check --mods reports
// about the mods themselves. Files that map to no kind are warnings.
func CheckModScripts(kinds []*plugin.Kind, mods []string) (diag.Diagnostics, error) {
	layers, err := ModLayers(mods)
	if err != nil {
		return nil, err
	}
	var ds diag.Diagnostics
	for _, l := range layers {
		scripts, warns, err := plugin.BundleFS(l.FS, l.Origin, kinds)
		if err != nil {
			return ds, err
		}
		for _, w := range warns {
			ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeModIgnored, Summary: "Not a hook script",
				Detail: w.Message + ".", Subject: &diag.Range{File: w.New, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}})
		}
		for _, s := range scripts {
			ds = append(ds, CheckScript(kinds, s.Kind, s.ID, s.Path, []byte(s.Source))...)
		}
	}
	return ds, nil
}

// CodeModIgnored: a .lua file of a mod directory is not at
// <game>/<class>/<id>.lua for a kind of the game, so no hook uses it.
const CodeModIgnored = "lua-mod-ignored"

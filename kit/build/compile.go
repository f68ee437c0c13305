package build

import (
	"path/filepath"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/source"
)

// script is the shape of every engine's bundled script (engine/<game>.Script
// and plugin.Script): engines do not import the plugin package, so each
// declares its own, and CompileUnit takes any of them.
type script = struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Source string `json:"source"`
}

// CompileUnit is a game's default Compile, after it has decoded and
// resolved the source into unit: the enabled rules over unit, then every
// script the config bundles checked once against the game's kinds, at the
// file it was read from (ScriptFile). more, when not nil, adds the game's
// own checks of one script (its params, for instance).
func CompileUnit[U any, S ~script](src *source.Source, opts Options, rules []*lint.Rule[U], unit U, kinds []*plugin.Kind, scripts []S, more func(s plugin.Script, file string) diag.Diagnostics) diag.Diagnostics {
	ds := lint.Run(rules, unit, src.Range, opts.Enabled)
	for _, s := range scripts {
		ps := plugin.Script(s)
		file := ScriptFile(src, ps.Path)
		ds = append(ds, CheckScript(kinds, ps.Kind, ps.ID, file, []byte(ps.Source))...)
		if more != nil {
			ds = append(ds, more(ps, file)...)
		}
	}
	return ds
}

// ScriptFile is the name a bundled script was read by, so diagnostics
// point at the file: a builtin: path as it is, a scenario's relative path
// relative to the directory of src's entry file.
func ScriptFile(src *source.Source, path string) string {
	if strings.HasPrefix(path, source.BuiltinPrefix) {
		return path
	}
	return filepath.Join(filepath.Dir(src.Entry), filepath.FromSlash(path))
}

package build

import (
	"path/filepath"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/source"
)

// CompileUnit is a game's default Compile, after it has decoded and
// resolved the source into unit: the enabled rules over unit, then every
// script the config bundles checked once against the game's kinds, at the
// file it was read from (ScriptFile). more, when not nil, adds the game's
// own checks of one script (its params, for instance).
func CompileUnit[U any](src *source.Source, opts Options, rules []*lint.Rule[U], unit U, kinds []*plugin.Kind, scripts []play.Script, more func(s play.Script, file string) diag.Diagnostics) diag.Diagnostics {
	ds := lint.Run(rules, unit, src.Range, opts.Enabled)
	for _, s := range scripts {
		file := ScriptFile(src, s.Path)
		ds = append(ds, CheckScript(kinds, s.Kind, s.ID, file, []byte(s.Source))...)
		if more != nil {
			ds = append(ds, more(s, file)...)
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

package build

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// Scripts names and serves the hook scripts a compiled scenario bundles,
// for the diagnostics of a hook that fails while a game runs. The engine
// knows a script by the path the config bundles it under, relative to the
// scenario (tech/volley.lua); a diagnostic names it as mapc check does, by
// the path the user gave joined with that (siege/tech/volley.lua), and
// shows its excerpt from the text the hook was loaded from (the config's
// bundled source), never from a file of the current directory that
// happens to have the bundled path. A compiled config (mapc build's
// output) does not say where its scenario was: its scripts keep their
// bundled paths, and their excerpts still come from the bundle. Builtin
// scripts keep their builtin: names, and a mod's scripts the path the mod
// was given by.
type Scripts struct {
	dir    string            // the scenario's directory as the user named it; "" for a compiled config
	bundle map[string][]byte // bundled path → source
	files  map[string][]byte // the name File gives a bundled script → source
}

// ScriptsOf reads the scripts of r's compiled config (every game's config
// bundles them under "scripts", with path and source). r may be nil or
// hold no config: then every name is kept and nothing is served.
func ScriptsOf(r *Result) *Scripts {
	s := &Scripts{bundle: map[string][]byte{}, files: map[string][]byte{}}
	if r == nil {
		return s
	}
	if r.Source != nil && r.Source.Entry != "" {
		s.dir = filepath.Dir(r.Source.Entry)
	}
	var cfg struct {
		Scripts []struct {
			Path   string `json:"path"`
			Source string `json:"source"`
		} `json:"scripts"`
	}
	data := r.Config // a loaded config's text
	if data == nil && r.Value != nil {
		// A compile keeps its config in memory; its scripts are read from
		// the config's JSON form, which every game's bundle shares.
		var err error
		if data, err = Marshal(r.Value); err != nil {
			return s
		}
	}
	if json.Unmarshal(data, &cfg) != nil {
		return s
	}
	for _, sc := range cfg.Scripts {
		s.bundle[sc.Path] = []byte(sc.Source)
	}
	for p, src := range s.bundle {
		s.files[s.File(p)] = src
	}
	return s
}

// File returns the name diagnostics give the script the engine knows by
// path: the scenario's own scripts joined with the scenario's directory,
// as mapc check names them; any other path as it is.
func (s *Scripts) File(path string) string {
	if s == nil || s.dir == "" || strings.HasPrefix(path, source.BuiltinPrefix) {
		return path
	}
	if _, ok := s.bundle[path]; !ok {
		return path
	}
	return filepath.Join(s.dir, filepath.FromSlash(path))
}

// Diagnostic is ScriptErrorDiagnostic with the scripts named by File.
func (s *Scripts) Diagnostic(err error) (diag.Diagnostic, bool) {
	d, ok := ScriptErrorDiagnostic(err)
	if !ok {
		return d, false
	}
	if d.Subject != nil {
		sub := *d.Subject
		sub.File = s.File(sub.File)
		d.Subject = &sub
	}
	for i := range d.Related {
		d.Related[i].Range.File = s.File(d.Related[i].Range.File)
	}
	return d, true
}

// Sources serves the bundled scripts under the names File gives them, and
// every other file from next (which may be nil).
func (s *Scripts) Sources(next diag.Sources) diag.Sources {
	return func(file string) ([]byte, bool) {
		if s != nil {
			if b, ok := s.files[file]; ok {
				return b, true
			}
		}
		if next == nil {
			return nil, false
		}
		return next(file)
	}
}

package plugin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Script is a script bundled into a compiled configuration, so that one
// config file is enough to run a game. Its fields and their order match
// engine/mbg.Script, so the engine converts with a plain type conversion.
type Script struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"` // hook kind, e.g. "mbg.tech"
	Path   string `json:"path"` // where it came from, for diagnostics
	SHA256 string `json:"sha256"`
	Source string `json:"source"`
}

// ErrHashMismatch is wrapped by the error for a bundled script whose source
// does not match its recorded sha256 (a hand-edited or damaged config).
var ErrHashMismatch = errors.New("script source does not match its sha256")

// Hash returns the hex sha256 of a script's source.
func Hash(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}

// Bundle returns the bundled form of one script.
func Bundle(kind, id, path string, src []byte) Script {
	return Script{ID: id, Kind: kind, Path: path, SHA256: Hash(src), Source: string(src)}
}

// Verify checks the script's source against its sha256.
func (s Script) Verify() error {
	if got := Hash([]byte(s.Source)); got != s.SHA256 {
		return fmt.Errorf("plugin: %s (%s %q): %w: have %s, want %s", s.Path, s.Kind, s.ID, ErrHashMismatch, got, s.SHA256)
	}
	return nil
}

// BundleFS bundles every script of a script directory laid out as for
// Registry.LoadFS, in lexical path order. Files that map to none of kinds
// come back as WarnIgnoredFile warnings.
func BundleFS(fsys fs.FS, origin string, kinds []*Kind) ([]Script, []Warning, error) {
	kindOf := func(name string) (*Kind, bool) {
		for _, k := range kinds {
			if k.Name == name {
				return k, true
			}
		}
		return nil, false
	}
	files, warns, err := scriptFiles(fsys, origin, kindOf)
	if err != nil {
		return nil, warns, err
	}
	scripts := make([]Script, 0, len(files))
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f.rel)
		if err != nil {
			return nil, warns, fmt.Errorf("plugin: %w", err)
		}
		scripts = append(scripts, Bundle(f.kind.Name, f.id, f.path, src))
	}
	return scripts, warns, nil
}

// Layer is a script directory laid out as <game>/<class>/<id>.lua (a mod),
// loaded over a registry's earlier hooks.
type Layer struct {
	FS     fs.FS
	Origin string // how messages name the directory
}

// NewBundleRegistry returns a registry of a game's kinds holding a compiled
// config's bundled scripts (each verified against its sha256) and then each
// layer in order. A layer replacing a bundled hook is a warning, not an
// error: it is what a mod is for.
func NewBundleRegistry(kinds []*Kind, bundle []Script, layers ...Layer) (*Registry, []Warning, error) {
	return NewBundleRegistryBudgets(kinds, Budgets{}, bundle, layers...)
}

// NewBundleRegistryBudgets is NewBundleRegistry with a config's budgets
// (its "lua_limits") instead of the default limits.
func NewBundleRegistryBudgets(kinds []*Kind, budgets Budgets, bundle []Script, layers ...Layer) (*Registry, []Warning, error) {
	limits, err := budgets.Limits()
	if err != nil {
		return nil, nil, err
	}
	reg, err := NewRegistry(kinds, limits)
	if err != nil {
		return nil, nil, err
	}
	warns, err := reg.LoadBundle(bundle)
	if err != nil {
		return nil, warns, err
	}
	for _, l := range layers {
		before := len(reg.Hooks())
		w, err := reg.LoadFS(l.FS, l.Origin)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, err
		}
		// A hook a layer adds rather than replaces is called by nothing: the
		// config names only the hooks it bundles.
		for _, h := range reg.Hooks()[before:] {
			var ids []string
			for _, o := range reg.Hooks()[:before] {
				if o.Kind() == h.Kind() {
					ids = append(ids, fmt.Sprintf("%q", o.ID()))
				}
			}
			have := "it has none"
			if len(ids) > 0 {
				have = "it has " + strings.Join(ids, ", ")
			}
			warns = append(warns, Warning{Code: WarnReplacesNothing, Kind: h.Kind().Name, ID: h.ID(), New: h.Origin(),
				Message: fmt.Sprintf("%s replaces nothing: the scenario has no %s hook %q (%s), so no game calls it; "+
					"name the file after the hook it should replace", h.Origin(), h.Kind().Name, h.ID(), have)})
		}
	}
	return reg, warns, nil
}

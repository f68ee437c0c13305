// Package engine_test enforces the boundaries of the run-time side: no
// engine package imports the authoring side (kit/), and the plugin
// mechanism and the shared core import no game.
package engine_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/sandtable/sandtable/"

// imports maps each package below the engine directory (as "engine/…") to
// the project packages its non-test files import.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := path.Join("engine", filepath.ToSlash(filepath.Dir(p)))
		for _, s := range f.Imports {
			imp, _ := strconv.Unquote(s.Path.Value)
			if rest, ok := strings.CutPrefix(imp, module); ok && !slices.Contains(out[pkg], rest) {
				out[pkg] = append(out[pkg], rest)
			}
		}
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// closure returns every project package pkg depends on, directly or not.
func closure(all map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, d := range all[p] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(pkg)
	var out []string
	for d := range seen {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

func TestEngineImportsNoKit(t *testing.T) {
	all := imports(t)
	if len(all) < 5 {
		t.Fatalf("found only %d engine packages; is the test running in engine/?", len(all))
	}
	for pkg, deps := range all {
		for _, d := range deps {
			if strings.HasPrefix(d, "kit/") || d == "kit" || strings.HasPrefix(d, "cmd/") {
				t.Errorf("%s imports %s: engine/ must never import the authoring side", pkg, d)
			}
		}
	}
}

// TestMechanismImportsNoGame: the plugin registry, the shared play core and
// the RNG know no game, so a new game never changes them.
func TestMechanismImportsNoGame(t *testing.T) {
	all := imports(t)
	allowed := []string{"engine/plugin", "engine/plugin/compiled", "engine/plugin/luarewrite", "engine/plugin/luastring", "engine/plugin/luatext", "engine/play", "engine/rng"}
	for _, pkg := range allowed {
		if _, ok := all[pkg]; !ok {
			t.Fatalf("package %s not found", pkg)
		}
		for _, d := range closure(all, pkg) {
			if !slices.Contains(allowed, d) {
				t.Errorf("%s depends on %s; the mechanism packages may depend only on %v", pkg, d, allowed)
			}
		}
	}
}

// Package buildtest holds the check every game's tests run on the configs
// its compile produces, and a way to compile a shipped scenario with one
// edit.
package buildtest

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
)

// Configs compiles every scenario directory under shipped (the game's
// folder of scenarios/) and, when g is a build.Templater, the scenario of
// its template (written below tmp, as mapc new writes it), and validates
// each config against the game's config schema with jsonschema/v5, as mapc
// build does before writing it (build.Result.Encode). It returns what it
// checked and one error per scenario that does not compile cleanly or whose
// config the schema refuses; a shipped folder without scenarios is an error
// too.
func Configs(g build.Game, shipped, tmp string) (checked []string, errs []error) {
	dirs, err := build.FindScenarios(shipped)
	if err != nil {
		return nil, []error{err}
	}
	if len(dirs) == 0 {
		errs = append(errs, fmt.Errorf("no scenario under %s", shipped))
	}
	if tpl, ok := g.(build.Templater); ok {
		dir := filepath.Join(tmp, "template")
		if err := write(dir, tpl.Template("template", "../schemas/"+g.Name()+".scenario.schema.json")); err != nil {
			return nil, append(errs, err)
		}
		dirs = append(dirs, dir)
	}
	c := build.NewCompiler(g)
	for _, dir := range dirs {
		checked = append(checked, dir)
		res := c.Compile(dir, build.Options{})
		if res.Diags.HasErrors() || res.Value == nil {
			errs = append(errs, fmt.Errorf("%s does not compile: %v", dir, diag.Normalize(res.Diags)))
			continue
		}
		if ds := res.Encode(); len(ds) > 0 {
			errs = append(errs, fmt.Errorf("%s: the config schema refuses the config: %v", dir, ds))
		}
	}
	return checked, errs
}

// write writes files (by slash-separated path) below dir.
func write(dir string, files map[string][]byte) error {
	if len(files) == 0 {
		return errors.New("the template has no files")
	}
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		target := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[rel], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Edited copies the scenario directory shipped to a temporary directory
// (under <game>/<name>, as the shipped trees are laid out) with one edit
// of its scenario.toml, old replaced by new, and compiles it with g. The
// test fails when the scenario no longer says old.
func Edited(t testing.TB, g build.Game, shipped, old, new string) *build.Result {
	t.Helper()
	dir := filepath.Join(t.TempDir(), g.Name(), filepath.Base(shipped))
	if err := os.CopyFS(dir, os.DirFS(shipped)); err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join(dir, "scenario.toml")
	data, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s no longer says %q: update the test", shipped, old)
	}
	if err := os.WriteFile(entry, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return build.NewCompiler(g).Compile(dir, build.Options{})
}

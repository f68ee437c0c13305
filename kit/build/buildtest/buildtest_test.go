package buildtest_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/build/buildtest"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// game's config is {"n": n}; its config schema bounds n, its scenario
// schema does not, and bad = true is an error of its compile.
type game struct{}

func (game) Name() string              { return "t" }
func (game) Catalogue() diag.Catalogue { return diag.Catalogue{} }
func (game) Kinds() []*plugin.Kind     { return nil }
func (game) BuiltinFS() fs.FS          { return fstest.MapFS{} }
func (game) SchemaFS() fs.FS {
	return fstest.MapFS{
		"t.scenario.schema.json": {Data: []byte(`{"type": "object"}`)},
		"t.config.schema.json":   {Data: []byte(`{"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}}}`)},
	}
}

func (game) Compile(src *source.Source, _ build.Options) (any, diag.Diagnostics) {
	if src.Root["bad"] == true {
		return nil, diag.Diagnostics{{Severity: diag.Error, Code: "T001", Summary: "Bad"}}
	}
	return map[string]any{"n": src.Root["n"]}, nil
}

// templater's template is the scenario n = 30, which the config schema
// refuses.
type templater struct{ game }

func (templater) Template(name, schemaPath string) map[string][]byte {
	return map[string][]byte{source.EntryFile: []byte("#:schema " + schemaPath + "\nn = 30\n")}
}

func scenarios(t *testing.T, texts map[string]string) string {
	root := t.TempDir()
	for name, text := range texts {
		if err := os.MkdirAll(filepath.Join(root, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name, source.EntryFile), []byte("#:schema t.scenario.schema.json\n"+text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// Configs reports a config the schema refuses and a scenario that does not
// compile, checks a Templater's template, and refuses an empty folder.
func TestConfigs(t *testing.T) {
	shipped := scenarios(t, map[string]string{"good": "n = 3\n", "big": "n = 30\n", "bad": "n = 3\nbad = true\n"})
	checked, errs := buildtest.Configs(game{}, shipped, t.TempDir())
	if len(checked) != 3 || len(errs) != 2 ||
		!strings.Contains(errs[0].Error(), "bad does not compile") || !strings.Contains(errs[1].Error(), "big: the config schema refuses") {
		t.Errorf("checked %v, errors %v", checked, errs)
	}
	good := scenarios(t, map[string]string{"good": "n = 3\n"})
	if checked, errs := buildtest.Configs(game{}, good, t.TempDir()); len(checked) != 1 || len(errs) != 0 {
		t.Errorf("a valid scenario: checked %v, errors %v", checked, errs)
	}
	if checked, errs := buildtest.Configs(templater{}, good, t.TempDir()); len(checked) != 2 || len(errs) != 1 ||
		!strings.Contains(errs[0].Error(), "template: the config schema refuses") {
		t.Errorf("an invalid template: checked %v, errors %v", checked, errs)
	}
	if _, errs := buildtest.Configs(game{}, t.TempDir(), t.TempDir()); len(errs) != 1 {
		t.Errorf("no scenario: errors %v", errs)
	}
}

package build

import (
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/source"
)

// TestFillTemplate: name and schema path are filled in paths and texts.
func TestFillTemplate(t *testing.T) {
	got := FillTemplate("ford", "../s.json", map[string]string{
		"scenario.toml":       "#:schema {{schema}}\nname = \"{{name}}\"\n",
		"tests/{{name}}.toml": "# tests of {{name}}\n",
		"x.lua":               "return 1\n",
	})
	want := map[string]string{
		"scenario.toml":   "#:schema ../s.json\nname = \"ford\"\n",
		"tests/ford.toml": "# tests of ford\n",
		"x.lua":           "return 1\n",
	}
	if len(got) != len(want) {
		t.Fatalf("%d files, want %d: %v", len(got), len(want), got)
	}
	for path, text := range want {
		if string(got[path]) != text {
			t.Errorf("%s = %q, want %q", path, got[path], text)
		}
	}
}

// TestScriptFile: a builtin script keeps its name, a scenario's is found
// beside the entry file.
func TestScriptFile(t *testing.T) {
	src := &source.Source{Entry: filepath.Join("scen", "a", "scenario.toml")}
	if got := ScriptFile(src, "builtin:mbg/tech/arrows.lua"); got != "builtin:mbg/tech/arrows.lua" {
		t.Errorf("builtin: %q", got)
	}
	if got, want := ScriptFile(src, "tech/volley.lua"), filepath.Join("scen", "a", "tech", "volley.lua"); got != want {
		t.Errorf("relative: %q, want %q", got, want)
	}
}

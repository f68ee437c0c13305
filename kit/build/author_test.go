package build

import "testing"

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

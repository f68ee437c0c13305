package glory_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/glory"
)

// TestBrokenScenarios: malformed sources end in diagnostics with positions,
// never a panic or a config.
func TestBrokenScenarios(t *testing.T) {
	cases := map[string]string{
		"wrong types": `#:schema ../schemas/glory.scenario.schema.json
[scenario]
name = "x"
shift = "fast"
weapons = [{ id = 3, damage = "a lot" }]
heroes = [{ id = "a", hp = "many", extreme = 1, math = "超", identity = "x", gender = "X", skills = [{ id = 1 }] }]
[map]
spawn = { red = "one", blue = 2 }
points = [{ id = "p", x = 1 }, 7]
[map.edges]
normal = [[1], "2-3", [1, 2, 3]]
`,
		"empty": `#:schema ../schemas/glory.scenario.schema.json
`,
		"syntax": `#:schema ../schemas/glory.scenario.schema.json
[scenario
name = "x"
`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			res := build.NewCompiler(glory.Game{}).Compile(dir, build.Options{})
			if res.Value != nil || !res.Diags.HasErrors() {
				t.Fatalf("compiled: %v", res.Diags)
			}
			located := false
			for _, d := range res.Diags {
				if d.Code == "lint-internal" {
					t.Errorf("a rule crashed: %s", d.Detail)
				}
				located = located || (d.Subject != nil && d.Subject.Start.Line > 0)
			}
			if !located {
				t.Errorf("no diagnostic has a position: %v", res.Diags)
			}
		})
	}
}

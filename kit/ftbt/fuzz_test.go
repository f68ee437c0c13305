package ftbt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// FuzzScenario: decoding, resolving, linting and inspecting never panic,
// whatever the TOML. The seeds are the rule fixtures and the shipped levels.
func FuzzScenario(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "scenario.toml"))
	seeds = append(seeds, filepath.Join("..", "..", "scenarios", "ftbt", "skirmish", "scenario.toml"))
	for _, p := range seeds {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("[map]\nrows = [\"\", \"水水\"]\n[[people]]\nat = [-9223372036854775808, 9223372036854775807]\nai = { goal = [1] }\n"))
	f.Add([]byte("[[techs]]\nrange = { ring = [100, 1], diamond = 100, line = \"x\" }\noffsets = [[9223372036854775807, -9223372036854775808], [1]]\nterrains = 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		src, _ := source.LoadBytes("fuzz/scenario.toml", data, source.Options{Builtin: scripts.FS})
		if src == nil {
			return
		}
		u := NewUnit(src)
		for _, d := range lint.Run(Rules, u, src.Range, nil) {
			if d.Code == lint.InternalCode {
				t.Fatalf("a rule crashed: %s", d.Detail)
			}
		}
		Inspect(u.Config)
	})
}

package games_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/schemas"
)

// TestBudgetBoundsInSchemas: every schema offering Lua budgets (a
// scenario's [lua] table, a config's lua_limits) states exactly the bounds
// the sandbox enforces, so a budget the schema accepts is one the engine
// accepts; mbg and ftbt offer them.
func TestBudgetBoundsInSchemas(t *testing.T) {
	names, err := fs.Glob(schemas.FS, "*.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, name := range names {
		data, err := fs.ReadFile(schemas.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Properties map[string]struct {
				Properties map[string]struct {
					Minimum, Maximum float64
				}
			}
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		key := "lua"
		if strings.HasSuffix(name, ".config.schema.json") {
			key = "lua_limits"
		}
		table, ok := doc.Properties[key]
		if !ok {
			continue
		}
		found[name] = true
		if len(table.Properties) != len(plugin.BudgetBounds()) {
			t.Errorf("%s: %s has %d budgets, want %d", name, key, len(table.Properties), len(plugin.BudgetBounds()))
		}
		for _, b := range plugin.BudgetBounds() {
			if p := table.Properties[b.Name]; p.Minimum != float64(b.Min) || p.Maximum != float64(b.Max) {
				t.Errorf("%s: %s.%s in [%v, %v], the sandbox enforces [%d, %d]", name, key, b.Name, p.Minimum, p.Maximum, b.Min, b.Max)
			}
		}
	}
	for _, name := range []string{"mbg.scenario.schema.json", "mbg.config.schema.json", "ftbt.scenario.schema.json", "ftbt.config.schema.json"} {
		if !found[name] {
			t.Errorf("%s offers no Lua budgets", name)
		}
	}
}

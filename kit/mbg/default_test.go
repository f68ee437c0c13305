package mbg

import (
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/schemas"
)

// TestSchemaDefaults: every default the scenario schema documents (what an
// editor shows) is the one the compile applies to a scenario that leaves
// the key out: the scenario's turn limit, the rules, the constants and the
// robber.
func TestSchemaDefaults(t *testing.T) {
	data, err := schemas.FS.ReadFile("mbg.scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties map[string]struct {
			Properties map[string]struct {
				Default any `json:"default"`
			} `json:"properties"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	cfg := Resolve(Decode(&source.Source{Root: map[string]any{}}))
	out, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	robber := got["robber"].(map[string]any)
	props := robber["props"].([]any)
	applied := map[string]map[string]any{
		"scenario":  {"max_turn": got["max_turn"]},
		"rules":     got["rules"].(map[string]any),
		"constants": got["constants"].(map[string]any),
		"robber": {"name": robber["name"], "wu": props[0], "zhan": props[1], "mou": props[2], "zheng": props[3], "jing": props[4],
			"hpmax": robber["hpmax"], "hp": robber["hp"], "scale": robber["scale"]},
	}
	n := 0
	for table, want := range applied {
		for key, p := range doc.Properties[table].Properties {
			if p.Default == nil {
				continue
			}
			n++
			if g, ok := want[key]; !ok || g != p.Default {
				t.Errorf("%s.%s: the schema's default is %v, the compile applies %v", table, key, p.Default, g)
			}
		}
	}
	if n < 35 {
		t.Errorf("checked only %d defaults", n)
	}
}

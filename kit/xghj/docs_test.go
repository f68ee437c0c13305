package xghj

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/schemas"
)

// docs/xghj.md names every lint rule and every constant.
func TestDocsCoverRulesAndConstants(t *testing.T) {
	doc := string(readFile(t, "../../docs/xghj.md"))
	for _, r := range Rules {
		if !strings.Contains(doc, "`"+r.Name+"`") {
			t.Errorf("docs/xghj.md does not list the rule %s", r.Name)
		}
	}
	for _, s := range Settings {
		if !strings.Contains(doc, "`"+s.Key+"`") {
			t.Errorf("docs/xghj.md does not list the constant %s", s.Key)
		}
	}
}

// The schemas list exactly the constants the resolver knows and the
// engine's config carries.
func TestSchemasMatchSettings(t *testing.T) {
	var keys []string
	for _, s := range Settings {
		keys = append(keys, s.Key)
	}
	slices.Sort(keys)
	props := func(file string, path ...string) []string {
		data, err := schemas.FS.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		for _, p := range path {
			doc, _ = doc[p].(map[string]any)
		}
		var out []string
		for k := range doc {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	if got := props("xghj.scenario.schema.json", "properties", "constants", "properties"); !slices.Equal(got, keys) {
		t.Errorf("scenario schema constants %v, settings %v", got, keys)
	}
	if got := props("xghj.config.schema.json", "properties", "constants", "properties"); !slices.Equal(got, keys) {
		t.Errorf("config schema constants %v, settings %v", got, keys)
	}
	m, err := jsonMap(engine.DefaultConstants())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Settings {
		if m[s.Key] != s.Default {
			t.Errorf("%s: engine default %v, Settings %v", s.Key, m[s.Key], s.Default)
		}
	}
}

// Every shipped xghj scenario builds with no diagnostic.
func TestShippedScenarios(t *testing.T) {
	dirs, err := build.FindScenarios("../../scenarios/xghj")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, dir := range dirs {
		res := build.NewCompiler(Game{}).Compile(dir, build.Options{})
		if len(res.Diags) > 0 || res.Value == nil {
			t.Errorf("%s: %v", dir, res.Diags)
		}
	}
	if _, err := os.Stat("../../scenarios/xghj/tsinghua/scenario.toml"); err != nil {
		t.Error(err)
	}
}

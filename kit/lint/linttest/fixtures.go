package linttest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// Fixtures runs each of a game's rules alone on its fixture directory,
// testdata/<rule name>/, and checks the diagnostics against the fixture's
// want comments (Check). Every rule must have a fixture; the fixture must
// load and pass the game's scenario schema (so it tests the rule, not the
// schema); the rule must report something there, at its default severity,
// without crashing. newModel builds what the rules see from a loaded
// source.
func Fixtures[M any](t *testing.T, game string, rules []*lint.Rule[M], newModel func(*source.Source) M) {
	t.Helper()
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		t.Run(r.Name, func(t *testing.T) {
			dir := filepath.Join("testdata", r.Name)
			if _, err := os.Stat(dir); err != nil {
				t.Fatalf("rule %s has no fixture directory %s", r.Name, dir)
			}
			src, ds := source.Load(dir, source.Options{Builtin: scripts.FS})
			if len(ds) > 0 || src == nil {
				t.Fatalf("fixture does not load: %v", ds)
			}
			if sds := set.Validate(game+".scenario.schema.json", src.Root, src); len(sds) > 0 {
				t.Fatalf("fixture fails the schema: %v", sds)
			}
			got := lint.Run(rules, newModel(src), src.Range, func(name string) bool { return name == r.Name })
			if len(got) == 0 {
				t.Fatalf("rule %s reports nothing on its fixture", r.Name)
			}
			for _, d := range got {
				if d.Severity != r.Severity {
					t.Errorf("%s reported with severity %v, rule default is %v", d.Code, d.Severity, r.Severity)
				}
				if d.Code == lint.InternalCode {
					t.Errorf("rule crashed: %s", d.Detail)
				}
			}
			Check(t, dir, diag.FilterIgnored(got, src.Content))
		})
	}
}

package mbg

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/lint/linttest"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

func TestRulesWellFormed(t *testing.T) {
	if err := lint.Validate(Rules); err != nil {
		t.Fatal(err)
	}
	if n := len(Rules); n < 12 {
		t.Errorf("%d rules; the kit promises at least 12", n)
	}
}

// TestRuleFixtures runs each rule alone on testdata/<rule>/ and compares its
// diagnostics with the fixture's # want comments.
func TestRuleFixtures(t *testing.T) {
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules {
		t.Run(r.Name, func(t *testing.T) {
			dir := filepath.Join("testdata", r.Name)
			if _, err := os.Stat(dir); err != nil {
				t.Fatalf("rule %s has no fixture directory %s", r.Name, dir)
			}
			src, ds := source.Load(dir, source.Options{Builtin: scripts.FS})
			if len(ds) > 0 || src == nil {
				t.Fatalf("fixture does not load: %v", ds)
			}
			// A fixture must be a valid scenario apart from what its rule checks.
			if sds := set.Validate("mbg.scenario.schema.json", src.Root, src); len(sds) > 0 {
				t.Fatalf("fixture fails the schema: %v", sds)
			}
			got := lint.Run(Rules, NewUnit(src), src.Range, func(name string) bool { return name == r.Name })
			if len(got) == 0 {
				t.Fatalf("rule %s reports nothing on its fixture", r.Name)
			}
			for _, d := range got {
				if d.Severity != r.Severity {
					t.Errorf("%s reported with severity %v, rule default is %v", d.Code, d.Severity, r.Severity)
				}
			}
			linttest.Check(t, dir, got)
		})
	}
}

// TestSampleIsClean: the shipped sample passes every rule.
func TestSampleIsClean(t *testing.T) {
	src, ds := source.Load(filepath.Join("..", "..", "scenarios", "mbg", "sample"), source.Options{Builtin: scripts.FS})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if got := lint.Run(Rules, NewUnit(src), src.Range, nil); len(got) > 0 {
		t.Errorf("sample scenario has diagnostics: %v", diag.Normalize(got))
	}
}

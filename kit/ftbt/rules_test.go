package ftbt

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
	for _, r := range Rules {
		if r.Example == "" {
			t.Errorf("rule %s has no example", r.Name)
		}
		if len(r.Name) < 6 || r.Name[:5] != "ftbt-" {
			t.Errorf("rule %s: ftbt codes start with ftbt-", r.Name)
		}
	}
	cat := (Game{}).Catalogue()
	if err := cat.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, info := range cat.Infos() {
		if info.Example == "" {
			t.Errorf("code %s has no example for the reference", info.Code)
		}
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
			t.Parallel()
			dir := filepath.Join("testdata", r.Name)
			if _, err := os.Stat(dir); err != nil {
				t.Fatalf("rule %s has no fixture directory %s", r.Name, dir)
			}
			src, ds := source.Load(dir, source.Options{Builtin: scripts.FS})
			if len(ds) > 0 || src == nil {
				t.Fatalf("fixture does not load: %v", ds)
			}
			// A fixture must be a valid scenario apart from what its rule checks.
			if sds := set.Validate("ftbt.scenario.schema.json", src.Root, src); len(sds) > 0 {
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
				if d.Code == lint.InternalCode {
					t.Errorf("rule crashed: %s", d.Detail)
				}
			}
			linttest.Check(t, dir, diag.FilterIgnored(got, src.Content))
		})
	}
}

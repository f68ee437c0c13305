package glory

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
	if len(Rules) < 10 {
		t.Errorf("%d rules, the issue asks for at least ten", len(Rules))
	}
	for _, r := range Rules {
		if r.Example == "" {
			t.Errorf("rule %s has no example", r.Name)
		}
		if len(r.Name) < 7 || r.Name[:6] != "glory-" {
			t.Errorf("rule %s: glory codes start with glory-", r.Name)
		}
	}
	if err := (Game{}).Catalogue().Validate(); err != nil {
		t.Fatal(err)
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
			if sds := set.Validate("glory.scenario.schema.json", src.Root, src); len(sds) > 0 {
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

// TestShippedScenariosLintClean: no rule fires on the shipped scenarios.
func TestShippedScenariosLintClean(t *testing.T) {
	for _, dir := range []string{"../../scenarios/glory/standard", "../../scenarios/glory/full"} {
		src, ds := source.Load(dir, source.Options{Builtin: scripts.FS})
		if len(ds) > 0 {
			t.Fatal(ds)
		}
		for _, d := range lint.Run(Rules, NewUnit(src), src.Range, nil) {
			t.Errorf("%s: %s: %s: %s", dir, d.Code, d.Summary, d.Detail)
		}
	}
}

package glory

import (
	"testing"

	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/lint/linttest"
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
	linttest.Fixtures(t, "glory", Rules, NewUnit)
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

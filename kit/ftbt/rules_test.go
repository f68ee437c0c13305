package ftbt

import (
	"testing"

	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/lint/linttest"
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
	linttest.Fixtures(t, "ftbt", Rules, NewUnit)
}

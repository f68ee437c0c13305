package mbg

import (
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/lint/linttest"
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
	linttest.Fixtures(t, "mbg", Rules, NewUnit)
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

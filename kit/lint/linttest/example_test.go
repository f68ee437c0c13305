package linttest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/lint/linttest"
)

// entries is a toy resolved model: the key = "value" lines of one file,
// indexed the way a game's source index maps JSON pointers to ranges.
type entries struct {
	file  string
	keys  []string
	vals  []string
	lines []int
}

func load(t *testing.T, file string) entries {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := entries{file: file}
	for i, line := range strings.Split(string(src), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		v, _, _ = strings.Cut(v, "#")
		m.keys = append(m.keys, strings.TrimSpace(k))
		m.vals = append(m.vals, strings.Trim(strings.TrimSpace(v), `"`))
		m.lines = append(m.lines, i+1)
	}
	return m
}

func (m entries) rangeOf(ptr string) *diag.Range {
	for i, k := range m.keys {
		if ptr == "/"+k {
			return &diag.Range{File: m.file, Start: diag.Pos{Line: m.lines[i], Column: 1}, End: diag.Pos{Line: m.lines[i], Column: len(k) + 1}}
		}
	}
	return nil
}

var todoValue = &lint.Rule[entries]{
	Name:       "todo-value",
	Doc:        "placeholder value left in a scenario\n\nA value of \"TODO\" marks something the author meant to fill in.",
	Categories: []string{"style"},
	Severity:   diag.Warning,
	Run: func(pass *lint.Pass[entries]) {
		for i, v := range pass.Model.vals {
			if v == "TODO" {
				k := pass.Model.keys[i]
				pass.Reportf(pass.Range("/"+k), "Placeholder value", "Key %q still holds %q.", k, v)
			}
		}
	},
}

// TestRuleFixture shows the intended use: one fixture directory per rule,
// named after it, checked against the rule's output.
func TestRuleFixture(t *testing.T) {
	t.Parallel()
	rules := []*lint.Rule[entries]{todoValue}
	if err := lint.Validate(rules); err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		dir := filepath.Join("testdata", r.Name)
		m := load(t, filepath.Join(dir, "scenario.toml"))
		linttest.Check(t, dir, lint.Run([]*lint.Rule[entries]{r}, m, m.rangeOf, nil))
	}
}

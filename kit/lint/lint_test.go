package lint_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// world is a toy resolved model standing in for a game's.
type world struct {
	Officers []string
	Cities   []city
}

type city struct{ ID, Mayor string }

var unknownMayor = &lint.Rule[world]{
	Name: "unknown-mayor",
	Doc: `mayor is not a defined officer

A city's mayor must be the id of an officer defined in [[officers]].`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(pass *lint.Pass[world]) {
		for i, c := range pass.Model.Cities {
			if c.Mayor != "" && !slices.Contains(pass.Model.Officers, c.Mayor) {
				d := pass.Diagnostic(pass.Range(fmt.Sprintf("/cities/%d/mayor", i)), "Unknown officer", "Officer %q is not defined.", c.Mayor)
				d.Detail, d.Suggestions = diag.SuggestDetail(d.Detail, c.Mayor, pass.Model.Officers)
				pass.Report(d)
			}
		}
	},
}

var noMayor = &lint.Rule[world]{
	Name: "no-mayor",
	Doc: `city without a mayor

A city without a mayor collects no taxes.`,
	Categories: []string{"balance", "style"},
	Severity:   diag.Warning,
	Run: func(pass *lint.Pass[world]) {
		for i, c := range pass.Model.Cities {
			if c.Mayor == "" {
				pass.Reportf(pass.Range(fmt.Sprintf("/cities/%d", i)), "City without a mayor", "City %q has no mayor.", c.ID)
			}
		}
	},
}

// crashing reports once and then panics, as a buggy rule would.
var crashing = &lint.Rule[world]{
	Name:     "crashing",
	Doc:      "always crashes\n\nA rule with a bug.",
	Severity: diag.Info,
	Run: func(pass *lint.Pass[world]) {
		pass.Reportf(nil, "Before the crash", "Reported before panicking.")
		_ = pass.Model.Cities[99] // index out of range
	},
}

var testWorld = world{
	Officers: []string{"曹操", "刘备"},
	Cities:   []city{{ID: "luoyang", Mayor: "曹橾"}, {ID: "xuchang"}, {ID: "chengdu", Mayor: "刘备"}},
}

// ranges is the position index the source layer would build.
func ranges(ptr string) *diag.Range {
	known := map[string]*diag.Range{
		"/cities/0/mayor": {File: "w.toml", Start: diag.Pos{Line: 3, Column: 9}, End: diag.Pos{Line: 3, Column: 13}},
		"/cities/1":       {File: "w.toml", Start: diag.Pos{Line: 5, Column: 1}, End: diag.Pos{Line: 5, Column: 11}},
	}
	return known[ptr]
}

func TestValidateTestRules(t *testing.T) {
	t.Parallel()
	if err := lint.Validate([]*lint.Rule[world]{unknownMayor, noMayor, crashing}); err != nil {
		t.Fatal(err)
	}
}

func TestRun(t *testing.T) {
	t.Parallel()
	got := lint.Run([]*lint.Rule[world]{noMayor, unknownMayor}, testWorld, ranges, nil)
	want := diag.Diagnostics{
		{
			Severity: diag.Warning, Code: "no-mayor", Summary: "City without a mayor", Detail: `City "xuchang" has no mayor.`,
			Subject: ranges("/cities/1"),
		},
		{
			Severity: diag.Error, Code: "unknown-mayor", Summary: "Unknown officer",
			Detail:      `Officer "曹橾" is not defined. Did you mean "曹操"?`,
			Subject:     ranges("/cities/0/mayor"),
			Suggestions: []string{"曹操"},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Run mismatch (-want +got):\n%s", diff)
	}
}

func TestRunEnabledAndNilRanges(t *testing.T) {
	t.Parallel()
	only := func(name string) bool { return name == "no-mayor" }
	got := lint.Run([]*lint.Rule[world]{unknownMayor, noMayor}, testWorld, nil, only)
	if len(got) != 1 || got[0].Code != "no-mayor" || got[0].Subject != nil {
		t.Errorf("Run with only no-mayor and no ranges = %+v", got)
	}
}

func TestRunRecoversPanic(t *testing.T) {
	t.Parallel()
	got := lint.Run([]*lint.Rule[world]{crashing, noMayor}, testWorld, ranges, nil)
	var codes []string
	for _, d := range got {
		codes = append(codes, d.Code)
	}
	// The report made before the panic is kept, and later rules still run.
	if diff := cmp.Diff([]string{"crashing", lint.InternalCode, "no-mayor"}, codes); diff != "" {
		t.Fatalf("codes (-want +got):\n%s", diff)
	}
	internal := got[1]
	if internal.Severity != diag.Error || !strings.Contains(internal.Detail, `"crashing"`) || !strings.Contains(internal.Detail, "index out of range") {
		t.Errorf("internal diagnostic = %+v, want an error naming the rule and the panic", internal)
	}
	if !diag.Diagnostics(got).HasErrors() {
		t.Error("a crashed rule must make the run fail")
	}
}

func TestReportForcesRuleCode(t *testing.T) {
	t.Parallel()
	r := &lint.Rule[world]{
		Name: "sneaky", Doc: "reports another code\n\nIt should not.", Severity: diag.Warning,
		Run: func(pass *lint.Pass[world]) {
			pass.Report(diag.Diagnostic{Severity: diag.Info, Code: "other-code", Summary: "S"})
		},
	}
	got := lint.Run([]*lint.Rule[world]{r}, world{}, nil, nil)
	if len(got) != 1 || got[0].Code != "sneaky" || got[0].Severity != diag.Info {
		t.Errorf("Report = %+v, want code sneaky and the severity given", got)
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	run := func(*lint.Pass[world]) {}
	good := func() *lint.Rule[world] {
		return &lint.Rule[world]{Name: "good-rule", Doc: "a good title\n\nA paragraph.", Categories: []string{"style"}, Run: run}
	}
	tests := []struct {
		name  string
		edit  func(r *lint.Rule[world])
		extra bool // add a second, valid rule with the same name
		want  string
	}{
		{"camel-case name", func(r *lint.Rule[world]) { r.Name = "goodRule" }, false, "not kebab-case"},
		{"trailing dash", func(r *lint.Rule[world]) { r.Name = "good-" }, false, "not kebab-case"},
		{"reserved name", func(r *lint.Rule[world]) { r.Name = lint.InternalCode }, false, "reserved"},
		{"duplicate name", func(*lint.Rule[world]) {}, true, "earlier rule"},
		{"capitalized title", func(r *lint.Rule[world]) { r.Doc = "A good title\n\nA paragraph." }, false, "capital"},
		{"title with period", func(r *lint.Rule[world]) { r.Doc = "a good title.\n\nA paragraph." }, false, "period"},
		{"long title", func(r *lint.Rule[world]) { r.Doc = strings.Repeat("x", 61) + "\n\nA paragraph." }, false, "longer than 60"},
		{"title only", func(r *lint.Rule[world]) { r.Doc = "a good title" }, false, "blank line"},
		{"no blank line", func(r *lint.Rule[world]) { r.Doc = "a good title\nA paragraph." }, false, "blank line"},
		{"no paragraph", func(r *lint.Rule[world]) { r.Doc = "a good title\n\n  \n" }, false, "no paragraph"},
		{"bad category", func(r *lint.Rule[world]) { r.Categories = []string{"Style"} }, false, "category"},
		{"repeated category", func(r *lint.Rule[world]) { r.Categories = []string{"style", "style"} }, false, "repeat"},
		{"bad severity", func(r *lint.Rule[world]) { r.Severity = diag.Severity(9) }, false, "severity"},
		{"no run", func(r *lint.Rule[world]) { r.Run = nil }, false, "Run is nil"},
	}
	for _, tt := range tests {
		r := good()
		tt.edit(r)
		rules := []*lint.Rule[world]{r}
		if tt.extra {
			rules = append(rules, good())
		}
		err := lint.Validate(rules)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Validate = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
	if err := lint.Validate([]*lint.Rule[world]{good(), nil}); err == nil {
		t.Error("Validate accepted a nil rule")
	}
	if err := lint.Validate([]*lint.Rule[world]{good()}); err != nil {
		t.Errorf("Validate(good) = %v", err)
	}
}

func TestCatalogue(t *testing.T) {
	t.Parallel()
	dup := &lint.Rule[world]{Name: "no-mayor", Doc: "a duplicate\n\nIgnored.", Run: noMayor.Run}
	cat := lint.Catalogue([]*lint.Rule[world]{unknownMayor, noMayor, dup})
	want := []diag.CodeInfo{
		{
			Code: "unknown-mayor", Title: "mayor is not a defined officer", Category: "reference", Severity: diag.Error,
			Doc: "A city's mayor must be the id of an officer defined in [[officers]].",
		},
		{
			Code: "no-mayor", Title: "city without a mayor", Category: "balance, style", Severity: diag.Warning,
			Doc: "A city without a mayor collects no taxes.",
		},
	}
	if diff := cmp.Diff(want, cat.Infos()); diff != "" {
		t.Errorf("Catalogue mismatch (-want +got):\n%s", diff)
	}
	if err := cat.Validate(); err != nil {
		t.Errorf("catalogue of valid rules does not validate: %v", err)
	}
	// The framework's own code merges with rule catalogues of several games.
	internal, err := diag.NewCatalogue(lint.InternalCodeInfo())
	if err != nil {
		t.Fatal(err)
	}
	if err := internal.Validate(); err != nil {
		t.Errorf("InternalCodeInfo does not validate: %v", err)
	}
	if _, err := diag.MergeCatalogues(cat, internal); err != nil {
		t.Errorf("merging with InternalCodeInfo: %v", err)
	}
}

func TestRulesHelp(t *testing.T) {
	t.Parallel()
	cat, err := diag.MergeCatalogues(lint.Catalogue([]*lint.Rule[world]{unknownMayor, noMayor, crashing}))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := lint.RulesHelp(&buf, cat); err != nil {
		t.Fatal(err)
	}
	want := `
NAME           SEVERITY  CATEGORY        TITLE
unknown-mayor  error     reference       mayor is not a defined officer
no-mayor       warning   balance, style  city without a mayor
crashing       info      -               always crashes
`[1:]
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("RulesHelp mismatch (-want +got):\n%s", diff)
	}
}

// officerTable is a NameTable over the toy world's officers.
type officerTable []string

func (o officerTable) Lookup(name string) int { return slices.Index(o, name) }
func (o officerTable) List() []string         { return o }

// TestCheckRef: an unknown name is reported at its pointer with the
// closest known name; a known or empty one is not.
func TestCheckRef(t *testing.T) {
	t.Parallel()
	rule := &lint.Rule[world]{
		Name: "unknown-ref", Doc: "unknown reference\n\nA name no entity has.", Categories: []string{"reference"}, Severity: diag.Error,
		Run: func(p *lint.Pass[world]) {
			for i, c := range p.Model.Cities {
				p.CheckRef(fmt.Sprintf("/cities/%d/mayor", i), "officer", c.Mayor, officerTable(p.Model.Officers))
			}
		},
	}
	got := lint.Run([]*lint.Rule[world]{rule}, testWorld, ranges, nil)
	want := diag.Diagnostics{{
		Severity: diag.Error, Code: "unknown-ref", Summary: "Unknown officer",
		Detail:      `No officer is named "曹橾". Did you mean "曹操"?`,
		Subject:     ranges("/cities/0/mayor"),
		Suggestions: []string{"曹操"},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CheckRef mismatch (-want +got):\n%s", diff)
	}
}

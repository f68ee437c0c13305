package lint

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// InternalCode is the code of the diagnostic Run reports when a rule panics.
// It is reserved: no rule may take it as its name.
const InternalCode = "lint-internal"

// Rule is one lint check over a game's resolved model M.
type Rule[M any] struct {
	// Name is the rule's stable id in kebab-case. It is the code of every
	// diagnostic the rule reports and the name users enable or ignore.
	Name string
	// Doc is a lowercase title of at most 60 runes without a trailing
	// period, a blank line, and one or more paragraphs explaining the
	// problem and its fix.
	Doc string
	// Categories group rules for selection, e.g. "reference", "balance".
	Categories []string
	// Severity is the default severity of the rule's diagnostics.
	Severity diag.Severity
	// Example is an optional snippet that triggers the rule, shown in the
	// diagnostics reference; ExampleLang is its language ("toml" if empty).
	Example     string
	ExampleLang string
	// Run inspects pass.Model and reports problems through pass.
	Run func(pass *Pass[M])
}

// Title returns the first line of the rule's Doc.
func (r *Rule[M]) Title() string {
	title, _, _ := strings.Cut(r.Doc, "\n")
	return title
}

// Pass is what one rule sees during one Run: the model, position lookup
// and a way to report.
type Pass[M any] struct {
	Rule  *Rule[M] // the rule being run, for its name and default severity
	Model M        // the game's resolved scenario; rules must not modify it

	rangeOf func(pointer string) *diag.Range
	ds      *diag.Diagnostics
}

// Range returns the source range of the model value at the JSON pointer
// ("/cities/3/mayor"), or nil when the caller's index does not know it.
// A nil range is fine to report: the diagnostic then has no subject.
func (p *Pass[M]) Range(pointer string) *diag.Range {
	if p.rangeOf == nil {
		return nil
	}
	return p.rangeOf(pointer)
}

// Diagnostic builds a diagnostic of this rule: Code is the rule name,
// Severity the rule's default, Subject rng (may be nil) and Detail the
// formatted text. Use it to add Related ranges or Suggestions before
// Report; Reportf is the shortcut when there are none.
func (p *Pass[M]) Diagnostic(rng *diag.Range, summary, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{
		Severity: p.Rule.Severity,
		Code:     p.Rule.Name,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  rng,
	}
}

// Report records d. Its Code is set to the rule name whatever it was,
// because codes are how users enable, ignore and look up rules; a rule
// that needs two codes is two rules.
func (p *Pass[M]) Report(d diag.Diagnostic) {
	d.Code = p.Rule.Name
	*p.ds = append(*p.ds, d)
}

// ReportUnknown reports a reference to a kind of entity ("officer") that
// no entity of known is named, at rng, suggesting the closest known name.
func (p *Pass[M]) ReportUnknown(rng *diag.Range, kind, name string, known []string) {
	detail, sugg := diag.SuggestDetail(fmt.Sprintf("No %s is named %q.", kind, name), name, known)
	d := p.Diagnostic(rng, "Unknown "+kind, "%s", detail)
	d.Suggestions = sugg
	p.Report(d)
}

// NameTable resolves the names of one kind of entity to their
// declarations (build.Names is one).
type NameTable interface {
	Lookup(name string) int // the declaration's index, -1 for none
	List() []string         // the declared names, for suggestions
}

// CheckRef reports name, found at the JSON pointer ptr, as ReportUnknown
// does when it is not empty and table does not know it.
func (p *Pass[M]) CheckRef(ptr, kind, name string, table NameTable) {
	if name != "" && table.Lookup(name) < 0 {
		p.ReportUnknown(p.Range(ptr), kind, name, table.List())
	}
}

// Reportf reports a diagnostic built by Diagnostic.
func (p *Pass[M]) Reportf(rng *diag.Range, summary, format string, args ...any) {
	p.Report(p.Diagnostic(rng, summary, format, args...))
}

// Run runs the enabled rules, in slice order, over model and returns their
// diagnostics in the order reported. rangeOf maps JSON pointers to source
// ranges and may be nil; enabled selects rules by name and nil enables all.
//
// A rule that panics does not stop the others: its panic becomes one
// InternalCode error diagnostic naming the rule, and whatever it reported
// before panicking is kept. A broken rule must not hide the problems the
// other rules find, nor crash an editor integration.
func Run[M any](rules []*Rule[M], model M, rangeOf func(pointer string) *diag.Range, enabled func(name string) bool) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, r := range rules {
		if enabled != nil && !enabled(r.Name) {
			continue
		}
		runRule(r, &Pass[M]{Rule: r, Model: model, rangeOf: rangeOf, ds: &ds})
	}
	return ds
}

func runRule[M any](r *Rule[M], pass *Pass[M]) {
	defer func() {
		if v := recover(); v != nil {
			*pass.ds = append(*pass.ds, diag.Diagnostic{
				Severity: diag.Error,
				Code:     InternalCode,
				Summary:  "Lint rule crashed",
				Detail: fmt.Sprintf("The rule %q stopped with a panic: %v. This is a bug in the rule, not in the scenario; "+
					"please report it. Other rules still ran.", r.Name, v),
			})
		}
	}()
	r.Run(pass)
}

// InternalCodeInfo documents InternalCode. It is not part of any rule
// catalogue, so that the catalogues of several games can be merged; add it
// once where a CLI builds its catalogue.
func InternalCodeInfo() diag.CodeInfo {
	return diag.CodeInfo{
		Code:     InternalCode,
		Title:    "lint rule crashed",
		Category: "internal",
		Severity: diag.Error,
		Doc: "A lint rule panicked while checking the scenario. This is a bug in the rule, not in the scenario; " +
			"please report it with the scenario. The other rules still ran, so the remaining diagnostics are reliable.",
		Example: "# no example: this is an internal check\n",
	}
}

var kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// Validate checks a rule set: every rule has a Run function, a valid
// severity, a unique kebab-case name other than InternalCode, kebab-case
// categories, and a Doc made of a title (see diag.CheckTitle), a blank line
// and a paragraph. It reports every problem, not only the first.
func Validate[M any](rules []*Rule[M]) error {
	var errs []error
	seen := map[string]bool{}
	for i, r := range rules {
		if r == nil {
			errs = append(errs, fmt.Errorf("rule %d is nil", i))
			continue
		}
		fail := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("rule %q: %s", r.Name, fmt.Sprintf(format, args...)))
		}
		switch {
		case !kebab.MatchString(r.Name):
			fail("name is not kebab-case")
		case r.Name == InternalCode:
			fail("name is reserved for internal errors")
		case seen[r.Name]:
			fail("name is used by an earlier rule")
		}
		seen[r.Name] = true
		if err := checkDoc(r.Doc); err != nil {
			fail("%v", err)
		}
		for _, c := range r.Categories {
			if !kebab.MatchString(c) {
				fail("category %q is not kebab-case", c)
			}
		}
		if len(slices.Compact(slices.Sorted(slices.Values(r.Categories)))) != len(r.Categories) {
			fail("categories repeat")
		}
		if !r.Severity.Valid() {
			fail("invalid severity %v", r.Severity)
		}
		if r.Run == nil {
			fail("Run is nil")
		}
	}
	return errors.Join(errs...)
}

// checkDoc checks the title / blank line / paragraph layout of a rule Doc.
func checkDoc(doc string) error {
	lines := strings.Split(doc, "\n")
	if err := diag.CheckTitle(lines[0]); err != nil {
		return fmt.Errorf("doc: %w", err)
	}
	switch {
	case len(lines) < 2 || strings.TrimSpace(lines[1]) != "":
		return errors.New("doc: the title must be followed by a blank line")
	case strings.TrimSpace(strings.Join(lines[2:], "\n")) == "":
		return errors.New("doc: no paragraph after the title")
	}
	return nil
}

// paragraphs returns the Doc after its title and blank line.
func paragraphs(doc string) string {
	_, rest, _ := strings.Cut(doc, "\n")
	return strings.TrimSpace(rest)
}

// Catalogue documents the rules as diagnostic codes, in slice order, for
// renderers (SARIF rules), `lint --rules` and docs/diagnostics.md. The
// Category is the rule's categories joined by ", ". A rule whose name is
// empty or repeats an earlier one is left out; Validate reports it.
func Catalogue[M any](rules []*Rule[M]) diag.Catalogue {
	var infos []diag.CodeInfo
	seen := map[string]bool{}
	for _, r := range rules {
		if r == nil || r.Name == "" || seen[r.Name] {
			continue
		}
		seen[r.Name] = true
		infos = append(infos, diag.CodeInfo{
			Code:        r.Name,
			Title:       r.Title(),
			Doc:         paragraphs(r.Doc),
			Category:    strings.Join(r.Categories, ", "),
			Severity:    r.Severity,
			Example:     r.Example,
			ExampleLang: r.ExampleLang,
		})
	}
	// Cannot fail: the only errors are the empty and repeated codes skipped above.
	cat, _ := diag.NewCatalogue(infos...)
	return cat
}
